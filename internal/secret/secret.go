// Package secret makes the random secrets quotegrade hands out (session
// cookies, bearer tokens, unsubscribe links) and the hashes it keeps instead
// of them, so a leaked database holds no usable secret.
package secret

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
)

// New returns 256 bits from crypto/rand, URL-safe.
func New() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("random secret: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// Hash is what is stored of a secret.
func Hash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// LogName is a short, stable stand-in for a secret in a log line (a quote
// request id opens the visitor's e-mail and phone): enough to match lines
// of one request, useless to open it.
func LogName(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:6])
}
