package testsupport

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"mime"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"quotegrade/internal/httpapi"
)

// The API document is checked, not trusted (issue 23): every answer a test
// gets through a test server's client is compared with the operation the
// document gives for its method and path. Its status must be one the
// operation lists, and a JSON body must match that status's schema, with
// every object closed (unevaluatedProperties false), so a field the document
// does not describe fails the test that received it. The answers seen are
// counted, so internal/httpapi's TestMain can fail a full run in which a
// documented success answer was never produced.

// ValidatingTransport checks each /api answer against the API document
// before handing it to the test. The document is the one the server serves
// (httpapi.OpenAPIDocument), compiled once per test binary.
type ValidatingTransport struct {
	Base   http.RoundTripper
	Server string // the server's base URL
	T      testing.TB
}

// RoundTrip sends the request and validates what comes back.
func (v ValidatingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	res, err := v.Base.RoundTrip(req)
	if err != nil || !strings.HasPrefix(req.URL.String(), v.Server+"/api/") {
		return res, err
	}
	c, cerr := apiContract()
	if cerr != nil {
		v.T.Errorf("openapi: %v", cerr)
		return res, nil
	}
	op := c.operation(req.Method, strings.TrimPrefix(req.URL.Path, "/api"))
	if op == nil {
		return res, nil // not an operation (the router test checks that every route is one)
	}
	body, rerr := io.ReadAll(res.Body)
	res.Body.Close()
	res.Body = io.NopCloser(bytes.NewReader(body))
	if rerr != nil {
		return res, rerr
	}
	for _, problem := range op.check(res, body) {
		v.T.Errorf("openapi: %s %s answered %d: %s", req.Method, req.URL.Path, res.StatusCode, problem)
	}
	recordAnswer(op.name + " " + strconv.Itoa(res.StatusCode))
	return res, nil
}

// validate hooks the document's check into srv's client; benchmarks are
// left alone, as the check would be part of what they measure.
func validate(t testing.TB, srv *Server) {
	if _, bench := t.(*testing.B); bench {
		return
	}
	client := srv.Client()
	client.Transport = ValidatingTransport{Base: client.Transport, Server: srv.URL, T: t}
}

type contract struct {
	ops      []*operation
	compiler *jsonschema.Compiler
	schemaMu sync.Mutex // guards compiler and schemas after loading
	schemas  map[string]*jsonschema.Schema
}

type operation struct {
	name      string // "GET /quote-requests/{id}"
	method    string
	path      *regexp.Regexp
	params    int
	responses map[string]*response // by status code
}

type response struct {
	json   *jsonschema.Schema // nil: the status carries no JSON body
	others []string           // other media types the document lists
}

var (
	contractOnce sync.Once
	contractVal  *contract
	contractErr  error

	answersMu sync.Mutex
	answers   = map[string]bool{}
)

func recordAnswer(key string) {
	answersMu.Lock()
	answers[key] = true
	answersMu.Unlock()
}

// MissingSuccessAnswers lists the documented success answers ("POST
// /users 200") that no validated answer produced in this test binary, or nil
// when no answer was validated at all.
func MissingSuccessAnswers() []string {
	if contractVal == nil {
		return nil
	}
	answersMu.Lock()
	defer answersMu.Unlock()
	var missing []string
	for _, op := range contractVal.ops {
		for status := range op.responses {
			if strings.HasPrefix(status, "2") && !answers[op.name+" "+status] {
				missing = append(missing, op.name+" "+status)
			}
		}
	}
	sort.Strings(missing)
	return missing
}

// apiContract compiles the document once: compiling its schemas takes a
// while, and a jsonschema.Compiler is not safe for concurrent use (the
// compiled schemas are; MatchesSchema compiles more under schemaMu).
func apiContract() (*contract, error) {
	contractOnce.Do(func() {
		contractVal, contractErr = loadContract(httpapi.OpenAPIDocument())
	})
	return contractVal, contractErr
}

// MatchesSchema fails the test when v (a decoded JSON value, or anything
// that encodes to one) is not valid against the document's component schema
// name, with every object closed as in ValidatingTransport: for the parts of
// an answer a test wants to name (a nested object that may also be null).
func MatchesSchema(t testing.TB, name string, v any) {
	t.Helper()
	c, err := apiContract()
	if err != nil {
		t.Fatalf("openapi: %v", err)
	}
	s, err := c.component(name)
	if err != nil {
		t.Fatalf("openapi: %v", err)
	}
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(inst); err != nil {
		t.Errorf("%s: does not match the document: %v\n%s", name, err, clip(raw))
	}
}

func (c *contract) component(name string) (*jsonschema.Schema, error) {
	c.schemaMu.Lock()
	defer c.schemaMu.Unlock()
	if s, ok := c.schemas[name]; ok {
		return s, nil
	}
	s, err := c.compiler.Compile(contractURL + "#/components/schemas/" + escapePointer(name))
	if err != nil {
		return nil, fmt.Errorf("compile schema %s: %w", name, err)
	}
	c.schemas[name] = s
	return s, nil
}

const contractURL = "https://quotegrade.test/openapi.json"

func loadContract(raw []byte) (*contract, error) {
	var doc map[string]any
	if err := json.Unmarshal(raw, &doc); err != nil {
		return nil, fmt.Errorf("the document is not JSON: %w", err)
	}
	closeObjects(doc, false)
	// Through JSON again: the validator wants its own number type.
	closed, _ := json.Marshal(doc)
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(closed))
	if err != nil {
		return nil, err
	}
	compiler := jsonschema.NewCompiler()
	if err := compiler.AddResource(contractURL, v); err != nil {
		return nil, err
	}
	var parsed struct {
		Paths      map[string]map[string]json.RawMessage `json:"paths"`
		Components struct {
			Responses map[string]struct {
				Content map[string]json.RawMessage `json:"content"`
			} `json:"responses"`
		} `json:"components"`
	}
	if err := json.Unmarshal(raw, &parsed); err != nil {
		return nil, err
	}
	c := &contract{compiler: compiler, schemas: map[string]*jsonschema.Schema{}}
	for path, methods := range parsed.Paths {
		for method, rawOp := range methods {
			if method == "parameters" {
				continue
			}
			var o struct {
				Responses map[string]struct {
					Ref     string                     `json:"$ref"`
					Content map[string]json.RawMessage `json:"content"`
				} `json:"responses"`
			}
			if err := json.Unmarshal(rawOp, &o); err != nil {
				return nil, fmt.Errorf("%s %s: %w", method, path, err)
			}
			op := &operation{name: strings.ToUpper(method) + " " + path, method: strings.ToUpper(method), responses: map[string]*response{}}
			op.path, op.params = pathPattern(path)
			for status, r := range o.Responses {
				pointer := "#/paths/" + escapePointer(path) + "/" + method + "/responses/" + status
				content := r.Content
				if name, ok := strings.CutPrefix(r.Ref, "#/components/responses/"); ok {
					pointer = "#/components/responses/" + escapePointer(name)
					content = parsed.Components.Responses[name].Content
				}
				resp := &response{}
				for media := range content {
					if media != "application/json" {
						resp.others = append(resp.others, media)
						continue
					}
					s, err := compiler.Compile(contractURL + pointer + "/content/application~1json/schema")
					if err != nil {
						return nil, fmt.Errorf("compile %s %s: %w", op.name, status, err)
					}
					resp.json = s
				}
				op.responses[status] = resp
			}
			c.ops = append(c.ops, op)
		}
	}
	// A literal segment wins over a parameter (/quote-requests/submit).
	sort.Slice(c.ops, func(i, j int) bool { return c.ops[i].params < c.ops[j].params })
	return c, nil
}

// closeObjects makes every schema with properties refuse the ones it does
// not declare, unless the document says otherwise. allOf's parts stay open:
// each would refuse its siblings' properties.
func closeObjects(node any, inAllOf bool) {
	switch n := node.(type) {
	case map[string]any:
		_, props := n["properties"]
		_, add := n["additionalProperties"]
		_, uneval := n["unevaluatedProperties"]
		if props && !add && !uneval && !inAllOf {
			n["unevaluatedProperties"] = false
		}
		for k, v := range n {
			if k == "allOf" {
				for _, part := range v.([]any) {
					closeObjects(part, true)
				}
				continue
			}
			if k == "properties" || k == "examples" || k == "example" {
				if m, ok := v.(map[string]any); ok && k == "properties" {
					for _, p := range m {
						closeObjects(p, false)
					}
				}
				continue
			}
			closeObjects(v, false)
		}
	case []any:
		for _, v := range n {
			closeObjects(v, false)
		}
	}
}

func escapePointer(s string) string {
	s = strings.ReplaceAll(s, "~", "~0")
	return strings.ReplaceAll(s, "/", "~1")
}

// pathPattern is the document's path as a pattern; a last {key} takes the
// rest of the path (a stored file's key has slashes).
func pathPattern(path string) (*regexp.Regexp, int) {
	segs := strings.Split(path, "/")
	params := 0
	for i, s := range segs {
		if strings.HasPrefix(s, "{") {
			params++
			if i == len(segs)-1 && s == "{key}" {
				segs[i] = ".+"
			} else {
				segs[i] = "[^/]+"
			}
			continue
		}
		segs[i] = regexp.QuoteMeta(s)
	}
	return regexp.MustCompile("^" + strings.Join(segs, "/") + "$"), params
}

func (c *contract) operation(method, path string) *operation {
	for _, op := range c.ops {
		if op.method == method && op.path.MatchString(path) {
			return op
		}
	}
	return nil
}

// check lists what in the answer the document does not describe.
func (op *operation) check(res *http.Response, body []byte) []string {
	status := strconv.Itoa(res.StatusCode)
	r, ok := op.responses[status]
	if !ok {
		r, ok = op.responses["default"]
	}
	if !ok {
		listed := slices.Sorted(maps.Keys(op.responses))
		return []string{fmt.Sprintf("the document lists no %s for %s (it lists %v)", status, op.name, listed)}
	}
	if len(body) == 0 || res.Header.Get("Content-Encoding") != "" {
		return nil // nothing to read (a compressed body is checked uncompressed by the tests that do not ask for it)
	}
	media, _, _ := mime.ParseMediaType(res.Header.Get("Content-Type"))
	if media != "application/json" {
		return nil // a redirect's HTML note, a stored file: only JSON answers are the contract's
	}
	if r.json == nil {
		return []string{fmt.Sprintf("a JSON body where the document lists %v: %s", r.others, clip(body))}
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return []string{"the body is not JSON: " + err.Error()}
	}
	if err := r.json.Validate(v); err != nil {
		return []string{fmt.Sprintf("the body does not match the document: %v\n%s", err, clip(body))}
	}
	return nil
}

func clip(b []byte) string {
	if len(b) > 600 {
		return string(b[:600]) + "…"
	}
	return string(b)
}
