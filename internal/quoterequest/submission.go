package quoterequest

import (
	"math"
	"regexp"
	"strings"
	"unicode/utf8"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/jsonfield"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// Submission is api.QuoteRequestSubmission (internal/api).
type Submission = api.QuoteRequestSubmission

// uploadKey is the shape of an object key the upload endpoint hands out: no
// scheme, no host, no "..", so a stored value can never point elsewhere.
var uploadKey = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9/_.-]{0,199}$`)

// ValidateSubmission checks every answer the browser checks, and more, and returns the
// request to store (without id and time) or an *apperr.Invalid naming each bad field.
func ValidateSubmission(s Submission) (store.QuoteRequest, error) {
	f := apperr.Fields{}
	r := store.QuoteRequest{State: "UT"}

	loanType := choice(f, "loanType", s.LoanType, LoanTypes, true, "Please choose purchase or refinance")
	if v := choice(f, "propertyType", s.PropertyType, PropertyTypes, true, "Please choose how you will use the property"); v != nil {
		r.PropertyType = *v
	}
	if v := choice(f, "propertyStyle", s.PropertyStyle, PropertyStyles, true, "Please choose the type of home"); v != nil {
		r.PropertyStyle = *v
	}
	if v := boolean(f, "militaryService", s.MilitaryService, true, "Please tell us whether you have served in the military"); v != nil {
		r.MilitaryService = *v
	}
	r.ZipCode = zipCode(f, s.ZipCode)
	utahZip(f, r.ZipCode)
	r.CreditScore = creditScore(f, s.CreditScore)
	if v := s.State.Value; s.State.Invalid || (v != nil && !vocab.ValidState(*v)) {
		f.Add("state", "Please choose a US state")
	} else if v != nil {
		r.State = strings.ToUpper(*v)
	}

	if loanType != nil {
		r.LoanType = *loanType
		if r.LoanType == "purchase" {
			purchase(f, s, &r)
		} else {
			refinance(f, s, &r)
		}
	}

	r.InterestRate = rate(f, "interestRate", "Interest rate", s.InterestRate, false)
	r.BrokerRate = rate(f, "brokerRate", "Interest rate", s.BrokerRate, false)
	r.BrokerLenderFees = fees(f, "brokerLenderFees", "Lender fees", s.BrokerLenderFees)
	r.BrokerMortgageInsurance = insurance(f, "brokerMortgageInsurance", "Mortgage insurance", s.BrokerMortgageInsurance, false)
	r.Questions = questions(f, s.Questions)
	r.KeystoneConsideration = choice(f, "keystone_consideration", s.KeystoneConsideration, Keystone, false, "Please choose open or skip")
	r.UserUploadedQuoteURL = uploadedFile(f, "uploadedFileUrl", s.UploadedFileURL)
	quotes(f, s, &r)
	if v := s.Email; v.Invalid || (v.Value != nil && !vocab.ValidEmail(*v.Value)) {
		f.Add("email", vocab.MsgInvalidEmail)
	} else {
		r.Email = v.Value
	}
	currentMortgage(f, s, &r)
	loanLeavesEquity(f, r)
	return r, f.Err(MsgSubmissionFailed)
}

func zipCode(f apperr.Fields, v jsonfield.String) string {
	switch {
	case v.Invalid || v.Value == nil:
		f.Add("zipCode", MsgZipRequired)
	case utf8.RuneCountInString(*v.Value) > MaxZipCode:
		f.Add("zipCode", MsgZipTooLong)
	default:
		return *v.Value
	}
	return ""
}

func creditScore(f apperr.Fields, n jsonfield.Number) int {
	if n.Invalid || n.Value == nil {
		f.Add("creditScore", MsgCreditScore)
		return 0
	}
	v := *n.Value
	if v != math.Trunc(v) || v < MinCreditScore || v > MaxCreditScore {
		f.Add("creditScore", MsgCreditScore)
		return 0
	}
	return int(v)
}

func purchase(f apperr.Fields, s Submission, r *store.QuoteRequest) {
	r.IsFirstHome = boolean(f, "isFirstHome", s.IsFirstHome, true, "Please tell us whether this is your first home")
	r.PurchasePrice = amount(f, "purchasePrice", "Purchase price", s.PurchasePrice, true)
	r.DownPayment = amount(f, "downPayment", "Down payment", s.DownPayment, true)
	r.DownPaymentPercent = percent(f, "downPaymentPercent", "Down payment percent", s.DownPaymentPercent, false)
	if r.PurchasePrice != nil && *r.PurchasePrice < MinHomeValue {
		f.Add("purchasePrice", MsgPriceTooSmall)
	}
	// Nothing is clamped silently (issue 25): a down payment of the whole
	// price or more leaves no loan to compute figures for.
	if r.PurchasePrice != nil && r.DownPayment != nil && *r.PurchasePrice > 0 && *r.DownPayment >= *r.PurchasePrice {
		f.Add("downPayment", MsgDownPaymentTooLarge)
	}
}

func refinance(f apperr.Fields, s Submission, r *store.QuoteRequest) {
	r.PropertyValue = amount(f, "propertyValue", "Property value", s.PropertyValue, true)
	r.RemainingBalance = amount(f, "remainingBalance", "Remaining balance", s.RemainingBalance, true)
	cashOut := boolean(f, "cashOut", s.CashOut, false, "Please tell us whether you want cash out")
	r.CashOut = cashOut != nil && *cashOut
	if r.CashOut {
		r.CashOutAmount = amount(f, "cashOutAmount", "Cash-out amount", s.CashOutAmount, true)
	}
	if r.PropertyValue != nil && *r.PropertyValue < MinHomeValue {
		f.Add("propertyValue", MsgValueTooSmall)
	}
	// A balance above the home's value is refused rather than graded (issue 25).
	if r.PropertyValue != nil && r.RemainingBalance != nil && *r.PropertyValue > 0 && *r.RemainingBalance > *r.PropertyValue {
		f.Add("remainingBalance", MsgBalanceAboveValue)
	}
}

func questions(f apperr.Fields, q jsonfield.Strings) []string {
	if q.Invalid {
		f.Add("questions", "Questions must be a list of text")
		return nil
	}
	if len(q.Values) > MaxQuestions {
		f.Add("questions", "Please ask at most 10 questions")
		return nil
	}
	for _, v := range q.Values {
		if utf8.RuneCountInString(v) > MaxQuestionLen {
			f.Add("questions", "Please keep each question under 2000 characters")
			return nil
		}
	}
	return q.Values
}

// currentMortgage reads Refi Buddy's answers; with a Refi Buddy intent the rate,
// payment and program are required, as on the Refi Buddy page.
func currentMortgage(f apperr.Fields, s Submission, r *store.QuoteRequest) {
	r.RefiIntent = choice(f, "refi_intent", s.RefiIntent, RefiIntents, false, "Please choose refinance_now or get_notified")
	required := r.RefiIntent != nil
	cmRate := rate(f, "current_mortgage_rate", "Current rate", s.CurrentMortgageRate, required)
	payment := amount(f, "current_monthly_payment", "Monthly payment", s.CurrentMonthlyPayment, required)
	program := choice(f, "current_mortgage_program", s.CurrentMortgageProgram, LoanPrograms, required, "Loan program is required")
	mi := insurance(f, "current_mortgage_insurance", "Mortgage insurance", s.CurrentMortgageInsurance, false)
	if cmRate == nil || payment == nil {
		return
	}
	r.CurrentMortgage = &store.CurrentMortgage{Rate: *cmRate, MonthlyPayment: *payment, LoanProgram: program, MortgageInsurance: mi}
}
