package vocab

import (
	"slices"
	"strings"
)

// usStates are the two-letter codes of the 50 states and DC. The product serves
// Utah, but a sister site serves another state and the payload carries the state.
var usStates = strings.Fields(`AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY`)

// ValidState reports whether code is a US state code, in any letter case.
func ValidState(code string) bool { return slices.Contains(usStates, strings.ToUpper(code)) }
