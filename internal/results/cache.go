package results

import (
	"encoding/hex"
	"encoding/json"
	"hash/fnv"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"

	"quotegrade/internal/api"
	"quotegrade/internal/figures"
	"quotegrade/internal/rates"
	"quotegrade/internal/store"
)

// cacheSize is how many requests' and analyses' figures are kept: the
// requests being looked at now, a few KB each.
const cacheSize = 4096

// figureCache keeps computed figures under the versions they were computed
// from; a changed request, analysis, market figure or day is a new key, so
// nothing is ever stale, only unused (and dropped, least recently used first).
type figureCache struct {
	requests *lru.Cache[string, figures.RequestFigures]
	analyses *lru.Cache[string, figures.AnalysisFigures]
	// answers holds each request's last results answer by request id.
	answers *lru.Cache[string, keptAnswer]
}

// keptAnswer is a results answer with what it was made from: the request's
// stamp, the market data's version and the day; and the store's commit count
// and the time when the stamp was last found unchanged.
type keptAnswer struct {
	stamp       store.RequestStamp
	market, day string
	commits     uint64
	checked     time.Time
	answer      Answer[api.QuoteRequest]
}

// othersWrites bounds how long a kept answer stands without asking the
// database, on a SQLite file this server alone serves: what another process
// writes to the file (the command line's rates import or demo remove) shows
// within it (decision 0029).
const othersWrites = time.Second

func newFigureCache(size int) (*figureCache, error) {
	r, err := lru.New[string, figures.RequestFigures](size)
	if err != nil {
		return nil, err
	}
	a, err := lru.New[string, figures.AnalysisFigures](size)
	if err != nil {
		return nil, err
	}
	kept, err := lru.New[string, keptAnswer](size)
	if err != nil {
		return nil, err
	}
	return &figureCache{requests: r, analyses: a, answers: kept}, nil
}

// fingerprint names a record's stored contents: every field, so a column
// added to a record changes it without anyone remembering to.
func fingerprint(v any) string {
	h := fnv.New128a()
	if err := json.NewEncoder(h).Encode(v); err != nil {
		// Records are plain data; should one ever fail, no two share a key.
		return "unencodable"
	}
	return hex.EncodeToString(h.Sum(nil))
}

// requestVersion is what a request's figures depend on: the request, the
// market figures and the day (a figure's age and staleness).
func (s *Service) requestVersion(r store.QuoteRequest, m rates.Markets) string {
	return r.ID + "|" + fingerprint(r) + "|" + m.Version() + "|" + s.today()
}

// today is the day a figure's age is counted to.
func (s *Service) today() string { return dayOf(s.Now()) }

func dayOf(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// analysisVersion is what an analysis' figures depend on: it and its request.
func (s *Service) analysisVersion(r store.QuoteRequest, a store.Analysis) string {
	return a.ID + "|" + fingerprint(a) + "|" + fingerprint(r)
}

func (s *Service) requestFigures(r store.QuoteRequest, m rates.Markets, version string) figures.RequestFigures {
	return cached(s.cache.requests, version, func() figures.RequestFigures { return s.Figures.Request(r, m) })
}

func (s *Service) analysisFigures(r store.QuoteRequest, a store.Analysis, version string) figures.AnalysisFigures {
	return cached(s.cache.analyses, version, func() figures.AnalysisFigures { return s.Figures.Analysis(r, a) })
}

// cached is c's entry for version, computed and kept the first time.
func cached[V any](c *lru.Cache[string, V], version string, compute func() V) V {
	if v, ok := c.Get(version); ok {
		return v
	}
	v := compute()
	c.Add(version, v)
	return v
}

// etag is a strong validator of an answer made from these versions: the
// answer is a function of them, byte for byte.
func etag(versions ...string) string {
	h := fnv.New128a()
	for _, v := range versions {
		h.Write([]byte(v))
		h.Write([]byte{0})
	}
	return `"` + hex.EncodeToString(h.Sum(nil)) + `"`
}
