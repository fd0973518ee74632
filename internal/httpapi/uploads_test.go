package httpapi_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"quotegrade/internal/config"
	"quotegrade/internal/testsupport"
)

var (
	pdfBytes  = []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")
	pngBytes  = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89")
	exeBytes  = append([]byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00"), bytes.Repeat([]byte{0}, 200)...)
	htmlBytes = []byte("<!DOCTYPE html><html><script>alert(document.cookie)</script></html>")
)

// uploadFile does what the browser does: ask for a link, PUT the bytes, check.
func uploadFile(t *testing.T, srv *testsupport.Server, name, contentType string, body []byte) (key string, put int, check testsupport.Response) {
	t.Helper()
	res := srv.Do(t, "POST", "/api/uploads/presigned-url", map[string]any{"fileName": name, "fileType": contentType})
	if res.Status != 200 {
		t.Fatalf("presign %s: %d %s", name, res.Status, res.Body)
	}
	link := res.JSON(t)
	key = link["key"].(string)
	req, _ := http.NewRequest("PUT", absolute(srv, link["signedUrl"].(string)), bytes.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	putRes, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	putRes.Body.Close()
	return key, putRes.StatusCode, srv.Do(t, "POST", "/api/uploads/check", map[string]any{"key": key})
}

// checkAsTheBrowserDoes asks for a check until it is answered: a 503 with
// Retry-After (the visitor's slot taken, or a page whose reading ran out of
// time on a loaded machine) is waited out and asked again, as the visitor's
// browser does (web's checkWhenAReaderIsFree), for at most three minutes.
func checkAsTheBrowserDoes(t *testing.T, srv *testsupport.Server, body map[string]any) testsupport.Response {
	t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for {
		res := srv.Do(t, "POST", "/api/uploads/check", body)
		if res.Status != http.StatusServiceUnavailable || time.Now().After(deadline) {
			return res
		}
		wait, err := strconv.Atoi(res.Header.Get("Retry-After"))
		if err != nil {
			t.Fatalf("a 503 without Retry-After: %v %s", res.Header, res.Body)
		}
		time.Sleep(time.Duration(wait) * time.Second)
	}
}

// readPhoto is uploadFile for a photo the test expects read: a 503 is
// waited out as the browser does.
func readPhoto(t *testing.T, srv *testsupport.Server, name, contentType string, body []byte) (key string, put int, check testsupport.Response) {
	t.Helper()
	key, put, check = uploadFile(t, srv, name, contentType, body)
	if check.Status == http.StatusServiceUnavailable {
		check = checkAsTheBrowserDoes(t, srv, map[string]any{"key": key})
	}
	return key, put, check
}

// absolute resolves the server's own links (local store); S3 links are absolute.
func absolute(srv *testsupport.Server, u string) string {
	if strings.HasPrefix(u, "http") {
		return u
	}
	return srv.URL + u
}

// expectNotServed fails if the file at the server's link u still serves its
// bytes, as what (the uploaded file, a picture) after its deletion.
func expectNotServed(t *testing.T, srv *testsupport.Server, u, what string) {
	t.Helper()
	res, err := srv.Client().Get(absolute(srv, u))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode == http.StatusOK && len(body) > 0 {
		t.Fatalf("%s is still served after the deletion: %d bytes", what, len(body))
	}
}

// The whole path on both stores: upload, check, attach at submit, and the
// broker's short-lived link downloads the same bytes as an attachment.
func TestUploadAttachAndBrokerDownload(t *testing.T) {
	t.Parallel()
	s3 := testsupport.StartS3(t)
	stores := map[string][]func(*config.Config){"local": nil, "s3": {testsupport.WithS3(s3)}}
	for name, tune := range stores {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			srv := testsupport.StartServer(t, tune...)
			key, put, check := uploadFile(t, srv, "My Quote.pdf", "application/pdf", pdfBytes)
			if put != 200 || check.Status != 200 || check.JSON(t)["detectedType"] != "application/pdf" {
				t.Fatalf("upload: put %d check %d %s", put, check.Status, check.Body)
			}
			id := submit(t, srv, p(map[string]any{"uploadedFileUrl": key, "brokerRate": nil, "brokerLenderFees": nil, "brokerMortgageInsurance": nil}))
			if got := srv.Do(t, "GET", "/api/quote-requests/"+id, nil).JSON(t); got["user_uploaded_quote_url"] != key {
				t.Fatalf("request names %v, want %s", got["user_uploaded_quote_url"], key)
			}
			admin := srv.SignIn(t, "broker@example.com", true)
			link := srv.DoAs(t, admin, "GET", "/api/admin/quote-requests/"+id+"/upload", nil)
			if link.Status != 200 {
				t.Fatalf("download link: %d %s", link.Status, link.Body)
			}
			res, err := srv.Client().Get(absolute(srv, link.JSON(t)["url"].(string)))
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			got, _ := io.ReadAll(res.Body)
			if !bytes.Equal(got, pdfBytes) || res.Header.Get("Content-Type") != "application/pdf" ||
				res.Header.Get("Content-Disposition") != `attachment; filename="My Quote.pdf"` {
				t.Fatalf("download: %d bytes, type %q, disposition %q", len(got), res.Header.Get("Content-Type"), res.Header.Get("Content-Disposition"))
			}
			// S3 cannot add nosniff to a presigned download; the type and the
			// attachment disposition are what keep the file from rendering.
			if name == "local" && res.Header.Get("X-Content-Type-Options") != "nosniff" {
				t.Fatalf("local download without nosniff")
			}
			// The same file cannot be attached to a second request.
			res2 := srv.Do(t, "POST", "/api/quote-requests/submit", p(map[string]any{"uploadedFileUrl": key}))
			if res2.Status != 400 || !strings.Contains(string(res2.Body), "please upload it again") {
				t.Fatalf("second use of the upload: %d %s", res2.Status, res2.Body)
			}
		})
	}
	// With files in S3 the browser PUTs to the store: the page's policy must let it.
	srv := testsupport.StartServer(t, testsupport.WithS3(s3))
	csp := srv.Do(t, "GET", "/check-my-rate", nil).Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "connect-src 'self' "+s3.Endpoint+";") {
		t.Fatalf("CSP %q does not allow uploads to %s", csp, s3.Endpoint)
	}
}

func TestHostileUploadsRefused(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	const typeList = "File type must be one of: .pdf, .jpg, .jpeg, .png, .xlsx, .xls, .doc, .docx"
	t.Run("an .exe renamed .pdf", func(t *testing.T) {
		key, put, check := uploadFile(t, srv, "quote.pdf", "application/pdf", exeBytes)
		if put != 200 || check.Status != 400 || !strings.Contains(check.JSON(t)["error"].(string), "not a .pdf file") {
			t.Fatalf("put %d, check %d %s", put, check.Status, check.Body)
		}
		if res := srv.Do(t, "POST", "/api/quote-requests/submit", p(map[string]any{"uploadedFileUrl": key})); res.Status != 400 {
			t.Fatalf("submitting a refused file: %d", res.Status)
		}
	})
	t.Run("HTML renamed .png", func(t *testing.T) {
		_, _, check := uploadFile(t, srv, "quote.png", "image/png", htmlBytes)
		if check.Status != 400 || !strings.Contains(string(check.Body), "not a .png file") {
			t.Fatalf("check %d %s", check.Status, check.Body)
		}
	})
	t.Run("a real PNG passes", func(t *testing.T) {
		if _, _, check := uploadFile(t, srv, "quote.png", "image/png", pngBytes); check.Status != 200 {
			t.Fatalf("check %d %s", check.Status, check.Body)
		}
	})
	t.Run("over 10 MB", func(t *testing.T) {
		big := append(append([]byte{}, pdfBytes...), bytes.Repeat([]byte("0"), 10<<20)...)
		_, put, check := uploadFile(t, srv, "big.pdf", "application/pdf", big)
		if put != http.StatusRequestEntityTooLarge || check.Status != 404 {
			t.Fatalf("put %d check %d", put, check.Status)
		}
	})
	t.Run("a path with ../ in it", func(t *testing.T) {
		link := srv.Do(t, "POST", "/api/uploads/presigned-url", map[string]any{"fileName": "q.pdf", "fileType": "application/pdf"}).JSON(t)
		signed := link["signedUrl"].(string)
		key := link["key"].(string)
		for _, evil := range []string{"uploads/../../upload-signing.key", "uploads/%2e%2e/%2e%2e/upload-signing.key", "..%2fquotegrade.db"} {
			for _, method := range []string{"PUT", "GET"} {
				req, _ := http.NewRequest(method, srv.URL+strings.Replace(signed, key, evil, 1), bytes.NewReader(pdfBytes))
				req.Header.Set("Content-Type", "application/pdf")
				res, err := srv.Client().Do(req)
				if err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusForbidden || !strings.Contains(string(body), `"error":"This link is invalid or has expired"`) {
					t.Errorf("%s %s: %d %s", method, evil, res.StatusCode, body)
				}
			}
		}
	})
	t.Run("file types outside the list", func(t *testing.T) {
		res := srv.Do(t, "POST", "/api/uploads/presigned-url", map[string]any{"fileName": "setup.exe", "fileType": "application/octet-stream"})
		if res.Status != 400 || res.JSON(t)["fields"].(map[string]any)["fileName"] != typeList {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
	})
	t.Run("unknown key at submit", func(t *testing.T) {
		res := srv.Do(t, "POST", "/api/quote-requests/submit", p(map[string]any{"uploadedFileUrl": "uploads/00000000-0000-4000-8000-000000000000.pdf"}))
		if res.Status != 400 || res.JSON(t)["fields"].(map[string]any)["uploadedFileUrl"] != "The uploaded file could not be found; please upload it again" {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
	})
}

// The whole Loan Estimate: the visitor's check answers every figure and line
// read; once the request is in, the broker's review reads the stored file
// again and shows the lines classified, the lender fees taken and both APRs.
func TestLoanEstimateWholeJourney(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	key, _, check := uploadFile(t, srv, "loan-estimate.pdf", "application/pdf", testsupport.LoanEstimatePDF(t, true, true))
	le, ok := check.JSON(t)["loanEstimate"].(map[string]any)
	if check.Status != 200 || !ok {
		t.Fatalf("check: %d %s", check.Status, check.Body)
	}
	for k, v := range map[string]any{"interestRate": 3.875, "loanAmount": 162000.0, "lenderFees": 1319.0, "mortgageInsurance": 82.0,
		"closingCosts": 7304.0, "cashToClose": 15304.0, "apr": 4.274, "totalInterestPercentage": 69.45, "rateLockUntil": "2013-04-16",
		"prepaymentPenalty": false, "loanTerm": 360.0, "lenderName": "Ficus Bank"} {
		if le[k] != v {
			t.Errorf("%s = %v, want %v", k, le[k], v)
		}
	}
	five := le["inFiveYears"].(map[string]any)
	lines := le["lines"].([]any)
	first := lines[0].(map[string]any)
	if five["totalPaid"] != 56582.0 || five["principalPaid"] != 15773.0 || len(lines) != 21 ||
		first["section"] != "A" || first["label"] != "0.25 % of Loan Amount (Points)" || first["amount"] != 405.0 {
		t.Fatalf("in five years %v, %d lines, first %v", five, len(lines), first)
	}
	if nf := le["notFound"].([]any); len(nf) != 0 {
		t.Fatalf("not found: %v", nf)
	}
	testsupport.MatchesSchema(t, "LoanEstimateFields", le)

	id := submit(t, srv, p(map[string]any{"uploadedFileUrl": key, "brokerRate": nil, "brokerLenderFees": nil, "brokerMortgageInsurance": nil}))
	path := "/api/admin/quote-requests/" + id + "/loan-estimate"
	if res := srv.Do(t, "GET", path, nil); res.Status != 401 {
		t.Fatalf("anonymous review: %d", res.Status)
	}
	admin := srv.SignIn(t, "broker@example.com", true)
	res := srv.DoAs(t, admin, "GET", path, nil)
	if res.Status != 200 {
		t.Fatalf("review: %d %s", res.Status, res.Body)
	}
	review := res.JSON(t)
	testsupport.MatchesSchema(t, "LoanEstimateReview", review)
	if review["lenderFeesUsed"] != 1319.0 || review["lenderApr"] != 4.274 || review["computedApr"] == nil {
		t.Fatalf("review = %v", review)
	}
	kinds := map[string]string{}
	for _, l := range review["lines"].([]any) {
		m := l.(map[string]any)
		kinds[m["label"].(string)] = fmt.Sprint(m["kind"], " ", m["inLenderFees"])
	}
	if kinds["Appraisal Fee"] != "lender false" || kinds["Credit Report Fee"] != "lender true" ||
		kinds["Title – Title Search"] != "third-party false" || kinds["Underwriting Fee"] != "lender true" {
		t.Fatalf("classified: %v", kinds)
	}
	reasons := map[string]string{}
	for _, c := range review["aprDifference"].([]any) {
		m := c.(map[string]any)
		reasons[m["label"].(string)] = m["reason"].(string)
	}
	if reasons["Prepaid Interest ( $17.44 per day for 15 days @ 3.875 %)"] != "prepaid interest" ||
		reasons["Title – Settlement Agent Fee"] != "finance charge outside section A" {
		t.Fatalf("APR difference: %v", reasons)
	}

	// A request whose file is no Loan Estimate answers an empty review.
	plainKey, _, _ := uploadFile(t, srv, "quote.pdf", "application/pdf", pdfBytes)
	plain := submit(t, srv, p(map[string]any{"uploadedFileUrl": plainKey, "brokerRate": nil, "brokerLenderFees": nil, "brokerMortgageInsurance": nil}))
	empty := srv.DoAs(t, admin, "GET", "/api/admin/quote-requests/"+plain+"/loan-estimate", nil)
	if empty.Status != 200 || empty.JSON(t)["loanEstimate"] != nil {
		t.Fatalf("review of a plain PDF: %d %s", empty.Status, empty.Body)
	}
	_, _, png := uploadFile(t, srv, "photo.png", "image/png", pngBytes)
	if png.Status != 200 || png.JSON(t)["loanEstimate"] != nil {
		t.Fatalf("an image has no loan estimate: %s", png.Body)
	}
}

// The bomb over HTTP: a check answers at once that there is no Loan
// Estimate to read; with every read slot taken, a new file waits its turn
// (503 and Retry-After) while a file read before is answered from memory.
func TestLoanEstimateReadsAreBounded(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	_, _, bomb := uploadFile(t, srv, "estimate.pdf", "application/pdf", testsupport.PDFBomb(t, 100<<20, 1024))
	if bomb.Status != 200 || bomb.JSON(t)["loanEstimate"] != nil {
		t.Fatalf("bomb check: %d %s", bomb.Status, bomb.Body)
	}
	goodKey, _, first := uploadFile(t, srv, "le.pdf", "application/pdf", testsupport.LoanEstimatePDF(t, true, true))
	if first.Status != 200 || first.JSON(t)["loanEstimate"] == nil {
		t.Fatalf("first check: %d %s", first.Status, first.Body)
	}
	reader := srv.App.Uploads.LoanEstimates()
	for {
		release, ok := reader.TryAcquire()
		if !ok {
			break
		}
		t.Cleanup(release)
	}
	_, _, busy := uploadFile(t, srv, "other.pdf", "application/pdf", testsupport.LoanEstimatePDF(t, false, true))
	if busy.Status != 503 || busy.Header.Get("Retry-After") == "" ||
		!strings.Contains(busy.JSON(t)["error"].(string), "please try again in a few seconds") {
		t.Fatalf("busy check: %d %v %s", busy.Status, busy.Header, busy.Body)
	}
	again := srv.Do(t, "POST", "/api/uploads/check", map[string]any{"key": goodKey})
	if again.Status != 200 || again.JSON(t)["loanEstimate"].(map[string]any)["interestRate"] != 3.875 {
		t.Fatalf("remembered check: %d %s", again.Status, again.Body)
	}
	if reader.Reads() != 2 {
		t.Fatalf("files read %d times, want 2", reader.Reads())
	}
}

// Ten submits at once naming one upload: one request gets the file, and each
// other submit is told so (409 when it lost the race in the database, 400
// when the file was already attached as it was checked); none shares it.
func TestParallelSubmitsCannotShareAnUpload(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	key, _, _ := uploadFile(t, srv, "quote.pdf", "application/pdf", pdfBytes)
	statuses := make([]testsupport.Response, 10)
	var wg sync.WaitGroup
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses[i] = srv.Do(t, "POST", "/api/quote-requests/submit", p(map[string]any{"uploadedFileUrl": key}))
		}()
	}
	wg.Wait()
	created := 0
	for _, res := range statuses {
		switch res.Status {
		case 201:
			created++
		case 409:
			if res.JSON(t)["error"] != "This uploaded file is already attached to another quote request; please upload it again" {
				t.Errorf("409 says %s", res.Body)
			}
		case 400:
			if !strings.Contains(string(res.Body), "please upload it again") {
				t.Errorf("400 says %s", res.Body)
			}
		default:
			t.Errorf("submit: %d %s", res.Status, res.Body)
		}
	}
	if created != 1 {
		t.Fatalf("%d requests created with one upload, want 1", created)
	}
}

// Issue 24 §1: a client may hold only so many upload bytes a day and all
// unattached uploads only so many in total, counted on the bytes received
// (a link not yet used as the largest file); past either the link is
// refused, 429 for the client and 507 for the server, with words a visitor
// understands; /metrics shows what the uploads hold. Small limits, both
// databases.
func TestUploadQuotas(t *testing.T) {
	t.Parallel()
	small := func(c *config.Config) {
		c.UploadQuotaMB, c.UploadTotalMB = 25, 45
		c.TrustedProxies, _ = config.ParseTrustedProxies("127.0.0.1")
	}
	onEachDatabase(t, func(t *testing.T, srv *testsupport.Server) {
		presign := func(client string) testsupport.Response {
			return srv.DoWithHeaders(t, map[string]string{"X-Forwarded-For": client}, "POST", "/api/uploads/presigned-url",
				map[string]any{"fileName": "q.pdf", "fileType": "application/pdf"})
		}
		first := presign("203.0.113.1")
		if res := presign("203.0.113.1"); first.Status != 200 || res.Status != 200 {
			t.Fatalf("two links within 25 MB: %d %d", first.Status, res.Status)
		}
		res := presign("203.0.113.1")
		if res.Status != http.StatusTooManyRequests || !strings.Contains(res.JSON(t)["error"].(string), "as much as we can keep for one visitor today (25 MB)") {
			t.Fatalf("a third 10 MB link within 25 MB: %d %s", res.Status, res.Body)
		}
		// The bytes received count, not the link's 10 MB: a small file frees room.
		link := first.JSON(t)
		req, _ := http.NewRequest("PUT", absolute(srv, link["signedUrl"].(string)), bytes.NewReader(pdfBytes))
		req.Header.Set("Content-Type", "application/pdf")
		if put, err := srv.Client().Do(req); err != nil || put.StatusCode != 200 {
			t.Fatalf("put: %v %v", err, put)
		}
		if check := srv.Do(t, "POST", "/api/uploads/check", map[string]any{"key": link["key"]}); check.Status != 200 {
			t.Fatalf("check: %d %s", check.Status, check.Body)
		}
		if res := presign("203.0.113.1"); res.Status != 200 {
			t.Fatalf("after a small file was received: %d %s", res.Status, res.Body)
		}
		// 40 MB and a little held after another client's two links; a third
		// client's would pass its own quota but not the total of 45.
		for range 2 {
			if res := presign("203.0.113.2"); res.Status != 200 {
				t.Fatalf("another client: %d %s", res.Status, res.Body)
			}
		}
		res = presign("203.0.113.3")
		if res.Status != http.StatusInsufficientStorage || !strings.Contains(res.JSON(t)["error"].(string), "no room for more uploads") {
			t.Fatalf("past the total: %d %s", res.Status, res.Body)
		}
		metrics := string(srv.Do(t, "GET", "/metrics", nil).Body)
		if !strings.Contains(metrics, fmt.Sprintf("quotegrade_upload_bytes %d", len(pdfBytes))) || !strings.Contains(metrics, "quotegrade_uploads_pending 4") {
			t.Fatalf("/metrics upload figures:\n%s", grepLines(metrics, "quotegrade_upload"))
		}
	}, small)
}

// grepLines keeps the lines of text that contain s.
func grepLines(text, s string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, s) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
