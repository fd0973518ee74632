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
