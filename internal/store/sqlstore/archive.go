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

func (s *Store) ArchivePage(ctx context.Context, p store.ArchivedPage) (bool, error) {
	// ON CONFLICT DO NOTHING: the unique (path, hash) decides between copies
	// of the server starting at once, without an error for the loser.
	res, err := s.db.ExecContext(ctx, `INSERT INTO page_archive (id, path, hash, first_served_at, content, size) VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (path, hash) DO NOTHING`, p.ID, p.Path, p.Hash, p.FirstServed.UTC(), p.Content, len(p.Content))
	if err != nil {
		return false, fmt.Errorf("archive page %s: %w", p.Path, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("archive page %s: %w", p.Path, err)
	}
	return n == 1, nil
}

func (s *Store) ListArchivedPages(ctx context.Context) ([]store.ArchivedPage, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, path, hash, first_served_at, size FROM page_archive
		ORDER BY first_served_at DESC, path, id`)
	if err != nil {
		return nil, fmt.Errorf("list archived pages: %w", err)
	}
	defer rows.Close()
	var out []store.ArchivedPage
	for rows.Next() {
		var p store.ArchivedPage
		if err := rows.Scan(&p.ID, &p.Path, &p.Hash, &p.FirstServed, &p.Size); err != nil {
			return nil, fmt.Errorf("list archived pages: %w", err)
		}
		p.FirstServed = p.FirstServed.UTC()
		out = append(out, p)
	}
	return out, rows.Err()
}

func (s *Store) ArchivedPage(ctx context.Context, id string) (store.ArchivedPage, error) {
	p := store.ArchivedPage{ID: id}
	err := s.db.QueryRowContext(ctx, `SELECT path, hash, first_served_at, content FROM page_archive WHERE id = $1`, id).
		Scan(&p.Path, &p.Hash, &p.FirstServed, &p.Content)
	if errors.Is(err, sql.ErrNoRows) {
		return p, fmt.Errorf("archived page %s: %w", id, apperr.ErrNotFound)
	}
	if err != nil {
		return p, fmt.Errorf("archived page %s: %w", id, err)
	}
	p.FirstServed, p.Size = p.FirstServed.UTC(), len(p.Content)
	return p, nil
}

func (s *Store) PurgePageArchive(ctx context.Context, before time.Time, dryRun bool) (int, error) {
	n, err := s.removeCounted(ctx, dryRun, []deletion{{`DELETE FROM page_archive WHERE EXISTS (SELECT 1 FROM page_archive later
		WHERE later.path = page_archive.path AND later.first_served_at > page_archive.first_served_at AND later.first_served_at < $1)`,
		before.UTC()}})
	if err != nil {
		return n, fmt.Errorf("purge page archive: %w", err)
	}
	return n, nil
}
