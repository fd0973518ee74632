package httpapi_test

import (
	"os/exec"
	"strings"
	"testing"
)

// HTTP translates, nothing more (issue 11, docs/decisions/0014): the HTTP
// layer reaches records and figures only through the services, so the
// package itself (not its tests, which may use store helpers) imports
// neither the store nor the mortgage arithmetic.
func TestHTTPImportsNeitherStoreNorMortgage(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{join .Imports "\n"}}`, "quotegrade/internal/httpapi").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	imports := strings.Fields(string(out))
	if len(imports) == 0 {
		t.Fatal("go list named no imports")
	}
	for _, p := range imports {
		switch {
		case p == "quotegrade/internal/store" || strings.HasPrefix(p, "quotegrade/internal/store/"):
			t.Errorf("httpapi imports %s: read through internal/results or a domain service", p)
		case p == "quotegrade/internal/mortgage":
			t.Errorf("httpapi imports %s: figures are computed in internal/results and internal/figures", p)
		}
	}
}
