package vocab

import "testing"

// Amounts and rates read the same in every page, e-mail and sentence.
func TestAmountsAndRates(t *testing.T) {
	for v, want := range map[float64]string{1250: "$1,250", 1250.5: "$1,250.50", 0: "$0", -1200: "-$1,200", 1234567.891: "$1,234,567.89"} {
		if got := Dollars(v); got != want {
			t.Errorf("Dollars(%v) = %s, want %s", v, got, want)
		}
	}
	for v, want := range map[float64]string{6.5: "6.50%", 6.875: "6.875%", 6.36: "6.36%"} {
		if got := Percent(v); got != want {
			t.Errorf("Percent(%v) = %s, want %s", v, got, want)
		}
	}
}
