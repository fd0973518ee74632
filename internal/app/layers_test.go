package app_test

import (
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// goPackage is what `go list -json` says of one package: its own imports.
type goPackage struct {
	ImportPath string
	Imports    []string
}

func internalPackages(t *testing.T) []goPackage {
	t.Helper()
	out, err := exec.Command("go", "list", "-json", "quotegrade/internal/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var pkgs []goPackage
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for {
		var p goPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("go list answer: %v", err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 20 {
		t.Fatalf("go list named only %d packages", len(pkgs))
	}
	return pkgs
}

// SQL lives in the store (decision 0030): a service hands a transaction's
// e-mails to store.Tx.QueueEmails instead of holding a *sql.Tx, so only the
// wiring, the job queue, the store packages and the test support may import
// database/sql.
func TestOnlyTheStoreSpeaksSQL(t *testing.T) {
	mayUseSQL := func(path string) bool {
		for _, prefix := range []string{"quotegrade/internal/app", "quotegrade/internal/jobs", "quotegrade/internal/store", "quotegrade/internal/testsupport"} {
			if path == prefix || strings.HasPrefix(path, prefix+"/") {
				return true
			}
		}
		return false
	}
	checked := 0
	for _, p := range internalPackages(t) {
		if mayUseSQL(p.ImportPath) {
			continue
		}
		checked++
		if slices.Contains(p.Imports, "database/sql") {
			t.Errorf("%s imports database/sql: let the store's transaction (store.Tx) do the SQL", p.ImportPath)
		}
	}
	if checked < 20 {
		t.Fatalf("checked only %d packages", checked)
	}
}

// E-mails are words about figures computed elsewhere (decision 0030): mail
// and the API's shapes format amounts with vocab and never compute a loan.
func TestMailAndTheContractComputeNoLoan(t *testing.T) {
	for _, p := range internalPackages(t) {
		switch p.ImportPath {
		case "quotegrade/internal/mail", "quotegrade/internal/api":
			if slices.Contains(p.Imports, "quotegrade/internal/mortgage") {
				t.Errorf("%s imports internal/mortgage: give it the figures as data", p.ImportPath)
			}
		}
	}
}
