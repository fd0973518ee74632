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

func (s *Store) StartSecondFactor(ctx context.Context, userID, sealed string, at time.Time) error {
	res, err := s.db.ExecContext(ctx, `INSERT INTO second_factors (user_id, secret_sealed, created_at) VALUES ($1, $2, $3)
		ON CONFLICT (user_id) DO UPDATE SET secret_sealed = excluded.secret_sealed, created_at = excluded.created_at,
			last_step = 0, failures = 0, failed_at = NULL
		WHERE second_factors.enrolled_at IS NULL`, userID, sealed, at.UTC())
	if err != nil {
		return fmt.Errorf("start second factor: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("start second factor: already enrolled: %w", apperr.ErrConflict)
	}
	return nil
}

func (s *Store) GetSecondFactor(ctx context.Context, userID string) (store.SecondFactor, error) {
	f := store.SecondFactor{UserID: userID}
	var enrolled, failed sql.NullTime
	err := s.db.QueryRowContext(ctx, `SELECT f.secret_sealed, f.created_at, f.enrolled_at, f.last_step, f.failures, f.failed_at,
		(SELECT COUNT(*) FROM recovery_codes c WHERE c.user_id = f.user_id AND c.used_at IS NULL)
		FROM second_factors f WHERE f.user_id = $1`, userID).
		Scan(&f.Sealed, &f.CreatedAt, &enrolled, &f.LastStep, &f.Failures, &failed, &f.RecoveryCodesLeft)
	if errors.Is(err, sql.ErrNoRows) {
		return f, fmt.Errorf("second factor: %w", apperr.ErrNotFound)
	}
	if err != nil {
		return f, fmt.Errorf("get second factor: %w", err)
	}
	f.CreatedAt = f.CreatedAt.UTC()
	f.EnrolledAt, f.FailedAt = nullTime(enrolled), nullTime(failed)
	return f, nil
}

func nullTime(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

func (s *Store) ConfirmSecondFactor(ctx context.Context, userID string, step int64, codeHashes []string, at time.Time) error {
	return s.inSQLTx(ctx, func(st *Store, _ *sql.Tx) error {
		res, err := st.db.ExecContext(ctx, `UPDATE second_factors SET enrolled_at = $2, last_step = $3, failures = 0, failed_at = NULL
			WHERE user_id = $1 AND enrolled_at IS NULL AND last_step < $3`, userID, at.UTC(), step)
		if err != nil {
			return fmt.Errorf("confirm second factor: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return fmt.Errorf("confirm second factor: nothing to confirm: %w", apperr.ErrConflict)
		}
		return st.replaceRecoveryCodes(ctx, userID, codeHashes)
	})
}

func (s *Store) replaceRecoveryCodes(ctx context.Context, userID string, codeHashes []string) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM recovery_codes WHERE user_id = $1`, userID); err != nil {
		return fmt.Errorf("recovery codes: %w", err)
	}
	for _, h := range codeHashes {
		if _, err := s.db.ExecContext(ctx, `INSERT INTO recovery_codes (user_id, code_hash) VALUES ($1, $2)`, userID, h); err != nil {
			return fmt.Errorf("recovery codes: %w", err)
		}
	}
	return nil
}

func (s *Store) UseSecondFactorStep(ctx context.Context, userID string, step int64) (bool, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE second_factors SET last_step = $2, failures = 0, failed_at = NULL
		WHERE user_id = $1 AND enrolled_at IS NOT NULL AND last_step < $2`, userID, step)
	if err != nil {
		return false, fmt.Errorf("use second factor step: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (s *Store) UseRecoveryCode(ctx context.Context, userID, codeHash string, at time.Time) error {
	return s.inSQLTx(ctx, func(st *Store, _ *sql.Tx) error {
		res, err := st.db.ExecContext(ctx, `UPDATE recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL`,
			userID, codeHash, at.UTC())
		if err := checkUpdated(res, err, "use recovery code", ""); err != nil {
			return err
		}
		_, err = st.db.ExecContext(ctx, `UPDATE second_factors SET failures = 0, failed_at = NULL WHERE user_id = $1`, userID)
		return err
	})
}

func (s *Store) CountSecondFactorFailure(ctx context.Context, userID string, at, since time.Time) (int, time.Time, error) {
	var n int
	var start time.Time
	err := s.db.QueryRowContext(ctx, `UPDATE second_factors SET
			failures = CASE WHEN failed_at > $3 THEN failures + 1 ELSE 1 END,
			failed_at = CASE WHEN failed_at > $3 THEN failed_at ELSE $2 END
		WHERE user_id = $1 RETURNING failures, failed_at`, userID, at.UTC(), since.UTC()).Scan(&n, &start)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, start, fmt.Errorf("second factor: %w", apperr.ErrNotFound)
	}
	if err != nil {
		return 0, start, fmt.Errorf("count second factor failure: %w", err)
	}
	return n, start.UTC(), nil
}

func (s *Store) DeleteSecondFactor(ctx context.Context, email string) error {
	email = strings.ToLower(email)
	return s.inSQLTx(ctx, func(st *Store, _ *sql.Tx) error {
		if _, err := st.db.ExecContext(ctx, `DELETE FROM recovery_codes WHERE user_id IN (SELECT id FROM users WHERE email = $1)`, email); err != nil {
			return fmt.Errorf("delete recovery codes: %w", err)
		}
		res, err := st.db.ExecContext(ctx, `DELETE FROM second_factors WHERE user_id IN (SELECT id FROM users WHERE email = $1)`, email)
		return checkUpdated(res, err, "delete second factor", "")
	})
}

func (s *Store) PassSecondFactor(ctx context.Context, sessionID string, at time.Time) error {
	res, err := s.db.ExecContext(ctx, `UPDATE sessions SET second_factor_at = $2 WHERE id = $1 AND revoked_at IS NULL`, sessionID, at.UTC())
	return checkUpdated(res, err, "pass second factor", sessionID)
}

func (s *Store) TouchSession(ctx context.Context, sessionID string, at time.Time) error {
	res, err := s.db.ExecContext(ctx, `UPDATE sessions SET last_seen_at = $2 WHERE id = $1`, sessionID, at.UTC())
	return checkUpdated(res, err, "touch session", sessionID)
}

func (s *Store) TouchSessionOfToken(ctx context.Context, tokenHash string, at time.Time) error {
	_, err := s.db.ExecContext(ctx, `UPDATE sessions SET last_seen_at = $2
		WHERE id = (SELECT session_id FROM access_tokens WHERE token_hash = $1) AND (last_seen_at IS NULL OR last_seen_at < $2)`,
		tokenHash, at.UTC())
	if err != nil {
		return fmt.Errorf("touch session of token: %w", err)
	}
	return nil
}

func (s *Store) ListAdmins(ctx context.Context) ([]store.AdminAccount, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT a.email, COALESCE(u.name, ''), a.granted_at, f.enrolled_at
		FROM admins a LEFT JOIN users u ON u.email = a.email LEFT JOIN second_factors f ON f.user_id = u.id
		ORDER BY a.email`)
	if err != nil {
		return nil, fmt.Errorf("list admins: %w", err)
	}
	defer rows.Close()
	var out []store.AdminAccount
	for rows.Next() {
		var a store.AdminAccount
		var enrolled sql.NullTime
		if err := rows.Scan(&a.Email, &a.Name, &a.GrantedAt, &enrolled); err != nil {
			return nil, fmt.Errorf("list admins: %w", err)
		}
		a.Email, a.GrantedAt, a.EnrolledAt = strings.ToLower(a.Email), a.GrantedAt.UTC(), nullTime(enrolled)
		out = append(out, a)
	}
	return out, rows.Err()
}
