package records

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"time"

	"quotegrade/internal/api"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// ArchiveMonths is how long a replaced version of a public page or of the
// site file is kept at least, whatever the retention: Regulation N (12 CFR
// 1014.5) has advertisements kept 24 months after their last use.
const ArchiveMonths = 24

// ArchivePages keeps a dated copy of each served page (by path) and of the
// site file's values that the archive does not hold yet; it answers how
// many were new. Run at start: the pages are filled in once, then.
func (s *Service) ArchivePages(ctx context.Context, pages map[string]string, siteFile string) (int, error) {
	all := make(map[string]string, len(pages)+1)
	for path, html := range pages {
		all[path] = html
	}
	all[vocab.ArchivedSiteFile] = siteFile
	paths := make([]string, 0, len(all))
	for path := range all {
		paths = append(paths, path)
	}
	sort.Strings(paths)
	now, added := s.now().UTC(), 0
	for _, path := range paths {
		sum := sha256.Sum256([]byte(all[path]))
		ok, err := s.store.ArchivePage(ctx, store.ArchivedPage{ID: vocab.NewOrderedID(), Path: path, Hash: hex.EncodeToString(sum[:]),
			FirstServed: now, Content: all[path]})
		if err != nil {
			return added, fmt.Errorf("page archive: %w", err)
		}
		if ok {
			added++
		}
	}
	return added, nil
}

// Archive lists the kept versions, newest first.
func (s *Service) Archive(ctx context.Context) ([]api.ArchivedPage, error) {
	list, err := s.store.ListArchivedPages(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]api.ArchivedPage, 0, len(list))
	for _, p := range list {
		out = append(out, api.ArchivedPage{ID: p.ID, Path: p.Path, FirstServedAt: p.FirstServed, Hash: p.Hash, Size: p.Size})
	}
	return out, nil
}

// ArchivedPage is one kept version with its content.
func (s *Service) ArchivedPage(ctx context.Context, id string) (api.ArchivedPage, string, error) {
	p, err := s.store.ArchivedPage(ctx, id)
	if err != nil {
		return api.ArchivedPage{}, "", err
	}
	return api.ArchivedPage{ID: p.ID, Path: p.Path, FirstServedAt: p.FirstServed, Hash: p.Hash, Size: p.Size}, p.Content, nil
}

// archiveCutoff is the purge's cutoff for the page archive: the earlier of
// the retention's and ArchiveMonths ago.
func archiveCutoff(now, before time.Time) time.Time {
	y, m, d := now.UTC().AddDate(0, -ArchiveMonths, 0).Date()
	if c := time.Date(y, m, d, 0, 0, 0, 0, time.UTC); c.Before(before) {
		return c
	}
	return before
}
