package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
)

func (s *Store) ListQuoteRequests(ctx context.Context, analysed bool, limit int) ([]store.QuoteRequest, error) {
	// Pending requests oldest first: the longest wait is the next to answer,
	// and the limit never hides it (issue 14, defect 12).
	cond, order := "NOT EXISTS", "ASC"
	if analysed {
		cond, order = "EXISTS", "DESC"
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+quoteRequestRead+` FROM quote_requests q
		WHERE NOT q.is_example AND `+cond+` (SELECT 1 FROM analyses a WHERE a.quote_request_id = q.id)
		ORDER BY q.created_at `+order+` LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("list quote requests: %w", err)
	}
	list, err := scanQuoteRequests(rows)
	if err != nil {
		return nil, err
	}
	if err := s.attachMoreQuotes(ctx, list); err != nil {
		return nil, fmt.Errorf("list quote requests: %w", err)
	}
	return list, nil
}

// attachMoreQuotes reads the second to fourth quotes of every listed request
// in one statement, not one per row: the dashboard shows how many quotes each
// carries (issue 29) and a page holds up to api.AdminListLimit requests.
func (s *Store) attachMoreQuotes(ctx context.Context, list []store.QuoteRequest) error {
	if len(list) == 0 {
		return nil
	}
	at := make(map[string]int, len(list))
	marks := make([]string, len(list))
	args := make([]any, len(list))
	for i, r := range list {
		at[r.ID] = i
		marks[i] = fmt.Sprintf("$%d", i+1)
		args[i] = r.ID
	}
	rows, err := s.db.QueryContext(ctx, `SELECT quote_request_id, lender_name, rate, points, lender_fees, mortgage_insurance, upload_key,
		rate_lock_until, prepayment_penalty FROM visitor_quotes WHERE quote_request_id IN (`+strings.Join(marks, ",")+`) ORDER BY quote_request_id, position`, args...)
	if err != nil {
		return fmt.Errorf("visitor quotes: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var q store.VisitorQuote
		if err := rows.Scan(&id, &q.LenderName, &q.Rate, &q.Points, &q.LenderFees, &q.MortgageInsurance, &q.UploadKey,
			&q.Terms.RateLockUntil, &q.Terms.PrepaymentPenalty); err != nil {
			return fmt.Errorf("scan visitor quote: %w", err)
		}
		list[at[id]].MoreQuotes = append(list[at[id]].MoreQuotes, q)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("visitor quotes: %w", err)
	}
	return nil
}

// scanQuoteRequests reads every row of a quoteRequestRead query and closes
// it; an empty list, never nil.
func scanQuoteRequests(rows *sql.Rows) ([]store.QuoteRequest, error) {
	defer rows.Close()
	list := []store.QuoteRequest{}
	for rows.Next() {
		r, err := scanQuoteRequest(rows)
		if err != nil {
			return nil, fmt.Errorf("scan quote request: %w", err)
		}
		list = append(list, r)
	}
	return list, rows.Err()
}

func (s *Store) ListContactRequests(ctx context.Context, limit int) ([]store.ContactRequest, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+contactRequestColumns+` FROM contact_requests ORDER BY created_at DESC LIMIT $1`, limit)
	if err != nil {
		return nil, fmt.Errorf("list contact requests: %w", err)
	}
	defer rows.Close()
	list := []store.ContactRequest{}
	for rows.Next() {
		c, err := scanContactRequest(rows)
		if err != nil {
			return nil, fmt.Errorf("scan contact request: %w", err)
		}
		list = append(list, c)
	}
	return list, rows.Err()
}

func (s *Store) MarkContactRequestAnswered(ctx context.Context, id, by string, at time.Time) error {
	if err := unknownID("contact request", id); err != nil {
		return err
	}
	res, err := s.db.ExecContext(ctx, `UPDATE contact_requests SET answered_at = $2, answered_by = $3 WHERE id = $1`, id, at.UTC(), by)
	return checkUpdated(res, err, "mark contact request answered", id)
}

// AnalysisSuggestions counts texts in Go: the lists are JSON in both
// databases and a few hundred recent analyses are plenty to suggest from.
func (s *Store) AnalysisSuggestions(ctx context.Context, limit int) (store.Suggestions, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT recommendations, pros, cons FROM analyses ORDER BY updated_at DESC LIMIT 500`)
	if err != nil {
		return store.Suggestions{}, fmt.Errorf("analysis suggestions: %w", err)
	}
	defer rows.Close()
	counts := [3]map[string]int{{}, {}, {}}
	for rows.Next() {
		var raw [3]string
		if err := rows.Scan(&raw[0], &raw[1], &raw[2]); err != nil {
			return store.Suggestions{}, fmt.Errorf("scan suggestions: %w", err)
		}
		for i := range raw {
			list, err := decodeList(raw[i])
			if err != nil {
				return store.Suggestions{}, err
			}
			for _, text := range list {
				counts[i][text]++
			}
		}
	}
	if err := rows.Err(); err != nil {
		return store.Suggestions{}, fmt.Errorf("analysis suggestions: %w", err)
	}
	return store.Suggestions{Recommendations: mostUsed(counts[0], limit), Pros: mostUsed(counts[1], limit), Cons: mostUsed(counts[2], limit)}, nil
}

func mostUsed(counts map[string]int, limit int) []string {
	out := make([]string, 0, len(counts))
	for text := range counts {
		out = append(out, text)
	}
	sort.Slice(out, func(i, j int) bool {
		if counts[out[i]] != counts[out[j]] {
			return counts[out[i]] > counts[out[j]]
		}
		return out[i] < out[j]
	})
	if len(out) > limit {
		out = out[:limit]
	}
	return out
}

func (s *Store) UpsertUser(ctx context.Context, u store.User) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO users (id, email, name, created_at, updated_at) VALUES ($1,$2,$3,$4,$4)
		ON CONFLICT (id) DO UPDATE SET email = excluded.email, name = excluded.name, updated_at = excluded.updated_at`,
		u.ID, strings.ToLower(u.Email), u.Name, u.UpdatedAt.UTC())
	if s.dialect.IsUniqueViolation(err) {
		return fmt.Errorf("upsert user: e-mail belongs to another user: %w", apperr.ErrConflict)
	}
	if err != nil {
		return fmt.Errorf("upsert user: %w", err)
	}
	return nil
}

const userColumns = `u.id, u.email, u.name, u.created_at, u.updated_at, EXISTS (SELECT 1 FROM admins a WHERE a.email = u.email)`

func scanUser(row scanner) (store.User, error) {
	var u store.User
	err := row.Scan(&u.ID, &u.Email, &u.Name, &u.CreatedAt, &u.UpdatedAt, &u.IsAdmin)
	u.CreatedAt, u.UpdatedAt = u.CreatedAt.UTC(), u.UpdatedAt.UTC()
	return u, err
}

func (s *Store) GetUser(ctx context.Context, id string) (store.User, error) {
	if err := unknownID("user", id); err != nil {
		return store.User{}, err
	}
	u, err := scanUser(s.db.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users u WHERE u.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return u, fmt.Errorf("user %s: %w", id, apperr.ErrNotFound)
	}
	if err != nil {
		return u, fmt.Errorf("get user: %w", err)
	}
	return u, nil
}

func (s *Store) GrantAdmin(ctx context.Context, email string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO admins (email, granted_at) VALUES ($1, $2) ON CONFLICT (email) DO NOTHING`,
		strings.ToLower(email), at.UTC())
	if err != nil {
		return fmt.Errorf("grant admin: %w", err)
	}
	return nil
}

func (s *Store) RevokeAdmin(ctx context.Context, email string) error {
	res, err := s.db.ExecContext(ctx, `DELETE FROM admins WHERE email = $1`, strings.ToLower(email))
	return checkUpdated(res, err, "revoke admin", "")
}

func (s *Store) SetLoanOfficer(ctx context.Context, email string, o store.LoanOfficer) error {
	if err := checkText("name", o.Name, "nmls", o.NMLS); err != nil {
		return err
	}
	res, err := s.db.ExecContext(ctx, `UPDATE admins SET officer_name = $2, officer_nmls = $3 WHERE email = $1`,
		strings.ToLower(email), o.Name, o.NMLS)
	return checkUpdated(res, err, "set loan officer", "")
}

func (s *Store) GetLoanOfficer(ctx context.Context, email string) (store.LoanOfficer, error) {
	var o store.LoanOfficer
	err := s.db.QueryRowContext(ctx, `SELECT officer_name, officer_nmls FROM admins WHERE email = $1`,
		strings.ToLower(email)).Scan(&o.Name, &o.NMLS)
	if errors.Is(err, sql.ErrNoRows) {
		return o, fmt.Errorf("loan officer: not an admin: %w", apperr.ErrNotFound)
	}
	if err != nil {
		return o, fmt.Errorf("get loan officer: %w", err)
	}
	return o, nil
}

func (s *Store) CreateSession(ctx context.Context, ses store.Session) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO sessions (id, secret_hash, user_id, created_at, expires_at, needs_second_factor, last_seen_at)
		VALUES ($1,$2,$3,$4,$5,$6,$4)`,
		ses.ID, ses.SecretHash, ses.UserID, ses.CreatedAt.UTC(), ses.ExpiresAt.UTC(), ses.NeedsSecondFactor)
	if err != nil {
		return fmt.Errorf("create session: %w", err)
	}
	return nil
}

func (s *Store) SessionBySecret(ctx context.Context, secretHash string, now time.Time) (store.Session, store.User, error) {
	var ses store.Session
	row := s.db.QueryRowContext(ctx, `SELECT s.id, s.secret_hash, s.user_id, s.created_at, s.expires_at,
		s.needs_second_factor, s.second_factor_at, s.last_seen_at, `+userColumns+`
		FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE s.secret_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`, secretHash, now.UTC())
	var u store.User
	var passed, seen sql.NullTime
	err := row.Scan(&ses.ID, &ses.SecretHash, &ses.UserID, &ses.CreatedAt, &ses.ExpiresAt,
		&ses.NeedsSecondFactor, &passed, &seen,
		&u.ID, &u.Email, &u.Name, &u.CreatedAt, &u.UpdatedAt, &u.IsAdmin)
	ses.CreatedAt, ses.ExpiresAt = ses.CreatedAt.UTC(), ses.ExpiresAt.UTC()
	ses.SecondFactorAt, ses.LastSeenAt = nullTime(passed), nullTime(seen)
	u.CreatedAt, u.UpdatedAt = u.CreatedAt.UTC(), u.UpdatedAt.UTC()
	if errors.Is(err, sql.ErrNoRows) {
		return ses, u, fmt.Errorf("session: %w", apperr.ErrNotFound)
	}
	if err != nil {
		return ses, u, fmt.Errorf("get session: %w", err)
	}
	return ses, u, nil
}

func (s *Store) RevokeSession(ctx context.Context, id string, at time.Time) error {
	res, err := s.db.ExecContext(ctx, `UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL`, id, at.UTC())
	return checkUpdated(res, err, "revoke session", id)
}

func (s *Store) CreateAccessToken(ctx context.Context, t store.AccessToken) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO access_tokens (token_hash, session_id, expires_at) VALUES ($1,$2,$3)`,
		t.TokenHash, t.SessionID, t.ExpiresAt.UTC())
	if err != nil {
		return fmt.Errorf("create access token: %w", err)
	}
	return nil
}

func (s *Store) UserByAccessToken(ctx context.Context, tokenHash string, now time.Time) (store.User, error) {
	u, err := scanUser(s.db.QueryRowContext(ctx, `SELECT `+userColumns+`
		FROM access_tokens t JOIN sessions s ON s.id = t.session_id JOIN users u ON u.id = s.user_id
		WHERE t.token_hash = $1 AND t.expires_at > $2 AND s.revoked_at IS NULL AND s.expires_at > $2
			AND (NOT s.needs_second_factor OR s.second_factor_at IS NOT NULL OR NOT EXISTS (SELECT 1 FROM admins a WHERE a.email = u.email))`,
		tokenHash, now.UTC()))
	if errors.Is(err, sql.ErrNoRows) {
		return u, fmt.Errorf("access token: %w", apperr.ErrNotFound)
	}
	if err != nil {
		return u, fmt.Errorf("user by access token: %w", err)
	}
	return u, nil
}

func (s *Store) DeleteExpiredAccessTokens(ctx context.Context, now time.Time) (int, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM access_tokens WHERE expires_at <= $1`, now.UTC())
	if err != nil {
		return 0, fmt.Errorf("delete expired access tokens: %w", err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}
