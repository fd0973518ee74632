package testsupport

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"testing"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/f64"
	"golang.org/x/image/math/fixed"
)

// Photo says how a picture of a Loan Estimate is taken.
type Photo struct {
	// Width of the page in pixels: 1700 is a letter page at 200 dpi, what a
	// phone gives; 850 (100 dpi) is a low-resolution screenshot.
	Width int
	// Degrees the page is turned by (a photo taken slightly askew).
	Degrees float64
}

// LoanEstimateLines are the lines of the Loan Estimate LoanEstimatePDF writes
// with a rate and a lender credit, one page after the other.
var LoanEstimateLines = []string{
	"Ficus Bank    Loan Estimate    LOAN TERM 30 years  PURPOSE Purchase  PRODUCT Fixed Rate",
	"Loan Terms    Can this amount increase after closing?",
	"Loan Amount $162,000    NO",
	"Interest Rate 3.875 %    NO",
	"Monthly Principal & Interest $761.78    NO",
	"Projected Payments",
	"Principal & Interest $761.78",
	"Mortgage Insurance + 82",
	"Estimated Escrow + 206",
	"",
	"Closing Cost Details",
	"Loan Costs",
	"A. Origination Charges $1,802",
	".25 % of Loan Amount (Points) $405",
	"Application Fee $300",
	"Underwriting Fee $1,097",
	"J. TOTAL CLOSING COSTS $8,054",
	"Lender Credits - $750",
}

// LoanEstimatePhoto renders LoanEstimateLines as a PNG picture of a page in
// Go's own font, at p.Width pixels wide and turned by p.Degrees: what a
// visitor's phone makes of the paper form.
func LoanEstimatePhoto(t testing.TB, p Photo) []byte {
	t.Helper()
	page := renderPage(t, p.Width)
	if p.Degrees != 0 {
		page = rotate(page, p.Degrees)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, page); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// renderPage draws the lines on a white letter-shaped page.
func renderPage(t testing.TB, width int) *image.Gray {
	t.Helper()
	if width == 0 {
		width = 1700
	}
	height := width * 11 / 8
	scale := float64(width) / 1700
	tt, err := opentype.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	face, err := opentype.NewFace(tt, &opentype.FaceOptions{Size: 30 * scale, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		t.Fatal(err)
	}
	defer face.Close()
	page := image.NewGray(image.Rect(0, 0, width, height))
	draw.Draw(page, page.Bounds(), image.White, image.Point{}, draw.Src)
	d := font.Drawer{Dst: page, Src: image.Black, Face: face}
	lineHeight := 48 * scale
	for i, line := range LoanEstimateLines {
		d.Dot = fixed.P(int(120*scale), int(160*scale+float64(i)*lineHeight))
		d.DrawString(line)
	}
	return page
}

// rotate turns the page by degrees about its centre onto a white page of
// the same size, as a photo taken askew shows it.
func rotate(src *image.Gray, degrees float64) *image.Gray {
	b := src.Bounds()
	dst := image.NewGray(b)
	draw.Draw(dst, b, &image.Uniform{color.Gray{Y: 255}}, image.Point{}, draw.Src)
	rad := degrees * math.Pi / 180
	sin, cos := math.Sincos(rad)
	cx, cy := float64(b.Dx())/2, float64(b.Dy())/2
	// Maps source to destination: translate the centre to 0, turn, translate back.
	m := f64.Aff3{cos, -sin, cx - cos*cx + sin*cy, sin, cos, cy - sin*cx - cos*cy}
	draw.BiLinear.Transform(dst, m, src, b, draw.Over, nil)
	return dst
}

// ImagePDF is a PDF whose one page is the picture png and nothing else: a
// scanned or photographed Loan Estimate saved as a PDF.
func ImagePDF(t testing.TB, png []byte) []byte {
	t.Helper()
	p := fpdf.New("P", "pt", "Letter", "")
	p.AddPage()
	p.RegisterImageOptionsReader("page", fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(png))
	p.ImageOptions("page", 0, 0, 612, 792, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, "")
	var buf bytes.Buffer
	if err := p.Output(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// RequireOCR stops a test that needs Tesseract and pdftoppm where they are
// not installed: it fails in CI, which installs them (.ci/run), and is
// skipped, saying why, on a developer's machine without them.
func RequireOCR(t testing.TB) {
	t.Helper()
	for _, program := range []string{"tesseract", "pdftoppm"} {
		if _, err := exec.LookPath(program); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is not installed: CI must install tesseract-ocr, tesseract-ocr-eng, tesseract-ocr-osd and poppler-utils (.ci/run)", program)
			}
			t.Skipf("%s is not installed (apt-get install tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd poppler-utils): this test reads pictures with it", program)
		}
	}
}

// WithEXIFOrientation returns the JPEG with an EXIF Orientation tag of o
// (1 to 8; 6: "turn a quarter clockwise to show"), as a phone writes it
// when it stores a photo as its sensor saw it.
func WithEXIFOrientation(jpeg []byte, o int) []byte {
	tiff := []byte{'M', 'M', 0, 42, 0, 0, 0, 8, // big-endian TIFF, first IFD at 8
		0, 1, // one entry
		0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, byte(o), 0, 0, // Orientation, SHORT, 1 value
		0, 0, 0, 0} // no next IFD
	segment := append([]byte("Exif\x00\x00"), tiff...)
	app1 := append([]byte{0xFF, 0xE1, byte((len(segment) + 2) >> 8), byte(len(segment) + 2)}, segment...)
	out := append([]byte{}, jpeg[:2]...) // the start of image
	out = append(out, app1...)
	return append(out, jpeg[2:]...)
}

// Turn returns the picture (PNG) turned clockwise by 90, 180 or 270
// degrees, as a phone held sideways or upside down stores it.
func Turn(t testing.TB, picture []byte, clockwise int) []byte {
	t.Helper()
	src, err := png.Decode(bytes.NewReader(picture))
	if err != nil {
		t.Fatal(err)
	}
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	var dst *image.Gray
	if clockwise%180 == 0 {
		dst = image.NewGray(image.Rect(0, 0, w, h))
	} else {
		dst = image.NewGray(image.Rect(0, 0, h, w))
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := src.At(b.Min.X+x, b.Min.Y+y)
			switch (clockwise%360 + 360) % 360 {
			case 90:
				dst.Set(h-1-y, x, c)
			case 180:
				dst.Set(w-1-x, h-1-y, c)
			case 270:
				dst.Set(y, w-1-x, c)
			default:
				dst.Set(x, y, c)
			}
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, dst); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// RequireOSD stops a test that needs Tesseract's orientation detection
// (tesseract-ocr-osd) where it is not installed, as RequireOCR does.
func RequireOSD(t testing.TB) {
	t.Helper()
	out, _ := exec.Command("tesseract", "--list-langs").CombinedOutput()
	if !bytes.Contains(out, []byte("\nosd")) {
		if os.Getenv("CI") == "true" {
			t.Fatal("tesseract-ocr-osd is not installed: CI must install it (.ci/run)")
		}
		t.Skip("tesseract-ocr-osd is not installed (apt-get install tesseract-ocr-osd): this test needs Tesseract's orientation detection")
	}
}

// PagePictures renders each page of the PDF as a grey picture, what a
// visitor who photographs or screenshots the pages one by one uploads:
// pdftoppm at dpi, as JPEGs when jpeg is set, PNGs otherwise (call
// RequireOCR first: it needs pdftoppm).
func PagePictures(t testing.TB, pdf []byte, dpi int, jpeg bool) [][]byte {
	t.Helper()
	dir := t.TempDir()
	in := dir + "/le.pdf"
	if err := os.WriteFile(in, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	format, ext := "-png", ".png"
	if jpeg {
		format, ext = "-jpeg", ".jpg"
	}
	if out, err := exec.Command("pdftoppm", "-r", strconv.Itoa(dpi), "-gray", format, in, dir+"/page").CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v: %s", err, out)
	}
	names, err := filepath.Glob(dir + "/page-*" + ext)
	if err != nil || len(names) == 0 {
		t.Fatalf("pdftoppm made no pages: %v", err)
	}
	sort.Strings(names) // page-1 ... page-9: a Loan Estimate has three
	pictures := make([][]byte, len(names))
	for i, name := range names {
		if pictures[i], err = os.ReadFile(name); err != nil {
			t.Fatal(err)
		}
	}
	return pictures
}

// NoisePicture is a PNG of side x side pixels of random grey: no page, but
// costly for Tesseract, which looks for letters in every speck.
func NoisePicture(t testing.TB, side int) []byte {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, side, side))
	state := uint32(2463534242) // xorshift: the same picture every run
	for i := range img.Pix {
		state ^= state << 13
		state ^= state >> 17
		state ^= state << 5
		img.Pix[i] = uint8(state)
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
