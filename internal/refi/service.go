package refi

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/mail"
	"quotegrade/internal/rates"
	"quotegrade/internal/secret"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// Service signs addresses up (double opt-in), evaluates every watch and
// sends the alerts.
type Service struct {
	store     Store
	markets   MarketRates
	costs     CostEstimator
	publicURL string
	log       *slog.Logger
	now       func() time.Time
}

// MarketRates is where the latest market rate comes from (rates.Service):
// with nothing stored yet it is the bundled snapshot, as for the figures.
type MarketRates interface {
	Markets(ctx context.Context) (rates.Markets, error)
}

// Store is where watches and alerts are kept (store.Store in production).
type Store interface {
	RefiWatches(ctx context.Context) ([]store.RefiWatch, error)
	RefiWatch(ctx context.Context, quoteRequestID string) (store.RefiWatch, error)
	ConfirmRefiAddress(ctx context.Context, tokenHash string, now time.Time) error
	UnsubscribeRefi(ctx context.Context, tokenHash string, at time.Time) error
	UnsubscribeRefiAddress(ctx context.Context, email string, at time.Time) error
	RefiManageLink(ctx context.Context, tokenHash string) (quoteRequestID string, sentAt time.Time, err error)
	SetRefiWatchSettings(ctx context.Context, quoteRequestID string, trigger store.RefiTrigger, pausedAt *time.Time) error
	// InTx: alerts and their e-mails are stored together.
	InTx(ctx context.Context, fn func(tx store.Tx) error) error
}

// NewService returns the monitoring service; it compares watches with the
// rates markets answers.
func NewService(st Store, markets MarketRates, costs CostEstimator, publicURL string, log *slog.Logger, now func() time.Time) *Service {
	return &Service{store: st, markets: markets, costs: costs, publicURL: publicURL, log: log, now: now}
}

// The double opt-in's limits (docs/refi-alerts.md).
const (
	// ConfirmationInterval: at most one confirmation e-mail to an address a
	// day, however many sign-ups name it.
	ConfirmationInterval = 24 * time.Hour
	// ConfirmationWindow: a watch whose address is not confirmed within 7
	// days lapses, and so does the link.
	ConfirmationWindow = 7 * 24 * time.Hour
)

// Address is the form an e-mail address is kept and compared in.
func Address(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// IsWatch: a request Refi Buddy can watch has a current mortgage, a
// remaining balance and an e-mail address.
func IsWatch(r store.QuoteRequest) bool {
	return r.CurrentMortgage != nil && r.RemainingBalance != nil && r.Email != nil && !r.IsExample
}

// SignUp runs in the transaction tx that stores r: when r is a watch of an
// address not yet confirmed, and neither the address nor its mailbox got a
// confirmation in the last day, and its domain got fewer than
// ConfirmationsPerDomain today, it queues one in tx.
func (s *Service) SignUp(ctx context.Context, tx store.Tx, r store.QuoteRequest) error {
	if !IsWatch(r) {
		return nil
	}
	token, err := secret.New()
	if err != nil {
		return err
	}
	manage, err := secret.New()
	if err != nil {
		return err
	}
	now := s.now().UTC()
	address := Address(*r.Email)
	mailbox := Mailbox(address)
	claimed, err := tx.ClaimRefiConfirmation(ctx, store.RefiConfirmationClaim{
		Email: address, Mailbox: mailbox, Domain: MailboxDomain(mailbox), DomainCap: ConfirmationsPerDomain,
		TokenHash: secret.Hash(token), At: now, NotBefore: now.Add(-ConfirmationInterval), Expires: now.Add(ConfirmationWindow),
	})
	if err != nil || !claimed {
		return err
	}
	if err := tx.CreateRefiManageLink(ctx, secret.Hash(manage), r.ID, now); err != nil {
		return err
	}
	m, err := mail.RefiConfirmation(address, s.publicURL, token, manage)
	if err != nil {
		return err
	}
	m.QuoteRequestID = r.ID
	return tx.QueueEmails(ctx, m)
}

// ErrInvalidConfirmation: the link is not one we sent, or it expired.
var ErrInvalidConfirmation = apperr.NotFound("This confirmation link is not valid or has expired")

// Confirm turns alerts on for the address behind a confirmation link.
func (s *Service) Confirm(ctx context.Context, token string) error {
	return s.byLink(ctx, token, ErrInvalidConfirmation, s.store.ConfirmRefiAddress)
}

// byLink does what an e-mail's link asks (act, with the hash of its token,
// now); a missing or unknown token is refused with refused's words.
func (s *Service) byLink(ctx context.Context, token string, refused error,
	act func(ctx context.Context, tokenHash string, now time.Time) error) error {
	if token == "" {
		return refused
	}
	err := act(ctx, secret.Hash(token), s.now())
	if errors.Is(err, apperr.ErrNotFound) {
		return refused
	}
	return err
}

// Active: the watch's address is confirmed, the watch was made at most 7
// days before that confirmation (else it lapsed unconfirmed), and after the
// address last unsubscribed.
func Active(w store.RefiWatch) bool {
	if w.ConfirmedAt.Sub(w.CreatedAt) > ConfirmationWindow {
		return false
	}
	return w.UnsubscribedAt == nil || w.CreatedAt.After(*w.UnsubscribedAt)
}

// Watches lists the active watches for brokers.
func (s *Service) Watches(ctx context.Context) ([]store.RefiWatch, error) {
	all, err := s.store.RefiWatches(ctx)
	if err != nil {
		return nil, err
	}
	active := make([]store.RefiWatch, 0, len(all))
	for _, w := range all {
		if Active(w) {
			active = append(active, w)
		}
	}
	return active, nil
}

// Result counts what a run did.
type Result struct {
	Watches int
	Created int
	Queued  int
	// Held counts the watches whose alert waits for a fresh figure of their
	// series (HeldForFreshData).
	Held int
}

// Run evaluates all active watches against the latest market rates in a few
// queries (one read of all watches, one transaction per batch of new alerts
// and their e-mails). An address gets one alert per opportunity, for the
// watch that saves most, however many watches name it. Safe to run twice or
// on two servers at once: an alert is unique per address and market week,
// and its e-mail is queued in the transaction that stores it.
func (s *Service) Run(ctx context.Context) (Result, error) {
	var res Result
	m, err := s.market(ctx)
	if err != nil {
		return res, err
	}
	watches, err := s.Watches(ctx)
	if err != nil {
		return res, err
	}
	res.Watches = len(watches)
	alerts, held := s.decide(watches, m, s.now().UTC())
	res.Held = held
	n, err := s.renderAndStore(ctx, alerts)
	res.Created, res.Queued = n, n
	if err != nil {
		return res, err
	}
	if res.Created > 0 || res.Held > 0 {
		s.log.InfoContext(ctx, "refi buddy evaluated", "watches", res.Watches, "alerts", res.Created, "queued", res.Queued, "held_for_fresh_data", res.Held)
	}
	return res, nil
}

// pendingAlert is an alert to store, with the sentence saying why it fires
// and the two loans it compares.
type pendingAlert struct {
	store.RefiAlert
	reason string
	loans  mail.RefiLoans
}

// decide picks, per address, the watch whose alert saves most among those
// that should alert, and counts the watches held for fresh data.
func (s *Service) decide(watches []store.RefiWatch, m Market, now time.Time) (alerts []pendingAlert, held int) {
	best := map[string]int{}
	for _, w := range watches {
		d := Decide(w, m, s.costs)
		if HeldForFreshData(w, d, now) {
			held++
		}
		if !ShouldAlert(w, d, now) {
			continue
		}
		a := pendingAlert{RefiAlert: store.RefiAlert{ID: vocab.NewOrderedID(), QuoteRequestID: w.QuoteRequestID, Email: Address(w.Email),
			RefiFigures: d.RefiFigures, CreatedAt: now}, reason: Reason(w, d), loans: Loans(w, d)}
		i, seen := best[a.Email]
		switch {
		case !seen:
			best[a.Email] = len(alerts)
			alerts = append(alerts, a)
		case a.MonthlySavings > alerts[i].MonthlySavings:
			alerts[i] = a
		}
	}
	return alerts, held
}

// queueBatch alerts share a transaction (and a commit, an fsync on SQLite).
const queueBatch = 5000

// renderedBatch is a batch of alerts with their e-mails, ready to store.
type renderedBatch struct {
	alerts []store.RefiAlert
	mail   map[string]mail.Message
}

// renderAndStore renders the alerts' e-mails a batch ahead of the writes:
// while one batch is stored (SQLite's one writer, or PostgreSQL's), the next
// is rendered on the other cores. Rendering was as long as the writes
// (docs/performance.md). It answers how many alerts were stored and queued.
func (s *Service) renderAndStore(ctx context.Context, alerts []pendingAlert) (int, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	batches := make(chan renderedBatch, 1)
	var g errgroup.Group
	g.Go(func() error {
		defer close(batches)
		for start := 0; start < len(alerts); start += queueBatch {
			b, err := s.render(alerts[start:min(start+queueBatch, len(alerts))])
			if err != nil {
				return err
			}
			select {
			case batches <- b:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	})
	var queued int
	var storeErr error
	for b := range batches {
		if storeErr != nil {
			continue // drain, so the renderer is not left blocked
		}
		n, err := s.createAndQueue(ctx, b)
		queued += n
		if err != nil {
			storeErr = err
			cancel()
		}
	}
	if err := g.Wait(); err != nil && storeErr == nil {
		return queued, fmt.Errorf("queue refi alerts: %w", err)
	}
	return queued, storeErr
}

// render makes each alert's secret (its unsubscribe and manage links') and
// e-mail, on every core.
func (s *Service) render(batch []pendingAlert) (renderedBatch, error) {
	alerts := make([]store.RefiAlert, len(batch))
	rendered := make([]mail.Message, len(batch))
	var g errgroup.Group
	g.SetLimit(runtime.GOMAXPROCS(0))
	for i, a := range batch {
		g.Go(func() error {
			token, err := secret.New()
			if err != nil {
				return err
			}
			l := mail.RefiAlertLinks{Token: token, Reason: a.reason, Loans: a.loans}
			a.UnsubscribeTokenHash = secret.Hash(token)
			alerts[i] = a.RefiAlert
			rendered[i], err = mail.RefiAlert(a.RefiAlert, s.publicURL, l)
			return err
		})
	}
	if err := g.Wait(); err != nil {
		return renderedBatch{}, err
	}
	byID := make(map[string]mail.Message, len(batch))
	for i, a := range alerts {
		byID[a.ID] = rendered[i]
	}
	return renderedBatch{alerts: alerts, mail: byID}, nil
}

// createAndQueue stores a batch of alerts and queues the e-mails of those
// stored (not of those another run stored first) in one transaction.
func (s *Service) createAndQueue(ctx context.Context, b renderedBatch) (int, error) {
	var queued int
	err := s.store.InTx(ctx, func(tx store.Tx) error {
		created, err := tx.CreateRefiAlerts(ctx, b.alerts)
		if err != nil {
			return err
		}
		messages := make([]mail.Message, 0, len(created))
		for _, a := range created {
			messages = append(messages, b.mail[a.ID])
		}
		queued = len(messages)
		return tx.QueueEmails(ctx, messages...)
	})
	if err != nil {
		return 0, fmt.Errorf("queue refi alerts: %w", err)
	}
	return queued, nil
}

// market is the latest survey as rates answers it.
func (s *Service) market(ctx context.Context) (Market, error) {
	m, err := s.markets.Markets(ctx)
	if err != nil {
		return Market{}, fmt.Errorf("market rates for refi buddy: %w", err)
	}
	if m.Fixed30.Rate <= 0 {
		return Market{}, errors.New("no 30-year market rate yet")
	}
	return MarketOf(m, s.now()), nil
}

// ErrUnknownToken: the unsubscribe link is not one we sent.
var ErrUnknownToken = apperr.NotFound("This unsubscribe link is not valid")

// Unsubscribe stops every watch of the address behind token's alert.
func (s *Service) Unsubscribe(ctx context.Context, token string) error {
	return s.byLink(ctx, token, ErrUnknownToken, s.store.UnsubscribeRefi)
}

// WatchList is Watches as the API answers them (the brokers' list).
func (s *Service) WatchList(ctx context.Context) ([]api.RefiWatch, error) {
	watches, err := s.Watches(ctx)
	if err != nil {
		return nil, err
	}
	m, err := s.market(ctx)
	if err != nil {
		return nil, err
	}
	now := s.now().UTC()
	out := make([]api.RefiWatch, 0, len(watches))
	for _, x := range watches {
		j := api.RefiWatch{QuoteRequestID: x.QuoteRequestID, Email: x.Email, Balance: x.Balance, CurrentRate: x.Current.Rate,
			CurrentPayment: x.Current.MonthlyPayment, LoanProgram: x.Current.LoanProgram,
			HeldForFreshData: HeldForFreshData(x, Decide(x, m, s.costs), now)}
		if a := x.LastAlert; a != nil {
			j.LastAlert = &api.RefiAlert{MarketWeek: a.MarketWeek.Format("2006-01-02"), NewRate: a.NewRate, CreatedAt: a.CreatedAt.Format("2006-01-02T15:04:05Z")}
		}
		out = append(out, j)
	}
	return out, nil
}

// RunNow evaluates the watches now, for a broker (the task also runs every 6 hours).
func (s *Service) RunNow(ctx context.Context) (api.RefiRun, error) {
	res, err := s.Run(ctx)
	if err != nil {
		return api.RefiRun{}, err
	}
	return api.RefiRun{Watches: res.Watches, Alerts: res.Created, Queued: res.Queued, HeldForFreshData: res.Held}, nil
}
