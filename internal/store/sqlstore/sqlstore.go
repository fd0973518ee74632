// Package sqlstore implements store.Store once, over database/sql, for every SQL
// database quotegrade runs on. The SQL is kept to what SQLite and PostgreSQL both
// speak ($n placeholders, ON CONFLICT, RETURNING), and each database
// package supplies only what truly differs: how to open, migrate and recognise a
// unique-key violation. See docs/decisions/0002-one-sql-store.md.
package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
)

// Dialect is what differs between databases.
type Dialect interface {
	// IsUniqueViolation reports whether err is a primary or unique key clash.
	IsUniqueViolation(err error) bool
	// IsForeignKeyViolation reports whether err is a reference to a missing row.
	IsForeignKeyViolation(err error) bool
	// Bulk is how one statement carries many rows (Refi Buddy's alerts).
	Bulk() Bulk
}

// Bulk is how one statement carries many rows to insert.
type Bulk int

const (
	// BulkJSON: one JSON array of rows, read with json_each (SQLite).
	BulkJSON Bulk = iota
	// BulkArrays: one typed array per column, read with unnest (PostgreSQL).
	BulkArrays
)

// Store is the database/sql implementation of store.Store.
type Store struct {
	// db runs the statements: the pool, or the transaction of InTx.
	db      dbtx
	pool    *sql.DB
	tx      *sql.Tx
	dialect Dialect
	// statements caches prepared statements (nil: every call prepares).
	statements *statements
	// group batches InTx calls into shared commits (nil: one commit each).
	group *groupCommit
	// pinged is when the database last answered Ping (Unix nanoseconds).
	pinged *atomic.Int64
	// commits is Options.Commits.
	commits *atomic.Uint64
	// mail is where a transaction's e-mails go (UseMailQueue), shared by
	// the store and every transaction's Store.
	mail *atomic.Pointer[mailQueue]
}

// mailQueue holds the store.MailQueue, for an atomic pointer to it.
type mailQueue struct{ store.MailQueue }

// dbtx is what *sql.DB and *sql.Tx share.
type dbtx interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	PrepareContext(ctx context.Context, query string) (*sql.Stmt, error)
}

var (
	_ store.Store = (*Store)(nil)
	_ store.Tx    = txStore{}
)

// Options are the connection layer's optimisations a database asks for
// (docs/decisions/0016-group-commit-and-statement-cache.md).
type Options struct {
	// CacheStatements prepares each SQL text once per connection.
	CacheStatements bool
	// GroupCommit runs concurrent InTx calls in shared transactions, one
	// commit (one fsync) for all of them.
	GroupCommit bool
	// Commits counts the write transactions committed through the pool,
	// each once it is visible, when this process is the database's only
	// server (SQLite); nil when other servers write to it too.
	Commits *atomic.Uint64
}

// NewWith wraps an open, migrated database with the given optimisations.
func NewWith(db *sql.DB, d Dialect, o Options) *Store {
	s := &Store{db: db, pool: db, dialect: d, pinged: &atomic.Int64{}, commits: o.Commits, mail: &atomic.Pointer[mailQueue]{}}
	if o.CacheStatements {
		s.statements = newStatements(db)
		s.db = cached{raw: db, cache: s.statements}
	}
	if o.GroupCommit {
		s.group = &groupCommit{store: s, wait: gatherWait}
	}
	return s
}

// inTx is the Store whose methods run in tx.
func (s *Store) inTx(tx *sql.Tx) *Store {
	in := &Store{db: tx, pool: s.pool, tx: tx, dialect: s.dialect, statements: s.statements, pinged: s.pinged, commits: s.commits, mail: s.mail}
	if s.statements != nil {
		in.db = cached{raw: tx, tx: tx, cache: s.statements}
	}
	return in
}

// Migrated brings db's schema up to date with migrate and answers the store
// over it; db is closed when the migrations fail. Both engines' Open use it.
func Migrated(ctx context.Context, db *sql.DB, d Dialect, o Options, migrate func(context.Context, *sql.DB) (int, error)) (*Store, error) {
	if _, err := migrate(ctx, db); err != nil {
		db.Close()
		return nil, err
	}
	return NewWith(db, d, o), nil
}

// Commits answers how many write transactions this process has committed,
// and whether it is the database's only server, so that an unchanged count
// means an unchanged database (decision 0029).
func (s *Store) Commits() (uint64, bool) {
	if s.commits == nil {
		return 0, false
	}
	return s.commits.Load(), true
}

// DB exposes the handle for migrations and tests.
func (s *Store) DB() *sql.DB { return s.pool }

// pingFresh is how long a database answer to Ping stands for the next
// calls: health checks under load asked the database thousands of times a
// second, the ping being most of their cost (docs/performance.md). A
// failure is never reused, and the database is asked again once the last
// answer is older than this.
const pingFresh = 250 * time.Millisecond

// pingTimeout bounds a ping that does ask the database: a health check
// answers "not answering" rather than hang.
const pingTimeout = 2 * time.Second

// Ping asks the database, unless it answered less than pingFresh ago. With
// cached statements it runs a prepared SELECT 1: the SQLite driver's own
// ping parses "select 1" anew each time.
func (s *Store) Ping(ctx context.Context) error {
	if last := s.pinged.Load(); last != 0 && time.Since(time.Unix(0, last)) < pingFresh {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, pingTimeout)
	defer cancel()
	if s.statements == nil {
		if err := s.pool.PingContext(ctx); err != nil {
			return err
		}
	} else {
		var one int
		if err := s.db.QueryRowContext(ctx, `SELECT 1`).Scan(&one); err != nil {
			return fmt.Errorf("ping: %w", err)
		}
	}
	s.pinged.Store(time.Now().UnixNano())
	return nil
}

func (s *Store) Close() error {
	s.pinged.Store(0) // a closed store is never answered healthy from memory
	if s.statements != nil {
		s.statements.close()
	}
	return s.pool.Close()
}

// InTx runs fn with the Store whose every method runs in one transaction,
// and which queues e-mails through that transaction (store.Tx). An error
// from fn undoes it all. Inside InTx, InTx joins the open transaction. With
// group commit, the transaction may also carry other callers' work, each
// undone alone on its error; InTx returns once the commit holding fn's work
// is durable.
func (s *Store) InTx(ctx context.Context, fn func(tx store.Tx) error) error {
	return s.inSQLTx(ctx, func(st *Store, _ *sql.Tx) error { return fn(txStore{st}) })
}

// inSQLTx is InTx with the *sql.Tx itself.
func (s *Store) inSQLTx(ctx context.Context, fn func(st *Store, tx *sql.Tx) error) error {
	if s.tx != nil {
		return fn(s, s.tx)
	}
	if s.group != nil {
		return s.group.run(ctx, fn)
	}
	tx, err := s.pool.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	if err := fn(s.inTx(tx), tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// UseMailQueue names where transactions queue their e-mails.
func (s *Store) UseMailQueue(q store.MailQueue) { s.mail.Store(&mailQueue{q}) }

// txStore is the Store of one InTx call: its methods run in the transaction,
// and QueueEmails inserts the e-mail jobs through it.
type txStore struct{ *Store }

// QueueEmails hands ms to the mail queue with the transaction.
func (t txStore) QueueEmails(ctx context.Context, ms ...store.OutgoingEmail) error {
	q := t.mail.Load()
	if q == nil {
		return errors.New("queue e-mail: the store has no mail queue (UseMailQueue)")
	}
	if len(ms) == 0 {
		return nil
	}
	return q.SendEmailsTx(ctx, t.tx, ms)
}

// begin starts a transaction for a method's several statements, or joins
// the one InTx opened (whose owner then commits or rolls back).
func (s *Store) begin(ctx context.Context) (txn, error) {
	if s.tx != nil {
		return txn{Tx: s.tx, joined: true, statements: s.statements}, nil
	}
	tx, err := s.pool.BeginTx(ctx, nil)
	return txn{Tx: tx, statements: s.statements}, err
}

type txn struct {
	*sql.Tx
	joined     bool
	statements *statements
}

// ExecContext, QueryContext and QueryRowContext run through the statement
// cache when there is one.
func (t txn) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if t.statements == nil {
		return t.Tx.ExecContext(ctx, query, args...)
	}
	return cached{raw: t.Tx, tx: t.Tx, cache: t.statements}.ExecContext(ctx, query, args...)
}

func (t txn) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if t.statements == nil {
		return t.Tx.QueryContext(ctx, query, args...)
	}
	return cached{raw: t.Tx, tx: t.Tx, cache: t.statements}.QueryContext(ctx, query, args...)
}

func (t txn) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if t.statements == nil {
		return t.Tx.QueryRowContext(ctx, query, args...)
	}
	return cached{raw: t.Tx, tx: t.Tx, cache: t.statements}.QueryRowContext(ctx, query, args...)
}

func (t txn) Commit() error {
	if t.joined {
		return nil
	}
	return t.Tx.Commit()
}

func (t txn) Rollback() error {
	if t.joined {
		return nil
	}
	return t.Tx.Rollback()
}

func (s *Store) CreateQuoteRequest(ctx context.Context, r store.QuoteRequest) error {
	if err := checkText("id", r.ID, "zipCode", r.ZipCode, "email", r.Email, "phone", r.Phone, "questions", r.Questions,
		"uploadedFileUrl", r.UserUploadedQuoteURL, "preferredContactMethod", r.PreferredContactMethod); err != nil {
		return err
	}
	for _, q := range r.MoreQuotes {
		if err := checkText("quotes.lenderName", q.LenderName, "quotes.uploadedFileUrl", q.UploadKey); err != nil {
			return err
		}
	}
	row, err := newQuoteRequestRow(r)
	if err != nil {
		return err
	}
	if len(r.MoreQuotes) == 0 {
		query, args := row.insert()
		_, err = s.db.ExecContext(ctx, query, args...)
		if s.dialect.IsUniqueViolation(err) {
			return s.createConflict(ctx, r)
		}
		if err != nil {
			return fmt.Errorf("create quote request: %w", err)
		}
		return nil
	}
	return s.createWithMoreQuotes(ctx, r, row)
}

// createWithMoreQuotes stores a request and its second to fourth quotes in
// one transaction.
func (s *Store) createWithMoreQuotes(ctx context.Context, r store.QuoteRequest, row *quoteRequestRow) error {
	tx, err := s.begin(ctx)
	if err != nil {
		return fmt.Errorf("create quote request: begin: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	query, args := row.insert()
	_, err = tx.ExecContext(ctx, query, args...)
	if s.dialect.IsUniqueViolation(err) {
		_ = tx.Rollback() // a no-op when joined: createConflict reads as the plain insert's does
		return s.createConflict(ctx, r)
	}
	if err != nil {
		return fmt.Errorf("create quote request: %w", err)
	}
	for i, q := range r.MoreQuotes {
		_, err = tx.ExecContext(ctx, `INSERT INTO visitor_quotes (quote_request_id, position, lender_name, rate, points, lender_fees,
			mortgage_insurance, upload_key, rate_lock_until, prepayment_penalty) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`,
			r.ID, i+1, q.LenderName, q.Rate, q.Points, q.LenderFees, q.MortgageInsurance, q.UploadKey, q.Terms.RateLockUntil, q.Terms.PrepaymentPenalty)
		if s.dialect.IsUniqueViolation(err) {
			// The only unique key left to clash on: another request has the upload.
			return fmt.Errorf("create quote request: quote %d: %w", i+2, store.ErrUploadAttached)
		}
		if err != nil {
			return fmt.Errorf("create quote request: quote %d: %w", i+2, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("create quote request: commit: %w", err)
	}
	return nil
}

// moreQuotes reads a request's second to fourth quotes, in order.
func (s *Store) moreQuotes(ctx context.Context, id string) ([]store.VisitorQuote, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT lender_name, rate, points, lender_fees, mortgage_insurance, upload_key,
		rate_lock_until, prepayment_penalty FROM visitor_quotes WHERE quote_request_id = $1 ORDER BY position`, id)
	if err != nil {
		return nil, fmt.Errorf("visitor quotes: %w", err)
	}
	defer rows.Close()
	var out []store.VisitorQuote
	for rows.Next() {
		var q store.VisitorQuote
		if err := rows.Scan(&q.LenderName, &q.Rate, &q.Points, &q.LenderFees, &q.MortgageInsurance, &q.UploadKey,
			&q.Terms.RateLockUntil, &q.Terms.PrepaymentPenalty); err != nil {
			return nil, fmt.Errorf("scan visitor quote: %w", err)
		}
		out = append(out, q)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("visitor quotes: %w", err)
	}
	return out, nil
}

// createConflict names which unique key a new request clashed on: its id,
// or an upload key another request already has.
func (s *Store) createConflict(ctx context.Context, r store.QuoteRequest) error {
	if r.UserUploadedQuoteURL != nil {
		var n int
		err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM quote_requests WHERE user_uploaded_quote_url = $1 AND id <> $2`,
			*r.UserUploadedQuoteURL, r.ID).Scan(&n)
		if err != nil {
			return fmt.Errorf("create quote request: %w", err)
		}
		if n > 0 {
			return fmt.Errorf("create quote request: %w", store.ErrUploadAttached)
		}
	}
	return fmt.Errorf("create quote request %s: %w", r.ID, apperr.ErrConflict)
}

func (s *Store) GetQuoteRequest(ctx context.Context, id string) (store.QuoteRequest, error) {
	r, _, _, err := s.GetQuoteRequestForResults(ctx, id)
	return r, err
}

// quoteRequestWithQuotes reads a request, whether a broker analysed it, its
// version and its quotes (NULL columns when it has none) in one statement,
// one row per quote: the results page's read was four statements (the
// request, its quotes, the analysis, its quotes again), each a read
// transaction of its own on SQLite (docs/performance.md).
var quoteRequestWithQuotes = `SELECT ` + quoteRequestRead + `,
		EXISTS (SELECT 1 FROM analyses a WHERE a.quote_request_id = q.id), q.version,
		x.id, x.rate, x.lender_fees, x.mortgage_insurance, x.apr, x.is_recommended, x.points, x.title_fees,
		x.source, x.loan_program, x.created_at, x.updated_at
	FROM quote_requests q LEFT JOIN quotes x ON x.quote_request_id = q.id
	WHERE q.id = $1 ORDER BY x.position`

// GetQuoteRequestForResults returns the request with its quotes, whether a
// broker has analysed it and its stamp, in one statement, so the stamp is
// the one of what was read.
func (s *Store) GetQuoteRequestForResults(ctx context.Context, id string) (store.QuoteRequest, bool, store.RequestStamp, error) {
	var stamp store.RequestStamp
	if err := unknownID("quote request", id); err != nil {
		return store.QuoteRequest{}, false, stamp, err
	}
	rows, err := s.db.QueryContext(ctx, quoteRequestWithQuotes, id)
	if err != nil {
		return store.QuoteRequest{}, false, stamp, fmt.Errorf("get quote request: %w", err)
	}
	defer rows.Close()
	var (
		r        store.QuoteRequest
		analysed bool
		found    bool
	)
	quotes := []store.Quote{}
	for rows.Next() {
		var q nullableQuote
		if r, err = scanQuoteRequestWith(rows, append([]any{&analysed, &stamp.Version}, q.fields()...)...); err != nil {
			return r, false, stamp, fmt.Errorf("get quote request: %w", err)
		}
		found = true
		if quote, ok := q.quote(); ok {
			quotes = append(quotes, quote)
		}
	}
	if err := rows.Err(); err != nil {
		return r, false, stamp, fmt.Errorf("get quote request: %w", err)
	}
	if !found {
		return r, false, stamp, fmt.Errorf("quote request %s: %w", id, apperr.ErrNotFound)
	}
	// Visitors compare quotes by rate; the spec sorts them ascending.
	sort.SliceStable(quotes, func(i, j int) bool { return quotes[i].Rate < quotes[j].Rate })
	r.Quotes = quotes
	stamp.CreatedAt = r.CreatedAt.UnixNano()
	// Written once with the request, never changed: the stamp read above
	// stands for them too.
	if r.MoreQuotes, err = s.moreQuotes(ctx, id); err != nil {
		return r, false, stamp, fmt.Errorf("get quote request: %w", err)
	}
	return r, analysed, stamp, nil
}

// QuoteRequestStamp reads one indexed row's two small columns: the results
// page's read of an unchanged request needs nothing more (decision 0028).
func (s *Store) QuoteRequestStamp(ctx context.Context, id string) (store.RequestStamp, error) {
	var (
		stamp   store.RequestStamp
		created time.Time
	)
	if err := unknownID("quote request", id); err != nil {
		return stamp, err
	}
	err := s.db.QueryRowContext(ctx, `SELECT version, created_at FROM quote_requests WHERE id = $1`, id).Scan(&stamp.Version, &created)
	if errors.Is(err, sql.ErrNoRows) {
		return stamp, fmt.Errorf("quote request %s: %w", id, apperr.ErrNotFound)
	}
	if err != nil {
		return stamp, fmt.Errorf("quote request stamp: %w", err)
	}
	stamp.CreatedAt = created.UnixNano()
	return stamp, nil
}

func (s *Store) UpdateContactInfo(ctx context.Context, id string, c store.ContactInfo) error {
	if err := unknownID("quote request", id); err != nil {
		return err
	}
	if err := checkText("email", c.Email, "phone", c.Phone, "preferredContactMethod", c.PreferredContactMethod); err != nil {
		return err
	}
	var consentText, consentAddress *string
	var consentAt *time.Time
	if c.Consent != nil {
		if err := checkText("contactConsent", &c.Consent.Text, "contactConsent", &c.Consent.Address); err != nil {
			return err
		}
		at := c.Consent.At.UTC()
		consentText, consentAt, consentAddress = &c.Consent.Text, &at, &c.Consent.Address
	}
	res, err := s.db.ExecContext(ctx, `UPDATE quote_requests SET email = $2, phone = $3, preferred_contact_method = $4,
		contact_consent_text = $5, contact_consent_at = $6, contact_consent_address = $7 WHERE id = $1`,
		id, c.Email, c.Phone, c.PreferredContactMethod, consentText, consentAt, consentAddress)
	return checkUpdated(res, err, "update contact info", id)
}

func (s *Store) UpdateBrokerQuote(ctx context.Context, id string, q store.BrokerQuote, onlyIfNotAnalysed bool) error {
	if err := unknownID("quote request", id); err != nil {
		return err
	}
	query := `UPDATE quote_requests SET broker_rate = $2, broker_lender_fees = $3, broker_mortgage_insurance = $4 WHERE id = $1`
	if onlyIfNotAnalysed {
		query += ` AND NOT EXISTS (SELECT 1 FROM analyses WHERE quote_request_id = $1)`
	}
	res, err := s.db.ExecContext(ctx, query, id, q.Rate, q.LenderFees, q.MortgageInsurance)
	err = checkUpdated(res, err, "update broker quote", id)
	if !errors.Is(err, apperr.ErrNotFound) || !onlyIfNotAnalysed {
		return err
	}
	// Nothing changed: either the request is unknown or it was analysed already.
	if _, getErr := s.GetQuoteRequest(ctx, id); getErr != nil {
		return getErr
	}
	return fmt.Errorf("update broker quote %s: already analysed: %w", id, apperr.ErrConflict)
}

func (s *Store) SaveAnalysis(ctx context.Context, a store.Analysis) error {
	if err := unknownID("quote request", a.QuoteRequestID); err != nil {
		return err
	}
	if err := checkText("pros", a.Pros, "cons", a.Cons, "recommendations", a.Recommendations, "notes", a.Notes, "lender", a.Lender, "grade", a.Grade, "savedBy", a.SavedBy); err != nil {
		return err
	}
	verdicts, err := encodeVerdicts(a.QuoteVerdicts)
	if err != nil {
		return err
	}
	tx, err := s.begin(ctx)
	if err != nil {
		return fmt.Errorf("save analysis: begin: %w", err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	lists := make([]string, 5)
	for i, l := range [][]string{a.Pros, a.Cons, a.Recommendations, a.Notes, a.Answers} {
		if lists[i], err = encodeList(l); err != nil {
			return err
		}
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO analyses (id, quote_request_id, grade, pros, cons, recommendations, notes, answers,
			recommendation_reason, lender, created_at, updated_at, reviewer_name, reviewer_nmls, saved_by, quote_verdicts)
		VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16)
		ON CONFLICT (quote_request_id) DO UPDATE SET grade = excluded.grade, pros = excluded.pros, cons = excluded.cons,
			recommendations = excluded.recommendations, notes = excluded.notes, answers = excluded.answers,
			recommendation_reason = excluded.recommendation_reason, lender = excluded.lender, updated_at = excluded.updated_at,
			reviewer_name = excluded.reviewer_name, reviewer_nmls = excluded.reviewer_nmls, saved_by = excluded.saved_by,
			quote_verdicts = excluded.quote_verdicts`,
		a.ID, a.QuoteRequestID, a.Grade, lists[0], lists[1], lists[2], lists[3], lists[4], a.RecommendationReason, a.Lender,
		a.CreatedAt.UTC(), a.UpdatedAt.UTC(), a.ReviewedBy.Name, a.ReviewedBy.NMLS, a.SavedBy, verdicts)
	if err != nil {
		if s.dialect.IsForeignKeyViolation(err) {
			return fmt.Errorf("save analysis for %s: %w", a.QuoteRequestID, apperr.ErrNotFound)
		}
		return fmt.Errorf("save analysis: %w", err)
	}
	if _, err = tx.ExecContext(ctx, `DELETE FROM quotes WHERE quote_request_id = $1`, a.QuoteRequestID); err != nil {
		return fmt.Errorf("save analysis: clear quotes: %w", err)
	}
	for i, q := range a.Quotes {
		_, err = tx.ExecContext(ctx, `INSERT INTO quotes (id, quote_request_id, rate, lender_fees, mortgage_insurance, apr, is_recommended,
			points, title_fees, source, loan_program, position, created_at, updated_at)
			VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)`,
			q.ID, a.QuoteRequestID, q.Rate, q.LenderFees, q.MortgageInsurance, q.APR, q.IsRecommended,
			q.Points, q.TitleFees, q.Source, q.LoanProgram, i, q.CreatedAt.UTC(), q.UpdatedAt.UTC())
		if err != nil {
			return fmt.Errorf("save analysis: quote %d: %w", i, err)
		}
	}
	if err = keepVersion(ctx, tx, a); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("save analysis: commit: %w", err)
	}
	return nil
}

func (s *Store) GetAnalysisByQuoteRequest(ctx context.Context, quoteRequestID string) (store.Analysis, error) {
	if err := unknownID("analysis for quote request", quoteRequestID); err != nil {
		return store.Analysis{}, err
	}
	var a store.Analysis
	var pros, cons, recs, notes, answers, verdicts string
	err := s.db.QueryRowContext(ctx, `SELECT id, quote_request_id, grade, pros, cons, recommendations, notes, answers,
			recommendation_reason, lender, created_at, updated_at, reviewer_name, reviewer_nmls, saved_by, quote_verdicts
		FROM analyses WHERE quote_request_id = $1`, quoteRequestID).Scan(
		&a.ID, &a.QuoteRequestID, &a.Grade, &pros, &cons, &recs, &notes, &answers, &a.RecommendationReason, &a.Lender,
		&a.CreatedAt, &a.UpdatedAt, &a.ReviewedBy.Name, &a.ReviewedBy.NMLS, &a.SavedBy, &verdicts)
	if errors.Is(err, sql.ErrNoRows) {
		return a, fmt.Errorf("analysis of %s: %w", quoteRequestID, apperr.ErrNotFound)
	}
	if err != nil {
		return a, fmt.Errorf("get analysis: %w", err)
	}
	for _, l := range []struct {
		raw string
		dst *[]string
	}{{pros, &a.Pros}, {cons, &a.Cons}, {recs, &a.Recommendations}, {notes, &a.Notes}, {answers, &a.Answers}} {
		if *l.dst, err = decodeList(l.raw); err != nil {
			return a, err
		}
	}
	if a.QuoteVerdicts, err = decodeVerdicts(verdicts); err != nil {
		return a, err
	}
	a.CreatedAt, a.UpdatedAt = a.CreatedAt.UTC(), a.UpdatedAt.UTC()
	if a.Quotes, err = s.quotes(ctx, s.db, quoteRequestID); err != nil {
		return a, err
	}
	return a, nil
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func (s *Store) quotes(ctx context.Context, q querier, quoteRequestID string) ([]store.Quote, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, rate, lender_fees, mortgage_insurance, apr, is_recommended, points, title_fees,
		source, loan_program, created_at, updated_at FROM quotes WHERE quote_request_id = $1 ORDER BY position`, quoteRequestID)
	if err != nil {
		return nil, fmt.Errorf("list quotes: %w", err)
	}
	defer rows.Close()
	quotes := []store.Quote{}
	for rows.Next() {
		var x store.Quote
		if err := rows.Scan(&x.ID, &x.Rate, &x.LenderFees, &x.MortgageInsurance, &x.APR, &x.IsRecommended, &x.Points,
			&x.TitleFees, &x.Source, &x.LoanProgram, &x.CreatedAt, &x.UpdatedAt); err != nil {
			return nil, fmt.Errorf("scan quote: %w", err)
		}
		x.CreatedAt, x.UpdatedAt = x.CreatedAt.UTC(), x.UpdatedAt.UTC()
		quotes = append(quotes, x)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list quotes: %w", err)
	}
	// Visitors compare quotes by rate; the spec sorts them ascending.
	sort.SliceStable(quotes, func(i, j int) bool { return quotes[i].Rate < quotes[j].Rate })
	return quotes, nil
}

func (s *Store) RecordAnalysisView(ctx context.Context, v store.AnalysisView) error {
	if err := unknownID("analysis", v.AnalysisID); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO analysis_views (id, analysis_id, viewed_by, viewed_at) VALUES ($1,$2,$3,$4)`,
		v.ID, v.AnalysisID, v.ViewedBy, v.ViewedAt.UTC())
	if s.dialect.IsForeignKeyViolation(err) {
		return fmt.Errorf("analysis %s: %w", v.AnalysisID, apperr.ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("record analysis view: %w", err)
	}
	return nil
}

func (s *Store) CountAnalysisViews(ctx context.Context, analysisID string) (int, int, error) {
	if err := unknownID("analysis", analysisID); err != nil {
		return 0, 0, err
	}
	var all, signedIn int
	err := s.db.QueryRowContext(ctx, `SELECT COUNT(*), COUNT(viewed_by) FROM analysis_views WHERE analysis_id = $1`, analysisID).Scan(&all, &signedIn)
	if err != nil {
		return 0, 0, fmt.Errorf("count analysis views: %w", err)
	}
	return all, signedIn, nil
}

func (s *Store) VisitorViews(ctx context.Context, quoteRequestIDs []string) (map[string]store.VisitorViews, error) {
	out := map[string]store.VisitorViews{}
	if len(quoteRequestIDs) == 0 {
		return out, nil
	}
	marks := make([]string, len(quoteRequestIDs))
	args := make([]any, len(quoteRequestIDs))
	for i, id := range quoteRequestIDs {
		marks[i], args[i] = fmt.Sprintf("$%d", i+1), id
	}
	// The times are read row by row, oldest first, rather than as MIN():
	// SQLite answers an aggregate of a DATETIME column as text.
	rows, err := s.db.QueryContext(ctx, `SELECT a.quote_request_id, v.viewed_at FROM analysis_views v
		JOIN analyses a ON a.id = v.analysis_id
		WHERE a.quote_request_id IN (`+strings.Join(marks, ",")+`)
		AND (v.viewed_by IS NULL OR LOWER(v.viewed_by) NOT IN (SELECT email FROM admins))
		ORDER BY v.viewed_at`, args...)
	if err != nil {
		return nil, fmt.Errorf("visitor views: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var at time.Time
		if err := rows.Scan(&id, &at); err != nil {
			return nil, fmt.Errorf("visitor views: %w", err)
		}
		v, seen := out[id]
		if !seen {
			v.FirstAt = at.UTC()
		}
		v.Count++
		out[id] = v
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("visitor views: %w", err)
	}
	return out, nil
}

func (s *Store) CreateContactRequest(ctx context.Context, c store.ContactRequest) error {
	if err := checkText("id", c.ID, "name", c.Name, "email", c.Email, "phone", c.Phone, "question", c.Question,
		"preferredContact", c.PreferredContact, "state", c.State, "quoteRequestId", c.QuoteRequestID, "aboutQuote", c.AboutQuote); err != nil {
		return err
	}
	var consentText, consentAddress *string
	var consentAt *time.Time
	if c.Consent != nil {
		at := c.Consent.At.UTC()
		consentText, consentAt, consentAddress = &c.Consent.Text, &at, &c.Consent.Address
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO contact_requests (id, kind, name, email, phone, question, preferred_contact, state, quote_request_id, created_at,
		contact_consent_text, contact_consent_at, contact_consent_address, about_quote)
		VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)`,
		c.ID, c.Kind, c.Name, c.Email, c.Phone, c.Question, c.PreferredContact, c.State, c.QuoteRequestID, c.CreatedAt.UTC(),
		consentText, consentAt, consentAddress, c.AboutQuote)
	if s.dialect.IsForeignKeyViolation(err) {
		return fmt.Errorf("contact request for quote request: %w", apperr.ErrNotFound)
	}
	if err != nil {
		return fmt.Errorf("create contact request: %w", err)
	}
	return nil
}

const contactRequestColumns = `id, kind, name, email, phone, question, preferred_contact, state, quote_request_id, created_at, answered_at, answered_by,
	contact_consent_text, contact_consent_at, contact_consent_address, about_quote`

func scanContactRequest(row scanner) (store.ContactRequest, error) {
	var c store.ContactRequest
	var answeredAt, consentAt sql.NullTime
	var consentText, consentAddress sql.NullString
	err := row.Scan(&c.ID, &c.Kind, &c.Name, &c.Email, &c.Phone, &c.Question, &c.PreferredContact, &c.State,
		&c.QuoteRequestID, &c.CreatedAt, &answeredAt, &c.AnsweredBy, &consentText, &consentAt, &consentAddress, &c.AboutQuote)
	c.CreatedAt = c.CreatedAt.UTC()
	if answeredAt.Valid {
		t := answeredAt.Time.UTC()
		c.AnsweredAt = &t
	}
	if consentText.Valid {
		c.Consent = &store.ContactConsent{Text: consentText.String, At: consentAt.Time.UTC(), Address: consentAddress.String}
	}
	return c, err
}

func (s *Store) GetContactRequest(ctx context.Context, id string) (store.ContactRequest, error) {
	if err := unknownID("contact request", id); err != nil {
		return store.ContactRequest{}, err
	}
	var c store.ContactRequest
	c, err := scanContactRequest(s.db.QueryRowContext(ctx, `SELECT `+contactRequestColumns+` FROM contact_requests WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return c, fmt.Errorf("contact request %s: %w", id, apperr.ErrNotFound)
	}
	if err != nil {
		return c, fmt.Errorf("get contact request: %w", err)
	}
	return c, nil
}

func (s *Store) RecordCampaignVisit(ctx context.Context, v store.CampaignVisit) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO campaign_visits (id, campaign_id, resolved_to, visited_at) VALUES ($1,$2,$3,$4)`,
		v.ID, v.CampaignID, v.ResolvedTo, v.VisitedAt.UTC())
	if err != nil {
		return fmt.Errorf("record campaign visit: %w", err)
	}
	return nil
}

func (s *Store) CountCampaignVisits(ctx context.Context, campaignID string) (int, error) {
	return s.count(ctx, `SELECT COUNT(*) FROM campaign_visits WHERE campaign_id = $1`, campaignID)
}

func (s *Store) count(ctx context.Context, query string, args ...any) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, query, args...).Scan(&n); err != nil {
		return 0, fmt.Errorf("count: %w", err)
	}
	return n, nil
}

func checkUpdated(res sql.Result, err error, what, id string) error {
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if n == 0 {
		return fmt.Errorf("%s %s: %w", what, id, apperr.ErrNotFound)
	}
	return nil
}

func encodeList(l []string) (string, error) {
	if l == nil {
		l = []string{}
	}
	b, err := json.Marshal(l)
	if err != nil {
		return "", fmt.Errorf("encode list: %w", err)
	}
	return string(b), nil
}

func decodeList(raw string) ([]string, error) {
	l := []string{}
	if err := json.Unmarshal([]byte(raw), &l); err != nil {
		return nil, fmt.Errorf("decode list: %w", err)
	}
	return l, nil
}

// encodeVerdicts is the quote_verdicts column: a JSON list, empty lists
// rather than none, and its text checked as every other field is.
func encodeVerdicts(l []store.QuoteVerdict) (string, error) {
	l = NormalVerdicts(l)
	for i, v := range l {
		if err := checkText(fmt.Sprintf("quoteVerdicts.%d.pros", i), v.Pros, fmt.Sprintf("quoteVerdicts.%d.cons", i), v.Cons,
			fmt.Sprintf("quoteVerdicts.%d.grade", i), v.Grade); err != nil {
			return "", err
		}
	}
	b, err := json.Marshal(l)
	if err != nil {
		return "", fmt.Errorf("encode verdicts: %w", err)
	}
	return string(b), nil
}

func decodeVerdicts(raw string) ([]store.QuoteVerdict, error) {
	l := []store.QuoteVerdict{}
	if err := json.Unmarshal([]byte(raw), &l); err != nil {
		return nil, fmt.Errorf("decode verdicts: %w", err)
	}
	return NormalVerdicts(l), nil
}

// NormalVerdicts is l as the store reads it back: a list, never nil, whose
// pros and cons are lists too.
func NormalVerdicts(l []store.QuoteVerdict) []store.QuoteVerdict {
	out := make([]store.QuoteVerdict, len(l))
	for i, v := range l {
		if v.Pros == nil {
			v.Pros = []string{}
		}
		if v.Cons == nil {
			v.Cons = []string{}
		}
		out[i] = v
	}
	return out
}
