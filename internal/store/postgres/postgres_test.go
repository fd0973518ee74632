package postgres_test

import (
	"testing"

	"quotegrade/internal/store"
	"quotegrade/internal/store/storetest"
	"quotegrade/internal/testsupport"
)

func TestStoreSuite(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return testsupport.NewPostgres(t) })
}
