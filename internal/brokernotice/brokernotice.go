// Package brokernotice tells the broker address (QG_BROKER_EMAIL) what needs
// them: new quote requests waiting for analysis, batched to at most one
// e-mail every 15 minutes, and market data older than 14 days, once per
// staleness episode. What was announced is kept in the database, so copies of
// the server sharing it send each notice once and a restart forgets nothing.
package brokernotice

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"quotegrade/internal/jobs"
	"quotegrade/internal/mail"
	"quotegrade/internal/mortgage"
	"quotegrade/internal/rates"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

const (
	// NewRequestsInterval: at most one new-requests e-mail in this time (issue 15).
	NewRequestsInterval = 15 * time.Minute
	// CheckNewRequestsEvery is how often the task looks for new requests, so
	// the first request after a quiet spell is announced within a minute.
	CheckNewRequestsEvery = time.Minute
	// NewRequestsLookback bounds the read: a request older than a week that
	// was never announced (the server was down that long) is on the dashboard.
	NewRequestsLookback = 7 * 24 * time.Hour
	// NewRequestsLimit requests at most in one e-mail; the rest go in the next.
	NewRequestsLimit = 100
	// CheckStaleRatesEvery is how often the market data's age is checked.
	CheckStaleRatesEvery = time.Hour
)

// Ages tells the market data's age (rates.Service).
type Ages interface {
	Age(ctx context.Context) (*rates.Age, error)
}

// Store keeps what was announced (store.Store in production): a notice is
// claimed (store.Store.ClaimNewRequestsNotice, ClaimStaleRatesNotice) and
// queued in one transaction.
type Store interface {
	InTx(ctx context.Context, fn func(tx store.Tx) error) error
}

// Service sends the broker address' notices.
type Service struct {
	store       Store
	ages        Ages
	brokerEmail string
	publicURL   string
	log         *slog.Logger
	now         func() time.Time
}

// NewService sends to brokerEmail; with no address it sends nothing.
func NewService(st Store, ages Ages, brokerEmail, publicURL string, log *slog.Logger, now func() time.Time) *Service {
	return &Service{store: st, ages: ages, brokerEmail: brokerEmail, publicURL: publicURL, log: log, now: now}
}

// NewRequestsTask announces new quote requests (AnnounceNewRequests).
func (s *Service) NewRequestsTask() jobs.Task {
	return jobs.Task{Name: "announce_new_requests", Every: CheckNewRequestsEvery, Run: func(ctx context.Context) error {
		_, err := s.AnnounceNewRequests(ctx)
		return err
	}}
}

// StaleRatesTask tells the broker when the market data passes 14 days (NoticeStaleRates).
func (s *Service) StaleRatesTask() jobs.Task {
	return jobs.Task{Name: "notice_stale_rates", Every: CheckStaleRatesEvery, Run: func(ctx context.Context) error {
		_, err := s.NoticeStaleRates(ctx)
		return err
	}}
}

// AnnounceNewRequests queues one e-mail listing the requests waiting for
// analysis that no earlier e-mail listed, unless one went out in the last
// NewRequestsInterval; it answers how many requests the e-mail lists. The
// claim and the e-mail share a transaction: both happen or neither.
func (s *Service) AnnounceNewRequests(ctx context.Context) (int, error) {
	if s.brokerEmail == "" {
		return 0, nil
	}
	now := s.now().UTC()
	var listed int
	err := s.store.InTx(ctx, func(tx store.Tx) error {
		reqs, err := tx.ClaimNewRequestsNotice(ctx, now, now.Add(-NewRequestsInterval), now.Add(-NewRequestsLookback), NewRequestsLimit)
		if err != nil || len(reqs) == 0 {
			return err
		}
		lines := make([]mail.NewRequest, len(reqs))
		for i, r := range reqs {
			lines[i] = mail.NewRequest{ID: r.ID, Summary: ScenarioSummary(r), CreatedAt: r.CreatedAt}
			if r.Consent != nil {
				lines[i].ConsentAt = &r.Consent.At
			}
		}
		m, err := mail.NewRequests(lines, s.brokerEmail, s.publicURL)
		if err != nil {
			return err
		}
		listed = len(reqs)
		return tx.QueueEmails(ctx, m)
	})
	if err != nil {
		return 0, fmt.Errorf("announce new quote requests: %w", err)
	}
	if listed > 0 {
		s.log.InfoContext(ctx, "new quote requests announced to the broker address", "requests", listed)
	}
	return listed, nil
}

// NoticeStaleRates queues the "market data is old" e-mail when the newest
// figure is more than rates.StaleAfterDays old and no such e-mail went out
// for that survey week; it answers whether it queued one. A refresh that
// brings a newer week ends the episode: when that week grows old, the
// broker is told again.
func (s *Service) NoticeStaleRates(ctx context.Context) (bool, error) {
	if s.brokerEmail == "" {
		return false, nil
	}
	age, err := s.ages.Age(ctx)
	if err != nil || age == nil || !age.Stale {
		return false, err
	}
	week, err := time.Parse(time.DateOnly, age.Week)
	if err != nil {
		return false, fmt.Errorf("market data week %q: %w", age.Week, err)
	}
	var queued bool
	err = s.store.InTx(ctx, func(tx store.Tx) error {
		claimed, err := tx.ClaimStaleRatesNotice(ctx, week, s.now().UTC())
		if err != nil || !claimed {
			return err
		}
		m, err := mail.StaleRates(week, age.AgeDays, s.brokerEmail, s.publicURL)
		if err != nil {
			return err
		}
		queued = true
		return tx.QueueEmails(ctx, m)
	})
	if err != nil {
		return false, fmt.Errorf("notice stale market data: %w", err)
	}
	if queued {
		s.log.WarnContext(ctx, "market data is old; the broker address was told", "week", age.Week, "age_days", age.AgeDays)
	}
	return queued, nil
}

// ScenarioSummary is a request in a few words: purpose, loan amount, program,
// state, and whether there is a lender's quote to grade ("Purchase, $405,000
// loan, UT, lender's quote to grade").
func ScenarioSummary(r store.QuoteRequest) string {
	parts := []string{"Purchase"}
	amount := 0.0
	if r.LoanType == "refinance" {
		parts[0] = "Refinance"
		amount = mortgage.RefinanceLoanAmount(value(r.RemainingBalance), value(r.CashOutAmount))
	} else if r.PurchasePrice != nil && r.DownPayment != nil {
		amount = mortgage.PurchaseLoanAmount(*r.PurchasePrice, *r.DownPayment)
	}
	if amount > 0 {
		parts = append(parts, vocab.Dollars(amount)+" loan")
	}
	if r.CurrentMortgage != nil && r.CurrentMortgage.LoanProgram != nil {
		parts = append(parts, "current loan "+*r.CurrentMortgage.LoanProgram)
	}
	if r.State != "" {
		parts = append(parts, r.State)
	}
	if r.BrokerRate != nil || r.UserUploadedQuoteURL != nil {
		parts = append(parts, "lender's quote to grade")
	} else {
		parts = append(parts, "loan scenario")
	}
	return strings.Join(parts, ", ")
}

func value(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}
