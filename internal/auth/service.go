package auth

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/url"
	"runtime"
	"strings"
	"time"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/botcheck"
	"circle/internal/ids"
	"circle/internal/notify"
)

// Messages of the sign-in screen (01§5, 01§8).
const (
	MsgInvalidCredentials = "Invalid email or password. Please check your credentials."
	MsgEmailTaken         = "An account with this email already exists. Try logging in instead."
	MsgPasswordShort      = "Password should be at least 8 characters long."
	MsgInvalidEmail       = "Please enter a valid email address."
	MsgWeakPassword       = "Weak Password: Please choose a stronger password that meets all requirements."
	MsgEmailUnverified    = "Please verify your email address before signing in. Check your inbox (including spam folder) for the verification link."
	MsgNameRequired       = "Full Name is required"
	MsgSessionExpired     = "Session expired. Please sign in again."
	MsgAccountDisabled    = "This account has been disabled. Contact support if you think this is a mistake."
)

// Config holds the service's settings.
type Config struct {
	// BaseURL is the public URL links in e-mails point to.
	BaseURL string
	// StaffEmails are administrators by configuration (CIRCLE_STAFF_EMAILS), lower-cased.
	StaffEmails map[string]bool
}

// Service runs the account rules.
type Service struct {
	Store  Store
	Mailer notify.Mailer
	Bot    botcheck.Checker
	Now    func() time.Time
	Config Config
	// Jobs takes the link e-mails of reset and resend requests (RegisterJobs sets it).
	Jobs JobQueue
	// dummyHash is checked when an e-mail has no account, so both answers take as long.
	dummyHash string
	// hashSlots bounds the argon2id hashes running at once to the CPUs. Each hash holds
	// 12 MiB and is bound by memory bandwidth: more hashes than cores only share the same
	// bandwidth and cache, so every sign-in gets slower and a burst of attempts could use
	// 12 MiB apiece. Waiting callers queue here instead, and give up when their request ends.
	hashSlots chan struct{}
}

// NewService builds the service.
func NewService(store Store, mailer notify.Mailer, bot botcheck.Checker, now func() time.Time, cfg Config) (*Service, error) {
	h, err := account.HashPassword(ids.Token(16))
	if err != nil {
		return nil, err
	}
	return &Service{Store: store, Mailer: mailer, Bot: bot, Now: now, Config: cfg, dummyHash: h,
		hashSlots: make(chan struct{}, runtime.GOMAXPROCS(0))}, nil
}

// withHashSlot runs fn, an argon2id hash or check, once a hash slot is free.
func (s *Service) withHashSlot(ctx context.Context, fn func()) error {
	if s.hashSlots == nil { // a Service not made by NewService
		fn()
		return nil
	}
	select {
	case s.hashSlots <- struct{}{}:
	case <-ctx.Done():
		return fmt.Errorf("wait for a password hash slot: %w", ctx.Err())
	}
	defer func() { <-s.hashSlots }()
	fn()
	return nil
}

// hashPassword is account.HashPassword within a hash slot.
func (s *Service) hashPassword(ctx context.Context, password string) (string, error) {
	var hash string
	var err error
	if slotErr := s.withHashSlot(ctx, func() { hash, err = account.HashPassword(password) }); slotErr != nil {
		return "", slotErr
	}
	return hash, err
}

// HashToken hashes a secret token for storage.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

func normalizeEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }

// IsStaff reports whether the e-mail is on the configured staff list.
func (s *Service) IsStaff(email string) bool { return s.Config.StaffEmails[normalizeEmail(email)] }

// SignUpInput is the sign-up form.
type SignUpInput struct {
	Email, Password, DisplayName, BotToken, IP string
}

// SignUp creates an unverified account and e-mails the verification link.
func (s *Service) SignUp(ctx context.Context, in SignUpInput) error {
	var fields []apperr.FieldError
	if err := account.ValidateEmail(in.Email); err != nil {
		fields = append(fields, apperr.FieldError{Field: "email", Key: "auth.invalid_email", Message: MsgInvalidEmail})
	}
	name := strings.TrimSpace(in.DisplayName)
	if name == "" {
		fields = append(fields, apperr.FieldError{Field: "display_name", Key: "auth.name_required", Message: MsgNameRequired})
	} else if len([]rune(name)) > 100 {
		fields = append(fields, apperr.FieldError{Field: "display_name", Key: "validation.max_length", Message: "Full Name must be no more than 100 characters"})
	}
	if len([]rune(in.Password)) < 8 {
		fields = append(fields, apperr.FieldError{Field: "password", Key: "auth.password_short", Message: MsgPasswordShort})
	} else if !CheckStrength(in.Password).IsStrong {
		fields = append(fields, apperr.FieldError{Field: "password", Key: "auth.weak_password", Message: MsgWeakPassword})
	}
	if err := apperr.Fields(fields); err != nil {
		return err
	}
	if err := s.Bot.Verify(ctx, in.BotToken, in.IP); err != nil {
		return err
	}
	hash, err := s.hashPassword(ctx, in.Password)
	if err != nil {
		return err
	}
	u := account.User{ID: ids.New(), Email: normalizeEmail(in.Email), PasswordHash: hash}
	p := account.Profile{DisplayName: account.ProvisionalDisplayName(name, "", u.Email)}
	if err := s.Store.CreateUser(ctx, u, p); err != nil {
		if e, ok := apperr.As(err); ok && len(e.Fields) > 0 && e.Fields[0].Field == "email" {
			return apperr.Field("email", "auth.email_taken", MsgEmailTaken)
		}
		return err
	}
	return s.sendVerification(ctx, u)
}

func (s *Service) link(path string, q url.Values) string {
	return s.Config.BaseURL + path + "?" + q.Encode()
}

func (s *Service) sendVerification(ctx context.Context, u account.User) error {
	return s.sendLink(ctx, u, PurposeVerify, VerifyTokenTTL, notify.Message{Kind: "verify_email", Subject: "Confirm your Circle account"},
		"Welcome to Circle!\n\nConfirm your e-mail address to finish creating your account:\n\n",
		"\n\nThe link works for 48 hours. If you did not sign up for Circle, you can ignore this message.\n\n— The Circle team")
}

// sendLink e-mails u the message m with a link to the sign-in page that carries a new one-use
// token of purpose (?verify= or ?reset=), valid for ttl; the text is intro, the link, outro.
func (s *Service) sendLink(ctx context.Context, u account.User, purpose string, ttl time.Duration, m notify.Message, intro, outro string) error {
	token := ids.Token(32)
	if err := s.Store.CreateEmailToken(ctx, EmailToken{TokenHash: HashToken(token), UserID: u.ID, Purpose: purpose, ExpiresAt: s.Now().Add(ttl)}); err != nil {
		return err
	}
	m.To, m.Text = u.Email, intro+s.link("/auth", url.Values{purpose: {token}})+outro
	return s.Mailer.Send(ctx, m)
}

// Verify confirms an e-mail address from the link's token.
func (s *Service) Verify(ctx context.Context, token string) error {
	t, err := s.Store.UseEmailToken(ctx, HashToken(token), PurposeVerify)
	if err != nil {
		return err
	}
	return s.Store.MarkEmailVerified(ctx, t.UserID)
}

// ResendVerification asks for a new verification link for the address; the verify-link job
// sends it when the address belongs to an unverified account. The request writes the same job
// whatever the address and reads no account, so neither its answer nor its time reveals one.
func (s *Service) ResendVerification(ctx context.Context, email string) error {
	if err := account.ValidateEmail(email); err != nil {
		return apperr.Field("email", "auth.invalid_email", MsgInvalidEmail)
	}
	return s.enqueueLink(ctx, VerifyLinkJobKind, email)
}

// RequestReset asks for a password-reset link for the address; the reset-link job sends it
// when the address has an account. Like ResendVerification, the request is the same single
// write whatever the address.
func (s *Service) RequestReset(ctx context.Context, email string) error {
	if err := account.ValidateEmail(email); err != nil {
		return apperr.Field("email", "auth.invalid_email", MsgInvalidEmail)
	}
	return s.enqueueLink(ctx, ResetLinkJobKind, email)
}

// ResetPassword sets a new password from a reset link, verifies the e-mail (the link proved
// it), clears the lockout and ends every session.
func (s *Service) ResetPassword(ctx context.Context, token, password string) error {
	if len([]rune(password)) < 8 {
		return apperr.Field("password", "auth.password_short", MsgPasswordShort)
	}
	if !CheckStrength(password).IsStrong {
		return apperr.Field("password", "auth.weak_password", MsgWeakPassword)
	}
	t, err := s.Store.UseEmailToken(ctx, HashToken(token), PurposeReset)
	if err != nil {
		return err
	}
	hash, err := s.hashPassword(ctx, password)
	if err != nil {
		return err
	}
	if err := s.Store.SetPassword(ctx, t.UserID, hash); err != nil {
		return err
	}
	u, err := s.Store.UserByID(ctx, t.UserID)
	if err != nil {
		return err
	}
	if err := s.Store.MarkEmailVerified(ctx, u.ID); err != nil {
		return err
	}
	if err := s.Store.ClearLoginAttempts(ctx, u.Email); err != nil {
		return err
	}
	return s.Store.RevokeOtherSessions(ctx, u.ID, "")
}

// LockStatus is check_and_update_lockout's read: the lock status of an e-mail.
func (s *Service) LockStatus(ctx context.Context, email string) (LockStatus, error) {
	return s.Store.LockStatus(ctx, normalizeEmail(email))
}

// Client describes where a sign-in comes from.
type Client struct {
	IP, UserAgent, DeviceFingerprint string
}

// SignInResult is a new session and its tokens.
type SignInResult struct {
	User    account.User
	Profile account.Profile
	Session account.Session
	Tokens  Tokens
	// EndedSessions counts older sessions ended to stay within MaxActiveSessions.
	EndedSessions int
}

// Tokens are the secrets of a session; only their hashes are stored.
type Tokens struct {
	Access         string
	Refresh        string
	AccessExpires  time.Time
	SessionExpires time.Time
}

// LockedError is the "Account Locked" answer with the seconds left.
func LockedError(st LockStatus) error {
	minutes := (st.TimeRemainingSeconds + 59) / 60
	e := apperr.New(apperr.Locked, fmt.Sprintf("Account is temporarily locked. Try again in %d minutes.", minutes))
	e.RetryAfterSeconds = st.TimeRemainingSeconds
	e.Fields = []apperr.FieldError{{Field: "email", Key: "auth.locked", Message: e.Message}}
	return e
}

// SignIn checks the password under the lockout rules and starts a session.
func (s *Service) SignIn(ctx context.Context, email, password string, c Client) (SignInResult, error) {
	var res SignInResult
	if err := account.ValidateEmail(email); err != nil {
		return res, apperr.Field("email", "auth.invalid_email", MsgInvalidEmail)
	}
	if password == "" || len([]rune(password)) < 8 {
		return res, apperr.Field("password", "auth.password_short", MsgPasswordShort)
	}
	id := normalizeEmail(email)
	// A locked e-mail is refused before any password is checked, so a lock costs no hash.
	st, err := s.Store.LockStatus(ctx, id)
	if err != nil {
		return res, err
	}
	if st.IsLocked {
		return res, LockedError(st)
	}
	u, lookupErr := s.Store.UserByEmail(ctx, id)
	// An account without a password (Google sign-in) is checked against the stand-in hash
	// too, so no answer comes back sooner than a real check would.
	hash := s.dummyHash
	if lookupErr == nil && u.PasswordHash != "" {
		hash = u.PasswordHash
	} else if lookupErr != nil && !apperr.IsNotFound(lookupErr) {
		return res, lookupErr
	}
	var match bool
	if err := s.withHashSlot(ctx, func() { match, _ = account.CheckPassword(hash, password) }); err != nil {
		return res, err
	}
	// Only failures count toward the lockout, recorded after the check. Concurrent failures
	// are serialised on the counter: exactly MaxFailedAttempts count and the last one locks;
	// a right password is refused when it finds the lock set (below), so however many guesses
	// are sent at once, at most MaxFailedAttempts wrong ones are answered before the lock.
	// Concurrent right passwords count nothing, so they never lock each other out.
	if lookupErr != nil || !match || u.PasswordHash == "" {
		st, _, err := s.Store.RecordLoginFailure(ctx, id)
		if err != nil {
			return res, err
		}
		if st.IsLocked {
			return res, LockedError(st)
		}
		e := apperr.Field("credentials", "auth.invalid_credentials", MsgInvalidCredentials)
		e.Fields = append(e.Fields, apperr.FieldError{Field: "attempts_remaining", Key: "auth.attempts_remaining", Message: fmt.Sprint(st.AttemptsRemaining)})
		return res, e
	}
	// The password was right. Failures counted while it was checked may have locked the
	// e-mail: then it is refused like any attempt on a locked e-mail (a right guess inside a
	// burst of wrong ones gets in only if it finished before the lock was set). Otherwise the
	// sign-in counts from here: the session's transaction clears the failures.
	if st, err := s.Store.LockStatus(ctx, id); err != nil {
		return res, err
	} else if st.IsLocked {
		return res, LockedError(st)
	}
	if u.DisabledAt != nil {
		if err := s.Store.ClearLoginAttempts(ctx, id); err != nil {
			return res, err
		}
		return res, apperr.Field("email", "auth.account_disabled", MsgAccountDisabled)
	}
	if u.EmailVerifiedAt == nil {
		// No session to clear them, so the failures end here.
		if err := s.Store.ClearLoginAttempts(ctx, id); err != nil {
			return res, err
		}
		return res, apperr.Field("email", "auth.email_unverified", MsgEmailUnverified)
	}
	if account.NeedsRehash(u.PasswordHash) {
		if err := s.rehash(ctx, u.ID, password); err != nil {
			return res, err
		}
	}
	return s.startSession(ctx, u, c)
}

// rehash stores the password hashed with the current parameters (the old hash was made with
// others and has just been checked).
func (s *Service) rehash(ctx context.Context, userID, password string) error {
	hash, err := s.hashPassword(ctx, password)
	if err != nil {
		return err
	}
	return s.Store.SetPassword(ctx, userID, hash)
}

// PurgeEndedRecords deletes sessions, used refresh tokens, e-mail links and bot-check
// challenges that ended more than EndedRecordRetention ago, and reports the sessions deleted.
func (s *Service) PurgeEndedRecords(ctx context.Context) (int64, error) {
	return s.Store.PurgeEndedAuthRecords(ctx, s.Now().Add(-EndedRecordRetention))
}

// startSession creates a session with lifetimes by role and clears the failed sign-in
// attempts of the account's e-mail.
func (s *Service) startSession(ctx context.Context, u account.User, c Client) (SignInResult, error) {
	if u.DisabledAt != nil {
		return SignInResult{}, apperr.Field("email", "auth.account_disabled", MsgAccountDisabled)
	}
	p, err := s.Store.ProfileByUserID(ctx, u.ID)
	if err != nil {
		return SignInResult{}, err
	}
	admin := p.IsAdmin || s.IsStaff(u.Email)
	now := s.Now()
	ttl, idle := UserSessionTTL, UserIdleTimeout
	if admin {
		ttl, idle = AdminSessionTTL, AdminIdleTimeout
	}
	t := Tokens{Access: ids.Token(32), Refresh: ids.Token(32), AccessExpires: now.Add(AccessTokenTTL), SessionExpires: now.Add(ttl)}
	sess := account.Session{
		ID: ids.New(), UserID: u.ID, TokenHash: HashToken(t.Access), RefreshHash: HashToken(t.Refresh), FamilyID: ids.New(),
		UserAgent: truncate(c.UserAgent, 500), IPAddress: truncate(c.IP, 64), DeviceFingerprint: truncate(c.DeviceFingerprint, 200),
		ExpiresAt: t.SessionExpires, AccessExpiresAt: &t.AccessExpires, IdleTimeoutSeconds: int(idle.Seconds()), IsAdminSession: admin,
	}
	ended, err := s.Store.CreateSession(ctx, sess, MaxActiveSessions, u.Email)
	if err != nil {
		return SignInResult{}, err
	}
	return SignInResult{User: u, Profile: p, Session: sess, Tokens: t, EndedSessions: ended}, nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// Principal is the signed-in caller.
type Principal struct {
	User    account.User
	Profile account.Profile
	Session account.Session
	// IsAdmin: on the staff list, or the profile's is_admin flag (01§6).
	IsAdmin bool
	// IsStaff: on the configured staff list, which also makes the caller Pro and a creator (01§6).
	IsStaff bool
}

// Authenticate resolves an access token to its live session. Expired, idle, revoked or unknown
// tokens are unauthenticated at once.
func (s *Service) Authenticate(ctx context.Context, access string) (Principal, error) {
	var p Principal
	if access == "" {
		return p, apperr.New(apperr.Unauthenticated, "sign in required")
	}
	sess, u, prof, err := s.Store.SessionOwnerByTokenHash(ctx, HashToken(access))
	if err != nil {
		if apperr.IsNotFound(err) {
			return p, apperr.New(apperr.Unauthenticated, MsgSessionExpired)
		}
		return p, err
	}
	if u.DisabledAt != nil {
		return p, apperr.New(apperr.Unauthenticated, MsgAccountDisabled)
	}
	now := s.Now()
	if !sess.ExpiresAt.After(now) || (sess.AccessExpiresAt != nil && !sess.AccessExpiresAt.After(now)) ||
		now.Sub(sess.LastActivity) > time.Duration(sess.IdleTimeoutSeconds)*time.Second {
		return p, apperr.New(apperr.Unauthenticated, MsgSessionExpired)
	}
	if now.Sub(sess.LastActivity) > activityWriteEvery {
		if err := s.Store.TouchSession(ctx, sess.ID); err != nil {
			return p, err
		}
		sess.LastActivity = now
	}
	return s.principal(u, prof, sess), nil
}

// principal decides the roles of a signed-in user: the staff list counts as admin.
func (s *Service) principal(u account.User, prof account.Profile, sess account.Session) Principal {
	staff := s.IsStaff(u.Email)
	return Principal{User: u, Profile: prof, Session: sess, IsAdmin: prof.IsAdmin || staff, IsStaff: staff}
}

// PrincipalOf is the principal of a session just started (sign-in answers with the profile).
func (s *Service) PrincipalOf(res SignInResult) Principal {
	return s.principal(res.User, res.Profile, res.Session)
}

// Refresh rotates a session's tokens; a refresh token used twice ends the session family.
func (s *Service) Refresh(ctx context.Context, refresh string) (account.Session, Tokens, error) {
	if refresh == "" {
		return account.Session{}, Tokens{}, apperr.New(apperr.Unauthenticated, MsgSessionExpired)
	}
	now := s.Now()
	t := Tokens{Access: ids.Token(32), Refresh: ids.Token(32), AccessExpires: now.Add(AccessTokenTTL)}
	sess, err := s.Store.RotateRefresh(ctx, HashToken(refresh), HashToken(t.Access), HashToken(t.Refresh), t.AccessExpires)
	if err != nil {
		return sess, t, err
	}
	t.SessionExpires = sess.ExpiresAt
	return sess, t, nil
}

// SignOut ends one session.
func (s *Service) SignOut(ctx context.Context, userID, sessionID string) error {
	_, err := s.Store.RevokeSessions(ctx, userID, []string{sessionID})
	return err
}
