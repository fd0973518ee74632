package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
)

// RefiWatches reads every watch, then every address's latest alert, and
// joins them here. Each statement is one scan whatever the planner's
// figures say. Joined in SQL, with figures taken before a run wrote its
// alerts, PostgreSQL looped over the whole alerts table for each watch: the
// run after a run took minutes for 100,000 watches (docs/performance.md).
func (s *Store) RefiWatches(ctx context.Context) ([]store.RefiWatch, error) {
	latest, err := s.latestRefiAlerts(ctx)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.QueryContext(ctx, `SELECT q.id, q.email, q.remaining_balance + COALESCE(CASE WHEN q.cash_out THEN q.cash_out_amount END, 0),
			COALESCE(CASE WHEN q.cash_out THEN q.cash_out_amount END, 0), q.current_mortgage_rate, q.current_monthly_payment, q.current_mortgage_program, q.created_at,
			d.confirmed_at, d.unsubscribed_at, d.email, q.refi_trigger, q.refi_trigger_value, q.refi_paused_at
		FROM quote_requests q
		JOIN refi_addresses d ON d.email = lower(q.email)
		WHERE q.current_mortgage_rate IS NOT NULL AND q.current_monthly_payment IS NOT NULL
			AND q.remaining_balance IS NOT NULL AND q.email IS NOT NULL AND NOT q.is_example
			AND d.confirmed_at IS NOT NULL
			AND NOT EXISTS (SELECT 1 FROM refi_unsubscribes u WHERE u.quote_request_id = q.id)`)
	if err != nil {
		return nil, fmt.Errorf("refi watches: %w", err)
	}
	defer rows.Close()
	out := []store.RefiWatch{}
	for rows.Next() {
		var w store.RefiWatch
		var address string
		var unsubscribedAt, pausedAt sql.NullTime
		var triggerValue sql.NullFloat64
		if err := rows.Scan(&w.QuoteRequestID, &w.Email, &w.Balance, &w.CashOut, &w.Current.Rate, &w.Current.MonthlyPayment, &w.Current.LoanProgram,
			&w.CreatedAt, &w.ConfirmedAt, &unsubscribedAt, &address, &w.Trigger.Kind, &triggerValue, &pausedAt); err != nil {
			return nil, fmt.Errorf("scan refi watch: %w", err)
		}
		w.CreatedAt, w.ConfirmedAt = w.CreatedAt.UTC(), w.ConfirmedAt.UTC()
		w.Trigger.Value = triggerValue.Float64
		w.UnsubscribedAt, w.PausedAt = utcOrNil(unsubscribedAt), utcOrNil(pausedAt)
		if a, ok := latest[address]; ok {
			a.QuoteRequestID = w.QuoteRequestID
			w.LastAlert = &a
		}
		out = append(out, w)
	}
	return out, rows.Err()
}

// latestRefiAlerts is each address's latest alert, by address: one scan of
// the alerts, numbered per address newest first (alerts from before
// addresses were kept have none and are left out).
func (s *Store) latestRefiAlerts(ctx context.Context) (map[string]store.RefiAlert, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT email, id, market_week, market_rate, new_rate, created_at FROM (
			SELECT email, id, market_week, market_rate, new_rate, created_at,
				ROW_NUMBER() OVER (PARTITION BY email ORDER BY created_at DESC) AS n
			FROM refi_alerts WHERE email IS NOT NULL) ranked
		WHERE n = 1`)
	if err != nil {
		return nil, fmt.Errorf("latest refi alerts: %w", err)
	}
	defer rows.Close()
	latest := map[string]store.RefiAlert{}
	for rows.Next() {
		var a store.RefiAlert
		var week any
		if err := rows.Scan(&a.Email, &a.ID, &week, &a.MarketRate, &a.NewRate, &a.CreatedAt); err != nil {
			return nil, fmt.Errorf("scan latest refi alert: %w", err)
		}
		if a.MarketWeek, err = asDate(week); err != nil {
			return nil, err
		}
		// The watch's read names the alert as before: by date, rates and id.
		address := a.Email
		a.CreatedAt, a.Email = a.CreatedAt.UTC(), ""
		latest[address] = a
	}
	return latest, rows.Err()
}

// RefiWatch reads one watch (confirmed or not) with its settings and its
// address's latest alert, for the homeowner's manage page.
func (s *Store) RefiWatch(ctx context.Context, quoteRequestID string) (store.RefiWatch, error) {
	var w store.RefiWatch
	var confirmedAt, unsubscribedAt, pausedAt sql.NullTime
	var triggerValue sql.NullFloat64
	var address sql.NullString
	err := s.db.QueryRowContext(ctx, `SELECT q.id, q.email, q.remaining_balance + COALESCE(CASE WHEN q.cash_out THEN q.cash_out_amount END, 0),
			COALESCE(CASE WHEN q.cash_out THEN q.cash_out_amount END, 0), q.current_mortgage_rate, q.current_monthly_payment, q.current_mortgage_program, q.created_at,
			d.confirmed_at, d.unsubscribed_at, d.email, q.refi_trigger, q.refi_trigger_value, q.refi_paused_at
		FROM quote_requests q
		LEFT JOIN refi_addresses d ON d.email = lower(q.email)
		WHERE q.id = $1 AND q.current_mortgage_rate IS NOT NULL AND q.current_monthly_payment IS NOT NULL
			AND q.remaining_balance IS NOT NULL AND q.email IS NOT NULL AND NOT q.is_example`, quoteRequestID).Scan(
		&w.QuoteRequestID, &w.Email, &w.Balance, &w.CashOut, &w.Current.Rate, &w.Current.MonthlyPayment, &w.Current.LoanProgram,
		&w.CreatedAt, &confirmedAt, &unsubscribedAt, &address, &w.Trigger.Kind, &triggerValue, &pausedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return store.RefiWatch{}, fmt.Errorf("refi watch %s: %w", quoteRequestID, apperr.ErrNotFound)
	}
	if err != nil {
		return store.RefiWatch{}, fmt.Errorf("refi watch: %w", err)
	}
	w.CreatedAt = w.CreatedAt.UTC()
	if confirmedAt.Valid {
		w.ConfirmedAt = confirmedAt.Time.UTC()
	}
	w.Trigger.Value = triggerValue.Float64
	w.UnsubscribedAt, w.PausedAt = utcOrNil(unsubscribedAt), utcOrNil(pausedAt)
	if !address.Valid {
		return w, nil
	}
	last, err := s.latestRefiAlert(ctx, address.String)
	if err != nil || last == nil {
		return w, err
	}
	last.QuoteRequestID = w.QuoteRequestID
	w.LastAlert = last
	return w, nil
}

// latestRefiAlert is one address's latest alert; nil when it has none.
func (s *Store) latestRefiAlert(ctx context.Context, address string) (*store.RefiAlert, error) {
	var a store.RefiAlert
	var week any
	err := s.db.QueryRowContext(ctx, `SELECT id, market_week, market_rate, new_rate, created_at FROM refi_alerts
		WHERE email = $1 ORDER BY created_at DESC LIMIT 1`, address).Scan(&a.ID, &week, &a.MarketRate, &a.NewRate, &a.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("latest refi alert: %w", err)
	}
	if a.MarketWeek, err = asDate(week); err != nil {
		return nil, err
	}
	a.CreatedAt = a.CreatedAt.UTC()
	return &a, nil
}

// utcOrNil is a nullable time as the records keep it.
func utcOrNil(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

func (s *Store) CreateRefiManageLink(ctx context.Context, tokenHash, quoteRequestID string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO refi_manage_links (token_hash, quote_request_id, created_at) VALUES ($1, $2, $3)`,
		tokenHash, quoteRequestID, at.UTC())
	if err != nil {
		return fmt.Errorf("create refi manage link: %w", err)
	}
	return nil
}

// RefiManageLink looks in both places a manage link is kept: the alerts
// (each alert's link is written with it) and the confirmations' links.
func (s *Store) RefiManageLink(ctx context.Context, tokenHash string) (string, time.Time, error) {
	for _, query := range []string{
		`SELECT quote_request_id, created_at FROM refi_alerts WHERE unsubscribe_token_hash = $1`,
		`SELECT quote_request_id, created_at FROM refi_manage_links WHERE token_hash = $1`,
	} {
		var id string
		var at time.Time
		err := s.db.QueryRowContext(ctx, query, tokenHash).Scan(&id, &at)
		if err == nil {
			return id, at.UTC(), nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return "", time.Time{}, fmt.Errorf("refi manage link: %w", err)
		}
	}
	return "", time.Time{}, fmt.Errorf("manage link: %w", apperr.ErrNotFound)
}

func (s *Store) SetRefiWatchSettings(ctx context.Context, quoteRequestID string, trigger store.RefiTrigger, pausedAt *time.Time) error {
	var value, paused any
	if trigger.Kind != "rule" {
		value = trigger.Value
	}
	if pausedAt != nil {
		paused = pausedAt.UTC()
	}
	res, err := s.db.ExecContext(ctx, `UPDATE quote_requests SET refi_trigger = $2, refi_trigger_value = $3, refi_paused_at = $4 WHERE id = $1`,
		quoteRequestID, trigger.Kind, value, paused)
	if err != nil {
		return fmt.Errorf("refi watch settings: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("refi watch settings %s: %w", quoteRequestID, errors.Join(err, apperr.ErrNotFound))
	}
	return nil
}

// CreateRefiAlerts inserts every alert with one statement, however many
// there are: one statement per alert, and later one per 32, made a Refi Buddy
// run of 100,000 watches take seconds (docs/performance.md). The unique keys
// on address and market week (and request and market week) make a second
// evaluation of the same week insert nothing; RETURNING names the rows this
// call stored.
func (s *Store) CreateRefiAlerts(ctx context.Context, alerts []store.RefiAlert) ([]store.RefiAlert, error) {
	if len(alerts) == 0 {
		return []store.RefiAlert{}, nil
	}
	// In the order of their requests: the foreign key's lookups and the
	// (request, week) index then walk their pages in order instead of
	// jumping between them (SQLite's page cache holds a few MB).
	ordered := slices.Clone(alerts)
	slices.SortFunc(ordered, func(a, b store.RefiAlert) int { return strings.Compare(a.QuoteRequestID, b.QuoteRequestID) })
	query, args, err := s.refiAlertsInsert(ordered)
	if err != nil {
		return nil, fmt.Errorf("create refi alerts: %w", err)
	}
	stored, err := s.insertReturningIDs(ctx, query, args, len(alerts))
	if err != nil {
		return nil, fmt.Errorf("create refi alerts: %w", err)
	}
	created := []store.RefiAlert{}
	for _, a := range alerts {
		if stored[a.ID] {
			at := a.CreatedAt.UTC()
			a.QueuedAt = &at
			created = append(created, a)
		}
	}
	return created, nil
}

// insertReturningIDs runs an INSERT ... RETURNING id and answers the ids.
func (s *Store) insertReturningIDs(ctx context.Context, query string, args []any, n int) (map[string]bool, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	stored := make(map[string]bool, n)
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		stored[id] = true
	}
	return stored, rows.Err()
}

// created_at is also queued_at: the e-mail is queued in the same transaction.
const refiAlertInsert = `INSERT INTO refi_alerts (id, quote_request_id, email, market_week, market_rate, new_rate, new_payment,
		monthly_savings, closing_costs, break_even_months, created_at, queued_at, unsubscribe_token_hash) `

// refiAlertsFromJSON reads the rows of one JSON array of arrays (SQLite).
// "WHERE true" keeps SQLite from reading ON CONFLICT as part of a join.
const refiAlertsFromJSON = refiAlertInsert + `SELECT value->>0, value->>1, value->>2, value->>3, value->>4, value->>5,
		value->>6, value->>7, value->>8, value->>9, value->>10, value->>10, value->>11
	FROM json_each($1) WHERE true ON CONFLICT DO NOTHING RETURNING id`

// refiAlertsFromArrays reads one typed array per column (PostgreSQL).
const refiAlertsFromArrays = refiAlertInsert + `SELECT id, qr, email, week, market, new_rate, payment, savings, costs, months, at, at, token
	FROM unnest($1::text[], $2::text[], $3::text[], $4::date[], $5::float8[], $6::float8[], $7::float8[], $8::float8[],
		$9::float8[], $10::int4[], $11::timestamptz[], $12::text[])
		AS t (id, qr, email, week, market, new_rate, payment, savings, costs, months, at, token)
	ON CONFLICT DO NOTHING RETURNING id`

// sqliteTime is how the SQLite driver writes a time (its _time_format
// "sqlite", which sqlite.OpenDB sets), so rows inserted from JSON read back
// like any other.
const sqliteTime = "2006-01-02 15:04:05.999999999-07:00"

// refiAlertsInsert is the one statement and its arguments, in the dialect's
// way of carrying many rows.
func (s *Store) refiAlertsInsert(alerts []store.RefiAlert) (string, []any, error) {
	if s.dialect.Bulk() == BulkArrays {
		return refiAlertsFromArrays, refiAlertArrays(alerts), nil
	}
	rows := make([][]any, len(alerts))
	for i, a := range alerts {
		rows[i] = []any{a.ID, a.QuoteRequestID, a.Email, a.MarketWeek.Format(time.DateOnly), a.MarketRate, a.NewRate, a.NewPayment,
			a.MonthlySavings, a.ClosingCosts, a.BreakEvenMonths, a.CreatedAt.UTC().Format(sqliteTime), a.UnsubscribeTokenHash}
	}
	body, err := json.Marshal(rows)
	if err != nil {
		return "", nil, err
	}
	return refiAlertsFromJSON, []any{string(body)}, nil
}

func refiAlertArrays(alerts []store.RefiAlert) []any {
	n := len(alerts)
	ids, requests, emails, weeks, tokens := make([]string, n), make([]string, n), make([]string, n), make([]string, n), make([]string, n)
	market, newRate, payment, savings, costs := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	months, at := make([]int32, n), make([]time.Time, n)
	for i, a := range alerts {
		ids[i], requests[i], emails[i], weeks[i], tokens[i] = a.ID, a.QuoteRequestID, a.Email, a.MarketWeek.Format(time.DateOnly), a.UnsubscribeTokenHash
		market[i], newRate[i], payment[i], savings[i], costs[i] = a.MarketRate, a.NewRate, a.NewPayment, a.MonthlySavings, a.ClosingCosts
		months[i], at[i] = int32(a.BreakEvenMonths), a.CreatedAt.UTC()
	}
	return []any{ids, requests, emails, weeks, market, newRate, payment, savings, costs, months, at, tokens}
}

const refiAlertColumns = `a.id, a.quote_request_id, COALESCE(a.email, lower(q.email)), a.market_week, a.market_rate, a.new_rate, a.new_payment,
	a.monthly_savings, a.closing_costs, a.break_even_months, a.created_at, a.queued_at`

func (s *Store) refiAlerts(ctx context.Context, query string, args ...any) ([]store.RefiAlert, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("refi alerts: %w", err)
	}
	defer rows.Close()
	out := []store.RefiAlert{}
	for rows.Next() {
		var a store.RefiAlert
		var week any
		var email sql.NullString
		var queued sql.NullTime
		if err := rows.Scan(&a.ID, &a.QuoteRequestID, &email, &week, &a.MarketRate, &a.NewRate, &a.NewPayment, &a.MonthlySavings,
			&a.ClosingCosts, &a.BreakEvenMonths, &a.CreatedAt, &queued); err != nil {
			return nil, fmt.Errorf("scan refi alert: %w", err)
		}
		if a.MarketWeek, err = asDate(week); err != nil {
			return nil, err
		}
		a.Email, a.CreatedAt = email.String, a.CreatedAt.UTC()
		if queued.Valid {
			t := queued.Time.UTC()
			a.QueuedAt = &t
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

func (s *Store) RefiAlerts(ctx context.Context, quoteRequestID string) ([]store.RefiAlert, error) {
	return s.refiAlerts(ctx, `SELECT `+refiAlertColumns+` FROM refi_alerts a JOIN quote_requests q ON q.id = a.quote_request_id
		WHERE a.quote_request_id = $1 ORDER BY a.created_at DESC`, quoteRequestID)
}

// ClaimRefiConfirmation's conditional updates are the guard: on PostgreSQL a
// second claim waits for the first's row lock and then finds the address (or
// the mailbox, or the domain's count) already used; SQLite runs one writer at
// a time. Any refusal rolls back what the claim wrote before it.
func (s *Store) ClaimRefiConfirmation(ctx context.Context, c store.RefiConfirmationClaim) (bool, error) {
	tx, err := s.begin(ctx)
	if err != nil {
		return false, fmt.Errorf("claim refi confirmation: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	at, notBefore := c.At.UTC(), c.NotBefore.UTC()
	if _, err := tx.ExecContext(ctx, `INSERT INTO refi_addresses (email, created_at) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING`,
		c.Email, at); err != nil {
		return false, fmt.Errorf("claim refi confirmation: %w", err)
	}
	for _, claim := range []struct {
		query string
		args  []any
	}{
		{`UPDATE refi_addresses SET confirmation_sent_at = $2
			WHERE email = $1 AND confirmed_at IS NULL AND (confirmation_sent_at IS NULL OR confirmation_sent_at <= $3)`,
			[]any{c.Email, at, notBefore}},
		{`INSERT INTO refi_confirmation_mailboxes (mailbox, sent_at) VALUES ($1, $2)
			ON CONFLICT (mailbox) DO UPDATE SET sent_at = excluded.sent_at WHERE refi_confirmation_mailboxes.sent_at <= $3`,
			[]any{c.Mailbox, at, notBefore}},
		{`INSERT INTO refi_confirmation_domains (domain, day, sent) VALUES ($1, $2, 1)
			ON CONFLICT (domain, day) DO UPDATE SET sent = refi_confirmation_domains.sent + 1 WHERE refi_confirmation_domains.sent < $3`,
			[]any{c.Domain, at.Format(time.DateOnly), c.DomainCap}},
	} {
		res, err := tx.ExecContext(ctx, claim.query, claim.args...)
		if err != nil {
			return false, fmt.Errorf("claim refi confirmation: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return false, err
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO refi_confirmations (token_hash, email, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
		c.TokenHash, c.Email, at, c.Expires.UTC()); err != nil {
		return false, fmt.Errorf("claim refi confirmation: %w", err)
	}
	return true, tx.Commit()
}

func (s *Store) ConfirmRefiAddress(ctx context.Context, tokenHash string, now time.Time) error {
	var email string
	err := s.db.QueryRowContext(ctx, `SELECT email FROM refi_confirmations WHERE token_hash = $1 AND expires_at > $2`,
		tokenHash, now.UTC()).Scan(&email)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("confirmation token: %w", apperr.ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("confirm refi address: %w", err)
	}
	_, err = s.db.ExecContext(ctx, `UPDATE refi_addresses SET confirmed_at = $2 WHERE email = $1 AND confirmed_at IS NULL`, email, now.UTC())
	if err != nil {
		return fmt.Errorf("confirm refi address: %w", err)
	}
	return nil
}

func (s *Store) UnsubscribeRefi(ctx context.Context, tokenHash string, at time.Time) error {
	var email string
	err := s.db.QueryRowContext(ctx, `SELECT COALESCE(a.email, lower(q.email)) FROM refi_alerts a JOIN quote_requests q ON q.id = a.quote_request_id
		WHERE a.unsubscribe_token_hash = $1`, tokenHash).Scan(&email)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("unsubscribe token: %w", apperr.ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("unsubscribe: %w", err)
	}
	return s.UnsubscribeRefiAddress(ctx, email, at)
}

// UnsubscribeRefiAddress also forgets the address' confirmation links: an
// old confirmation e-mail followed after the unsubscribe must not turn its
// alerts on again (issue 24).
func (s *Store) UnsubscribeRefiAddress(ctx context.Context, email string, at time.Time) error {
	tx, err := s.begin(ctx)
	if err != nil {
		return fmt.Errorf("unsubscribe: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	if _, err := tx.ExecContext(ctx, `INSERT INTO refi_addresses (email, created_at, unsubscribed_at) VALUES ($1, $2, $2)
		ON CONFLICT (email) DO UPDATE SET unsubscribed_at = excluded.unsubscribed_at, confirmed_at = NULL`, email, at.UTC()); err != nil {
		return fmt.Errorf("unsubscribe: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM refi_confirmations WHERE email = $1`, email); err != nil {
		return fmt.Errorf("unsubscribe: %w", err)
	}
	return tx.Commit()
}

func (s *Store) UnsubscribedAt(ctx context.Context, email string) (*time.Time, error) {
	var at sql.NullTime
	err := s.db.QueryRowContext(ctx, `SELECT unsubscribed_at FROM refi_addresses WHERE lower(email) = lower($1)
		AND unsubscribed_at IS NOT NULL AND (confirmed_at IS NULL OR confirmed_at < unsubscribed_at)`, email).Scan(&at)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("unsubscribed at: %w", err)
	}
	return utcOrNil(at), nil
}
