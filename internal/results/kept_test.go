package results

import (
	"context"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/uuid"

	"quotegrade/internal/fees"
	"quotegrade/internal/figures"
	"quotegrade/internal/quoterequest"
	"quotegrade/internal/rates"
	"quotegrade/internal/site"
	"quotegrade/internal/store"
	"quotegrade/internal/store/sqlite"
)

// countedReads counts the results page's two reads of a request.
type countedReads struct {
	store.Store
	stamps, full int
}

func (c *countedReads) QuoteRequestStamp(ctx context.Context, id string) (store.RequestStamp, error) {
	c.stamps++
	return c.Store.QuoteRequestStamp(ctx, id)
}

func (c *countedReads) GetQuoteRequestForResults(ctx context.Context, id string) (store.QuoteRequest, bool, store.RequestStamp, error) {
	c.full++
	return c.Store.GetQuoteRequestForResults(ctx, id)
}

// On a SQLite file the server alone serves, an unchanged request is answered
// from what was kept without asking the database, while the store has
// committed nothing since; the store's own write shows on the next read, and
// another process's (the command line's) within othersWrites (decision 0029).
func TestKeptAnswerAsksTheDatabaseOnlyAfterACommit(t *testing.T) {
	ctx := context.Background()
	clock := time.Date(2026, 5, 20, 9, 0, 0, 0, time.UTC)
	now := func() time.Time { return clock }
	path := filepath.Join(t.TempDir(), "quotegrade.db")
	st, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	db := &countedReads{Store: st}
	s, err := NewService(Deps{
		Quotes: quoterequest.NewService(db, nil, now), Rates: rates.NewService(db, nil, slog.Default(), now),
		Figures: figures.NewService(fees.DefaultTitleTable(), site.Demo(), now), Now: now,
	})
	if err != nil {
		t.Fatal(err)
	}
	rate := 6.625
	r := store.QuoteRequest{ID: uuid.NewString(), LoanType: "purchase", PropertyType: "primary", PropertyStyle: "single",
		CreditScore: 742, ZipCode: "84101", State: "UT", PurchasePrice: &[]float64{450000}[0], DownPayment: &[]float64{45000}[0],
		BrokerRate: &rate, CreatedAt: clock}
	if err := st.CreateQuoteRequest(ctx, r); err != nil {
		t.Fatal(err)
	}
	read := func(what string, full, stamps int, brokerRate float64) {
		t.Helper()
		got, err := s.QuoteRequest(ctx, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Body.BrokerRate == nil {
			t.Fatalf("%s: no broker rate", what)
		}
		if *got.Body.BrokerRate != brokerRate {
			t.Fatalf("%s: broker rate %v, want %v", what, *got.Body.BrokerRate, brokerRate)
		}
		if db.full != full || db.stamps != stamps {
			t.Fatalf("%s: %d whole reads and %d stamp reads so far, want %d and %d", what, db.full, db.stamps, full, stamps)
		}
	}
	read("the first read", 1, 0, 6.625)
	for range 20 {
		read("an unchanged request", 1, 0, 6.625)
	}

	if err := st.UpdateBrokerQuote(ctx, r.ID, store.BrokerQuote{Rate: &[]float64{6.875}[0]}, false); err != nil {
		t.Fatal(err)
	}
	read("after the server's own write", 2, 1, 6.875)
	read("and again", 2, 1, 6.875)

	// A write that is not about this request moves the count too: the stamp
	// is asked once, and the kept answer stands.
	other := r
	other.ID = uuid.NewString()
	if err := st.CreateQuoteRequest(ctx, other); err != nil {
		t.Fatal(err)
	}
	read("after another request's write", 2, 2, 6.875)
	read("and again", 2, 2, 6.875)

	// The command line writes to the same file through its own pool.
	cli, err := sqlite.OpenDB(path)
	if err != nil {
		t.Fatal(err)
	}
	defer cli.Close()
	if _, err := cli.ExecContext(ctx, `UPDATE quote_requests SET broker_rate = 7.125 WHERE id = ?`, r.ID); err != nil {
		t.Fatal(err)
	}
	read("just after another process's write", 2, 2, 6.875)
	clock = clock.Add(othersWrites)
	read("once othersWrites has passed", 3, 3, 7.125)
}
