package httpapi_test

import (
	"archive/zip"
	"bytes"
	"slices"
	"strings"
	"testing"

	"quotegrade/internal/config"
	"quotegrade/internal/testsupport"
)

// everyFigure is what a clear picture of the test Loan Estimate gives, each
// figure to be checked by the visitor.
var everyFigure = []string{"interestRate", "loanAmount", "originationCharges", "points", "lenderCredits", "mortgageInsurance", "lenderFees"}

// A photo, a low-resolution screenshot and a scan saved as a PDF are read
// with OCR into the same figures as a text PDF, and every figure read is
// marked "please check"; the text PDF's are not.
func TestPhotoOfALoanEstimatePrefills(t *testing.T) {
	testsupport.RequireOCR(t)
	t.Parallel()
	srv := testsupport.StartServer(t)
	photo := testsupport.LoanEstimatePhoto(t, testsupport.Photo{Width: 1700})
	for _, c := range []struct {
		name, file, contentType string
		body                    []byte
	}{
		{"phone photo", "IMG_2041.png", "image/png", photo},
		{"screenshot", "Screenshot.png", "image/png", testsupport.LoanEstimatePhoto(t, testsupport.Photo{Width: 700})},
		{"scan saved as PDF", "scan.pdf", "application/pdf", testsupport.ImagePDF(t, photo)},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, _, check := uploadFile(t, srv, c.file, c.contentType, c.body)
			body := check.JSON(t)
			le, ok := body["loanEstimate"].(map[string]any)
			if check.Status != 200 || !ok || body["couldNotRead"] != false {
				t.Fatalf("check: %d %s", check.Status, check.Body)
			}
			testsupport.MatchesSchema(t, "CheckedUpload", body)
			testsupport.MatchesSchema(t, "LoanEstimateFields", le)
			if le["interestRate"] != 3.875 || le["loanAmount"] != 162000.0 || le["originationCharges"] != 1802.0 ||
				le["lenderFees"] != 1052.0 || le["mortgageInsurance"] != 82.0 {
				t.Fatalf("loan estimate = %v", le)
			}
			// Every figure read is to be checked (the form's figures at least,
			// and whatever else of the form the picture gave), and the lender
			// fees worked out from them.
			got := names(le["pleaseCheck"])
			for _, f := range everyFigure {
				if !slices.Contains(got, f) {
					t.Fatalf("please check %v lacks %s", got, f)
				}
			}
			if want := append(names(le["found"]), "lenderFees"); !sameSet(got, want) {
				t.Fatalf("please check %v, want every figure read %v", got, want)
			}
		})
	}
	_, _, text := uploadFile(t, srv, "le.pdf", "application/pdf", testsupport.LoanEstimatePDF(t, true, true))
	if got := names(text.JSON(t)["loanEstimate"].(map[string]any)["pleaseCheck"]); got == nil || len(got) != 0 {
		t.Fatalf("a text PDF is read exactly: please check %v", got)
	}
}

// Where Tesseract is not installed, a photo is still accepted and can be
// sent with the request; the answer says it could not be read
// automatically, so the form asks for the figures.
func TestPhotoWithoutTesseract(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t, func(c *config.Config) { c.Tesseract = "/nonexistent/tesseract" })
	key, put, check := readPhoto(t, srv, "IMG_2041.png", "image/png", testsupport.LoanEstimatePhoto(t, testsupport.Photo{Width: 700}))
	body := check.JSON(t)
	if put != 200 || check.Status != 200 || body["loanEstimate"] != nil || body["couldNotRead"] != true {
		t.Fatalf("check: put %d, %d %s", put, check.Status, check.Body)
	}
	id := submit(t, srv, p(map[string]any{"uploadedFileUrl": key, "brokerRate": nil, "brokerLenderFees": nil, "brokerMortgageInsurance": nil}))
	if got := srv.Do(t, "GET", "/api/quote-requests/"+id, nil).JSON(t); got["user_uploaded_quote_url"] != key {
		t.Fatalf("request names %v, want %s", got["user_uploaded_quote_url"], key)
	}
	_, _, scan := uploadFile(t, srv, "scan.pdf", "application/pdf", testsupport.ImagePDF(t, testsupport.LoanEstimatePhoto(t, testsupport.Photo{Width: 700})))
	if scan.Status != 200 || scan.JSON(t)["couldNotRead"] != true {
		t.Fatalf("scan: %d %s", scan.Status, scan.Body)
	}
}

// Files that are never read (a spreadsheet) do not say they could not be.
func TestSpreadsheetIsNotRead(t *testing.T) {
	t.Parallel()
	srv := testsupport.StartServer(t)
	_, _, check := uploadFile(t, srv, "quote.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", xlsx(t))
	if body := check.JSON(t); check.Status != 200 || body["loanEstimate"] != nil || body["couldNotRead"] != false {
		t.Fatalf("check: %d %s", check.Status, check.Body)
	}
}

func names(v any) []string {
	list, ok := v.([]any)
	if !ok {
		return nil
	}
	out := make([]string, 0, len(list))
	for _, x := range list {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

// xlsx is the smallest file detected as a spreadsheet.
func xlsx(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	for _, name := range []string{"[Content_Types].xml", "xl/workbook.xml"} {
		w, err := z.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte("<?xml version=\"1.0\"?><x/>"))
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Photos are read in picture slots of their own, fair between clients
// (issue 24 §5): a client holding its share waits its turn (503 and
// Retry-After) though a slot is free; while another client holds a slot,
// this one is still read; with every slot taken by others it waits too, and
// a photo read before is answered from memory.
func TestPhotoReadsAreFairBetweenClients(t *testing.T) {
	testsupport.RequireOCR(t)
	t.Parallel()
	srv := testsupport.StartServer(t)
	readKey, _, first := readPhoto(t, srv, "IMG_1.png", "image/png", testsupport.LoanEstimatePhoto(t, testsupport.Photo{Width: 700}))
	if first.Status != 200 || first.JSON(t)["loanEstimate"] == nil {
		t.Fatalf("first: %d %s", first.Status, first.Body)
	}
	u, err := srv.App.Store.GetUpload(t.Context(), readKey)
	if err != nil || u.Client == "" {
		t.Fatalf("the upload's client: %q %v", u.Client, err)
	}
	slots := srv.App.Uploads.PictureSlots()
	busy := func(name string) {
		t.Helper()
		_, _, res := uploadFile(t, srv, name, "image/png", testsupport.LoanEstimatePhoto(t, testsupport.Photo{Width: 800}))
		if res.Status != 503 || res.Header.Get("Retry-After") == "" ||
			!strings.Contains(res.JSON(t)["error"].(string), "please try again in a few seconds") {
			t.Fatalf("%s: %d %v %s", name, res.Status, res.Header, res.Body)
		}
	}
	mine, ok := slots.TryAcquire(u.Client)
	if !ok {
		t.Fatal("no slot for the client")
	}
	busy("IMG_2.png")
	mine()
	other, ok := slots.TryAcquire("198.51.100.9")
	if !ok {
		t.Fatal("no slot for another client")
	}
	t.Cleanup(other)
	_, _, read := readPhoto(t, srv, "IMG_3.png", "image/png", testsupport.LoanEstimatePhoto(t, testsupport.Photo{Width: 900}))
	if read.Status != 200 || read.JSON(t)["loanEstimate"] == nil {
		t.Fatalf("another client holding a slot starved this one: %d %s", read.Status, read.Body)
	}
	third, ok := slots.TryAcquire("192.0.2.1")
	if !ok {
		t.Fatal("no slot for a third client")
	}
	t.Cleanup(third)
	busy("IMG_4.png")
	again := srv.Do(t, "POST", "/api/uploads/check", map[string]any{"key": readKey})
	if again.Status != 200 || again.JSON(t)["loanEstimate"].(map[string]any)["interestRate"] != 3.875 {
		t.Fatalf("remembered: %d %s", again.Status, again.Body)
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Sorted(slices.Values(a)), slices.Sorted(slices.Values(b))
	return slices.Equal(slices.Compact(a), slices.Compact(b))
}
