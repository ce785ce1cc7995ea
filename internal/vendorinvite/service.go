// Package vendorinvite is Invite Your Vendor and Refer Your Vendor (03§2-5, F-ENG-04): an
// agent's invitation or referral is stored with a token, e-mailed to the vendor with a
// registration link carrying the token, listed to administrators, and credited to the agent
// when the vendor registers with the token (CreditJoin, which vendor registration calls).
package vendorinvite

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"circle/internal/apperr"
	"circle/internal/ids"
	"circle/internal/notify"
)

// Invitation kinds.
const (
	KindInvite   = "invite"
	KindReferral = "referral"
)

// Invitation statuses.
const (
	StatusInvited = "invited"
	StatusJoined  = "joined"
)

// Invitation is one stored invitation or referral.
type Invitation struct {
	ID              string          `json:"id"`
	Kind            string          `json:"kind" enum:"invite,referral"`
	InviterID       string          `json:"inviter_id"`
	InviterEmail    string          `json:"inviter_email"`
	InviterName     string          `json:"inviter_name"`
	Token           string          `json:"-"`
	VendorName      string          `json:"vendor_name"`
	VendorEmail     string          `json:"vendor_email"`
	VendorPhone     string          `json:"vendor_phone"`
	VendorType      string          `json:"vendor_type"`
	Category        string          `json:"category"`
	Details         json.RawMessage `json:"details"`
	RegistrationURL string          `json:"registration_url"`
	Status          string          `json:"status" enum:"invited,joined"`
	JoinedUserID    string          `json:"joined_user_id"`
	JoinedAt        *time.Time      `json:"joined_at"`
	CreatedAt       time.Time       `json:"created_at"`
}

// Store keeps invitations (internal/store).
type Store interface {
	// CreateVendorInvitation stores inv unless the inviter has an open invitation of its kind
	// to the same address: then it answers that one and false (also under concurrency).
	CreateVendorInvitation(ctx context.Context, inv Invitation) (Invitation, bool, error)
	// DeleteVendorInvitation removes an invitation whose e-mail could not be queued.
	DeleteVendorInvitation(ctx context.Context, id string) error
	// VendorInvitations lists invitations newest first, of one kind or ("") both, with the
	// inviter's e-mail and display name.
	VendorInvitations(ctx context.Context, kind string, limit int) ([]Invitation, error)
	VendorInvitationByToken(ctx context.Context, token string) (Invitation, bool, error)
	// MarkVendorInvitationJoined sets joined (user, time) when the invitation is still invited;
	// it reports whether it changed the row. A vendor account already credited to another
	// invitation is a conflict (MsgAlreadyCredited).
	MarkVendorInvitationJoined(ctx context.Context, token, userID string, at time.Time) (bool, error)
}

// Inviter is the agent sending the invitation.
type Inviter struct {
	UserID, Email, Name string
}

// Service stores, e-mails, lists and credits invitations.
type Service struct {
	Store   Store
	Mailer  notify.Mailer
	Now     func() time.Time
	BaseURL string
}

// registrationURL is the link the vendor gets: /vendor-registration with the type and the
// invitation's token.
func (s *Service) registrationURL(kind, vendorType, token string) string {
	q := url.Values{}
	q.Set("type", RegistrationType(kind, vendorType))
	q.Set("invite", token)
	return s.BaseURL + "/vendor-registration?" + q.Encode()
}

// Messages of the once-only rules (issue 27 item 5).
const (
	MsgSelfInvite      = "Enter your vendor's e-mail address, not your own."
	MsgAlreadyCredited = "This vendor account was already credited to another invitation."
)

// store records an invitation to the address and e-mails it through send, once: a repeat of an
// open invitation of the same kind by the same inviter (the address compared trimmed and in
// lower case, as the checks store it) answers that invitation with fresh false and sends
// nothing; one to the inviter's own address is refused naming field. When the e-mail cannot
// be queued the invitation is removed, so a retry sends it.
func (s *Service) store(ctx context.Context, who Inviter, inv Invitation, field string, details any, send func(Invitation) error) (Invitation, bool, error) {
	if inv.VendorEmail == strings.ToLower(strings.TrimSpace(who.Email)) {
		return Invitation{}, false, apperr.Field(field, "vendorInvite.self", MsgSelfInvite)
	}
	raw, err := json.Marshal(details)
	if err != nil {
		return Invitation{}, false, fmt.Errorf("encode invitation details: %w", err)
	}
	inv.InviterID, inv.InviterEmail, inv.InviterName = who.UserID, who.Email, who.Name
	inv.ID, inv.Token, inv.Details = ids.New(), ids.Token(24), raw
	inv.Status, inv.CreatedAt = StatusInvited, s.Now().UTC()
	inv.RegistrationURL = s.registrationURL(inv.Kind, inv.VendorType, inv.Token)
	stored, fresh, err := s.Store.CreateVendorInvitation(ctx, inv)
	if err != nil || !fresh {
		return stored, false, err
	}
	if err := send(stored); err != nil {
		if derr := s.Store.DeleteVendorInvitation(ctx, stored.ID); derr != nil {
			return Invitation{}, false, errors.Join(err, derr)
		}
		return Invitation{}, false, err
	}
	return stored, true, nil
}

func inviterLabel(who Inviter) string {
	if strings.TrimSpace(who.Name) != "" {
		return who.Name
	}
	return who.Email
}

// Invite checks and stores an Invite Your Vendor submission (invite-vendor) and e-mails the
// vendor the registration link; fresh is false when the inviter's open invitation to that
// address is answered instead (nothing is sent again).
func (s *Service) Invite(ctx context.Context, who Inviter, in InviteInput) (inv Invitation, fresh bool, err error) {
	d, err := CheckInvite(in)
	if err != nil {
		return Invitation{}, false, err
	}
	return s.store(ctx, who, Invitation{Kind: KindInvite, VendorName: d.Name, VendorEmail: d.ContactEmail, VendorPhone: d.Phone,
		VendorType: d.VendorType, Category: d.Category}, "contact_email", d, func(inv Invitation) error {
		lines := []string{
			fmt.Sprintf("Hello %s,", d.Name), "",
			fmt.Sprintf("%s, a real-estate agent on Circle, invited you to join the Circle marketplace as a %s vendor (%s).",
				inviterLabel(who), d.VendorType, d.Category),
		}
		if d.InviterMessage != "" {
			lines = append(lines, "", "Their message:", d.InviterMessage)
		}
		lines = append(lines, "", "Create your vendor account here:", inv.RegistrationURL, "",
			"Agents on Circle buy marketing and business services, and settlement partners can co-market with them.")
		return s.Mailer.Send(ctx, notify.Message{To: d.ContactEmail, Subject: inviterLabel(who) + " invited you to join Circle",
			Text: strings.Join(lines, "\n"), Kind: "vendor_invite"})
	})
}

// Refer checks and stores a Refer Your Vendor submission (refer-vendor) and e-mails the vendor
// the registration link; fresh is false when the referrer's open referral to that address is
// answered instead (nothing is sent again).
func (s *Service) Refer(ctx context.Context, who Inviter, in ReferralInput) (inv Invitation, fresh bool, err error) {
	d, err := CheckReferral(in)
	if err != nil {
		return Invitation{}, false, err
	}
	return s.store(ctx, who, Invitation{Kind: KindReferral, VendorName: d.VendorName, VendorEmail: d.VendorEmail, VendorPhone: d.VendorPhone,
		VendorType: d.VendorType, Category: d.ServiceInterest}, "vendor_email", d, func(inv Invitation) error {
		lines := []string{fmt.Sprintf("Hello %s,", d.VendorName), "",
			fmt.Sprintf("%s, a real-estate agent on Circle, referred you to the Circle marketplace.", inviterLabel(who))}
		if d.ServiceInterest != "" {
			lines = append(lines, "They are interested in: "+d.ServiceInterest)
		}
		if d.ReferralNotes != "" {
			lines = append(lines, "", "Their notes:", d.ReferralNotes)
		}
		lines = append(lines, "", "Join Circle as a vendor here:", inv.RegistrationURL, "",
			"Our team will reach out within 2-3 business days.")
		return s.Mailer.Send(ctx, notify.Message{To: d.VendorEmail, Subject: inviterLabel(who) + " referred you to Circle",
			Text: strings.Join(lines, "\n"), Kind: "vendor_referral"})
	})
}

// List returns invitations for administrators, newest first (kind "" for both; at most 500).
func (s *Service) List(ctx context.Context, kind string, limit int) ([]Invitation, error) {
	if kind != "" && kind != KindInvite && kind != KindReferral {
		return nil, apperr.Field("kind", "validation.enum", "kind must be invite or referral")
	}
	if limit <= 0 || limit > 500 {
		limit = 200
	}
	rows, err := s.Store.VendorInvitations(ctx, kind, limit)
	if rows == nil {
		rows = []Invitation{}
	}
	return rows, err
}

// CreditJoin records that the vendor account vendorUserID registered with the invitation's
// token, crediting the inviting agent; it returns the invitation (InviterID is the agent to
// credit). Crediting the same account again changes nothing; a token already used by another
// account is a conflict, and so is an account already credited to another invitation (a
// registered vendor is credited once, issue 27); an unknown token is not found. Vendor
// registration calls it.
func (s *Service) CreditJoin(ctx context.Context, token, vendorUserID string) (Invitation, error) {
	token = strings.TrimSpace(token)
	if token == "" {
		return Invitation{}, apperr.Field("invite", "validation.required", "invite is required")
	}
	if _, err := s.Store.MarkVendorInvitationJoined(ctx, token, vendorUserID, s.Now().UTC()); err != nil {
		return Invitation{}, err
	}
	inv, found, err := s.Store.VendorInvitationByToken(ctx, token)
	if err != nil {
		return Invitation{}, err
	}
	if !found {
		return Invitation{}, apperr.New(apperr.NotFound, "invitation not found")
	}
	if inv.JoinedUserID != vendorUserID {
		return Invitation{}, apperr.New(apperr.Conflict, "This invitation has already been used.")
	}
	return inv, nil
}
