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

func (s *Store) CreateUpload(ctx context.Context, u store.Upload) error {
	if err := checkText("key", u.Key, "fileName", u.FileName, "fileType", u.ContentType); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO uploads (key, file_name, content_type, status, created_at) VALUES ($1,$2,$3,'pending',$4)`,
		u.Key, u.FileName, u.ContentType, u.CreatedAt.UTC())
	if err != nil {
		return fmt.Errorf("create upload: %w", err)
	}
	return nil
}

const uploadColumns = `u.key, u.file_name, u.content_type, u.status, u.size, u.sha256, u.created_at, u.received_at,
	COALESCE((SELECT q.id FROM quote_requests q WHERE q.user_uploaded_quote_url = u.key LIMIT 1),
		(SELECT v.quote_request_id FROM visitor_quotes v WHERE v.upload_key = u.key))`

func scanUpload(row scanner) (store.Upload, error) {
	var u store.Upload
	var received sql.NullTime
	err := row.Scan(&u.Key, &u.FileName, &u.ContentType, &u.Status, &u.Size, &u.SHA256, &u.CreatedAt, &received, &u.AttachedTo)
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
	rows, err := s.db.QueryContext(ctx, `SELECT `+uploadColumns+` FROM uploads u
		WHERE u.created_at < $1 AND NOT EXISTS (SELECT 1 FROM quote_requests q WHERE q.user_uploaded_quote_url = u.key)
			AND NOT EXISTS (SELECT 1 FROM visitor_quotes v WHERE v.upload_key = u.key)
		ORDER BY u.created_at LIMIT $2`, cutoff.UTC(), limit)
	if err != nil {
		return nil, fmt.Errorf("stale uploads: %w", err)
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
