package loanestimate

import (
	"cmp"
	"context"
	"regexp"
	"slices"
	"strings"
)

// MaxPictures: a visitor may upload a Loan Estimate as pictures, one a page
// (issue 28 §3); the form has three pages, so three pictures at most.
const MaxPictures = 3

// pageHeadings are the headings only one page of the form prints (H-24):
// a picture's page is the one whose headings it shows most of.
var pageHeadings = [MaxPictures]*regexp.Regexp{
	regexp.MustCompile(`(?i)\b(Loan Terms|Projected Payments|Costs at Closing)\b`),
	regexp.MustCompile(`(?i)\b(Closing Cost Details|Loan Costs|Other Costs|Calculating Cash to Close)\b`),
	regexp.MustCompile(`(?i)\b(Additional Information About This Loan|Comparisons|Other Considerations|Confirm Receipt)\b`),
}

// PageOf says which page of the form (1 to 3) a page's text is, by the
// headings it shows; 0 when it shows none.
func PageOf(text string) int {
	flat := strings.Join(strings.Fields(text), " ")
	best, most := 0, 0
	for i, re := range pageHeadings {
		seen := map[string]bool{}
		for _, m := range re.FindAllString(flat, -1) {
			seen[strings.ToLower(m)] = true
		}
		if len(seen) > most {
			best, most = i+1, len(seen)
		}
	}
	return best
}

// page3: the text shows two or more of the headings only page 3 of the form
// prints. Page 3 names the form only in its footer ("LOAN ESTIMATE PAGE 3
// OF 3"), which a photo of the page alone may leave out; its APR, TIP and
// In 5 Years are still worth reading.
func page3(flat string) bool {
	seen := map[string]bool{}
	for _, m := range pageHeadings[2].FindAllString(strings.Join(strings.Fields(flat), " "), -1) {
		seen[strings.ToLower(m)] = true
	}
	return len(seen) >= 2
}

// FromPages reads the fields from the texts of a Loan Estimate's pages
// given in any order (the OCR of pictures a visitor took one a page): each
// page is put in its place by its own headings (PageOf; a page showing none
// goes last), then the pages are read as one document, as a PDF's are.
func FromPages(ctx context.Context, texts []string) (Fields, error) {
	type page struct {
		number int
		text   string
	}
	pages := make([]page, 0, len(texts))
	for _, t := range texts {
		n := PageOf(t)
		if n == 0 {
			n = MaxPictures + 1
		}
		pages = append(pages, page{n, t})
	}
	slices.SortStableFunc(pages, func(a, b page) int { return cmp.Compare(a.number, b.number) })
	var b strings.Builder
	for _, p := range pages {
		b.WriteString(p.text)
		b.WriteString("\n")
	}
	return fromText(ctx, b.String())
}
