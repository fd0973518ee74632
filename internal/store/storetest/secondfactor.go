package storetest

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"

	"quotegrade/internal/apperr"
	"quotegrade/internal/store"
)

// secondFactorEnrolment: a started secret can be replaced until confirmed,
// confirmation keeps the step and the recovery codes, a step is taken once,
// a recovery code is spent once, and a reset removes everything.
func secondFactorEnrolment(t *testing.T, s store.Store) {
	u := newUser(t, s, "totp@example.com")
	if _, err := s.GetSecondFactor(ctx, u.ID); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("second factor before any: %v", err)
	}
	mustNo(t, s.StartSecondFactor(ctx, u.ID, "sealed-1", at))
	mustNo(t, s.StartSecondFactor(ctx, u.ID, "sealed-2", at.Add(time.Minute)))
	got, err := s.GetSecondFactor(ctx, u.ID)
	mustNo(t, err)
	want := store.SecondFactor{UserID: u.ID, Sealed: "sealed-2", CreatedAt: at.Add(time.Minute)}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("started second factor = %+v, want %+v", got, want)
	}
	if ok, err := s.UseSecondFactorStep(ctx, u.ID, 100); err != nil || ok {
		t.Fatalf("a step of an unconfirmed secret: %v %v", ok, err)
	}
	mustNo(t, s.ConfirmSecondFactor(ctx, u.ID, 100, []string{"h1", "h2", "h3"}, at.Add(2*time.Minute)))
	got, err = s.GetSecondFactor(ctx, u.ID)
	mustNo(t, err)
	want.EnrolledAt, want.LastStep, want.RecoveryCodesLeft = ptr(at.Add(2*time.Minute)), 100, 3
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("confirmed second factor = %+v, want %+v", got, want)
	}
	if err := s.ConfirmSecondFactor(ctx, u.ID, 101, nil, at); !errors.Is(err, apperr.ErrConflict) {
		t.Fatalf("second confirmation: %v", err)
	}
	if err := s.StartSecondFactor(ctx, u.ID, "sealed-3", at); !errors.Is(err, apperr.ErrConflict) {
		t.Fatalf("starting over a confirmed secret: %v", err)
	}
	for _, c := range []struct {
		step int64
		ok   bool
	}{{100, false}, {99, false}, {101, true}, {101, false}} {
		if ok, err := s.UseSecondFactorStep(ctx, u.ID, c.step); err != nil || ok != c.ok {
			t.Fatalf("step %d: %v %v, want %v", c.step, ok, err, c.ok)
		}
	}
	mustNo(t, s.UseRecoveryCode(ctx, u.ID, "h2", at.Add(3*time.Minute)))
	if err := s.UseRecoveryCode(ctx, u.ID, "h2", at.Add(4*time.Minute)); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("a spent recovery code: %v", err)
	}
	if err := s.UseRecoveryCode(ctx, u.ID, "unknown", at); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("an unknown recovery code: %v", err)
	}
	other := newUser(t, s, "other@example.com")
	if err := s.UseRecoveryCode(ctx, other.ID, "h1", at); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("another user's recovery code: %v", err)
	}
	if got, _ = s.GetSecondFactor(ctx, u.ID); got.RecoveryCodesLeft != 2 || got.LastStep != 101 {
		t.Fatalf("after one code spent and step 101: %+v", got)
	}
	mustNo(t, s.DeleteSecondFactor(ctx, "TOTP@example.com"))
	if _, err := s.GetSecondFactor(ctx, u.ID); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("second factor after reset: %v", err)
	}
	if err := s.UseRecoveryCode(ctx, u.ID, "h1", at); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("recovery code after reset: %v", err)
	}
	if err := s.DeleteSecondFactor(ctx, u.Email); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("second reset: %v", err)
	}
	// Enrolling again after a reset starts from nothing.
	mustNo(t, s.StartSecondFactor(ctx, u.ID, "sealed-4", at))
	mustNo(t, s.ConfirmSecondFactor(ctx, u.ID, 50, []string{"h9"}, at))
}

// secondFactorFailures: wrong codes count up within a run; a run older than
// since starts again; an accepted code ends the run.
func secondFactorFailures(t *testing.T, s store.Store) {
	u := newUser(t, s, "fail@example.com")
	if _, _, err := s.CountSecondFactorFailure(ctx, u.ID, at, at.Add(-time.Minute)); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("failure without a second factor: %v", err)
	}
	mustNo(t, s.StartSecondFactor(ctx, u.ID, "sealed", at))
	for i := 1; i <= 3; i++ {
		now := at.Add(time.Duration(i) * time.Minute)
		n, start, err := s.CountSecondFactorFailure(ctx, u.ID, now, now.Add(-15*time.Minute))
		mustNo(t, err)
		if n != i || !start.Equal(at.Add(time.Minute)) {
			t.Fatalf("failure %d: %d since %v", i, n, start)
		}
	}
	late := at.Add(time.Hour)
	n, start, err := s.CountSecondFactorFailure(ctx, u.ID, late, late.Add(-15*time.Minute))
	mustNo(t, err)
	if n != 1 || !start.Equal(late) {
		t.Fatalf("failure after the window: %d since %v", n, start)
	}
	mustNo(t, s.ConfirmSecondFactor(ctx, u.ID, 7, nil, late))
	if got, _ := s.GetSecondFactor(ctx, u.ID); got.Failures != 0 || got.FailedAt != nil {
		t.Fatalf("failures after an accepted code: %+v", got)
	}
}

// sessionSecondFactor: a session remembers it needs the second factor; until
// it passes, an admin's tokens are refused; last seen moves with activity.
func sessionSecondFactor(t *testing.T, s store.Store) {
	u := newUser(t, s, "pass@example.com")
	mustNo(t, s.GrantAdmin(ctx, u.Email, at))
	ses := store.Session{ID: uuid.NewString(), SecretHash: uuid.NewString(), UserID: u.ID, CreatedAt: at,
		ExpiresAt: at.Add(12 * time.Hour), NeedsSecondFactor: true}
	mustNo(t, s.CreateSession(ctx, ses))
	got, _, err := s.SessionBySecret(ctx, ses.SecretHash, at)
	mustNo(t, err)
	want := ses
	want.LastSeenAt = ptr(at)
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("new session = %+v, want %+v", got, want)
	}
	tok := store.AccessToken{TokenHash: uuid.NewString(), SessionID: ses.ID, ExpiresAt: at.Add(5 * time.Minute)}
	mustNo(t, s.CreateAccessToken(ctx, tok))
	if _, err := s.UserByAccessToken(ctx, tok.TokenHash, at); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("an admin's token before the second factor: %v", err)
	}
	mustNo(t, s.PassSecondFactor(ctx, ses.ID, at.Add(time.Minute)))
	mustNo(t, s.TouchSession(ctx, ses.ID, at.Add(2*time.Minute)))
	if got, err := s.UserByAccessToken(ctx, tok.TokenHash, at.Add(2*time.Minute)); err != nil || !got.IsAdmin {
		t.Fatalf("an admin's token after the second factor: %v %+v", err, got)
	}
	got, _, err = s.SessionBySecret(ctx, ses.SecretHash, at.Add(2*time.Minute))
	mustNo(t, err)
	want.SecondFactorAt, want.LastSeenAt = ptr(at.Add(time.Minute)), ptr(at.Add(2*time.Minute))
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("passed session = %+v, want %+v", got, want)
	}
	// A non-admin's session needing the second factor still works: only admins must pass it.
	v := newUser(t, s, "visitor@example.com")
	vs := store.Session{ID: uuid.NewString(), SecretHash: uuid.NewString(), UserID: v.ID, CreatedAt: at, ExpiresAt: at.Add(time.Hour), NeedsSecondFactor: true}
	mustNo(t, s.CreateSession(ctx, vs))
	vt := store.AccessToken{TokenHash: uuid.NewString(), SessionID: vs.ID, ExpiresAt: at.Add(5 * time.Minute)}
	mustNo(t, s.CreateAccessToken(ctx, vt))
	if got, err := s.UserByAccessToken(ctx, vt.TokenHash, at); err != nil || got.IsAdmin {
		t.Fatalf("a non-admin's token: %v %+v", err, got)
	}
	if err := s.PassSecondFactor(ctx, "nope", at); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("passing an unknown session: %v", err)
	}
	if err := s.TouchSession(ctx, "nope", at); !errors.Is(err, apperr.ErrNotFound) {
		t.Fatalf("touching an unknown session: %v", err)
	}
	// A token's use moves its session's activity forward, never back.
	mustNo(t, s.TouchSessionOfToken(ctx, tok.TokenHash, at.Add(4*time.Minute)))
	mustNo(t, s.TouchSessionOfToken(ctx, tok.TokenHash, at.Add(3*time.Minute)))
	mustNo(t, s.TouchSessionOfToken(ctx, "nope", at))
	got, _, err = s.SessionBySecret(ctx, ses.SecretHash, at.Add(4*time.Minute))
	mustNo(t, err)
	if got.LastSeenAt == nil || !got.LastSeenAt.Equal(at.Add(4*time.Minute)) {
		t.Fatalf("activity after the token's use: %v, want %v", got.LastSeenAt, at.Add(4*time.Minute))
	}
}

// adminsEnrolled: every admin is listed, signed in or not, with when they
// enrolled.
func adminsEnrolled(t *testing.T, s store.Store) {
	enrolled := newUser(t, s, "a@example.com")
	pending := newUser(t, s, "b@example.com")
	mustNo(t, s.GrantAdmin(ctx, "A@example.com", at))
	mustNo(t, s.GrantAdmin(ctx, "b@example.com", at.Add(time.Second)))
	mustNo(t, s.GrantAdmin(ctx, "c@example.com", at.Add(2*time.Second)))
	newUser(t, s, "not-admin@example.com")
	mustNo(t, s.StartSecondFactor(ctx, enrolled.ID, "x", at))
	mustNo(t, s.ConfirmSecondFactor(ctx, enrolled.ID, 1, nil, at.Add(time.Hour)))
	mustNo(t, s.StartSecondFactor(ctx, pending.ID, "y", at))
	got, err := s.ListAdmins(ctx)
	mustNo(t, err)
	want := []store.AdminAccount{
		{Email: "a@example.com", Name: "Broker", GrantedAt: at, EnrolledAt: ptr(at.Add(time.Hour))},
		{Email: "b@example.com", Name: "Broker", GrantedAt: at.Add(time.Second)},
		{Email: "c@example.com", GrantedAt: at.Add(2 * time.Second)},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("admins = %+v, want %+v", got, want)
	}
}
