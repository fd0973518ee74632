package api

import (
	"errors"
	"time"
)

// Identity is who the identity provider vouched for.
type Identity struct {
	Subject string
	Email   string
	Name    string
}

// Token is a bearer token and when it stops working.
type BearerToken struct {
	Value     string
	ExpiresAt time.Time
}

// ErrNoUser: no valid sign-in came with the request.
var ErrNoUser = errors.New("No authenticated user")

// SessionLifetime is how long a sign-in lasts: a working day. The session
// cookie lives as long as the session it holds.
const SessionLifetime = 12 * time.Hour
