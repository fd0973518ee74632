package config

import (
	"io"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestDefaults(t *testing.T) {
	c, err := Load("serve", nil, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:8080" || c.DataDir != "./data" || c.DatabaseKind() != SQLite || c.SQLitePath() != "data/quotegrade.db" ||
		c.WriteRateLimit != 30 || c.RetentionDays != 1461 || c.ShutdownTimeout != 15*time.Second {
		t.Fatalf("defaults = %+v", c)
	}
}

func TestFlagBeatsEnvironment(t *testing.T) {
	c, err := Load("serve", []string{"--addr", "127.0.0.1:9000"}, env(map[string]string{
		"QG_ADDR": "127.0.0.1:7000", "QG_DATA_DIR": "/var/lib/qg", "QG_DATABASE_URL": "postgres://u@db:5432/qg",
	}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if c.Addr != "127.0.0.1:9000" || c.DataDir != "/var/lib/qg" || c.DatabaseKind() != Postgres {
		t.Fatalf("config = %+v", c)
	}
}

func TestBadSettingsNameTheSetting(t *testing.T) {
	cases := map[string]struct {
		args []string
		env  map[string]string
		want string
	}{
		"address without port":  {args: []string{"--addr", "localhost"}, want: "--addr (QG_ADDR)"},
		"database scheme":       {env: map[string]string{"QG_DATABASE_URL": "mysql://x"}, want: "--database-url (QG_DATABASE_URL)"},
		"postgres without host": {args: []string{"--database-url", "postgres://"}, want: "--database-url (QG_DATABASE_URL)"},
		"log level":             {env: map[string]string{"QG_LOG_LEVEL": "loud"}, want: "--log-level (QG_LOG_LEVEL)"},
		"log format":            {args: []string{"--log-format", "xml"}, want: "--log-format (QG_LOG_FORMAT)"},
		"rate limit":            {env: map[string]string{"QG_WRITE_RATE_LIMIT": "0"}, want: "--write-rate-limit (QG_WRITE_RATE_LIMIT)"},
		"retention days":        {env: map[string]string{"QG_RETENTION_DAYS": "forever"}, want: "--retention-days (QG_RETENTION_DAYS)"},
		"shutdown timeout":      {env: map[string]string{"QG_SHUTDOWN_TIMEOUT": "soon"}, want: "--shutdown-timeout (QG_SHUTDOWN_TIMEOUT)"},
		"empty data dir":        {args: []string{"--data-dir", ""}, want: "--data-dir (QG_DATA_DIR)"},
		"mail from":             {env: map[string]string{"QG_MAIL_FROM": "quotegrade <no-reply@>"}, want: "--mail-from (QG_MAIL_FROM)"},
		"stray argument":        {args: []string{"extra"}, want: `unexpected argument "extra"`},
		"trusted proxy":         {env: map[string]string{"QG_TRUSTED_PROXIES": "10.0.0.0/8, proxy.internal"}, want: "--trusted-proxies (QG_TRUSTED_PROXIES)"},
		"metrics address":       {args: []string{"--metrics-addr", "9090"}, want: "--metrics-addr (QG_METRICS_ADDR)"},
	}
	for name, c := range cases {
		_, err := Load("serve", c.args, env(c.env), io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line naming %s", name, err, c.want)
		}
	}
}

func TestLocalAdminOnlyOnLoopbackWithoutGoogle(t *testing.T) {
	for _, c := range []struct {
		args []string
		want bool
	}{
		{nil, true},
		{[]string{"--addr", "localhost:9000"}, true},
		{[]string{"--addr", "[::1]:9000"}, true},
		{[]string{"--addr", "0.0.0.0:8080"}, false},
		{[]string{"--addr", ":8080"}, false},
		{[]string{"--addr", "192.0.2.10:8080"}, false},
		{[]string{"--google-client-id", "abc.apps.googleusercontent.com"}, false},
		// A proxy in front (nginx's default proxy_pass rewrites Host and adds
		// nothing) cannot be told from a local browser: a public name means no.
		{[]string{"--public-url", "https://quotegrade.example"}, false},
		{[]string{"--public-url", "http://quotegrade.example:8080"}, false},
		{[]string{"--public-url", "http://192.0.2.10:8080"}, false},
		{[]string{"--public-url", "http://localhost:8080"}, true},
		{[]string{"--public-url", "http://127.0.0.1:8080"}, true},
		{[]string{"--public-url", "http://[::1]:8080"}, true},
	} {
		cfg, err := Load("serve", c.args, env(nil), io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if got := cfg.LocalAdminAllowed(); got != c.want {
			t.Errorf("%v: local admin allowed = %v, want %v", c.args, got, c.want)
		}
	}
}

func TestSignInSettings(t *testing.T) {
	cfg, err := Load("serve", nil, env(map[string]string{"QG_ADMIN_EMAILS": " Ann@Example.com, ben@example.com ,"}), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.AdminEmails) != 2 || cfg.AdminEmails[0] != "ann@example.com" || cfg.PublicURL != "http://127.0.0.1:8080" {
		t.Fatalf("config = %+v", cfg)
	}
	for env2, want := range map[string]string{
		"QG_ADMIN_EMAILS": "--admin-emails (QG_ADMIN_EMAILS)", "QG_OIDC_ISSUER": "--oidc-issuer (QG_OIDC_ISSUER)", "QG_PUBLIC_URL": "--public-url (QG_PUBLIC_URL)",
	} {
		if _, err := Load("serve", nil, env(map[string]string{env2: "nonsense"}), io.Discard); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s=nonsense: %v", env2, err)
		}
	}
}

func TestTrustedProxies(t *testing.T) {
	c, err := Load("serve", []string{"--trusted-proxies", "10.1.2.3/8, 127.0.0.1,::1"}, env(nil), io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, p := range c.TrustedProxies {
		got = append(got, p.String())
	}
	if strings.Join(got, " ") != "10.0.0.0/8 127.0.0.1/32 ::1/128" {
		t.Fatalf("trusted proxies = %v", got)
	}
	if c, _ := Load("serve", nil, env(nil), io.Discard); len(c.TrustedProxies) != 0 {
		t.Fatalf("by default no proxy is trusted, got %v", c.TrustedProxies)
	}
}

// QG_S3_PATH_STYLE=1 once silently meant false: every usual spelling of on and
// off is read, in any case, and anything else names the setting.
func TestBooleanSettings(t *testing.T) {
	bucket := map[string]string{"QG_S3_BUCKET": "quotes", "QG_S3_ACCESS_KEY": "k", "QG_S3_SECRET_KEY": "s"}
	for raw, want := range map[string]bool{
		"true": true, "TRUE": true, "True": true, "1": true, "yes": true, "YES": true, " yes ": true,
		"false": false, "FALSE": false, "0": false, "no": false, "No": false,
	} {
		e := map[string]string{"QG_S3_PATH_STYLE": raw}
		for k, v := range bucket {
			e[k] = v
		}
		cfg, err := Load("serve", nil, env(e), io.Discard)
		if err != nil {
			t.Errorf("QG_S3_PATH_STYLE=%q: %v", raw, err)
			continue
		}
		if cfg.S3.PathStyle != want {
			t.Errorf("QG_S3_PATH_STYLE=%q read as %v, want %v", raw, cfg.S3.PathStyle, want)
		}
	}
	for _, raw := range []string{"on", "y", "2", "treu", "enabled"} {
		_, err := Load("serve", []string{"--s3-path-style", raw}, env(bucket), io.Discard)
		if err == nil || !strings.Contains(err.Error(), "--s3-path-style (QG_S3_PATH_STYLE)") || !strings.Contains(err.Error(), raw) {
			t.Errorf("--s3-path-style %q: error %v, want one naming the setting and the value", raw, err)
		}
	}
}

// S3 settings without a bucket used to fall back to the local folder without
// a word; now they stop start-up naming the setting that is set.
func TestS3SettingsNeedABucket(t *testing.T) {
	for envName, want := range map[string]string{
		"QG_S3_ENDPOINT":   "--s3-endpoint (QG_S3_ENDPOINT)",
		"QG_S3_ACCESS_KEY": "--s3-access-key (QG_S3_ACCESS_KEY)",
		"QG_S3_SECRET_KEY": "--s3-secret-key (QG_S3_SECRET_KEY)",
	} {
		_, err := Load("serve", nil, env(map[string]string{envName: "http://s3.example.com"}), io.Discard)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "QG_S3_BUCKET is empty") {
			t.Errorf("%s without a bucket: error %v, want one naming %s", envName, err, want)
		}
	}
	cfg, err := Load("serve", nil, env(map[string]string{"QG_S3_BUCKET": "quotes", "QG_S3_ACCESS_KEY": "k", "QG_S3_SECRET_KEY": "s",
		"QG_S3_ENDPOINT": "http://127.0.0.1:4568"}), io.Discard)
	if err != nil || cfg.S3.Bucket != "quotes" || cfg.S3.Endpoint != "http://127.0.0.1:4568" {
		t.Fatalf("a complete S3 setting: %+v %v", cfg.S3, err)
	}
}

// Brokers pass a second factor everywhere but loopback development mode,
// with or without Google configured.
func TestSecondFactorOutsideLoopbackDevelopment(t *testing.T) {
	for _, c := range []struct {
		args []string
		want bool
	}{
		{nil, false},
		{[]string{"--google-client-id", "abc.apps.googleusercontent.com"}, false},
		{[]string{"--google-client-id", "abc", "--public-url", "http://localhost:8080"}, false},
		{[]string{"--addr", "0.0.0.0:8080"}, true},
		{[]string{"--addr", ":8080"}, true},
		{[]string{"--google-client-id", "abc", "--public-url", "https://quotegrade.example"}, true},
		{[]string{"--public-url", "http://192.0.2.10:8080"}, true},
	} {
		cfg, err := Load("serve", c.args, env(nil), io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		if got := cfg.SecondFactorRequired(); got != c.want {
			t.Errorf("%v: second factor required = %v, want %v", c.args, got, c.want)
		}
	}
}

func TestSecondFactorSettings(t *testing.T) {
	cfg, err := Load("serve", []string{"--google-hosted-domain", " Brokerage.Example "}, env(nil), io.Discard)
	if err != nil || cfg.GoogleHostedDomain != "brokerage.example" || cfg.AdminIdleTimeout != 30*time.Minute || cfg.SecondFactorKey != nil {
		t.Fatalf("defaults: %+v %v", cfg, err)
	}
	for _, args := range [][]string{
		{"--google-hosted-domain", "broker@brokerage.example"},
		{"--google-hosted-domain", "localhost"},
		{"--admin-idle-timeout", "30"},
		{"--admin-idle-timeout", "10s"},
		{"--second-factor-key", "short"},
	} {
		if _, err := Load("serve", args, env(nil), io.Discard); err == nil || !strings.Contains(err.Error(), args[0]) {
			t.Errorf("%v: %v, want a refusal naming the setting", args, err)
		}
	}
}
