// Command uploadbench is `make bench-uploads` (bench/uploads.sh): against a
// running quotegrade, ten visitors at once each upload a phone photo of a
// Loan Estimate through the API the browser uses (a link, a PUT, a check
// asked again after Retry-After while the server answers 503), while GET
// /api/health and GET /api/quote-requests/{id} are sent at a steady pace,
// first with the server idle and then during the uploads. It prints every
// visitor's answers, the other requests' latency idle and during, and the
// peak memory of the server and of its OCR subprocesses (from /proc), beside
// the subprocesses' memory limit. Timings are reported, never asserted; the
// exit status is 1 only when a check is not answered 200 in the end.
//
// The probes are paced (open loop) rather than a saturating load such as
// wrk's: on a 2-core machine a load tool at full speed takes a core from
// the readings it is meant to watch, and a stalled request still counts
// from the moment it was due.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

func main() {
	base := flag.String("url", "http://127.0.0.1:18090", "the server")
	pid := flag.Int("pid", 0, "the server's process id (its memory and its children's are sampled)")
	photos := flag.String("photos", "internal/loanestimate/testdata/corpus", "folder of .jpg photos")
	clients := flag.Int("clients", 10, "visitors uploading at once")
	id := flag.String("id", "", "a quote request id for GET /api/quote-requests/{id}")
	rate := flag.Int("rate", 20, "requests a second to each of the two GETs")
	idle := flag.Duration("idle", 10*time.Second, "how long the GETs are measured before the uploads")
	limitMB := flag.Int("limit-mb", 1024, "each OCR subprocess's address-space limit (ocr.MemoryBytes), MB")
	wait := flag.Duration("wait", 5*time.Minute, "how long a visitor asks again after 503")
	flag.Parse()
	if *pid == 0 || *id == "" {
		log.Fatal("-pid and -id are required")
	}
	files, err := photosFor(*photos, *clients)
	if err != nil {
		log.Fatal(err)
	}

	mem := &sampler{server: *pid, metrics: *base + "/metrics", children: map[int]*child{}}
	stopMem := mem.run(100 * time.Millisecond)

	paths := []string{"/api/health", "/api/quote-requests/" + *id}
	idleLat := probe(*base, paths, *rate, untilTimer(*idle))
	mem.mu.Lock()
	mem.serverIdle = status(*pid)["VmRSS"]
	mem.mu.Unlock()

	done := make(chan struct{})
	duringLat := make(chan map[string][]time.Duration)
	go func() { duringLat <- probe(*base, paths, *rate, done) }()
	start := time.Now()
	results := make([]visit, len(files))
	var wg sync.WaitGroup
	for i, f := range files {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = upload(*base, fmt.Sprintf("10.0.0.%d", i+1), f, *wait)
		}()
	}
	wg.Wait()
	took := time.Since(start)
	close(done)
	during := <-duringLat
	stopMem()

	failed := report(results, took, paths, idleLat, during, mem, *limitMB)
	if failed {
		os.Exit(1)
	}
}

// photo is one visitor's file.
type photo struct {
	name string
	data []byte
}

// photosFor gives n visitors a photo each: the folder's photos in turn, and
// past them the same photos with bytes added after the picture's end, so
// that no answer comes from the server's memory of a file (by SHA-256).
func photosFor(dir string, n int) ([]photo, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.jpg"))
	if err != nil || len(names) == 0 {
		return nil, fmt.Errorf("no .jpg photos in %s", dir)
	}
	slices.Sort(names)
	out := make([]photo, n)
	for i := range out {
		data, err := os.ReadFile(names[i%len(names)])
		if err != nil {
			return nil, err
		}
		name := filepath.Base(names[i%len(names)])
		if round := i / len(names); round > 0 {
			data = append(data, []byte(fmt.Sprintf("visitor %d", i+1))...)
			name = fmt.Sprintf("%s (copy %d)", name, round)
		}
		out[i] = photo{name: name, data: data}
	}
	return out, nil
}

// visit is what one visitor's upload came to.
type visit struct {
	photo    string
	statuses []int // every answer to the check, in order
	found    int   // fields read from the Loan Estimate
	took     time.Duration
	err      error
}

// upload does what the browser does (web's upload-quote-file.ts): ask for a
// link, PUT the photo to it, then ask for the check until it is answered,
// waiting Retry-After after each 503. client is the visitor's address, sent
// as X-Forwarded-For (the server trusts this machine as its proxy), so each
// visitor has a client's share of the reading slots, as ten people would.
func upload(base, client string, p photo, wait time.Duration) (v visit) {
	v.photo = p.name
	start := time.Now()
	defer func() { v.took = time.Since(start) }()
	hc := &http.Client{Timeout: 2 * time.Minute}
	send := func(method, url string, body []byte, contentType string) (*http.Response, []byte, error) {
		req, err := http.NewRequest(method, url, bytes.NewReader(body))
		if err != nil {
			return nil, nil, err
		}
		req.Header.Set("Content-Type", contentType)
		req.Header.Set("X-Forwarded-For", client)
		res, err := hc.Do(req)
		if err != nil {
			return nil, nil, err
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		return res, b, err
	}
	res, body, err := send("POST", base+"/api/uploads/presigned-url",
		must(json.Marshal(map[string]string{"fileName": "loan-estimate.jpg", "fileType": "image/jpeg"})), "application/json")
	if err != nil || res.StatusCode != 200 {
		v.err = fmt.Errorf("link: %v %s", err, body)
		return v
	}
	var link struct{ SignedURL, Key string }
	if err := json.Unmarshal(body, &link); err != nil {
		v.err = err
		return v
	}
	signed := link.SignedURL
	if strings.HasPrefix(signed, "/") {
		signed = base + signed
	}
	if res, body, err = send("PUT", signed, p.data, "image/jpeg"); err != nil || res.StatusCode/100 != 2 {
		v.err = fmt.Errorf("PUT: %v %s", err, body)
		return v
	}
	check := must(json.Marshal(map[string]string{"key": link.Key}))
	deadline := time.Now().Add(wait)
	for {
		res, body, err = send("POST", base+"/api/uploads/check", check, "application/json")
		if err != nil {
			v.err = fmt.Errorf("check: %v", err)
			return v
		}
		v.statuses = append(v.statuses, res.StatusCode)
		if res.StatusCode != http.StatusServiceUnavailable || time.Now().After(deadline) {
			break
		}
		after, err := strconv.Atoi(res.Header.Get("Retry-After"))
		if err != nil {
			v.err = fmt.Errorf("a 503 without Retry-After: %s", body)
			return v
		}
		time.Sleep(time.Duration(after) * time.Second)
	}
	var checked struct {
		LoanEstimate *struct{ Found []string }
	}
	if res.StatusCode == 200 && json.Unmarshal(body, &checked) == nil && checked.LoanEstimate != nil {
		v.found = len(checked.LoanEstimate.Found)
	}
	if res.StatusCode != 200 {
		v.err = fmt.Errorf("check answered %d: %s", res.StatusCode, body)
	}
	return v
}

// probe sends GET base+path for each path, rate times a second each, until
// stop closes, each request on its own so that one held up does not delay
// the next, and returns every latency (an error counts as a minute).
func probe(base string, paths []string, rate int, stop <-chan struct{}) map[string][]time.Duration {
	hc := &http.Client{Timeout: time.Minute, Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	var mu sync.Mutex
	var wg sync.WaitGroup
	out := map[string][]time.Duration{}
	tick := time.NewTicker(time.Second / time.Duration(rate))
	defer tick.Stop()
	for {
		select {
		case <-stop:
			wg.Wait()
			return out
		case <-tick.C:
		}
		for _, path := range paths {
			wg.Add(1)
			go func() {
				defer wg.Done()
				t := time.Now()
				res, err := hc.Get(base + path)
				took := time.Since(t)
				if err == nil {
					io.Copy(io.Discard, res.Body)
					res.Body.Close()
					if res.StatusCode != 200 {
						took = time.Minute
					}
				} else {
					took = time.Minute
				}
				mu.Lock()
				out[path] = append(out[path], took)
				mu.Unlock()
			}()
		}
	}
}

func untilTimer(d time.Duration) <-chan struct{} {
	c := make(chan struct{})
	time.AfterFunc(d, func() { close(c) })
	return c
}

// child is one OCR subprocess (Tesseract, pdftoppm) seen while sampling.
type child struct {
	name        string
	peakRSS, vm int // kB: its own high-water marks (VmHWM, VmPeak)
}

// sampler reads the server's memory and its children's from /proc.
type sampler struct {
	mu         sync.Mutex
	server     int
	metrics    string // the server's /metrics, for its Go heap
	serverIdle int    // kB, VmRSS before the uploads
	heapMax    float64
	samples    int // only the sampling goroutine counts
	serverPeak int // kB, VmHWM
	totalMax   int // kB, server and children's RSS at one moment
	mostAtOnce int // OCR subprocesses alive at one moment
	children   map[int]*child
}

func (s *sampler) run(every time.Duration) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			s.sample()
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	return func() { close(done); <-finished }
}

func (s *sampler) sample() {
	// The Go heap twice a second: /metrics reads it stopping the world.
	if s.samples++; s.samples%5 == 1 {
		heap := goHeap(s.metrics)
		s.mu.Lock()
		s.heapMax = max(s.heapMax, heap)
		s.mu.Unlock()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	st := status(s.server)
	s.serverPeak = max(s.serverPeak, st["VmHWM"])
	total := st["VmRSS"]
	kids := childrenOf(s.server)
	running := 0
	serverName := processName(s.server)
	for _, pid := range kids {
		// Go starts a program with vfork: until the exec the child shares
		// the server's memory map and /proc shows the server's figures.
		name := processName(pid)
		if name == serverName {
			continue
		}
		cs := status(pid)
		c := s.children[pid]
		if c == nil {
			c = &child{}
			s.children[pid] = c
		}
		c.name = name
		c.peakRSS = max(c.peakRSS, cs["VmHWM"])
		c.vm = max(c.vm, cs["VmPeak"])
		total += cs["VmRSS"]
		running++
	}
	s.mostAtOnce = max(s.mostAtOnce, running)
	s.totalMax = max(s.totalMax, total)
}

// goHeap is the server's Go heap in use (go_memstats_heap_inuse_bytes of
// /metrics, which answers this machine), 0 if unknown.
func goHeap(url string) float64 {
	res, err := http.Get(url)
	if err != nil {
		return 0
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "go_memstats_heap_inuse_bytes "); ok {
			f, _ := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return f
		}
	}
	return 0
}

// status reads the kB figures of /proc/pid/status.
func status(pid int) map[string]int {
	out := map[string]int{}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return out
	}
	for _, line := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok || !strings.HasSuffix(v, " kB") {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(v, " kB")))
		if err == nil {
			out[k] = n
		}
	}
	return out
}

func processName(pid int) string {
	b, _ := os.ReadFile(fmt.Sprintf("/proc/%d/comm", pid))
	return strings.TrimSpace(string(b))
}

// childrenOf lists the processes whose parent is pid (the server starts
// each OCR program through sh, which becomes the program).
func childrenOf(pid int) []int {
	var out []int
	entries, _ := os.ReadDir("/proc")
	for _, e := range entries {
		n, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", n))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces, so read after its ')'.
		fields := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
		if len(fields) > 1 && fields[1] == strconv.Itoa(pid) {
			out = append(out, n)
		}
	}
	return out
}

func report(results []visit, took time.Duration, paths []string, idle, during map[string][]time.Duration, mem *sampler, limitMB int) (failed bool) {
	fmt.Printf("%d visitors uploading at once, all answered in %.1f s\n", len(results), took.Seconds())
	fmt.Printf("%-44s %-26s %7s %7s\n", "photo", "check answers", "fields", "took")
	for _, v := range results {
		answers := answersOf(v.statuses)
		if v.err != nil {
			failed = true
			answers += " FAILED: " + v.err.Error()
		}
		fmt.Printf("%-44s %-26s %7d %6.1fs\n", v.photo, answers, v.found, v.took.Seconds())
	}
	fmt.Printf("\n%-34s %7s %7s %7s %7s %9s %7s %7s %7s\n", "other requests' latency (ms)", "idle n", "p50", "p99", "max", "during n", "p50", "p99", "max")
	for _, p := range paths {
		label := "GET " + p
		if strings.HasPrefix(p, "/api/quote-requests/") {
			label = "GET /api/quote-requests/{id}"
		}
		a, b := idle[p], during[p]
		fmt.Printf("%-34s %7d %7.1f %7.1f %7.1f %9d %7.1f %7.1f %7.1f\n", label,
			len(a), ms(pct(a, 50)), ms(pct(a, 99)), ms(slowest(a)), len(b), ms(pct(b, 50)), ms(pct(b, 99)), ms(slowest(b)))
		if slowest(b) >= time.Minute {
			fmt.Printf("  %s: a request failed or was answered other than 200 during the uploads\n", label)
		}
	}
	mem.mu.Lock()
	defer mem.mu.Unlock()
	peakRSS, peakVM, n := 0, 0, 0
	names := map[string]int{}
	for _, c := range mem.children {
		n++
		names[c.name]++
		peakRSS = max(peakRSS, c.peakRSS)
		peakVM = max(peakVM, c.vm)
	}
	fmt.Printf("\nserver: RSS %d MB before the uploads, peak %d MB (VmHWM); Go heap in use at most %.0f MB\n",
		mem.serverIdle/1024, mem.serverPeak/1024, mem.heapMax/(1<<20))
	fmt.Printf("OCR subprocesses: %d seen (%s), at most %d at once; the largest's peak RSS %d MB, address space %d MB of its %d MB limit\n",
		n, counts(names), mem.mostAtOnce, peakRSS/1024, peakVM/1024, limitMB)
	fmt.Printf("server and subprocesses together: at most %d MB RSS at one moment\n", mem.totalMax/1024)
	return failed
}

// answersOf writes a visitor's answers as "503 x3, 200".
func answersOf(statuses []int) string {
	var parts []string
	for i := 0; i < len(statuses); {
		j := i
		for j < len(statuses) && statuses[j] == statuses[i] {
			j++
		}
		if j-i > 1 {
			parts = append(parts, fmt.Sprintf("%d x%d", statuses[i], j-i))
		} else {
			parts = append(parts, strconv.Itoa(statuses[i]))
		}
		i = j
	}
	return strings.Join(parts, ", ")
}

func counts(m map[string]int) string {
	var parts []string
	for k, v := range m {
		parts = append(parts, fmt.Sprintf("%d %s", v, k))
	}
	slices.Sort(parts)
	return strings.Join(parts, ", ")
}

func pct(d []time.Duration, p int) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[min(len(s)-1, (len(s)*p+99)/100-1)]
}

func slowest(d []time.Duration) time.Duration {
	if len(d) == 0 {
		return 0
	}
	return slices.Max(d)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}
