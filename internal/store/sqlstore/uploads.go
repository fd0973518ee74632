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

// heldBytes is what the uploads u hold: a pending link counts as reserve
// bytes (a placeholder: the most a file may be), a received file as its
// size, a rejected one (its file deleted) as nothing.
func heldBytes(reserve string) string {
	return `COALESCE(SUM(CASE WHEN u.status = 'pending' THEN CAST(` + reserve + ` AS BIGINT) WHEN u.status = 'received' THEN u.size ELSE 0 END), 0)`
}

// CreateUpload inserts the link only while both quotas hold, in one
// statement; concurrent links of one client may pass together on
// PostgreSQL, by at most one file each.
func (s *Store) CreateUpload(ctx context.Context, u store.Upload, q store.UploadQuota) error {
	if err := checkText("key", u.Key, "fileName", u.FileName, "fileType", u.ContentType, "client", u.Client); err != nil {
		return err
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO uploads (key, file_name, content_type, status, created_at, client)
		SELECT $1, $2, $3, 'pending', $4, $5
		WHERE (SELECT `+heldBytes("$6")+` FROM uploads u WHERE u.client = $5 AND u.created_at >= $7) + CAST($6 AS BIGINT) <= CAST($8 AS BIGINT)
		AND (SELECT `+heldBytes("$6")+` FROM uploads u WHERE `+unattached+`)
			+ CAST($6 AS BIGINT) <= CAST($9 AS BIGINT)`,
		u.Key, u.FileName, u.ContentType, u.CreatedAt.UTC(), u.Client, q.Reserve, q.Since.UTC(), q.PerClient, q.Total)
	if err != nil {
		return fmt.Errorf("create upload: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 1 {
		return err
	}
	var held int64
	if err := s.db.QueryRowContext(ctx, `SELECT `+heldBytes("$3")+` FROM uploads u WHERE u.client = $1 AND u.created_at >= $2`,
		u.Client, q.Since.UTC(), q.Reserve).Scan(&held); err != nil {
		return fmt.Errorf("create upload: %w", err)
	}
	if held+q.Reserve > q.PerClient {
		return store.ErrClientQuota
	}
	return store.ErrTotalQuota
}

const uploadColumns = `u.key, u.file_name, u.content_type, u.status, u.size, u.sha256, u.created_at, u.received_at,
	COALESCE((SELECT q.id FROM quote_requests q WHERE q.user_uploaded_quote_url = u.key LIMIT 1),
		(SELECT v.quote_request_id FROM visitor_quotes v WHERE v.upload_key = u.key LIMIT 1),
		(SELECT q.id FROM quote_requests q WHERE q.user_uploaded_quote_url = u.page_of LIMIT 1),
		(SELECT v.quote_request_id FROM visitor_quotes v WHERE v.upload_key = u.page_of LIMIT 1)), COALESCE(u.client, ''), u.page_of`

// unattached: no request names the upload u, nor a visitor's quote, nor
// (when u is another page of a Loan Estimate) its first picture.
const unattached = `NOT EXISTS (SELECT 1 FROM quote_requests q WHERE q.user_uploaded_quote_url IN (u.key, u.page_of))
	AND NOT EXISTS (SELECT 1 FROM visitor_quotes v WHERE v.upload_key IN (u.key, u.page_of))`

func scanUpload(row scanner) (store.Upload, error) {
	var u store.Upload
	var received sql.NullTime
	err := row.Scan(&u.Key, &u.FileName, &u.ContentType, &u.Status, &u.Size, &u.SHA256, &u.CreatedAt, &received, &u.AttachedTo, &u.Client, &u.PageOf)
	u.CreatedAt = u.CreatedAt.UTC()
	if received.Valid {
		t := received.Time.UTC()
		u.ReceivedAt = &t
	}
	return u, err
}

func (s *Store) GetUpload(ctx context.Context, key string) (store.Upload, error) {
	if err := unknownID("upload", key); err != nil {
		return store.Upload{}, err
	}
	u, err := scanUpload(s.db.QueryRowContext(ctx, `SELECT `+uploadColumns+` FROM uploads u WHERE u.key = $1`, key))
	if errors.Is(err, sql.ErrNoRows) {
		return u, fmt.Errorf("upload %s: %w", key, apperr.ErrNotFound)
	}
	if err != nil {
		return u, fmt.Errorf("get upload: %w", err)
	}
	return u, nil
}

func (s *Store) MarkUploadReceived(ctx context.Context, key string, size int64, sha string, at time.Time) error {
	res, err := s.db.ExecContext(ctx, `UPDATE uploads SET status = 'received', size = $2, sha256 = $3, received_at = $4 WHERE key = $1`,
		key, size, sha, at.UTC())
	return checkUpdated(res, err, "mark upload received", key)
}

func (s *Store) MarkUploadRejected(ctx context.Context, key string) error {
	res, err := s.db.ExecContext(ctx, `UPDATE uploads SET status = 'rejected' WHERE key = $1`, key)
	return checkUpdated(res, err, "mark upload rejected", key)
}

func (s *Store) StaleUploads(ctx context.Context, cutoff time.Time, limit int) ([]store.Upload, error) {
	return s.uploads(ctx, `SELECT `+uploadColumns+` FROM uploads u
		WHERE u.created_at < $1 AND `+unattached+`
		ORDER BY u.created_at LIMIT $2`, cutoff.UTC(), limit)
}

func (s *Store) UncheckedUploads(ctx context.Context, cutoff time.Time, limit int) ([]store.Upload, error) {
	return s.uploads(ctx, `SELECT `+uploadColumns+` FROM uploads u
		WHERE u.created_at < $1 AND u.status = 'pending' AND `+unattached+`
		ORDER BY u.created_at LIMIT $2`, cutoff.UTC(), limit)
}

func (s *Store) uploads(ctx context.Context, query string, args ...any) ([]store.Upload, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("list uploads: %w", err)
	}
	defer rows.Close()
	list := []store.Upload{}
	for rows.Next() {
		u, err := scanUpload(rows)
		if err != nil {
			return nil, fmt.Errorf("scan upload: %w", err)
		}
		list = append(list, u)
	}
	return list, rows.Err()
}

func (s *Store) DeleteUpload(ctx context.Context, key string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM uploads WHERE key = $1`, key)
	if err != nil {
		return fmt.Errorf("delete upload: %w", err)
	}
	return nil
}

// SetUploadPages regroups in one transaction: key's old pages and key
// itself leave their groups, each page leaves its own, then the pages join
// key's in order (page numbers 2, 3, ...).
func (s *Store) SetUploadPages(ctx context.Context, key string, pages []string) error {
	if err := unknownID("upload", key); err != nil {
		return err
	}
	tx, err := s.begin(ctx)
	if err != nil {
		return fmt.Errorf("set upload pages: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	if _, err := tx.ExecContext(ctx, `UPDATE uploads SET page_of = NULL, page_number = NULL WHERE page_of = $1 OR key = $1`, key); err != nil {
		return fmt.Errorf("set upload pages: %w", err)
	}
	for i, page := range pages {
		if page == key {
			return fmt.Errorf("set upload pages: %s is its own page", key)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE uploads SET page_of = NULL, page_number = NULL WHERE page_of = $1`, page); err != nil {
			return fmt.Errorf("set upload pages: %w", err)
		}
		res, err := tx.ExecContext(ctx, `UPDATE uploads SET page_of = $2, page_number = $3 WHERE key = $1`, page, key, i+2)
		if err := checkUpdated(res, err, "set upload pages", page); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("set upload pages: %w", err)
	}
	return nil
}

func (s *Store) UploadPages(ctx context.Context, key string) ([]store.Upload, error) {
	return s.uploads(ctx, `SELECT `+uploadColumns+` FROM uploads u WHERE u.page_of = $1 ORDER BY u.page_number, u.key`, key)
}
