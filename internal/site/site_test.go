package site

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const goodFile = `{
  "brokerageName": "Wasatch Home Loans",
  "brokerageNmls": "1234567",
  "contactEmail": "loans@wasatch.example",
  "contactPhone": "(801) 555-0199",
  "sisterSite": {"state": "Nevada", "url": "https://nv.wasatch.example"},
  "lenders": [
    {"id": "provident", "name": "Provident Funding", "nmls": "11", "fees": [{"label": "Underwriting", "amount": 500}, {"label": "Tax service", "amount": 95}]},
    {"id": "uwm", "name": "United Wholesale Mortgage", "nmls": "3038", "fees": []}
  ]
}`

func TestLoadReadsTheOperatorsFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "site.json")
	if err := os.WriteFile(path, []byte(goodFile), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if s.Demonstration || s.BrokerageName != "Wasatch Home Loans" || s.SisterSite.URL != "https://nv.wasatch.example" {
		t.Fatalf("site = %+v", s)
	}
	if got := s.LenderFees("provident"); got != 595 {
		t.Errorf("provident fees = %v, want 500 + 95", got)
	}
	if got := s.LenderFees("uwm"); got != 0 {
		t.Errorf("uwm fees = %v, want 0", got)
	}
	if got := s.LenderFees(""); got != 0 {
		t.Errorf("the visitor's own quote adds %v, want 0", got)
	}
	if ids := s.LenderIDs(); strings.Join(ids, ",") != "provident,uwm" {
		t.Errorf("ids = %v", ids)
	}
}

func TestWithoutAFileTheDemonstrationSiteHasSpecSection9Fees(t *testing.T) {
	s, err := Load("")
	if err != nil {
		t.Fatal(err)
	}
	if !s.Demonstration {
		t.Error("the shipped values must say they are a demonstration")
	}
	if s.LenderFees("provident") != 370+80 || s.LenderFees("rocket") != 1100 {
		t.Errorf("fees = %v, %v; spec section 9 says 370 + 80 and 1,100", s.LenderFees("provident"), s.LenderFees("rocket"))
	}
	if s.DefaultLender().ID != "provident" {
		t.Errorf("default lender = %q", s.DefaultLender().ID)
	}
	if err := s.Validate(); err != nil {
		t.Errorf("the demo site must pass its own checks: %v", err)
	}
}

// Each bad file stops start-up with one line naming the key to fix.
func TestBadFilesAreRefusedNamingTheKey(t *testing.T) {
	for name, tc := range map[string]struct{ from, to, want string }{
		"missing name":      {`"brokerageName": "Wasatch Home Loans"`, `"brokerageName": " "`, "brokerageName: is required"},
		"nmls with letters": {`"brokerageNmls": "1234567"`, `"brokerageNmls": "NMLS #1"`, "brokerageNmls: must be the NMLS number"},
		"email":             {`"contactEmail": "loans@wasatch.example"`, `"contactEmail": "loans"`, "contactEmail: must be an e-mail address"},
		"phone":             {`"contactPhone": "(801) 555-0199"`, `"contactPhone": "555-0199"`, "contactPhone: must be a phone number"},
		"sister url":        {`"url": "https://nv.wasatch.example"`, `"url": "nv.wasatch.example"`, "sisterSite.url: must be an http(s) address"},
		"misspelt key":      {`"contactPhone"`, `"contactPhon"`, "contactPhon: unknown key"},
		"fee as text":       {`"amount": 500`, `"amount": "500"`, "lenders.fees.amount: must be a number"},
		"negative fee":      {`"amount": 500`, `"amount": -5`, "lenders[0].fees[0].amount: must be between 0 and 100000"},
		"fee label":         {`"label": "Tax service"`, `"label": ""`, "lenders[0].fees[1].label: is required"},
		"lender id":         {`"id": "uwm"`, `"id": "UWM Inc"`, "lenders[1].id: must be lower-case"},
		"twice":             {`"id": "uwm"`, `"id": "provident"`, `lenders[1].id: "provident" is used twice`},
		"no fees key":       {`, "fees": []`, ``, "lenders[1].fees: is required"},
		"lender nmls":       {`"nmls": "3038"`, `"nmls": ""`, "lenders[1].nmls: must be the NMLS number"},
		"not json":          {`{`, `[`, "not valid JSON at byte"},
	} {
		t.Run(name, func(t *testing.T) {
			bad := strings.Replace(goodFile, tc.from, tc.to, 1)
			if bad == goodFile {
				t.Fatalf("the case changes nothing")
			}
			path := filepath.Join(t.TempDir(), "site.json")
			if err := os.WriteFile(path, []byte(bad), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := Load(path)
			if err == nil {
				t.Fatal("accepted")
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "invalid setting --site-file (QG_SITE_FILE): ") || !strings.Contains(msg, tc.want) || strings.Contains(msg, "\n") {
				t.Errorf("error = %q, want one line naming %q", msg, tc.want)
			}
		})
	}
	noLenders := goodFile[:strings.Index(goodFile, `"lenders"`)] + `"lenders": []}`
	if _, err := Parse([]byte(noLenders)); err == nil || err.Error() != "lenders: at least one partner lender is required" {
		t.Errorf("no lenders: %v", err)
	}
	if _, err := Parse([]byte(`{"brokerageName": "x", "lenders": []}`)); err == nil || !strings.HasPrefix(err.Error(), "brokerageNmls") {
		t.Errorf("err = %v", err)
	}
	if _, err := Load(filepath.Join(t.TempDir(), "missing.json")); err == nil || !strings.Contains(err.Error(), "QG_SITE_FILE") {
		t.Errorf("missing file: %v", err)
	}
}

// docs/operations.md's example site file is the demonstration site, and valid.
func TestREADMEExampleIsTheDemonstrationSite(t *testing.T) {
	readme, err := os.ReadFile("../../docs/operations.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(readme), "## The operator's site file")
	_, block, _ := strings.Cut(section, "```json\n")
	block, _, _ = strings.Cut(block, "```")
	s, err := Parse([]byte(block))
	if err != nil {
		t.Fatalf("docs/operations.md's example: %v", err)
	}
	want := Demo()
	want.Demonstration = false
	if fmt.Sprint(s) != fmt.Sprint(want) {
		t.Errorf("docs/operations.md's example differs from the demonstration site:\n%+v\n%+v", s, want)
	}
}

func TestTheFileGivesLicencesTestimonialsAndAddress(t *testing.T) {
	file := strings.Replace(goodFile, `"lenders": [`, `"postalAddress": "1 Main St, Provo, UT 84601",
  "brand": "Wasatch Rates",
  "stateLicences": [{"state": "Utah", "licence": "12345678"}],
  "testimonials": [{"quote": "Quick and clear.", "name": "Ann B.", "town": "Provo, UT"}],
  "lenders": [`, 1)
	s, err := Parse([]byte(file))
	if err != nil {
		t.Fatal(err)
	}
	if s.Brand != "Wasatch Rates" || s.PostalAddress != "1 Main St, Provo, UT 84601" || len(s.StateLicences) != 1 || len(s.Testimonials) != 1 {
		t.Fatalf("site = %+v", s)
	}
	if got := s.ConsumerAccessURL(); got != "https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/1234567" {
		t.Errorf("Consumer Access = %q", got)
	}
	if len(s.ProductionProblems()) != 0 {
		t.Errorf("a complete file has problems: %v", s.ProductionProblems())
	}
	bad := strings.Replace(file, `"name": "Ann B."`, `"name": ""`, 1)
	if _, err := Parse([]byte(bad)); err == nil || !strings.Contains(err.Error(), "testimonials[0].name: is required") {
		t.Errorf("testimonial without a name: %v", err)
	}
}

// The shipped site invents nobody's words, and the brand defaults.
func TestDefaultsWithoutTestimonialsOrBrand(t *testing.T) {
	s, err := Parse([]byte(goodFile))
	if err != nil {
		t.Fatal(err)
	}
	if s.Brand != DefaultBrand || s.Testimonials == nil || len(s.Testimonials) != 0 || s.StateLicences == nil {
		t.Errorf("defaults = %+v", s)
	}
	if len(Demo().Testimonials) != 0 {
		t.Error("the demonstration site shows invented testimonials")
	}
}

func TestProductionProblemsNameEachSetting(t *testing.T) {
	if p := Demo().ProductionProblems(); len(p) != 1 || !strings.Contains(p[0], "QG_SITE_FILE") {
		t.Errorf("demo: %v", p)
	}
	s, err := Parse([]byte(strings.Replace(goodFile, `"1234567"`, `"000000"`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	p := s.ProductionProblems()
	if len(p) != 2 || !strings.Contains(p[0], "postalAddress is missing") || !strings.Contains(p[1], "brokerageNmls") {
		t.Errorf("problems = %q", p)
	}
}
