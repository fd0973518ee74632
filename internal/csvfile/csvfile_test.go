package csvfile

import (
	"fmt"
	"strings"
	"testing"
)

func TestRowsComeWithTheirLineNumbersAndColumnsByName(t *testing.T) {
	tab, err := Open(strings.NewReader("# a comment\n Loan_Amount ,Rate\n100,6.5\n200,7\n"), false)
	if err != nil {
		t.Fatal(err)
	}
	if tab.Columns["loan_amount"] != 0 || tab.Columns["rate"] != 1 {
		t.Fatalf("columns = %v", tab.Columns)
	}
	var got []string
	for line, rec := range tab.Rows() {
		got = append(got, fmt.Sprintf("%s@%d", strings.Join(rec, ":"), line))
	}
	if strings.Join(got, " ") != "100:6.5@2 200:7@3" {
		t.Fatalf("rows = %v", got)
	}
	if tab.Err() != nil {
		t.Fatal(tab.Err())
	}
}

func TestABrokenRowStopsTheRowsAndNamesItsLine(t *testing.T) {
	tab, err := Open(strings.NewReader("a,b\n1,2\n3\n"), false)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for range tab.Rows() {
		n++
	}
	if n != 1 || tab.Err() == nil || !strings.HasPrefix(tab.Err().Error(), "line 3: ") {
		t.Fatalf("%d rows, err %v; want 1 row and line 3 named", n, tab.Err())
	}
	ragged, _ := Open(strings.NewReader("a,b\n1,2\n3\n"), true)
	n = 0
	for range ragged.Rows() {
		n++
	}
	if n != 2 || ragged.Err() != nil {
		t.Fatalf("ragged: %d rows, err %v", n, ragged.Err())
	}
}

func TestNoHeaderIsAnError(t *testing.T) {
	if _, err := Open(strings.NewReader(""), false); err == nil {
		t.Fatal("an empty file was read")
	}
}
