package sqlstore

import (
	"context"
	"database/sql"
	"sync"
)

// maxCachedStatements bounds the statement cache. The store's SQL is a fixed
// set of texts (about a hundred); a query built from input would otherwise
// grow the cache without end, so texts beyond the bound run unprepared.
const maxCachedStatements = 512

// statements keeps one prepared statement per SQL text, so SQLite parses and
// plans each query once per connection instead of on every call: profiles
// under load showed the parser taking a quarter of the time of a quote
// request read (docs/performance.md). database/sql prepares a *sql.Stmt again
// on each connection it runs on and reuses it there, also inside a
// transaction (Tx.StmtContext). PostgreSQL does not need it: pgx already
// caches prepared statements per connection.
type statements struct {
	pool    *sql.DB
	mu      sync.RWMutex
	byQuery map[string]*sql.Stmt
	// preparing holds the texts being prepared in the background.
	preparing map[string]bool
	// closed: close has begun; nothing more is prepared or kept.
	closed bool
	// background is what the background prepares run under, ended by close,
	// which then waits for them (running): a prepare still holding one of
	// the pool's connections after the store closed would keep the SQLite
	// file open, and its last close would checkpoint the write-ahead log
	// into a folder being removed (a test's temporary folder).
	background context.Context
	stop       context.CancelFunc
	running    sync.WaitGroup
}

func newStatements(pool *sql.DB) *statements {
	background, stop := context.WithCancel(context.Background())
	return &statements{pool: pool, byQuery: map[string]*sql.Stmt{}, preparing: map[string]bool{}, background: background, stop: stop}
}

// stmt returns the prepared statement for query, bound to tx when tx is not
// nil, or nil when the caller should run the text unprepared.
func (c *statements) stmt(ctx context.Context, query string, tx *sql.Tx) *sql.Stmt {
	c.mu.RLock()
	st := c.byQuery[query]
	c.mu.RUnlock()
	if st == nil {
		if tx != nil {
			// A transaction holds one of the pool's few connections;
			// preparing here would wait for another, which may be waiting
			// for this transaction's write lock. Prepare in the background
			// and run this call unprepared.
			c.prepareLater(query)
			return nil
		}
		st = c.prepare(ctx, query)
		if st == nil {
			return nil
		}
	}
	if tx != nil {
		// Reuses the statement already prepared on the transaction's
		// connection, or prepares it there once for later calls.
		return tx.StmtContext(ctx, st)
	}
	return st
}

func (c *statements) prepare(ctx context.Context, query string) *sql.Stmt {
	c.mu.RLock()
	refused := c.closed || len(c.byQuery) >= maxCachedStatements
	c.mu.RUnlock()
	if refused {
		return nil
	}
	st, err := c.pool.PrepareContext(ctx, query)
	if err != nil {
		// The unprepared call reports the error in its own words.
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		st.Close()
		return nil
	}
	if had := c.byQuery[query]; had != nil {
		st.Close()
		return had
	}
	if len(c.byQuery) >= maxCachedStatements {
		st.Close()
		return nil
	}
	c.byQuery[query] = st
	return st
}

func (c *statements) prepareLater(query string) {
	c.mu.Lock()
	if c.closed || c.preparing[query] || len(c.byQuery) >= maxCachedStatements {
		c.mu.Unlock()
		return
	}
	c.preparing[query] = true
	c.running.Add(1)
	c.mu.Unlock()
	go func() {
		defer c.running.Done()
		c.prepare(c.background, query)
		c.mu.Lock()
		delete(c.preparing, query)
		c.mu.Unlock()
	}()
}

// close ends the background prepares, waits for them, and releases every
// statement (before the pool closes).
func (c *statements) close() {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	c.stop()
	c.running.Wait()
	c.mu.Lock()
	defer c.mu.Unlock()
	for q, st := range c.byQuery {
		st.Close()
		delete(c.byQuery, q)
	}
}

// cached runs the store's statements through the cache: on the pool when tx
// is nil, else in tx. raw is the pool or the transaction itself.
type cached struct {
	raw   dbtx
	tx    *sql.Tx
	cache *statements
}

func (c cached) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if st := c.cache.stmt(ctx, query, c.tx); st != nil {
		return st.ExecContext(ctx, args...)
	}
	return c.raw.ExecContext(ctx, query, args...)
}

func (c cached) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if st := c.cache.stmt(ctx, query, c.tx); st != nil {
		return st.QueryContext(ctx, args...)
	}
	return c.raw.QueryContext(ctx, query, args...)
}

func (c cached) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	if st := c.cache.stmt(ctx, query, c.tx); st != nil {
		return st.QueryRowContext(ctx, args...)
	}
	return c.raw.QueryRowContext(ctx, query, args...)
}

func (c cached) PrepareContext(ctx context.Context, query string) (*sql.Stmt, error) {
	return c.raw.PrepareContext(ctx, query)
}
