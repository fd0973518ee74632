package refi

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"time"

	"github.com/google/uuid"

	"quotegrade/internal/apperr"
	"quotegrade/internal/mail"
	"quotegrade/internal/rates"
	"quotegrade/internal/secret"
	"quotegrade/internal/store"
)

// Service evaluates every watch and sends the alerts.
type Service struct {
	store     store.Store
	mail      mail.Queue
	costs     CostEstimator
	publicURL string
	log       *slog.Logger
	now       func() time.Time
}

// NewService returns the monitoring service.
func NewService(st store.Store, q mail.Queue, costs CostEstimator, publicURL string, log *slog.Logger, now func() time.Time) *Service {
	return &Service{store: st, mail: q, costs: costs, publicURL: publicURL, log: log, now: now}
}

// Result counts what a run did.
type Result struct {
	Watches int
	Created int
	Queued  int
}

// Run evaluates all watches against the latest market rates in a few
// queries (one read of all watches, one batch of new alerts), then queues
// the e-mails of alerts not yet queued. Safe to run twice or on two servers
// at once: an alert is unique per request and market week, and each e-mail
// is claimed by one run.
func (s *Service) Run(ctx context.Context) (Result, error) {
	var res Result
	m, err := s.market(ctx)
	if err != nil {
		return res, err
	}
	watches, err := s.store.RefiWatches(ctx)
	if err != nil {
		return res, err
	}
	res.Watches = len(watches)
	now := s.now().UTC()
	var alerts []store.RefiAlert
	for _, w := range watches {
		d := Decide(w, m, s.costs)
		if !ShouldAlert(w, d, now) {
			continue
		}
		alerts = append(alerts, store.RefiAlert{ID: uuid.NewString(), QuoteRequestID: w.QuoteRequestID, MarketWeek: m.Week,
			MarketRate: d.MarketRate, NewRate: d.NewRate, NewPayment: d.NewPayment, MonthlySavings: d.MonthlySavings,
			ClosingCosts: d.ClosingCosts, BreakEvenMonths: d.BreakEvenMonths, CreatedAt: now})
	}
	if res.Created, err = s.store.CreateRefiAlerts(ctx, alerts); err != nil {
		return res, err
	}
	res.Queued, err = s.queuePending(ctx)
	if res.Created > 0 || res.Queued > 0 {
		s.log.InfoContext(ctx, "refi buddy evaluated", "watches", res.Watches, "alerts", res.Created, "queued", res.Queued)
	}
	return res, err
}

func (s *Service) market(ctx context.Context) (Market, error) {
	latest, err := s.store.LatestMarketRates(ctx)
	if err != nil {
		return Market{}, err
	}
	var m Market
	for _, r := range latest {
		switch r.Series {
		case rates.Fixed30:
			m.Rate30, m.Week = r.Rate, r.Week
		case rates.Fixed15:
			m.Rate15 = r.Rate
		}
	}
	if m.Rate30 <= 0 {
		return m, errors.New("no 30-year market rate yet")
	}
	return m, nil
}

// queuePending claims the unqueued alerts in batches, each with a fresh
// unsubscribe token, and queues their e-mails in one insert per batch; a batch
// whose e-mails fail to queue is released for the next run.
func (s *Service) queuePending(ctx context.Context) (int, error) {
	total := 0
	for {
		pending, err := s.store.UnqueuedRefiAlerts(ctx, queueBatch)
		if err != nil || len(pending) == 0 {
			return total, err
		}
		n, err := s.queueBatch(ctx, pending)
		total += n
		if err != nil || n == 0 {
			return total, err
		}
	}
}

const queueBatch = 1000

func (s *Service) queueBatch(ctx context.Context, pending []store.RefiAlert) (int, error) {
	tokens := make(map[string]string, len(pending))
	claims := make(map[string]string, len(pending))
	for _, a := range pending {
		token, err := secret.New()
		if err != nil {
			return 0, err
		}
		tokens[a.ID], claims[a.ID] = token, secret.Hash(token)
	}
	claimed, err := s.store.ClaimRefiAlerts(ctx, claims, s.now())
	if err != nil {
		return 0, err
	}
	mine := make(map[string]bool, len(claimed))
	for _, id := range claimed {
		mine[id] = true
	}
	var messages []mail.Message
	for _, a := range pending {
		if !mine[a.ID] {
			continue
		}
		m, err := s.alertMessage(a, tokens[a.ID])
		if err != nil {
			return 0, err
		}
		messages = append(messages, m)
	}
	if err := s.mail.SendEmails(ctx, messages); err != nil {
		if rerr := s.store.ReleaseRefiAlerts(ctx, claimed); rerr != nil {
			s.log.ErrorContext(ctx, "could not release refi alerts", "count", len(claimed), "err", rerr)
		}
		return 0, fmt.Errorf("queue refi alerts: %w", err)
	}
	return len(messages), nil
}

// UnsubscribeURL is the one-click link of an alert.
func UnsubscribeURL(publicURL, token string) string {
	return publicURL + "/api/refi-buddy/unsubscribe?token=" + url.QueryEscape(token)
}

func (s *Service) alertMessage(a store.RefiAlert, token string) (mail.Message, error) {
	body := fmt.Sprintf("Good news: refinancing looks worth it now.\n\n"+
		"Market rates for your loan are at %.2f%% (week of %s). Refinancing your balance at about that rate would make your "+
		"principal and interest about $%.2f a month, saving you about $%.0f a month. With estimated closing costs of $%.0f, "+
		"it pays for itself after about %d months.\n\n"+
		"These are estimates from public market averages, not a quote. A licensed broker can get you real quotes: open your "+
		"results to ask.\n\n"+
		"You get this because you asked Refi Buddy to watch rates for you. To stop these e-mails: %s",
		a.NewRate, a.MarketWeek.Format("January 2, 2006"), a.NewPayment, a.MonthlySavings, a.ClosingCosts, a.BreakEvenMonths,
		s.publicURL+"/refi-buddy/unsubscribe?token="+url.QueryEscape(token))
	m, err := mail.BrokerMessage("refi-alert-"+a.ID, a.Email, "Refinancing could save you $"+fmt.Sprintf("%.0f", a.MonthlySavings)+" a month",
		mail.Broker{Message: body, ButtonLink: mail.ResultsURL(s.publicURL, a.QuoteRequestID), ButtonText: "See your results"})
	m.Unsubscribe = UnsubscribeURL(s.publicURL, token)
	return m, err
}

// ErrUnknownToken: the unsubscribe link is not one we sent.
var ErrUnknownToken = apperr.NotFound("This unsubscribe link is not valid")

// Unsubscribe stops all further alerts for the watch behind token.
func (s *Service) Unsubscribe(ctx context.Context, token string) error {
	if token == "" {
		return ErrUnknownToken
	}
	err := s.store.UnsubscribeRefi(ctx, secret.Hash(token), s.now())
	if errors.Is(err, apperr.ErrNotFound) {
		return ErrUnknownToken
	}
	return err
}
