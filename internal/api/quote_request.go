package api

import (
	"quotegrade/internal/jsonfield"
)

// Submission is the visitor's submit payload (spec section 3), field names as
// the browser sends them. Every field decodes leniently so that each bad answer
// gets its own message.
type QuoteRequestSubmission struct {
	LoanType                 jsonfield.String  `json:"loanType"`
	IsFirstHome              jsonfield.Bool    `json:"isFirstHome"`
	PropertyType             jsonfield.String  `json:"propertyType"`
	PropertyStyle            jsonfield.String  `json:"propertyStyle"`
	MilitaryService          jsonfield.Bool    `json:"militaryService"`
	ZipCode                  jsonfield.String  `json:"zipCode"`
	CreditScore              jsonfield.Number  `json:"creditScore"`
	State                    jsonfield.String  `json:"state"`
	InterestRate             jsonfield.Number  `json:"interestRate"`
	PropertyValue            jsonfield.Number  `json:"propertyValue"`
	PurchasePrice            jsonfield.Number  `json:"purchasePrice"`
	DownPayment              jsonfield.Number  `json:"downPayment"`
	DownPaymentPercent       jsonfield.Number  `json:"downPaymentPercent"`
	RemainingBalance         jsonfield.Number  `json:"remainingBalance"`
	CashOut                  jsonfield.Bool    `json:"cashOut"`
	CashOutAmount            jsonfield.Number  `json:"cashOutAmount"`
	UploadedFileURL          jsonfield.String  `json:"uploadedFileUrl"`
	Questions                jsonfield.Strings `json:"questions"`
	BrokerRate               jsonfield.Number  `json:"brokerRate"`
	BrokerLenderFees         jsonfield.Number  `json:"brokerLenderFees"`
	BrokerMortgageInsurance  jsonfield.Number  `json:"brokerMortgageInsurance"`
	RefiIntent               jsonfield.String  `json:"refi_intent"`
	Email                    jsonfield.String  `json:"email"`
	CurrentMortgageRate      jsonfield.Number  `json:"current_mortgage_rate"`
	CurrentMortgageProgram   jsonfield.String  `json:"current_mortgage_program"`
	CurrentMonthlyPayment    jsonfield.Number  `json:"current_monthly_payment"`
	CurrentMortgageInsurance jsonfield.Number  `json:"current_mortgage_insurance"`
	KeystoneConsideration    jsonfield.String  `json:"keystone_consideration"`
	// Quotes are one to four quotes to compare (issue 29); without them the
	// broker* fields and uploadedFileUrl are the one quote.
	Quotes jsonfield.List[QuoteSubmission] `json:"quotes"`
	// HorizonMonths is how long the visitor expects to keep the loan; absent: not sure.
	HorizonMonths jsonfield.Number `json:"horizonMonths"`
}

// QuoteSubmission is one quote of a submission's quotes.
type QuoteSubmission struct {
	LenderName        jsonfield.String `json:"lenderName"`
	Rate              jsonfield.Number `json:"rate"`
	Points            jsonfield.Number `json:"points"`
	LenderFees        jsonfield.Number `json:"lenderFees"`
	MortgageInsurance jsonfield.Number `json:"mortgageInsurance"`
	UploadedFileURL   jsonfield.String `json:"uploadedFileUrl"`
}

// Viewed is the optional body of the viewed event. Its viewed_by is read
// for compatibility but not trusted: the viewer comes from the sign-in.
type AnalysisViewed struct {
	ViewedBy jsonfield.String `json:"viewed_by"`
}

// ContactInfoUpdate is the notify-me form's payload.
type ContactInfoUpdate struct {
	Email                  jsonfield.String `json:"email"`
	Phone                  jsonfield.String `json:"phone"`
	PreferredContactMethod jsonfield.String `json:"preferredContactMethod"`
	// ContactConsent is the ticked box agreeing to calls and texts at Phone,
	// needed when the visitor asks for a text or a call (TCPA, issue 26).
	ContactConsent jsonfield.Bool `json:"contactConsent"`
}

// BrokerQuoteUpdate is the lender's quote: rate, fees (negative for a credit)
// and monthly mortgage insurance.
type BrokerQuoteUpdate struct {
	Rate              jsonfield.Number `json:"broker_rate"`
	LenderFees        jsonfield.Number `json:"broker_lender_fees"`
	MortgageInsurance jsonfield.Number `json:"broker_mortgage_insurance"`
}
