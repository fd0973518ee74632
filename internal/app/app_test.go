package app_test

import (
	"strings"
	"testing"

	"quotegrade/internal/config"
	"quotegrade/internal/testsupport"
)

// Copies on one PostgreSQL database cannot read each other's local upload
// folders: start-up says so, naming the setting that fixes it.
func TestPostgresWithoutS3WarnsAtStart(t *testing.T) {
	t.Parallel()
	url := testsupport.PostgresURL(t)
	local := testsupport.StartServer(t, func(c *config.Config) { c.DatabaseURL = url })
	if n := strings.Count(local.Logs.String(), "QG_S3_BUCKET"); n != 1 {
		t.Fatalf("warnings naming QG_S3_BUCKET at start = %d, want 1; logs:\n%s", n, local.Logs.String())
	}
	withS3 := testsupport.StartServer(t, func(c *config.Config) { c.DatabaseURL = url }, testsupport.WithS3(testsupport.StartS3(t)))
	if strings.Contains(withS3.Logs.String(), "QG_S3_BUCKET") {
		t.Fatalf("warned although uploads are in S3:\n%s", withS3.Logs.String())
	}
	sqlite := testsupport.StartServer(t)
	if strings.Contains(sqlite.Logs.String(), "QG_S3_BUCKET") {
		t.Fatal("warned on SQLite, where only one server runs")
	}
}
