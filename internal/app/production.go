package app

import (
	"errors"
	"net"
	"net/mail"
	"net/url"
	"strings"

	"quotegrade/internal/config"
	"quotegrade/internal/site"
)

// checkPublicSite refuses to serve the public on placeholders: a server whose
// public URL is not loopback must have the operator's own site file with a
// postal address, and a From address on a real domain, because every page
// and e-mail names the licensed brokerage (issue 26 section 4,
// docs/compliance.md). Every problem is named, one per line.
func checkPublicSite(cfg config.Config, operator site.Site) error {
	if loopbackURL(cfg.PublicURL) {
		return nil
	}
	problems := operator.ProductionProblems()
	if addr, err := mail.ParseAddress(cfg.MailFrom); err == nil && localDomain(addr.Address) {
		problems = append(problems, "--mail-from (QG_MAIL_FROM) is "+addr.Address+": e-mails to the public need the brokerage's own domain")
	}
	if len(problems) == 0 {
		return nil
	}
	return errors.New("the public URL " + cfg.PublicURL + " is not this machine, so the site must name the licensed brokerage:\n  " +
		strings.Join(problems, "\n  "))
}

// loopbackURL reports whether u is served to this machine only.
func loopbackURL(u string) bool {
	parsed, err := url.Parse(u)
	if err != nil {
		return false
	}
	host := strings.ToLower(parsed.Hostname())
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// localDomain reports whether an address's domain is one kept for a single
// machine or network (RFC 6761, 6762), where replies never arrive.
func localDomain(address string) bool {
	domain := strings.ToLower(address[strings.LastIndex(address, "@")+1:])
	for _, private := range []string{".localhost", ".local", ".invalid"} {
		if strings.HasSuffix(domain, private) || domain == strings.TrimPrefix(private, ".") {
			return true
		}
	}
	return false
}
