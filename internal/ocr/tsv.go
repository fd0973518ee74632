package ocr

import (
	"bufio"
	"bytes"
	"image"
	"image/png"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/image/draw"
)

// Tesseract reads each picture as one block of rows (--psm 6): a Loan
// Estimate's labels and their figures, far apart on a row, stay on one row,
// and its own line finding follows a photo's slight rotation. Its TSV output
// gives every word's box, so a page with two columns of sections (the form's
// page 2, A-D left and E-J right) is laid out column by column, as the text
// of a PDF is: each row's words left of the split, then those right of it.

// tsvWord is one word of Tesseract's TSV output.
type tsvWord struct {
	line string // block.paragraph.line
	x    int
	conf float64
	text string
}

// minConfidence: words Tesseract is less sure of are speckles, not text,
// but for a percentage with the cell's edge read before it as a "§"
// (reEdgedPercentage): Tesseract gives such a word 0 for the sign it cannot
// place, though its digits are clear (a scanned page 3's "§113.034%" TIP).
// Every figure read by OCR asks the visitor to check it.
const minConfidence = 10

var reEdgedPercentage = regexp.MustCompile(`^§[0-9]{1,3}(?:\.[0-9]{1,4})?%$`)

// parseTSV answers the words and the picture's width.
func parseTSV(out []byte) (words []tsvWord, width int) {
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 64<<10), MaxText)
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		// level page_num block_num par_num line_num word_num left top width height conf text
		if len(f) >= 10 && f[0] == "1" {
			width, _ = strconv.Atoi(f[8])
		}
		if len(f) < 12 || f[0] != "5" {
			continue
		}
		conf, _ := strconv.ParseFloat(f[10], 64)
		text := strings.TrimSpace(f[11])
		if text == "" || (conf < minConfidence && !reEdgedPercentage.MatchString(text)) {
			continue
		}
		x, _ := strconv.Atoi(f[6])
		words = append(words, tsvWord{line: f[2] + "." + f[3] + "." + f[4], x: x, conf: conf, text: digits(text)})
	}
	return words, width
}

var reHeadingWord = regexp.MustCompile(`^[A-J]\.$`)

// layOutTSV writes the words as rows, the left column's rows before the
// right column's when section headings stand in two columns.
func layOutTSV(words []tsvWord, width int) string {
	type row struct {
		left, right []string
	}
	var order []string
	rows := map[string]*row{}
	split := columnSplit(words, width)
	for _, w := range words {
		r, ok := rows[w.line]
		if !ok {
			r = &row{}
			rows[w.line] = r
			order = append(order, w.line)
		}
		if w.x >= split {
			r.right = append(r.right, w.text)
		} else {
			r.left = append(r.left, w.text)
		}
	}
	var left, right strings.Builder
	for _, id := range order {
		r := rows[id]
		if len(r.left) > 0 {
			left.WriteString(strings.Join(r.left, " ") + "\n")
		}
		if len(r.right) > 0 {
			right.WriteString(strings.Join(r.right, " ") + "\n")
		}
	}
	return left.String() + right.String()
}

// columnSplit is just left of the right column's leftmost section heading
// ("E.") when the headings' x positions have a gap of a quarter of the page;
// past the page (no split) otherwise.
func columnSplit(words []tsvWord, width int) int {
	var xs []int
	for _, w := range words {
		if reHeadingWord.MatchString(w.text) {
			xs = append(xs, w.x)
		}
	}
	sort.Ints(xs)
	for i := 1; i < len(xs); i++ {
		if xs[i]-xs[i-1] > width/4 {
			return xs[i] - width/100
		}
	}
	return 1 << 30
}

// A photo a messenger app shrank (1000 to 1400 px wide) is scaled up to
// scaledWidth before OCR, as Tesseract reads letters about 20 pixels high
// best. Narrower pictures are left alone: they are screenshots, sharp at
// their size, and scaling blurs their letters (a 700 px screenshot read
// "$162,008" once scaled, "$162,000" as it was); wider ones need no help.
const (
	scaledWidth = 1800
	minScaled   = 1000
	maxScaled   = 1400
)

// prepare decodes the picture as a grey page, turned as its EXIF
// Orientation says it is shown, a shrunk photo scaled up and a huge one
// down to MaxReadSide; then straightens a page more than minSkew degrees
// askew. picture is what Tesseract is given: the file as it came when none
// of this changed it (a screenshot stays sharp and in colour), else the page
// as a grey PNG. page is before straightening, for turnUpright; straightened
// says the picture was turned straight (recognize's binarisation). The
// picture was checked by CheckImage, so decoding it is bounded.
func prepare(data []byte) (page *image.Gray, picture []byte, straightened bool, err error) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, nil, false, err
	}
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, nil, false, err
	}
	// The size to read at is the page's as shown: a photo stored sideways
	// 1500 x 1200 is a shrunk 1200 px wide page, scaled up.
	orientation := exifOrientation(data)
	w, h := readSize(cfg.Width, cfg.Height)
	if orientation >= 5 {
		h, w = readSize(cfg.Height, cfg.Width)
	}
	grey := greyAt(src, w, h)
	page = upright(grey, orientation)
	straight, turned := straighten(page)
	if !turned && orientation == 1 && w == cfg.Width && h == cfg.Height {
		return page, data, false, nil
	}
	picture, err = encodePNG(straight)
	return page, picture, turned, err
}

// greyAt is the decoded picture src as a grey picture of w x h: as it is,
// shrunk, or scaled up (a photo a messenger app shrank).
func greyAt(src image.Image, w, h int) *image.Gray {
	sb := src.Bounds()
	switch {
	case w == sb.Dx() && h == sb.Dy():
		grey := image.NewGray(image.Rect(0, 0, w, h))
		draw.Draw(grey, grey.Bounds(), src, sb.Min, draw.Src)
		return grey
	case w < sb.Dx() || h < sb.Dy():
		// ApproxBiLinear is enough to shrink letters far larger than
		// Tesseract needs; CatmullRom is sharp but slow on 50 MP.
		grey := image.NewGray(image.Rect(0, 0, w, h))
		draw.ApproxBiLinear.Scale(grey, grey.Bounds(), src, sb, draw.Src, nil)
		return grey
	}
	// A shrunk photo scaled up: x/image's Catmull-Rom, a few rows at a
	// time (scaleUpGrey: x/image alone holds 87 MB for a photo). A JPEG is
	// scaled from its own pixels, as before; any other picture (a colour
	// PNG) is made grey at its own size first, which costs one byte a pixel.
	switch src.(type) {
	case *image.YCbCr, *image.Gray:
	default:
		grey := image.NewGray(sb)
		draw.Draw(grey, sb, src, sb.Min, draw.Src)
		src = grey
	}
	if grey, ok := scaleUpGrey(src, w, h); ok {
		return grey
	}
	grey := image.NewGray(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(grey, grey.Bounds(), src, sb, draw.Src, nil)
	return grey
}

// straighten turns a page askew by more than minSkew degrees back.
func straighten(page *image.Gray) (*image.Gray, bool) {
	if skew := skewAngle(page); math.Abs(skew) >= minSkew {
		return rotate(page, skew), true
	}
	return page, false
}

func encodePNG(page *image.Gray) ([]byte, error) {
	var out bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&out, page); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// readSize is the size a picture of w x h is read at: a shrunk photo's
// width scaledWidth, a huge one's longer side MaxReadSide, others as they are.
func readSize(w, h int) (int, int) {
	switch long := max(w, h); {
	case long > MaxReadSide:
		return max(w*MaxReadSide/long, 1), max(h*MaxReadSide/long, 1)
	case w >= minScaled && w <= maxScaled:
		return scaledWidth, max(h*scaledWidth/w, 1)
	}
	return w, h
}

// reFigure is a word that is a figure but for letters OCR takes zeros for
// ("$162,00@", "3O"): a "$" or a digit first, then digits, separators and
// those letters, with at least one digit.
var reFigure = regexp.MustCompile(`^[$(]?[0-9][0-9,.@Oo]*%?\)?$|^[$(]?[0-9@Oo][0-9,.@Oo]*[0-9][0-9,.@Oo]*%?\)?$`)

// digits reads a figure's "@", "O" and "o" as the zeros they are.
func digits(word string) string {
	if !reFigure.MatchString(word) {
		return word
	}
	return strings.NewReplacer("@", "0", "O", "0", "o", "0").Replace(word)
}
