package testsupport

import (
	"bytes"
	"compress/zlib"
	"io"
	"testing"
)

// The bomb's stream is a true zlib stream (checksum included) of the size
// asked for, so the tests that use it measure a real bomb.
func TestDeflateRepeatedInflatesToTheWholeText(t *testing.T) {
	block := bytes.Repeat([]byte("(AAAA) Tj\n"), 10000)
	z := deflateRepeated(t, []byte("BT "), block, 40, []byte("ET\n"))
	zr, err := zlib.NewReader(bytes.NewReader(z))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := io.Copy(&out, zr); err != nil {
		t.Fatalf("inflate: %v", err)
	}
	want := append(append([]byte("BT "), bytes.Repeat(block, 40)...), "ET\n"...)
	if !bytes.Equal(out.Bytes(), want) {
		t.Fatalf("inflated %d bytes, want %d", out.Len(), len(want))
	}
	if len(z) > len(want)/100 {
		t.Fatalf("compressed to %d bytes; a bomb should be far smaller", len(z))
	}
}
