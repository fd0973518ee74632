package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"quotegrade/internal/app"
	"quotegrade/internal/config"
	"quotegrade/internal/records"
)

const recordsUsage = "usage: quotegrade records purge [--before YYYY-MM-DD] [--dry-run] [settings]"

// recordsCommand runs the retention purge now: what was made before the
// day given (default: today minus --retention-days) is removed, and what
// was removed is printed by kind.
func recordsCommand(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) < 1 || args[0] != "purge" {
		return errors.New(recordsUsage)
	}
	before, dryRun, settings, err := purgeFlags(args[1:])
	if err != nil {
		return err
	}
	cfg, err := config.Load("records", settings, getenv, stderr)
	if err != nil {
		return err
	}
	if before.IsZero() {
		before = records.Cutoff(time.Now(), cfg.RetentionDays)
	}
	p, err := app.PurgeRecords(context.Background(), cfg, newLogger(cfg, stderr), before, dryRun)
	if err != nil {
		return err
	}
	verb := "removed"
	if dryRun {
		verb = "would remove (dry run, nothing removed)"
	}
	fmt.Fprintf(stdout, "records made before %s: %s\n", before.Format("2006-01-02"), verb)
	for _, c := range records.Counts(p) {
		fmt.Fprintf(stdout, "  %-17s %d\n", c.Kind, c.N)
	}
	return nil
}

// purgeFlags takes --before and --dry-run out of args; the rest are the
// ordinary settings.
func purgeFlags(args []string) (before time.Time, dryRun bool, rest []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--dry-run" || a == "-dry-run":
			dryRun = true
		case a == "--before" || a == "-before":
			if i+1 >= len(args) {
				return before, dryRun, nil, errors.New("--before needs a date (YYYY-MM-DD)")
			}
			i++
			a = "--before=" + args[i]
			fallthrough
		case strings.HasPrefix(a, "--before=") || strings.HasPrefix(a, "-before="):
			_, v, _ := strings.Cut(a, "=")
			if before, err = time.Parse("2006-01-02", v); err != nil {
				return before, dryRun, nil, fmt.Errorf("--before must be a date such as 2022-01-31, got %q", v)
			}
		default:
			rest = append(rest, a)
		}
	}
	return before, dryRun, rest, nil
}
