package vendorreg

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/catalog"
	"circle/internal/ids"
	"circle/internal/media"
	"circle/internal/notices"
	"circle/internal/notify"
	"circle/internal/roles"
	"circle/internal/vendorinvite"
)

// Application is one stored application (vendor_applications).
type Application struct {
	ID                 string     `json:"id"`
	UserID             string     `json:"user_id"`
	RegistrationType   string     `json:"type" enum:"service_provider,co_marketing"`
	CompanyName        string     `json:"company_name"`
	ContactName        string     `json:"contact_name"`
	ContactPhone       string     `json:"contact_phone"`
	ContactEmail       string     `json:"contact_email"`
	BusinessType       string     `json:"business_type"`
	Categories         []string   `json:"categories"`
	ServiceStates      []string   `json:"service_states"`
	LicenseNumber      string     `json:"license_number"`
	NMLSID             string     `json:"nmls_id"`
	SettlementProvider bool       `json:"settlement_provider"`
	WebsiteURL         string     `json:"website_url"`
	LogoURL            string     `json:"logo_url" doc:"The logo the applicant uploaded (its address); the vendor's logo once approved"`
	InviteToken        string     `json:"-"`
	VerifyTokenHash    string     `json:"-"`
	EmailVerifiedAt    *time.Time `json:"email_verified_at"`
	Status             string     `json:"status" enum:"pending,approved,rejected"`
	Reason             string     `json:"reason" doc:"Why the application was rejected"`
	VendorID           *string    `json:"vendor_id"`
	DecidedBy          *string    `json:"decided_by"`
	DecidedAt          *time.Time `json:"decided_at"`
	ChangesRequestedAt *time.Time `json:"changes_requested_at" doc:"When an administrator last asked the applicant for changes (null when not waiting for them)"`
	ChangesMessage     string     `json:"changes_message" doc:"What the administrator asked to change"`
	CreatedAt          time.Time  `json:"created_at"`
	UpdatedAt          time.Time  `json:"updated_at"`
}

// Approval is what approving an application writes in one transaction: the application
// stamped approved and linked to the new vendor, the vendor, the role grant (skipped when the
// user already holds the role), the applicant's notice and the catalogue's change record.
type Approval struct {
	ApplicationID string
	By            string
	At            time.Time
	Vendor        catalog.Vendor
	Grant         roles.Grant
	Notice        notices.Notification
	ChangeID      string
	// RegistrationType and CompanyName go on the applicant's profile (vendor_type,
	// vendor_company_name).
	RegistrationType, CompanyName string
	// Audit is the administrator's audit entry, appended in the approval's transaction.
	Audit audit.Record
}

// Store keeps applications (internal/store VendorApps).
type Store interface {
	// CreateVendorApplication stores a new application; a user with a pending or approved one
	// is a conflict (MsgAlreadyApplied).
	CreateVendorApplication(ctx context.Context, a Application) (Application, error)
	VendorApplicationByID(ctx context.Context, id string) (Application, error)
	// LatestVendorApplication is the user's newest application; found false for none.
	LatestVendorApplication(ctx context.Context, userID string) (Application, bool, error)
	// VendorApplications lists applications of a status ("" all), newest first.
	VendorApplications(ctx context.Context, status string, limit int) ([]Application, error)
	SetVendorApplicationToken(ctx context.Context, id, hash string, at time.Time) error
	// VerifyVendorApplicationEmail stamps the application whose token hash matches verified
	// (once: again answers it unchanged); an unknown hash is not found.
	VerifyVendorApplicationEmail(ctx context.Context, hash string, at time.Time) (Application, error)
	// ApproveVendorApplication writes an Approval in one transaction; granted is false when the
	// user already held the vendor role. An application no longer pending, or not verified, is
	// a conflict and changes nothing.
	ApproveVendorApplication(ctx context.Context, a Approval) (app Application, granted bool, err error)
	// RejectVendorApplication stamps a pending application rejected with the reason and
	// records the notice in the same transaction; one no longer pending is a conflict.
	RejectVendorApplication(ctx context.Context, id, by, reason string, at time.Time, n notices.Notification, rec audit.Record) (Application, error)
	// RequestVendorApplicationChanges stamps a pending application with the administrator's
	// message and appends the audit entry in the same transaction; one no longer pending is a
	// conflict.
	RequestVendorApplicationChanges(ctx context.Context, id, message string, at time.Time, rec audit.Record) (Application, error)
	// ResubmitVendorApplication replaces the form fields of a pending application that waits
	// for changes (a.ID), clears the request and sets the verification state given; one not
	// waiting for changes is a conflict.
	ResubmitVendorApplication(ctx context.Context, a Application) (Application, error)
	UserByID(ctx context.Context, id string) (account.User, error)
	VendorInvitationByToken(ctx context.Context, token string) (vendorinvite.Invitation, bool, error)
	// OpenVendorInvitationTo is the oldest invitation still open to the address, if any.
	OpenVendorInvitationTo(ctx context.Context, email string) (vendorinvite.Invitation, bool, error)
	// MediaFile reads an uploaded file (the logo), whoever owns it; not found when missing.
	MediaFile(ctx context.Context, id string) (media.File, error)
}

// Inviter credits the agent whose invitation brought the vendor (vendorinvite.Service).
type Inviter interface {
	CreditJoin(ctx context.Context, token, vendorUserID string) (vendorinvite.Invitation, error)
}

// Changes announces a committed catalogue change to every replica (marketplace.Service).
type Changes interface {
	Invalidate()
}

// Service is vendor registration's use cases.
type Service struct {
	Store   Store
	Mailer  notify.Mailer
	Invites Inviter
	Changes Changes
	Now     func() time.Time
	Logger  *slog.Logger
	BaseURL string
}

// Messages of the use cases.
const (
	MsgAlreadyApplied = "You already have a vendor application under review or approved."
	MsgNotVerified    = "The company e-mail address is not verified yet: it can be approved once the applicant opens the link e-mailed to it."
	MsgNotPending     = "This application was already decided."
	MsgBadToken       = "This verification link is not valid. Ask for a new one from your application."
)

// Notice kinds and their message keys (web/src/locales/*/vendorRegistration.json).
const (
	NoticeApproved = "vendor_approved"
	NoticeRejected = "vendor_rejected"
)

func hashToken(t string) string {
	sum := sha256.Sum256([]byte(t))
	return hex.EncodeToString(sum[:])
}

// Submit stores the signed-in user's application and e-mails the verification link to the
// company address.
func (s *Service) Submit(ctx context.Context, userID string, in Input) (Application, error) {
	c, err := Check(in)
	if err != nil {
		return Application{}, err
	}
	now := s.Now().UTC()
	token := ids.Token(24)
	a := Application{ID: ids.New(), UserID: userID, RegistrationType: c.Type, CompanyName: c.CompanyName, ContactName: c.ContactName,
		ContactPhone: c.ContactPhone, ContactEmail: c.ContactEmail, BusinessType: c.BusinessType, Categories: c.Categories,
		ServiceStates: c.ServiceStates, LicenseNumber: c.LicenseNumber, NMLSID: c.NMLSID, SettlementProvider: c.SSP,
		WebsiteURL: c.WebsiteURL, LogoURL: c.LogoURL, InviteToken: c.Invite, VerifyTokenHash: hashToken(token), Status: StatusPending,
		CreatedAt: now, UpdatedAt: now}
	if err := s.checkLogo(ctx, userID, c.LogoURL); err != nil {
		return Application{}, err
	}
	prev, found, err := s.Store.LatestVendorApplication(ctx, userID)
	if err != nil {
		return Application{}, err
	}
	var stored Application
	if found && prev.Status == StatusPending && prev.ChangesRequestedAt != nil {
		// The answer to an administrator's request for changes replaces the application; a
		// company address already verified stays verified.
		a.ID, a.CreatedAt = prev.ID, prev.CreatedAt
		if strings.EqualFold(prev.ContactEmail, a.ContactEmail) && prev.EmailVerifiedAt != nil {
			a.EmailVerifiedAt, a.VerifyTokenHash = prev.EmailVerifiedAt, prev.VerifyTokenHash
		}
		if stored, err = s.Store.ResubmitVendorApplication(ctx, a); err != nil {
			return Application{}, err
		}
		if stored.EmailVerifiedAt != nil {
			return stored, nil
		}
	} else if stored, err = s.Store.CreateVendorApplication(ctx, a); err != nil {
		return Application{}, err
	}
	if err := s.sendVerification(ctx, stored, token); err != nil {
		return Application{}, err
	}
	return stored, nil
}

// checkLogo accepts a logo address only when it names a picture the applicant uploaded: the
// applicant is not a vendor yet, so the file is theirs (media.Service keeps a member's pictures),
// and another member's file or a document is refused as an unusable logo.
func (s *Service) checkLogo(ctx context.Context, userID, address string) error {
	if address == "" {
		return nil
	}
	id, _ := media.IDOfAddress(address)
	f, err := s.Store.MediaFile(ctx, id)
	if apperr.IsNotFound(err) || err == nil && (f.OwnerID != userID || f.Kind != media.KindImage) {
		return apperr.Field("logo_url", "vendorRegistration.errors.logo", MsgLogo)
	}
	return err
}

func (s *Service) sendVerification(ctx context.Context, a Application, token string) error {
	link := s.BaseURL + "/vendor-registration?verify=" + url.QueryEscape(token)
	text := strings.Join([]string{
		fmt.Sprintf("Hello %s,", a.ContactName), "",
		fmt.Sprintf("Please confirm that %s is the e-mail address of %s, which applied to list on Circle:", a.ContactEmail, a.CompanyName),
		link, "",
		"Our team reviews the application once the address is confirmed. If you did not apply, ignore this message.",
	}, "\n")
	return s.Mailer.Send(ctx, notify.Message{To: a.ContactEmail, Subject: "Confirm your company e-mail address for Circle", Text: text, Kind: "vendor_verify_email"})
}

// Mine is the user's latest application; found false when they have none.
func (s *Service) Mine(ctx context.Context, userID string) (Application, bool, error) {
	return s.Store.LatestVendorApplication(ctx, userID)
}

// ResendVerification e-mails a new link for the user's pending, unverified application (the
// earlier link stops working).
func (s *Service) ResendVerification(ctx context.Context, userID string) (Application, error) {
	a, found, err := s.Store.LatestVendorApplication(ctx, userID)
	if err != nil {
		return Application{}, err
	}
	if !found || a.Status != StatusPending {
		return Application{}, apperr.New(apperr.NotFound, "no pending vendor application")
	}
	if a.EmailVerifiedAt != nil {
		return a, nil
	}
	token := ids.Token(24)
	if err := s.Store.SetVendorApplicationToken(ctx, a.ID, hashToken(token), s.Now().UTC()); err != nil {
		return Application{}, err
	}
	return a, s.sendVerification(ctx, a, token)
}

// VerifyEmail confirms the company address with the token of the e-mailed link.
func (s *Service) VerifyEmail(ctx context.Context, token string) (Application, error) {
	token = strings.TrimSpace(token)
	if token == "" {
		return Application{}, apperr.Field("token", "vendorRegistration.errors.token", MsgBadToken)
	}
	a, err := s.Store.VerifyVendorApplicationEmail(ctx, hashToken(token), s.Now().UTC())
	if apperr.IsNotFound(err) {
		return Application{}, apperr.Field("token", "vendorRegistration.errors.token", MsgBadToken)
	}
	return a, err
}

// List is the applications for administrators, of a status or ("") all, newest first.
func (s *Service) List(ctx context.Context, status string) ([]Application, error) {
	switch status {
	case "", StatusPending, StatusApproved, StatusRejected:
	default:
		return nil, apperr.Field("status", "validation.enum", "status must be pending, approved or rejected")
	}
	rows, err := s.Store.VendorApplications(ctx, status, 500)
	if rows == nil {
		rows = []Application{}
	}
	return rows, err
}

// Approve approves a pending application whose company address is verified: the vendor is
// created and owned by the applicant, the vendor role granted (by is the administrator, ""
// the command line), the applicant told in the app and by e-mail, and the agent whose
// invitation matches the applicant credited once.
func (s *Service) Approve(ctx context.Context, actor audit.Actor, id string) (Application, error) {
	by := actor.UserID
	a, err := s.Store.VendorApplicationByID(ctx, id)
	if err != nil {
		return Application{}, err
	}
	if a.Status != StatusPending {
		return Application{}, apperr.New(apperr.Conflict, MsgNotPending)
	}
	if a.EmailVerifiedAt == nil {
		return Application{}, apperr.New(apperr.Conflict, MsgNotVerified)
	}
	now := s.Now().UTC()
	specialties := make([]string, 0, len(a.Categories))
	for _, c := range a.Categories {
		specialties = append(specialties, catalog.BlockName(c))
	}
	uid := a.UserID
	v := catalog.Vendor{ID: ids.New(), OwnerUserID: &uid, Name: a.CompanyName, WebsiteURL: a.WebsiteURL, ContactEmail: a.ContactEmail,
		Phone: a.ContactPhone, LogoURL: a.LogoURL, VendorType: a.BusinessType, IsVerified: true, IsActive: true, ApprovalStatus: catalog.ApprovalApproved,
		NMLSID: a.NMLSID, ServiceStates: a.ServiceStates, LicenseStates: []string{}, MLSAreas: []string{}, Specialties: specialties,
		IsOpenToPartner: a.RegistrationType == TypeCoMarketing, CreatedAt: now, UpdatedAt: now}
	if a.LicenseNumber != "" {
		v.LicenseStates = a.ServiceStates
	}
	appr := Approval{ApplicationID: a.ID, By: by, At: now, Vendor: v, ChangeID: ids.New(),
		RegistrationType: a.RegistrationType, CompanyName: a.CompanyName,
		Grant: roles.Grant{ID: ids.New(), UserID: a.UserID, Role: roles.Vendor, GrantedBy: by, Reason: "vendor application " + a.ID + " approved"},
		Notice: notices.Notification{ID: ids.New(), UserID: a.UserID, Kind: NoticeApproved, TitleKey: "vendorRegistration.notice.approved.title",
			BodyKey: "vendorRegistration.notice.approved.body", Params: notices.ParamsOf(map[string]any{"vendor": a.CompanyName}),
			Link: "/vendor-dashboard?tab=services", Reference: a.ID, DedupeKey: "vendor_app:" + a.ID + ":approved", CreatedAt: now}}
	if appr.Audit, err = audit.New(actor, audit.ActionVendorAppApprove, audit.KindVendor, v.ID, a,
		map[string]any{"application_id": a.ID, "status": StatusApproved, "vendor": v}); err != nil {
		return Application{}, err
	}
	out, _, err := s.Store.ApproveVendorApplication(ctx, appr)
	if err != nil {
		return Application{}, err
	}
	if s.Changes != nil {
		s.Changes.Invalidate() // a new vendor: the vendors view and the snapshot
	}
	s.tell(ctx, out, "Your Circle vendor application was approved",
		fmt.Sprintf("Good news: %s is now a Circle vendor. Add your services in your vendor dashboard:\n%s/vendor-dashboard?tab=services", out.CompanyName, s.BaseURL))
	s.creditInviter(ctx, out)
	return out, nil
}

// Reject rejects a pending application with a reason the applicant is told.
func (s *Service) Reject(ctx context.Context, actor audit.Actor, id, reason string) (Application, error) {
	by := actor.UserID
	reason, err := CheckReason(reason)
	if err != nil {
		return Application{}, err
	}
	now := s.Now().UTC()
	a, err := s.Store.VendorApplicationByID(ctx, id)
	if err != nil {
		return Application{}, err
	}
	n := notices.Notification{ID: ids.New(), UserID: a.UserID, Kind: NoticeRejected, TitleKey: "vendorRegistration.notice.rejected.title",
		BodyKey: "vendorRegistration.notice.rejected.body", Params: notices.ParamsOf(map[string]any{"vendor": a.CompanyName, "note": reason}),
		Link: "/vendor-registration", Reference: a.ID, DedupeKey: "vendor_app:" + a.ID + ":rejected", CreatedAt: now}
	rec, err := audit.New(actor, audit.ActionVendorAppReject, audit.KindVendorApplication, a.ID, a, map[string]string{"status": StatusRejected, "reason": reason})
	if err != nil {
		return Application{}, err
	}
	out, err := s.Store.RejectVendorApplication(ctx, id, by, reason, now, n, rec)
	if err != nil {
		return Application{}, err
	}
	s.tell(ctx, out, "Your Circle vendor application", fmt.Sprintf("We could not approve the application of %s.\n\nReason: %s\n\nYou may apply again:\n%s/vendor-registration?type=%s",
		out.CompanyName, reason, s.BaseURL, out.RegistrationType))
	return out, nil
}

// RequestChanges sends a pending application back to the applicant with the administrator's
// message (1-1000 characters), e-mailed to them; the application stays pending and the
// applicant's next submission replaces it (Submit). Recorded in the audit log.
func (s *Service) RequestChanges(ctx context.Context, actor audit.Actor, id, message string) (Application, error) {
	message, err := CheckMessage(message)
	if err != nil {
		return Application{}, err
	}
	a, err := s.Store.VendorApplicationByID(ctx, id)
	if err != nil {
		return Application{}, err
	}
	if a.Status != StatusPending {
		return Application{}, apperr.New(apperr.Conflict, MsgNotPending)
	}
	now := s.Now().UTC()
	rec, err := audit.New(actor, audit.ActionVendorAppChanges, audit.KindVendorApplication, a.ID, a, map[string]string{"changes_message": message})
	if err != nil {
		return Application{}, err
	}
	out, err := s.Store.RequestVendorApplicationChanges(ctx, id, message, now, rec)
	if err != nil {
		return Application{}, err
	}
	s.send(ctx, out, "Your Circle vendor application: changes requested", fmt.Sprintf(
		"Our team reviewed the application of %s and needs a few changes before approving it:\n\n%s\n\nUpdate your application here:\n%s/vendor-registration?type=%s",
		out.CompanyName, message, s.BaseURL, out.RegistrationType), "vendor_application_changes_requested", "changes:"+now.Format(time.RFC3339Nano))
	return out, nil
}

// tell e-mails the applicant's account address (and the company address when it differs). A
// failure is logged: the decision is recorded and the in-app notice written.
func (s *Service) tell(ctx context.Context, a Application, subject, body string) {
	s.send(ctx, a, subject, body, "vendor_application_"+a.Status, a.Status)
}

// send e-mails the applicant's addresses; key makes each message's idempotency key.
func (s *Service) send(ctx context.Context, a Application, subject, body, kind, key string) {
	to := []string{a.ContactEmail}
	if u, err := s.Store.UserByID(ctx, a.UserID); err == nil && !strings.EqualFold(u.Email, a.ContactEmail) {
		to = append(to, u.Email)
	}
	for _, addr := range to {
		err := s.Mailer.Send(ctx, notify.Message{To: addr, Subject: subject, Text: "Hello " + a.ContactName + ",\n\n" + body, Kind: kind,
			Key: "vendor_app:" + a.ID + ":" + key + ":" + strings.ToLower(addr)})
		if err != nil {
			s.Logger.Error("vendor application e-mail", "application", a.ID, "err", err)
		}
	}
}

// creditInviter credits the agent whose invitation names this vendor: the token the applicant
// registered with when the invitation's address is the company's or the account's, else the
// oldest open invitation to the company address. A vendor account is credited once
// (vendorinvite.CreditJoin); a failure is logged, the approval stands.
func (s *Service) creditInviter(ctx context.Context, a Application) {
	if s.Invites == nil {
		return
	}
	emails := []string{a.ContactEmail}
	if u, err := s.Store.UserByID(ctx, a.UserID); err == nil {
		emails = append(emails, strings.ToLower(u.Email))
	}
	matches := func(inv vendorinvite.Invitation) bool {
		for _, e := range emails {
			if strings.EqualFold(inv.VendorEmail, e) {
				return true
			}
		}
		return false
	}
	var token string
	if a.InviteToken != "" {
		if inv, found, err := s.Store.VendorInvitationByToken(ctx, a.InviteToken); err == nil && found && matches(inv) {
			token = inv.Token
		}
	}
	if token == "" {
		for _, e := range emails {
			if inv, found, err := s.Store.OpenVendorInvitationTo(ctx, e); err == nil && found {
				token = inv.Token
				break
			}
		}
	}
	if token == "" {
		return
	}
	if _, err := s.Invites.CreditJoin(ctx, token, a.UserID); err != nil {
		var ae *apperr.Error
		if errors.As(err, &ae) && ae.Code == apperr.Conflict {
			return // this vendor account was credited already
		}
		s.Logger.Error("credit vendor invitation", "application", a.ID, "err", err)
	}
}
