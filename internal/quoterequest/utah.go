package quoterequest

import (
	"regexp"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
)

// Rules that keep a request inside what the service can grade: a Utah home
// (issue 14, defect 2) and a loan that is more than nothing (defect 1).
const (
	MsgZipNotUtah            = "Please enter a Utah zip code (840xx to 847xx); we grade quotes for Utah homes only"
	MsgDownPaymentBelowPrice = "Down payment must be less than the purchase price"
	MsgCashOutLeavesEquity   = "Cash out must leave some equity: the remaining balance plus cash out must be less than the property value"
)

// utahZipPattern: Utah's ZIP codes run from 84001 to 84791, all of them 840xx
// to 847xx, with an optional ZIP+4.
var utahZipPattern = regexp.MustCompile(`^84[0-7]\d{2}(-?\d{4})?$`)

// ValidUtahZip reports whether zip is a Utah ZIP code.
func ValidUtahZip(zip string) bool { return utahZipPattern.MatchString(zip) }

// utahZip refuses a ZIP code outside Utah; an empty zip already has its message.
func utahZip(f apperr.Fields, zip string) {
	if zip != "" && !ValidUtahZip(zip) {
		f.Add("zipCode", MsgZipNotUtah)
	}
}

// loanLeavesEquity refuses a purchase with nothing left to borrow and a
// cash-out that would borrow the whole home: both would be graded as a $0 or
// impossible loan and show "-" everywhere.
func loanLeavesEquity(f apperr.Fields, r store.QuoteRequest) {
	if r.LoanType == "purchase" && r.PurchasePrice != nil && r.DownPayment != nil && *r.PurchasePrice > 0 && *r.DownPayment >= *r.PurchasePrice {
		f.Add("downPayment", MsgDownPaymentBelowPrice)
	}
	if r.LoanType == "refinance" && r.CashOut && r.CashOutAmount != nil && r.RemainingBalance != nil && r.PropertyValue != nil &&
		*r.PropertyValue > 0 && *r.RemainingBalance+*r.CashOutAmount >= *r.PropertyValue {
		f.Add("cashOutAmount", MsgCashOutLeavesEquity)
	}
}
