package loanestimate

import (
	"context"

	"quotegrade/internal/ocr"
)

// TextOfPDF is the text the matching reads, for the corpus's debugging output.
var TextOfPDF = textOfPDF

// ReadImage reads one photo or picture of a Loan Estimate's page (PNG or
// JPEG) with OCR, as the server reads a picture uploaded alone (the
// server's own reading is upload's photoReader, which remembers each
// picture's text and reads several pages with FromPages).
func ReadImage(ctx context.Context, engine *ocr.Engine, data []byte) (Fields, error) {
	text, err := engine.Image(ctx, data)
	if err != nil {
		return Fields{}, err
	}
	f, err := fromText(ctx, text)
	f.ByOCR = true
	return f, err
}
