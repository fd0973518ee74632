package httpapi_test

import (
	"bytes"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"quotegrade/internal/testsupport"
)

// putPicture uploads a file through its own link without checking it: a
// visitor choosing several pictures at once uploads them all, then has them
// checked and read together.
func putPicture(t *testing.T, srv *testsupport.Server, name string, body []byte) string {
	t.Helper()
	res := srv.Do(t, "POST", "/api/uploads/presigned-url", map[string]any{"fileName": name, "fileType": "image/jpeg"})
	if res.Status != 200 {
		t.Fatalf("presign %s: %d %s", name, res.Status, res.Body)
	}
	link := res.JSON(t)
	req, _ := http.NewRequest("PUT", absolute(srv, link["signedUrl"].(string)), bytes.NewReader(body))
	req.Header.Set("Content-Type", "image/jpeg")
	put, err := srv.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	put.Body.Close()
	if put.StatusCode != 200 {
		t.Fatalf("put %s: %d", name, put.StatusCode)
	}
	return link["key"].(string)
}

// A Loan Estimate uploaded as three pictures, one a page (issue 28 §3):
// the visitor adds pages one by one, in any order; each check reads every
// page chosen so far as one Loan Estimate, each figure to be checked; the
// request names the first picture as uploadedFileUrl, its pages go with it:
// the broker downloads all three and sees the figures of all three pages,
// and deleting the request removes them all.
func TestThreePicturesOfOneLoanEstimate(t *testing.T) {
	testsupport.RequireOCR(t)
	t.Parallel()
	srv := testsupport.StartServer(t)
	pics := testsupport.PagePictures(t, testsupport.LoanEstimatePDF(t, true, true), 150, true)
	if len(pics) != 3 {
		t.Fatalf("%d pages", len(pics))
	}
	// Page 3 first: alone, it is known by its headings and gives its APR
	// and TIP, each to be checked, and nothing of pages 1 and 2.
	k3 := putPicture(t, srv, "IMG_0003.jpg", pics[2])
	alone := checkAsTheBrowserDoes(t, srv, map[string]any{"key": k3}).JSON(t)
	testsupport.MatchesSchema(t, "CheckedUpload", alone)
	le3, _ := alone["loanEstimate"].(map[string]any)
	if le3 == nil || alone["couldNotRead"] != false || len(alone["pages"].([]any)) != 0 ||
		le3["apr"] != 4.274 || le3["totalInterestPercentage"] != 69.45 || le3["interestRate"] != nil ||
		!slices.Contains(toStrings(le3["pleaseCheck"]), "apr") || !slices.Contains(toStrings(le3["pleaseCheck"]), "totalInterestPercentage") {
		t.Fatalf("page 3 alone: %v", alone)
	}
	k1 := putPicture(t, srv, "IMG_0001.jpg", pics[0])
	k2 := putPicture(t, srv, "IMG_0002.jpg", pics[1])

	// Refused choices, each in words, and none changes what is kept.
	pdfKey, _, _ := uploadFile(t, srv, "le.pdf", "application/pdf", pdfBytes)
	for _, c := range []struct {
		name   string
		body   map[string]any
		status int
		words  string
	}{
		{"four pictures", map[string]any{"key": k3, "pages": []string{k1, k2, k1}}, 400, "at most three pictures"},
		{"a page twice", map[string]any{"key": k3, "pages": []string{k1, k1}}, 400, "chosen twice"},
		{"the first as its own page", map[string]any{"key": k3, "pages": []string{k3}}, 400, "chosen twice"},
		{"a PDF as a page", map[string]any{"key": k3, "pages": []string{pdfKey}}, 400, "Only pictures"},
		{"pages of a PDF", map[string]any{"key": pdfKey, "pages": []string{k1}}, 400, "Only pictures"},
		{"an unknown page", map[string]any{"key": k3, "pages": []string{"uploads/00000000-0000-4000-8000-000000000000.jpg"}}, 404, "please upload it again"},
	} {
		res := srv.Do(t, "POST", "/api/uploads/check", c.body)
		if res.Status != c.status || !strings.Contains(res.JSON(t)["error"].(string), c.words) {
			t.Fatalf("%s: %d %s", c.name, res.Status, res.Body)
		}
	}

	// Page 1 added: page 1's figures join page 3's.
	two := checkAsTheBrowserDoes(t, srv, map[string]any{"key": k3, "pages": []string{k1}})
	if two.Status != 200 {
		t.Fatalf("two pages: %d %s", two.Status, two.Body)
	}
	le := two.JSON(t)["loanEstimate"].(map[string]any)
	if le["apr"] != 4.274 || le["interestRate"] != 3.875 || le["loanAmount"] != 162000.0 || le["originationCharges"] != nil {
		t.Fatalf("pages 3 and 1: %v", le)
	}
	// Page 2 added: the whole Loan Estimate, as its text PDF reads, every figure to check.
	whole := checkAsTheBrowserDoes(t, srv, map[string]any{"key": k3, "pages": []string{k1, k2}})
	body := whole.JSON(t)
	testsupport.MatchesSchema(t, "CheckedUpload", body)
	le = body["loanEstimate"].(map[string]any)
	if whole.Status != 200 || body["couldNotRead"] != false || le["interestRate"] != 3.875 || le["loanAmount"] != 162000.0 ||
		le["originationCharges"] != 1802.0 || le["lenderCredits"] != 750.0 || le["lenderFees"] != 1319.0 /* A, and B's lender fees, less the credit */ || le["mortgageInsurance"] != 82.0 ||
		le["closingCosts"] != 7304.0 || le["apr"] != 4.274 || le["readByOcr"] != true {
		t.Fatalf("three pages: %d %v", whole.Status, body)
	}
	if got, want := names(le["pleaseCheck"]), append(names(le["found"]), "lenderFees"); !sameSet(got, want) {
		t.Fatalf("please check %v, want every figure read %v", got, want)
	}
	pages := body["pages"].([]any)
	if len(pages) != 2 || pages[0].(map[string]any)["key"] != k1 || pages[1].(map[string]any)["fileName"] != "IMG_0002.jpg" {
		t.Fatalf("pages = %v", pages)
	}
	// The form's arithmetic is checked across pages: D + I = J (page 2), page 1's closing costs = J.
	agreed := 0
	for _, c := range le["checks"].([]any) {
		if c.(map[string]any)["agrees"] == true {
			agreed++
		}
	}
	if agreed == 0 {
		t.Fatalf("no check of the form's arithmetic agrees: %v", le["checks"])
	}

	// The first picture left out: page 1 names the Loan Estimate, read with page 2
	// (each picture's text remembered: nothing is read by OCR again); then back.
	regrouped := checkAsTheBrowserDoes(t, srv, map[string]any{"key": k1, "pages": []string{k2}})
	if le, _ := regrouped.JSON(t)["loanEstimate"].(map[string]any); regrouped.Status != 200 || le == nil || le["apr"] != nil || le["interestRate"] != 3.875 || le["originationCharges"] != 1802.0 {
		t.Fatalf("pages 1 and 2: %d %s", regrouped.Status, regrouped.Body)
	}
	if u, err := srv.App.Store.GetUpload(t.Context(), k1); err != nil || u.PageOf != nil {
		t.Fatalf("page 1 now first: %+v %v", u, err)
	}
	if res := checkAsTheBrowserDoes(t, srv, map[string]any{"key": k3, "pages": []string{k1, k2}}); res.Status != 200 || res.JSON(t)["loanEstimate"].(map[string]any)["apr"] != 4.274 {
		t.Fatalf("back to three pages: %d %s", res.Status, res.Body)
	}
	// A page is no quote of its own: the request names the first picture.
	if res := srv.Do(t, "POST", "/api/quote-requests/submit", p(map[string]any{"uploadedFileUrl": k2})); res.Status != 400 ||
		!strings.Contains(string(res.Body), "please upload it again") {
		t.Fatalf("a page submitted as the quote: %d %s", res.Status, res.Body)
	}
	// Submitted with the first picture's key alone, as the spec's uploadedFileUrl.
	id := submit(t, srv, p(map[string]any{"uploadedFileUrl": k3, "brokerRate": nil, "brokerLenderFees": nil, "brokerMortgageInsurance": nil}))
	for _, k := range []string{k1, k2} {
		u, err := srv.App.Store.GetUpload(t.Context(), k)
		if err != nil || u.AttachedTo == nil || *u.AttachedTo != id || u.PageOf == nil || *u.PageOf != k3 {
			t.Fatalf("page %s: %+v %v", k, u, err)
		}
	}
	// A page of a submitted request is no one else's.
	if res := srv.Do(t, "POST", "/api/quote-requests/submit", p(map[string]any{"uploadedFileUrl": k1})); res.Status != 400 ||
		!strings.Contains(string(res.Body), "please upload it again") {
		t.Fatalf("a page submitted again: %d %s", res.Status, res.Body)
	}
	if res := srv.Do(t, "POST", "/api/uploads/check", map[string]any{"key": k3, "pages": []string{}}); res.Status != 404 {
		t.Fatalf("regrouping a submitted request's pictures: %d %s", res.Status, res.Body)
	}

	// The broker downloads every picture and reads the whole Loan Estimate.
	admin := srv.SignIn(t, "broker@example.com", true)
	link := srv.DoAs(t, admin, "GET", "/api/admin/quote-requests/"+id+"/upload", nil)
	files := link.JSON(t)["files"].([]any)
	if link.Status != 200 || len(files) != 3 || link.JSON(t)["url"] != files[0].(map[string]any)["url"] {
		t.Fatalf("download links: %d %s", link.Status, link.Body)
	}
	var urls []string
	for i, want := range []struct {
		name string
		body []byte
	}{{"IMG_0003.jpg", pics[2]}, {"IMG_0001.jpg", pics[0]}, {"IMG_0002.jpg", pics[1]}} {
		f := files[i].(map[string]any)
		urls = append(urls, f["url"].(string))
		res, err := srv.Client().Get(absolute(srv, f["url"].(string)))
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if f["fileName"] != want.name || !bytes.Equal(got, want.body) || res.Header.Get("Content-Type") != "image/jpeg" {
			t.Fatalf("file %d: %v, %d bytes of type %q", i, f, len(got), res.Header.Get("Content-Type"))
		}
	}
	review := srv.DoAs(t, admin, "GET", "/api/admin/quote-requests/"+id+"/loan-estimate", nil).JSON(t)
	rle := review["loanEstimate"].(map[string]any)
	if rle["apr"] != 4.274 || rle["interestRate"] != 3.875 || rle["originationCharges"] != 1802.0 || !slices.Contains(names(rle["pleaseCheck"]), "apr") {
		t.Fatalf("the broker's review: %v", review)
	}

	// Deleting the request removes every picture.
	if res := srv.Do(t, "DELETE", "/api/quote-requests/"+id, nil); res.Status != http.StatusNoContent {
		t.Fatalf("delete: %d %s", res.Status, res.Body)
	}
	for _, u := range urls {
		expectNotServed(t, srv, u, "a picture")
	}
	for _, k := range []string{k1, k2} {
		if _, err := srv.App.Store.GetUpload(t.Context(), k); err == nil {
			t.Fatalf("page %s's row is kept after the deletion", k)
		}
	}
}

// Pictures chosen at once are read in one check, in one picture slot of the
// visitor's: a visitor whose slot is taken waits (503 and Retry-After) as
// for one picture.
func TestPicturesChosenAtOnceShareTheVisitorsSlot(t *testing.T) {
	testsupport.RequireOCR(t)
	t.Parallel()
	srv := testsupport.StartServer(t)
	pics := testsupport.PagePictures(t, testsupport.LoanEstimatePDF(t, true, true), 150, false)
	keys := make([]string, len(pics))
	for i, pic := range pics {
		res := srv.Do(t, "POST", "/api/uploads/presigned-url", map[string]any{"fileName": "page.png", "fileType": "image/png"})
		link := res.JSON(t)
		req, _ := http.NewRequest("PUT", absolute(srv, link["signedUrl"].(string)), bytes.NewReader(pic))
		req.Header.Set("Content-Type", "image/png")
		put, err := srv.Client().Do(req)
		if err != nil || put.StatusCode != 200 {
			t.Fatalf("put: %v %v", put, err)
		}
		put.Body.Close()
		keys[i] = link["key"].(string)
	}
	u, err := srv.App.Store.GetUpload(t.Context(), keys[0])
	if err != nil {
		t.Fatal(err)
	}
	release, ok := srv.App.Uploads.PictureSlots().TryAcquire(u.Client)
	if !ok {
		t.Fatal("no slot for the client")
	}
	busy := srv.Do(t, "POST", "/api/uploads/check", map[string]any{"key": keys[1], "pages": []string{keys[2], keys[0]}})
	if busy.Status != 503 || busy.Header.Get("Retry-After") == "" {
		t.Fatalf("while the visitor's slot is taken: %d %s", busy.Status, busy.Body)
	}
	release()
	read := checkAsTheBrowserDoes(t, srv, map[string]any{"key": keys[1], "pages": []string{keys[2], keys[0]}})
	le, _ := read.JSON(t)["loanEstimate"].(map[string]any)
	if read.Status != 200 || le == nil || le["interestRate"] != 3.875 || le["apr"] != 4.274 || le["originationCharges"] != 1802.0 {
		t.Fatalf("three pictures at once: %d %s", read.Status, read.Body)
	}
}
