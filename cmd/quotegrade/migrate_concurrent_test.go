package main

import (
	"io"
	"sync"
	"testing"

	"quotegrade/internal/testsupport"
)

// Copies started together on an empty database both migrate it: one does
// the work, the other waits and finds it done. Neither fails.
func TestConcurrentMigrationsOnAnEmptyPostgreSQL(t *testing.T) {
	url := testsupport.PostgresURL(t)
	const copies = 3
	errs := make([]error, copies)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range copies {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			errs[i] = run([]string{"migrate", "--database-url", url}, func(string) string { return "" }, io.Discard, io.Discard)
		}()
	}
	close(start)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("copy %d: %v", i, err)
		}
	}
}
