package httpapi_test

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"quotegrade/internal/testsupport"
)

// TestMain fails a full run of the package in which an operation's
// documented success answer (a 2xx in openapi.json) was never produced: the
// test server's client checks every answer against the document
// (testsupport.ValidatingTransport), so a success no test receives is a
// schema no test compares with a real answer. A partial run (-run, -skip,
// -fuzz) is not judged on it.
func TestMain(m *testing.M) {
	flag.Parse()
	code := m.Run()
	if code != 0 || !fullRun() {
		os.Exit(code)
	}
	if missing := testsupport.MissingSuccessAnswers(); len(missing) > 0 {
		fmt.Fprintf(os.Stderr, "FAIL: documented success answers no test produced (add a test that receives each):\n  %s\n", strings.Join(missing, "\n  "))
		os.Exit(1)
	}
	os.Exit(code)
}

func fullRun() bool {
	for _, name := range []string{"test.run", "test.skip", "test.fuzz"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != "" {
			return false
		}
	}
	return true
}
