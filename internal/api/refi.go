package api

// RefiManage is what the /refi-buddy/manage page shows of one watch: the
// mortgage, today's comparison, the trigger and whether alerts are on.
type RefiManage struct {
	// Status: awaiting_confirmation (the address is not confirmed yet),
	// watching, paused, unsubscribed (the address left; a new sign-up and
	// confirmation are needed) or lapsed (not confirmed within 7 days).
	Status string `json:"status"`
	// Paused: the homeowner paused the watch (also while unconfirmed).
	Paused     bool           `json:"paused"`
	Mortgage   RefiMortgage   `json:"mortgage"`
	Comparison RefiComparison `json:"comparison"`
	Trigger    RefiTrigger    `json:"trigger"`
}

// RefiMortgage is the mortgage being watched, as the homeowner told it.
type RefiMortgage struct {
	Rate           float64 `json:"rate"`
	MonthlyPayment float64 `json:"monthlyPayment"`
	// Balance is the remaining balance plus any cash-out.
	Balance     float64 `json:"balance"`
	LoanProgram *string `json:"loanProgram"`
}

// RefiComparison is today's refinance by the alert rule's figures.
type RefiComparison struct {
	MarketWeek     string  `json:"marketWeek"`
	NewRate        float64 `json:"newRate"`
	NewPayment     float64 `json:"newPayment"`
	MonthlySavings float64 `json:"monthlySavings"`
	ClosingCosts   float64 `json:"closingCosts"`
	// BreakEvenMonths is null when refinancing saves nothing a month.
	BreakEvenMonths *int `json:"breakEvenMonths"`
	// MeetsRule: the spec's rule holds today; TriggerFires: the watch's own
	// trigger does (an alert needs it, and goes once per opportunity).
	MeetsRule    bool `json:"meetsRule"`
	TriggerFires bool `json:"triggerFires"`
	// MarketLabel names the series compared with and MarketAgeDays its age.
	MarketLabel   string `json:"marketLabel"`
	MarketSource  string `json:"marketSource"`
	MarketAgeDays int    `json:"marketAgeDays"`
	// Judged is false when the series is stale or the program has none (a
	// 5/1 ARM): NotJudged then says why, and MeetsRule and TriggerFires are
	// false, as nothing is judged on such a figure.
	Judged    bool    `json:"judged"`
	NotJudged *string `json:"notJudged"`
	// The two loans compared, each with its rate, APR and term (Regulation
	// Z, 12 CFR 1026.24(d): a payment stated brings the terms of repayment
	// and the APR with it; refi.Loans, as the alert e-mail gives them).
	// CurrentMonthsLeft is the payments left on the homeowner's loan,
	// estimated from its balance, rate and payment (null when it cannot be);
	// NewProgram and NewTermMonths are the new loan's, and NewAPR its APR at
	// the market rate counting the estimated closing costs as prepaid
	// finance charges (null without a market rate, or when none describes
	// it).
	CurrentMonthsLeft *int     `json:"currentMonthsLeft"`
	NewProgram        string   `json:"newProgram"`
	NewTermMonths     int      `json:"newTermMonths"`
	NewAPR            *float64 `json:"newApr"`
}

// RefiTrigger is what should trigger a watch's alert: kind rule (the spec's
// rule, the default), savings (SavingsAtLeast dollars a month or more) or
// break_even (BreakEvenWithin months or fewer). It is also the body of
// PUT /api/refi-buddy/manage.
type RefiTrigger struct {
	Kind            string   `json:"kind"`
	SavingsAtLeast  *float64 `json:"savingsAtLeast"`
	BreakEvenWithin *float64 `json:"breakEvenWithin"`
}

// RefiManageAction is the body of POST /api/refi-buddy/manage: pause,
// resume or unsubscribe.
type RefiManageAction struct {
	Action string `json:"action"`
}
