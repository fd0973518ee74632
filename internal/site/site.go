// Package site holds the operator's own details: the brokerage's name and
// NMLS licence, how visitors reach it, its sister-state site and each partner
// lender with its licence and fees. They come from one JSON site file
// (--site-file, QG_SITE_FILE); without one the shipped demonstration values
// are used and every page says so. The pages read them from GET /api/site,
// and the server's figures take each lender's fees from here, so one file
// names the brokerage everywhere (decision 0011).
package site

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/url"
	"os"
	"regexp"
	"strings"

	"quotegrade/internal/vocab"
)

// Fee is one of a lender's own fees, as the lender names it.
type Fee struct {
	Label  string  `json:"label"`
	Amount float64 `json:"amount"`
}

// Lender is a partner lender whose quotes an analysis offers.
type Lender struct {
	// ID is the short name analyses store ("provident"); keep it when the
	// lender's name or fees change, or saved analyses lose their lender.
	ID   string `json:"id"`
	Name string `json:"name"`
	NMLS string `json:"nmls"`
	Fees []Fee  `json:"fees"`
}

// FeesTotal is what the lender adds to the third-party fees.
func (l Lender) FeesTotal() float64 {
	total := 0.0
	for _, f := range l.Fees {
		total += f.Amount
	}
	return total
}

// SisterSite is the brokerage's site for another state.
type SisterSite struct {
	State string `json:"state"`
	URL   string `json:"url"`
}

// StateLicence is one state's licence of the brokerage, as the state's
// regulator writes it (Utah: a mortgage entity licence number).
type StateLicence struct {
	State   string `json:"state"`
	Licence string `json:"licence"`
}

// Testimonial is a client's own words, which the operator holds on file:
// the site shows no testimonial that is not in the site file.
type Testimonial struct {
	Quote string `json:"quote"`
	Name  string `json:"name"`
	Town  string `json:"town"`
}

// DefaultBrand is the display name the pages use when the file gives none.
const DefaultBrand = "quotegrade"

// Site is the operator's site file.
type Site struct {
	// BrokerageName is the licensed company's legal name: advertising rules
	// (Utah, SAFE Act) want it wherever the site speaks of itself.
	BrokerageName string `json:"brokerageName"`
	// Brand is the product's display name ("quotegrade" when not set).
	Brand         string     `json:"brand"`
	BrokerageNMLS string     `json:"brokerageNmls"`
	PostalAddress string     `json:"postalAddress"`
	ContactEmail  string     `json:"contactEmail"`
	ContactPhone  string     `json:"contactPhone"`
	SisterSite    SisterSite `json:"sisterSite"`
	Lenders       []Lender   `json:"lenders"`
	// StateLicences are shown on /licensing; optional, as the NMLS entry
	// lists them too.
	StateLicences []StateLicence `json:"stateLicences"`
	Testimonials  []Testimonial  `json:"testimonials"`
	// Demonstration is true for the shipped values (no site file): every
	// page's footer then says this is a demonstration site. Not read from
	// the file.
	Demonstration bool `json:"demonstration"`
}

// Demo is the shipped demonstration site: placeholder licence numbers and
// addresses, and spec section 9's lender fees (provident 370 + 80, rocket a
// flat 1,100).
func Demo() Site {
	return Site{
		BrokerageName: "quotegrade Mortgage Brokerage",
		Brand:         DefaultBrand,
		BrokerageNMLS: "000000",
		PostalAddress: "123 Example Street, Suite 100, Salt Lake City, UT 84101",
		ContactEmail:  "hello@quotegrade.example",
		ContactPhone:  "(801) 555-0142",
		SisterSite:    SisterSite{State: "Idaho", URL: "https://idaho.quotegrade.example"},
		Lenders: []Lender{
			{ID: "provident", Name: "Provident Funding", NMLS: "000001",
				Fees: []Fee{{Label: "Underwriting fee", Amount: 370}, {Label: "Tax service fee", Amount: 80}}},
			{ID: "rocket", Name: "Rocket Mortgage", NMLS: "000002", Fees: []Fee{{Label: "Lender fee", Amount: 1100}}},
		},
		StateLicences: []StateLicence{{State: "Utah", Licence: "00000000"}},
		Testimonials:  []Testimonial{},
		Demonstration: true,
	}
}

// ConsumerAccessURL is the brokerage's entry on NMLS Consumer Access, which
// the NMLS display rules want linked beside the NMLS ID.
func (s Site) ConsumerAccessURL() string {
	return ConsumerAccessURL(s.BrokerageNMLS)
}

// ConsumerAccessURL is the NMLS Consumer Access page of the company with
// NMLS ID nmls (the web app builds the same, web/src/lib/site.tsx).
func ConsumerAccessURL(nmls string) string {
	return "https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/" + url.PathEscape(nmls)
}

// OfficerConsumerAccessURL is the NMLS Consumer Access page of the loan
// officer (an individual) with NMLS ID nmls.
func OfficerConsumerAccessURL(nmls string) string {
	return "https://www.nmlsconsumeraccess.org/EntityDetails.aspx/INDIVIDUAL/" + url.PathEscape(nmls)
}

// Lender returns the lender with id.
func (s Site) Lender(id string) (Lender, bool) {
	for _, l := range s.Lenders {
		if l.ID == id {
			return l, true
		}
	}
	return Lender{}, false
}

// LenderIDs are the ids analyses may name, in the file's order.
func (s Site) LenderIDs() []string {
	ids := make([]string, len(s.Lenders))
	for i, l := range s.Lenders {
		ids[i] = l.ID
	}
	return ids
}

// LenderFees is what lender id adds to the third-party fees; 0 for the
// visitor's own quote ("") or a lender no longer in the file.
func (s Site) LenderFees(id string) float64 {
	l, _ := s.Lender(id)
	return l.FeesTotal()
}

// DefaultLender is the lender Refi Buddy's closing costs are estimated with:
// the first in the file.
func (s Site) DefaultLender() Lender {
	return s.Lenders[0]
}

// Load reads the site file at path; an empty path means the demonstration
// site. The error is one line naming the setting and the bad key.
func Load(path string) (Site, error) {
	if path == "" {
		return Demo(), nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return Site{}, settingErr("%v", err)
	}
	s, err := Parse(b)
	if err != nil {
		return Site{}, settingErr("%s: %v", path, err)
	}
	return s, nil
}

func settingErr(format string, args ...any) error {
	return fmt.Errorf("invalid setting --site-file (QG_SITE_FILE): "+format, args...)
}

// Parse reads and checks a site file's JSON. Unknown keys are refused, so a
// misspelt key is named instead of silently falling back to nothing.
func Parse(b []byte) (Site, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var s Site
	if err := dec.Decode(&s); err != nil {
		return Site{}, decodeErr(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Site{}, errors.New("more than one JSON value in the file")
	}
	if err := s.Validate(); err != nil {
		return Site{}, err
	}
	return s.withDefaults(), nil
}

// withDefaults fills what the file may leave out: the brand, and empty lists
// rather than null in GET /api/site.
func (s Site) withDefaults() Site {
	if strings.TrimSpace(s.Brand) == "" {
		s.Brand = DefaultBrand
	}
	if s.StateLicences == nil {
		s.StateLicences = []StateLicence{}
	}
	if s.Testimonials == nil {
		s.Testimonials = []Testimonial{}
	}
	return s
}

// decodeErr names the key a JSON error is about.
func decodeErr(err error) error {
	var typeErr *json.UnmarshalTypeError
	var syntaxErr *json.SyntaxError
	switch {
	case errors.As(err, &typeErr):
		return fmt.Errorf("%s: must be a %s, not a JSON %s", typeErr.Field, jsonKind(typeErr.Type.Kind().String()), typeErr.Value)
	case errors.As(err, &syntaxErr):
		return fmt.Errorf("not valid JSON at byte %d: %v", syntaxErr.Offset, err)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return fmt.Errorf("%s: unknown key (the keys are brokerageName, brand, brokerageNmls, postalAddress, contactEmail, contactPhone, sisterSite, lenders, stateLicences, testimonials)",
			strings.Trim(strings.TrimPrefix(err.Error(), "json: unknown field "), `"`))
	}
	return fmt.Errorf("not valid JSON: %v", err)
}

func jsonKind(goKind string) string {
	switch goKind {
	case "float64":
		return "number"
	case "slice":
		return "list"
	case "struct":
		return "object"
	}
	return goKind
}

var (
	nmlsPattern     = regexp.MustCompile(`^[0-9]{1,10}$`)
	lenderIDPattern = regexp.MustCompile(`^[a-z][a-z0-9-]{0,31}$`)
)

// MaxLenderFee bounds one lender fee: a typo like 11000 for 1100 is
// plausible, a million is not.
const MaxLenderFee = 100_000

// Validate checks every key; the error names the first bad one.
func (s Site) Validate() error {
	switch {
	case strings.TrimSpace(s.BrokerageName) == "":
		return errors.New("brokerageName: is required")
	case !nmlsPattern.MatchString(s.BrokerageNMLS):
		return fmt.Errorf("brokerageNmls: must be the NMLS number, digits only (e.g. \"123456\"), got %q", s.BrokerageNMLS)
	case !vocab.ValidEmail(s.ContactEmail):
		return fmt.Errorf("contactEmail: must be an e-mail address, got %q", s.ContactEmail)
	case digits(s.ContactPhone) < 10:
		return fmt.Errorf("contactPhone: must be a phone number with area code, got %q", s.ContactPhone)
	case strings.TrimSpace(s.SisterSite.State) == "":
		return errors.New("sisterSite.state: is required")
	case !isWebAddress(s.SisterSite.URL):
		return fmt.Errorf("sisterSite.url: must be an http(s) address, got %q", s.SisterSite.URL)
	case len(s.Lenders) == 0:
		return errors.New("lenders: at least one partner lender is required")
	}
	seen := map[string]bool{}
	for i, l := range s.Lenders {
		key := fmt.Sprintf("lenders[%d]", i)
		if err := l.validate(key); err != nil {
			return err
		}
		if seen[l.ID] {
			return fmt.Errorf("%s.id: %q is used twice", key, l.ID)
		}
		seen[l.ID] = true
	}
	return s.validateListings()
}

// validateListings checks the licences and testimonials: each entry complete.
func (s Site) validateListings() error {
	for i, l := range s.StateLicences {
		if err := required(fmt.Sprintf("stateLicences[%d]", i), entry{"state", l.State}, entry{"licence", l.Licence}); err != nil {
			return err
		}
	}
	for i, t := range s.Testimonials {
		if err := required(fmt.Sprintf("testimonials[%d]", i), entry{"quote", t.Quote}, entry{"name", t.Name}, entry{"town", t.Town}); err != nil {
			return err
		}
	}
	return nil
}

// entry is one key of a listing and its value.
type entry struct{ key, value string }

// required names the first of an entry's keys left blank, as "at.key: is required".
func required(at string, entries ...entry) error {
	for _, e := range entries {
		if strings.TrimSpace(e.value) == "" {
			return fmt.Errorf("%s.%s: is required", at, e.key)
		}
	}
	return nil
}

// ProductionProblems names each site value a public server must not run on:
// the demonstration values, or no postal address (issue 26 section 4).
func (s Site) ProductionProblems() []string {
	if s.Demonstration {
		return []string{"--site-file (QG_SITE_FILE) is not set: the site would name the demonstration brokerage, licence and address"}
	}
	var out []string
	if strings.TrimSpace(s.PostalAddress) == "" {
		out = append(out, "--site-file (QG_SITE_FILE): postalAddress is missing: the footer and every e-mail must carry the brokerage's postal address")
	}
	if s.BrokerageNMLS == Demo().BrokerageNMLS {
		out = append(out, "--site-file (QG_SITE_FILE): brokerageNmls is the demonstration value 000000")
	}
	return out
}

func (l Lender) validate(key string) error {
	switch {
	case !lenderIDPattern.MatchString(l.ID):
		return fmt.Errorf("%s.id: must be lower-case letters, digits or dashes (e.g. \"provident\"), got %q", key, l.ID)
	case strings.TrimSpace(l.Name) == "":
		return fmt.Errorf("%s.name: is required", key)
	case !nmlsPattern.MatchString(l.NMLS):
		return fmt.Errorf("%s.nmls: must be the NMLS number, digits only, got %q", key, l.NMLS)
	case l.Fees == nil:
		return fmt.Errorf("%s.fees: is required (an empty list [] when the lender adds no fees)", key)
	}
	for j, f := range l.Fees {
		fk := fmt.Sprintf("%s.fees[%d]", key, j)
		if strings.TrimSpace(f.Label) == "" {
			return fmt.Errorf("%s.label: is required", fk)
		}
		if math.IsNaN(f.Amount) || f.Amount < 0 || f.Amount > MaxLenderFee {
			return fmt.Errorf("%s.amount: must be between 0 and %d, got %v", fk, MaxLenderFee, f.Amount)
		}
	}
	return nil
}

func isWebAddress(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != ""
}

func digits(s string) int {
	n := 0
	for _, r := range s {
		if r >= '0' && r <= '9' {
			n++
		}
	}
	return n
}
