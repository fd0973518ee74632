package quoterequest

import (
	"fmt"
	"regexp"
	"strings"

	"quotegrade/internal/apperr"
	"quotegrade/internal/jsonfield"
	"quotegrade/internal/vocab"
)

// The product's choices (spec sections 3 and 9).
var (
	LoanTypes      = []string{"purchase", "refinance"}
	PropertyTypes  = []string{"primary", "second", "investment"}
	PropertyStyles = []string{"single", "townhouse", "duplex", "condo", "manufactured"}
	LoanPrograms   = vocab.ProgramNames()
	ContactMethods = []string{"email", "phone", "text"}
	RefiIntents    = []string{"refinance_now", "get_notified"}
	Keystone       = []string{"open", "skip"}
)

const (
	MinCreditScore = 300
	MaxCreditScore = 850
	MaxZipCode     = 10
	MaxQuestions   = 10
	MaxQuestionLen = 2000
	// MaxAmount bounds every dollar figure: far above any Utah home, far below
	// where float64 cents stop being exact.
	MaxAmount = 100_000_000
	// MinHomeValue: a purchase price or property value under $10,000 is a
	// typo (a $1,000 price with nothing down), not a Utah home (issue 25).
	MinHomeValue = 10_000
)

// The documented ranges of a quote's figures, visitor's or broker's
// (docs/security.md): anything outside is a typo or an attack, and a figure
// beyond them (1e308) would make an analysis no JSON can carry.
const (
	// MaxRatePercent: no US mortgage rate has come near 25 %.
	MaxRatePercent = 25
	// MinPositiveRate: a rate above 0 is at least a thousandth of a point,
	// the precision an APR is shown with.
	MinPositiveRate = 0.001
	// MaxAPR: an APR includes fees, so it may exceed the rate, never 100 %.
	MaxAPR = 100
	// MaxFees bounds lender fees either way (a credit is negative).
	MaxFees = 1_000_000
	// MaxMonthlyInsurance bounds mortgage insurance a month.
	MaxMonthlyInsurance = 10_000
)

// Messages shared with the browser, in the spec's words where it has them.
const (
	MsgDownPaymentTooLarge = "Down payment must be less than the purchase price"
	MsgBalanceAboveValue   = "Remaining balance must not be more than the property value"
	MsgPriceTooSmall       = "Purchase price must be at least $10,000"
	MsgValueTooSmall       = "Property value must be at least $10,000"
	MsgPhoneRequired       = "Phone number is required"
	MsgCreditScore         = "Credit score must be a whole number between 300 and 850"
	MsgZipRequired         = "Zip code is required"
	MsgZipTooLong          = "Zip code must be at most 10 characters"
	MsgSubmissionFailed    = "Please correct the highlighted answers"
)

// internationalPhone: optional plus, first digit 1-9, 2 to 15 digits in all.
var internationalPhone = regexp.MustCompile(`^\+?[1-9]\d{1,14}$`)

// phoneText is how people write a phone number: digits with spaces, dashes,
// dots or brackets between them, and an optional leading plus.
var phoneText = regexp.MustCompile(`^\+?[0-9 ().-]+$`)

// NormalizeNotifyPhone applies the notify form's rule: a number written with
// the usual separators, stored as an optional plus and its digits, 2 to 15
// digits with no leading zero. ok is false for anything else ("call me at 11
// maybe" has 2 digits but is no phone number).
func NormalizeNotifyPhone(s string) (phone string, ok bool) {
	s = strings.TrimSpace(s)
	if !phoneText.MatchString(s) {
		return "", false
	}
	digits := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
	if strings.HasPrefix(s, "+") {
		digits = "+" + digits
	}
	if !internationalPhone.MatchString(digits) {
		return "", false
	}
	return digits, true
}

// dollars writes a whole limit as the pages do: $1,000,000.
func dollars(v int) string { return vocab.Dollars(float64(v)) }

func oneOf(v string, allowed []string) bool {
	for _, a := range allowed {
		if v == a {
			return true
		}
	}
	return false
}

// choice checks an optional enumerated answer; required adds "missing" when absent.
func choice(f apperr.Fields, field string, v jsonfield.String, allowed []string, required bool, msg string) *string {
	if v.Invalid || (v.Value != nil && !oneOf(*v.Value, allowed)) || (required && v.Value == nil) {
		f.Add(field, msg)
		return nil
	}
	return v.Value
}

// amount checks a dollar figure: numeric, not negative, not absurd.
func amount(f apperr.Fields, field, label string, n jsonfield.Number, required bool) *float64 {
	if !given(f, field, label, n, required) {
		return nil
	}
	switch v := *n.Value; {
	case v < 0:
		f.Add(field, label+" cannot be negative")
	case v > MaxAmount:
		f.Add(field, fmt.Sprintf("%s must be at most %s", label, dollars(MaxAmount)))
	default:
		return n.Value
	}
	return nil
}

// given reports whether n holds a figure to check further. A value that is
// not a number, or a required one left out, is refused with its message; an
// optional one left out is fine but has nothing to check.
func given(f apperr.Fields, field, label string, n jsonfield.Number, required bool) bool {
	switch {
	case n.Invalid:
		f.Add(field, label+" must be a number")
	case n.Value == nil:
		if required {
			f.Add(field, label+" is required")
		}
	default:
		return true
	}
	return false
}

// rate checks an interest rate in percent: a percentage at all (0 to 100),
// then within the documented range (at most MaxRatePercent).
func rate(f apperr.Fields, field, label string, n jsonfield.Number, required bool) *float64 {
	v := percent(f, field, label, n, required)
	if v != nil && *v > MaxRatePercent {
		f.Add(field, fmt.Sprintf("%s must be at most %d%%", label, MaxRatePercent))
		return nil
	}
	// A rate of 1e-300 makes no payment a person can act on, and its
	// figures are not finite: refused, not rounded (issue 25).
	if v != nil && *v > 0 && *v < MinPositiveRate {
		f.Add(field, fmt.Sprintf("%s must be 0, or at least %g%%", label, MinPositiveRate))
		return nil
	}
	return v
}

// percent checks a percentage, 0 to 100 as the inputs clamp it.
func percent(f apperr.Fields, field, label string, n jsonfield.Number, required bool) *float64 {
	if !given(f, field, label, n, required) {
		return nil
	}
	if v := *n.Value; v < 0 || v > 100 {
		f.Add(field, label+" must be between 0 and 100")
		return nil
	}
	return n.Value
}

// RateRange checks a required interest rate row figure (the broker's quote
// rows); the message is the visitor's.
func RateRange(f apperr.Fields, field, label string, v float64) bool {
	return rate(f, field, label, jsonfield.Number{Value: &v}, true) != nil
}

// fees checks lender fees: a credit is negative; at most MaxFees either way.
func fees(f apperr.Fields, field, label string, n jsonfield.Number) *float64 {
	if n.Invalid {
		f.Add(field, label+" must be a number")
		return nil
	}
	v := n.Value
	if v != nil && (*v > MaxFees || *v < -MaxFees) {
		f.Add(field, fmt.Sprintf("%s must be between -%s and %s", label, dollars(MaxFees), dollars(MaxFees)))
		return nil
	}
	return v
}

// FeesRange checks a lender fees row figure.
func FeesRange(f apperr.Fields, field, label string, v float64) bool {
	return fees(f, field, label, jsonfield.Number{Value: &v}) != nil
}

// insurance checks monthly mortgage insurance: 0 to MaxMonthlyInsurance.
func insurance(f apperr.Fields, field, label string, n jsonfield.Number, required bool) *float64 {
	if n.Value != nil && *n.Value > MaxMonthlyInsurance {
		f.Add(field, fmt.Sprintf("%s must be at most %s a month", label, dollars(MaxMonthlyInsurance)))
		return nil
	}
	v := amount(f, field, label, n, required)
	if v != nil && *v > MaxMonthlyInsurance {
		f.Add(field, fmt.Sprintf("%s must be at most %s a month", label, dollars(MaxMonthlyInsurance)))
		return nil
	}
	return v
}

// InsuranceRange checks a monthly mortgage insurance row figure.
func InsuranceRange(f apperr.Fields, field, label string, v float64) bool {
	return insurance(f, field, label, jsonfield.Number{Value: &v}, false) != nil
}

func boolean(f apperr.Fields, field string, v jsonfield.Bool, required bool, msg string) *bool {
	if v.Invalid || (required && v.Value == nil) {
		f.Add(field, msg)
		return nil
	}
	return v.Value
}
