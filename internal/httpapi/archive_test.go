package httpapi_test

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"quotegrade/internal/config"
	"quotegrade/internal/testsupport"
)

// Issue 27 §3: each distinct version of the site file (and of the public
// pages) is kept once, dated; a restart with the same content adds nothing,
// a changed site file adds a version. Only brokers read the archive, as a
// plain-text download, and the reads are audited.
func TestPageArchiveKeepsEachVersionOnce(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "quotegrade.db")
	onOneDB := func(c *config.Config) { c.DatabaseURL = "sqlite:" + path }
	list := func(srv *testsupport.Server, token string) []map[string]any {
		t.Helper()
		res := srv.DoAs(t, token, "GET", "/api/admin/archive", nil)
		if res.Status != http.StatusOK {
			t.Fatalf("archive: %d %s", res.Status, res.Body)
		}
		out := testsupport.FromJSON[[]map[string]any](t, string(res.Body))
		for _, p := range out {
			testsupport.MatchesSchema(t, "ArchivedPage", p)
		}
		return out
	}
	siteFiles := func(pages []map[string]any) []map[string]any {
		var out []map[string]any
		for _, p := range pages {
			if p["path"] == "site file" {
				out = append(out, p)
			}
		}
		return out
	}

	testsupport.StartServer(t, withSiteFile(t, operatorSite), onOneDB)
	srv := testsupport.StartServer(t, withSiteFile(t, operatorSite), onOneDB)
	ann := srv.SignIn(t, "ann@example.com", true)
	if got := siteFiles(list(srv, ann)); len(got) != 1 {
		t.Fatalf("after two starts with one site file: %d versions, want 1", len(got))
	}

	changed := strings.Replace(operatorSite, "(801) 555-0199", "(801) 555-0142", 1)
	srv = testsupport.StartServer(t, withSiteFile(t, changed), onOneDB)
	ann = srv.SignIn(t, "ann@example.com", true)
	got := siteFiles(list(srv, ann))
	if len(got) != 2 || got[0]["hash"] == got[1]["hash"] {
		t.Fatalf("after the site file changed: %v, want 2 versions", got)
	}
	res := srv.DoAs(t, ann, "GET", "/api/admin/archive/"+got[0]["id"].(string), nil)
	if res.Status != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/plain") ||
		!strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment") || !strings.Contains(string(res.Body), "(801) 555-0142") {
		t.Fatalf("newest version: %d %v %s", res.Status, res.Header, res.Body)
	}
	if res := srv.DoAs(t, ann, "GET", "/api/admin/archive/nope", nil); res.Status != http.StatusNotFound {
		t.Fatalf("unknown version: %d %s", res.Status, res.Body)
	}

	visitor := srv.SignIn(t, "visitor@example.com", false)
	for _, p := range []string{"/api/admin/archive", "/api/admin/archive/" + got[0]["id"].(string)} {
		if res := srv.DoAs(t, visitor, "GET", p, nil); res.Status != http.StatusForbidden {
			t.Fatalf("GET %s by a non-admin: %d, want 403", p, res.Status)
		}
		if res := srv.Do(t, "GET", p, nil); res.Status != http.StatusUnauthorized {
			t.Fatalf("GET %s signed out: %d, want 401", p, res.Status)
		}
	}
	var reads int
	for _, e := range auditOf(t, srv, ann, "broker=ann@example.com") {
		if e["action"] == "read_archive" {
			reads++
		}
	}
	if reads != 4 {
		t.Fatalf("%d archive reads audited, want 4 (two lists, the version, the unknown one)", reads)
	}
}
