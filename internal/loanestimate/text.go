package loanestimate

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// The matching works on plain text in reading order, one printed row a line,
// whatever produced it: the PDF reader (layout.go) or OCR of a photo. Scalar
// figures are matched in the text with its lines joined (a label and its
// figure may sit on two rows); the lines of sections A to H one row at a time.

const money = `([0-9][0-9,]*(?:\.[0-9]{1,2})?)`

var (
	reRate      = regexp.MustCompile(`(?i)Interest Rate\s*:?\s*([0-9]{1,2}(?:\.[0-9]{1,4})?)\s*%`)
	reAmount    = regexp.MustCompile(`(?i)Loan Amount\s*:?\s*\$\s*` + money)
	reOrigin    = regexp.MustCompile(`(?i)\bA\.\s*Origination Charges\s*\$\s*` + money)
	rePoints    = regexp.MustCompile(`(?i)([0-9]*\.?[0-9]+)\s*%\s*of Loan Amount\s*\((?:Points|P[a-z]{4,5})\)\s*\$\s*` + money)
	reCredit    = regexp.MustCompile(`(?i)Lender Credits?\s*(?:[-–—−]\s*\$|\$\s*[-–—−]?|\(\s*\$)\s*` + money)
	reInsurance = regexp.MustCompile(`(?i)Mortgage Insurance\s*\+\s*\$?\s*` + money)
	reJ         = regexp.MustCompile(`(?i)\bJ\.\s*TOTAL CLOSING COSTS\s*\$\s*` + money)
	reJ2        = regexp.MustCompile(`(?i)Total Closing Costs\s*\(J\)\s*\$\s*` + money)
	reCash      = regexp.MustCompile(`(?i)Estimated Cash to Close[^$]{0,40}\$\s*` + money)
	reAPR       = regexp.MustCompile(`(?i)(?:Annual Percentage Rate\s*(?:\(APR\))?|\bAPR\b)\s*:?\s*([0-9]{1,2}(?:\.[0-9]{1,4})?)\s*%`)
	// The percentage may come after the form's own words about it: a
	// generator that centres the figure in its cell (LibreOffice) puts it on
	// the second of the description's rows. Words only: the first number
	// after the label is its figure. OCR reads the cell's edge before the
	// figure as a "§" or "$" now and then ("§124.769%").
	reTIP = regexp.MustCompile(`(?i)Total Interest Percentage\s*(?:\(TIP\))?\s*:?\s*(?:[A-Za-z][A-Za-z ,.]{0,120}?\s)?[§$]?\s*([0-9]{1,3}(?:\.[0-9]{1,4})?)\s*%`)
	// In 5 Years: the form prints each amount before its words; some systems after.
	reTotalBefore     = regexp.MustCompile(`(?i)\$\s*` + money + `\s*Total you will have paid`)
	rePrincipalBefore = regexp.MustCompile(`(?i)\$\s*` + money + `\s*Principal you will have paid off`)
	reTotalAfter      = regexp.MustCompile(`(?i)Total you will have paid in principal, interest, mortgage insurance,? and loan costs\.?\s*\$\s*` + money)
	rePrincipalAfter  = regexp.MustCompile(`(?i)Principal you will have paid off\.?\s*\$\s*` + money)
	reLock            = regexp.MustCompile(`(?i)Rate Lock[^$]{0,40}?until\s*(\d{1,2}/\d{1,2}/\d{4}|\d{4}-\d{2}-\d{2}|[A-Z][a-z]+\.? \d{1,2},? \d{4})`)
	rePrepay          = regexp.MustCompile(`(?i)Prepayment Penalty\s*(?:Does the loan have these features\?\s*)?:?\s*(YES|NO)\b`)
	// The answer centred in a cell two rows high lands on the row above
	// its label: "Does the loan have these features? YES • As high as
	// $3,600 if you pay off the loan during the Prepayment Penalty first 2
	// years". Nothing else stands between the question and the label.
	rePrepayAbove = regexp.MustCompile(`(?i)Does the loan have these features\?\s*(YES|NO)\b[^?]{0,120}?Prepayment Penalty`)
	reTermYears   = regexp.MustCompile(`(?i)Loan Term\s*:?\s*(\d{1,2})\s*(?:years?|yrs?\.?)(?:\s*(?:and\s*)?(\d{1,2})\s*(?:months?|mos?\.?))?`)
	reTermMonths  = regexp.MustCompile(`(?i)Loan Term\s*:?\s*(\d{1,3})\s*(?:months?|mos?\.?)`)
	reLenderRow   = regexp.MustCompile(`^(?:LENDER|Lender(?: Name)?\s*:)\s*:?\s*(.+?)(?:\s+(?:MORTGAGE BROKER|Mortgage Broker|NMLS|LICENSE|LOAN OFFICER)\b.*)?$`)
	reIdentifier  = regexp.MustCompile(`(?i)Loan Estimate|Closing Cost Details|Calculating Cash to Close`)

	reControl = regexp.MustCompile(`[\x00-\x09\x0b-\x1f\x7f]`)
	// OCR reads a heading's full stop as a comma now and then ("F, Prepaids"),
	// and the heading "I." in a sans-serif font as "|.".
	reHeading = regexp.MustCompile(`^([A-J|])(?:\.\s*.*|,\s+[A-Z].*)$`)
	// A line's amount ends it: "$1,097", "-$750"; without "$" (OCR drops it)
	// only an amount with a comma or cents, so "( 6 months)" is no amount.
	reLine = regexp.MustCompile(`^(.*?[A-Za-z)].*?)\s*([-–−])?\s*(?:\$\s*([-–−])?\s*` + money + `|([0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]{2})?|[0-9]+\.[0-9]{2}))\s*$`)
	// Rows that end the Closing Cost Details: what follows is no section line.
	reContinuation  = regexp.MustCompile(`^[a-z0-9(]`)
	reEndOfSections = regexp.MustCompile(`(?i)^(Calculating Cash to Close|Comparisons|Other Considerations|Additional Information|Loan Terms|Projected Payments|Costs at Closing|Total Closing Costs \(J\))`)
)

// FromText reads the fields from a Loan Estimate's plain text, one printed
// row a line in reading order: the PDF reader's text or a photo's OCR. It
// answers ErrNotLoanEstimate when the text is no Loan Estimate.
func FromText(ctx context.Context, text string) (Fields, error) {
	return fromText(ctx, text)
}

// fieldNames lists every field in found/notFound order.
var fieldNames = []string{"interestRate", "loanAmount", "originationCharges", "points", "lenderCredits", "mortgageInsurance",
	"lines", "closingCosts", "cashToClose", "apr", "totalInterestPercentage", "inFiveYears", "rateLockUntil",
	"prepaymentPenalty", "loanTerm", "lenderName"}

// reSplitNumber is an amount OCR split in two at a space ("$21 1,000",
// "$2 2,790"): a "$" and up to three digits, a space, then digits that
// carry on the thousands groups.
var reSplitNumber = regexp.MustCompile(`(\$ ?[0-9]{1,3}) ([0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]{2})?)\b`)

// fromText reads the fields; when some checks disagree and the text holds
// amounts OCR may have split, it reads them rejoined too, and keeps that
// reading only if every check then agrees: a digit group is rejoined only
// when the form's own arithmetic says so.
func fromText(ctx context.Context, text string) (Fields, error) {
	f, err := readText(ctx, text)
	if err != nil || disagreements(f) == 0 || !reSplitNumber.MatchString(text) {
		return f, err
	}
	joined, jerr := readText(ctx, reSplitNumber.ReplaceAllString(text, "$1$2"))
	if jerr == nil && disagreements(joined) == 0 && len(joined.Checks) > 0 {
		return joined, nil
	}
	return f, err
}

func disagreements(f Fields) int {
	n := 0
	for _, c := range f.Checks {
		if !c.Agrees {
			n++
		}
	}
	return n
}

func readText(ctx context.Context, text string) (Fields, error) {
	if len(text) > MaxText {
		return Fields{}, fmt.Errorf("%w: its text is larger than a Loan Estimate's", ErrNotLoanEstimate)
	}
	rows := rowsOfText(text)
	flat := strings.Join(rows, " ")
	if !reIdentifier.MatchString(flat) && !page3(flat) {
		return Fields{}, ErrNotLoanEstimate
	}
	f := Fields{Lines: []Line{}}
	readers := map[string]func(){
		"interestRate":            func() { f.InterestRate = number(reRate, flat, 1) },
		"loanAmount":              func() { f.LoanAmount = number(reAmount, flat, 1) },
		"originationCharges":      func() { f.OriginationCharge = number(reOrigin, flat, 1) },
		"points":                  func() { f.Points = number(rePoints, flat, 2) },
		"lenderCredits":           func() { f.LenderCredit = number(reCredit, flat, 1) },
		"mortgageInsurance":       func() { f.MortgageInsurance = number(reInsurance, flat, 1) },
		"lines":                   func() { f.Lines = sectionLines(rows) },
		"closingCosts":            func() { f.ClosingCosts = firstNumber(flat, reJ, reJ2, rePage1Closing) },
		"cashToClose":             func() { f.CashToClose = number(reCash, flat, 1) },
		"apr":                     func() { f.APR = number(reAPR, flat, 1) },
		"totalInterestPercentage": func() { f.TotalInterestPercentage = number(reTIP, flat, 1) },
		"inFiveYears":             func() { f.InFiveYears = inFiveYears(flat) },
		"rateLockUntil":           func() { f.RateLockUntil = lockDate(flat) },
		"prepaymentPenalty":       func() { f.PrepaymentPenalty = prepayment(flat) },
		"loanTerm":                func() { f.LoanTerm = loanTerm(flat) },
		"lenderName":              func() { f.LenderName = lenderName(rows) },
	}
	for _, name := range fieldNames {
		if ctx.Err() != nil {
			return Fields{}, fmt.Errorf("%w: reading took too long", ErrNotLoanEstimate)
		}
		readers[name]()
	}
	f.LenderFees = lenderFees(f)
	f.Found, f.NotFound = f.sortFound()
	f.Checks = append([]Check{}, checksOf(f, readPrinted(rows, flat, f.Lines))...)
	if len(f.Found) == 0 {
		return f, ErrNotLoanEstimate
	}
	return f, nil
}

// sortFound names the fields read and those not.
func (f Fields) sortFound() (found, notFound []string) {
	read := map[string]bool{
		"interestRate": f.InterestRate != nil, "loanAmount": f.LoanAmount != nil, "originationCharges": f.OriginationCharge != nil,
		"points": f.Points != nil, "lenderCredits": f.LenderCredit != nil, "mortgageInsurance": f.MortgageInsurance != nil,
		"lines": len(f.Lines) > 0, "closingCosts": f.ClosingCosts != nil, "cashToClose": f.CashToClose != nil, "apr": f.APR != nil,
		"totalInterestPercentage": f.TotalInterestPercentage != nil, "inFiveYears": f.InFiveYears != nil,
		"rateLockUntil": f.RateLockUntil != nil, "prepaymentPenalty": f.PrepaymentPenalty != nil, "loanTerm": f.LoanTerm != nil,
		"lenderName": f.LenderName != nil,
	}
	found, notFound = []string{}, []string{}
	for _, name := range fieldNames {
		if read[name] {
			found = append(found, name)
		} else {
			notFound = append(notFound, name)
		}
	}
	return found, notFound
}

// rowsOfText is the text's non-empty rows, spaces collapsed and control
// characters (what a font's broken Unicode map yields) dropped.
func rowsOfText(text string) []string {
	var rows []string
	text = reControl.ReplaceAllString(text, " ")
	for _, r := range strings.Split(text, "\n") {
		if r = strings.Join(strings.Fields(r), " "); r != "" {
			rows = append(rows, r)
		}
	}
	return rows
}

func parseMoney(s string) (float64, bool) {
	v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	return v, err == nil
}

func number(re *regexp.Regexp, text string, group int) *float64 {
	m := re.FindStringSubmatch(text)
	if m == nil {
		return nil
	}
	if v, ok := parseMoney(m[group]); ok {
		return &v
	}
	return nil
}

func firstNumber(text string, res ...*regexp.Regexp) *float64 {
	for _, re := range res {
		if v := number(re, text, 1); v != nil {
			return v
		}
	}
	return nil
}

// inFiveYears reads both figures in one order: amounts before their words
// (the form) or after them.
func inFiveYears(text string) *InFiveYears {
	total, principal := number(reTotalBefore, text, 1), number(rePrincipalBefore, text, 1)
	if total == nil {
		total, principal = number(reTotalAfter, text, 1), number(rePrincipalAfter, text, 1)
	}
	if total == nil || principal == nil {
		return nil
	}
	return &InFiveYears{TotalPaid: *total, PrincipalPaid: *principal}
}

// lockDate is the date after "Rate Lock ... until", as yyyy-mm-dd: the form
// prints it only when the rate is locked.
func lockDate(text string) *string {
	m := reLock.FindStringSubmatch(text)
	if m == nil {
		return nil
	}
	for _, layout := range []string{"1/2/2006", "2006-01-02", "January 2, 2006", "January 2 2006", "Jan. 2, 2006", "Jan 2, 2006", "Jan 2 2006"} {
		if d, err := time.Parse(layout, m[1]); err == nil {
			s := d.Format(time.DateOnly)
			return &s
		}
	}
	return nil
}

func prepayment(text string) *bool {
	m := rePrepay.FindStringSubmatch(text)
	if m == nil {
		m = rePrepayAbove.FindStringSubmatch(text)
	}
	if m == nil {
		return nil
	}
	yes := strings.EqualFold(m[1], "yes")
	return &yes
}

func loanTerm(text string) *int {
	if m := reTermYears.FindStringSubmatch(text); m != nil {
		years, _ := strconv.Atoi(m[1])
		months, _ := strconv.Atoi(m[2])
		if n := years*12 + months; n > 0 {
			return &n
		}
	}
	if m := reTermMonths.FindStringSubmatch(text); m != nil {
		if n, _ := strconv.Atoi(m[1]); n > 0 {
			return &n
		}
	}
	return nil
}

// lenderName is page 3's "LENDER" row (the form's page 1 prints the name
// without a label, so it is not read there).
func lenderName(rows []string) *string {
	for _, r := range rows {
		if m := reLenderRow.FindStringSubmatch(r); m != nil && strings.ContainsAny(m[1], "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") {
			name := strings.TrimSpace(m[1])
			return &name
		}
	}
	return nil
}

// headingTitles are the form's section headings that no line shares, by
// which a heading is known when OCR lost its letter ("Taxes and Other
// Government Fees $210" for "E. Taxes and Other Government Fees $210").
// "H. Other" is not among them: "Other" alone is too common.
var headingTitles = regexp.MustCompile(`(?i)^(Origination Charges|Services You Cannot Shop For|Services You Can Shop For|Taxes and Other Government Fees|Prepaids|Initial Escrow Payment at Closing)\b`)

var letterOfTitle = map[string]string{"origination charges": "A", "services you cannot shop for": "B", "services you can shop for": "C",
	"taxes and other government fees": "E", "prepaids": "F", "initial escrow payment at closing": "G"}

// headingLetter is the section a row heads, or "" when it heads none.
func headingLetter(row string) string {
	if m := reHeading.FindStringSubmatch(row); m != nil {
		return strings.Replace(m[1], "|", "I", 1)
	}
	if m := headingTitles.FindStringSubmatch(row); m != nil {
		return letterOfTitle[strings.ToLower(m[1])]
	}
	return ""
}

// sectionLines walks the rows: a heading "A. ..." to "J. ..." opens its
// section, and each row after it that ends in an amount is a line, until the
// Closing Cost Details end. Only sections A to H are kept (I and J are totals).
func sectionLines(rows []string) []Line {
	lines := []Line{}
	section := ""
	continues := false // the row before was a line, whose label may wrap
	for _, r := range rows {
		if letter := headingLetter(r); letter != "" {
			section, continues = letter, false
			continue
		}
		// A line's label wrapped onto the next row ("6.375 %)", "mo."):
		// that row starts with no capital and shows no amount.
		if continues && reContinuation.MatchString(r) && !reLine.MatchString(r) {
			last := &lines[len(lines)-1]
			last.Label += " " + r
			continues = false
			continue
		}
		continues = false
		if reEndOfSections.MatchString(r) {
			section = ""
			continue
		}
		if section == "" || section > "H" {
			continue
		}
		if l, ok := lineOf(section, r); ok {
			lines = append(lines, l)
			continues = true
		}
	}
	return lines
}

func lineOf(section, row string) (Line, bool) {
	m := reLine.FindStringSubmatch(row)
	if m == nil {
		return Line{}, false
	}
	amount := m[4]
	if amount == "" {
		amount = m[5]
	}
	v, ok := parseMoney(amount)
	if !ok {
		return Line{}, false
	}
	if m[2] != "" || m[3] != "" {
		v = -v
	}
	return Line{Section: section, Label: strings.TrimSpace(m[1]), Amount: v}, true
}
