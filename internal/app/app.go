// Package app wires quotegrade together from a Config: the store, the domain
// services and the HTTP handler. cmd/quotegrade and the tests both start the
// product through it, so tests run exactly what production runs.
package app

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"quotegrade/internal/analysis"
	"quotegrade/internal/auth"
	"quotegrade/internal/blob"
	"quotegrade/internal/brokernotice"
	"quotegrade/internal/config"
	"quotegrade/internal/contact"
	"quotegrade/internal/example"
	"quotegrade/internal/fees"
	"quotegrade/internal/figures"
	"quotegrade/internal/httpapi"
	"quotegrade/internal/jobs"
	"quotegrade/internal/mail"
	"quotegrade/internal/metrics"
	"quotegrade/internal/ocr"
	"quotegrade/internal/quoterequest"
	"quotegrade/internal/rates"
	"quotegrade/internal/records"
	"quotegrade/internal/refi"
	"quotegrade/internal/results"
	"quotegrade/internal/site"
	"quotegrade/internal/store"
	"quotegrade/internal/store/postgres"
	"quotegrade/internal/store/sqlite"
	"quotegrade/internal/upload"
	"quotegrade/internal/writelimit"
)

// App is a running quotegrade: its store, its job queue and its HTTP handler.
type App struct {
	Store    store.Store
	Handler  http.Handler
	Sessions *auth.Sessions
	Queue    jobs.Queue
	Uploads  *upload.Service
	Rates    *rates.Service
	Refi     *refi.Service
	// Records deletes, holds, exports and purges (issue 27).
	Records *records.Service
	// Metrics is what /metrics reports; MetricsHandler answers a scrape (for
	// --metrics-addr).
	Metrics        *metrics.Metrics
	MetricsHandler http.Handler
	// UploadStore and MailTransport name where uploads live and how mail
	// leaves, for the start-up line (no secrets).
	UploadStore   string
	MailTransport string
	sender        mail.Sender
	closers       []func()
}

// titleTable is the shipped title-estimate table, or the operator's file.
func titleTable(cfg config.Config) (fees.TitleTable, error) {
	if cfg.TitleRatesPath == "" {
		return fees.DefaultTitleTable(), nil
	}
	f, err := os.Open(cfg.TitleRatesPath)
	if err != nil {
		return fees.TitleTable{}, fmt.Errorf("invalid setting --title-rates-path (QG_TITLE_RATES_PATH): %w", err)
	}
	defer f.Close()
	t, err := fees.LoadTitleTable(f)
	if err != nil {
		return fees.TitleTable{}, fmt.Errorf("invalid setting --title-rates-path (QG_TITLE_RATES_PATH): %w", err)
	}
	return t, nil
}

func ratesSource(cfg config.Config) rates.Source {
	switch cfg.RatesSource {
	case "fred":
		return rates.FRED{BaseURL: cfg.FREDURL, APIKey: cfg.FREDAPIKey, Since: time.Now().AddDate(-3, 0, 0)}
	case "freddiemac":
		return rates.FreddieMac{URL: cfg.FreddieMacURL}
	}
	return rates.Snapshot{}
}

// seedRates loads the bundled snapshot into an empty database, so the rates
// card and Refi Buddy work from the first page; a live source then updates.
func seedRates(ctx context.Context, st store.Store, log *slog.Logger) error {
	latest, err := st.LatestMarketRates(ctx, rates.LatestWeek(time.Now()))
	if err != nil || len(latest) > 0 {
		return err
	}
	return rates.NewService(st, rates.Snapshot{}, log, time.Now).Refresh(ctx)
}

// openBlobs picks where uploads live: S3 when a bucket is set, else a folder
// in the data dir whose signed links this server answers itself.
func openBlobs(cfg config.Config) (blob.Store, *blob.Local, error) {
	if cfg.S3.Bucket != "" {
		return blob.NewS3(blob.S3Config{Bucket: cfg.S3.Bucket, Endpoint: cfg.S3.Endpoint, Region: cfg.S3.Region,
			AccessKey: cfg.S3.AccessKey, SecretKey: cfg.S3.SecretKey, PathStyle: cfg.S3.PathStyle}), nil, nil
	}
	key := cfg.UploadKey
	if key == nil {
		var err error
		if key, err = keptSecret(filepath.Join(cfg.DataDir, "upload-signing.key")); err != nil {
			return nil, nil, fmt.Errorf("upload signing key (QG_UPLOAD_KEY): %w", err)
		}
	}
	local, err := blob.NewLocal(filepath.Join(cfg.DataDir, "uploads"), key, time.Now)
	if err != nil {
		return nil, nil, err
	}
	return local, local, nil
}

// uploadOrigin is the other site browsers send files to: the S3 store's
// address, or nothing when this server answers the upload links itself.
func uploadOrigin(ctx context.Context, blobs blob.Store) (string, error) {
	s3, ok := blobs.(*blob.S3)
	if !ok {
		return "", nil
	}
	origin, err := s3.Origin(ctx)
	if err != nil {
		return "", fmt.Errorf("S3 upload address (QG_S3_ENDPOINT): %w", err)
	}
	return origin, nil
}

// useSecondFactor sets the idle time and, outside loopback development mode,
// the second factor with its sealing key (decision 0039).
func useSecondFactor(cfg config.Config, sessions *auth.Sessions, brokerage string) error {
	if cfg.AdminIdleTimeout > 0 {
		sessions.SetIdleTimeout(cfg.AdminIdleTimeout)
	}
	if !cfg.SecondFactorRequired() {
		return nil
	}
	key := cfg.SecondFactorKey
	if key == nil {
		var err error
		if key, err = keptSecret(filepath.Join(cfg.DataDir, "second-factor.key")); err != nil {
			return fmt.Errorf("second-factor key (QG_SECOND_FACTOR_KEY): %w", err)
		}
	}
	sealer, err := auth.NewSealer(key)
	if err != nil {
		return err
	}
	issuer := "quotegrade"
	if brokerage != "" {
		issuer = brokerage
	}
	sessions.UseSecondFactor(sealer, issuer)
	return nil
}

// keptSecret reads a secret from path, making a random one the first time.
func keptSecret(path string) ([]byte, error) {
	if b, err := os.ReadFile(path); err == nil && len(b) >= 32 {
		return b, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	secret := []byte(hex.EncodeToString(b))
	if err := os.WriteFile(path, secret, 0o600); err != nil {
		return nil, err
	}
	return secret, nil
}

// WebApp is the built browser app and the route table it shares with the server.
type WebApp struct {
	// Files holds index.html and assets/; nil when the binary was built without them.
	Files fs.FS
	// RouteTable is web/src/app/route-table.json.
	RouteTable []byte
}

// Open opens and migrates the database, seeds the example and builds the handler.
func Open(ctx context.Context, cfg config.Config, log *slog.Logger, web WebApp, version string) (*App, error) {
	// The site file is checked before anything is opened: a bad key stops
	// start-up with one line naming it.
	operator, err := site.Load(cfg.SiteFile)
	if err != nil {
		return nil, err
	}
	if err := checkPublicSite(cfg, operator); err != nil {
		return nil, err
	}
	pages, err := httpapi.ParsePageRoutes(web.RouteTable)
	if err != nil {
		return nil, err
	}
	st, err := OpenStore(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if err := example.Seed(ctx, st); err != nil {
		st.Close()
		return nil, err
	}
	// Demo requests only on a development server's own SQLite file: a shared
	// PostgreSQL database would keep them after Google sign-in is set up.
	if cfg.LocalAdminAllowed() && cfg.DatabaseKind() == config.SQLite {
		if err := example.SeedDemo(ctx, st, operator.BrokerageName, time.Now()); err != nil {
			st.Close()
			return nil, err
		}
	}
	if err := grantStartAdmins(ctx, st, cfg.AdminEmails); err != nil {
		st.Close()
		return nil, err
	}
	var provider *auth.OIDC
	if cfg.GoogleClientID != "" {
		// The provider keeps fetching signing keys for the server's lifetime,
		// so it gets a context that outlives start-up.
		provider, err = auth.NewOIDC(context.WithoutCancel(ctx), cfg.OIDCIssuer, cfg.GoogleClientID, cfg.GoogleClientSecret,
			cfg.PublicURL+"/api/auth/callback", cfg.GoogleHostedDomain)
		if err != nil {
			st.Close()
			return nil, fmt.Errorf("sign-in (QG_OIDC_ISSUER): %w", err)
		}
	}
	a := &App{Store: st, Sessions: auth.NewSessions(st, time.Now)}
	a.Metrics = metrics.New(metrics.Source{Store: st, Jobs: jobCounter(st), Now: time.Now, Log: log})
	a.MetricsHandler = a.Metrics.Handler()
	blobs, local, err := openBlobs(cfg)
	if err != nil {
		a.Close()
		return nil, err
	}
	if cfg.DatabaseKind() == config.Postgres && cfg.S3.Bucket == "" {
		log.Warn("uploads are kept on this machine's disk, where other copies of the server cannot read them: " +
			"with several copies on one PostgreSQL database, set --s3-bucket (QG_S3_BUCKET)")
	}
	origin, err := uploadOrigin(ctx, blobs)
	if err != nil {
		a.Close()
		return nil, err
	}
	engine := ocr.New(cfg.Tesseract)
	if !engine.Available() {
		log.Warn("photos and scans of Loan Estimates will not be read: Tesseract is not installed " +
			"(apt-get install tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd poppler-utils, or set --tesseract / QG_TESSERACT)")
	}
	uploads := upload.NewService(st, blobs, time.Now).WithOCR(engine).WithQuotas(int64(cfg.UploadQuotaMB)<<20, int64(cfg.UploadTotalMB)<<20)
	a.Uploads = uploads
	a.Rates = rates.NewService(st, ratesSource(cfg), log, time.Now)
	title, err := titleTable(cfg)
	if err != nil {
		a.Close()
		return nil, err
	}
	if err := seedRates(ctx, st, log); err != nil {
		a.Close()
		return nil, err
	}
	if err := a.openQueue(ctx, cfg, operator, log); err != nil {
		a.Close()
		return nil, err
	}
	if cfg.FREDAPIKey != "" {
		// With a FRED key, Optimal Blue's daily bands are the instant grade's
		// benchmark for 30-year conforming loans (docs/grading.md).
		a.Rates.WithOptimalBlue(st, rates.OptimalBlue{FRED: rates.FRED{BaseURL: cfg.FREDURL, APIKey: cfg.FREDAPIKey}, Now: time.Now})
		a.Queue.Schedule(a.Rates.BenchmarkTask())
	}
	a.UploadStore, a.MailTransport = describeUploads(cfg), describeMail(a.sender)
	warnUnreachable(ctx, log, blobs, a.sender, a.UploadStore, a.MailTransport)
	if err := compareCopies(ctx, st, log, cfg, a.UploadStore, a.MailTransport, time.Now()); err != nil {
		a.Close()
		return nil, err
	}
	// Refi Buddy estimates closing costs with the default lender's fees.
	costs := func(amount float64) float64 {
		return title.RefinanceClosingCosts(operator.DefaultLender().FeesTotal(), amount)
	}
	a.Refi = refi.NewService(st, a.Rates, costs, cfg.PublicURL, log, time.Now)
	writes := writelimit.New(st, time.Now)
	notices := brokernotice.NewService(st, a.Rates, cfg.BrokerEmail, cfg.PublicURL, log, time.Now)
	a.Queue.Schedule(uploads.RemoveStaleTask(log), writes.ForgetTask(), a.Rates.RefreshTask(), a.Refi.EvaluateTask(),
		notices.NewRequestsTask(), notices.StaleRatesTask())
	fig := figures.NewService(title, operator, time.Now)
	quotes := quoterequest.NewService(st, uploads, time.Now).WithSignUps(a.Refi).WithBrokerage(operator.BrokerageName)
	analyses := analysis.NewService(st, fig, cfg.PublicURL, time.Now)
	answers, err := results.NewService(results.Deps{Store: st, Quotes: quotes, Analyses: analyses, Figures: fig, Rates: a.Rates,
		PublicURL: cfg.PublicURL, Version: version, Now: time.Now, Log: log})
	if err != nil {
		a.Close()
		return nil, err
	}
	a.Records = records.NewService(records.Deps{Store: st, Files: uploads, Reads: answers, Links: a.Refi, Counter: a.Metrics, Log: log, Now: time.Now})
	a.Queue.Schedule(a.Records.PurgeTask(cfg.RetentionDays))
	if err := archivePages(ctx, a.Records, web.Files, pages, operator, cfg.PublicURL, log); err != nil {
		a.Close()
		return nil, err
	}
	if err := a.startQueue(ctx); err != nil {
		a.Close()
		return nil, err
	}
	if err := useSecondFactor(cfg, a.Sessions, operator.BrokerageName); err != nil {
		a.Close()
		return nil, err
	}
	a.Handler = httpapi.New(httpapi.Deps{Results: answers, Records: a.Records, PublicWrites: writes, Now: time.Now, Quotes: quotes, Uploads: uploads, LocalBlobs: local, UploadOrigin: origin, Rates: a.Rates, MarketData: a.Rates, Refi: a.Refi,
		Figures:  fig,
		Contacts: contact.NewService(st, cfg.BrokerEmail, cfg.PublicURL, log, time.Now).WithBrokerage(operator.BrokerageName),
		Mail:     mail.BrokerMail{Unsubscribes: st, Officers: st, Queue: a.Queue}, Outbox: mail.Outbox{Store: st, Log: log}, Suggestions: analyses, Sessions: a.Sessions, OIDC: signInProvider(provider),
		LocalAdmin: cfg.LocalAdminAllowed(), SecureCookies: strings.HasPrefix(cfg.PublicURL, "https://"), PublicURL: cfg.PublicURL, Log: log,
		Version: version, Web: web.Files, Pages: pages, WriteLimit: cfg.WriteRateLimit,
		TrustedProxies: cfg.TrustedProxies, SharedWriteLimit: cfg.DatabaseKind() == config.Postgres,
		Metrics: a.Metrics, MetricsElsewhere: cfg.MetricsAddr != "", Site: operator})
	return a, nil
}

// archivePages keeps a dated copy of the public pages as this server sends
// them and of the site file's values, when the archive lacks them (issue 27
// §3): the pages are filled in once, at start, and the site file is read
// only then, so start-up is when a new version is first served.
func archivePages(ctx context.Context, rec *records.Service, web fs.FS, pages httpapi.PageRoutes, operator site.Site, publicURL string, log *slog.Logger) error {
	filled, err := httpapi.FilledPages(web, pages, operator, publicURL)
	if err != nil {
		// The web app then answers 503 (spaHandler): nothing is served to keep.
		log.ErrorContext(ctx, "page archive: the pages cannot be filled in", "error", err)
		filled = nil
	}
	siteFile, err := json.MarshalIndent(operator, "", "  ")
	if err != nil {
		return fmt.Errorf("page archive: site values: %w", err)
	}
	added, err := rec.ArchivePages(ctx, filled, string(siteFile))
	if err != nil {
		return err
	}
	if added > 0 {
		log.InfoContext(ctx, "page archive: new versions kept", "count", added)
	}
	return nil
}

// openQueue opens the job queue in the product's database and the sender
// it delivers mail with.
func (a *App) openQueue(ctx context.Context, cfg config.Config, operator site.Site, log *slog.Logger) error {
	var transport mail.Sender = mail.Outbox{Store: a.Store, Log: log}
	if cfg.SMTPURL != "" {
		// The From names the site's brand and legal name unless QG_MAIL_FROM names a sender.
		from, err := mail.FromAddress(cfg.MailFrom, operator)
		if err != nil {
			return fmt.Errorf("invalid setting --mail-from (QG_MAIL_FROM): %w", err)
		}
		smtp, err := mail.NewSMTP(cfg.SMTPURL, from, cfg.PublicURL)
		if err != nil {
			return fmt.Errorf("invalid setting --smtp-url (QG_SMTP_URL): %w", err)
		}
		transport = smtp
	}
	a.sender = transport
	// Every e-mail leaves with the brokerage's letterhead and Reply-To.
	letterhead, err := mail.NewLetterhead(operator)
	if err != nil {
		return err
	}
	sender := mail.WithLetterhead(transport, letterhead)
	// Periodic tasks are scheduled by Open once their services exist; each
	// package exports its own (upload, writelimit, rates, refi, brokernotice).
	opts := jobs.Options{PollInterval: cfg.JobPollInterval, RetryDelay: cfg.JobRetryDelay, Logger: log, JobFailed: a.Metrics.JobFailed}
	if cfg.DatabaseKind() == config.Postgres {
		db, err := postgres.OpenDB(ctx, cfg.DatabaseURL)
		if err != nil {
			return fmt.Errorf("job queue database (QG_DATABASE_URL): %w", err)
		}
		a.closers = append(a.closers, func() { db.Close() })
		q, closeListener, err := jobs.OpenPostgres(ctx, db, cfg.DatabaseURL, sender, a.Store, opts)
		if err != nil {
			return err
		}
		a.Queue, a.closers = q, append(a.closers, closeListener)
	} else {
		db, err := sqlite.OpenDB(cfg.SQLitePath())
		if err != nil {
			return err
		}
		a.closers = append(a.closers, func() { db.Close() })
		if a.Queue, err = jobs.OpenSQLite(ctx, db, sender, a.Store, opts); err != nil {
			return err
		}
	}
	// A write's e-mails are queued by the write's own transaction.
	a.Store.UseMailQueue(a.Queue)
	return nil
}

// startQueue starts working jobs, once everything they call is wired.
func (a *App) startQueue(ctx context.Context) error {
	// The queue works for the server's lifetime, not the start-up context's.
	if err := a.Queue.Start(context.WithoutCancel(ctx)); err != nil {
		return fmt.Errorf("start job queue: %w", err)
	}
	a.closers = append(a.closers, func() {
		stopCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		a.Queue.Stop(stopCtx)
	})
	return nil
}

// jobCounter counts the job queue in the store's database, where River keeps
// its tables beside the product's.
func jobCounter(st store.Store) func(ctx context.Context) ([]metrics.JobCount, error) {
	db, ok := st.(interface{ DB() *sql.DB })
	if !ok {
		return func(context.Context) ([]metrics.JobCount, error) { return nil, nil }
	}
	return func(ctx context.Context) ([]metrics.JobCount, error) { return jobs.CountJobs(ctx, db.DB()) }
}

// OpenStore opens and migrates the configured database.
func OpenStore(ctx context.Context, cfg config.Config) (store.Store, error) {
	if cfg.DatabaseKind() == config.Postgres {
		st, err := postgres.Open(ctx, cfg.DatabaseURL)
		if err != nil {
			return nil, fmt.Errorf("open database (QG_DATABASE_URL): %w", err)
		}
		return st, nil
	}
	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return nil, fmt.Errorf("create data dir (QG_DATA_DIR) %s: %w", cfg.DataDir, err)
	}
	st, err := sqlite.Open(ctx, cfg.SQLitePath())
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", cfg.SQLitePath(), err)
	}
	return st, nil
}

// MigrateQueue creates the job queue's tables beside the product's, so that
// `quotegrade migrate` prepares everything `serve` needs.
func MigrateQueue(ctx context.Context, cfg config.Config) error {
	if cfg.DatabaseKind() == config.Postgres {
		return jobs.MigratePostgres(ctx, cfg.DatabaseURL)
	}
	db, err := sqlite.OpenDB(cfg.SQLitePath())
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1) // as River's SQLite driver asks
	return jobs.MigrateSQLite(ctx, db)
}

// Close stops the queue (letting running jobs finish) and releases the store.
func (a *App) Close() error {
	for i := len(a.closers) - 1; i >= 0; i-- {
		a.closers[i]()
	}
	return a.Store.Close()
}

// signInProvider is the identity provider as the HTTP layer takes it: no
// provider is a nil interface, which the sign-in pages test for, not an
// interface holding a nil *auth.OIDC.
func signInProvider(p *auth.OIDC) httpapi.SignInProvider {
	if p == nil {
		return nil
	}
	return p
}
