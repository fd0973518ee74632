package sqlite

import (
	"context"
	"database/sql/driver"
	"fmt"
	"sync/atomic"

	"modernc.org/sqlite"
)

// The server is the only one serving a SQLite file, so the write
// transactions it commits are every write its answers can show, apart from
// the command line's (decision 0029). countingConnector counts them: SQLite's
// commit hook marks the connection, and the count moves once the call that
// committed has returned, when the write is visible to every other
// connection. Counting in the hook itself would be too early: a read between
// the hook and the end of the commit would still see the old row and be kept
// as if it were new.
type countingConnector struct {
	inner   driver.Connector
	commits *atomic.Uint64
}

// sqliteConn is what modernc.org/sqlite's connection offers database/sql;
// the wrapper offers the same, so the pool works as it did.
type sqliteConn interface {
	driver.Conn
	driver.ConnBeginTx
	driver.ConnPrepareContext
	driver.ExecerContext
	driver.QueryerContext
	driver.Pinger
	driver.SessionResetter
	driver.Validator
	sqlite.HookRegisterer
}

func (c *countingConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.inner.Connect(ctx)
	if err != nil {
		return nil, err
	}
	inner, ok := conn.(sqliteConn)
	if !ok {
		conn.Close()
		return nil, fmt.Errorf("sqlite: the driver's connection (%T) has no commit hook", conn)
	}
	counted := &countingConn{inner: inner, commits: c.commits}
	inner.RegisterCommitHook(func() int32 {
		counted.committed.Store(true)
		return 0 // go on with the commit
	})
	return counted, nil
}

func (c *countingConnector) Driver() driver.Driver { return c.inner.Driver() }

// countingConn is one pooled connection; database/sql uses it from one
// goroutine at a time.
type countingConn struct {
	inner     sqliteConn
	commits   *atomic.Uint64
	committed atomic.Bool
}

// settle counts a commit the last call made, now that it is done.
func (c *countingConn) settle() {
	if c.committed.Swap(false) {
		c.commits.Add(1)
	}
}

func (c *countingConn) Prepare(query string) (driver.Stmt, error) {
	return c.PrepareContext(context.Background(), query)
}

func (c *countingConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	st, err := c.inner.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	inner, ok := st.(sqliteStmt)
	if !ok {
		st.Close()
		return nil, fmt.Errorf("sqlite: the driver's statement (%T) runs without a context", st)
	}
	return &countingStmt{inner: inner, conn: c}, nil
}

func (c *countingConn) Close() error { return c.inner.Close() }

func (c *countingConn) Begin() (driver.Tx, error) {
	return c.BeginTx(context.Background(), driver.TxOptions{})
}

func (c *countingConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	tx, err := c.inner.BeginTx(ctx, opts)
	if err != nil {
		return nil, err
	}
	return &countingTx{inner: tx, conn: c}, nil
}

func (c *countingConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	defer c.settle()
	return c.inner.ExecContext(ctx, query, args)
}

func (c *countingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	defer c.settle()
	rows, err := c.inner.QueryContext(ctx, query, args)
	return countRows(rows, err, c)
}

func (c *countingConn) Ping(ctx context.Context) error { return c.inner.Ping(ctx) }

func (c *countingConn) ResetSession(ctx context.Context) error {
	c.settle()
	return c.inner.ResetSession(ctx)
}

func (c *countingConn) IsValid() bool { return c.inner.IsValid() }

type countingTx struct {
	inner driver.Tx
	conn  *countingConn
}

func (t *countingTx) Commit() error {
	defer t.conn.settle()
	return t.inner.Commit()
}

func (t *countingTx) Rollback() error {
	defer t.conn.settle()
	return t.inner.Rollback()
}

type sqliteStmt interface {
	driver.Stmt
	driver.StmtExecContext
	driver.StmtQueryContext
}

type countingStmt struct {
	inner sqliteStmt
	conn  *countingConn
}

func (s *countingStmt) Close() error  { return s.inner.Close() }
func (s *countingStmt) NumInput() int { return s.inner.NumInput() }

//nolint:staticcheck // driver.Stmt requires the context-free methods; database/sql calls the Context ones.
func (s *countingStmt) Exec(args []driver.Value) (driver.Result, error) {
	defer s.conn.settle()
	return s.inner.Exec(args)
}

//nolint:staticcheck // as Exec
func (s *countingStmt) Query(args []driver.Value) (driver.Rows, error) {
	defer s.conn.settle()
	rows, err := s.inner.Query(args)
	return countRows(rows, err, s.conn)
}

func (s *countingStmt) ExecContext(ctx context.Context, args []driver.NamedValue) (driver.Result, error) {
	defer s.conn.settle()
	return s.inner.ExecContext(ctx, args)
}

func (s *countingStmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	defer s.conn.settle()
	rows, err := s.inner.QueryContext(ctx, args)
	return countRows(rows, err, s.conn)
}

// sqliteRows is what the driver's rows offer, column types included
// (database/sql's Rows.ColumnTypes asks for them).
type sqliteRows interface {
	driver.Rows
	driver.RowsColumnTypeDatabaseTypeName
	driver.RowsColumnTypeLength
	driver.RowsColumnTypeNullable
	driver.RowsColumnTypePrecisionScale
	driver.RowsColumnTypeScanType
}

// countingRows settles when the statement ends: an INSERT ... RETURNING
// outside a transaction commits when its last row is read or its rows close.
type countingRows struct {
	sqliteRows
	conn *countingConn
}

func countRows(rows driver.Rows, err error, conn *countingConn) (driver.Rows, error) {
	if err != nil {
		return nil, err
	}
	typed, ok := rows.(sqliteRows)
	if !ok {
		rows.Close()
		return nil, fmt.Errorf("sqlite: the driver's rows (%T) have no column types", rows)
	}
	return &countingRows{sqliteRows: typed, conn: conn}, nil
}

func (r *countingRows) Next(dest []driver.Value) error {
	defer r.conn.settle()
	return r.sqliteRows.Next(dest)
}

func (r *countingRows) Close() error {
	defer r.conn.settle()
	return r.sqliteRows.Close()
}
