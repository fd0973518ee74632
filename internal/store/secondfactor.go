package store

import (
	"context"
	"time"
)

// SecondFactors keeps brokers' second factors (TOTP and recovery codes,
// decision 0039), the sessions' passage through them and their idle time.
type SecondFactors interface {
	// StartSecondFactor keeps a new, unconfirmed TOTP secret for a user,
	// replacing an earlier unconfirmed one; apperr.ErrConflict when the user
	// has a confirmed one.
	StartSecondFactor(ctx context.Context, userID, sealed string, at time.Time) error
	// GetSecondFactor is a user's second factor; apperr.ErrNotFound when none
	// was started.
	GetSecondFactor(ctx context.Context, userID string) (SecondFactor, error)
	// ConfirmSecondFactor marks the started secret enrolled, with the step of
	// the code that confirmed it as the last one used, and replaces the
	// user's recovery codes with codeHashes; apperr.ErrConflict when there is
	// no unconfirmed secret, or step was not after the last one used.
	ConfirmSecondFactor(ctx context.Context, userID string, step int64, codeHashes []string, at time.Time) error
	// UseSecondFactorStep records that a code of step was accepted; false
	// (and nothing written) when step is not after the last one accepted: a
	// code is never taken twice, even by two copies at once.
	UseSecondFactorStep(ctx context.Context, userID string, step int64) (bool, error)
	// UseRecoveryCode spends one of the user's recovery codes;
	// apperr.ErrNotFound when it is unknown or already spent.
	UseRecoveryCode(ctx context.Context, userID, codeHash string, at time.Time) error
	// CountSecondFactorFailure adds a wrong code to the user's run of them
	// (a run that began before since starts again at one) and returns the
	// run's length and start.
	CountSecondFactorFailure(ctx context.Context, userID string, at, since time.Time) (int, time.Time, error)
	// DeleteSecondFactor removes the second factor and recovery codes of the
	// user with this e-mail (quotegrade admin reset-second-factor);
	// apperr.ErrNotFound when there is none.
	DeleteSecondFactor(ctx context.Context, email string) error
	// PassSecondFactor records that a session passed the second factor.
	PassSecondFactor(ctx context.Context, sessionID string, at time.Time) error
	// TouchSession records activity on a session (idle expiry).
	TouchSession(ctx context.Context, sessionID string, at time.Time) error
	// TouchSessionOfToken records activity at at on the session of a bearer
	// token, never moving it back; an unknown token is no error.
	TouchSessionOfToken(ctx context.Context, tokenHash string, at time.Time) error
	// ListAdmins lists every admin by e-mail with their name and when they
	// enrolled a second factor, if they did.
	ListAdmins(ctx context.Context) ([]AdminAccount, error)
}

// SecondFactor is a user's TOTP secret, sealed (never in the clear).
type SecondFactor struct {
	UserID     string
	Sealed     string
	CreatedAt  time.Time
	EnrolledAt *time.Time
	LastStep   int64
	// Failures is the current run of wrong codes, begun at FailedAt.
	Failures int
	FailedAt *time.Time
	// RecoveryCodesLeft counts the unspent recovery codes.
	RecoveryCodesLeft int
}

// AdminAccount is one admin as the admin area lists them.
type AdminAccount struct {
	Email     string
	Name      string
	GrantedAt time.Time
	// EnrolledAt is when they enrolled a second factor; nil when they have not.
	EnrolledAt *time.Time
}
