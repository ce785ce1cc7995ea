package affiliates

import (
	"context"
	"crypto/rand"
	"encoding/csv"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/ids"
)

// Affiliate is a member's application to the programme, and once approved their affiliate
// account: one per member.
type Affiliate struct {
	ID          string     `json:"id"`
	UserID      string     `json:"user_id"`
	Email       string     `json:"email" doc:"The member's sign-in e-mail (admin lists)"`
	Code        string     `json:"code" doc:"The value of the aff parameter in the affiliate's links"`
	Status      string     `json:"status" enum:"pending,approved,rejected"`
	Website     string     `json:"website"`
	Audience    string     `json:"audience" doc:"Who the affiliate reaches"`
	Promotion   string     `json:"promotion" doc:"How they will promote Circle"`
	PayoutEmail string     `json:"payout_email"`
	Reason      string     `json:"reason" doc:"The administrator's reason of a rejection"`
	CreatedAt   time.Time  `json:"created_at"`
	DecidedAt   *time.Time `json:"decided_at,omitempty"`
}

// Click is one recorded visit through an affiliate link (03§7 track-affiliate-click).
type Click struct {
	ID          string
	AffiliateID string
	URL         string
	Referrer    string
	UserAgent   string
	UTMSource   string
	UTMMedium   string
	UTMCampaign string
	UTMContent  string
	UTMTerm     string
	IPHash      string
	CreatedAt   time.Time
}

// Attribution binds a member to the click they arrived through (last click wins), until
// ExpiresAt (the click's time plus 30 days).
type Attribution struct {
	UserID      string
	AffiliateID string
	ClickID     string
	ClickedAt   time.Time
	ExpiresAt   time.Time
}

// Conversion is a paid order or membership payment credited to an affiliate, with its
// commission (the admin screen's row).
type Conversion struct {
	ID              string     `json:"id"`
	AffiliateID     string     `json:"affiliate_id"`
	AffiliateEmail  string     `json:"affiliate_email"`
	AffiliateCode   string     `json:"affiliate_code"`
	ClickID         string     `json:"link_id"`
	UserID          string     `json:"-"`
	ConversionType  string     `json:"conversion_type" enum:"order,subscription"`
	SourceID        string     `json:"source_id" doc:"The order id or the invoice id: one conversion per source"`
	AmountGross     int64      `json:"amount_gross_cents" doc:"What the buyer paid, US cents"`
	RateBP          int        `json:"rate_bp" doc:"Commission rate in basis points"`
	CommissionCents int64      `json:"commission_cents"`
	Status          string     `json:"status" enum:"pending,approved,paid,rejected"`
	PayoutBatchID   string     `json:"payout_batch_id"`
	CreatedAt       time.Time  `json:"created_at"`
	DecidedAt       *time.Time `json:"decided_at,omitempty"`
	PaidAt          *time.Time `json:"paid_at,omitempty"`
}

// PayoutBatch is a payout of approved commissions.
type PayoutBatch struct {
	ID         string    `json:"id"`
	Count      int       `json:"count"`
	TotalCents int64     `json:"total_cents"`
	CreatedAt  time.Time `json:"created_at"`
	CreatedBy  string    `json:"created_by"`
}

// PayoutLine is one affiliate's total in a batch (the CSV export's row).
type PayoutLine struct {
	AffiliateID string
	Email       string
	PayoutEmail string
	Code        string
	Count       int
	TotalCents  int64
}

// CommissionFilter is the admin list's filter.
type CommissionFilter struct {
	Status   string
	Page     int
	PageSize int
}

// CommissionPage is one page of commissions with totals by status.
type CommissionPage struct {
	Items  []Conversion     `json:"items"`
	Total  int              `json:"total"`
	Totals map[string]int64 `json:"totals" doc:"Commission cents by status, over every row"`
}

// AffiliateDay is one day of an affiliate's activity.
type AffiliateDay struct {
	Day             string `json:"day" doc:"YYYY-MM-DD (UTC)"`
	Clicks          int    `json:"clicks"`
	Conversions     int    `json:"conversions"`
	CommissionCents int64  `json:"commission_cents"`
}

// AffiliateDashboard is what an approved affiliate sees.
type AffiliateDashboard struct {
	Affiliate   Affiliate        `json:"affiliate"`
	Clicks      int              `json:"clicks"`
	Conversions int              `json:"conversions"`
	Commission  map[string]int64 `json:"commission_cents" doc:"Commission cents by status (pending, approved, paid, rejected)"`
	Days        []AffiliateDay   `json:"days" doc:"The last 30 days, oldest first"`
	Recent      []Conversion     `json:"recent" doc:"The latest 20 conversions"`
}

// Store is what the service needs of the database.
type Store interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	InsertAffiliate(ctx context.Context, a Affiliate) error
	AffiliateByUser(ctx context.Context, userID string) (*Affiliate, error)
	AffiliateByCode(ctx context.Context, code string) (*Affiliate, error)
	LockAffiliate(ctx context.Context, id string) (*Affiliate, error)
	SaveAffiliateDecision(ctx context.Context, a Affiliate) error
	Applications(ctx context.Context, status string) ([]Affiliate, error)
	// RecordClick inserts c unless the same visitor clicked the same affiliate since since:
	// then the earlier click is returned with fresh false. Atomic for one visitor.
	RecordClick(ctx context.Context, c Click, since time.Time) (Click, bool, error)
	ClickByID(ctx context.Context, id string) (*Click, error)
	SaveAttribution(ctx context.Context, a Attribution) error
	AttributionOf(ctx context.Context, userID string) (*Attribution, error)
	// InsertConversion inserts c unless its (type, source) exists: false then.
	InsertConversion(ctx context.Context, c Conversion) (bool, error)
	Commissions(ctx context.Context, f CommissionFilter) (CommissionPage, error)
	LockCommission(ctx context.Context, id string) (*Conversion, error)
	SaveCommissionStatus(ctx context.Context, c Conversion) error
	// PayApproved marks the approved commissions among ids (every approved one when ids is
	// empty) paid in batch b, and returns them.
	PayApproved(ctx context.Context, b PayoutBatch, ids []string) ([]Conversion, error)
	InsertPayoutBatch(ctx context.Context, b PayoutBatch) error
	PayoutBatches(ctx context.Context) ([]PayoutBatch, error)
	PayoutLines(ctx context.Context, batchID string) ([]PayoutLine, error)
	DashboardOf(ctx context.Context, affiliateID string, from time.Time) (AffiliateDashboard, error)
	AppendAudit(ctx context.Context, e audit.Record) error
}

// Service runs the programme.
type Service struct {
	Store  Store
	Now    func() time.Time
	Logger *slog.Logger
	// Salt keys the address hash (the deployment's secret).
	Salt string
}

// Messages and keys of the field errors.
const (
	MsgAlreadyApplied       = "You have already applied to the affiliate programme."
	MsgPromotionLength      = "Tell us how you will promote Circle (10 to 2000 characters)."
	MsgAudienceLength       = "Describe your audience (at most 500 characters)."
	MsgWebsite              = "Enter a web address starting with http:// or https://."
	MsgPayoutEmail          = "Enter a valid e-mail address."
	MsgUnknownCode          = "This affiliate link is not active."
	MsgNotDecidable         = "This application has already been decided."
	MsgReason               = "Give a reason (1 to 1000 characters)."
	MsgStatusChange         = "This commission cannot move to that status."
	MsgNothingToPay         = "There are no approved commissions to pay."
	MsgNotAffiliate         = "You are not an approved affiliate."
	KeyAlreadyApplied       = "affiliates.already_applied"
	KeyPromotion            = "affiliates.promotion"
	KeyAudience             = "affiliates.audience"
	KeyWebsite              = "affiliates.website"
	KeyPayoutEmail          = "affiliates.payout_email"
	KeyUnknownCode          = "affiliates.unknown_code"
	KeyNotDecidable         = "affiliates.not_decidable"
	KeyReason               = "affiliates.reason"
	KeyStatusChange         = "affiliates.status_change"
	KeyNothingToPay         = "affiliates.nothing_to_pay"
	ActionAppApprove        = "affiliate_application.approve"
	ActionAppReject         = "affiliate_application.reject"
	ActionCommissionApprove = "commission.approve"
	ActionCommissionReject  = "commission.reject"
	ActionPayout            = "commission.payout"
	KindApplication         = "affiliate_application"
	KindCommission          = "commission"
	KindPayoutBatch         = "payout_batch"
	maxURL                  = 2000
	maxUTM                  = 200
	maxUserAgent            = 500
	dashboardDays           = 30
	dashboardRecentSize     = 20
)

// AffiliateApplication is what a member sends to apply.
type AffiliateApplication struct {
	Website     string `json:"website,omitempty" maxLength:"300"`
	Audience    string `json:"audience,omitempty" maxLength:"600"`
	Promotion   string `json:"promotion" maxLength:"2100"`
	PayoutEmail string `json:"payout_email" maxLength:"300"`
}

// Validate checks an application and trims it.
func (a *AffiliateApplication) Validate() error {
	a.Website, a.Audience, a.Promotion, a.PayoutEmail = strings.TrimSpace(a.Website), strings.TrimSpace(a.Audience), strings.TrimSpace(a.Promotion), strings.TrimSpace(a.PayoutEmail)
	if n := utf8.RuneCountInString(a.Promotion); n < 10 || n > 2000 {
		return apperr.Field("promotion", KeyPromotion, MsgPromotionLength)
	}
	if utf8.RuneCountInString(a.Audience) > 500 {
		return apperr.Field("audience", KeyAudience, MsgAudienceLength)
	}
	if a.Website != "" && !(strings.HasPrefix(a.Website, "http://") || strings.HasPrefix(a.Website, "https://")) || len(a.Website) > 300 {
		return apperr.Field("website", KeyWebsite, MsgWebsite)
	}
	at := strings.LastIndex(a.PayoutEmail, "@")
	if at < 1 || at == len(a.PayoutEmail)-1 || !strings.Contains(a.PayoutEmail[at:], ".") || strings.ContainsAny(a.PayoutEmail, " \t<>") || len(a.PayoutEmail) > 254 {
		return apperr.Field("payout_email", KeyPayoutEmail, MsgPayoutEmail)
	}
	return nil
}

// NewCode is a fresh affiliate code: 8 lowercase letters and digits (no look-alikes).
func NewCode() string {
	const alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}

// Apply stores the member's application (one per member: a second is a conflict).
func (s *Service) Apply(ctx context.Context, userID string, in AffiliateApplication) (Affiliate, error) {
	if err := in.Validate(); err != nil {
		return Affiliate{}, err
	}
	a := Affiliate{ID: ids.New(), UserID: userID, Code: NewCode(), Status: AppPending, Website: in.Website, Audience: in.Audience,
		Promotion: in.Promotion, PayoutEmail: in.PayoutEmail, CreatedAt: s.Now().UTC()}
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		prev, err := s.Store.AffiliateByUser(ctx, userID)
		if err != nil {
			return err
		}
		if prev != nil {
			return coded(apperr.Conflict, apperr.Field("promotion", KeyAlreadyApplied, MsgAlreadyApplied))
		}
		return s.Store.InsertAffiliate(ctx, a)
	})
	return a, err
}

// Mine is the caller's application or affiliate account (nil: none).
func (s *Service) Mine(ctx context.Context, userID string) (*Affiliate, error) {
	return s.Store.AffiliateByUser(ctx, userID)
}

// ClickInput is 03§7 track-affiliate-click's body, with the caller's address and user agent.
type ClickInput struct {
	AffiliateCode, URL, Referrer, UserAgent                    string
	UTMSource, UTMMedium, UTMCampaign, UTMContent, UTMTerm, IP string
}

// ClickResult answers a recorded click: link_id is the click's id (the cookie's value).
type ClickResult struct {
	LinkID      string    `json:"link_id"`
	AffiliateID string    `json:"affiliate_id"`
	Recorded    bool      `json:"recorded" doc:"False for a bot's visit (nothing stored)"`
	Repeat      bool      `json:"repeat" doc:"True when the same visitor's earlier click within 24 hours was returned"`
	ExpiresAt   time.Time `json:"expires_at" doc:"End of the attribution (the click plus 30 days)"`
}

func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// TrackClick records a click through an approved affiliate's link (bots: nothing), returning
// the click that attributes the visitor. A member signed in (userID not "") is attributed at
// once, unless they are the affiliate.
func (s *Service) TrackClick(ctx context.Context, userID string, in ClickInput) (ClickResult, error) {
	code := strings.ToLower(strings.TrimSpace(in.AffiliateCode))
	if code == "" || len(code) > 64 {
		return ClickResult{}, apperr.Field("affiliate_code", KeyUnknownCode, MsgUnknownCode)
	}
	if IsBot(in.UserAgent) {
		return ClickResult{}, nil
	}
	a, err := s.Store.AffiliateByCode(ctx, code)
	if err != nil {
		return ClickResult{}, err
	}
	if a == nil || a.Status != AppApproved {
		return ClickResult{}, coded(apperr.NotFound, apperr.Field("affiliate_code", KeyUnknownCode, MsgUnknownCode))
	}
	now := s.Now().UTC().Truncate(time.Microsecond)
	c := Click{ID: ids.New(), AffiliateID: a.ID, URL: clip(in.URL, maxURL), Referrer: clip(in.Referrer, maxURL), UserAgent: clip(in.UserAgent, maxUserAgent),
		UTMSource: clip(in.UTMSource, maxUTM), UTMMedium: clip(in.UTMMedium, maxUTM), UTMCampaign: clip(in.UTMCampaign, maxUTM),
		UTMContent: clip(in.UTMContent, maxUTM), UTMTerm: clip(in.UTMTerm, maxUTM), IPHash: HashIP(s.Salt, in.IP), CreatedAt: now}
	got, fresh, err := s.Store.RecordClick(ctx, c, now.Add(-ClickDedupeWindow))
	if err != nil {
		return ClickResult{}, err
	}
	if userID != "" {
		if err := s.bind(ctx, userID, a, got); err != nil {
			return ClickResult{}, err
		}
	}
	return ClickResult{LinkID: got.ID, AffiliateID: a.ID, Recorded: true, Repeat: !fresh, ExpiresAt: got.CreatedAt.Add(AttributionTTL)}, nil
}

// Bind attributes the member to the click their cookie names, when the click is still within
// its 30 days and the member is not its affiliate. Called when the member checks out or
// subscribes (and at a signed-in click): it reports whether the member is now attributed.
func (s *Service) Bind(ctx context.Context, userID, clickID string) (bool, error) {
	if userID == "" || clickID == "" || len(clickID) > 64 {
		return false, nil
	}
	c, err := s.Store.ClickByID(ctx, clickID)
	if err != nil || c == nil {
		return false, err
	}
	a, err := s.Store.LockAffiliate(ctx, c.AffiliateID)
	if err != nil || a == nil || a.Status != AppApproved {
		return false, err
	}
	if err := s.bind(ctx, userID, a, *c); err != nil {
		return false, err
	}
	return a.UserID != userID && Attributed(c.CreatedAt, s.Now()), nil
}

func (s *Service) bind(ctx context.Context, userID string, a *Affiliate, c Click) error {
	if a.UserID == userID || !Attributed(c.CreatedAt, s.Now()) {
		return nil // no self-referral; an expired click attributes nothing
	}
	return s.Store.SaveAttribution(ctx, Attribution{UserID: userID, AffiliateID: a.ID, ClickID: c.ID, ClickedAt: c.CreatedAt, ExpiresAt: c.CreatedAt.Add(AttributionTTL)})
}

// Convert records, in the payment's transaction (ctx), the conversion of a paid order or
// membership payment by userID of amountCents (US cents) at t, when the member is attributed
// to an approved affiliate who is not themself: exactly once per (type, source), whatever
// the number of deliveries. It reports whether a conversion was written.
func (s *Service) Convert(ctx context.Context, conversionType, sourceID, userID string, amountCents int64, t time.Time) (bool, error) {
	if amountCents <= 0 || sourceID == "" {
		return false, nil
	}
	at, err := s.Store.AttributionOf(ctx, userID)
	if err != nil || at == nil || !Attributed(at.ClickedAt, t) {
		return false, err
	}
	a, err := s.Store.LockAffiliate(ctx, at.AffiliateID)
	if err != nil || a == nil || a.Status != AppApproved || a.UserID == userID {
		return false, err
	}
	rate := RateFor(conversionType)
	c := Conversion{ID: ids.New(), AffiliateID: a.ID, ClickID: at.ClickID, UserID: userID, ConversionType: conversionType, SourceID: sourceID,
		AmountGross: amountCents, RateBP: rate, CommissionCents: Commission(amountCents, rate), Status: CommissionPending, CreatedAt: t.UTC().Truncate(time.Microsecond)}
	ok, err := s.Store.InsertConversion(ctx, c)
	if err == nil && ok && s.Logger != nil {
		s.Logger.Info("Conversion Tracked", "affiliate_id", a.ID, "conversion_type", conversionType, "source_id", sourceID)
	}
	return ok, err
}

// OrderPaid is checkout's hook: the order's money (US cents) converts.
func (s *Service) OrderPaid(ctx context.Context, orderID, userID string, usdCents int64, paidAt time.Time) error {
	_, err := s.Convert(ctx, ConversionOrder, orderID, userID, usdCents, paidAt)
	return err
}

// InvoicePaid is billing's hook: a paid membership invoice converts.
func (s *Service) InvoicePaid(ctx context.Context, invoiceID, userID string, usdCents int64, paidAt time.Time) error {
	_, err := s.Convert(ctx, ConversionSubscription, invoiceID, userID, usdCents, paidAt)
	return err
}

// DashboardFor is the approved affiliate's dashboard.
func (s *Service) DashboardFor(ctx context.Context, userID string) (AffiliateDashboard, error) {
	a, err := s.Store.AffiliateByUser(ctx, userID)
	if err != nil {
		return AffiliateDashboard{}, err
	}
	if a == nil || a.Status != AppApproved {
		return AffiliateDashboard{}, apperr.New(apperr.NotFound, MsgNotAffiliate)
	}
	today := s.Now().UTC().Truncate(24 * time.Hour)
	from := today.AddDate(0, 0, -(dashboardDays - 1))
	d, err := s.Store.DashboardOf(ctx, a.ID, from)
	if err != nil {
		return AffiliateDashboard{}, err
	}
	d.Affiliate = *a
	// Fill the days without activity so the chart has all 30.
	byDay := map[string]AffiliateDay{}
	for _, x := range d.Days {
		byDay[x.Day] = x
	}
	d.Days = make([]AffiliateDay, 0, dashboardDays)
	for i := 0; i < dashboardDays; i++ {
		day := from.AddDate(0, 0, i).Format("2006-01-02")
		x := byDay[day]
		x.Day = day
		d.Days = append(d.Days, x)
	}
	for _, st := range []string{CommissionPending, CommissionApproved, CommissionPaid, CommissionRejected} {
		if _, ok := d.Commission[st]; !ok {
			d.Commission[st] = 0
		}
	}
	if d.Recent == nil {
		d.Recent = []Conversion{}
	}
	return d, nil
}

// Applications lists applications for the back office (status "" for all).
func (s *Service) Applications(ctx context.Context, status string) ([]Affiliate, error) {
	rows, err := s.Store.Applications(ctx, status)
	if rows == nil {
		rows = []Affiliate{}
	}
	return rows, err
}

func checkReason(reason string) (string, error) {
	reason = strings.TrimSpace(reason)
	if n := utf8.RuneCountInString(reason); n < 1 || n > 1000 {
		return "", apperr.Field("reason", KeyReason, MsgReason)
	}
	return reason, nil
}

// Decide approves or rejects a pending application (a rejection needs a reason), audited in
// the same transaction.
func (s *Service) Decide(ctx context.Context, actor audit.Actor, id string, approve bool, reason string) (Affiliate, error) {
	reason = strings.TrimSpace(reason)
	if !approve {
		var err error
		if reason, err = checkReason(reason); err != nil {
			return Affiliate{}, err
		}
	} else if utf8.RuneCountInString(reason) > 1000 {
		return Affiliate{}, apperr.Field("reason", KeyReason, MsgReason)
	}
	var out Affiliate
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		a, err := s.Store.LockAffiliate(ctx, id)
		if err != nil {
			return err
		}
		if a == nil {
			return apperr.New(apperr.NotFound, "application not found")
		}
		if a.Status != AppPending {
			return coded(apperr.Conflict, apperr.Field("status", KeyNotDecidable, MsgNotDecidable))
		}
		before := *a
		now := s.Now().UTC().Truncate(time.Microsecond)
		a.Status, a.Reason, a.DecidedAt = AppRejected, reason, &now
		action := ActionAppReject
		if approve {
			a.Status, action = AppApproved, ActionAppApprove
		}
		if err := s.Store.SaveAffiliateDecision(ctx, *a); err != nil {
			return err
		}
		out = *a
		return audit.Append(ctx, s.Store, actor, action, KindApplication, a.ID, decisionView(before), decisionView(*a))
	})
	return out, err
}

func decisionView(a Affiliate) map[string]any {
	return map[string]any{"status": a.Status, "reason": a.Reason, "user_id": a.UserID, "code": a.Code}
}

// Commissions is one page of the admin list.
func (s *Service) Commissions(ctx context.Context, f CommissionFilter) (CommissionPage, error) {
	if f.Page < 1 {
		f.Page = 1
	}
	if f.PageSize < 1 || f.PageSize > 200 {
		f.PageSize = 50
	}
	p, err := s.Store.Commissions(ctx, f)
	if p.Items == nil {
		p.Items = []Conversion{}
	}
	return p, err
}

// SetStatus approves or rejects a commission (paid goes through Pay), audited in the same
// transaction.
func (s *Service) SetStatus(ctx context.Context, actor audit.Actor, id, to, reason string) (Conversion, error) {
	if to != CommissionApproved && to != CommissionRejected {
		return Conversion{}, apperr.Field("status", KeyStatusChange, MsgStatusChange)
	}
	if to == CommissionRejected {
		var err error
		if reason, err = checkReason(reason); err != nil {
			return Conversion{}, err
		}
	}
	var out Conversion
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		c, err := s.Store.LockCommission(ctx, id)
		if err != nil {
			return err
		}
		if c == nil {
			return apperr.New(apperr.NotFound, "commission not found")
		}
		if !CanTransition(c.Status, to) {
			return coded(apperr.Conflict, apperr.Field("status", KeyStatusChange, MsgStatusChange))
		}
		before := map[string]any{"status": c.Status}
		now := s.Now().UTC().Truncate(time.Microsecond)
		c.Status, c.DecidedAt = to, &now
		if err := s.Store.SaveCommissionStatus(ctx, *c); err != nil {
			return err
		}
		out = *c
		return audit.Append(ctx, s.Store, actor, commissionAction(to), KindCommission, c.ID, before, map[string]any{"status": to, "reason": strings.TrimSpace(reason)})
	})
	return out, err
}

// Pay marks approved commissions (the ids given, or every approved one) paid in one new payout
// batch, audited in the same transaction.
func (s *Service) Pay(ctx context.Context, actor audit.Actor, commissionIDs []string) (PayoutBatch, error) {
	b := PayoutBatch{ID: ids.New(), CreatedAt: s.Now().UTC().Truncate(time.Microsecond), CreatedBy: actor.UserID}
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		if err := s.Store.InsertPayoutBatch(ctx, b); err != nil {
			return err
		}
		paid, err := s.Store.PayApproved(ctx, b, commissionIDs)
		if err != nil {
			return err
		}
		if len(paid) == 0 {
			return coded(apperr.Conflict, apperr.Field("ids", KeyNothingToPay, MsgNothingToPay))
		}
		ids := make([]string, len(paid))
		for i, c := range paid {
			b.Count++
			b.TotalCents += c.CommissionCents
			ids[i] = c.ID
		}
		return audit.Append(ctx, s.Store, actor, ActionPayout, KindPayoutBatch, b.ID, nil, map[string]any{"commission_ids": ids, "count": b.Count, "total_cents": b.TotalCents})
	})
	return b, err
}

// Batches lists the payout batches, newest first.
func (s *Service) Batches(ctx context.Context) ([]PayoutBatch, error) {
	b, err := s.Store.PayoutBatches(ctx)
	if b == nil {
		b = []PayoutBatch{}
	}
	return b, err
}

// WritePayoutCSV writes a batch's payout file: one row per affiliate with the total to pay.
func (s *Service) WritePayoutCSV(ctx context.Context, batchID string, w io.Writer) error {
	lines, err := s.Store.PayoutLines(ctx, batchID)
	if err != nil {
		return err
	}
	if len(lines) == 0 {
		return apperr.New(apperr.NotFound, "payout batch not found")
	}
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"batch_id", "affiliate_id", "affiliate_code", "account_email", "payout_email", "commissions", "amount_cents", "amount_usd"})
	for _, l := range lines {
		_ = cw.Write([]string{batchID, l.AffiliateID, l.Code, csvSafe(l.Email), csvSafe(l.PayoutEmail), strconv.Itoa(l.Count),
			strconv.FormatInt(l.TotalCents, 10), fmt.Sprintf("%d.%02d", l.TotalCents/100, l.TotalCents%100)})
	}
	cw.Flush()
	return cw.Error()
}

// csvSafe keeps a spreadsheet from reading a cell as a formula.
func csvSafe(s string) string {
	if s != "" && strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return "'" + s
	}
	return s
}

// coded gives a field error another code than invalid (a conflict, a not-found).
func coded(code apperr.Code, e *apperr.Error) *apperr.Error {
	e.Code = code
	return e
}

func commissionAction(to string) string {
	if to == CommissionApproved {
		return ActionCommissionApprove
	}
	return ActionCommissionReject
}
