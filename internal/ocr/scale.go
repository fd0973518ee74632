package ocr

import (
	"image"
	"math"

	"golang.org/x/image/draw"
)

// scaleUpGrey scales a decoded JPEG (YCbCr) or grey picture up to a grey
// w x h exactly as golang.org/x/image/draw's Catmull-Rom scaler does into
// an image.Gray (the same weights, sums, clamping and rounding: the same
// pixels, so a photo reads as it did), but a few rows at a time: x/image
// first scales every row of the source across, keeping four float64
// channels a pixel of w x the source's height, 87 MB for a 1200 x 1509
// photo scaled to 1800 px wide, and two readings at once took the server
// past its 128 MB memory limit to 220 MB (make bench-uploads). Here only
// the rows the kernel reaches are kept. ok is false for other pictures
// (the caller uses x/image) and when scaling down (the kernel is not
// widened as that needs).
func scaleUpGrey(src image.Image, w, h int) (dst *image.Gray, ok bool) {
	b := src.Bounds()
	sw, sh := b.Dx(), b.Dy()
	ycc, isYCbCr := src.(*image.YCbCr)
	grey, isGray := src.(*image.Gray)
	if (!isYCbCr && !isGray) || w < sw || h < sh || sw == 0 || sh == 0 {
		return nil, false
	}
	xs, ys := newDistrib(w, sw), newDistrib(h, sh)
	// across is source row y scaled across: r, g, b a pixel, each 0 to 1,
	// as x/image's horizontal pass leaves them (alpha is 1).
	across := func(y int, out [][3]float64) {
		for dx, s := range xs {
			var pr, pg, pb float64
			for _, c := range s.contribs {
				var r, g, bl uint32
				if isYCbCr {
					r, g, bl, _ = ycc.YCbCrAt(b.Min.X+c.coord, b.Min.Y+y).RGBA()
				} else {
					r, g, bl, _ = grey.GrayAt(b.Min.X+c.coord, b.Min.Y+y).RGBA()
				}
				pr += float64(float64(r) * c.weight)
				pg += float64(float64(g) * c.weight)
				pb += float64(float64(bl) * c.weight)
			}
			out[dx] = [3]float64{pr * s.invTotalWeightFFFF, pg * s.invTotalWeightFFFF, pb * s.invTotalWeightFFFF}
		}
	}
	// The source rows scaled across, by row: a dst row reaches at most
	// 2 x the kernel's support of them, in rising order.
	const kept = 8
	var rows [kept][][3]float64
	var rowOf [kept]int
	for i := range rows {
		rows[i], rowOf[i] = make([][3]float64, w), -1
	}
	row := func(y int) [][3]float64 {
		if rowOf[y%kept] != y {
			across(y, rows[y%kept])
			rowOf[y%kept] = y
		}
		return rows[y%kept]
	}
	dst = image.NewGray(image.Rect(0, 0, w, h))
	for dy, s := range ys {
		for _, c := range s.contribs {
			row(c.coord)
		}
		out := dst.Pix[dy*dst.Stride : dy*dst.Stride+w]
		for dx := range out {
			var pr, pg, pb, pa float64
			for _, c := range s.contribs {
				p := &rows[c.coord%kept][dx]
				pr += float64(p[0] * c.weight)
				pg += float64(p[1] * c.weight)
				pb += float64(p[2] * c.weight)
				pa += float64(1 * c.weight)
			}
			pr, pg, pb = min(pr, pa), min(pg, pa), min(pb, pa)
			r, g, bl := uint32(ftou(pr*s.invTotalWeight)), uint32(ftou(pg*s.invTotalWeight)), uint32(ftou(pb*s.invTotalWeight))
			// color.GrayModel, as image.Gray's Set converts.
			out[dx] = uint8((19595*r + 38470*g + 7471*bl + 1<<15) >> 24)
		}
	}
	return dst, true
}

// source is one scaled pixel of a line: the source pixels that make it,
// with their weights, and one over their sum.
type source struct {
	contribs                           []contrib
	invTotalWeight, invTotalWeightFFFF float64
}

type contrib struct {
	coord  int
	weight float64
}

// newDistrib is x/image/draw's, for scaling a line of m pixels up to n
// with the Catmull-Rom kernel.
func newDistrib(n, m int) []source {
	kernel := draw.CatmullRom
	scale := float64(m) / float64(n)
	out := make([]source, n)
	for x := range out {
		center := float64((float64(x)+0.5)*scale) - 0.5
		i := max(int(math.Floor(center-kernel.Support)), 0)
		j := min(int(math.Ceil(center+kernel.Support)), m)
		total := 0.0
		var cs []contrib
		for coord := i; coord < j; coord++ {
			t := math.Abs(center - float64(coord))
			if t >= kernel.Support {
				continue
			}
			weight := kernel.At(t)
			if weight == 0 {
				continue
			}
			total += weight
			cs = append(cs, contrib{coord, weight})
		}
		total = 1 / total
		out[x] = source{contribs: cs, invTotalWeight: total, invTotalWeightFFFF: total / 0xffff}
	}
	return out
}

// ftou is x/image/draw's: 0 to 1 to a 16-bit channel, rounded.
func ftou(f float64) uint16 {
	i := int32(float64(0xffff*f) + 0.5)
	if i > 0xffff {
		return 0xffff
	}
	if i > 0 {
		return uint16(i)
	}
	return 0
}
