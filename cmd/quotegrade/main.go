// Command quotegrade is the whole product in one binary: the API, the embedded
// web app and the database migrations.
//
//	quotegrade serve    [--addr ...] [--data-dir ...] [--database-url ...]
//	quotegrade migrate  [same settings]
//	quotegrade admin grant|revoke EMAIL [same settings]
//	quotegrade admin grant EMAIL --name "NAME" --nmls ID (loan officer profile)
//	quotegrade admin reset-second-factor EMAIL [same settings]
//	quotegrade backup PATH [same settings]
//	quotegrade demo remove [same settings]
//	quotegrade rates import FILE [same settings]
//	quotegrade version
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"strings"
	"syscall"
	"time"

	"quotegrade/internal/app"
	"quotegrade/internal/apperr"
	"quotegrade/internal/config"
	"quotegrade/internal/example"
	"quotegrade/internal/store"
	"quotegrade/internal/store/sqlite"
	"quotegrade/internal/vocab"
	"quotegrade/web"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

const usage = `usage: quotegrade <command> [settings]

commands:
  serve     run the web site and API
  migrate   apply database migrations and exit
  admin     admin grant EMAIL [--name "NAME" --nmls ID] | admin revoke EMAIL: decide who is a broker (admin);
            admin reset-second-factor EMAIL: remove a broker's authenticator app (a lost phone)
  backup    backup PATH: write a consistent copy of the SQLite database, also while serving
  demo      demo remove: delete the demo requests a development server made (for good)
  rates     rates import FILE: import a FRED CSV or Freddie Mac PMMS history file of market rates
  records   records purge [--before DATE] [--dry-run]: remove records older than the retention now (docs/records.md)
  version   print the version

Run "quotegrade serve -h" for the settings; each can also be set as QG_* in the environment.
`

func main() {
	if err := run(os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "quotegrade:", err)
		os.Exit(1)
	}
}

func run(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errors.New("no command given")
	}
	switch cmd := args[0]; cmd {
	case "version":
		fmt.Fprintln(stdout, "quotegrade", version)
		return nil
	case "serve", "migrate":
		cfg, err := config.Load(cmd, args[1:], getenv, stderr)
		if err != nil {
			return err
		}
		log := newLogger(cfg, stderr)
		if cmd == "migrate" {
			return migrate(cfg, stdout)
		}
		return serve(cfg, log, stdout)
	case "admin":
		return adminCommand(args[1:], getenv, stdout, stderr)
	case "backup":
		return backupCommand(args[1:], getenv, stdout, stderr)
	case "demo":
		return demoCommand(args[1:], getenv, stdout, stderr)
	case "rates":
		return ratesCommand(args[1:], getenv, stdout, stderr)
	case "records":
		return recordsCommand(args[1:], getenv, stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		fmt.Fprint(stderr, usage)
		return fmt.Errorf("unknown command %q", cmd)
	}
}

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	if cfg.LogFormat == "text" {
		return slog.New(slog.NewTextHandler(w, opts))
	}
	return slog.New(slog.NewJSONHandler(w, opts))
}

func migrate(cfg config.Config, stdout io.Writer) error {
	ctx := context.Background()
	st, err := app.OpenStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := example.Seed(ctx, st); err != nil {
		return err
	}
	if err := app.MigrateQueue(ctx, cfg); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "database is up to date (%s)\n", cfg.DatabaseKind())
	return nil
}

// Serving, the garbage collector runs when the heap has grown by gcPercent
// since the last collection, not Go's default 100: the live heap is about
// 2 MB, and at 100 a health check under load paid for a collection every few
// thousand requests (docs/performance.md). The soft limit bounds the heap
// when the live heap is large (a Refi Buddy run of 100,000 watches); the
// peak RSS under load is in docs/performance.md.
const (
	gcPercent   = 400
	memoryLimit = 128 << 20
)

// tuneGC applies gcPercent and memoryLimit unless the operator set Go's own
// GOGC or GOMEMLIMIT, which then stand.
func tuneGC(getenv func(string) string) {
	if getenv("GOGC") == "" {
		// Collect what opening the app left first: the next collection's
		// target is gcPercent over the heap the last one found live. Twice:
		// the migrations' parser keeps 12 MB of buffers in a sync.Pool, which
		// a first collection only moves to the pool's victim cache.
		runtime.GC()
		runtime.GC()
		debug.SetGCPercent(gcPercent)
	}
	if getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
}

// serve runs until SIGINT or SIGTERM, then stops accepting connections and
// lets in-flight requests finish (up to the shutdown timeout).
func serve(cfg config.Config, log *slog.Logger, stdout io.Writer) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	a, err := app.Open(ctx, cfg, log, app.WebApp{Files: web.Dist(), RouteTable: web.RouteTable()}, version)
	if err != nil {
		return err
	}
	// Tuned once started: opening the app holds about 17 MB for a moment,
	// which at gcPercent would let the heap grow to five times that.
	tuneGC(os.Getenv)
	defer a.Close()
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen on --addr (QG_ADDR) %s: %w", cfg.Addr, err)
	}
	srv := &http.Server{Handler: a.Handler, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
		WriteTimeout: 60 * time.Second, IdleTimeout: 120 * time.Second}
	errc := make(chan error, 2)
	go func() { errc <- srv.Serve(ln) }()
	if cfg.MetricsAddr != "" {
		stopMetrics, err := serveMetrics(cfg.MetricsAddr, a.MetricsHandler, errc)
		if err != nil {
			return err
		}
		defer stopMetrics()
		log.Info("metrics served apart", "metrics_addr", cfg.MetricsAddr)
	}
	// One plain line on stdout for whoever started it by hand (the logs are for machines).
	fmt.Fprintf(stdout, "listening on %s\n", browseURL(ln.Addr()))
	log.Info("quotegrade serving", "addr", ln.Addr().String(), "database", cfg.DatabaseKind(), "uploads", a.UploadStore,
		"mail", a.MailTransport, "version", version, "web_app", web.Dist() != nil)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down: draining in-flight requests", "timeout", cfg.ShutdownTimeout.String())
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	log.Info("stopped")
	return nil
}

// browseURL is the address to open in a browser: an address that listens on
// every interface (":8080") is reached at localhost.
func browseURL(addr net.Addr) string {
	host, port, err := net.SplitHostPort(addr.String())
	if err != nil {
		return "http://" + addr.String()
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}

// serveMetrics answers /metrics alone on its own address (--metrics-addr),
// for a network only the monitoring can reach.
func serveMetrics(addr string, h http.Handler, errc chan<- error) (func(), error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen on --metrics-addr (QG_METRICS_ADDR) %s: %w", addr, err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", h)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
			errc <- fmt.Errorf("metrics: %w", err)
		}
	}()
	return func() { srv.Close() }, nil
}

// backupCommand copies the SQLite database to a new file while the server
// may be running. PostgreSQL has its own tool for that, and a backup command
// that quietly did nothing would be worse than one that says so.
func backupCommand(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) < 1 || strings.HasPrefix(args[0], "-") {
		return errors.New("usage: quotegrade backup PATH [settings]")
	}
	cfg, err := config.Load("backup", args[1:], getenv, stderr)
	if err != nil {
		return err
	}
	if cfg.DatabaseKind() == config.Postgres {
		return errors.New("backup copies the SQLite database only; for PostgreSQL use pg_dump, e.g. " +
			"pg_dump --format=custom --file=quotegrade.dump \"$QG_DATABASE_URL\" (docs/deploy.md, Backups)")
	}
	if err := sqlite.Backup(context.Background(), cfg.SQLitePath(), args[0]); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "backed up %s to %s\n", cfg.SQLitePath(), args[0])
	return nil
}

// openStore reads a command's settings and opens (and migrates) its database.
func openStore(ctx context.Context, command string, args []string, getenv func(string) string, stderr io.Writer) (store.Store, error) {
	cfg, err := config.Load(command, args, getenv, stderr)
	if err != nil {
		return nil, err
	}
	return app.OpenStore(ctx, cfg)
}

// demoCommand removes the demo requests a development server made, with
// their analyses, and keeps them from being made again.
func demoCommand(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) < 1 || args[0] != "remove" {
		return errors.New("usage: quotegrade demo remove [settings]")
	}
	ctx := context.Background()
	st, err := openStore(ctx, "demo", args[1:], getenv, stderr)
	if err != nil {
		return err
	}
	defer st.Close()
	n, err := st.RemoveDemoRequests(ctx, time.Now())
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "removed %d demo requests; they will not be made again\n", n)
	return nil
}

// adminCommand grants or revokes admin rights by e-mail; the server reads
// them from the database on every request, so the change is immediate.
func adminCommand(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) >= 2 && args[0] == "reset-second-factor" && strings.Contains(args[1], "@") {
		return resetSecondFactor(args[1], args[2:], getenv, stdout, stderr)
	}
	if len(args) < 2 || (args[0] != "grant" && args[0] != "revoke") || !strings.Contains(args[1], "@") {
		return errors.New("usage: quotegrade admin grant|revoke EMAIL [settings]")
	}
	settings, officer, err := officerFlags(args[2:])
	if err != nil {
		return err
	}
	if args[0] == "revoke" && !officer.IsZero() {
		return errors.New("--name and --nmls go with admin grant")
	}
	ctx := context.Background()
	st, err := openStore(ctx, "admin", settings, getenv, stderr)
	if err != nil {
		return err
	}
	defer st.Close()
	email := strings.ToLower(strings.TrimSpace(args[1]))
	if args[0] == "grant" {
		return grantAdmin(ctx, st, email, officer, stdout)
	}
	if err := st.RevokeAdmin(ctx, email); errors.Is(err, apperr.ErrNotFound) {
		return fmt.Errorf("%s is not an admin", email)
	} else if err != nil {
		return err
	}
	if err := auditAdminChange(ctx, st, "revoke_admin", email); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s is no longer an admin\n", email)
	return nil
}

// resetSecondFactor removes a broker's authenticator app and recovery codes
// (a lost phone): at their next sign-in they enrol again (decision 0039).
func resetSecondFactor(email string, settings []string, getenv func(string) string, stdout, stderr io.Writer) error {
	ctx := context.Background()
	st, err := openStore(ctx, "admin", settings, getenv, stderr)
	if err != nil {
		return err
	}
	defer st.Close()
	email = strings.ToLower(strings.TrimSpace(email))
	if err := st.DeleteSecondFactor(ctx, email); errors.Is(err, apperr.ErrNotFound) {
		return fmt.Errorf("%s has no second factor", email)
	} else if err != nil {
		return err
	}
	if err := auditAdminChange(ctx, st, "reset_second_factor", email); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s's second factor is removed: they set up an authenticator app again at their next sign-in\n", email)
	return nil
}

// grantAdmin makes email an admin and, when given, sets their loan officer
// profile (shown as "Reviewed by NAME, NMLS #ID" on the analyses they save).
func grantAdmin(ctx context.Context, st store.Store, email string, officer store.LoanOfficer, stdout io.Writer) error {
	if err := st.GrantAdmin(ctx, email, time.Now()); err != nil {
		return err
	}
	if err := auditAdminChange(ctx, st, "grant_admin", email); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s is now an admin\n", email)
	if officer.IsZero() {
		return nil
	}
	if err := st.SetLoanOfficer(ctx, email, officer); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "analyses %s saves say \"Reviewed by %s, NMLS #%s\"\n", email, officer.Name, officer.NMLS)
	return nil
}

// officerFlags takes --name and --nmls (the loan officer profile) out of
// args and leaves the server settings; the two go together.
func officerFlags(args []string) ([]string, store.LoanOfficer, error) {
	var o store.LoanOfficer
	var rest []string
	for i := 0; i < len(args); i++ {
		name, value, hasValue := strings.Cut(args[i], "=")
		if name != "--name" && name != "--nmls" {
			rest = append(rest, args[i])
			continue
		}
		if !hasValue {
			if i+1 >= len(args) {
				return nil, o, fmt.Errorf("%s needs a value", name)
			}
			i++
			value = args[i]
		}
		if name == "--name" {
			o.Name = strings.TrimSpace(value)
		} else {
			o.NMLS = strings.TrimSpace(value)
		}
	}
	if o.IsZero() {
		return rest, o, nil
	}
	if err := vocab.CheckLoanOfficer(o.Name, o.NMLS); err != nil {
		return nil, o, err
	}
	return rest, o, nil
}

// auditAdminChange puts a grant or revocation in the audit trail: who may
// read visitors' data is itself a record (docs/records.md).
func auditAdminChange(ctx context.Context, st store.Store, action, email string) error {
	return st.RecordAudit(ctx, store.AuditEvent{ID: vocab.NewOrderedID(), At: time.Now().UTC(), Actor: "command line",
		Action: action, Address: "", Detail: email})
}
