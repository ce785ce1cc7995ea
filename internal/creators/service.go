package creators

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"circle/internal/affiliates"
	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/notices"
	"circle/internal/payments"
	"circle/internal/roles"
)

// Application is a member's application to the creator programme (one per member).
type CreatorApplication struct {
	ID           string     `json:"id"`
	UserID       string     `json:"user_id"`
	Email        string     `json:"email" doc:"The member's sign-in e-mail (admin lists)"`
	Status       string     `json:"status" enum:"pending,approved,rejected"`
	DisplayName  string     `json:"display_name"`
	Bio          string     `json:"bio"`
	Website      string     `json:"website"`
	AudienceSize int64      `json:"audience_size"`
	Platforms    []string   `json:"platforms"`
	Niches       []string   `json:"niches"`
	ContentPlan  string     `json:"content_plan"`
	Reason       string     `json:"reason" doc:"The administrator's reason of a rejection"`
	CreatedAt    time.Time  `json:"created_at"`
	UpdatedAt    time.Time  `json:"updated_at"`
	DecidedAt    *time.Time `json:"decided_at,omitempty"`
}

// Content is one piece of content a creator lists, with what its referral link brought.
type CreatorContent struct {
	ID          string    `json:"id"`
	UserID      string    `json:"-"`
	Title       string    `json:"title"`
	URL         string    `json:"url"`
	Kind        string    `json:"kind" enum:"video,article,podcast,social,newsletter,course"`
	PublishedOn string    `json:"published_on" doc:"YYYY-MM-DD"`
	CreatedAt   time.Time `json:"created_at"`
	// ReferralPath is the piece's referral link (path and query; the app prefixes its origin).
	ReferralPath string `json:"referral_path" doc:"The piece's referral link without the origin; empty without an affiliate account"`
	Clicks       int    `json:"clicks" doc:"Clicks through the piece's referral link"`
	Conversions  int    `json:"conversions" doc:"Paid orders and memberships those clicks led to (rejected commissions left out)"`
	EarnedCents  int64  `json:"earned_cents" doc:"The commissions of those conversions, US cents (rejected left out)"`
}

// ContentStats is what one piece's referral link brought.
type CreatorContentStats struct {
	Clicks      int
	Conversions int
	EarnedCents int64
}

// PayoutAccount is the creator's payout account at the payment provider. The bank numbers are
// the provider's: only the last four digits are kept.
type CreatorPayoutAccount struct {
	UserID           string    `json:"-"`
	Provider         string    `json:"provider" enum:"builtin,stripe"`
	AccountID        string    `json:"account_id"`
	DetailsSubmitted bool      `json:"details_submitted"`
	PayoutsEnabled   bool      `json:"payouts_enabled"`
	BankLast4        string    `json:"bank_last4" doc:"Last four digits of the bank account on file"`
	CreatedAt        time.Time `json:"created_at"`
	UpdatedAt        time.Time `json:"updated_at"`
}

// Payout is the payout setup as the creator sees it.
type CreatorPayout struct {
	// Mode is "stripe" (Connect Express onboarding link) or "test" (the built-in test-mode form).
	Mode    string                `json:"mode" enum:"stripe,test"`
	Status  string                `json:"status" enum:"none,onboarding,active"`
	Account *CreatorPayoutAccount `json:"account,omitempty"`
}

// Dashboard is what an approved creator sees. Referral is their affiliate account's dashboard
// (clicks, conversions, commission by status, 30 days): the earnings are those commissions.
type CreatorDashboard struct {
	Application CreatorApplication             `json:"application"`
	Content     []CreatorContent               `json:"content"`
	Payout      CreatorPayout                  `json:"payout"`
	Referral    *affiliates.AffiliateDashboard `json:"referral,omitempty" doc:"Absent when the creator has no approved affiliate account"`
}

// Decision is an approval or rejection to write in one transaction: the application's status,
// for an approval the creator grant (unless the role is held) and the affiliate account (opened,
// or a pending one approved), and the audit entry.
type Decision struct {
	ApplicationID string
	Approve       bool
	Reason        string
	By            string
	At            time.Time
	Grant         roles.Grant
	Affiliate     affiliates.Affiliate
	Audit         audit.Record
	// Notice tells the applicant in the app (the notifications bell), in the same transaction.
	Notice notices.Notification
}

// Store is what the service needs of the database; each write is its own transaction.
type Store interface {
	ApplicationByUser(ctx context.Context, userID string) (*CreatorApplication, error)
	ApplicationByID(ctx context.Context, id string) (*CreatorApplication, error)
	// SubmitApplication inserts a, or replaces the member's rejected application with it (same
	// id kept, status pending again). An application pending or approved is a conflict.
	SubmitApplication(ctx context.Context, a CreatorApplication) (CreatorApplication, error)
	Applications(ctx context.Context, status string) ([]CreatorApplication, error)
	// Decide writes d (conflict when the application is no longer pending) and answers the
	// application as decided.
	Decide(ctx context.Context, d Decision) (CreatorApplication, error)
	// InsertContent inserts c unless the creator already lists MaxContent pieces (false then).
	InsertContent(ctx context.Context, c CreatorContent, max int) (bool, error)
	// DeleteContent removes the creator's piece; false when they have none of that id.
	DeleteContent(ctx context.Context, userID, id string) (bool, error)
	ContentOf(ctx context.Context, userID string) ([]CreatorContent, error)
	// ContentStats counts, per content id, the clicks carrying it as utm_content on the
	// creator's affiliate account and the commissions of the conversions they led to.
	ContentStats(ctx context.Context, userID string) (map[string]CreatorContentStats, error)
	PayoutAccountOf(ctx context.Context, userID string) (*CreatorPayoutAccount, error)
	SavePayoutAccount(ctx context.Context, a CreatorPayoutAccount) error
}

// Referrals is the affiliate programme's read of a member's dashboard (affiliates.Service).
type Referrals interface {
	DashboardFor(ctx context.Context, userID string) (affiliates.AffiliateDashboard, error)
}

// Service runs the creator programme.
type Service struct {
	Store     Store
	Referrals Referrals
	// Payouts is the payment provider's payout side (guarded outside transactions).
	Payouts payments.Payouts
	Now     func() time.Time
	NewID   func() string
	// BaseURL is the app's public address (the onboarding link's return and refresh).
	BaseURL string
}

func (s *Service) now() time.Time { return s.Now().UTC().Truncate(time.Microsecond) }

// Mine is the member's application (nil before they apply).
func (s *Service) Mine(ctx context.Context, userID string) (*CreatorApplication, error) {
	return s.Store.ApplicationByUser(ctx, userID)
}

// Apply stores the member's application, or sends a rejected one again.
func (s *Service) Apply(ctx context.Context, userID string, in CreatorApplicationInput) (CreatorApplication, error) {
	if err := in.Validate(); err != nil {
		return CreatorApplication{}, err
	}
	now := s.now()
	a := CreatorApplication{ID: s.NewID(), UserID: userID, Status: StatusPending, DisplayName: in.DisplayName, Bio: in.Bio, Website: in.Website,
		AudienceSize: in.AudienceSize, Platforms: in.Platforms, Niches: in.Niches, ContentPlan: in.ContentPlan, CreatedAt: now, UpdatedAt: now}
	return s.Store.SubmitApplication(ctx, a)
}

// Applications lists applications for the back office, pending first (status "" for all).
func (s *Service) Applications(ctx context.Context, status string) ([]CreatorApplication, error) {
	rows, err := s.Store.Applications(ctx, status)
	if rows == nil {
		rows = []CreatorApplication{}
	}
	return rows, err
}

// Decide approves or rejects a pending application (a rejection needs a reason). An approval
// grants the creator role (recorded as a grant by the administrator, unless the member holds it
// already) and opens the member's affiliate account, whose code makes the creator's referral
// links; all of it and the audit entry commit together.
func (s *Service) Decide(ctx context.Context, by audit.Actor, id string, approve bool, reason string) (CreatorApplication, error) {
	reason, err := CheckReason(reason, !approve)
	if err != nil {
		return CreatorApplication{}, err
	}
	a, err := s.Store.ApplicationByID(ctx, id)
	if err != nil {
		return CreatorApplication{}, err
	}
	if a == nil {
		return CreatorApplication{}, apperr.New(apperr.NotFound, "application not found")
	}
	if a.Status != StatusPending {
		return CreatorApplication{}, coded(apperr.Conflict, apperr.Field("status", KeyNotPending, MsgNotPending))
	}
	now := s.now()
	d := Decision{ApplicationID: a.ID, Approve: approve, Reason: reason, By: by.UserID, At: now}
	action, after := ActionReject, map[string]any{"status": StatusRejected, "reason": reason, "user_id": a.UserID}
	if approve {
		action, after = ActionApprove, map[string]any{"status": StatusApproved, "reason": reason, "user_id": a.UserID, "role": string(roles.Creator)}
		d.Grant = roles.Grant{ID: s.NewID(), UserID: a.UserID, Role: roles.Creator, GrantedBy: by.UserID, Reason: "Creator application approved"}
		d.Affiliate = affiliates.Affiliate{ID: s.NewID(), UserID: a.UserID, Code: affiliates.NewCode(), Status: affiliates.AppApproved, Website: a.Website,
			Audience: clip(fmt.Sprintf("%s: %d followers", a.DisplayName, a.AudienceSize), 500), Promotion: clip(a.ContentPlan, 2000),
			PayoutEmail: a.Email, CreatedAt: now, DecidedAt: &now}
	}
	d.Notice = decisionNotice(s.NewID(), *a, approve, reason, now)
	d.Audit, err = audit.New(by, action, KindApplication, a.ID, map[string]any{"status": a.Status, "user_id": a.UserID}, after)
	if err != nil {
		return CreatorApplication{}, err
	}
	return s.Store.Decide(ctx, d)
}

// Notice kinds of a decision and their message keys (web/src/locales/*/creators.json notice).
const (
	NoticeApproved = "creator_approved"
	NoticeRejected = "creator_rejected"
)

// decisionNotice is the applicant's in-app notice of a decision. A rejected member may apply
// again, so each decision has its own dedupe key (the decision's time).
func decisionNotice(id string, a CreatorApplication, approve bool, reason string, at time.Time) notices.Notification {
	n := notices.Notification{ID: id, UserID: a.UserID, Kind: NoticeRejected, TitleKey: "creators.notice.rejected.title", BodyKey: "creators.notice.rejected.body",
		Params: notices.ParamsOf(map[string]any{"name": a.DisplayName, "reason": reason}), Link: "/creator-onboarding", Reference: a.ID,
		CreatedAt: at}
	if approve {
		n.Kind, n.TitleKey, n.BodyKey, n.Link = NoticeApproved, "creators.notice.approved.title", "creators.notice.approved.body", "/creator-payment-setup"
	}
	n.DedupeKey = fmt.Sprintf("creator_app:%s:%s:%d", a.ID, n.Kind, at.UnixNano())
	return n
}

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// approved is the caller's approved application; anyone else (an administrator passing the
// access check without being a creator, say) is told they are not a creator.
func (s *Service) approved(ctx context.Context, userID string) (*CreatorApplication, error) {
	a, err := s.Store.ApplicationByUser(ctx, userID)
	if err != nil {
		return nil, err
	}
	if a == nil || a.Status != StatusApproved {
		return nil, apperr.New(apperr.NotFound, MsgNotCreator)
	}
	return a, nil
}

// AddContent lists a piece of the creator's content.
func (s *Service) AddContent(ctx context.Context, userID string, in CreatorContentInput) (CreatorContent, error) {
	if _, err := s.approved(ctx, userID); err != nil {
		return CreatorContent{}, err
	}
	now := s.now()
	if err := in.Validate(now); err != nil {
		return CreatorContent{}, err
	}
	c := CreatorContent{ID: s.NewID(), UserID: userID, Title: in.Title, URL: in.URL, Kind: in.Kind, PublishedOn: in.PublishedOn, CreatedAt: now}
	ok, err := s.Store.InsertContent(ctx, c, MaxContent)
	if err != nil {
		return CreatorContent{}, err
	}
	if !ok {
		return CreatorContent{}, coded(apperr.Conflict, apperr.Field("title", KeyTooMuchContent, MsgTooMuchContent))
	}
	return c, nil
}

// DeleteContent removes a piece of the creator's own content; another creator's is not found.
func (s *Service) DeleteContent(ctx context.Context, userID, id string) error {
	ok, err := s.Store.DeleteContent(ctx, userID, id)
	if err != nil {
		return err
	}
	if !ok {
		return apperr.New(apperr.NotFound, MsgContentGone)
	}
	return nil
}

func (s *Service) mode() string {
	if s.Payouts != nil && s.Payouts.Name() == payments.NameStripe {
		return "stripe"
	}
	return "test"
}

// PayoutOf is the creator's payout setup.
func (s *Service) PayoutOf(ctx context.Context, userID string) (CreatorPayout, error) {
	if _, err := s.approved(ctx, userID); err != nil {
		return CreatorPayout{}, err
	}
	a, err := s.Store.PayoutAccountOf(ctx, userID)
	if err != nil {
		return CreatorPayout{}, err
	}
	return CreatorPayout{Mode: s.mode(), Status: PayoutStatus(a), Account: a}, nil
}

// OnboardingLink opens the creator's Connect Express account at Stripe when they have none, and
// answers a fresh onboarding link (links are single-use and expire: one per click). In test
// mode it is a conflict: the form on the page takes the test numbers.
func (s *Service) OnboardingLink(ctx context.Context, userID, email string) (string, error) {
	if _, err := s.approved(ctx, userID); err != nil {
		return "", err
	}
	if s.mode() != "stripe" {
		return "", apperr.New(apperr.Conflict, MsgNotStripe)
	}
	a, err := s.Store.PayoutAccountOf(ctx, userID)
	if err != nil {
		return "", err
	}
	if a == nil {
		acct, err := s.Payouts.CreatePayoutAccount(ctx, payments.PayoutAccountRequest{UserID: userID, Email: email, Country: "US", IdempotencyKey: "creator-payouts-" + userID})
		if err != nil {
			return "", fmt.Errorf("open payout account: %w", err)
		}
		now := s.now()
		a = &CreatorPayoutAccount{UserID: userID, Provider: s.Payouts.Name(), AccountID: acct.ID, DetailsSubmitted: acct.DetailsSubmitted, PayoutsEnabled: acct.PayoutsEnabled,
			BankLast4: acct.BankLast4, CreatedAt: now, UpdatedAt: now}
		if err := s.Store.SavePayoutAccount(ctx, *a); err != nil {
			return "", err
		}
	}
	page := s.BaseURL + "/creator-payment-setup"
	return s.Payouts.PayoutOnboardingLink(ctx, a.AccountID, page+"?stripe=refresh", page+"?stripe=return")
}

// RefreshPayout reads the creator's account at the provider again (after Stripe's onboarding
// sends them back) and keeps its status.
func (s *Service) RefreshPayout(ctx context.Context, userID string) (CreatorPayout, error) {
	setup, err := s.PayoutOf(ctx, userID)
	if err != nil {
		return CreatorPayout{}, err
	}
	a := setup.Account
	if a == nil {
		return CreatorPayout{}, apperr.New(apperr.Conflict, MsgNoPayoutYet)
	}
	if a.Provider == payments.NameStripe && s.mode() == "stripe" {
		acct, err := s.Payouts.GetPayoutAccount(ctx, a.AccountID)
		if err != nil {
			return CreatorPayout{}, fmt.Errorf("read payout account: %w", err)
		}
		a.DetailsSubmitted, a.PayoutsEnabled, a.UpdatedAt = acct.DetailsSubmitted, acct.PayoutsEnabled, s.now()
		if acct.BankLast4 != "" {
			a.BankLast4 = acct.BankLast4
		}
		if err := s.Store.SavePayoutAccount(ctx, *a); err != nil {
			return CreatorPayout{}, err
		}
	}
	return CreatorPayout{Mode: s.mode(), Status: PayoutStatus(a), Account: a}, nil
}

// TestBankInput is the test-mode form. The numbers go to the provider and are not kept.
type CreatorTestBankInput struct {
	HolderName    string `json:"holder_name" maxLength:"200"`
	RoutingNumber string `json:"routing_number" maxLength:"20"`
	AccountNumber string `json:"account_number" maxLength:"30"`
}

// SetTestBank sends the test-mode form to the built-in provider and keeps the account it
// opened (its id, its flags and the last four digits): a second form replaces the account.
func (s *Service) SetTestBank(ctx context.Context, userID string, in CreatorTestBankInput) (CreatorPayout, error) {
	if _, err := s.approved(ctx, userID); err != nil {
		return CreatorPayout{}, err
	}
	if s.mode() != "test" || s.Payouts == nil {
		return CreatorPayout{}, apperr.New(apperr.Conflict, MsgNotTestMode)
	}
	if utf8.RuneCountInString(in.HolderName) > 120 || strings.TrimSpace(in.HolderName) == "" {
		return CreatorPayout{}, apperr.Field("holder_name", KeyHolderName, MsgHolderName)
	}
	acct, err := s.Payouts.TestBankAccount(ctx, payments.TestBankRequest{UserID: userID, HolderName: in.HolderName, RoutingNumber: in.RoutingNumber, AccountNumber: in.AccountNumber})
	switch {
	case errors.Is(err, payments.ErrTestBankNoAccount):
		return CreatorPayout{}, apperr.Field("account_number", KeyTestBankNoAcct, MsgTestBankNoAcct)
	case errors.Is(err, payments.ErrTestBank):
		return CreatorPayout{}, apperr.Fields([]apperr.FieldError{{Field: "routing_number", Key: KeyTestBank, Message: MsgTestBank}, {Field: "account_number", Key: KeyTestBank, Message: MsgTestBank}})
	case errors.Is(err, payments.ErrNotTestMode):
		return CreatorPayout{}, apperr.New(apperr.Conflict, MsgNotTestMode)
	case err != nil:
		return CreatorPayout{}, fmt.Errorf("test bank account: %w", err)
	}
	now := s.now()
	a := CreatorPayoutAccount{UserID: userID, Provider: s.Payouts.Name(), AccountID: acct.ID, DetailsSubmitted: acct.DetailsSubmitted, PayoutsEnabled: acct.PayoutsEnabled,
		BankLast4: acct.BankLast4, CreatedAt: now, UpdatedAt: now}
	if prev, err := s.Store.PayoutAccountOf(ctx, userID); err != nil {
		return CreatorPayout{}, err
	} else if prev != nil {
		a.CreatedAt = prev.CreatedAt
	}
	if err := s.Store.SavePayoutAccount(ctx, a); err != nil {
		return CreatorPayout{}, err
	}
	return CreatorPayout{Mode: s.mode(), Status: PayoutStatus(&a), Account: &a}, nil
}

// DashboardFor is the approved creator's dashboard: their content with what each piece's link
// brought, their payout setup, and their affiliate account's figures (the earnings).
func (s *Service) DashboardFor(ctx context.Context, userID string) (CreatorDashboard, error) {
	a, err := s.approved(ctx, userID)
	if err != nil {
		return CreatorDashboard{}, err
	}
	d := CreatorDashboard{Application: *a}
	if d.Payout, err = s.PayoutOf(ctx, userID); err != nil {
		return CreatorDashboard{}, err
	}
	ref, err := s.Referrals.DashboardFor(ctx, userID)
	switch {
	case apperr.IsNotFound(err):
	case err != nil:
		return CreatorDashboard{}, err
	default:
		d.Referral = &ref
	}
	content, err := s.Store.ContentOf(ctx, userID)
	if err != nil {
		return CreatorDashboard{}, err
	}
	stats, err := s.Store.ContentStats(ctx, userID)
	if err != nil {
		return CreatorDashboard{}, err
	}
	for i := range content {
		st := stats[content[i].ID]
		content[i].Clicks, content[i].Conversions, content[i].EarnedCents = st.Clicks, st.Conversions, st.EarnedCents
		if d.Referral != nil {
			content[i].ReferralPath = ReferralPath(d.Referral.Affiliate.Code, content[i].ID)
		}
	}
	if content == nil {
		content = []CreatorContent{}
	}
	d.Content = content
	return d, nil
}

// coded gives a field error another code than invalid (a conflict).
func coded(code apperr.Code, e *apperr.Error) *apperr.Error {
	e.Code = code
	return e
}
