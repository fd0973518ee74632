package refi

import (
	"quotegrade/internal/mail"
	"quotegrade/internal/mortgage"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// Loans are both loans an alert compares, each with its rate, APR and term
// (Regulation Z, 12 CFR 1026.24(d): a payment stated brings the terms of
// repayment and the APR with it; issue 26). The homeowner's loan is what
// they gave us: its rate is their note rate, its APR is not known, and the
// months left are estimated from the balance, rate and payment. The new
// loan is the estimate's: the market rate over the program's full term,
// with an APR computed by Regulation Z, Appendix J (mortgage.Loan) counting
// the estimated closing costs as prepaid finance charges. Computed for the
// watches that alert only, not for every watch a run reads.
func Loans(w store.RefiWatch, d Decision) mail.RefiLoans {
	var program vocab.Program
	if w.Current.LoanProgram != nil {
		program = vocab.Program(*w.Current.LoanProgram)
	}
	l := mail.RefiLoans{CurrentRate: w.Current.Rate, CurrentPayment: w.Current.MonthlyPayment, CurrentARM: program == vocab.ARM51,
		NewTermMonths: mortgage.TermMonths(program), NewProgram: vocab.Fixed30}
	if program == vocab.Fixed15 {
		l.NewProgram = vocab.Fixed15
	}
	if months, ok := mortgage.RemainingMonths(w.Balance-w.CashOut, w.Current.Rate, w.Current.MonthlyPayment); ok {
		l.CurrentMonthsLeft = months
	}
	// Without a market rate (a 5/1 ARM has none) or a balance there is no
	// new loan to give an APR for.
	if d.NewRate <= 0 || d.NewPayment <= 0 {
		return l
	}
	f, err := mortgage.Loan{Amount: w.Balance, RatePct: d.NewRate, TermMonths: l.NewTermMonths, PrepaidFinanceCharges: d.ClosingCosts}.Figures()
	if err == nil {
		l.NewAPR = &f.APR
	}
	return l
}
