//go:build ignore

// generate builds the Loan Estimate corpus of internal/loanestimate's
// TestCorpus: four invented loans (no real person's data) written as HTML
// in the shape of the CFPB's form H-24, then made into files by other
// producers than this project's own: Chromium printing the HTML (Skia, CID
// fonts), LibreOffice Writer exporting it, Ghostscript re-printing that
// (ps2write then ps2pdf), Ghostscript with text turned into outlines (a
// "scan" with no text layer), a scanned image PDF, one whose pictures carry
// a poor OCR text layer, a file mixing text pages and an image page, and phone-like
// photos (ImageMagick: perspective, rotation, blur, noise, JPEG quality 65,
// 1200 px wide), among them one stored sideways with an EXIF Orientation
// tag, one upside down and two 5° askew (pages 1 and 2). Each form's truth is written beside the files
// (<form>.json, what the reader should answer) and corpus.json lists every
// document with the pages it shows.
//
//	go run ./internal/loanestimate/testdata/corpus/generate.go
//
// Needs chromium, soffice (LibreOffice Writer), tesseract, gs,
// pdftoppm/pdfseparate/pdfunite (poppler-utils) and ImageMagick's convert; the test itself needs only poppler and Tesseract.
package main

import (
	"encoding/json"
	"fmt"
	"html/template"
	"log"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/go-pdf/fpdf"

	"quotegrade/internal/loanestimate"
	"quotegrade/internal/mortgage"
)

type item struct {
	Label  string
	Amount float64
}

type form struct {
	Name, Lender, Borrowers, Address, Purpose, Product, LoanType string
	LockUntil                                                    string // m/d/yyyy, empty when floating
	Price, Amount, Rate                                          float64
	Months, IOMonths                                             int
	Balloon                                                      bool
	Prepay                                                       bool
	MI, Escrow                                                   float64
	PointsPct                                                    float64
	A, B, C, E, F, G, H                                          []item
	Credit, Deposit, SellerCredits                               float64
	Adjustable                                                   bool
}

func main() {
	dir := filepath.Dir(must(filepath.Abs(os.Args[0])))
	if wd, err := os.Getwd(); err == nil {
		dir = filepath.Join(wd, "internal/loanestimate/testdata/corpus")
	}
	work := must(os.MkdirTemp("", "le-corpus"))
	defer os.RemoveAll(work)
	var docs []doc
	for i, f := range forms() {
		fields := truth(f)
		writeJSON(filepath.Join(dir, f.Name+".json"), fields)
		html := filepath.Join(work, f.Name+".html")
		writeHTML(html, f)
		chromium := filepath.Join(dir, f.Name+"-chromium.pdf")
		run("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer", "--print-to-pdf="+chromium, "file://"+html)
		docs = append(docs, doc{File: filepath.Base(chromium), Form: f.Name, Kind: "pdf", Producer: "chromium", Pages: []int{1, 2, 3}})
		if i == 3 {
			// PostScript printed to PDF: Type 3 fonts whose Unicode map
			// names dingbats, so the text layer is garbled and read by OCR.
			ps := filepath.Join(work, f.Name+".ps")
			run("gs", "-q", "-sDEVICE=ps2write", "-o", ps, chromium)
			gsPDF := filepath.Join(dir, f.Name+"-ps2pdf.pdf")
			run("ps2pdf", ps, gsPDF)
			docs = append(docs, doc{File: filepath.Base(gsPDF), Form: f.Name, Kind: "pdf", Producer: "ps2pdf (garbled text layer)", Pages: []int{1, 2, 3}})
		} else {
			gsPDF := filepath.Join(dir, f.Name+"-ghostscript.pdf")
			run("gs", "-q", "-sDEVICE=pdfwrite", "-o", gsPDF, chromium)
			docs = append(docs, doc{File: filepath.Base(gsPDF), Form: f.Name, Kind: "pdf", Producer: "ghostscript pdfwrite", Pages: []int{1, 2, 3}})
		}
		// LibreOffice Writer opening the same HTML and exporting it: its
		// own layout of the tables (not Chromium's) and its own PDF writer.
		office := filepath.Join(dir, f.Name+"-libreoffice.pdf")
		libreoffice(work, html, office)
		docs = append(docs, doc{File: filepath.Base(office), Form: f.Name, Kind: "pdf", Producer: "libreoffice writer", Pages: []int{1, 2, 3}})
		switch i {
		case 0:
			out := filepath.Join(dir, f.Name+"-outlines.pdf")
			run("gs", "-q", "-sDEVICE=pdfwrite", "-dNoOutputFonts", "-o", out, chromium)
			docs = append(docs, doc{File: filepath.Base(out), Form: f.Name, Kind: "pdf", Producer: "ghostscript outlines (no text)", Pages: []int{1, 2, 3}})
		case 3:
			out := filepath.Join(dir, f.Name+"-ocr-layer.pdf")
			withOCRLayer(work, chromium, out)
			docs = append(docs, doc{File: filepath.Base(out), Form: f.Name, Kind: "pdf", Producer: "image pages with a poor OCR text layer", Pages: []int{1, 2, 3}})
		case 1:
			out := filepath.Join(dir, f.Name+"-scan.pdf")
			scan(work, chromium, out, 1, 3)
			docs = append(docs, doc{File: filepath.Base(out), Form: f.Name, Kind: "pdf", Producer: "scanned images", Pages: []int{1, 2, 3}})
		case 2:
			out := filepath.Join(dir, f.Name+"-mixed.pdf")
			image := filepath.Join(work, "page3.pdf")
			scan(work, chromium, image, 3, 3)
			run("pdfseparate", "-f", "1", "-l", "2", chromium, filepath.Join(work, "text-%d.pdf"))
			run("pdfunite", filepath.Join(work, "text-1.pdf"), filepath.Join(work, "text-2.pdf"), image, out)
			docs = append(docs, doc{File: filepath.Base(out), Form: f.Name, Kind: "pdf", Producer: "text pages + image page", Pages: []int{1, 2, 3}})
		}
		if i == 0 {
			// A scan whose first sheet went into the feeder the wrong way
			// round: page 1 upside down, pages 2 and 3 upright.
			out := filepath.Join(dir, f.Name+"-scan-upside-down.pdf")
			scan(work, chromium, out, 1, 3, 1)
			docs = append(docs, doc{File: filepath.Base(out), Form: f.Name, Kind: "pdf", Producer: "scanned images, page 1 upside down", Pages: []int{1, 2, 3}})
		}
		if i == 0 || i == 3 {
			for page := 1; page <= 2; page++ {
				out := filepath.Join(dir, fmt.Sprintf("%s-photo-%d.jpg", f.Name, page))
				photo(work, chromium, out, page, i, []string{"2.5", "-1.8", "1.2", "-3"}[(i+page)%4])
				docs = append(docs, doc{File: filepath.Base(out), Form: f.Name, Kind: "photo", Producer: "phone-like photo", Pages: []int{page}})
			}
		}
		// Photos the wrong way up or far askew: stored sideways with an
		// EXIF Orientation tag (6, "turn a quarter clockwise to show"), as a
		// phone held sideways writes it; upside down with no tag; 5° askew.
		switch i {
		case 1:
			out := filepath.Join(dir, f.Name+"-photo-sideways.jpg")
			photo(work, chromium, out, 1, i, "1.5", "-rotate", "-90")
			if err := os.WriteFile(out, withOrientation(must(os.ReadFile(out)), 6), 0o644); err != nil {
				log.Fatal(err)
			}
			docs = append(docs, doc{File: filepath.Base(out), Form: f.Name, Kind: "photo", Producer: "photo stored sideways, EXIF 6", Pages: []int{1}})
			out = filepath.Join(dir, f.Name+"-photo-askew.jpg")
			photo(work, chromium, out, 1, i, "5")
			docs = append(docs, doc{File: filepath.Base(out), Form: f.Name, Kind: "photo", Producer: "photo 5° askew", Pages: []int{1}})
			out = filepath.Join(dir, f.Name+"-photo-2-askew.jpg")
			photo(work, chromium, out, 2, i, "5")
			docs = append(docs, doc{File: filepath.Base(out), Form: f.Name, Kind: "photo", Producer: "photo of page 2, 5° askew", Pages: []int{2}})
		case 2:
			out := filepath.Join(dir, f.Name+"-photo-upside-down.jpg")
			photo(work, chromium, out, 1, i, "-1", "-rotate", "180")
			docs = append(docs, doc{File: filepath.Base(out), Form: f.Name, Kind: "photo", Producer: "photo upside down, no EXIF", Pages: []int{1}})
		}
	}
	writeJSON(filepath.Join(dir, "corpus.json"), docs)
}

type doc struct {
	File, Form, Kind, Producer string
	Pages                      []int
}

// withOCRLayer makes what a scanner's "searchable PDF" or Microsoft Print
// to PDF of a scan is: each page a picture (90 dpi grey, JPEG quality 40)
// with an invisible text layer from OCR of that picture, Tesseract's own
// PDF renderer, so the text layer carries OCR's misreadings.
func withOCRLayer(work, pdf, out string) {
	prefix := filepath.Join(work, "layer")
	run("pdftoppm", "-gray", "-r", "90", pdf, prefix)
	pages, _ := filepath.Glob(prefix + "*.pgm")
	var made []string
	for _, pgm := range pages {
		base := strings.TrimSuffix(pgm, ".pgm")
		run("convert", pgm, "-quality", "40", base+".jpg")
		run("tesseract", base+".jpg", base, "-l", "eng", "--dpi", "90", "pdf")
		made = append(made, base+".pdf")
	}
	run("pdfunite", append(made, out)...)
}

// libreoffice converts the HTML with LibreOffice Writer (writer_pdf_Export,
// through Writer rather than Writer/Web so the page is Letter with print
// margins) into out.
func libreoffice(work, html, out string) {
	dir := filepath.Join(work, "office")
	run("soffice", "--headless", "-env:UserInstallation=file://"+filepath.Join(work, "office-profile"),
		"--infilter=HTML (StarWriter)", "--convert-to", "pdf:writer_pdf_Export", "--outdir", dir, html)
	made := filepath.Join(dir, strings.TrimSuffix(filepath.Base(html), ".html")+".pdf")
	if err := os.Rename(made, out); err != nil {
		log.Fatal(err)
	}
}

// scan renders pages first..last at 110 dpi in grey and stores them as JPEG
// pages of a PDF, as an office scanner does; the pages numbered in
// upsideDown (counted from first, from 1) went in the wrong way round.
func scan(work, pdf, out string, first, last int, upsideDown ...int) {
	prefix := filepath.Join(work, "scan")
	run("pdftoppm", "-gray", "-r", "110", "-f", fmt.Sprint(first), "-l", fmt.Sprint(last), pdf, prefix)
	pages, _ := filepath.Glob(prefix + "*.pgm")
	p := fpdf.New("P", "pt", "Letter", "")
	for i, pgm := range pages {
		jpg := fmt.Sprintf("%s-%d.jpg", prefix, i)
		args := []string{pgm}
		if slices.Contains(upsideDown, i+1) {
			args = append(args, "-rotate", "180")
		}
		run("convert", append(args, "-quality", "45", jpg)...)
		p.AddPage()
		p.ImageOptions(jpg, 0, 0, 612, 792, false, fpdf.ImageOptions{ImageType: "JPG"}, 0, "")
		os.Remove(pgm)
	}
	if err := p.OutputFileAndClose(out); err != nil {
		log.Fatal(err)
	}
}

// photo: one page as a phone shoots it, angle degrees askew (clockwise);
// turn is what else is done to the picture before it is stored.
func photo(work, pdf, out string, page, seed int, angle string, turn ...string) {
	prefix := filepath.Join(work, "photo")
	run("pdftoppm", "-r", "150", "-f", fmt.Sprint(page), "-l", fmt.Sprint(page), "-singlefile", "-png", pdf, prefix)
	args := []string{prefix + ".png", "-bordercolor", "#d8d4cc", "-border", "40",
		"-virtual-pixel", "edge", "-distort", "Perspective", "0,0 6,10  1355,0 1348,2  0,1730 0,1722  1355,1730 1355,1730",
		"-background", "#d8d4cc", "-rotate", angle,
		"-resize", "1200x", "-blur", "0x0.5", "-seed", fmt.Sprint(seed*10 + page), "-attenuate", "0.3", "+noise", "Gaussian",
		"-fill", "#f0e6d2", "-colorize", "8"}
	args = append(append(args, turn...), "-quality", "65", out)
	run("convert", args...)
	os.Remove(prefix + ".png")
}

// withOrientation adds an EXIF segment holding only the Orientation tag o
// to a JPEG, as testsupport.WithEXIFOrientation does (ImageMagick's -orient
// writes no EXIF of its own).
func withOrientation(jpeg []byte, o int) []byte {
	segment := append([]byte("Exif\x00\x00"), 'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1,
		0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, byte(o), 0, 0, 0, 0, 0, 0)
	app1 := append([]byte{0xFF, 0xE1, 0, byte(len(segment) + 2)}, segment...)
	return append(append(append([]byte{}, jpeg[:2]...), app1...), jpeg[2:]...)
}

func run(name string, args ...string) {
	cmd := exec.Command(name, args...)
	if name != "chromium" { // chromium complains of no D-Bus at length
		cmd.Stderr = os.Stderr
	}
	if err := cmd.Run(); err != nil {
		log.Fatalf("%s %v: %v", name, args, err)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		log.Fatal(err)
	}
	return v
}

func writeJSON(path string, v any) {
	b := must(json.MarshalIndent(v, "", "  "))
	if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		log.Fatal(err)
	}
}

func sum(items []item) float64 {
	t := 0.0
	for _, it := range items {
		t += it.Amount
	}
	return t
}

// figures worked out from a form, as printed (whole dollars but P&I).
type worked struct {
	PI, A, B, C, D, E, F, G, H, I, J, Cash, APR, TIP, FiveTotal, FivePrincipal float64
	DownPayment                                                                float64
}

func work(f form) worked {
	var w worked
	w.PI = mortgage.RoundCents(mortgage.MonthlyPayment(f.Amount, f.Rate, f.Months))
	if f.IOMonths > 0 {
		w.PI = mortgage.RoundCents(f.Amount * f.Rate / 1200)
	}
	w.A, w.B, w.C = sum(f.A), sum(f.B), sum(f.C)
	w.D = w.A + w.B + w.C
	w.E, w.F, w.G, w.H = sum(f.E), sum(f.F), sum(f.G), sum(f.H)
	w.I = w.E + w.F + w.G + w.H
	w.J = w.D + w.I - f.Credit
	if f.Purpose == "Purchase" {
		w.DownPayment = f.Price - f.Amount
	}
	w.Cash = w.J + w.DownPayment - f.Deposit - f.SellerCredits
	if f.Purpose != "Purchase" {
		w.Cash = w.J - (f.Amount - f.Price) // a refinance pays off the old loan (Price holds its balance)
	}
	// payments for the APR: interest-only months then amortising (or the balloon)
	var runs []mortgage.PaymentRun
	total := 0.0
	balance := f.Amount
	r := f.Rate / 1200
	paid5, principal5 := 0.0, 0.0
	for k := 1; k <= f.Months; k++ {
		pay := w.PI
		if k == f.Months && f.Balloon {
			pay = balance * (1 + r)
		}
		interest := balance * r
		if f.IOMonths == 0 && k == f.Months {
			pay = balance + interest
		}
		balance -= pay - interest
		mi := 0.0
		if f.MI > 0 {
			mi = f.MI
		}
		if k <= 60 {
			paid5 += pay + mi
			principal5 += pay - interest
		}
		total += pay - interest
		runs = append(runs, mortgage.PaymentRun{Amount: mortgage.RoundCents(pay + mi), Count: 1})
	}
	_ = total
	finance := w.A + 50 + prepaidInterest(f) // A, a few B fees, prepaid interest
	apr, err := mortgage.APR(mortgage.APRInput{AmountFinanced: f.Amount - finance, Payments: runs})
	if err != nil {
		log.Fatal(err)
	}
	w.APR = mortgage.RoundAPR(apr)
	interest := 0.0
	for _, p := range runs {
		interest += p.Amount * float64(p.Count)
	}
	interest -= f.Amount + f.MI*float64(f.Months)
	interest += prepaidInterest(f) // the TIP counts it (12 CFR 1026.37(l)(3))
	w.TIP = math.Round(interest/f.Amount*100*1000) / 1000
	w.FiveTotal = math.Round(paid5 + w.D + prepaidInterest(f))
	w.FivePrincipal = math.Round(principal5)
	return w
}

func prepaidInterest(f form) float64 {
	for _, it := range f.F {
		if strings.HasPrefix(it.Label, "Prepaid Interest") {
			return it.Amount
		}
	}
	return 0
}

// truth is what the reader should answer for the form.
func truth(f form) loanestimate.Fields {
	w := work(f)
	p := func(v float64) *float64 { return &v }
	out := loanestimate.Fields{
		InterestRate: p(f.Rate), LoanAmount: p(f.Amount), OriginationCharge: p(w.A), MortgageInsurance: p(f.MI),
		ClosingCosts: p(w.J), CashToClose: p(w.Cash), APR: p(w.APR), TotalInterestPercentage: p(w.TIP),
		InFiveYears:       &loanestimate.InFiveYears{TotalPaid: w.FiveTotal, PrincipalPaid: w.FivePrincipal},
		PrepaymentPenalty: &f.Prepay, LoanTerm: &f.Months, LenderName: &f.Lender,
	}
	if f.PointsPct > 0 {
		out.Points = p(f.A[0].Amount)
	}
	if f.Credit > 0 {
		out.LenderCredit = p(f.Credit)
	}
	if f.LockUntil != "" {
		var m, d, y int
		fmt.Sscanf(f.LockUntil, "%d/%d/%d", &m, &d, &y)
		s := fmt.Sprintf("%04d-%02d-%02d", y, m, d)
		out.RateLockUntil = &s
	}
	for _, s := range []struct {
		name  string
		items []item
	}{{"A", f.A}, {"B", f.B}, {"C", f.C}, {"E", f.E}, {"F", f.F}, {"G", f.G}, {"H", f.H}} {
		for _, it := range s.items {
			out.Lines = append(out.Lines, loanestimate.Line{Section: s.name, Label: it.Label, Amount: it.Amount})
		}
	}
	return out
}

func dollars(v float64) string {
	neg := v < 0
	v = math.Abs(v)
	cents := math.Round(v*100) - math.Floor(v)*100
	whole := fmt.Sprintf("%d", int64(math.Floor(v)))
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	s := "$" + b.String()
	if cents != 0 {
		s += fmt.Sprintf(".%02d", int(cents))
	}
	if neg {
		s = "–" + s
	}
	return s
}

func pct(v float64) string {
	s := strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.3f", v), "0"), ".")
	return s + "%"
}

func writeHTML(path string, f form) {
	w := work(f)
	years := f.Months / 12
	term := fmt.Sprintf("%d years", years)
	if f.Months%12 != 0 {
		term = fmt.Sprintf("%d mo.", f.Months)
	}
	data := map[string]any{"F": f, "W": w, "Term": term, "LoanID": fmt.Sprintf("%d", 4000000+len(f.Name)*7919),
		"Funds": 0.0, "Years": fmt.Sprintf("Years 1-%d", max(years, 1)), "Total": w.PI + f.MI + f.Escrow,
		"Sections": []section{{"A", "Origination Charges", f.A}, {"B", "Services You Cannot Shop For", f.B}, {"C", "Services You Can Shop For", f.C}},
		"Others":   []section{{"E", "Taxes and Other Government Fees", f.E}, {"F", "Prepaids", f.F}, {"G", "Initial Escrow Payment at Closing", f.G}, {"H", "Other", f.H}}}
	funcs := template.FuncMap{"dollars": dollars, "pct": pct, "sum": sum,
		"sum2": func(a, b float64) float64 { return a + b }}
	t := template.Must(template.New("le").Funcs(funcs).Parse(page))
	out := must(os.Create(path))
	defer out.Close()
	if err := t.Execute(out, data); err != nil {
		log.Fatal(err)
	}
}

type section struct {
	Letter, Title string
	Items         []item
}

func forms() []form {
	return []form{
		{
			Name: "purchase-mi", Lender: "Juniper Hill Mortgage", Borrowers: "Avery Quill and Rowan Pike",
			Address: "418 Larkspur Lane, Fairview, OH 43999", Purpose: "Purchase", Product: "Fixed Rate",
			LoanType: "Conventional", LockUntil: "3/14/2027", Price: 265000, Amount: 251750, Rate: 6.375, Months: 360,
			MI: 121, Escrow: 402, PointsPct: 0.5,
			A:       []item{{"0.5 % of Loan Amount (Points)", 1259}, {"Application Fee", 350}, {"Underwriting Fee", 995}},
			B:       []item{{"Appraisal Fee", 575}, {"Credit Report Fee", 42}, {"Flood Determination Fee", 18}, {"Tax Service Fee", 85}},
			C:       []item{{"Pest Inspection Fee", 150}, {"Survey Fee", 325}, {"Title – Insurance Binder", 250}, {"Title – Lender's Title Policy", 890}, {"Title – Settlement Agent Fee", 640}, {"Title – Title Search", 410}},
			E:       []item{{"Recording Fees and Other Taxes", 164}},
			F:       []item{{"Homeowner's Insurance Premium ( 12 months)", 1380}, {"Prepaid Interest ( $43.97 per day for 10 days @ 6.375 %)", 440}},
			G:       []item{{"Homeowner's Insurance $115.00 per month for 3 mo.", 345}, {"Property Taxes $287.00 per month for 3 mo.", 861}},
			H:       []item{{"Title – Owner's Title Policy (optional)", 722}},
			Deposit: 5000, SellerCredits: 2000,
		},
		{
			Name: "refinance-credit", Lender: "Tidewater Federal Credit Union", Borrowers: "Morgan Ellery",
			Address: "77 Quarry Road, Stonebridge, ME 04999", Purpose: "Refinance", Product: "Fixed Rate",
			LoanType: "Conventional", Price: 348000, Amount: 350000, Rate: 5.625, Months: 180,
			Escrow: 0, Credit: 1200,
			A:      []item{{"Origination Fee", 1750}, {"Processing Fee", 495}},
			B:      []item{{"Appraisal Fee", 650}, {"Credit Report Fee", 38}, {"Flood Certification", 20}, {"MERS Registration Fee", 25}},
			C:      []item{{"Title – Lender's Title Insurance", 1265}, {"Title – Settlement Fee", 600}, {"Notary Fee", 125}},
			E:      []item{{"Recording Fees and Other Taxes", 210}},
			F:      []item{{"Prepaid Interest ( $53.94 per day for 12 days @ 5.625 %)", 647}},
			Prepay: false,
		},
		{
			Name: "arm-7-6", Lender: "Orchard Lane Bank", Borrowers: "Sasha Winterbourne and Jules Marchetti",
			Address: "9 Heron Court, Millbrook, NC 27999", Purpose: "Purchase", Product: "7/6 mo. Adjustable Rate",
			LoanType: "Conventional", LockUntil: "4/2/2027", Price: 525000, Amount: 420000, Rate: 5.875, Months: 360,
			Escrow: 615, PointsPct: 0.25, Adjustable: true,
			A:       []item{{"0.25 % of Loan Amount (Points)", 1050}, {"Origination Fee", 1200}, {"Underwriting Fee", 890}},
			B:       []item{{"Appraisal Fee", 725}, {"Credit Report Fee", 55}, {"Flood Determination Fee", 20}, {"Tax Monitoring Fee", 80}},
			C:       []item{{"Survey Fee", 410}, {"Title – Lender's Title Policy", 1480}, {"Title – Settlement Agent Fee", 825}, {"Title – Title Search", 390}},
			E:       []item{{"Recording Fees and Other Taxes", 240}, {"Transfer Tax", 1050}},
			F:       []item{{"Homeowner's Insurance Premium ( 12 months)", 1620}, {"Prepaid Interest ( $67.60 per day for 5 days @ 5.875 %)", 338}},
			G:       []item{{"Homeowner's Insurance $135.00 per month for 2 mo.", 270}, {"Property Taxes $480.00 per month for 2 mo.", 960}},
			H:       []item{{"Home Inspection Fee", 475}},
			Deposit: 15000, SellerCredits: 0, Prepay: false,
		},
		{
			Name: "balloon-io", Lender: "Summit Ridge Lending", Borrowers: "Kit Ferreira",
			Address: "2200 Cedar Bluff Drive, Pine Hollow, CO 80999", Purpose: "Construction", Product: "Interest Only, Balloon Payment",
			LoanType: "Other", LockUntil: "", Price: 180000, Amount: 180000, Rate: 7.5, Months: 60, IOMonths: 60, Balloon: true,
			Prepay:    true,
			A:         []item{{"1 % of Loan Amount (Points)", 1800}, {"Construction Administration Fee", 1500}},
			B:         []item{{"Appraisal Fee", 800}, {"Credit Report Fee", 45}, {"Inspection Fee", 600}},
			C:         []item{{"Title – Lender's Title Policy", 780}, {"Title – Settlement Fee", 450}},
			E:         []item{{"Recording Fees and Other Taxes", 120}},
			F:         []item{{"Prepaid Interest ( $36.99 per day for 20 days @ 7.5 %)", 740}},
			PointsPct: 1,
		},
	}
}

const page = `<!doctype html>
<html><head><meta charset="utf-8"><title>Loan Estimate</title>
<style>
@page { size: letter; margin: 0.45in; }
body { font-family: "Liberation Sans", Arial, sans-serif; font-size: 9.5pt; color: #111; margin: 0; }
.page { page-break-after: always; position: relative; height: 9.9in; overflow: hidden; }
.page:last-child { page-break-after: auto; }
h1 { font-size: 20pt; margin: 0 0 4pt; }
h2 { font-size: 11pt; border-bottom: 1.5pt solid #000; margin: 8pt 0 3pt; padding-bottom: 1pt; }
table { border-collapse: collapse; width: 100%; }
td { padding: 1.5pt 3pt; vertical-align: top; }
td.amt { text-align: right; white-space: nowrap; }
tr.head td { font-weight: bold; background: #e4e4e4; }
.grid { display: grid; grid-template-columns: 1fr 1fr; column-gap: 18pt; }
.small { font-size: 8pt; }
.footer { position: absolute; bottom: 0; left: 0; right: 0; font-size: 7.5pt; border-top: 0.5pt solid #444; padding-top: 2pt; }
.big { font-size: 12pt; font-weight: bold; }
</style></head><body>
<div class="page">
<div class="grid">
 <div>
  <div class="big">{{.F.Lender}}</div>
  <h1>Loan Estimate</h1>
  <table class="small">
   <tr><td>DATE ISSUED</td><td>2/27/2027</td></tr>
   <tr><td>APPLICANTS</td><td>{{.F.Borrowers}}</td></tr>
   <tr><td>PROPERTY</td><td>{{.F.Address}}</td></tr>
   <tr><td>{{if eq .F.Purpose "Purchase"}}SALE PRICE{{else}}EST. PROP. VALUE{{end}}</td><td>{{dollars .F.Price}}</td></tr>
  </table>
 </div>
 <div>
  <table class="small" style="margin-top:30pt">
   <tr><td>LOAN TERM</td><td>{{.Term}}</td></tr>
   <tr><td>PURPOSE</td><td>{{.F.Purpose}}</td></tr>
   <tr><td>PRODUCT</td><td>{{.F.Product}}</td></tr>
   <tr><td>LOAN TYPE</td><td>{{.F.LoanType}}</td></tr>
   <tr><td>LOAN ID #</td><td>{{.LoanID}}</td></tr>
   <tr><td>RATE LOCK</td><td>{{if .F.LockUntil}}YES, until {{.F.LockUntil}} at 5:00 p.m. EDT{{else}}NO{{end}}</td></tr>
  </table>
 </div>
</div>
<h2>Loan Terms</h2>
<table>
 <tr><td></td><td></td><td class="small"><b>Can this amount increase after closing?</b></td></tr>
 <tr><td><b>Loan Amount</b></td><td class="amt">{{dollars .F.Amount}}</td><td>NO</td></tr>
 <tr><td><b>Interest Rate</b></td><td class="amt">{{pct .F.Rate}}</td><td>{{if .F.Adjustable}}YES • Adjusts every 6 months starting in year 8<br>• Can go as high as 10.875% in year 10{{else}}NO{{end}}</td></tr>
 <tr><td><b>Monthly Principal &amp; Interest</b><br><span class="small">See Projected Payments below for your Estimated Total Monthly Payment</span></td><td class="amt">{{dollars .W.PI}}</td><td>{{if .F.Adjustable}}YES • Can go as high as $3,960 in year 10{{else}}NO{{end}}</td></tr>
 <tr><td></td><td></td><td class="small"><b>Does the loan have these features?</b></td></tr>
 <tr><td><b>Prepayment Penalty</b></td><td></td><td>{{if .F.Prepay}}YES • As high as $3,600 if you pay off the loan during the first 2 years{{else}}NO{{end}}</td></tr>
 <tr><td><b>Balloon Payment</b></td><td></td><td>{{if .F.Balloon}}YES • You will have to pay {{dollars .F.Amount}} at the end of year 5{{else}}NO{{end}}</td></tr>
</table>
<h2>Projected Payments</h2>
<table>
 <tr class="head"><td>Payment Calculation</td><td class="amt">{{.Years}}</td></tr>
 <tr><td>Principal &amp; Interest</td><td class="amt">{{dollars .W.PI}}</td></tr>
 <tr><td>Mortgage Insurance</td><td class="amt">+ {{if .F.MI}}{{dollars .F.MI}}{{else}}0{{end}}</td></tr>
 <tr><td>Estimated Escrow <span class="small">Amount can increase over time</span></td><td class="amt">+ {{if .F.Escrow}}{{dollars .F.Escrow}}{{else}}0{{end}}</td></tr>
 <tr><td><b>Estimated Total Monthly Payment</b></td><td class="amt"><b>{{dollars .Total}}</b></td></tr>
</table>
<h2>Costs at Closing</h2>
<table>
 <tr><td><b>Estimated Closing Costs</b></td><td class="amt">{{dollars .W.J}}</td><td class="small">Includes {{dollars .W.D}} in Loan Costs + {{dollars .W.I}} in Other Costs{{if .F.Credit}} – {{dollars .F.Credit}} in Lender Credits{{end}}. See page 2 for details.</td></tr>
 <tr><td><b>Estimated Cash to Close</b></td><td class="amt">{{dollars .W.Cash}}</td><td class="small">Includes Closing Costs. See Calculating Cash to Close on page 2 for details.</td></tr>
</table>
<div class="footer">LOAN ESTIMATE &nbsp; PAGE 1 OF 3 • LOAN ID # {{.LoanID}}</div>
</div>

<div class="page">
<h2>Closing Cost Details</h2>
<div class="grid">
 <div>
  <b>Loan Costs</b>
  {{template "sections" .Sections}}
  <table>
   <tr class="head"><td>D. TOTAL LOAN COSTS (A + B + C)</td><td class="amt">{{dollars .W.D}}</td></tr>
  </table>
 </div>
 <div>
  <b>Other Costs</b>
  {{template "sections" .Others}}
  <table>
   <tr class="head"><td>I. TOTAL OTHER COSTS (E + F + G + H)</td><td class="amt">{{dollars .W.I}}</td></tr>
   <tr class="head"><td>J. TOTAL CLOSING COSTS</td><td class="amt">{{dollars .W.J}}</td></tr>
   <tr><td>D + I</td><td class="amt">{{dollars (sum2 .W.D .W.I)}}</td></tr>
   <tr><td>Lender Credits</td><td class="amt">{{if .F.Credit}}–{{dollars .F.Credit}}{{end}}</td></tr>
  </table>
  <table style="margin-top:8pt">
   <tr class="head"><td>Calculating Cash to Close</td><td></td></tr>
   <tr><td>Total Closing Costs (J)</td><td class="amt">{{dollars .W.J}}</td></tr>
   <tr><td>Closing Costs Financed (Paid from your Loan Amount)</td><td class="amt">$0</td></tr>
   <tr><td>Down Payment/Funds from Borrower</td><td class="amt">{{dollars .W.DownPayment}}</td></tr>
   <tr><td>Deposit</td><td class="amt">{{if .F.Deposit}}–{{end}}{{dollars .F.Deposit}}</td></tr>
   <tr><td>Funds for Borrower</td><td class="amt">{{dollars .Funds}}</td></tr>
   <tr><td>Seller Credits</td><td class="amt">{{if .F.SellerCredits}}–{{end}}{{dollars .F.SellerCredits}}</td></tr>
   <tr><td>Adjustments and Other Credits</td><td class="amt">$0</td></tr>
   <tr class="head"><td>Estimated Cash to Close</td><td class="amt">{{dollars .W.Cash}}</td></tr>
  </table>
 </div>
</div>
{{if .F.Adjustable}}
<div class="grid" style="margin-top:8pt">
 <table>
  <tr class="head"><td>Adjustable Payment (AP) Table</td><td></td></tr>
  <tr><td>Interest Only Payments?</td><td class="amt">NO</td></tr>
  <tr><td>Optional Payments?</td><td class="amt">NO</td></tr>
  <tr><td>Step Payments?</td><td class="amt">NO</td></tr>
  <tr><td>Seasonal Payments?</td><td class="amt">NO</td></tr>
  <tr><td>First Change/Amount</td><td class="amt">$2,337 - $3,179 at 85th payment</td></tr>
  <tr><td>Maximum Payment</td><td class="amt">$3,960 starting at 115th payment</td></tr>
 </table>
 <table>
  <tr class="head"><td>Adjustable Interest Rate (AIR) Table</td><td></td></tr>
  <tr><td>Index + Margin</td><td class="amt">SOFR + 2.75%</td></tr>
  <tr><td>Initial Interest Rate</td><td class="amt">{{pct .F.Rate}}</td></tr>
  <tr><td>Minimum/Maximum Interest Rate</td><td class="amt">2.75%/10.875%</td></tr>
  <tr><td>First Change</td><td class="amt">Beginning of 85th month</td></tr>
  <tr><td>Subsequent Changes</td><td class="amt">Every 6th month after first change</td></tr>
  <tr><td>First Change Limit</td><td class="amt">5%</td></tr>
  <tr><td>Subsequent Changes Limit</td><td class="amt">1%</td></tr>
 </table>
</div>
{{end}}
<div class="footer">LOAN ESTIMATE &nbsp; PAGE 2 OF 3 • LOAN ID # {{.LoanID}}</div>
</div>

<div class="page">
<h2>Additional Information About This Loan</h2>
<table class="small">
 <tr><td>LENDER</td><td>{{.F.Lender}}</td><td>MORTGAGE BROKER</td><td></td></tr>
 <tr><td>NMLS/__ LICENSE ID</td><td>{{.LoanID}}</td><td>NMLS/__ LICENSE ID</td><td></td></tr>
 <tr><td>LOAN OFFICER</td><td>Casey Brightwater</td><td>LOAN OFFICER</td><td></td></tr>
</table>
<h2>Comparisons</h2>
<p class="small">Use these measures to compare this loan with other loans.</p>
<table>
 <tr><td rowspan="2"><b>In 5 Years</b></td><td class="amt">{{dollars .W.FiveTotal}}</td><td>Total you will have paid in principal, interest, mortgage insurance, and loan costs.</td></tr>
 <tr><td class="amt">{{dollars .W.FivePrincipal}}</td><td>Principal you will have paid off.</td></tr>
 <tr><td><b>Annual Percentage Rate (APR)</b></td><td class="amt">{{pct .W.APR}}</td><td>Your costs over the loan term expressed as a rate. This is not your interest rate.</td></tr>
 <tr><td><b>Total Interest Percentage (TIP)</b></td><td class="amt">{{pct .W.TIP}}</td><td>The total amount of interest that you will pay over the loan term as a percentage of your loan amount.</td></tr>
</table>
<h2>Other Considerations</h2>
<table class="small">
 <tr><td><b>Appraisal</b></td><td>We may order an appraisal to determine the property's value and charge you for this appraisal.</td></tr>
 <tr><td><b>Assumption</b></td><td>If you sell or transfer this property to another person, we will not allow assumption of this loan on the original terms.</td></tr>
 <tr><td><b>Homeowner's Insurance</b></td><td>This loan requires homeowner's insurance on the property, which you may obtain from a company of your choice that we find acceptable.</td></tr>
 <tr><td><b>Late Payment</b></td><td>If your payment is more than 15 days late, we will charge a late fee of 5% of the monthly principal and interest payment.</td></tr>
 <tr><td><b>Servicing</b></td><td>We intend to service your loan.</td></tr>
</table>
<h2>Confirm Receipt</h2>
<p class="small">By signing, you are only confirming that you have received this form.</p>
<div class="footer">LOAN ESTIMATE &nbsp; PAGE 3 OF 3 • LOAN ID # {{.LoanID}}</div>
</div>
</body></html>{{/* sections: the lettered sections of the Closing Cost Details, each with its total and lines */}}{{define "sections"}}{{range .}}
  <table>
   <tr class="head"><td>{{.Letter}}. {{.Title}}</td><td class="amt">{{dollars (sum .Items)}}</td></tr>
   {{range .Items}}<tr><td>{{.Label}}</td><td class="amt">{{dollars .Amount}}</td></tr>{{end}}
  </table>
  {{end}}{{end}}`
