package app

import (
	"strings"
	"testing"

	"quotegrade/internal/config"
	"quotegrade/internal/site"
)

func TestAPublicServerRefusesTheDemonstrationSite(t *testing.T) {
	cfg := config.Config{PublicURL: "https://rates.wasatch.com", MailFrom: "quotegrade <no-reply@quotegrade.localhost>"}
	err := checkPublicSite(cfg, site.Demo())
	if err == nil {
		t.Fatal("a public server started on the demonstration site")
	}
	for _, want := range []string{"https://rates.wasatch.com", "QG_SITE_FILE", "QG_MAIL_FROM", "no-reply@quotegrade.localhost"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the message does not name %q:\n%v", want, err)
		}
	}
	own := site.Demo()
	own.Demonstration, own.BrokerageNMLS, own.PostalAddress = false, "1234567", ""
	cfg.MailFrom = "Wasatch <loans@wasatch.com>"
	if err := checkPublicSite(cfg, own); err == nil || !strings.Contains(err.Error(), "postalAddress is missing") {
		t.Errorf("no postal address: %v", err)
	}
	own.PostalAddress = "1 Main St, Provo, UT 84601"
	if err := checkPublicSite(cfg, own); err != nil {
		t.Errorf("a complete site is refused: %v", err)
	}
}

func TestALoopbackServerRunsOnTheDemonstrationSite(t *testing.T) {
	for _, u := range []string{"http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:8080", "http://quotegrade.localhost"} {
		if err := checkPublicSite(config.Config{PublicURL: u, MailFrom: "no-reply@quotegrade.localhost"}, site.Demo()); err != nil {
			t.Errorf("%s: %v", u, err)
		}
	}
}
