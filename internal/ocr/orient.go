package ocr

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"image"
	"math"
	"strconv"
	"strings"

	"golang.org/x/image/draw"
	"golang.org/x/image/math/f64"
)

// A phone stores a photo as its sensor saw it and says in the JPEG's EXIF
// Orientation tag how to turn it for display; browsers honour the tag,
// Tesseract does not, so a page shot with the phone held sideways reaches it
// sideways. A page photographed upside down, or sideways by an app that
// turned the pixels and dropped the tag, is found by Tesseract's own
// orientation detection (--psm 0, tesseract-ocr-osd) when the first reading
// finds too few words. A page a few degrees askew is straightened first:
// Tesseract's line finding follows a slight slant, but not 5 degrees.

// exifOrientation is a JPEG's EXIF Orientation (1 to 8; 1, as stored, when
// it has none or is no JPEG). It reads the markers before the image data
// only, each bounded by its own length.
func exifOrientation(data []byte) int {
	if len(data) < 4 || data[0] != 0xFF || data[1] != 0xD8 {
		return 1
	}
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xFF {
			return 1
		}
		marker := data[i+1]
		if marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01 || marker == 0xFF {
			i++
			if marker != 0xFF {
				i++
			}
			continue
		}
		if marker == 0xDA || marker == 0xD9 { // the image data begins: no tag before it
			return 1
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		if n < 2 || i+2+n > len(data) {
			return 1
		}
		segment := data[i+4 : i+2+n]
		if marker == 0xE1 && bytes.HasPrefix(segment, []byte("Exif\x00\x00")) {
			return tiffOrientation(segment[6:])
		}
		i += 2 + n
	}
	return 1
}

// tiffOrientation reads tag 0x0112 of the first IFD of EXIF's TIFF data.
func tiffOrientation(t []byte) int {
	if len(t) < 8 {
		return 1
	}
	var order binary.ByteOrder
	switch string(t[:2]) {
	case "II":
		order = binary.LittleEndian
	case "MM":
		order = binary.BigEndian
	default:
		return 1
	}
	ifd := int(order.Uint32(t[4:]))
	if ifd < 8 || ifd+2 > len(t) {
		return 1
	}
	entries := int(order.Uint16(t[ifd:]))
	for k := 0; k < entries; k++ {
		e := ifd + 2 + 12*k
		if e+12 > len(t) {
			return 1
		}
		if order.Uint16(t[e:]) == 0x0112 && order.Uint16(t[e+2:]) == 3 { // SHORT
			if o := int(order.Uint16(t[e+8:])); o >= 1 && o <= 8 {
				return o
			}
			return 1
		}
	}
	return 1
}

// upright turns a picture stored with EXIF orientation o as it is shown.
func upright(src *image.Gray, o int) *image.Gray {
	if o <= 1 || o > 8 {
		return src
	}
	sw, sh := src.Rect.Dx(), src.Rect.Dy()
	w, h := sw, sh
	if o >= 5 {
		w, h = sh, sw
	}
	dst := image.NewGray(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		row := dst.Pix[y*dst.Stride : y*dst.Stride+w]
		for x := range row {
			var sx, sy int
			switch o {
			case 2: // mirrored
				sx, sy = sw-1-x, y
			case 3: // upside down
				sx, sy = sw-1-x, sh-1-y
			case 4: // mirrored upside down
				sx, sy = x, sh-1-y
			case 5: // mirrored, then turned
				sx, sy = y, x
			case 6: // to be turned a quarter clockwise
				sx, sy = y, sh-1-x
			case 7:
				sx, sy = sw-1-y, sh-1-x
			case 8: // to be turned a quarter anticlockwise
				sx, sy = sw-1-y, x
			}
			row[x] = src.Pix[sy*src.Stride+sx]
		}
	}
	return dst
}

// turnClockwise turns a picture by 90, 180 or 270 degrees clockwise.
func turnClockwise(src *image.Gray, degrees int) *image.Gray {
	switch (degrees%360 + 360) % 360 {
	case 90:
		return upright(src, 6)
	case 180:
		return upright(src, 3)
	case 270:
		return upright(src, 8)
	}
	return src
}

// Skew search: angles within maxSkew degrees are tried on a copy about
// skewWidth pixels wide, first every coarseStep degrees, then every
// fineStep around the best; a page less askew than minSkew is left alone.
const (
	maxSkew    = 10.0
	coarseStep = 0.25
	fineStep   = 0.05
	skewWidth  = 900
	minSkew    = 3.5
)

// skewAngle finds how many degrees clockwise the rows of text lie askew:
// the angle at which the dark pixels, projected on the page's height,
// crowd into the fewest, fullest rows (the sum of the squared row counts
// is largest). 0 when the picture holds too little ink to say.
func skewAngle(g *image.Gray) float64 {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	step := max(1, w/skewWidth)
	// Dark pixels of a sample every step pixels, centred, on a threshold
	// halfway between the page's mean and black.
	var sum, n int
	for y := 0; y < h; y += step {
		for x := 0; x < w; x += step {
			sum += int(g.Pix[y*g.Stride+x])
			n++
		}
	}
	if n == 0 {
		return 0
	}
	threshold := uint8(sum / n / 2)
	var xs, ys []float64
	cx, cy := float64(w)/2, float64(h)/2
	for y := 0; y < h; y += step {
		for x := 0; x < w; x += step {
			if g.Pix[y*g.Stride+x] < threshold {
				xs = append(xs, (float64(x)-cx)/float64(step))
				ys = append(ys, (float64(y)-cy)/float64(step))
			}
		}
	}
	if len(xs) < 200 {
		return 0
	}
	rows := make([]int, int(math.Hypot(float64(w), float64(h)))/step+3)
	offset := float64(len(rows) / 2)
	score := func(degrees float64) float64 {
		clear(rows)
		sin, cos := math.Sincos(degrees * math.Pi / 180)
		for i := range xs {
			// The row a point lies on once the page is turned back by degrees.
			r := int(ys[i]*cos - xs[i]*sin + offset)
			if r >= 0 && r < len(rows) {
				rows[r]++
			}
		}
		var s float64
		for _, c := range rows {
			s += float64(c) * float64(c)
		}
		return s
	}
	best, bestScore := 0.0, score(0)
	search := func(from, to, by float64) {
		for a := from; a <= to+by/2; a += by {
			if s := score(a); s > bestScore {
				best, bestScore = a, s
			}
		}
	}
	search(-maxSkew, maxSkew, coarseStep)
	search(best-coarseStep, best+coarseStep, fineStep)
	return math.Round(best/fineStep) * fineStep
}

// rotate turns a picture by degrees anticlockwise about its centre, onto a
// page of the same size filled with the picture's lightest grey, sampling
// with Catmull-Rom (sharp: a bilinear turn blurs small letters past
// Tesseract's reading): a page skewAngle found askew by degrees is turned
// back by them.
func rotate(src *image.Gray, degrees float64) *image.Gray {
	b := src.Rect
	dst := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	var paper uint8
	for _, p := range src.Pix {
		paper = max(paper, p)
	}
	for i := range dst.Pix {
		dst.Pix[i] = paper
	}
	sin, cos := math.Sincos(-degrees * math.Pi / 180)
	cx, cy := float64(b.Dx())/2, float64(b.Dy())/2
	// Maps the source to the page: the centre to 0, turned, back.
	m := f64.Aff3{cos, -sin, cx - cos*cx + sin*cy, sin, cos, cy - sin*cx - cos*cy}
	draw.CatmullRom.Transform(dst, m, src, b, draw.Src, nil)
	return dst
}

// parseOSD reads Tesseract's orientation answer (--psm 0): how many
// degrees clockwise the page is to be turned, and how sure it is.
func parseOSD(out []byte) (clockwise int, confidence float64) {
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		name, value, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		value = strings.TrimSpace(value)
		switch strings.TrimSpace(name) {
		case "Rotate":
			clockwise, _ = strconv.Atoi(value)
		case "Orientation confidence":
			confidence, _ = strconv.ParseFloat(value, 64)
		}
	}
	return clockwise, confidence
}
