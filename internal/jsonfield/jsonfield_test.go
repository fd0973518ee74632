package jsonfield

import (
	"encoding/json"
	"testing"
)

func TestNumber(t *testing.T) {
	cases := []struct {
		in      string
		want    float64
		present bool
		invalid bool
	}{
		{`12.5`, 12.5, true, false},
		{`"250000"`, 250000, true, false},
		{`" 7 "`, 0, false, true}, // only JSON numbers, quoted or not: no spaces (issue 24 §8)
		{`""`, 0, false, false},
		{`null`, 0, false, false},
		{`"abc"`, 0, false, true},
		{`true`, 0, false, true},
		{`[1]`, 0, false, true},
		{`"NaN"`, 0, false, true},
	}
	for _, c := range cases {
		var v struct {
			N Number `json:"n"`
		}
		if err := json.Unmarshal([]byte(`{"n":`+c.in+`}`), &v); err != nil {
			t.Fatalf("%s: the document failed as a whole: %v", c.in, err)
		}
		if v.N.Present() != c.present || v.N.Invalid != c.invalid || (c.present && *v.N.Value != c.want) {
			t.Errorf("%s: got %+v", c.in, v.N)
		}
	}
}

func TestStringAndStrings(t *testing.T) {
	var v struct {
		S  String  `json:"s"`
		B  String  `json:"b"`
		L  Strings `json:"l"`
		BL Bool    `json:"bl"`
	}
	if err := json.Unmarshal([]byte(`{"s":"  hi ","b":5,"l":["a"," ","b"],"bl":"yes"}`), &v); err != nil {
		t.Fatal(err)
	}
	if *v.S.Value != "hi" || !v.B.Invalid || len(v.L.Values) != 2 || !v.BL.Invalid {
		t.Fatalf("got %+v", v)
	}
}

// Numbers only in JSON's own form, quoted or not.
func TestNumberTakesOnlyJSONNumbers(t *testing.T) {
	for raw, want := range map[string]float64{`250000`: 250000, `"250000"`: 250000, `-1.5e2`: -150, `"6.875"`: 6.875, `0`: 0} {
		var n Number
		if err := json.Unmarshal([]byte(raw), &n); err != nil || n.Invalid || n.Value == nil || *n.Value != want {
			t.Errorf("%s: %+v, want %v", raw, n, want)
		}
	}
	for _, raw := range []string{`"1_000"`, `"0x1p18"`, `"0x10"`, `"Inf"`, `"+5"`, `".5"`, `"5."`, `"1e"`, `"012"`, `"1,000"`, `"NaN"`, `"infinity"`, `" 5"`, `"5 "`, `"\t5"`, `"5\n"`} {
		var n Number
		if err := json.Unmarshal([]byte(raw), &n); err != nil || !n.Invalid || n.Value != nil {
			t.Errorf("%s: %+v, want invalid", raw, n)
		}
	}
}
