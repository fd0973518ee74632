package config

import (
	"os"
	"strings"
	"testing"
)

// README's configuration table must name every setting, so the docs cannot
// fall behind the code.
func TestREADMEListsEverySetting(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range Settings {
		row := "| `--" + s.Flag + "` | `" + s.Env + "` |"
		if !strings.Contains(string(readme), row) {
			t.Errorf("README.md lacks the row for %s", s.Env)
		}
	}
}
