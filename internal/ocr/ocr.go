// Package ocr reads the text of a picture (a photo or screenshot of a Loan
// Estimate, or the page images of a scanned PDF) with Tesseract, Debian's
// tesseract-ocr, run as a subprocess. It never trusts the file: the picture's
// size is checked from its header before anything decodes it, and every
// subprocess runs under a deadline, a memory limit, a CPU-time limit and a
// cap on what it may print (docs/decisions/0021-ocr-subprocess.md).
package ocr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // the header check reads JPEG and PNG headers
	_ "image/png"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"time"
)

// Bounds of one reading. A phone photo of a page is about 12 megapixels and
// Tesseract reads it in a few seconds with under 200 MB.
const (
	// MaxPixels refuses larger pictures before they are decoded: a 20 KB PNG
	// may claim a 50000 x 50000 picture that would take gigabytes.
	MaxPixels = 40_000_000
	// MaxSide refuses a picture longer than this on either side.
	MaxSide = 12_000
	// MemoryBytes is each subprocess's address-space limit.
	MemoryBytes = 1 << 30
	// CPUSeconds backs up the deadline should a subprocess outlive its
	// kill; a picture's reading has less (CPUTimeFor).
	CPUSeconds = 60
	// MaxText caps what Tesseract may print for one picture.
	MaxText = 1 << 20
	// MaxPageImage caps one PDF page rendered for reading (a grey PGM of at
	// most pageSide pixels on its longer side is well under it).
	MaxPageImage = 16 << 20
	// MaxPDFPages: a Loan Estimate's figures are on its first pages; a
	// longer scan is read no further.
	MaxPDFPages = 3
	// Timeout is one deadline over a whole reading (all pages of a PDF, or
	// a picture), and the most CPU time a picture is given (CPUTimeFor).
	Timeout = 30 * time.Second
	// baseCPUTime and perMegapixel make a picture's CPU time (CPUTimeFor).
	baseCPUTime  = 10 * time.Second
	perMegapixel = 400 * time.Millisecond
	// MaxReadSide: a picture longer than this on either side is scaled down
	// before OCR. 4000 px is a 12 MP phone photo's longer side, plenty for
	// a page's letters, so a 50 MP photo costs what a 12 MP one does.
	MaxReadSide = 4000
	// pageSide is the longer side, in pixels, of a PDF page rendered for
	// Tesseract: about 200 dpi on a letter page.
	pageSide = 2200
	// fileBlocks caps files a subprocess writes (512-byte blocks); they
	// write only to pipes, so this only stops a surprise.
	fileBlocks = 1 << 17
)

// Errors the caller tells apart: ErrUnavailable means this server cannot
// read pictures at all (Tesseract, or pdftoppm for PDFs, is not installed),
// ErrUnreadable that this file could not be read. ErrTooLong, an
// ErrUnreadable, is a reading that ran out of its time: on a machine busy
// with other readings that says more of the machine than of the file, so a
// caller may ask again. ErrTooCostly, an ErrUnreadable too, is a picture
// that needed more CPU time than its size allows (CPUTimeFor): that says
// the same of the file on any machine, busy or not.
var (
	ErrUnavailable = errors.New("reading pictures is not available on this server")
	ErrUnreadable  = errors.New("the picture could not be read")
	ErrTooLong     = fmt.Errorf("%w: reading took too long", ErrUnreadable)
	ErrTooCostly   = fmt.Errorf("%w: reading needed more CPU time than a picture of its size", ErrUnreadable)
)

// Engine runs Tesseract (and pdftoppm for PDFs) with its bounds.
type Engine struct {
	// Tesseract, Pdftoppm, Pdftotext and Pdfimages are the programs: paths,
	// or names looked up on PATH (an empty Pdftotext is "pdftotext", an
	// empty Pdfimages "pdfimages").
	Tesseract, Pdftoppm, Pdftotext, Pdfimages string
	// Memory is each subprocess's address-space limit in bytes.
	Memory int64
	// Timeout is the deadline of one reading.
	Timeout time.Duration
	// PictureCPU, when set, is the CPU time of each Tesseract run on a
	// picture instead of CPUTimeFor its pixels (a test's small bound).
	PictureCPU time.Duration
}

// New returns an Engine running tesseract (a path, or a name on PATH;
// empty means "tesseract") with the package's bounds.
func New(tesseract string) *Engine {
	if tesseract == "" {
		tesseract = "tesseract"
	}
	return &Engine{Tesseract: tesseract, Pdftoppm: "pdftoppm", Pdftotext: "pdftotext", Pdfimages: "pdfimages",
		Memory: MemoryBytes, Timeout: Timeout}
}

// Available says whether Tesseract is installed where the Engine looks.
func (e *Engine) Available() bool {
	_, err := exec.LookPath(e.Tesseract)
	return err == nil
}

// CheckImage reads only the picture's header (PNG or JPEG) and refuses a
// picture too large to decode safely.
func CheckImage(data []byte) error {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("%w: %v", ErrUnreadable, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > MaxSide || cfg.Height > MaxSide ||
		cfg.Width*cfg.Height > MaxPixels {
		return fmt.Errorf("%w: %d x %d pixels is larger than a page's photo", ErrUnreadable, cfg.Width, cfg.Height)
	}
	return nil
}

// CPUTimeFor is the CPU time a Tesseract run may take on a picture of
// pixels pixels (as given to Tesseract, after any scaling): 10 s plus 0.4 s
// a megapixel, at most Timeout. A small picture cannot hold a slot for the
// full 30 s. It bounds CPU time, not time on the clock: a picture's cost
// is the same on a busy machine as on an idle one, so whether it is read
// does not depend on what else the machine is doing; the clock's deadline
// (Timeout) still ends any reading.
func CPUTimeFor(pixels int) time.Duration {
	d := baseCPUTime + time.Duration(max(pixels, 0))*perMegapixel/1_000_000
	return min(d, Timeout)
}

// maxCPU is a run's CPU time but for a picture's reading (pictureCPU).
const maxCPU = CPUSeconds * time.Second

// pictureCPU is the CPU time of a Tesseract run on a picture of pixels.
func (e *Engine) pictureCPU(pixels int) time.Duration {
	if e.PictureCPU > 0 {
		return e.PictureCPU
	}
	return CPUTimeFor(pixels)
}

// Image returns the text of a PNG or JPEG picture, read the way up it is
// shown (EXIF Orientation) and straightened when askew (orient.go). When
// that reading finds fewer than minUprightWords sure words, the page may be
// upside down or sideways: Tesseract's orientation detection says which way
// up it is, and the page turned that way is read again. Each run of
// Tesseract may take CPUTimeFor the pixels read, all together at most
// e.Timeout on the clock.
func (e *Engine) Image(ctx context.Context, data []byte) (string, error) {
	if err := CheckImage(data); err != nil {
		return "", err
	}
	tesseract, err := exec.LookPath(e.Tesseract)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	page, picture, straightened, err := prepare(data)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrUnreadable, err)
	}
	ctx, cancel := context.WithTimeout(ctx, e.Timeout)
	defer cancel()
	cpu := e.pictureCPU(page.Rect.Dx() * page.Rect.Dy())
	words, width, err := e.recognize(ctx, tesseract, picture, straightened, cpu)
	if err != nil {
		return "", err
	}
	if sure(words) < minUprightWords {
		if w, wd, ok := e.turnUpright(ctx, tesseract, page, picture, cpu); ok && sure(w) > sure(words) {
			words, width = w, wd
		}
	}
	return layOutTSV(words, width), nil
}

// A page read the right way up gives a hundred or more sure words (a
// Loan Estimate's page 1 photo about 120); sideways or upside down, under
// a dozen. Fewer than minUprightWords asks which way up the page is;
// Tesseract's answer is taken when it is at least minOSDConfidence sure
// (it says 6 to 8 of a turned page, under 1 of an upright one it cannot
// place).
const (
	minUprightWords   = 30
	minOSDConfidence  = 2.0
	sureWordConf      = 60
	sureWordMinLetter = 3
)

// sure counts the words Tesseract is sure of that hold at least
// sureWordMinLetter letters: a sideways page's speckles are read as short
// unsure words.
func sure(words []tsvWord) int {
	n := 0
	for _, w := range words {
		letters := 0
		for _, r := range w.text {
			if (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') {
				letters++
			}
		}
		if w.conf >= sureWordConf && letters >= sureWordMinLetter {
			n++
		}
	}
	return n
}

// turnUpright asks Tesseract which way up the picture is (--psm 0, the
// osd language) and, when it is turned, reads the page turned upright and
// straightened. ok is false when the page is upright or Tesseract cannot
// tell (too few letters, or tesseract-ocr-osd not installed).
func (e *Engine) turnUpright(ctx context.Context, tesseract string, page *image.Gray, picture []byte, cpu time.Duration) ([]tsvWord, int, bool) {
	out, err := e.run(ctx, tesseract, []string{"stdin", "stdout", "--psm", "0"}, picture, 4096, cpu)
	if err != nil {
		return nil, 0, false
	}
	clockwise, confidence := parseOSD(out)
	if clockwise%360 == 0 || confidence < minOSDConfidence {
		return nil, 0, false
	}
	turned, straightened := straighten(turnClockwise(page, clockwise))
	png, err := encodePNG(turned)
	if err != nil {
		return nil, 0, false
	}
	words, width, err := e.recognize(ctx, tesseract, png, straightened, cpu)
	if err != nil {
		return nil, 0, false
	}
	return words, width, true
}

// PDF returns the text of a PDF's first pages, each rendered as a grey
// picture by pdftoppm and read by Tesseract. pages is how many pages the
// PDF has (the caller has opened it).
func (e *Engine) PDF(ctx context.Context, data []byte, pages int) (string, error) {
	tesseract, pdftoppm, err := e.pdfTools()
	if err != nil {
		return "", err
	}
	ctx, cancel := context.WithTimeout(ctx, e.Timeout)
	defer cancel()
	var text bytes.Buffer
	for page := 1; page <= min(pages, MaxPDFPages); page++ {
		out, err := e.pdfPage(ctx, tesseract, pdftoppm, data, page)
		if err != nil {
			return "", err
		}
		text.WriteString(out)
		text.WriteString("\n")
	}
	return text.String(), nil
}

// recognize runs Tesseract on one picture given on stdin and answers the
// words it finds with their boxes (tsv.go) and the picture's width. A
// picture straightened here is binarised with Sauvola's local thresholds
// (thresholding_method=2): turning resamples and softens the page, and with
// Otsu's single threshold (Tesseract's default) the grey heading bands of a
// photo of page 2 5° askew went black with their words (0 of 15 fields; 13
// with Sauvola). On sharp pictures Sauvola misreads digits ("$162,008" for
// "$162,000"), so the others keep Otsu (decision 0036).
func (e *Engine) recognize(ctx context.Context, tesseract string, picture []byte, straightened bool, cpu time.Duration) ([]tsvWord, int, error) {
	args := []string{"stdin", "stdout", "-l", "eng", "--psm", "6"}
	if straightened {
		args = append(args, "-c", "thresholding_method=2")
	}
	out, err := e.run(ctx, tesseract, append(args, "tsv"), picture, MaxText, cpu)
	if err != nil {
		return nil, 0, err
	}
	words, width := parseTSV(out)
	return words, width, nil
}

// limits sets the resource limits in the shell that then becomes the
// program (exec), so they hold from the program's first instruction: Go
// cannot set a child's rlimits itself between fork and exec.
const limits = `ulimit -v "$1" && ulimit -t "$2" && ulimit -f "$3" && shift 3 && exec "$@"`

// run runs program with args under the Engine's bounds and at most cpu of
// CPU time (whole seconds, at least one), stdin on its standard input, and
// returns at most maxOut bytes of its standard output. At the deadline the
// whole process group is killed.
func (e *Engine) run(ctx context.Context, program string, args []string, stdin []byte, maxOut int, cpu time.Duration) ([]byte, error) {
	cpuSeconds := max(int(cpu.Seconds()), 1)
	shArgs := append([]string{"-c", limits, "ocr",
		strconv.FormatInt(e.Memory/1024, 10), strconv.Itoa(cpuSeconds), strconv.Itoa(fileBlocks), program}, args...)
	cmd := exec.CommandContext(ctx, "/bin/sh", shArgs...)
	// One thread: two readings at once must not take every core, and
	// OpenMP's per-thread reservations would count against the memory limit.
	cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
	cmd.Stdin = bytes.NewReader(stdin)
	stdout := &capped{max: maxOut}
	stderr := &capped{max: 2048, quiet: true}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = time.Second
	err := cmd.Run()
	switch {
	case ctx.Err() != nil:
		return nil, ErrTooLong
	case outOfCPUTime(cmd.ProcessState):
		return nil, ErrTooCostly
	case stdout.over:
		return nil, fmt.Errorf("%w: more than %d bytes of output", ErrUnreadable, maxOut)
	case err != nil:
		return nil, fmt.Errorf("%w: %v: %s", ErrUnreadable, err, bytes.TrimSpace(stderr.b.Bytes()))
	}
	return stdout.b.Bytes(), nil
}

// outOfCPUTime: the kernel ended the program at its CPU-time limit
// (SIGXCPU at the soft limit, SIGKILL at the hard one).
func outOfCPUTime(state *os.ProcessState) bool {
	if state == nil {
		return false
	}
	status, ok := state.Sys().(syscall.WaitStatus)
	return ok && status.Signaled() && (status.Signal() == syscall.SIGXCPU || status.Signal() == syscall.SIGKILL)
}

// capped keeps at most max bytes. Past that it fails the write (so the
// program's output pipe closes and the program ends), unless quiet, when it
// drops the rest.
type capped struct {
	b     bytes.Buffer
	max   int
	over  bool
	quiet bool
}

var errTooMuch = errors.New("output over its limit")

func (c *capped) Write(p []byte) (int, error) {
	room := c.max - c.b.Len()
	if len(p) <= room {
		return c.b.Write(p)
	}
	if c.quiet {
		c.b.Write(p[:max(room, 0)])
		return len(p), nil
	}
	c.over = true
	return 0, errTooMuch
}

// pdfTools finds the two programs that read a PDF page by OCR: pdftoppm
// renders it, Tesseract reads the picture.
func (e *Engine) pdfTools() (tesseract, pdftoppm string, err error) {
	if tesseract, err = exec.LookPath(e.Tesseract); err != nil {
		return "", "", fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	if pdftoppm, err = exec.LookPath(e.Pdftoppm); err != nil {
		return "", "", fmt.Errorf("%w: %v", ErrUnavailable, err)
	}
	return tesseract, pdftoppm, nil
}
