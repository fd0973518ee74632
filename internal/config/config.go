// Package config reads quotegrade's settings from flags and QG_* environment
// variables (a flag wins over the variable) and checks them, so that bad
// configuration stops start-up with one line naming the setting.
package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/mail"
	"net/netip"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Config is every setting of `quotegrade serve`.
type Config struct {
	Addr           string
	DataDir        string
	DatabaseURL    string
	LogLevel       slog.Level
	LogFormat      string
	WriteRateLimit int
	// UploadQuotaMB and UploadTotalMB bound uploads per client a day and
	// unattached in total, in MB counted on the bytes received.
	UploadQuotaMB, UploadTotalMB int
	// RetentionDays is how long records are kept before the daily purge
	// removes them (docs/records.md).
	RetentionDays   int
	ShutdownTimeout time.Duration
	// TrustedProxies are the reverse proxies whose X-Forwarded-For and
	// Forwarded headers name the client; empty trusts none.
	TrustedProxies []netip.Prefix
	// MetricsAddr, when set, serves /metrics on its own listener instead of
	// the site's (where only loopback and trusted proxies may read it).
	MetricsAddr string
	// Sign-in: Google (or any OpenID provider at OIDCIssuer) when
	// GoogleClientID is set; else the local-admin development mode on loopback.
	GoogleClientID     string
	GoogleClientSecret string
	OIDCIssuer         string
	PublicURL          string
	// GoogleHostedDomain, when set, admits only accounts of that Google
	// Workspace domain (the ID token's hd claim).
	GoogleHostedDomain string
	// AdminIdleTimeout ends a session that goes this long without activity.
	AdminIdleTimeout time.Duration
	// SecondFactorKey seals brokers' TOTP secrets; empty: one is made and
	// kept in <data-dir>/second-factor.key.
	SecondFactorKey []byte
	AdminEmails     []string
	// Mail: SMTP when SMTPURL is set, else the outbox.
	SMTPURL     string
	MailFrom    string
	BrokerEmail string
	// Uploads: a folder in the data dir, or S3 when S3Bucket is set.
	UploadKey []byte
	S3        S3
	// TitleRatesPath replaces the shipped title-estimate table.
	TitleRatesPath string
	// Tesseract is the OCR program reading photos of Loan Estimates.
	Tesseract string
	// SiteFile is the operator's site file (internal/site); empty means the
	// shipped demonstration values.
	SiteFile string
	// Market rates: where they come from.
	RatesSource   string
	FREDAPIKey    string
	FREDURL       string
	FreddieMacURL string
	// Job queue timing; zero means River's defaults. Set by tests only.
	JobPollInterval time.Duration
	JobRetryDelay   time.Duration
}

// S3 names an S3-compatible bucket for uploads.
type S3 struct {
	Bucket, Endpoint, Region, AccessKey, SecretKey string
	PathStyle                                      bool
}

// Database kinds.
const (
	SQLite   = "sqlite"
	Postgres = "postgres"
)

// DatabaseKind says which store the database URL selects.
func (c Config) DatabaseKind() string {
	if strings.HasPrefix(c.DatabaseURL, "postgres://") || strings.HasPrefix(c.DatabaseURL, "postgresql://") {
		return Postgres
	}
	return SQLite
}

// SQLitePath is the database file when the store is SQLite.
func (c Config) SQLitePath() string {
	if c.DatabaseURL == "" {
		return filepath.Join(c.DataDir, "quotegrade.db")
	}
	return strings.TrimPrefix(c.DatabaseURL, "sqlite:")
}

// Setting is one documented setting: its flag, variable, default and meaning.
// README's configuration table is written from this list.
type Setting struct {
	Flag, Env, Default, Usage string
}

// Settings lists every setting.
var Settings = []Setting{
	{"addr", "QG_ADDR", "127.0.0.1:8080", "address to listen on (host:port)"},
	{"data-dir", "QG_DATA_DIR", "./data", "folder for the SQLite file and other local data"},
	{"database-url", "QG_DATABASE_URL", "", "a postgres:// URL selects PostgreSQL; empty means <data-dir>/quotegrade.db; sqlite:PATH names another SQLite file"},
	{"log-level", "QG_LOG_LEVEL", "info", "debug, info, warn or error"},
	{"log-format", "QG_LOG_FORMAT", "json", "json or text"},
	{"write-rate-limit", "QG_WRITE_RATE_LIMIT", "30", "public writes (submit, contact, notify...) one client address may make a minute"},
	{"upload-quota-mb", "QG_UPLOAD_QUOTA_MB", "100", "MB of uploads one client address (an IPv6 /64) may make a day, counted on the bytes received (a link not yet used counts 10); 429 past it"},
	{"upload-total-mb", "QG_UPLOAD_TOTAL_MB", "2048", "MB that all uploaded files no quote request names may hold at once; 507 past it"},
	{"retention-days", "QG_RETENTION_DAYS", "1461", "days quote requests, uploads, contact requests, kept e-mails and the audit trail are kept before the daily purge removes them (default four years, Utah Code 61-2c-302; docs/records.md)"},
	{"shutdown-timeout", "QG_SHUTDOWN_TIMEOUT", "15s", "how long SIGTERM waits for in-flight requests"},
	{"trusted-proxies", "QG_TRUSTED_PROXIES", "", "comma-separated CIDRs (or addresses) of reverse proxies whose X-Forwarded-For/Forwarded headers are believed; empty trusts none"},
	{"metrics-addr", "QG_METRICS_ADDR", "", "serve /metrics on this host:port instead of the site's address (where only loopback and trusted proxies may read it)"},
	{"google-client-id", "QG_GOOGLE_CLIENT_ID", "", "OAuth client id for broker sign-in with Google; empty offers local-admin sign-in on loopback only"},
	{"google-client-secret", "QG_GOOGLE_CLIENT_SECRET", "", "OAuth client secret (set it in the environment, not on the command line)"},
	{"oidc-issuer", "QG_OIDC_ISSUER", "https://accounts.google.com", "OpenID Connect issuer URL (a local provider for tests)"},
	{"google-hosted-domain", "QG_GOOGLE_HOSTED_DOMAIN", "", "admit only Google accounts of this Workspace domain (the ID token's hd claim), e.g. brokerage.example; empty admits any Google account (admins are still only those granted)"},
	{"admin-idle-timeout", "QG_ADMIN_IDLE_TIMEOUT", "30m", "a broker's session ends after this long without activity (then sign in again, second factor included)"},
	{"second-factor-key", "QG_SECOND_FACTOR_KEY", "", "secret (32+ characters) encrypting brokers' authenticator-app secrets in the database; empty: one is made and kept in <data-dir>/second-factor.key (copies sharing a database must share it)"},
	{"public-url", "QG_PUBLIC_URL", "", "the site's address as browsers see it, for the sign-in redirect; empty means http://<addr>"},
	{"admin-emails", "QG_ADMIN_EMAILS", "", "comma-separated e-mails made admins at start (for the first admin; then use quotegrade admin grant)"},
	{"smtp-url", "QG_SMTP_URL", "", "smtp://user:pass@host:587 (STARTTLS), smtps://...:465, or smtp://host:25?tls=none; empty keeps mail in the outbox (/admin/outbox)"},
	{"mail-from", "QG_MAIL_FROM", "no-reply@quotegrade.localhost", "the From address of every e-mail; without a name of its own it is sent as the site file's brand and legal name"},
	{"broker-email", "QG_BROKER_EMAIL", "", "where visitors' questions, new quote requests (at most one e-mail every 15 minutes) and market data older than 14 days are e-mailed; empty: only shown on the dashboard"},
	{"upload-key", "QG_UPLOAD_KEY", "", "secret (32+ characters) signing local upload links; empty: one is made and kept in <data-dir>/upload-signing.key"},
	{"s3-bucket", "QG_S3_BUCKET", "", "keep uploads in this S3-compatible bucket instead of <data-dir>/uploads"},
	{"s3-endpoint", "QG_S3_ENDPOINT", "", "the S3 service's URL (empty for AWS)"},
	{"s3-region", "QG_S3_REGION", "us-east-1", "the bucket's region"},
	{"s3-access-key", "QG_S3_ACCESS_KEY", "", "S3 access key id"},
	{"s3-secret-key", "QG_S3_SECRET_KEY", "", "S3 secret key (set it in the environment)"},
	{"s3-path-style", "QG_S3_PATH_STYLE", "false", "address the bucket in the URL path (MinIO and most self-hosted stores)"},
	{"title-rates-path", "QG_TITLE_RATES_PATH", "", "a CSV (loan_amount,refinance,purchase,seller) replacing the shipped title-estimate table"},
	{"tesseract", "QG_TESSERACT", "tesseract", "the OCR program reading uploaded photos and scans of Loan Estimates (Debian's tesseract-ocr; a path, or a name on PATH); where it is missing, such uploads are kept but not read"},
	{"site-file", "QG_SITE_FILE", "", "JSON file with the brokerage's name, NMLS number, contact e-mail and phone, sister site and partner lenders (docs/operations.md: the operator's site file); empty: demonstration values, and every page says so"},
	{"rates-source", "QG_RATES_SOURCE", "snapshot", "market rates from: snapshot (bundled, with its as-of date), fred or freddiemac"},
	{"fred-api-key", "QG_FRED_API_KEY", "", "FRED API key (with rates-source fred; with any source it also turns on Optimal Blue's daily benchmark)"},
	{"fred-url", "QG_FRED_URL", "https://api.stlouisfed.org/fred", "FRED API base URL"},
	{"freddiemac-url", "QG_FREDDIEMAC_URL", "", "URL of Freddie Mac's PMMS history CSV (with rates-source freddiemac)"},
}

// Load parses args (without the subcommand) over the environment getenv.
func Load(name string, args []string, getenv func(string) string, stderr io.Writer) (Config, error) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	values := map[string]*string{}
	for _, s := range Settings {
		def := s.Default
		if v := getenv(s.Env); v != "" {
			def = v
		}
		values[s.Flag] = fs.String(s.Flag, def, s.Usage+" ("+s.Env+")")
	}
	if err := fs.Parse(args); err != nil {
		return Config{}, err
	}
	if fs.NArg() > 0 {
		return Config{}, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	return parse(values)
}

func parse(v map[string]*string) (Config, error) {
	c := Config{Addr: *v["addr"], DataDir: *v["data-dir"], DatabaseURL: strings.TrimSpace(*v["database-url"]), LogFormat: *v["log-format"]}
	if _, port, err := net.SplitHostPort(c.Addr); err != nil || port == "" {
		return c, settingErr("addr", "QG_ADDR", "must be host:port, e.g. 127.0.0.1:8080, got %q", c.Addr)
	}
	if c.DataDir == "" {
		return c, settingErr("data-dir", "QG_DATA_DIR", "must not be empty")
	}
	if err := checkDatabaseURL(c.DatabaseURL); err != nil {
		return c, settingErr("database-url", "QG_DATABASE_URL", "%v", err)
	}
	if err := c.LogLevel.UnmarshalText([]byte(*v["log-level"])); err != nil {
		return c, settingErr("log-level", "QG_LOG_LEVEL", "must be debug, info, warn or error, got %q", *v["log-level"])
	}
	if c.LogFormat != "json" && c.LogFormat != "text" {
		return c, settingErr("log-format", "QG_LOG_FORMAT", "must be json or text, got %q", c.LogFormat)
	}
	n, err := strconv.Atoi(*v["write-rate-limit"])
	if err != nil || n < 1 {
		return c, settingErr("write-rate-limit", "QG_WRITE_RATE_LIMIT", "must be a whole number of 1 or more, got %q", *v["write-rate-limit"])
	}
	c.WriteRateLimit = n
	for _, q := range []struct {
		flag, env string
		into      *int
	}{{"upload-quota-mb", "QG_UPLOAD_QUOTA_MB", &c.UploadQuotaMB}, {"upload-total-mb", "QG_UPLOAD_TOTAL_MB", &c.UploadTotalMB}} {
		// At least one file of the largest size (10 MB), or no upload could start.
		if *q.into, err = strconv.Atoi(*v[q.flag]); err != nil || *q.into < 10 {
			return c, settingErr(q.flag, q.env, "must be a whole number of MB, 10 or more, got %q", *v[q.flag])
		}
	}
	if c.RetentionDays, err = strconv.Atoi(*v["retention-days"]); err != nil || c.RetentionDays < 1 {
		return c, settingErr("retention-days", "QG_RETENTION_DAYS", "must be a whole number of days, 1 or more, got %q", *v["retention-days"])
	}
	d, err := time.ParseDuration(*v["shutdown-timeout"])
	if err != nil || d <= 0 {
		return c, settingErr("shutdown-timeout", "QG_SHUTDOWN_TIMEOUT", "must be a duration such as 15s, got %q", *v["shutdown-timeout"])
	}
	c.ShutdownTimeout = d
	if c.TrustedProxies, err = ParseTrustedProxies(*v["trusted-proxies"]); err != nil {
		return c, settingErr("trusted-proxies", "QG_TRUSTED_PROXIES", "%v", err)
	}
	if c.MetricsAddr = strings.TrimSpace(*v["metrics-addr"]); c.MetricsAddr != "" {
		if _, port, err := net.SplitHostPort(c.MetricsAddr); err != nil || port == "" {
			return c, settingErr("metrics-addr", "QG_METRICS_ADDR", "must be host:port, e.g. 127.0.0.1:9090, got %q", c.MetricsAddr)
		}
	}
	return c, parseSignIn(&c, v)
}

// ParseTrustedProxies reads a comma-separated list of CIDRs; a bare address
// stands for itself alone.
func ParseTrustedProxies(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, item := range strings.Split(list, ",") {
		if item = strings.TrimSpace(item); item == "" {
			continue
		}
		if p, err := netip.ParsePrefix(item); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(item)
		if err != nil || a.Zone() != "" {
			return nil, fmt.Errorf("%q is not a CIDR such as 10.0.0.0/8 or an address", item)
		}
		out = append(out, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return out, nil
}

func parseSignIn(c *Config, v map[string]*string) error {
	c.GoogleClientID, c.GoogleClientSecret = strings.TrimSpace(*v["google-client-id"]), *v["google-client-secret"]
	c.OIDCIssuer = strings.TrimRight(*v["oidc-issuer"], "/")
	if u, err := url.Parse(c.OIDCIssuer); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return settingErr("oidc-issuer", "QG_OIDC_ISSUER", "must be an http(s) URL, got %q", c.OIDCIssuer)
	}
	c.PublicURL = strings.TrimRight(*v["public-url"], "/")
	if c.PublicURL == "" {
		c.PublicURL = "http://" + c.Addr
	} else if u, err := url.Parse(c.PublicURL); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return settingErr("public-url", "QG_PUBLIC_URL", "must be an http(s) URL such as https://quotegrade.example, got %q", c.PublicURL)
	}
	c.GoogleHostedDomain = strings.ToLower(strings.TrimSpace(*v["google-hosted-domain"]))
	if c.GoogleHostedDomain != "" && (strings.ContainsAny(c.GoogleHostedDomain, "@/: ") || !strings.Contains(c.GoogleHostedDomain, ".")) {
		return settingErr("google-hosted-domain", "QG_GOOGLE_HOSTED_DOMAIN", "must be a domain such as brokerage.example, got %q", c.GoogleHostedDomain)
	}
	idle, err := time.ParseDuration(*v["admin-idle-timeout"])
	if err != nil || idle < time.Minute {
		return settingErr("admin-idle-timeout", "QG_ADMIN_IDLE_TIMEOUT", "must be a duration of a minute or more, such as 30m, got %q", *v["admin-idle-timeout"])
	}
	c.AdminIdleTimeout = idle
	if k := *v["second-factor-key"]; k != "" {
		if len(k) < 32 {
			return settingErr("second-factor-key", "QG_SECOND_FACTOR_KEY", "must be at least 32 characters")
		}
		c.SecondFactorKey = []byte(k)
	}
	c.SMTPURL, c.MailFrom, c.BrokerEmail = strings.TrimSpace(*v["smtp-url"]), strings.TrimSpace(*v["mail-from"]), strings.TrimSpace(*v["broker-email"])
	if c.SMTPURL != "" {
		if u, err := url.Parse(c.SMTPURL); err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Port() == "" {
			return settingErr("smtp-url", "QG_SMTP_URL", "must be smtp://[user:pass@]host:port or smtps://... (the value is not shown: it may hold a password)")
		}
	}
	if _, err := mail.ParseAddress(c.MailFrom); err != nil {
		return settingErr("mail-from", "QG_MAIL_FROM", "must hold an e-mail address, got %q", c.MailFrom)
	}
	if c.BrokerEmail != "" && !strings.Contains(c.BrokerEmail, "@") {
		return settingErr("broker-email", "QG_BROKER_EMAIL", "must be an e-mail address, got %q", c.BrokerEmail)
	}
	if k := *v["upload-key"]; k != "" {
		if len(k) < 32 {
			return settingErr("upload-key", "QG_UPLOAD_KEY", "must be at least 32 characters")
		}
		c.UploadKey = []byte(k)
	}
	if err := parseS3(c, v); err != nil {
		return err
	}
	c.TitleRatesPath = *v["title-rates-path"]
	c.Tesseract = strings.TrimSpace(*v["tesseract"])
	c.SiteFile = strings.TrimSpace(*v["site-file"])
	c.RatesSource, c.FREDAPIKey, c.FREDURL, c.FreddieMacURL = *v["rates-source"], *v["fred-api-key"], strings.TrimRight(*v["fred-url"], "/"), *v["freddiemac-url"]
	switch {
	case c.RatesSource != "snapshot" && c.RatesSource != "fred" && c.RatesSource != "freddiemac":
		return settingErr("rates-source", "QG_RATES_SOURCE", "must be snapshot, fred or freddiemac, got %q", c.RatesSource)
	case c.RatesSource == "fred" && c.FREDAPIKey == "":
		return settingErr("fred-api-key", "QG_FRED_API_KEY", "is required with QG_RATES_SOURCE=fred")
	case c.RatesSource == "freddiemac" && !strings.HasPrefix(c.FreddieMacURL, "http"):
		return settingErr("freddiemac-url", "QG_FREDDIEMAC_URL", "must be an http(s) URL with QG_RATES_SOURCE=freddiemac")
	}
	for _, e := range strings.Split(*v["admin-emails"], ",") {
		if e = strings.TrimSpace(e); e != "" {
			if !strings.Contains(e, "@") {
				return settingErr("admin-emails", "QG_ADMIN_EMAILS", "%q is not an e-mail address", e)
			}
			c.AdminEmails = append(c.AdminEmails, strings.ToLower(e))
		}
	}
	return nil
}

// parseS3 reads the bucket settings. Keys or an endpoint without a bucket are
// refused rather than ignored: the operator meant S3, and uploads quietly
// landing in the local folder would be lost to every other copy.
func parseS3(c *Config, v map[string]*string) error {
	pathStyle, err := parseBool("s3-path-style", "QG_S3_PATH_STYLE", *v["s3-path-style"])
	if err != nil {
		return err
	}
	c.S3 = S3{Bucket: strings.TrimSpace(*v["s3-bucket"]), Endpoint: strings.TrimSpace(*v["s3-endpoint"]), Region: *v["s3-region"],
		AccessKey: *v["s3-access-key"], SecretKey: *v["s3-secret-key"], PathStyle: pathStyle}
	if c.S3.Bucket == "" {
		for _, s := range []struct{ flag, env, value string }{
			{"s3-endpoint", "QG_S3_ENDPOINT", c.S3.Endpoint}, {"s3-access-key", "QG_S3_ACCESS_KEY", c.S3.AccessKey},
			{"s3-secret-key", "QG_S3_SECRET_KEY", c.S3.SecretKey},
		} {
			if s.value != "" {
				return settingErr(s.flag, s.env, "is set but QG_S3_BUCKET is empty: set the bucket, or unset it to keep uploads in the data dir")
			}
		}
		return nil
	}
	if c.S3.AccessKey == "" || c.S3.SecretKey == "" {
		return settingErr("s3-access-key", "QG_S3_ACCESS_KEY", "and QG_S3_SECRET_KEY are required with QG_S3_BUCKET")
	}
	if c.S3.Endpoint != "" {
		if u, err := url.Parse(c.S3.Endpoint); err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return settingErr("s3-endpoint", "QG_S3_ENDPOINT", "must be an http(s) URL, got %q", c.S3.Endpoint)
		}
	}
	return nil
}

// parseBool reads an on/off setting: true/false, 1/0 or yes/no in any case.
// Anything else stops start-up, so a typo never silently means false.
func parseBool(flagName, env, raw string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(raw)) {
	case "true", "1", "yes":
		return true, nil
	case "false", "0", "no", "":
		return false, nil
	}
	return false, settingErr(flagName, env, "must be true or false (1/0, yes/no), got %q", raw)
}

// LocalAdminAllowed reports whether "Sign in as local admin" may be offered:
// only without a Google client, only when listening on loopback, and only
// when the public URL (if one is set) is loopback too. A site with a public
// name is reached through something (a proxy rewriting Host and adding no
// header, socat) that the server cannot always tell from a local browser, so
// there the development shortcut is never offered.
func (c Config) LocalAdminAllowed() bool {
	if c.GoogleClientID != "" {
		return false
	}
	host, _, err := net.SplitHostPort(c.Addr)
	if err != nil || !isLoopbackName(host) {
		return false
	}
	u, err := url.Parse(c.PublicURL)
	return c.PublicURL == "" || (err == nil && isLoopbackName(u.Hostname()))
}

// SecondFactorRequired reports whether brokers must pass a second factor
// after Google: everywhere but loopback development mode, where the server
// listens on loopback and its public URL is loopback too, so that only a
// browser on this computer can finish a sign-in (decision 0039).
func (c Config) SecondFactorRequired() bool {
	host, _, err := net.SplitHostPort(c.Addr)
	if err != nil || !isLoopbackName(host) {
		return true
	}
	u, err := url.Parse(c.PublicURL)
	return c.PublicURL != "" && (err != nil || !isLoopbackName(u.Hostname()))
}

// isLoopbackName: localhost, a name under .localhost, or a loopback address.
func isLoopbackName(host string) bool {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func checkDatabaseURL(raw string) error {
	switch {
	case raw == "":
		return nil
	case strings.HasPrefix(raw, "postgres://"), strings.HasPrefix(raw, "postgresql://"):
		u, err := url.Parse(raw)
		if err != nil || u.Host == "" {
			return errors.New("is not a valid postgres:// URL")
		}
		return nil
	case strings.HasPrefix(raw, "sqlite:") && len(raw) > len("sqlite:"):
		return nil
	}
	return errors.New("must be a postgres:// URL or sqlite:PATH")
}

func settingErr(flagName, env, format string, args ...any) error {
	return fmt.Errorf("invalid setting --%s (%s): %s", flagName, env, fmt.Sprintf(format, args...))
}
