package app_test

import (
	"path/filepath"
	"strings"
	"testing"

	"quotegrade/internal/config"
	"quotegrade/internal/testsupport"
)

// Copies on one database share one job queue and one set of uploads: a copy
// whose mail or upload settings differ from another's says so at start,
// naming the other copy, and never shows a secret.
func TestStartWarnsWhenCopiesDisagree(t *testing.T) {
	shared := "sqlite:" + filepath.Join(t.TempDir(), "shared.db")
	dataDir := t.TempDir()
	onShared := func(c *config.Config) { c.DatabaseURL, c.DataDir = shared, dataDir }
	first := testsupport.StartServer(t, onShared)
	same := testsupport.StartServer(t, onShared)
	if strings.Contains(same.Logs.String(), "differ from another copy") {
		t.Fatalf("a copy with the same settings warned: %s", same.Logs)
	}

	smtp := testsupport.StartSMTP(t, 0)
	s3 := testsupport.StartS3(t)
	other := testsupport.StartServer(t, onShared, testsupport.WithS3(s3), func(c *config.Config) {
		c.SMTPURL = "smtp://mailer:hunter22@" + smtp.Addr + "?tls=none"
	})
	logs := other.Logs.String()
	firstID := `"other_copy":"` // followed by host and address
	for _, want := range []string{
		`"msg":"mail settings differ from another copy's on this database`, `"mail":"smtp ` + smtp.Addr + `"`, `"other_mail":"outbox"`,
		`"msg":"upload settings differ from another copy's on this database`, `"other_uploads":"folder ` + filepath.Join(dataDir, "uploads") + `"`,
		firstID, strings.TrimPrefix(first.URL, "http://"),
	} {
		if !strings.Contains(logs, want) {
			t.Errorf("logs lack %s\n%s", want, logs)
		}
	}
	if strings.Contains(logs, "hunter22") {
		t.Error("the SMTP password was logged")
	}
	if n := strings.Count(logs, "mail settings differ"); n != 2 {
		t.Errorf("%d mail warnings, want one per other copy (2)", n)
	}
}
