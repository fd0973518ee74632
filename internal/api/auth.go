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

// ErrSecondFactorRequired: the session signed in outside development mode
// and its admin has not yet passed the second factor (decision 0039).
var ErrSecondFactorRequired = errors.New("Enter the code from your authenticator app to continue")

// ErrOtherDomain: the identity provider's account is not of the brokerage's
// Google Workspace domain (--google-hosted-domain).
var ErrOtherDomain = errors.New("the account is not of the admitted Google Workspace domain")

// DefaultIdleTimeout is how long a session may go without minting a token
// before it ends (--admin-idle-timeout).
const DefaultIdleTimeout = 30 * time.Minute

// SecondFactorStatus is GET /api/auth/second-factor's answer: where the
// signed-in broker stands with the second factor.
type SecondFactorStatus struct {
	Email string `json:"email"`
	// Required: this session must pass the second factor before the admin area opens.
	Required bool `json:"required"`
	// Passed: it has (or needs not).
	Passed bool `json:"passed"`
	// Enrolled: the broker has confirmed an authenticator app.
	Enrolled bool `json:"enrolled"`
	// RecoveryCodesLeft counts the unspent recovery codes.
	RecoveryCodesLeft int `json:"recovery_codes_left"`
}

// SecondFactorEnrolment is what the broker's authenticator app needs, shown
// once: the secret as text, the otpauth:// link and a QR code of it (PNG).
type SecondFactorEnrolment struct {
	Secret     string `json:"secret"`
	OTPAuthURL string `json:"otpauth_url"`
	QRCodePNG  string `json:"qr_code_png"`
}

// SecondFactorCode is what the broker types: a six-digit code from the app,
// or (to sign in) one recovery code.
type SecondFactorCode struct {
	Code string `json:"code"`
}

// RecoveryCodes are shown once, when the enrolment is confirmed.
type RecoveryCodes struct {
	RecoveryCodes []string `json:"recovery_codes"`
}

// AdminAccount is one broker in the admin area's list: who has enrolled a second factor.
type AdminAccount struct {
	Email      string     `json:"email"`
	Name       string     `json:"name"`
	GrantedAt  time.Time  `json:"granted_at"`
	EnrolledAt *time.Time `json:"enrolled_at"`
}
