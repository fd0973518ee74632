package vocab

// MaxUploadBytes is the largest file a visitor may upload (a quote or a Loan
// Estimate): the server counts the bytes actually received against it,
// whatever the client claimed, and reads no more of a stored file.
const MaxUploadBytes = 10 << 20

// MsgUploadTooLarge is the spec's message for MaxUploadBytes.
const MsgUploadTooLarge = "File size must be less than 10MB"
