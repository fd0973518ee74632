package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// The server collects at gcPercent within memoryLimit, unless the operator
// set Go's own GOGC or GOMEMLIMIT, which stand.
func TestTuneGCLeavesTheOperatorsSettings(t *testing.T) {
	was := debug.SetGCPercent(100)
	wasLimit := debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() {
		debug.SetGCPercent(was)
		debug.SetMemoryLimit(wasLimit)
	})

	tuneGC(func(string) string { return "" })
	if got := debug.SetGCPercent(100); got != gcPercent {
		t.Errorf("GC percent %d, want %d", got, gcPercent)
	}
	if got := debug.SetMemoryLimit(math.MaxInt64); got != memoryLimit {
		t.Errorf("memory limit %d, want %d", got, memoryLimit)
	}

	debug.SetGCPercent(150)
	debug.SetMemoryLimit(1 << 30)
	tuneGC(func(name string) string { return map[string]string{"GOGC": "150", "GOMEMLIMIT": "1GiB"}[name] })
	if got := debug.SetGCPercent(100); got != 150 {
		t.Errorf("with GOGC set: GC percent %d, want the operator's 150", got)
	}
	if got := debug.SetMemoryLimit(math.MaxInt64); got != 1<<30 {
		t.Errorf("with GOMEMLIMIT set: memory limit %d, want the operator's 1 GiB", got)
	}
}
