package store

import (
	"context"
	"time"
)

// PageArchive keeps a dated copy of each distinct version of the public
// pages the server serves and of its site file (issue 27 §3; Regulation N,
// 12 CFR 1014.5; docs/records.md).
type PageArchive interface {
	// ArchivePage keeps p unless a copy of the same path and hash is kept
	// already (then it answers false and changes nothing): copies of the
	// server starting at once keep one row.
	ArchivePage(ctx context.Context, p ArchivedPage) (bool, error)
	// ListArchivedPages lists the kept copies without their content, newest
	// first (by path within one instant).
	ListArchivedPages(ctx context.Context) ([]ArchivedPage, error)
	// ArchivedPage reads one kept copy with its content; apperr.ErrNotFound
	// for an unknown id.
	ArchivedPage(ctx context.Context, id string) (ArchivedPage, error)
	// PurgePageArchive removes the copies replaced before before: a copy
	// goes only once a later version of its path was first served before
	// before, so the version still served is always kept. With dryRun it
	// removes nothing and answers how many it would.
	PurgePageArchive(ctx context.Context, before time.Time, dryRun bool) (int, error)
}

// ArchivedPage is one kept version of a served page (Path "/...") or of the
// site file (Path vocab.ArchivedSiteFile).
type ArchivedPage struct {
	ID          string
	Path        string
	Hash        string // hex SHA-256 of Content
	FirstServed time.Time
	Size        int    // bytes of Content
	Content     string // empty in lists
}
