package mortgage

// The estimated mortgage insurance of a purchase under 20% down whose quote
// gives none: counting it as $0 would make that quote look cheaper than the
// alternatives that include it (issue 14). docs/grading.md gives the source
// and the table.

// MISource names where the estimate's table comes from.
const MISource = "a typical borrower-paid monthly private mortgage insurance rate card (30-year fixed, 80.01-97% loan-to-value; " +
	"Expert Mortgage, expertmortgage.biz/mortgage-calculator, read November 2026)"

// miBand is one loan-to-value row of the table: annual premiums in percent
// of the loan amount for credit scores of 760+, 720-759, 680-719 and below 680.
type miBand struct {
	maxLTV  float64
	premium [4]float64
}

// miTable rows are in ascending loan-to-value. The card prices no premium for
// scores below 680 above 95% LTV (it calls them ineligible); the estimate
// uses the 680-719 premium there rather than none.
var miTable = []miBand{
	{85, [4]float64{0.23, 0.27, 0.33, 0.39}},
	{90, [4]float64{0.39, 0.44, 0.57, 0.71}},
	{95, [4]float64{0.54, 0.62, 0.89, 1.15}},
	{97, [4]float64{1.05, 1.10, 1.31, 1.31}},
}

// MIEstimateLTV is the loan-to-value above which a purchase pays mortgage
// insurance (a down payment under 20%).
const MIEstimateLTV = 80

// MIAnnualPremiumPercent is the table's annual premium for a loan-to-value
// (percent) and credit score; ok is false at or under 80% LTV, where no
// insurance is owed. Above 97% the top row is used.
func MIAnnualPremiumPercent(ltv float64, creditScore int) (float64, bool) {
	if ltv <= MIEstimateLTV {
		return 0, false
	}
	col := 3
	switch {
	case creditScore >= 760:
		col = 0
	case creditScore >= 720:
		col = 1
	case creditScore >= 680:
		col = 2
	}
	for _, band := range miTable {
		if ltv <= band.maxLTV {
			return band.premium[col], true
		}
	}
	return miTable[len(miTable)-1].premium[col], true
}

// EstimatedMortgageInsurance is the monthly premium the table gives for a
// loan: the annual premium over 12, rounded to cents; ok is false when no
// insurance is owed.
func EstimatedMortgageInsurance(loanAmount, ltv float64, creditScore int) (float64, bool) {
	pct, ok := MIAnnualPremiumPercent(ltv, creditScore)
	if !ok {
		return 0, false
	}
	return RoundCents(loanAmount * pct / 100 / 12), true
}
