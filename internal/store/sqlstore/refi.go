package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
)

// refiWatchSelect reads watches with their address' state and latest alert;
// the caller adds the join to refi_addresses and the WHERE clause.
const refiWatchSelect = `SELECT q.id, q.email, q.remaining_balance + COALESCE(CASE WHEN q.cash_out THEN q.cash_out_amount END, 0),
			q.current_mortgage_rate, q.current_monthly_payment, q.current_mortgage_program, q.created_at,
			d.confirmed_at, d.unsubscribed_at, q.refi_trigger, q.refi_trigger_value, q.refi_paused_at,
			a.id, a.market_week, a.market_rate, a.new_rate, a.created_at
		FROM quote_requests q `

// refiWatchIsWatch is what makes a request a watch.
const refiWatchIsWatch = ` q.current_mortgage_rate IS NOT NULL AND q.current_monthly_payment IS NOT NULL
			AND q.remaining_balance IS NOT NULL AND q.email IS NOT NULL AND NOT q.is_example`

// refiWatchLastAlert joins the latest alert of the address named by email
// (an SQL expression).
func refiWatchLastAlert(email string) string {
	return ` LEFT JOIN refi_alerts a ON a.email = ` + email + `
			AND a.created_at = (SELECT MAX(x.created_at) FROM refi_alerts x WHERE x.email = ` + email + `)`
}

// nullIfEmpty stores "" as NULL (a unique column may hold many NULLs).
func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func (s *Store) RefiWatches(ctx context.Context) ([]store.RefiWatch, error) {
	rows, err := s.db.QueryContext(ctx, refiWatchSelect+`JOIN refi_addresses d ON d.email = lower(q.email)`+refiWatchLastAlert("d.email")+`
		WHERE`+refiWatchIsWatch+` AND d.confirmed_at IS NOT NULL
			AND NOT EXISTS (SELECT 1 FROM refi_unsubscribes u WHERE u.quote_request_id = q.id)`)
	if err != nil {
		return nil, fmt.Errorf("refi watches: %w", err)
	}
	defer rows.Close()
	out := []store.RefiWatch{}
	for rows.Next() {
		w, err := scanRefiWatch(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, rows.Err()
}

func (s *Store) RefiWatch(ctx context.Context, quoteRequestID string) (store.RefiWatch, error) {
	rows, err := s.db.QueryContext(ctx, refiWatchSelect+`LEFT JOIN refi_addresses d ON d.email = lower(q.email)`+refiWatchLastAlert("lower(q.email)")+`
		WHERE q.id = $1 AND`+refiWatchIsWatch, quoteRequestID)
	if err != nil {
		return store.RefiWatch{}, fmt.Errorf("refi watch: %w", err)
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return store.RefiWatch{}, fmt.Errorf("refi watch: %w", err)
		}
		return store.RefiWatch{}, fmt.Errorf("refi watch %s: %w", quoteRequestID, apperr.ErrNotFound)
	}
	return scanRefiWatch(rows)
}

func scanRefiWatch(rows *sql.Rows) (store.RefiWatch, error) {
	var w store.RefiWatch
	var alertID sql.NullString
	var week any
	var marketRate, newRate, triggerValue sql.NullFloat64
	var alertAt, confirmedAt, unsubscribedAt, pausedAt sql.NullTime
	if err := rows.Scan(&w.QuoteRequestID, &w.Email, &w.Balance, &w.Current.Rate, &w.Current.MonthlyPayment, &w.Current.LoanProgram,
		&w.CreatedAt, &confirmedAt, &unsubscribedAt, &w.Trigger.Kind, &triggerValue, &pausedAt,
		&alertID, &week, &marketRate, &newRate, &alertAt); err != nil {
		return w, fmt.Errorf("scan refi watch: %w", err)
	}
	w.CreatedAt, w.ConfirmedAt = w.CreatedAt.UTC(), confirmedAt.Time.UTC()
	if !confirmedAt.Valid {
		w.ConfirmedAt = time.Time{}
	}
	w.Trigger.Value = triggerValue.Float64
	w.UnsubscribedAt, w.PausedAt = utcOrNil(unsubscribedAt), utcOrNil(pausedAt)
	if alertID.Valid {
		a := &store.RefiAlert{ID: alertID.String, QuoteRequestID: w.QuoteRequestID, MarketRate: marketRate.Float64,
			NewRate: newRate.Float64, CreatedAt: alertAt.Time.UTC()}
		var err error
		if a.MarketWeek, err = asDate(week); err != nil {
			return w, err
		}
		w.LastAlert = a
	}
	return w, nil
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
		`SELECT quote_request_id, created_at FROM refi_alerts WHERE manage_token_hash = $1`,
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

// CreateRefiAlerts inserts in one transaction (or in InTx's), many rows per
// statement: one statement per alert made a Refi Buddy run of 100,000
// watches take seconds (docs/performance.md). The unique keys on address and
// market week (and request and market week) make a second evaluation of the
// same week insert nothing; RETURNING names the rows this call stored.
func (s *Store) CreateRefiAlerts(ctx context.Context, alerts []store.RefiAlert) ([]store.RefiAlert, error) {
	tx, err := s.begin(ctx)
	if err != nil {
		return nil, fmt.Errorf("create refi alerts: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	stored := make(map[string]bool, len(alerts))
	for rest := alerts; len(rest) > 0; {
		n := alertRowsPerStatement(len(rest))
		if err := insertRefiAlerts(ctx, tx, rest[:n], stored); err != nil {
			return nil, err
		}
		rest = rest[n:]
	}
	if err := tx.Commit(); err != nil {
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

// alertRowSizes are the row counts one INSERT carries: a few fixed sizes,
// so the statement cache holds three texts, not one per batch length. More
// rows a statement cost more than they save: the SQLite driver looks each
// $n up by name in a list as long as the statement's values (512 rows spent
// more time there than inserting).
var alertRowSizes = []int{32, 8, 1}

func alertRowsPerStatement(left int) int {
	for _, n := range alertRowSizes {
		if left >= n {
			return n
		}
	}
	return left
}

const refiAlertValues = 13

// insertRefiAlerts inserts rows in one statement and marks in stored the
// ids it inserted.
func insertRefiAlerts(ctx context.Context, tx txn, rows []store.RefiAlert, stored map[string]bool) error {
	var b strings.Builder
	b.WriteString(`INSERT INTO refi_alerts (id, quote_request_id, email, market_week, market_rate, new_rate, new_payment,
		monthly_savings, closing_costs, break_even_months, created_at, queued_at, unsubscribe_token_hash, manage_token_hash) VALUES `)
	args := make([]any, 0, len(rows)*refiAlertValues)
	for i, a := range rows {
		if i > 0 {
			b.WriteByte(',')
		}
		p := i*refiAlertValues + 1
		// created_at is also queued_at: the e-mail is queued in this transaction.
		fmt.Fprintf(&b, "($%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d,$%d)",
			p, p+1, p+2, p+3, p+4, p+5, p+6, p+7, p+8, p+9, p+10, p+10, p+11, p+12)
		args = append(args, a.ID, a.QuoteRequestID, a.Email, a.MarketWeek.Format("2006-01-02"), a.MarketRate, a.NewRate, a.NewPayment,
			a.MonthlySavings, a.ClosingCosts, a.BreakEvenMonths, a.CreatedAt.UTC(), a.UnsubscribeTokenHash, nullIfEmpty(a.ManageTokenHash))
	}
	b.WriteString(` ON CONFLICT DO NOTHING RETURNING id`)
	res, err := tx.QueryContext(ctx, b.String(), args...)
	if err != nil {
		return fmt.Errorf("create refi alerts: %w", err)
	}
	defer res.Close()
	for res.Next() {
		var id string
		if err := res.Scan(&id); err != nil {
			return fmt.Errorf("create refi alerts: %w", err)
		}
		stored[id] = true
	}
	if err := res.Err(); err != nil {
		return fmt.Errorf("create refi alerts: %w", err)
	}
	return nil
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

// ClaimRefiConfirmation's conditional update is the guard: on PostgreSQL a
// second claim waits for the first's row lock and then finds the address
// already sent to; SQLite runs one writer at a time.
func (s *Store) ClaimRefiConfirmation(ctx context.Context, email, tokenHash string, at, notBefore, expires time.Time) (bool, error) {
	tx, err := s.begin(ctx)
	if err != nil {
		return false, fmt.Errorf("claim refi confirmation: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	if _, err := tx.ExecContext(ctx, `INSERT INTO refi_addresses (email, created_at) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING`,
		email, at.UTC()); err != nil {
		return false, fmt.Errorf("claim refi confirmation: %w", err)
	}
	res, err := tx.ExecContext(ctx, `UPDATE refi_addresses SET confirmation_sent_at = $2
		WHERE email = $1 AND confirmed_at IS NULL AND (confirmation_sent_at IS NULL OR confirmation_sent_at <= $3)`,
		email, at.UTC(), notBefore.UTC())
	if err != nil {
		return false, fmt.Errorf("claim refi confirmation: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO refi_confirmations (token_hash, email, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
		tokenHash, email, at.UTC(), expires.UTC()); err != nil {
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

func (s *Store) UnsubscribeRefiAddress(ctx context.Context, email string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO refi_addresses (email, created_at, unsubscribed_at) VALUES ($1, $2, $2)
		ON CONFLICT (email) DO UPDATE SET unsubscribed_at = excluded.unsubscribed_at, confirmed_at = NULL`, email, at.UTC())
	if err != nil {
		return fmt.Errorf("unsubscribe: %w", err)
	}
	return nil
}
