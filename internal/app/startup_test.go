package app_test

import (
	"net"
	"path/filepath"
	"strings"
	"testing"

	"quotegrade/internal/config"
	"quotegrade/internal/testsupport"
)

// closedAddr is an address nothing listens on.
func closedAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

func TestStartNamesTheUploadStoreAndMailTransport(t *testing.T) {
	var dataDir string
	srv := testsupport.StartServer(t, func(c *config.Config) { dataDir = c.DataDir })
	if want := "folder " + filepath.Join(dataDir, "uploads"); srv.App.UploadStore != want || srv.App.MailTransport != "outbox" {
		t.Errorf("uploads %q mail %q, want %q and outbox", srv.App.UploadStore, srv.App.MailTransport, want)
	}
	if strings.Contains(srv.Logs.String(), `"level":"WARN"`) {
		t.Errorf("warnings on a healthy start: %s", srv.Logs)
	}

	s3 := testsupport.StartS3(t)
	smtp := testsupport.StartSMTP(t, 0)
	srv = testsupport.StartServer(t, testsupport.WithS3(s3), func(c *config.Config) { c.SMTPURL = smtp.URL() })
	if srv.App.UploadStore != "s3 bucket quotes at "+s3.Endpoint || srv.App.MailTransport != "smtp "+smtp.Addr {
		t.Errorf("uploads %q mail %q", srv.App.UploadStore, srv.App.MailTransport)
	}
	if strings.Contains(srv.Logs.String(), "unreachable") {
		t.Errorf("warnings with both peers up: %s", srv.Logs)
	}
}

// A bucket or mail server that does not answer is one WARN line each at
// start, naming it; the server still starts.
func TestStartWarnsWhenPeersAreUnreachable(t *testing.T) {
	s3 := testsupport.StartS3(t)
	s3.Endpoint = "http://" + closedAddr(t)
	smtpAddr := closedAddr(t)
	srv := testsupport.StartServer(t, testsupport.WithS3(s3), func(c *config.Config) { c.SMTPURL = "smtp://" + smtpAddr + "?tls=none" })
	logs := srv.Logs.String()
	for _, want := range []string{
		`"level":"WARN","msg":"upload store unreachable: uploads will fail until it answers","uploads":"s3 bucket quotes at ` + s3.Endpoint + `"`,
		`"level":"WARN","msg":"mail server unreachable: e-mail waits in the job queue until it answers","mail":"smtp ` + smtpAddr + `"`,
	} {
		if !strings.Contains(logs, want) {
			t.Errorf("logs lack %s\n%s", want, logs)
		}
	}
	if res := srv.Do(t, "GET", "/api/health", nil); res.Status != 200 {
		t.Errorf("health %d", res.Status)
	}
}
