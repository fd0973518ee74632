package refi_test

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"
	"modernc.org/sqlite"

	"quotegrade/internal/mail"
	"quotegrade/internal/rates"
	"quotegrade/internal/refi"
	"quotegrade/internal/store"
	"quotegrade/internal/store/storetest"
	"quotegrade/internal/testsupport"
)

// countingQueue stands in for the job queue: the benchmark measures the
// evaluation, not mail delivery.
type countingQueue struct{ n atomic.Int64 }

func (q *countingQueue) SendEmailsTx(_ context.Context, _ *sql.Tx, ms []mail.Message) error {
	q.n.Add(int64(len(ms)))
	return nil
}

// seedWatches stores n confirmed watches in one transaction (seeding is not
// what the benchmark measures).
func seedWatches(b testing.TB, st store.Store, n int) {
	ctx := context.Background()
	// A fresh week: on a stale one every alert would be held (issue 25).
	testsupport.SaveFreshMarketRates(b, st, time.Now())
	err := st.InTx(ctx, func(st store.Tx) error {
		for i := 0; i < n; i++ {
			w := storetest.NewWatch(fmt.Sprintf("owner%d@example.com", i))
			w.ID, w.CreatedAt = uuid.NewString(), time.Now()
			// Half the owners pay 7.5% (an alert), half 6.5% (none).
			if i%2 == 1 {
				w.CurrentMortgage.Rate, w.CurrentMortgage.MonthlyPayment = 6.5, 1896.20
			}
			if err := st.CreateQuoteRequest(ctx, w); err != nil {
				return err
			}
			// Every owner confirmed their address (double opt-in).
			now := time.Now()
			if _, err := st.ClaimRefiConfirmation(ctx, *w.Email, w.ID, now, now, now.Add(time.Hour)); err != nil {
				return err
			}
			if err := st.ConfirmRefiAddress(ctx, w.ID, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	settle(b, st)
}

// settle leaves the seeded database as a long-running one would be: SQLite's
// write-ahead log checkpointed into the file (else the first commit of the
// run pays for copying the seeding's hundred megabytes), PostgreSQL's
// planner statistics current.
func settle(b testing.TB, st store.Store) {
	db := st.(interface{ DB() *sql.DB }).DB()
	var err error
	if _, isSQLite := db.Driver().(*sqlite.Driver); isSQLite {
		_, err = db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`)
	} else {
		_, err = db.Exec(`ANALYZE`)
	}
	if err != nil {
		b.Fatal(err)
	}
}

// benchRun evaluates n watches; the first run creates and queues the alerts
// (the heavy run), so each iteration starts from a fresh set. With again
// set, what is timed is a second run of the same week: every watch is read
// with its address's latest alert, and none alerts again.
func benchRun(b *testing.B, open func(b *testing.B) store.Store, n int, again bool) {
	for b.Loop() {
		b.StopTimer()
		st := open(b)
		seedWatches(b, st, n)
		q := &countingQueue{}
		st.UseMailQueue(q)
		log := slog.New(slog.DiscardHandler)
		svc := refi.NewService(st, rates.NewService(st, rates.Snapshot{}, log, time.Now), func(float64) float64 { return 4000 }, "https://quotegrade.example", log, time.Now)
		if again {
			if _, err := svc.Run(context.Background()); err != nil {
				b.Fatal(err)
			}
			// No settle: the planner's figures are those of before the
			// first run's alerts, as right after a run.
			q = &countingQueue{}
			st.UseMailQueue(q)
			svc = refi.NewService(st, rates.NewService(st, rates.Snapshot{}, log, time.Now), func(float64) float64 { return 4000 }, "https://quotegrade.example", log, time.Now)
		}
		b.StartTimer()
		res, err := svc.Run(context.Background())
		if err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		alerts := n / 2
		if again {
			alerts = 0
		}
		if res.Watches != n || res.Created != alerts || res.Queued != alerts || q.n.Load() != int64(alerts) {
			b.Fatalf("run = %+v, want %d watches and %d alerts", res, n, alerts)
		}
		b.ReportMetric(float64(res.Watches), "watches")
		b.StartTimer()
	}
}

func watchCount(b *testing.B) int {
	if testing.Short() {
		return 1000
	}
	return 100000
}

func BenchmarkRefiRunSQLite(b *testing.B) {
	benchRun(b, func(b *testing.B) store.Store { return testsupport.NewSQLite(b) }, watchCount(b), false)
}

func BenchmarkRefiRunPostgres(b *testing.B) {
	benchRun(b, func(b *testing.B) store.Store { return testsupport.NewPostgres(b) }, watchCount(b), false)
}

// The weekly run after the first: all 100,000 watches read with the alerts
// of the run before (that read once took minutes on PostgreSQL).
func BenchmarkRefiRerunSQLite(b *testing.B) {
	benchRun(b, func(b *testing.B) store.Store { return testsupport.NewSQLite(b) }, watchCount(b), true)
}

func BenchmarkRefiRerunPostgres(b *testing.B) {
	benchRun(b, func(b *testing.B) store.Store { return testsupport.NewPostgres(b) }, watchCount(b), true)
}
