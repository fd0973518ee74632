package api

import (
	"quotegrade/internal/jsonfield"
)

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
