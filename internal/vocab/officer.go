package vocab

import (
	"regexp"
	"strings"

	"quotegrade/internal/apperr"
)

// nmlsID is an NMLS unique identifier: digits only, up to 12 (NMLS gives
// individuals numbers of 1 to 7 digits today).
var nmlsID = regexp.MustCompile(`^[0-9]{1,12}$`)

// CheckLoanOfficer refuses a loan officer profile without both a name and an
// NMLS ID of digits, naming the field ("name", "nmls"): the analysis says
// "Reviewed by NAME, NMLS #ID" and both must be true.
func CheckLoanOfficer(name, nmls string) error {
	f := apperr.Fields{}
	if strings.TrimSpace(name) == "" || len(name) > 200 {
		f.Add("name", "Enter the loan officer's name as licensed (up to 200 characters)")
	}
	if !nmlsID.MatchString(strings.TrimSpace(nmls)) {
		f.Add("nmls", "Enter the loan officer's individual NMLS ID: digits only, as on NMLS Consumer Access")
	}
	return f.Err("The loan officer profile needs a name and an NMLS ID")
}

// MsgNoLoanOfficer refuses a broker without a loan officer profile what
// would reach a visitor under their name: saving an analysis, sending an
// e-mail (SAFE Act, 12 CFR 1007.105).
const MsgNoLoanOfficer = "Set your loan officer profile first: your name and NMLS ID, on the Profile page of the broker area. " +
	"Every analysis and e-mail names the loan officer who sends it"

// ErrNoLoanOfficer is MsgNoLoanOfficer as a refusal (403).
var ErrNoLoanOfficer = apperr.Forbidden(MsgNoLoanOfficer)
