package auth

import (
	"bytes"
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/base64"
	"errors"
	"fmt"
	"image/png"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"quotegrade/internal/api"
	"quotegrade/internal/apperr"
	"quotegrade/internal/secret"
	"quotegrade/internal/store"
)

// The second factor (decision 0039): TOTP (RFC 6238) with 30-second steps
// and six digits, one step of clock drift either way; ten recovery codes.
const (
	totpPeriod        = 30
	recoveryCodeCount = 10
	// MaxSecondFactorFailures wrong codes within SecondFactorLockout lock
	// the broker's second factor until that long after the first of them.
	MaxSecondFactorFailures = 5
	SecondFactorLockout     = 15 * time.Minute
)

// SecondFactorStore keeps second factors and the sessions' passage through them.
type SecondFactorStore interface {
	StartSecondFactor(ctx context.Context, userID, sealed string, at time.Time) error
	GetSecondFactor(ctx context.Context, userID string) (store.SecondFactor, error)
	ConfirmSecondFactor(ctx context.Context, userID string, step int64, codeHashes []string, at time.Time) error
	UseSecondFactorStep(ctx context.Context, userID string, step int64) (bool, error)
	UseRecoveryCode(ctx context.Context, userID, codeHash string, at time.Time) error
	CountSecondFactorFailure(ctx context.Context, userID string, at, since time.Time) (int, time.Time, error)
	PassSecondFactor(ctx context.Context, sessionID string, at time.Time) error
	TouchSession(ctx context.Context, sessionID string, at time.Time) error
	TouchSessionOfToken(ctx context.Context, tokenHash string, at time.Time) error
	ListAdmins(ctx context.Context) ([]store.AdminAccount, error)
}

// Sealer encrypts TOTP secrets at rest with AES-256-GCM under the server's
// second-factor key, bound to the user they belong to.
type Sealer struct{ aead cipher.AEAD }

// NewSealer derives the AES key from key (32+ bytes of secret material).
func NewSealer(key []byte) (*Sealer, error) {
	if len(key) < 32 {
		return nil, errors.New("second-factor key: at least 32 bytes")
	}
	k := sha256.Sum256(key)
	block, err := aes.NewCipher(k[:])
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &Sealer{aead: aead}, nil
}

func (s *Sealer) seal(userID, plain string) (string, error) {
	nonce := make([]byte, s.aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return base64.RawStdEncoding.EncodeToString(s.aead.Seal(nonce, nonce, []byte(plain), []byte(userID))), nil
}

func (s *Sealer) open(userID, sealed string) (string, error) {
	raw, err := base64.RawStdEncoding.DecodeString(sealed)
	if err != nil || len(raw) < s.aead.NonceSize() {
		return "", errors.New("open second factor: not a sealed secret")
	}
	n := s.aead.NonceSize()
	plain, err := s.aead.Open(nil, raw[:n], raw[n:], []byte(userID))
	if err != nil {
		return "", errors.New("open second factor: the second-factor key is not the one it was sealed with (QG_SECOND_FACTOR_KEY)")
	}
	return string(plain), nil
}

// UseSecondFactor makes sessions signed in from now on pass the second factor
// before an admin acts (outside development mode); secrets are sealed with
// sealer and the authenticator app shows issuer.
func (s *Sessions) UseSecondFactor(sealer *Sealer, issuer string) {
	s.requireSecondFactor, s.sealer, s.issuer = true, sealer, issuer
}

// SetIdleTimeout ends sessions that go d without activity.
func (s *Sessions) SetIdleTimeout(d time.Duration) { s.idle = d }

// activeSession is the live session behind cookie and its user, or ErrNoUser.
func (s *Sessions) activeSession(ctx context.Context, cookie string) (store.Session, store.User, error) {
	ses, u, err := s.store.SessionBySecret(ctx, secret.Hash(cookie), s.now().UTC())
	if errors.Is(err, apperr.ErrNotFound) {
		return ses, u, ErrNoUser
	}
	return ses, u, err
}

// passed: the session may act as its user's admin.
func passed(ses store.Session, u store.User) bool {
	return !u.IsAdmin || !ses.NeedsSecondFactor || ses.SecondFactorAt != nil
}

// SecondFactorStatus says where the session behind cookie stands.
func (s *Sessions) SecondFactorStatus(ctx context.Context, cookie string) (api.SecondFactorStatus, error) {
	ses, u, err := s.activeSession(ctx, cookie)
	if err != nil {
		return api.SecondFactorStatus{}, err
	}
	st := api.SecondFactorStatus{Email: u.Email, Required: u.IsAdmin && ses.NeedsSecondFactor, Passed: passed(ses, u)}
	f, err := s.store.GetSecondFactor(ctx, u.ID)
	if err != nil && !errors.Is(err, apperr.ErrNotFound) {
		return st, err
	}
	st.Enrolled, st.RecoveryCodesLeft = err == nil && f.EnrolledAt != nil, f.RecoveryCodesLeft
	return st, nil
}

// StartEnrolment makes a new TOTP secret for the broker behind cookie and
// answers it once, with its QR code; it takes effect when ConfirmEnrolment
// sees a code from it. A broker who has enrolled cannot start again (an
// operator resets them: quotegrade admin reset-second-factor).
func (s *Sessions) StartEnrolment(ctx context.Context, cookie string) (api.SecondFactorEnrolment, error) {
	var out api.SecondFactorEnrolment
	_, u, err := s.activeSession(ctx, cookie)
	if err != nil {
		return out, err
	}
	if !u.IsAdmin {
		return out, apperr.Forbidden("Only brokers set up a second factor")
	}
	if s.sealer == nil {
		return out, apperr.NotFound("The second factor is not used on this server (development mode)")
	}
	key, err := totp.Generate(totp.GenerateOpts{Issuer: s.issuer, AccountName: u.Email, Period: totpPeriod,
		Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		return out, fmt.Errorf("make second factor: %w", err)
	}
	sealed, err := s.sealer.seal(u.ID, key.Secret())
	if err != nil {
		return out, fmt.Errorf("seal second factor: %w", err)
	}
	if err := s.store.StartSecondFactor(ctx, u.ID, sealed, s.now().UTC()); errors.Is(err, apperr.ErrConflict) {
		return out, apperr.Conflict("You have already set up an authenticator app")
	} else if err != nil {
		return out, err
	}
	img, err := key.Image(240, 240)
	if err != nil {
		return out, fmt.Errorf("second factor QR code: %w", err)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return out, fmt.Errorf("second factor QR code: %w", err)
	}
	return api.SecondFactorEnrolment{Secret: key.Secret(), OTPAuthURL: key.URL(),
		QRCodePNG: "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())}, nil
}

// ConfirmEnrolment checks a code from the new secret; when it is right the
// secret is enrolled, the session has passed, and the recovery codes are
// answered: the only time anyone sees them.
func (s *Sessions) ConfirmEnrolment(ctx context.Context, cookie, code string) ([]string, error) {
	ses, u, err := s.activeSession(ctx, cookie)
	if err != nil {
		return nil, err
	}
	f, err := s.store.GetSecondFactor(ctx, u.ID)
	if errors.Is(err, apperr.ErrNotFound) || (err == nil && f.EnrolledAt != nil) {
		return nil, apperr.Conflict("Start setting up your authenticator app first")
	}
	if err != nil {
		return nil, err
	}
	step, err := s.checkTOTP(ctx, u.ID, f, code)
	if err != nil {
		return nil, err
	}
	codes, hashes, err := newRecoveryCodes()
	if err != nil {
		return nil, err
	}
	now := s.now().UTC()
	if err := s.store.ConfirmSecondFactor(ctx, u.ID, step, hashes, now); errors.Is(err, apperr.ErrConflict) {
		return nil, apperr.Conflict("That code was already used: wait for the next one")
	} else if err != nil {
		return nil, err
	}
	return codes, s.store.PassSecondFactor(ctx, ses.ID, now)
}

// VerifySecondFactor passes the session behind cookie with a code from the
// broker's app (each code once) or one unspent recovery code.
func (s *Sessions) VerifySecondFactor(ctx context.Context, cookie, code string) error {
	ses, u, err := s.activeSession(ctx, cookie)
	if err != nil {
		return err
	}
	f, err := s.store.GetSecondFactor(ctx, u.ID)
	if errors.Is(err, apperr.ErrNotFound) || (err == nil && f.EnrolledAt == nil) {
		return apperr.Conflict("Set up your authenticator app first")
	}
	if err != nil {
		return err
	}
	now := s.now().UTC()
	if recovery := normalRecoveryCode(code); recovery != "" {
		if err := s.checkNotLocked(f); err != nil {
			return err
		}
		if err := s.store.UseRecoveryCode(ctx, u.ID, secret.Hash(recovery), now); errors.Is(err, apperr.ErrNotFound) {
			return s.failed(ctx, u.ID, "That recovery code is not right, or was already used")
		} else if err != nil {
			return err
		}
		return s.store.PassSecondFactor(ctx, ses.ID, now)
	}
	step, err := s.checkTOTP(ctx, u.ID, f, code)
	if err != nil {
		return err
	}
	ok, err := s.store.UseSecondFactorStep(ctx, u.ID, step)
	if err != nil {
		return err
	}
	if !ok {
		return s.failed(ctx, u.ID, "That code was already used: wait for the next one")
	}
	return s.store.PassSecondFactor(ctx, ses.ID, now)
}

// checkTOTP answers the step of the code, one step of drift either way,
// refusing a step at or before the last one used and counting failures.
func (s *Sessions) checkTOTP(ctx context.Context, userID string, f store.SecondFactor, code string) (int64, error) {
	if err := s.checkNotLocked(f); err != nil {
		return 0, err
	}
	code = strings.Join(strings.Fields(code), "")
	if len(code) != 6 || strings.Trim(code, "0123456789") != "" {
		return 0, s.failed(ctx, userID, "Enter the six-digit code from your authenticator app")
	}
	plain, err := s.sealer.open(userID, f.Sealed)
	if err != nil {
		return 0, err
	}
	now := s.now().Unix() / totpPeriod
	replayed := false
	for _, step := range []int64{now, now - 1, now + 1} {
		want, err := totp.GenerateCodeCustom(plain, time.Unix(step*totpPeriod, 0).UTC(),
			totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
		if err != nil {
			return 0, fmt.Errorf("second factor code: %w", err)
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			if step > f.LastStep {
				return step, nil
			}
			replayed = true
		}
	}
	if replayed {
		return 0, s.failed(ctx, userID, "That code was already used: wait for the next one")
	}
	return 0, s.failed(ctx, userID, "That code is not right: check your authenticator app's clock and try the current code")
}

// checkNotLocked refuses every code while a run of wrong ones is at its limit.
func (s *Sessions) checkNotLocked(f store.SecondFactor) error {
	if f.Failures < MaxSecondFactorFailures || f.FailedAt == nil {
		return nil
	}
	until := f.FailedAt.Add(SecondFactorLockout)
	if wait := until.Sub(s.now()); wait > 0 {
		return lockedOut(wait)
	}
	return nil
}

func lockedOut(wait time.Duration) error {
	minutes := int(wait.Round(time.Minute) / time.Minute)
	if minutes < 1 {
		minutes = 1
	}
	return apperr.Quota(fmt.Sprintf("Too many wrong codes: try again in %d minute%s", minutes, map[bool]string{true: "", false: "s"}[minutes == 1]))
}

// failed counts a wrong code and answers msg, or the lockout it caused.
func (s *Sessions) failed(ctx context.Context, userID, msg string) error {
	now := s.now().UTC()
	n, start, err := s.store.CountSecondFactorFailure(ctx, userID, now, now.Add(-SecondFactorLockout))
	if err != nil {
		return err
	}
	if n >= MaxSecondFactorFailures {
		return lockedOut(start.Add(SecondFactorLockout).Sub(now))
	}
	return &apperr.Invalid{Message: msg}
}

// Recovery codes: 16 letters and digits of base32 (80 bits) in groups of
// four, e.g. "k3xq-7vma-pd2r-h8wz"; only their hashes are kept.
var recoveryAlphabet = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

func newRecoveryCodes() (codes, hashes []string, err error) {
	for range recoveryCodeCount {
		b := make([]byte, 10)
		if _, err := rand.Read(b); err != nil {
			return nil, nil, fmt.Errorf("recovery code: %w", err)
		}
		c := recoveryAlphabet.EncodeToString(b)
		codes = append(codes, c[0:4]+"-"+c[4:8]+"-"+c[8:12]+"-"+c[12:16])
		hashes = append(hashes, secret.Hash(c))
	}
	return codes, hashes, nil
}

// normalRecoveryCode is code as a recovery code without its dashes and
// spaces, lower case; "" when it cannot be one.
func normalRecoveryCode(code string) string {
	c := strings.ToLower(strings.NewReplacer("-", "", " ", "").Replace(code))
	if len(c) != 16 {
		return ""
	}
	if _, err := recoveryAlphabet.DecodeString(c); err != nil {
		return ""
	}
	return c
}

// Admins lists every broker and whether they enrolled a second factor.
func (s *Sessions) Admins(ctx context.Context) ([]api.AdminAccount, error) {
	list, err := s.store.ListAdmins(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]api.AdminAccount, len(list))
	for i, a := range list {
		out[i] = api.AdminAccount{Email: a.Email, Name: a.Name, GrantedAt: a.GrantedAt, EnrolledAt: a.EnrolledAt}
	}
	return out, nil
}
