package refi

import (
	"context"
	"errors"
	"math"
	"time"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/rates"
	"quotegrade/internal/secret"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// ManageLinkLifetime: a manage link opens the page for a year after the
// e-mail that carried it (every alert brings a new one).
const ManageLinkLifetime = 365 * 24 * time.Hour

// The manage link's refusals: never sent (or altered), or too old.
var (
	ErrInvalidManageLink = apperr.NotFound("This link is not valid. Please use the link in your latest Refi Buddy e-mail.")
	ErrExpiredManageLink = apperr.NotFound("This link has expired. Please use the link in your latest Refi Buddy e-mail, or sign up again on Refi Buddy.")
	// ErrUnsubscribed: the address left, so the watch cannot be changed.
	ErrUnsubscribed = apperr.Conflict("You unsubscribed from Refi Buddy alerts. Sign up again on Refi Buddy to get them back.")
)

// The trigger form's messages.
const (
	MsgTriggerKind      = "Choose what should trigger an alert"
	MsgSavingsAtLeast   = "Enter the monthly savings, a whole number of dollars from $5 to $10,000"
	MsgBreakEvenWithin  = "Enter the number of months, a whole number from 1 to 120"
	MsgManageAction     = "Choose pause, resume or unsubscribe"
	msgTriggerInvalid   = "Please check the alert trigger"
	msgManageActInvalid = "Please choose an action"
)

// Statuses of a watch on the manage page (api.RefiManage.Status).
const (
	StatusAwaitingConfirmation = "awaiting_confirmation"
	StatusWatching             = "watching"
	StatusPaused               = "paused"
	StatusUnsubscribed         = "unsubscribed"
	StatusLapsed               = "lapsed"
)

// Status is whether a watch's alerts are on, and why not.
func Status(w store.RefiWatch, now time.Time) string {
	switch {
	case w.UnsubscribedAt != nil && !w.CreatedAt.After(*w.UnsubscribedAt):
		return StatusUnsubscribed
	case w.ConfirmedAt.IsZero() && now.Sub(w.CreatedAt) > ConfirmationWindow:
		return StatusLapsed
	case w.ConfirmedAt.IsZero():
		return StatusAwaitingConfirmation
	case !Active(w):
		return StatusLapsed
	case w.PausedAt != nil:
		return StatusPaused
	default:
		return StatusWatching
	}
}

// ParseTrigger checks the trigger form: a kind, and for savings or
// break-even a whole number in range.
func ParseTrigger(t api.RefiTrigger) (store.RefiTrigger, error) {
	fields := apperr.Fields{}
	var out store.RefiTrigger
	switch t.Kind {
	case TriggerRule:
		out = store.RefiTrigger{Kind: TriggerRule}
	case TriggerSavings:
		v, ok := wholeIn(t.SavingsAtLeast, MinSavingsTrigger, MaxSavingsTrigger)
		if !ok {
			fields.Add("savingsAtLeast", MsgSavingsAtLeast)
		}
		out = store.RefiTrigger{Kind: TriggerSavings, Value: v}
	case TriggerBreakEven:
		v, ok := wholeIn(t.BreakEvenWithin, MinBreakEvenTrigger, MaxBreakEvenTrigger)
		if !ok {
			fields.Add("breakEvenWithin", MsgBreakEvenWithin)
		}
		out = store.RefiTrigger{Kind: TriggerBreakEven, Value: v}
	default:
		fields.Add("kind", MsgTriggerKind)
	}
	return out, fields.Err(msgTriggerInvalid)
}

// wholeIn: v is a whole number from lo to hi.
func wholeIn(v *float64, lo, hi float64) (float64, bool) {
	if v == nil || *v != math.Trunc(*v) || *v < lo || *v > hi {
		return 0, false
	}
	return *v, true
}

// Manage is the manage page of the watch a link names.
func (s *Service) Manage(ctx context.Context, token string) (api.RefiManage, error) {
	w, err := s.watchByLink(ctx, token)
	if err != nil {
		return api.RefiManage{}, err
	}
	return s.manageView(ctx, w)
}

// WatchOfLink answers the request a manage link names (Delete my data on
// the manage page deletes it), refusing an unknown or expired link.
func (s *Service) WatchOfLink(ctx context.Context, token string) (string, error) {
	w, err := s.watchByLink(ctx, token)
	return w.QuoteRequestID, err
}

// SetTrigger replaces what triggers the watch's alerts.
// An altered link is refused before the form is read.
func (s *Service) SetTrigger(ctx context.Context, token string, t api.RefiTrigger) (api.RefiManage, error) {
	w, err := s.changeable(ctx, token)
	if err != nil {
		return api.RefiManage{}, err
	}
	trigger, err := ParseTrigger(t)
	if err != nil {
		return api.RefiManage{}, err
	}
	if err := s.store.SetRefiWatchSettings(ctx, w.QuoteRequestID, trigger, w.PausedAt); err != nil {
		return api.RefiManage{}, err
	}
	w.Trigger = trigger
	return s.manageView(ctx, w)
}

// Act pauses or resumes the watch, or unsubscribes its address (every
// watch of it, as the alert's unsubscribe link does).
func (s *Service) Act(ctx context.Context, token string, a api.RefiManageAction) (api.RefiManage, error) {
	w, err := s.changeable(ctx, token)
	if err != nil {
		return api.RefiManage{}, err
	}
	if a.Action != "pause" && a.Action != "resume" && a.Action != "unsubscribe" {
		return api.RefiManage{}, apperr.Fields{"action": MsgManageAction}.Err(msgManageActInvalid)
	}
	now := s.now().UTC()
	switch a.Action {
	case "unsubscribe":
		err = s.store.UnsubscribeRefiAddress(ctx, Address(w.Email), now)
		w.UnsubscribedAt = &now
	case "pause":
		w.PausedAt = &now
		err = s.store.SetRefiWatchSettings(ctx, w.QuoteRequestID, w.Trigger, w.PausedAt)
	case "resume":
		w.PausedAt = nil
		err = s.store.SetRefiWatchSettings(ctx, w.QuoteRequestID, w.Trigger, nil)
	}
	if err != nil {
		return api.RefiManage{}, err
	}
	return s.manageView(ctx, w)
}

// watchByLink is the watch a manage link names, or the link's refusal.
func (s *Service) watchByLink(ctx context.Context, token string) (store.RefiWatch, error) {
	if token == "" {
		return store.RefiWatch{}, ErrInvalidManageLink
	}
	id, sent, err := s.store.RefiManageLink(ctx, secret.Hash(token))
	if errors.Is(err, apperr.ErrNotFound) {
		return store.RefiWatch{}, ErrInvalidManageLink
	}
	if err != nil {
		return store.RefiWatch{}, err
	}
	if s.now().Sub(sent) > ManageLinkLifetime {
		return store.RefiWatch{}, ErrExpiredManageLink
	}
	w, err := s.store.RefiWatch(ctx, id)
	if errors.Is(err, apperr.ErrNotFound) {
		return store.RefiWatch{}, ErrInvalidManageLink
	}
	return w, err
}

// changeable is the link's watch, unless its address unsubscribed.
func (s *Service) changeable(ctx context.Context, token string) (store.RefiWatch, error) {
	w, err := s.watchByLink(ctx, token)
	if err != nil {
		return w, err
	}
	if Status(w, s.now()) == StatusUnsubscribed {
		return w, ErrUnsubscribed
	}
	return w, nil
}

// manageView compares the watch with today's market by the alert rule's
// own figures (Decide), so the page and the alerts never disagree.
func (s *Service) manageView(ctx context.Context, w store.RefiWatch) (api.RefiManage, error) {
	m, err := s.market(ctx)
	if err != nil {
		return api.RefiManage{}, err
	}
	d := Decide(w, m, s.costs)
	out := api.RefiManage{
		Status:     Status(w, s.now()),
		Paused:     w.PausedAt != nil,
		Mortgage:   api.RefiMortgage{Rate: w.Current.Rate, MonthlyPayment: w.Current.MonthlyPayment, Balance: w.Balance, LoanProgram: w.Current.LoanProgram},
		Comparison: comparison(w, d, s.now()),
		Trigger:    api.RefiTrigger{Kind: w.Trigger.Kind},
	}
	if d.MonthlySavings > 0 {
		out.Comparison.BreakEvenMonths = &d.BreakEvenMonths
	}
	switch w.Trigger.Kind {
	case TriggerSavings:
		out.Trigger.SavingsAtLeast = &w.Trigger.Value
	case TriggerBreakEven:
		out.Trigger.BreakEvenWithin = &w.Trigger.Value
	}
	return out, nil
}

// comparison is today's decision as the manage page shows it: judged only on
// a current figure of the loan's own program, with both loans' rate, APR and
// term as the alert e-mail gives them (Loans).
func comparison(w store.RefiWatch, d Decision, now time.Time) api.RefiComparison {
	c := api.RefiComparison{MarketWeek: d.MarketWeek.Format(time.DateOnly), NewRate: d.NewRate, NewPayment: d.NewPayment,
		MonthlySavings: d.MonthlySavings, ClosingCosts: d.ClosingCosts, Judged: d.Judged()}
	series := rates.Series30
	if w.Current.LoanProgram != nil && vocab.Program(*w.Current.LoanProgram) == vocab.Fixed15 {
		series = rates.Series15
	}
	l := Loans(w, d)
	c.NewProgram, c.NewTermMonths, c.NewAPR = string(l.NewProgram), l.NewTermMonths, l.NewAPR
	if l.CurrentMonthsLeft > 0 {
		c.CurrentMonthsLeft = &l.CurrentMonthsLeft
	}
	c.MarketLabel = rates.Label(series)
	c.MarketSource = "Freddie Mac Primary Mortgage Market Survey"
	if !d.MarketWeek.IsZero() {
		c.MarketAgeDays = rates.DaysOld(d.MarketWeek, now)
	}
	if why := NotJudged(d, now); why != "" {
		c.NotJudged = &why
		return c
	}
	c.MeetsRule, c.TriggerFires = d.Pays, Fires(w.Trigger, d)
	return c
}
