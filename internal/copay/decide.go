package copay

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/notices"
	"circle/internal/notify"
	"circle/internal/respa"
)

// The vendor's side of co-pay (issue 15 item 3): the partner vendor's incoming requests, its
// decisions (approve, possibly at a lower split, or decline with a note), the expiry of
// unanswered requests (expire.go), telling the agent (notify.go) and the RESPA audit pack
// (audit.go). The partner of a request is co_pay_requests.vendor_id: the vendor asked to pay,
// not the vendor of the service.

// Messages of the vendor's side.
const (
	MsgNotFound        = "co-pay request not found"
	MsgAlreadyApproved = "This co-pay request was already approved; a request is decided once."
	MsgAlreadyDeclined = "This co-pay request was already declined; a request is decided once."
	MsgAlreadyExpired  = "This co-pay request expired before it was answered; the agent can send a new one."
	MsgAlreadyClosed   = "This co-pay request is no longer open; a request is decided once."
	// MsgUndoClosed: the undo window of an approval closed, or the request is no longer approved
	// (the agent used it, or it was undone already).
	MsgUndoClosed = "This approval can no longer be undone; it stands."
	// MaxNoteRunes bounds a decision note.
	MaxNoteRunes = 1000
	// IncomingLimit is how many requests the vendor's list shows, newest first.
	IncomingLimit = 200
)

// OwnedVendor is a vendor the caller owns (vendors.owner_user_id).
type OwnedVendor struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	VendorType string `json:"vendor_type"`
}

// Incoming is a request as its partner vendor's list shows it.
type Incoming struct {
	Request
	AgentName    string `bun:"agent_name"`
	ServiceTitle string `bun:"service_title"`
	VendorName   string `bun:"vendor_name"`
}

// VendorStore is what the vendor's side needs from the database (internal/store/co_pay_*.go).
// Methods called with the ctx InTx hands out run in that transaction.
type VendorStore interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	// OwnedVendorRecords lists the vendors a user owns (vendors.owner_user_id), by name then id.
	OwnedVendorRecords(ctx context.Context, userID string) ([]catalog.Vendor, error)
	// VendorAffiliatedUsers lists the users who own or represent the vendor, its parent or its
	// subsidiaries (respa's self-dealing rule).
	VendorAffiliatedUsers(ctx context.Context, vendorID string) ([]string, error)
	IncomingCoPayRequests(ctx context.Context, vendorIDs []string, status string, limit int) ([]Incoming, error)
	CoPayRequestForVendor(ctx context.Context, id string) (Incoming, error)
	CoPayRequestForVendorIn(ctx context.Context, id string) (Incoming, error)
	ServiceByID(ctx context.Context, id string) (catalog.Service, error)
	// LockCoPayRequestForDecision reads the request for update inside ctx's transaction (FOR UPDATE on PostgreSQL; the
	// immediate transaction holds SQLite's only write lock).
	LockCoPayRequestForDecision(ctx context.Context, id string) (Request, error)
	// CloseCoPayRequest writes r's decision only while the row is still pending and unexpired at
	// now (a conditional update) and appends e; false when another decision came first.
	CloseCoPayRequest(ctx context.Context, r Request, e Event, now time.Time) (bool, error)
	DueCoPayRequests(ctx context.Context, now time.Time, limit int) ([]string, error)
	InsertNotification(ctx context.Context, n notices.Notification) error
	CoPayAgentContact(ctx context.Context, userID string) (Contact, error)
	UnsentCoPayNotifications(ctx context.Context, createdBefore time.Time, limit int) ([]notices.Notification, error)
	// LastCoPayEventIn is the request's latest event of a status.
	LastCoPayEventIn(ctx context.Context, requestID, status string) (Event, error)
	// ReopenCoPayRequest puts an approved request decided after decidedAfter back to pending
	// (a conditional update) and appends e; false when it is no longer so.
	ReopenCoPayRequest(ctx context.Context, r Request, e Event, decidedAfter time.Time) (bool, error)
	// DeleteUnsentNotification removes a notice not yet e-mailed.
	DeleteUnsentNotification(ctx context.Context, userID, dedupeKey string) (bool, error)
	ClaimNotificationEmail(ctx context.Context, id string, at time.Time) (bool, error)
	ReleaseNotificationEmail(ctx context.Context, id string) error
	AuditStore
}

// Contact is where and in which language the agent is told.
type Contact struct {
	Email, Name, Lang string
}

// VendorService is the vendor's side of co-pay.
type VendorService struct {
	Store  VendorStore
	Mailer notify.Mailer
	Now    func() time.Time
	Logger *slog.Logger
	// BaseURL is the public address of the app (the e-mail's link).
	BaseURL string
}

// IncomingView is one row of the vendor's list: the request, who asked for what, and the
// explanation in the vendor's language.
type IncomingView struct {
	ID               string     `json:"id"`
	Status           string     `json:"status" enum:"pending,approved,declined,expired,canceled,used"`
	VendorID         string     `json:"vendor_id" doc:"The partner vendor asked to pay"`
	VendorName       string     `json:"vendor_name"`
	AgentID          string     `json:"agent_id"`
	AgentName        string     `json:"agent_name"`
	ServiceID        string     `json:"service_id"`
	ServiceTitle     string     `json:"service_title"`
	RequestedSplit   int        `json:"requested_split_percentage"`
	ApprovedSplit    *int       `json:"approved_split_percentage"`
	MaxSplit         int        `json:"max_split_percentage" doc:"The most the vendor may approve: the requested split, lowered to the RESPA cap"`
	CapPercent       int        `json:"cap_percent" doc:"The one cap for this vendor on this service: the lower of the service's limit and RESPA's"`
	CapSource        string     `json:"cap_source" enum:"service,respa" doc:"Which limit is the lower: the service's (its split limit, max vendor split or co-pay price) or RESPA's for the vendor's kind"`
	UndoUntil        *time.Time `json:"undo_until" doc:"An approval that can still be undone (POST .../undo) until this time; null otherwise"`
	VendorKind       string     `json:"vendor_kind" enum:"ssp,non_ssp"`
	BasePriceCents   int64      `json:"base_price_cents"`
	VendorShareCents int64      `json:"vendor_share_cents" doc:"What the vendor pays in cash"`
	AgentShareCents  int64      `json:"agent_share_cents"`
	PointsCents      int64      `json:"points_cents" doc:"What the vendor's points allocated to the agent already paid of its share (an automatic co-pay's remainder request); 0 otherwise"`
	Explanation      string     `json:"explanation" doc:"The split in plain language, in the reader's language"`
	AgentNotes       string     `json:"agent_notes"`
	DecisionNote     string     `json:"decision_note"`
	DecidedAt        *time.Time `json:"decided_at"`
	ExpiresAt        time.Time  `json:"expires_at"`
	CreatedAt        time.Time  `json:"created_at"`
}

// Incoming lists the requests made to every vendor the user owns, newest first, optionally of
// one status (pending, approved, declined, expired, canceled, used; "" for all).
func (s *VendorService) Incoming(ctx context.Context, userID, status, lang string) ([]OwnedVendor, []IncomingView, error) {
	status = strings.TrimSpace(status)
	if status != "" && !validStatus(status) {
		return nil, nil, apperr.Field("status", "validation.enum", "status must be one of pending, approved, declined, expired, canceled, used")
	}
	owned, err := s.ownedVendors(ctx, userID)
	if err != nil {
		return nil, nil, err
	}
	out := []IncomingView{}
	if len(owned) == 0 {
		return owned, out, nil
	}
	ids := make([]string, 0, len(owned))
	for _, v := range owned {
		ids = append(ids, v.ID)
	}
	rows, err := s.Store.IncomingCoPayRequests(ctx, ids, status, IncomingLimit)
	if err != nil {
		return nil, nil, err
	}
	terms := map[string]respa.Terms{}
	for _, r := range rows {
		t, ok := terms[r.ServiceID]
		if !ok {
			svc, err := s.Store.ServiceByID(ctx, r.ServiceID)
			if err != nil && !apperr.IsNotFound(err) {
				return nil, nil, err
			}
			t = respa.TermsOf(svc)
			terms[r.ServiceID] = t
		}
		out = append(out, viewOf(r, t, lang))
	}
	return owned, out, nil
}

func validStatus(s string) bool {
	switch s {
	case StatusPending, StatusApproved, StatusDeclined, StatusExpired, StatusCanceled, StatusUsed:
		return true
	}
	return false
}

// breakdownOf is the request's split recomputed with the RESPA rules: the split asked for (or
// approved) lowered to the partner's cap on the service, on the stored base price.
func breakdownOf(r Incoming, t respa.Terms, split int) respa.Breakdown {
	return respa.CompliantUsage(respa.Usage{Terms: t, TotalCents: r.BasePriceCents, PartnerName: r.VendorName,
		PartnerKind: respa.VendorKind(r.VendorKind), RequestedSplit: split})
}

func viewOf(r Incoming, t respa.Terms, lang string) IncomingView {
	split := r.RequestedSplit
	if r.ApprovedSplit != nil {
		split = *r.ApprovedSplit
	}
	b := breakdownOf(r, t, split)
	// The card shows the cap once (cap_percent, issue 28 item 12): the explanation says the shares.
	shares := b
	shares.CapReason = respa.CapNone
	explanation := respa.Explain(shares, lang)
	if r.Status != StatusPending && r.Status != StatusApproved {
		// Closed requests keep the explanation they were decided with.
		explanation = r.Explanation
	}
	return IncomingView{ID: r.ID, Status: r.Status, VendorID: r.VendorID, VendorName: r.VendorName, AgentID: r.AgentID, AgentName: r.AgentName,
		ServiceID: r.ServiceID, ServiceTitle: r.ServiceTitle, RequestedSplit: r.RequestedSplit, ApprovedSplit: r.ApprovedSplit,
		MaxSplit: min(r.RequestedSplit, b.CapPercent), CapPercent: b.CapPercent, CapSource: capSource(b.CapReason), VendorKind: r.VendorKind, BasePriceCents: r.BasePriceCents,
		VendorShareCents: r.VendorShareCents, AgentShareCents: r.AgentShareCents, PointsCents: r.PointsCents, Explanation: explanation, AgentNotes: r.AgentNotes,
		DecisionNote: r.DecisionNote, DecidedAt: r.DecidedAt, ExpiresAt: r.ExpiresAt, CreatedAt: r.CreatedAt}
}

// capSource is which limit a cap reason names: RESPA's for the vendor's kind, else the service's.
func capSource(r respa.CapReason) string {
	switch r {
	case respa.CapSSP, respa.CapNonSSP:
		return "respa"
	}
	return "service"
}

// Decision is a vendor's answer to a request.
type Decision struct {
	RequestID string
	// UserID decides; it must own the request's partner vendor.
	UserID string
	// Approve, else decline.
	Approve bool
	// Split is the approved split; 0 approves the requested split (lowered to the cap).
	Split int
	Note  string
	// Lang is the language of the explanation answered to the caller.
	Lang string
}

// ownedRequest reads co-pay request id for a vendor user userID owns, with its service (zero
// when the service is gone): a request of another vendor is the 404 of one that does not exist.
func (s *VendorService) ownedRequest(ctx context.Context, userID, id string) (Incoming, catalog.Service, error) {
	r, err := s.Store.CoPayRequestForVendor(ctx, id)
	if err != nil {
		return Incoming{}, catalog.Service{}, err
	}
	owned, err := s.ownedVendors(ctx, userID)
	if err != nil {
		return Incoming{}, catalog.Service{}, err
	}
	if !ownsVendor(owned, r.VendorID) {
		return Incoming{}, catalog.Service{}, apperr.New(apperr.NotFound, MsgNotFound)
	}
	svc, err := s.Store.ServiceByID(ctx, r.ServiceID)
	if err != nil && !apperr.IsNotFound(err) {
		return Incoming{}, catalog.Service{}, err
	}
	return r, svc, nil
}

// Decide applies a vendor's decision once: only to a pending, unexpired request of a vendor the
// user owns (another vendor's request, or an unknown one, is not found). A request of an agent
// who owns or represents the vendor can be declined, never approved (self-dealing: a 403). An approval may lower
// the split, never above the requested split nor the RESPA cap; the shares and the explanation
// are recomputed with internal/respa. The request row and an event row record the decision
// (who, when, split, shares, explanation, note) in one transaction with the agent's in-app
// notice; the e-mail goes after the commit. A second decision answers 409.
func (s *VendorService) Decide(ctx context.Context, d Decision) (IncomingView, error) {
	d.Note = strings.TrimSpace(d.Note)
	r, svc, err := s.ownedRequest(ctx, d.UserID, d.RequestID)
	if err != nil {
		return IncomingView{}, err
	}
	terms := respa.TermsOf(svc)
	maxSplit := min(r.RequestedSplit, breakdownOf(r, terms, r.RequestedSplit).CapPercent)
	var bad []apperr.FieldError
	if utf8.RuneCountInString(d.Note) > MaxNoteRunes {
		bad = append(bad, apperr.FieldError{Field: "note", Key: "validation.too_long", Message: fmt.Sprintf("note must be at most %d characters", MaxNoteRunes)})
	}
	if !d.Approve && d.Note == "" {
		bad = append(bad, apperr.FieldError{Field: "note", Key: "validation.required", Message: "note is required to decline: tell the agent why"})
	}
	if d.Approve {
		if d.Split == 0 {
			d.Split = maxSplit
		}
		switch {
		case d.Split < 1:
			bad = append(bad, apperr.FieldError{Field: "split_percentage", Key: "validation.range", Message: "split_percentage must be at least 1"})
		case d.Split > r.RequestedSplit:
			bad = append(bad, apperr.FieldError{Field: "split_percentage", Key: "copay.split_above_request",
				Message: fmt.Sprintf("split_percentage cannot be above the requested split of %d%%", r.RequestedSplit)})
		case d.Split > maxSplit:
			bad = append(bad, apperr.FieldError{Field: "split_percentage", Key: "copay.split_above_cap",
				Message: fmt.Sprintf("split_percentage cannot be above the RESPA cap of %d%% for this service", maxSplit)})
		}
	}
	if d.Approve && len(bad) == 0 && r.PointsCents > 0 && breakdownOf(r, terms, d.Split).VendorShareCents <= r.PointsCents {
		// A remainder request: the partner's points already paid part of its share; the
		// approved split must leave something to pay in cash.
		bad = append(bad, apperr.FieldError{Field: "split_percentage", Key: "copay.split_below_points",
			Message: "split_percentage must leave a share above what your points already paid for this request"})
	}
	if err := apperr.Fields(bad); err != nil {
		return IncomingView{}, err
	}
	if err := closedError(r.Request, s.Now()); err != nil {
		return IncomingView{}, err
	}
	if d.Approve {
		// Self-dealing (issue 27 item 4): a vendor never pays toward the purchase of an agent
		// who owns or represents it, whoever approves; declining stays possible.
		affiliates, err := s.Store.VendorAffiliatedUsers(ctx, r.VendorID)
		if err != nil {
			return IncomingView{}, err
		}
		if slices.Contains(affiliates, r.AgentID) {
			return IncomingView{}, respa.SelfDealingApproval(r.VendorName)
		}
	}

	now := s.Now().UTC()
	next := r.Request
	next.DecidedBy, next.DecidedAt, next.DecisionNote, next.UpdatedAt = d.UserID, &now, d.Note, now
	split := r.RequestedSplit
	if d.Approve {
		b := breakdownOf(r, terms, d.Split)
		next.Status, split = StatusApproved, b.SplitPercent
		next.ApprovedSplit = &split
		// The cash share is the split's share less what the partner's points already paid
		// (a remainder request); points and cash together stay within the RESPA cap.
		next.VendorShareCents, next.AgentShareCents = b.VendorShareCents-r.PointsCents, b.AgentShareCents
		next.Explanation = respa.Explain(b, "en")
	} else {
		next.Status = StatusDeclined
	}
	ev := Event{RequestID: r.ID, Status: next.Status, ActorID: d.UserID, SplitPercentage: split,
		VendorShareCents: next.VendorShareCents, AgentShareCents: next.AgentShareCents, Explanation: next.Explanation, Note: d.Note, CreatedAt: now}
	inc := r
	inc.Request = next
	notice := noticeOf(inc, now)
	err = s.Store.InTx(ctx, func(ctx context.Context) error {
		cur, err := s.Store.LockCoPayRequestForDecision(ctx, r.ID)
		if err != nil {
			return err
		}
		if err := closedError(cur, now); err != nil {
			return err
		}
		ok, err := s.Store.CloseCoPayRequest(ctx, next, ev, now)
		if err != nil {
			return err
		}
		if !ok {
			return apperr.New(apperr.Conflict, MsgAlreadyClosed)
		}
		return s.Store.InsertNotification(ctx, notice)
	})
	if err != nil {
		return IncomingView{}, err
	}
	view := viewOf(inc, terms, d.Lang)
	if d.Approve {
		// The agent's e-mail waits out the undo window (the expiry job's sweep sends it).
		until := now.Add(UndoWindow)
		view.UndoUntil = &until
	} else {
		s.sendNoticeEmail(ctx, notice)
	}
	return view, nil
}

// closedError is the 409 for a request that is no longer open at now.
func closedError(r Request, now time.Time) error {
	switch {
	case r.Status == StatusApproved || r.Status == StatusUsed:
		return apperr.New(apperr.Conflict, MsgAlreadyApproved)
	case r.Status == StatusDeclined:
		return apperr.New(apperr.Conflict, MsgAlreadyDeclined)
	case r.Status == StatusExpired || (r.Status == StatusPending && !now.Before(r.ExpiresAt)):
		return apperr.New(apperr.Conflict, MsgAlreadyExpired)
	case r.Status != StatusPending:
		return apperr.New(apperr.Conflict, MsgAlreadyClosed)
	}
	return nil
}

// ownedVendors lists the vendors the user owns as the vendor's side shows them (id, name, type),
// never nil so the API answers an empty list.
func (s *VendorService) ownedVendors(ctx context.Context, userID string) ([]OwnedVendor, error) {
	vs, err := s.Store.OwnedVendorRecords(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make([]OwnedVendor, 0, len(vs))
	for _, v := range vs {
		out = append(out, OwnedVendor{ID: v.ID, Name: v.Name, VendorType: v.VendorType})
	}
	return out, nil
}

func ownsVendor(owned []OwnedVendor, id string) bool {
	for _, v := range owned {
		if v.ID == id {
			return true
		}
	}
	return false
}
