package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"quotegrade/internal/apperr"
	"quotegrade/internal/rates"
)

// ratesCommand imports a market-data file, as the admin Market data page
// does: it checks the file, prints what it holds and stores it, all or none.
func ratesCommand(args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) < 2 || args[0] != "import" || strings.HasPrefix(args[1], "-") {
		return errors.New("usage: quotegrade rates import FILE [settings]")
	}
	file, err := readImportFile(args[1])
	if err != nil {
		return err
	}
	ctx := context.Background()
	st, err := openStore(ctx, "rates", args[2:], getenv, stderr)
	if err != nil {
		return err
	}
	defer st.Close()
	// The source is never fetched here: the file is the source.
	svc := rates.NewService(st, rates.Snapshot{}, slog.New(slog.DiscardHandler), time.Now)
	out, err := svc.ApplyImport(ctx, file)
	if err != nil {
		return importError(args[1], err)
	}
	printImport(stdout, out)
	fmt.Fprintf(stdout, "imported %d weeks; a running server uses them within %s\n", out.Weeks, rates.LatestMaxAge)
	return nil
}

func readImportFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// One byte over the limit is enough for the service to refuse it.
	return io.ReadAll(io.LimitReader(f, rates.MaxImportBytes+1))
}

// importError is a refused file's message with each wrong line under it,
// in line order.
func importError(path string, err error) error {
	var invalid *apperr.Invalid
	if !errors.As(err, &invalid) {
		return err
	}
	keys := make([]string, 0, len(invalid.Fields))
	for k := range invalid.Fields {
		keys = append(keys, k)
	}
	lineOf := func(k string) int { n, _ := strconv.Atoi(strings.TrimPrefix(k, "line ")); return n }
	sort.Slice(keys, func(i, j int) bool { return lineOf(keys[i]) < lineOf(keys[j]) })
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s", path, invalid.Message)
	for _, k := range keys {
		fmt.Fprintf(&b, "\n  %s: %s", k, invalid.Fields[k])
	}
	return errors.New(b.String())
}

// printImport is the preview's summary, as the Market data page shows it.
func printImport(w io.Writer, p rates.MarketDataPreview) {
	fmt.Fprintf(w, "%s: %d weeks, %s to %s\n", p.Format, p.Weeks, p.FirstWeek, p.LastWeek)
	if p.Latest30 != nil {
		fmt.Fprintf(w, "latest 30-year: %.2f%% (week of %s)\n", p.Latest30.Rate, p.Latest30.Week)
	}
	if p.Latest15 != nil {
		fmt.Fprintf(w, "latest 15-year: %.2f%% (week of %s)\n", p.Latest15.Rate, p.Latest15.Week)
	}
	fmt.Fprintf(w, "%d new, %d changed, %d unchanged weeks\n", p.NewWeeks, p.ChangedWeeks, p.UnchangedWeeks)
	if len(p.Gaps) == 0 {
		fmt.Fprintln(w, "no missing weeks")
		return
	}
	fmt.Fprintf(w, "%s missing:\n", weeks(p.MissingWeeks))
	for _, g := range p.Gaps {
		fmt.Fprintf(w, "  %s-year: %s to %s (%s)\n", g.Series, g.From, g.To, weeks(g.Weeks))
	}
}

func weeks(n int) string {
	if n == 1 {
		return "1 week"
	}
	return fmt.Sprintf("%d weeks", n)
}
