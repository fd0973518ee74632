package sqlstore

import (
	"database/sql"
	"fmt"
	"strings"
	"time"

	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// column is one column of a table and where its value lives in the Go row:
// the insert reads through the pointer, the scan writes through it. Naming a
// column once, beside its field, is what keeps a new column from being left
// out of the insert or the scan (decision 0017).
type column struct {
	name  string
	field any
}

// quoteRequestRow is a store.QuoteRequest in the shape the quote_requests
// table keeps it: the questions as a JSON list, the current mortgage as four
// nullable columns.
type quoteRequestRow struct {
	store.QuoteRequest
	questions                      string
	cmRate, cmPayment, cmInsurance sql.Null[float64]
	cmProgram                      sql.Null[string]
	consentText, consentAddress    sql.Null[string]
	consentAt                      sql.Null[time.Time]
}

// columns is the one table of quote_requests' columns.
func (row *quoteRequestRow) columns() []column {
	r := &row.QuoteRequest
	return []column{
		{"id", &r.ID},
		{"loan_type", &r.LoanType},
		{"property_type", &r.PropertyType},
		{"property_style", &r.PropertyStyle},
		{"military_service", &r.MilitaryService},
		{"credit_score", &r.CreditScore},
		{"zip_code", &r.ZipCode},
		{"state", &r.State},
		{"purchase_price", &r.PurchasePrice},
		{"down_payment", &r.DownPayment},
		{"down_payment_percent", &r.DownPaymentPercent},
		{"is_first_home", &r.IsFirstHome},
		{"property_value", &r.PropertyValue},
		{"remaining_balance", &r.RemainingBalance},
		{"cash_out", &r.CashOut},
		{"cash_out_amount", &r.CashOutAmount},
		{"interest_rate", &r.InterestRate},
		{"broker_rate", &r.BrokerRate},
		{"broker_lender_fees", &r.BrokerLenderFees},
		{"broker_mortgage_insurance", &r.BrokerMortgageInsurance},
		{"user_uploaded_quote_url", &r.UserUploadedQuoteURL},
		{"broker_lender_name", &r.BrokerLenderName},
		{"broker_points", &r.BrokerPoints},
		{"broker_rate_lock_until", &r.BrokerTerms.RateLockUntil},
		{"broker_prepayment_penalty", &r.BrokerTerms.PrepaymentPenalty},
		{"horizon_months", &r.HorizonMonths},
		{"questions", &row.questions},
		{"refi_intent", &r.RefiIntent},
		{"keystone_consideration", &r.KeystoneConsideration},
		{"current_mortgage_rate", &row.cmRate},
		{"current_monthly_payment", &row.cmPayment},
		{"current_mortgage_program", &row.cmProgram},
		{"current_mortgage_insurance", &row.cmInsurance},
		{"email", &r.Email},
		{"phone", &r.Phone},
		{"preferred_contact_method", &r.PreferredContactMethod},
		{"contact_consent_text", &row.consentText},
		{"contact_consent_at", &row.consentAt},
		{"contact_consent_address", &row.consentAddress},
		{"is_example", &r.IsExample},
		{"created_at", &r.CreatedAt},
	}
}

// quoteRequestRead is what a read selects from quote_requests aliased q, for
// scanQuoteRequest: the table's columns in its order, then whether the
// request is marked as demo data (demo_requests keeps the mark, not a column).
var quoteRequestRead = "q." + strings.ReplaceAll(columnNames(new(quoteRequestRow).columns()), ", ", ", q.") +
	`, EXISTS (SELECT 1 FROM demo_requests d WHERE d.quote_request_id = q.id)`

// newQuoteRequestRow lays a request out as the table keeps it.
func newQuoteRequestRow(r store.QuoteRequest) (*quoteRequestRow, error) {
	row := &quoteRequestRow{QuoteRequest: r}
	row.CreatedAt = r.CreatedAt.UTC()
	var err error
	if row.questions, err = encodeList(r.Questions); err != nil {
		return nil, err
	}
	if m := r.CurrentMortgage; m != nil {
		row.cmRate = sql.Null[float64]{V: m.Rate, Valid: true}
		row.cmPayment = sql.Null[float64]{V: m.MonthlyPayment, Valid: true}
		row.cmProgram = nullOf(m.LoanProgram)
		row.cmInsurance = nullOf(m.MortgageInsurance)
	}
	if c := r.Consent; c != nil {
		row.consentText = sql.Null[string]{V: c.Text, Valid: true}
		row.consentAt = sql.Null[time.Time]{V: c.At.UTC(), Valid: true}
		row.consentAddress = sql.Null[string]{V: c.Address, Valid: true}
	}
	return row, nil
}

// insert is the INSERT of every column with its value.
func (row *quoteRequestRow) insert() (string, []any) {
	cols := row.columns()
	args := make([]any, len(cols))
	for i, c := range cols {
		args[i] = c.field
	}
	return quoteRequestInsert, args
}

// quoteRequestInsert is insert's text, built once: formatting 33
// placeholders on every submit showed in its profile (docs/performance.md).
var quoteRequestInsert = func() string {
	cols := new(quoteRequestRow).columns()
	marks := make([]string, len(cols))
	for i := range cols {
		marks[i] = fmt.Sprintf("$%d", i+1)
	}
	return `INSERT INTO quote_requests (` + columnNames(cols) + `) VALUES (` + strings.Join(marks, ",") + `)`
}()

// record is the request the row holds.
func (row *quoteRequestRow) record() (store.QuoteRequest, error) {
	r := row.QuoteRequest
	var err error
	if r.Questions, err = decodeList(row.questions); err != nil {
		return r, err
	}
	if row.cmRate.Valid && row.cmPayment.Valid {
		r.CurrentMortgage = &store.CurrentMortgage{Rate: row.cmRate.V, MonthlyPayment: row.cmPayment.V,
			LoanProgram: pointerOf(row.cmProgram), MortgageInsurance: pointerOf(row.cmInsurance)}
	}
	if row.consentText.Valid {
		r.Consent = &store.ContactConsent{Text: row.consentText.V, At: row.consentAt.V.UTC(), Address: row.consentAddress.V}
	}
	r.CreatedAt = r.CreatedAt.UTC()
	return r, nil
}

type scanner interface{ Scan(dest ...any) error }

// scanQuoteRequest reads a row selected with quoteRequestRead.
func scanQuoteRequest(s scanner) (store.QuoteRequest, error) {
	return scanQuoteRequestWith(s)
}

// scanQuoteRequestWith reads a row selected with quoteRequestRead followed
// by more columns, scanned into extra.
func scanQuoteRequestWith(s scanner, extra ...any) (store.QuoteRequest, error) {
	var row quoteRequestRow
	cols := row.columns()
	dest := make([]any, len(cols), len(cols)+1+len(extra))
	for i, c := range cols {
		dest[i] = c.field
	}
	dest = append(dest, &row.IsDemo)
	dest = append(dest, extra...)
	if err := s.Scan(dest...); err != nil {
		return store.QuoteRequest{}, err
	}
	return row.record()
}

func columnNames(cols []column) string {
	names := make([]string, len(cols))
	for i, c := range cols {
		names[i] = c.name
	}
	return strings.Join(names, ", ")
}

func nullOf[T any](p *T) sql.Null[T] {
	if p == nil {
		return sql.Null[T]{}
	}
	return sql.Null[T]{V: *p, Valid: true}
}

func pointerOf[T any](n sql.Null[T]) *T {
	if !n.Valid {
		return nil
	}
	return &n.V
}

// nullableQuote is a quote read through a LEFT JOIN: every column NULL when
// the request has no quote.
type nullableQuote struct {
	id, source, loanProgram                          sql.NullString
	rate, lenderFees, insurance, apr, points, titles sql.NullFloat64
	recommended                                      sql.NullBool
	createdAt, updatedAt                             sql.NullTime
}

// fields are the scan targets, in the order quotes' reads select them.
func (q *nullableQuote) fields() []any {
	return []any{&q.id, &q.rate, &q.lenderFees, &q.insurance, &q.apr, &q.recommended, &q.points, &q.titles,
		&q.source, &q.loanProgram, &q.createdAt, &q.updatedAt}
}

// quote is the quote read, or false when the row had none.
func (q *nullableQuote) quote() (store.Quote, bool) {
	if !q.id.Valid {
		return store.Quote{}, false
	}
	return store.Quote{ID: q.id.String, Rate: q.rate.Float64, LenderFees: q.lenderFees.Float64,
		MortgageInsurance: floatOf(q.insurance), APR: floatOf(q.apr), IsRecommended: q.recommended.Bool,
		Points: floatOf(q.points), TitleFees: floatOf(q.titles), Source: vocab.QuoteSource(q.source.String),
		LoanProgram: stringOf(q.loanProgram), CreatedAt: q.createdAt.Time.UTC(), UpdatedAt: q.updatedAt.Time.UTC()}, true
}

func floatOf(v sql.NullFloat64) *float64 {
	if !v.Valid {
		return nil
	}
	return &v.Float64
}

func stringOf(v sql.NullString) *string {
	if !v.Valid {
		return nil
	}
	return &v.String
}
