//go:build pprof

package main

import (
	"log"
	"net/http"
	_ "net/http/pprof" // registers /debug/pprof on the default mux
	"os"
)

// A binary built with -tags pprof (bench/profile.sh) serves the Go profiler
// on QG_PPROF_ADDR, apart from the site; the shipped binary has no profiler.
func init() {
	addr := os.Getenv("QG_PPROF_ADDR")
	if addr == "" {
		return
	}
	go func() { log.Println(http.ListenAndServe(addr, nil)) }()
}
