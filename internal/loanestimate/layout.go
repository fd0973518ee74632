package loanestimate

import (
	"regexp"
	"sort"
	"strings"

	"github.com/ledongthuc/pdf"
)

// Systems that write Loan Estimates place text differently: one writes each
// line in reading order, another all amounts before all labels, another the
// right column of page 2 first. So the text is not taken in the order the
// content stream shows it but laid out by where it lands on the page: rows
// from top to bottom, and on a page with two columns of sections (the
// form's own page 2 puts A-D left and E-J right) the left column first.

// fragment is text shown from one text position, until the position is set again.
type fragment struct {
	x, y float64
	text strings.Builder
}

// matrix is a PDF transformation [a b c d e f].
type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

// times is m × n.
func (m matrix) times(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

func translate(x, y float64) matrix { return matrix{1, 0, 0, 1, x, y} }

func matrixOf(args []pdf.Value) (matrix, bool) {
	if len(args) != 6 {
		return identity, false
	}
	var m matrix
	for i, a := range args {
		m[i] = a.Float64()
	}
	return m, true
}

// wordGap is the TJ adjustment (thousandths of the font size) that writers
// use instead of a space character.
const wordGap = -180

// textState follows the text and graphics positions of one page.
type textState struct {
	ctm, tm, tlm matrix
	saved        []matrix
	leading      float64
	frags        []*fragment
	cur          *fragment
	out          *textBudget
}

// newLine moves the text position: the next text shown starts a fragment.
func (s *textState) newLine(m matrix) {
	s.tlm, s.tm, s.cur = m, m, nil
}

func (s *textState) show(text string) {
	s.out.spend(text)
	if s.cur == nil {
		at := s.tm.times(s.ctm)
		s.cur = &fragment{x: at[4], y: at[5]}
		s.frags = append(s.frags, s.cur)
	}
	s.cur.text.WriteString(text)
}

// pageFragments interprets one page's content stream as the PDF library's
// own GetPlainText does, with the positions, spending the budget as text
// comes so the work stops at its bound.
func pageFragments(p pdf.Page, out *textBudget) []*fragment {
	fonts := map[string]*pdf.Font{}
	for _, name := range p.Fonts() {
		f := p.Font(name)
		fonts[name] = &f
	}
	var enc pdf.TextEncoding = nopEncoding{}
	s := &textState{ctm: identity, tm: identity, tlm: identity, out: out}
	show := func(raw string) { s.show(enc.Decode(raw)) }
	nextLine := func() { s.newLine(translate(0, -s.leading).times(s.tlm)) }
	pdf.Interpret(p.V.Key("Contents"), func(stk *pdf.Stack, op string) {
		n := stk.Len()
		args := make([]pdf.Value, n)
		for i := n - 1; i >= 0; i-- {
			args[i] = stk.Pop()
		}
		switch op {
		case "q":
			s.saved = append(s.saved, s.ctm)
		case "Q":
			if k := len(s.saved); k > 0 {
				s.ctm, s.saved = s.saved[k-1], s.saved[:k-1]
			}
		case "cm":
			if m, ok := matrixOf(args); ok {
				s.ctm = m.times(s.ctm)
			}
		case "BT":
			s.newLine(identity)
		case "Tm":
			if m, ok := matrixOf(args); ok {
				s.newLine(m)
			}
		case "Td", "TD":
			if len(args) == 2 {
				if op == "TD" {
					s.leading = -args[1].Float64()
				}
				s.newLine(translate(args[0].Float64(), args[1].Float64()).times(s.tlm))
			}
		case "TL":
			if len(args) == 1 {
				s.leading = args[0].Float64()
			}
		case "T*":
			nextLine()
		case "Tf":
			enc = nopEncoding{}
			if len(args) == 2 {
				if f, ok := fonts[args[0].Name()]; ok {
					enc = f.Encoder()
				}
			}
		case "Tj":
			if len(args) == 1 {
				show(args[0].RawString())
			}
		case "'":
			nextLine()
			if len(args) == 1 {
				show(args[0].RawString())
			}
		case "\"":
			nextLine()
			if len(args) == 3 {
				show(args[2].RawString())
			}
		case "TJ":
			if len(args) == 1 {
				for i := 0; i < args[0].Len(); i++ {
					switch x := args[0].Index(i); x.Kind() {
					case pdf.String:
						show(x.RawString())
					case pdf.Integer, pdf.Real:
						if x.Float64() < wordGap {
							show(" ")
						}
					}
				}
			}
		}
	})
	return s.frags
}

type nopEncoding struct{}

func (nopEncoding) Decode(raw string) string { return raw }

// rowTolerance: fragments whose baselines are this close (points) share a row.
const rowTolerance = 2.5

// columnGap: section headings this far apart across the page mean two columns.
const columnGap = 150

var reSectionStart = regexp.MustCompile(`^\s*[A-J]\.(\s|$)`)

// layOut writes a page's fragments as lines of text in reading order.
func layOut(frags []*fragment) string {
	split, ok := columnSplit(frags)
	if !ok {
		return rowsOf(frags)
	}
	var left, right []*fragment
	for _, f := range frags {
		if f.x >= split {
			right = append(right, f)
		} else {
			left = append(left, f)
		}
	}
	return rowsOf(left) + "\n" + rowsOf(right)
}

// columnSplit finds where a right column of sections starts: the widest gap
// between the x positions of section headings ("A. ", "E. "), when it is wide.
func columnSplit(frags []*fragment) (float64, bool) {
	var xs []float64
	for _, f := range frags {
		if reSectionStart.MatchString(f.text.String()) {
			xs = append(xs, f.x)
		}
	}
	sort.Float64s(xs)
	best, at := 0.0, 0.0
	for i := 1; i < len(xs); i++ {
		if gap := xs[i] - xs[i-1]; gap > best {
			best, at = gap, xs[i]
		}
	}
	return at - rowTolerance, best >= columnGap
}

// rowsOf groups fragments into rows from the top of the page down, each row
// left to right.
func rowsOf(frags []*fragment) string {
	sorted := append([]*fragment(nil), frags...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].y > sorted[j].y })
	var b strings.Builder
	for i := 0; i < len(sorted); {
		j := i + 1
		for j < len(sorted) && sorted[i].y-sorted[j].y <= rowTolerance {
			j++
		}
		row := sorted[i:j]
		sort.SliceStable(row, func(a, c int) bool { return row[a].x < row[c].x })
		for k, f := range row {
			if k > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(f.text.String())
		}
		b.WriteByte('\n')
		i = j
	}
	return b.String()
}
