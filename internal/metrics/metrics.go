// Package metrics is what /metrics reports, in Prometheus' text format: HTTP
// requests, rate-limit refusals and job failures counted as they happen, and
// sizes read from the database at each scrape (jobs, outbox, Refi Buddy
// watches, the age of the market data). Each server keeps its own registry;
// nothing here is global.
package metrics

import (
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"quotegrade/internal/store"
)

// JobCount is how many jobs of a kind are in a state.
type JobCount struct {
	Kind, State string
	Count       int
}

// Source is where the scrape-time figures come from.
type Source struct {
	// Store answers the outbox size, the watches and the latest market rates.
	Store interface {
		SiteCounts(ctx context.Context) (store.SiteCounts, error)
		LatestMarketRates(ctx context.Context, notAfter time.Time) ([]store.MarketRate, error)
	}
	// Jobs counts the job queue by kind and state.
	Jobs func(ctx context.Context) ([]JobCount, error)
	Now  func() time.Time
	Log  *slog.Logger
}

// Metrics counts what happens in one server.
type Metrics struct {
	registry     *prometheus.Registry
	requests     *prometheus.CounterVec
	duration     *prometheus.HistogramVec
	refusals     prometheus.Counter
	jobFailures  *prometheus.CounterVec
	mailFailures prometheus.Counter
	purged       *prometheus.CounterVec

	mu       sync.RWMutex
	bySeries map[requestKey]requestSeries
}

// New registers every metric; src feeds the figures read at scrape time.
func New(src Source) *Metrics {
	m := &Metrics{
		bySeries: map[requestKey]requestSeries{},
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "quotegrade_http_requests_total",
			Help: "HTTP requests answered, by route pattern, method and status."}, []string{"route", "method", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "quotegrade_http_request_duration_seconds",
			Help: "Time to answer HTTP requests, by route pattern and method.", Buckets: prometheus.DefBuckets}, []string{"route", "method"}),
		refusals: prometheus.NewCounter(prometheus.CounterOpts{Name: "quotegrade_rate_limit_refusals_total",
			Help: "Public writes refused with 429 because the client went over the write limit."}),
		jobFailures: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "quotegrade_job_failures_total",
			Help: "Job attempts that ended in an error (retried later), by kind."}, []string{"kind"}),
		mailFailures: prometheus.NewCounter(prometheus.CounterOpts{Name: "quotegrade_mail_delivery_failures_total",
			Help: "E-mail delivery attempts that failed (the job is retried)."}),
		purged: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "quotegrade_records_purged_total",
			Help: "Records the retention purge removed, by kind (docs/records.md)."}, []string{"kind"}),
	}
	// Every kind shows from the first scrape, at 0 until a purge removes one.
	for _, kind := range PurgedKinds {
		m.purged.WithLabelValues(kind)
	}
	m.registry.MustRegister(m.requests, m.duration, m.refusals, m.jobFailures, m.mailFailures, m.purged,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}), newDatabaseCollector(src))
	return m
}

// Handler answers a scrape.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{ErrorHandling: promhttp.ContinueOnError})
}

// ObserveRequest counts one answered request.
func (m *Metrics) ObserveRequest(route, method string, status int, took time.Duration) {
	c := m.series(requestKey{route: route, method: method, status: status})
	c.count.Inc()
	c.duration.Observe(took.Seconds())
}

// requestKey is one request series' labels.
type requestKey struct {
	route, method string
	status        int
}

// requestSeries are the counter and histogram of one requestKey.
type requestSeries struct {
	count    prometheus.Counter
	duration prometheus.Observer
}

// series is key's counter and histogram, looked up once: WithLabelValues
// hashes every label and formats the status on each call, which was a
// visible share of a health check (docs/performance.md). Routes are the
// router's patterns and methods and statuses few, so the map stays small.
func (m *Metrics) series(key requestKey) requestSeries {
	m.mu.RLock()
	c, ok := m.bySeries[key]
	m.mu.RUnlock()
	if ok {
		return c
	}
	c = requestSeries{count: m.requests.WithLabelValues(key.route, key.method, strconv.Itoa(key.status)),
		duration: m.duration.WithLabelValues(key.route, key.method)}
	m.mu.Lock()
	if len(m.bySeries) < maxCachedSeries {
		m.bySeries[key] = c
	}
	m.mu.Unlock()
	return c
}

// maxCachedSeries bounds the lookup map whatever methods clients make up.
const maxCachedSeries = 1024

// RateLimited counts one refused public write.
func (m *Metrics) RateLimited() { m.refusals.Inc() }

// PurgedKinds are the kinds quotegrade_records_purged_total counts.
var PurgedKinds = []string{"quote_requests", "uploads", "contact_requests", "emails", "deleted_requests", "audit_events",
	"confirmation_caps", "archived_pages"}

// RecordsPurged counts n records of a kind the retention purge removed.
func (m *Metrics) RecordsPurged(kind string, n int) { m.purged.WithLabelValues(kind).Add(float64(n)) }

// JobFailed counts one failed job attempt; a failed send_email is a failed
// mail delivery.
func (m *Metrics) JobFailed(kind string) {
	m.jobFailures.WithLabelValues(kind).Inc()
	if kind == "send_email" {
		m.mailFailures.Inc()
	}
}

// databaseCollector reads the sizes from the database at each scrape, so every
// copy of the server reports the same site-wide figures.
type databaseCollector struct {
	src                            Source
	jobs, outbox, watches, ageDays *prometheus.Desc
	seriesAge                      *prometheus.Desc
	uploadBytes, uploadsPending    *prometheus.Desc
}

func newDatabaseCollector(src Source) *databaseCollector {
	return &databaseCollector{src: src,
		jobs:    prometheus.NewDesc("quotegrade_jobs", "Jobs in the queue, by kind and state.", []string{"kind", "state"}, nil),
		outbox:  prometheus.NewDesc("quotegrade_outbox_messages", "E-mails kept in the outbox (no SMTP configured).", nil, nil),
		watches: prometheus.NewDesc("quotegrade_refi_watches", "Refi Buddy watches, by state (watching, alerted, unsubscribed).", []string{"state"}, nil),
		ageDays: prometheus.NewDesc("quotegrade_market_data_age_days", "Days since the week of the newest market rate.", nil, nil),
		seriesAge: prometheus.NewDesc("quotegrade_market_series_age_days",
			"Days since the week of each market series' newest rate (a series over 14 days old holds Refi Buddy's alerts).", []string{"series"}, nil),
		uploadBytes: prometheus.NewDesc("quotegrade_upload_bytes", "Bytes held by uploaded files no quote request names "+
			"(received and checked; the upload quotas count these).", nil, nil),
		uploadsPending: prometheus.NewDesc("quotegrade_uploads_pending", "Upload links whose file is not yet received and checked "+
			"(each counts as the largest file towards the quotas).", nil, nil),
	}
}

func (c *databaseCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- c.jobs
	ch <- c.outbox
	ch <- c.watches
	ch <- c.ageDays
	ch <- c.seriesAge
	ch <- c.uploadBytes
	ch <- c.uploadsPending
}

// Collect reports what it could read; a failed query is logged and its
// figures left out, so one slow table does not blank the whole scrape.
func (c *databaseCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if counts, err := c.src.Jobs(ctx); err != nil {
		c.failed(ch, c.jobs, err)
	} else {
		for _, j := range counts {
			ch <- prometheus.MustNewConstMetric(c.jobs, prometheus.GaugeValue, float64(j.Count), j.Kind, j.State)
		}
	}
	if counts, err := c.src.Store.SiteCounts(ctx); err != nil {
		c.failed(ch, c.outbox, err)
	} else {
		ch <- prometheus.MustNewConstMetric(c.outbox, prometheus.GaugeValue, float64(counts.Outbox))
		ch <- prometheus.MustNewConstMetric(c.uploadBytes, prometheus.GaugeValue, float64(counts.UploadBytes))
		ch <- prometheus.MustNewConstMetric(c.uploadsPending, prometheus.GaugeValue, float64(counts.PendingUploads))
		for _, state := range []string{"awaiting_confirmation", "watching", "alerted", "unsubscribed"} {
			ch <- prometheus.MustNewConstMetric(c.watches, prometheus.GaugeValue, float64(counts.Watches[state]), state)
		}
	}
	latest, err := c.src.Store.LatestMarketRates(ctx, c.src.Now().Add(surveyLead))
	if err != nil {
		c.failed(ch, c.ageDays, err)
		return
	}
	var newest time.Time
	bySeries := map[string]time.Time{}
	for _, r := range latest {
		if r.Week.After(newest) {
			newest = r.Week
		}
		if r.Week.After(bySeries[r.Series]) {
			bySeries[r.Series] = r.Week
		}
	}
	for series, week := range bySeries {
		ch <- prometheus.MustNewConstMetric(c.seriesAge, prometheus.GaugeValue, c.src.Now().Sub(week).Hours()/24, series)
	}
	if !newest.IsZero() {
		ch <- prometheus.MustNewConstMetric(c.ageDays, prometheus.GaugeValue, c.src.Now().Sub(newest).Hours()/24)
	}
}

// surveyLead is rates.SurveyLead (rates imports this package): a week dated
// later than this after now is never the newest, whatever is stored.
const surveyLead = 2 * 24 * time.Hour

func (c *databaseCollector) failed(ch chan<- prometheus.Metric, d *prometheus.Desc, err error) {
	c.src.Log.Warn("metrics: read from the database failed", "metric", d.String(), "err", err)
	ch <- prometheus.NewInvalidMetric(d, err)
}
