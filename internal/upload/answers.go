package upload

import (
	"context"
	"errors"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/figures"
	"quotegrade/internal/store"
	"quotegrade/internal/vocab"
)

// The uploads' answers to the API: a file just uploaded, checked and read
// for the wizard; and a request's stored upload, for the broker.

// ErrNoUpload: the request has no uploaded quote.
var ErrNoUpload = apperr.NotFound("This quote request has no uploaded file")

// CheckUpload checks a file the browser has just uploaded and, when it is a
// Loan Estimate, reads its figures for the wizard. When r.Pages is sent,
// they are first kept as the other pictures of the file's Loan Estimate
// (checked as the file is); the file is read with its pages.
func (s *Service) CheckUpload(ctx context.Context, r api.CheckUpload) (api.CheckedUpload, error) {
	c, err := s.Check(ctx, r.Key)
	if err != nil {
		return api.CheckedUpload{}, err
	}
	if r.Pages != nil {
		if err := s.setPages(ctx, c, *r.Pages); err != nil {
			return api.CheckedUpload{}, err
		}
	}
	pages, err := s.pagesOf(ctx, c)
	if err != nil {
		return api.CheckedUpload{}, err
	}
	out := api.CheckedUpload{Key: r.Key, FileName: c.Upload.FileName, DetectedType: c.DetectedType, Pages: uploadedPages(pages)}
	read, err := s.ReadLoanEstimate(ctx, c)
	if err != nil {
		return api.CheckedUpload{}, err
	}
	out.CouldNotRead = read.CouldNotRead
	if read.Fields != nil {
		le := figures.LoanEstimateOf(*read.Fields, read.PleaseCheck)
		out.LoanEstimate = &le
	}
	return out, nil
}

// UploadLink is a short-lived link to a request's uploaded quote.
func (s *Service) UploadLink(ctx context.Context, requestID string) (string, error) {
	r, err := s.uploadOf(ctx, requestID)
	if err != nil {
		return "", err
	}
	return s.DownloadURL(ctx, *r.UserUploadedQuoteURL)
}

// LoanEstimateReview reads a request's stored upload again for the broker
// (decision 0020): what a Loan Estimate says, classified, with both APRs.
// A file that is no readable Loan Estimate answers an empty review.
func (s *Service) LoanEstimateReview(ctx context.Context, requestID string) (api.LoanEstimateReview, error) {
	r, err := s.uploadOf(ctx, requestID)
	if err != nil {
		return api.LoanEstimateReview{}, err
	}
	c, err := s.Check(ctx, *r.UserUploadedQuoteURL)
	if err != nil {
		return api.LoanEstimateReview{}, err
	}
	read, err := s.ReadLoanEstimate(ctx, c)
	if err != nil {
		return api.LoanEstimateReview{}, err
	}
	pleaseCheck := read.PleaseCheck
	if pleaseCheck == nil {
		pleaseCheck = []string{}
	}
	return figures.LoanEstimateReview(r, read.Fields, pleaseCheck), nil
}

// uploadOf is a request with an uploaded quote.
func (s *Service) uploadOf(ctx context.Context, requestID string) (store.QuoteRequest, error) {
	r, err := s.store.GetQuoteRequest(ctx, requestID)
	if errors.Is(err, apperr.ErrNotFound) {
		return r, vocab.ErrRequestNotFound
	}
	if err != nil {
		return r, err
	}
	if r.UserUploadedQuoteURL == nil {
		return r, ErrNoUpload
	}
	return r, nil
}

// LoanEstimateTerms reads what an uploaded Loan Estimate says that its
// figures do not price, for the comparison of a request's quotes (issue 29):
// the rate lock and the prepayment penalty. A file that is no readable Loan
// Estimate has none; err is loanestimate.ErrBusy when the readers are busy.
func (s *Service) LoanEstimateTerms(ctx context.Context, key string) (store.QuoteTerms, error) {
	c, err := s.Check(ctx, key)
	if err != nil {
		return store.QuoteTerms{}, err
	}
	read, err := s.ReadLoanEstimate(ctx, c)
	if err != nil || read.Fields == nil {
		return store.QuoteTerms{}, err
	}
	return store.QuoteTerms{RateLockUntil: read.Fields.RateLockUntil, PrepaymentPenalty: read.Fields.PrepaymentPenalty}, nil
}
