package api

import "quotegrade/internal/jsonfield"

// Request is the spec's upload request: the file's name and type.
type UploadRequest struct {
	FileName jsonfield.String `json:"fileName"`
	FileType jsonfield.String `json:"fileType"`
}

// Link is where to PUT the file and the key to submit with the request.
type UploadLink struct {
	SignedURL string `json:"signedUrl"`
	Key       string `json:"key"`
}

// CheckUpload is what the browser asks of a file it has just uploaded:
// check it and, for a Loan Estimate, read it. Pages, when sent, are the
// other pictures of the same Loan Estimate (at most two more, any order):
// they are kept with Key, read with it and attached with it, and the
// request names Key alone as uploadedFileUrl. An empty list makes Key
// stand alone again; no list keeps the pages given before.
type CheckUpload struct {
	Key   string    `json:"key"`
	Pages *[]string `json:"pages"`
}

// QuoteFileLink is a short-lived link to a request's uploaded quote (URL,
// the file the request names) and one to each of its files: that file,
// then the other pictures of a Loan Estimate uploaded a page at a time.
type QuoteFileLink struct {
	URL   string      `json:"url"`
	Files []QuoteFile `json:"files"`
}

// QuoteFile is one uploaded file and its short-lived link.
type QuoteFile struct {
	FileName string `json:"fileName"`
	URL      string `json:"url"`
}

// LoanEstimateReview is what the broker sees beside a request's uploaded
// Loan Estimate: everything read, each line classified, the lender fees the
// quote form takes from it (docs/loan-estimate.md), and the lender's APR
// beside the one the math core computes from the same loan.
type LoanEstimateReview struct {
	// LoanEstimate is nil when the file is no readable Loan Estimate; its
	// PleaseCheck names what was read from a picture, as the visitor saw it.
	LoanEstimate   *LoanEstimate    `json:"loanEstimate"`
	Lines          []ClassifiedLine `json:"lines"`
	LenderFeesUsed *float64         `json:"lenderFeesUsed"`
	LenderAPR      *float64         `json:"lenderApr"`
	ComputedAPR    *float64         `json:"computedApr"`
	// ComputedAPRWithDifference is the math core's APR with the charges of
	// APRDifference added to the prepaid finance charges.
	ComputedAPRWithDifference *float64 `json:"computedAprWithDifference"`
	// APRDifference lists the charges in the Loan Estimate the math core's
	// APR leaves out: prepaid interest, mortgage insurance and finance
	// charges outside section A that the lender fees do not include.
	APRDifference []APRCharge `json:"aprDifference"`
}

// ClassifiedLine is a line of sections A-H with whose charge it is.
type ClassifiedLine struct {
	LoanEstimateLine
	Kind         string `json:"kind"`
	InLenderFees bool   `json:"inLenderFees"`
}

// APRCharge is one charge behind the difference between the two APRs.
type APRCharge struct {
	Label  string  `json:"label"`
	Amount float64 `json:"amount"`
	Reason string  `json:"reason"`
}
