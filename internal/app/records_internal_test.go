package app

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"quotegrade/internal/store"
	"quotegrade/internal/store/sqlite"
)

// Issue 27 §4: an admin made by QG_ADMIN_EMAILS at start is in the audit
// trail, as one made by `quotegrade admin grant` is; later starts, which
// find them an admin already, add nothing.
func TestStartAdminsGrantedAreAudited(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, filepath.Join(t.TempDir(), "qg.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := st.GrantAdmin(ctx, "bob@example.com", time.Now()); err != nil {
		t.Fatal(err)
	}
	for range 2 { // two starts
		if err := grantStartAdmins(ctx, st, []string{"ann@example.com", "bob@example.com"}); err != nil {
			t.Fatal(err)
		}
	}
	events, err := st.ListAudit(ctx, store.AuditFilter{Actor: StartAdminsActor})
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != 1 || events[0].Action != "grant_admin" || events[0].Detail != "ann@example.com" {
		t.Fatalf("audit events of the start admins = %+v, want one grant_admin of ann@example.com", events)
	}
	if _, err := st.GetLoanOfficer(ctx, "ann@example.com"); err != nil {
		t.Fatalf("ann is not an admin: %v", err)
	}
}
