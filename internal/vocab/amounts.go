package vocab

import (
	"fmt"
	"math"
	"strings"
)

// Dollars shows an amount as the product does: whole dollars without
// cents, otherwise two decimals, with thousands separators ($1,250 or $1,250.50).
func Dollars(v float64) string {
	cents := int64(math.Round(math.Abs(v) * 100))
	sign := ""
	if v < 0 && cents > 0 {
		sign = "-"
	}
	whole := groupThousands(cents / 100)
	if cents%100 == 0 {
		return sign + "$" + whole
	}
	return fmt.Sprintf("%s$%s.%02d", sign, whole, cents%100)
}

func groupThousands(n int64) string {
	s := fmt.Sprint(n)
	var b strings.Builder
	for i, d := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	return b.String()
}

// Percent shows a rate as the product does: 2 to 3 decimals (6.50%, 6.875%).
func Percent(v float64) string {
	return strings.TrimSuffix(fmt.Sprintf("%.3f", v), "0") + "%"
}
