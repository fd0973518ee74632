package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
)

func (s *Store) RefiWatches(ctx context.Context) ([]store.RefiWatch, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT q.id, q.email, q.remaining_balance + COALESCE(CASE WHEN q.cash_out THEN q.cash_out_amount END, 0),
			q.current_mortgage_rate, q.current_monthly_payment, q.current_mortgage_program,
			a.id, a.market_week, a.market_rate, a.new_rate, a.created_at
		FROM quote_requests q
		LEFT JOIN refi_alerts a ON a.quote_request_id = q.id
			AND a.created_at = (SELECT MAX(x.created_at) FROM refi_alerts x WHERE x.quote_request_id = q.id)
		WHERE q.current_mortgage_rate IS NOT NULL AND q.current_monthly_payment IS NOT NULL
			AND q.remaining_balance IS NOT NULL AND q.email IS NOT NULL AND NOT q.is_example
			AND NOT EXISTS (SELECT 1 FROM refi_unsubscribes u WHERE u.quote_request_id = q.id)`)
	if err != nil {
		return nil, fmt.Errorf("refi watches: %w", err)
	}
	defer rows.Close()
	out := []store.RefiWatch{}
	for rows.Next() {
		var w store.RefiWatch
		var alertID sql.NullString
		var week any
		var marketRate, newRate sql.NullFloat64
		var alertAt sql.NullTime
		if err := rows.Scan(&w.QuoteRequestID, &w.Email, &w.Balance, &w.Current.Rate, &w.Current.MonthlyPayment, &w.Current.LoanProgram,
			&alertID, &week, &marketRate, &newRate, &alertAt); err != nil {
			return nil, fmt.Errorf("scan refi watch: %w", err)
		}
		if alertID.Valid {
			a := &store.RefiAlert{ID: alertID.String, QuoteRequestID: w.QuoteRequestID, MarketRate: marketRate.Float64,
				NewRate: newRate.Float64, CreatedAt: alertAt.Time.UTC()}
			if a.MarketWeek, err = asDate(week); err != nil {
				return nil, err
			}
			w.LastAlert = a
		}
		out = append(out, w)
	}
	return out, rows.Err()
}

// CreateRefiAlerts inserts in one transaction; the unique key on request and
// market week makes a second evaluation of the same week insert nothing.
func (s *Store) CreateRefiAlerts(ctx context.Context, alerts []store.RefiAlert) (int, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, fmt.Errorf("create refi alerts: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	stmt, err := tx.PrepareContext(ctx, `INSERT INTO refi_alerts (id, quote_request_id, market_week, market_rate, new_rate, new_payment,
		monthly_savings, closing_costs, break_even_months, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)
		ON CONFLICT (quote_request_id, market_week) DO NOTHING`)
	if err != nil {
		return 0, fmt.Errorf("create refi alerts: %w", err)
	}
	defer stmt.Close()
	n := 0
	for _, a := range alerts {
		res, err := stmt.ExecContext(ctx, a.ID, a.QuoteRequestID, a.MarketWeek.Format("2006-01-02"), a.MarketRate, a.NewRate, a.NewPayment,
			a.MonthlySavings, a.ClosingCosts, a.BreakEvenMonths, a.CreatedAt.UTC())
		if err != nil {
			return 0, fmt.Errorf("create refi alert: %w", err)
		}
		k, _ := res.RowsAffected()
		n += int(k)
	}
	return n, tx.Commit()
}

const refiAlertColumns = `a.id, a.quote_request_id, q.email, a.market_week, a.market_rate, a.new_rate, a.new_payment, a.monthly_savings,
	a.closing_costs, a.break_even_months, a.created_at, a.queued_at`

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

func (s *Store) UnqueuedRefiAlerts(ctx context.Context, limit int) ([]store.RefiAlert, error) {
	return s.refiAlerts(ctx, `SELECT `+refiAlertColumns+` FROM refi_alerts a JOIN quote_requests q ON q.id = a.quote_request_id
		WHERE a.queued_at IS NULL AND q.email IS NOT NULL
			AND NOT EXISTS (SELECT 1 FROM refi_unsubscribes u WHERE u.quote_request_id = a.quote_request_id)
		ORDER BY a.created_at LIMIT $1`, limit)
}

func (s *Store) RefiAlerts(ctx context.Context, quoteRequestID string) ([]store.RefiAlert, error) {
	return s.refiAlerts(ctx, `SELECT `+refiAlertColumns+` FROM refi_alerts a JOIN quote_requests q ON q.id = a.quote_request_id
		WHERE a.quote_request_id = $1 ORDER BY a.created_at DESC`, quoteRequestID)
}

func (s *Store) ClaimRefiAlerts(ctx context.Context, claims map[string]string, at time.Time) ([]string, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("claim refi alerts: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	stmt, err := tx.PrepareContext(ctx, `UPDATE refi_alerts SET queued_at = $2, unsubscribe_token_hash = $3 WHERE id = $1 AND queued_at IS NULL`)
	if err != nil {
		return nil, fmt.Errorf("claim refi alerts: %w", err)
	}
	defer stmt.Close()
	var claimed []string
	for id, hash := range claims {
		res, err := stmt.ExecContext(ctx, id, at.UTC(), hash)
		if err != nil {
			return nil, fmt.Errorf("claim refi alert: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			claimed = append(claimed, id)
		}
	}
	return claimed, tx.Commit()
}

func (s *Store) ReleaseRefiAlerts(ctx context.Context, ids []string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("release refi alerts: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	for _, id := range ids {
		if _, err := tx.ExecContext(ctx, `UPDATE refi_alerts SET queued_at = NULL, unsubscribe_token_hash = NULL WHERE id = $1`, id); err != nil {
			return fmt.Errorf("release refi alert: %w", err)
		}
	}
	return tx.Commit()
}

func (s *Store) UnsubscribeRefi(ctx context.Context, tokenHash string, at time.Time) error {
	var requestID string
	err := s.db.QueryRowContext(ctx, `SELECT quote_request_id FROM refi_alerts WHERE unsubscribe_token_hash = $1`, tokenHash).Scan(&requestID)
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("unsubscribe token: %w", apperr.ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("unsubscribe: %w", err)
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO refi_unsubscribes (quote_request_id, unsubscribed_at) VALUES ($1, $2)
		ON CONFLICT (quote_request_id) DO NOTHING`, requestID, at.UTC())
	if err != nil {
		return fmt.Errorf("unsubscribe: %w", err)
	}
	return nil
}
