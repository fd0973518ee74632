package httpapi_test

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// httpapiPackage is what `go list` says of the non-test package.
func httpapiPackage(t *testing.T) (dir string, files, imports []string) {
	t.Helper()
	out, err := exec.Command("go", "list", "-json", "quotegrade/internal/httpapi").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var p struct {
		Dir     string
		GoFiles []string
		Imports []string
	}
	if err := json.Unmarshal(out, &p); err != nil {
		t.Fatalf("go list answer: %v", err)
	}
	if len(p.GoFiles) == 0 || len(p.Imports) == 0 {
		t.Fatalf("go list named no files or imports: %s", out)
	}
	return p.Dir, p.GoFiles, p.Imports
}

// HTTP translates, nothing more (issue 11, docs/decisions/0014): the HTTP
// layer reaches records and figures only through the services, by the
// interfaces it declares over the API's shapes (internal/api), so the
// package itself (not its tests, which may use store helpers) depends on
// neither the store nor the mortgage arithmetic, directly or through any
// package it imports.
func TestHTTPImportsNeitherStoreNorMortgage(t *testing.T) {
	for _, p := range httpapiDeps(t) {
		switch {
		case p == "quotegrade/internal/store" || strings.HasPrefix(p, "quotegrade/internal/store/"):
			t.Errorf("httpapi depends on %s: speak to the services through internal/api", p)
		case p == "quotegrade/internal/mortgage":
			t.Errorf("httpapi depends on %s: figures are computed in internal/results and internal/figures", p)
		}
	}
}

// httpapiDeps is every package the non-test httpapi package depends on,
// directly or not (`go list -deps`).
func httpapiDeps(t *testing.T) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "quotegrade/internal/httpapi").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if !slices.Contains(deps, "quotegrade/internal/api") {
		t.Fatalf("go list -deps named no internal/api: %s", out)
	}
	return deps
}

// No handler reads the clock: services take theirs from internal/app, and
// the HTTP layer's own (request timings, write-limit windows) is Deps.Now.
func TestHTTPReadsNoClockOfItsOwn(t *testing.T) {
	dir, files, _ := httpapiPackage(t)
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "time" && (sel.Sel.Name == "Now" || sel.Sel.Name == "Since" || sel.Sel.Name == "Until") {
				t.Errorf("%s: time.%s; use the clock in Deps.Now or a service's", fset.Position(sel.Pos()), sel.Sel.Name)
			}
			return true
		})
	}
}
