package refi_test

import (
	"context"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"quotegrade/internal/rates"
	"quotegrade/internal/refi"
	"quotegrade/internal/store"
	"quotegrade/internal/testsupport"
)

// countingStore counts the store calls a Refi Buddy run makes, inside its
// transactions too.
type countingStore struct {
	store.Store
	calls *atomic.Int64
}

func (c countingStore) LatestMarketRates(ctx context.Context, notAfter time.Time) ([]store.MarketRate, error) {
	c.calls.Add(1)
	return c.Store.LatestMarketRates(ctx, notAfter)
}

func (c countingStore) RefiWatches(ctx context.Context) ([]store.RefiWatch, error) {
	c.calls.Add(1)
	return c.Store.RefiWatches(ctx)
}

func (c countingStore) InTx(ctx context.Context, fn func(tx store.Tx) error) error {
	c.calls.Add(1)
	return c.Store.InTx(ctx, func(tx store.Tx) error {
		return fn(countingTx{Tx: tx, calls: c.calls})
	})
}

// countingTx counts the store calls made in a transaction.
type countingTx struct {
	store.Tx
	calls *atomic.Int64
}

func (c countingTx) CreateRefiAlerts(ctx context.Context, alerts []store.RefiAlert) ([]store.RefiAlert, error) {
	c.calls.Add(1)
	return c.Tx.CreateRefiAlerts(ctx, alerts)
}

// runCalls evaluates n seeded watches (half of them alert) and returns the
// store calls the run made.
func runCalls(t *testing.T, n int) int64 {
	st := testsupport.NewSQLite(t)
	seedWatches(t, st, n)
	calls := &atomic.Int64{}
	q := &countingQueue{}
	st.UseMailQueue(q)
	counted, log := countingStore{Store: st, calls: calls}, slog.New(slog.DiscardHandler)
	svc := refi.NewService(counted, rates.NewService(counted, rates.Snapshot{}, log, time.Now), func(float64) float64 { return 4000 },
		"https://quotegrade.example", log, time.Now)
	res, err := svc.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Watches != n || res.Created != n/2 || q.n.Load() != int64(n/2) {
		t.Fatalf("run of %d watches = %+v, %d e-mails queued; want %d alerts and e-mails", n, res, q.n.Load(), n/2)
	}
	return calls.Load()
}

// A run reads every watch in one query and stores its alerts in one call a
// batch: 10 watches and 2,000 cost the same store calls (rates, watches,
// one transaction, one insert of alerts), not one round trip a watch.
func TestRefiRunMakesTheSameStoreCallsForAnyNumberOfWatches(t *testing.T) {
	few, many := runCalls(t, 10), runCalls(t, 2000)
	if few != many || many > 4 {
		t.Fatalf("store calls: %d for 10 watches, %d for 2,000; want the same, at most 4", few, many)
	}
}
