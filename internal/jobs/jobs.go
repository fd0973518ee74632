// Package jobs runs quotegrade's background work on River, a durable job
// queue kept in the product's own database (SQLite or PostgreSQL), so a crash
// or a mail server that is down loses nothing: jobs are retried with backoff.
package jobs

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/riverqueue/river/rivertype"

	"quotegrade/internal/apperr"
	"quotegrade/internal/mail"
	"quotegrade/internal/store"
)

// Queue accepts work and runs it in the background.
type Queue interface {
	mail.Queue
	// SendEmailsTx queues messages in tx, a transaction of the store's
	// database, in one insert (the store's Tx.QueueEmails: store.MailQueue);
	// a message with the id of one already waiting or sent is not queued again.
	store.MailQueue
	// Unfinished counts (up to 1,000) jobs not yet completed, cancelled or discarded:
	// waiting, running, or due for a retry. Zero means the queue is idle.
	Unfinished(ctx context.Context) (int, error)
	// TasksStarted says whether every scheduled task has run at least once
	// since it was scheduled (its run at start is over), so a test can wait
	// for start-up work to settle before it counts what its own steps caused.
	TasksStarted(ctx context.Context) (bool, error)
	// Schedule adds periodic tasks, each exported by the package that owns
	// it (upload, rates, refi...); call it before Start.
	Schedule(tasks ...Task)
	// Start begins working jobs; Stop finishes the running ones and stops.
	Start(ctx context.Context) error
	Stop(ctx context.Context) error
}

// SentLog remembers delivered messages, so a retried job does not send
// twice, and keeps them for the retention period (docs/records.md); it
// knows the deleted requests, whose waiting messages are not sent.
type SentLog interface {
	EmailSent(ctx context.Context, id string) (bool, error)
	MarkEmailSent(ctx context.Context, m mail.Message, at time.Time) error
	DeletedRequest(ctx context.Context, quoteRequestID string) (store.DeletedRequest, error)
}

// Task is periodic upkeep (e.g. removing stale uploads), run by the queue
// on one server at a time.
type Task struct {
	Name  string
	Every time.Duration
	Run   func(ctx context.Context) error
}

// Options tune the queue; zero values mean River's defaults.
type Options struct {
	// Tasks run periodically, and once at start.
	Tasks []Task
	// PollInterval is how often idle workers look for new jobs.
	PollInterval time.Duration
	// RetryDelay, when set, replaces River's exponential backoff (tests).
	RetryDelay time.Duration
	Logger     *slog.Logger
	// JobFailed, when set, hears of every job attempt that ended in an error.
	JobFailed func(kind string)
}

// SendEmailArgs is the job of delivering one message; the whole message is
// in the job, so it survives restarts with the job.
type SendEmailArgs struct {
	// Key is the message id: a second job for the same message (a second
	// save of the same analysis, a retried request) is not inserted while
	// the first is waiting, running or kept as completed.
	Key     string       `json:"key" river:"unique"`
	Message mail.Message `json:"message"`
}

// Kind names the job in River's table.
func (SendEmailArgs) Kind() string { return "send_email" }

// InsertOpts gives e-mail a day of retries and one job per message id (Key).
func (a SendEmailArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{MaxAttempts: 12, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

type sendEmailWorker struct {
	river.WorkerDefaults[SendEmailArgs]
	sender mail.Sender
	sent   SentLog
	log    *slog.Logger
}

// Work delivers the message unless an earlier attempt already did, or the
// request it is about was deleted while it waited (the visitor asked for
// their data to go; a message about it would be the data going out).
func (w *sendEmailWorker) Work(ctx context.Context, job *river.Job[SendEmailArgs]) error {
	m := job.Args.Message
	sent, err := w.sent.EmailSent(ctx, m.ID)
	if err != nil {
		return err
	}
	if sent {
		return nil
	}
	if m.QuoteRequestID != "" {
		_, err := w.sent.DeletedRequest(ctx, m.QuoteRequestID)
		if err == nil {
			w.log.InfoContext(ctx, "e-mail of a deleted request not sent", "message_id", m.ID)
			return nil
		}
		if !errors.Is(err, apperr.ErrNotFound) {
			return err
		}
	}
	if err := w.sender.Send(ctx, m); err != nil {
		// Mail servers quote the recipient in errors; River logs job errors,
		// and logs must never hold an e-mail address.
		err = errors.New(strings.ReplaceAll(err.Error(), m.To, "<recipient>"))
		w.deliveryFailed(ctx, job, err)
		return err
	}
	return w.sent.MarkEmailSent(ctx, m, time.Now())
}

// deliveryFailed says so at WARN: River reports a retry at INFO, which an
// operator running at QG_LOG_LEVEL=warn would never see.
func (w *sendEmailWorker) deliveryFailed(ctx context.Context, job *river.Job[SendEmailArgs], err error) {
	w.log.WarnContext(ctx, "e-mail delivery failed", "message_id", job.Args.Message.ID, "attempt", job.Attempt,
		"max_attempts", job.MaxAttempts, "final", job.Attempt >= job.MaxAttempts, "error", err.Error())
}

// TaskArgs is one run of a periodic task.
type TaskArgs struct {
	Name string `json:"name"`
}

// Kind names the job in River's table.
func (TaskArgs) Kind() string { return "task" }

type taskWorker struct {
	river.WorkerDefaults[TaskArgs]
	mu    sync.RWMutex
	tasks map[string]Task
}

func (w *taskWorker) Work(ctx context.Context, job *river.Job[TaskArgs]) error {
	w.mu.RLock()
	t, ok := w.tasks[job.Args.Name]
	w.mu.RUnlock()
	if !ok {
		return river.JobCancel(fmt.Errorf("unknown task %q", job.Args.Name))
	}
	return t.Run(ctx)
}

type fixedRetry struct{ delay time.Duration }

func (r fixedRetry) NextRetry(*rivertype.JobRow) time.Time { return time.Now().Add(r.delay) }

// riverQueue is River over database/sql on both databases, so a job can be
// inserted through the store's own *sql.Tx (see decision 0008).
type riverQueue struct {
	client *river.Client[*sql.Tx]
	tasks  *taskWorker
}

// Schedule adds tasks to the worker and to River's periodic jobs. River
// enqueues periodic jobs on the elected leader only; uniqueness by period
// also keeps a new leader (after the old one died) from running a task again
// in the same period (by args: the task name tells them apart).
func (q *riverQueue) Schedule(tasks ...Task) {
	q.tasks.mu.Lock()
	defer q.tasks.mu.Unlock()
	for _, t := range tasks {
		q.tasks.tasks[t.Name] = t
		args := TaskArgs{Name: t.Name}
		opts := &river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true, ByPeriod: t.Every}}
		q.client.PeriodicJobs().Add(river.NewPeriodicJob(river.PeriodicInterval(t.Every),
			func() (river.JobArgs, *river.InsertOpts) { return args, opts }, &river.PeriodicJobOpts{RunOnStart: true}))
	}
}

func emailJob(m mail.Message) SendEmailArgs { return SendEmailArgs{Key: m.ID, Message: m} }

func (q *riverQueue) SendEmail(ctx context.Context, m mail.Message) error {
	if _, err := q.client.Insert(ctx, emailJob(m), nil); err != nil {
		return fmt.Errorf("queue e-mail: %w", err)
	}
	return nil
}

func (q *riverQueue) SendEmailsTx(ctx context.Context, tx *sql.Tx, ms []mail.Message) error {
	if len(ms) == 0 {
		return nil
	}
	params := make([]river.InsertManyParams, len(ms))
	for i, m := range ms {
		params[i] = river.InsertManyParams{Args: emailJob(m)}
	}
	if _, err := q.client.InsertManyTx(ctx, tx, params); err != nil {
		return fmt.Errorf("queue e-mails: %w", err)
	}
	return nil
}

func (q *riverQueue) Unfinished(ctx context.Context) (int, error) {
	res, err := q.client.JobList(ctx, river.NewJobListParams().First(1000).States(rivertype.JobStateAvailable,
		rivertype.JobStatePending, rivertype.JobStateRetryable, rivertype.JobStateRunning, rivertype.JobStateScheduled))
	if err != nil {
		return 0, fmt.Errorf("list unfinished jobs: %w", err)
	}
	return len(res.Jobs), nil
}

func (q *riverQueue) TasksStarted(ctx context.Context) (bool, error) {
	res, err := q.client.JobList(ctx, river.NewJobListParams().First(1000).Kinds(TaskArgs{}.Kind()).States(
		rivertype.JobStateCompleted, rivertype.JobStateCancelled, rivertype.JobStateDiscarded, rivertype.JobStateRetryable))
	if err != nil {
		return false, fmt.Errorf("list task runs: %w", err)
	}
	ran := map[string]bool{}
	for _, j := range res.Jobs {
		var args TaskArgs
		if err := json.Unmarshal(j.EncodedArgs, &args); err != nil {
			return false, fmt.Errorf("task run %d: %w", j.ID, err)
		}
		ran[args.Name] = true
	}
	q.tasks.mu.RLock()
	defer q.tasks.mu.RUnlock()
	for name := range q.tasks.tasks {
		if !ran[name] {
			return false, nil
		}
	}
	return true, nil
}

func (q *riverQueue) Start(ctx context.Context) error { return q.client.Start(ctx) }
func (q *riverQueue) Stop(ctx context.Context) error  { return q.client.Stop(ctx) }

// migrateQueue creates or updates River's tables; migrate runs the
// migrator, inside whatever lock the database needs.
func migrateQueue[TTx any](driver riverdriver.Driver[TTx], o Options, migrate func(*rivermigrate.Migrator[TTx]) error) error {
	migrator, err := rivermigrate.New(driver, &rivermigrate.Config{Logger: quiet(o.Logger)})
	if err != nil {
		return fmt.Errorf("job queue migrations: %w", err)
	}
	if err := migrate(migrator); err != nil {
		return fmt.Errorf("job queue migrations: %w", err)
	}
	return nil
}

// MigrateSQLite creates the job queue's tables in the SQLite database db, so
// `quotegrade migrate` leaves nothing for `serve` to create.
func MigrateSQLite(ctx context.Context, db *sql.DB) error {
	return migrateQueue(riversqlite.New(db), Options{}, func(m *rivermigrate.Migrator[*sql.Tx]) error {
		_, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil)
		return err
	})
}

// MigratePostgres creates the job queue's tables in the PostgreSQL database at
// url, so a server may then run with a role that cannot create tables.
func MigratePostgres(ctx context.Context, url string) error {
	pool, err := pgxpool.New(ctx, url)
	if err != nil {
		return fmt.Errorf("job queue database: %w", err)
	}
	defer pool.Close()
	return migrateQueue(riverpgxv5.New(pool), Options{}, func(m *rivermigrate.Migrator[pgx.Tx]) error { return migrateLocked(ctx, pool, m) })
}

func newQueue(driver riverdriver.Driver[*sql.Tx], sender mail.Sender, sent SentLog, o Options) (*riverQueue, error) {
	workers := river.NewWorkers()
	river.AddWorker(workers, &sendEmailWorker{sender: sender, sent: sent, log: quiet(o.Logger)})
	tasks := &taskWorker{tasks: map[string]Task{}}
	river.AddWorker(workers, tasks)
	cfg := &river.Config{
		Queues:            map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: 4}},
		Workers:           workers,
		FetchPollInterval: o.PollInterval,
		Logger:            o.Logger,
	}
	if o.PollInterval > 0 {
		cfg.FetchCooldown = o.PollInterval / 2
	}
	if o.JobFailed != nil {
		cfg.Hooks = append(cfg.Hooks, &failureHook{failed: o.JobFailed})
	}
	if o.RetryDelay > 0 {
		cfg.RetryPolicy = fixedRetry{delay: o.RetryDelay}
	}
	client, err := river.NewClient(driver, cfg)
	if err != nil {
		return nil, fmt.Errorf("job queue: %w", err)
	}
	q := &riverQueue{client: client, tasks: tasks}
	q.Schedule(o.Tasks...)
	return q, nil
}

// OpenSQLite runs the queue on the SQLite file at path, through its own
// single connection, as River's SQLite driver asks. Jobs inserted through
// the store's transactions land in the same file.
func OpenSQLite(ctx context.Context, db *sql.DB, sender mail.Sender, sent SentLog, o Options) (Queue, error) {
	db.SetMaxOpenConns(1)
	driver := riversqlite.New(db)
	// SQLite serialises writers by itself.
	err := migrateQueue(driver, o, func(m *rivermigrate.Migrator[*sql.Tx]) error {
		_, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil)
		return err
	})
	if err != nil {
		return nil, err
	}
	return newQueue(driver, sender, sent, o)
}

// OpenPostgres runs the queue on PostgreSQL through database/sql (db, opened
// like the store's), so jobs can be inserted in the store's transactions; a
// one-connection pgx pool at url carries LISTEN, so new jobs start at once
// instead of at the next poll.
func OpenPostgres(ctx context.Context, db *sql.DB, url string, sender mail.Sender, sent SentLog, o Options) (Queue, func(), error) {
	if err := MigratePostgres(ctx, url); err != nil {
		return nil, nil, err
	}
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, nil, fmt.Errorf("job queue database: %w", err)
	}
	cfg.MinConns, cfg.MaxConns = 0, 1
	listen, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, nil, fmt.Errorf("job queue database: %w", err)
	}
	q, err := newQueue(riverdatabasesql.NewWithPgxListener(db, listen), sender, sent, o)
	if err != nil {
		listen.Close()
		return nil, nil, err
	}
	return q, listen.Close, nil
}

// migrateLocked runs River's migrations while holding a session advisory
// lock on a connection of its own, so copies of the server starting at once
// on one database take turns; the later ones find nothing to do. (Not one
// transaction: a River migration adds an enum value and uses it at once.)
// The lock is per schema, so databases sharing a server do not wait.
func migrateLocked(ctx context.Context, pool *pgxpool.Pool, m *rivermigrate.Migrator[pgx.Tx]) error {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	const key = `hashtextextended('quotegrade river migrations ' || current_schema(), 0)`
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock(`+key+`)`); err != nil {
		return fmt.Errorf("lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock(`+key+`)`) //nolint:errcheck // the lock ends with the session anyway
	_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	return err
}

func quiet(l *slog.Logger) *slog.Logger {
	if l == nil {
		return slog.New(slog.DiscardHandler)
	}
	return l
}
