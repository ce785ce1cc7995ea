package copay

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"circle/internal/appconfig"
	"circle/internal/apperr"
	"circle/internal/cart"
	"circle/internal/catalog"
	"circle/internal/ids"
	"circle/internal/pointspay"
	"circle/internal/pricing"
	"circle/internal/respa"
)

// The agent's side of co-pay (02§2 Select Co-Pay Partner dialog, 02§5 "Co-pay request", 02§8):
// the partners to ask, the quote of a split, sending a request (its cart line waits for the
// vendor), the agent's own requests and canceling a pending one.

// Messages of the agent's side: the spec's (02§8) and the field errors of a request.
const (
	// MsgSignIn is 02§8 "Co-pay request while signed out".
	MsgSignIn = "Authentication Error: Please log in to send co-pay requests."
	// MsgCreateFailed is 02§8 "Co-pay insert failure" (the web app's toast for a 5xx).
	MsgCreateFailed = "Error: Failed to create co-pay request. Please try again."

	KeyProRequired    = "copay.pro_required"
	MsgProRequired    = "Pro Member Required: co-pay is for Circle Pro members."
	KeyNotOffered     = "copay.not_offered"
	MsgNotOffered     = "Co-pay is not offered for this service."
	KeyNoRetail       = "copay.no_price"
	MsgNoRetail       = "This service has no price a co-pay can share."
	KeyUnknownPartner = "copay.unknown_partner"
	MsgUnknownPartner = "This vendor can't be asked for co-pay."
	KeyOwnVendor      = "copay.own_vendor"
	MsgOwnVendor      = "Ask a partner vendor other than the service's own vendor."
	KeyPartnerCapped  = "copay.partner_capped"
	MsgPartnerCapped  = "RESPA rules don't let this vendor cover a share of this service."
	KeySplitRange     = "copay.split_range"
	KeySplitCap       = "copay.split_cap"
	KeyUnknownRep     = "copay.unknown_representative"
	MsgUnknownRep     = "This representative doesn't work for the vendor you chose."
	KeyNotesLong      = "copay.notes_too_long"
	MsgNotesLong      = "Notes can be at most 1000 characters."
	KeyPendingPartner = "copay.pending_exists"
	KeyLineTaken      = "copay.line_has_request"
	MsgLineTaken      = "This service already has a co-pay request in your cart. Cancel it to ask another vendor."
	KeyNotCancelable  = "copay.not_cancelable"
	MsgNotCancelable  = "Only a request that is waiting for the vendor can be canceled."
)

// DefaultNotes is the note sent when the agent leaves it empty (02§5 "notes optional (default
// text used when empty)").
const DefaultNotes = "Hi! I'd like to request co-pay support for this service. Thank you for partnering with me."

// MaxNotes is the longest note (characters).
const MaxNotes = 1000

// AgentStore is what the agent's side needs from the database (internal/store).
type AgentStore interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	GetConfig(ctx context.Context) (appconfig.Config, error)
	CartLines(ctx context.Context, serviceIDs []string) (map[string]cart.Line, error)
	ListedVendors(ctx context.Context, limit int) ([]catalog.Vendor, error)
	VendorByID(ctx context.Context, id string) (catalog.Vendor, error)
	RepresentativesOf(ctx context.Context, vendorIDs []string) (map[string][]catalog.Representative, error)
	// AffiliatedVendorIDs lists the vendors the user owns or represents, with their parents and
	// subsidiaries (respa's self-dealing rule).
	AffiliatedVendorIDs(ctx context.Context, userID string) ([]string, error)
	// LockCheckout makes this agent's cart changes take turns (checkout's per-user lock).
	LockCheckout(ctx context.Context, userID string) error
	LockCart(ctx context.Context, userID string) ([]cart.Item, error)
	// LinkCoPayLine gives a cart line (inserted when it.ID is not in the cart) coverage copay and
	// the request's id and agent share.
	LinkCoPayLine(ctx context.Context, it cart.Item) error
	CoPayRequestByKey(ctx context.Context, agentID, key string) (*Request, error)
	PendingCoPayRequest(ctx context.Context, agentID, serviceID, vendorID string) (*Request, error)
	InsertCoPayRequest(ctx context.Context, r Request, ev Event) error
	LockCoPayRequest(ctx context.Context, id string) (*Request, error)
	SetCoPayRequestStatus(ctx context.Context, r Request, ev Event) error
	AgentCoPayRequests(ctx context.Context, agentID string, limit int) ([]AgentRow, error)
	RecordVendorActivity(ctx context.Context, a catalog.VendorActivity, dedupe time.Duration) (bool, error)
}

// AgentRow is a request with the names the agent's list shows.
type AgentRow struct {
	Request
	VendorName         string `bun:"vendor_name"`
	ServiceTitle       string `bun:"service_title"`
	RepresentativeName string `bun:"representative_name"`
}

// AgentService runs the agent's side of co-pay.
type AgentService struct {
	Store  AgentStore
	Now    func() time.Time
	Logger *slog.Logger
}

// Agent is who asks.
type Agent struct {
	UserID string
	Pro    bool
	// State and Lang pick the currency and the language of the amounts and explanations.
	State, Lang string
	// Currency is the viewer's USD/CAD choice (pricing.ViewerCurrency; auto when empty).
	Currency pricing.Choice
}

func (a Agent) converter(rateE4 int) pricing.Converter {
	return pricing.NewConverter(a.Currency, a.State, rateE4, a.Lang)
}

func (s *AgentService) rate(ctx context.Context) int {
	cfg, err := s.Store.GetConfig(ctx)
	if err != nil {
		return 0
	}
	return cfg.USDToCADRateE4
}

func requirePro(a Agent) error {
	if !a.Pro {
		return &apperr.Error{Code: apperr.Forbidden, Message: MsgProRequired,
			Fields: []apperr.FieldError{{Field: "service_id", Key: KeyProRequired, Message: MsgProRequired}}}
	}
	return nil
}

// QuoteInput names what a split applies to: the service, optionally a package (and its yearly
// price), the partner and the split.
type QuoteInput struct {
	ServiceID string
	PackageID string
	Yearly    bool
	VendorID  string
	Split     int
}

// target is the offer a request covers, resolved from the catalogue.
type target struct {
	line      cart.Line
	offer     cart.Offer
	terms     respa.Terms
	baseCents int64
}

// target resolves the service and package of a request: listed, offering co-pay (02§5 display
// rule), with a retail price the split applies to (02§9 "Agent pays retail x (1 - split/100)").
func (s *AgentService) target(ctx context.Context, in QuoteInput) (target, error) {
	if strings.TrimSpace(in.ServiceID) == "" {
		return target{}, apperr.Field("service_id", "validation.required", "service_id is required")
	}
	lines, err := s.Store.CartLines(ctx, []string{in.ServiceID})
	if err != nil {
		return target{}, err
	}
	line, ok := lines[in.ServiceID]
	if !ok || !line.Service.IsActive {
		return target{}, &apperr.Error{Code: apperr.NotFound, Message: "service not found",
			Fields: []apperr.FieldError{{Field: "service_id", Key: cart.KeyServiceInactive, Message: cart.MsgServiceInactive}}}
	}
	t := respa.TermsOf(line.Service)
	if _, ok := respa.CoPayPrice(t); !ok {
		return target{}, apperr.Field("service_id", KeyNotOffered, MsgNotOffered)
	}
	offer, err := cart.ResolveOffer(line.Service, line.Packages, in.PackageID)
	if err != nil {
		return target{}, err
	}
	if cart.NeedsConsultation(offer) {
		return target{}, apperr.Field("package_id", cart.KeyQuoteCoverage, cart.MsgQuoteCoverage)
	}
	base, ok := offer.Options.Price(pricing.Retail, in.Yearly)
	if !ok || base <= 0 {
		return target{}, apperr.Field("package_id", KeyNoRetail, MsgNoRetail)
	}
	return target{line: line, offer: offer, terms: t, baseCents: base}, nil
}

// CheckSplit is the request slider's rule (02§5): from 10, in steps of 5, up to the slider's
// maximum for the partner, which is never above the partner's RESPA cap.
func CheckSplit(split int, sl respa.Slider, c respa.Cap, partner string) error {
	onStep := split >= sl.Min && (split-sl.Min)%sl.Step == 0
	if onStep && split <= sl.Max {
		return nil
	}
	if onStep && split > c.Percent {
		msg := fmt.Sprintf("%s may cover at most %d%% of this service (RESPA).", partner, c.Percent)
		return apperr.Field("requested_split_percentage", KeySplitCap, msg)
	}
	msg := fmt.Sprintf("The split must be from %d%% to %d%%, in steps of %d%%.", sl.Min, sl.Max, sl.Step)
	return apperr.Field("requested_split_percentage", KeySplitRange, msg)
}

// Quote is the split a request would ask for, explained in the viewer's language (the dialog's
// live RESPA explanation).
type Quote struct {
	Breakdown   respa.Breakdown `json:"breakdown"`
	Explanation string          `json:"explanation"`
	BasePrice   pricing.Money   `json:"base_price" doc:"The retail price per unit the split applies to"`
	AgentShare  pricing.Money   `json:"agent_share"`
	VendorShare pricing.Money   `json:"vendor_share"`
	Slider      respa.Slider    `json:"slider"`
}

type plan struct {
	tgt     target
	partner catalog.Vendor
	kind    respa.VendorKind
	b       respa.Breakdown
	slider  respa.Slider
}

func (s *AgentService) plan(ctx context.Context, a Agent, in QuoteInput) (plan, error) {
	tgt, v, c, sl, err := s.partnerFor(ctx, a, in)
	if err != nil {
		return plan{}, err
	}
	if err := CheckSplit(in.Split, sl, c, v.Name); err != nil {
		return plan{}, err
	}
	kind := respa.KindOf(v.VendorType)
	b := respa.CompliantUsage(respa.Usage{Terms: tgt.terms, TotalCents: tgt.baseCents, PartnerName: v.Name, PartnerKind: kind, RequestedSplit: in.Split})
	return plan{tgt: tgt, partner: v, kind: kind, b: b, slider: sl}, nil
}

// partnerFor checks what a Pro agent asks a partner to cover: the service's offer (target),
// and the partner vendor named (partnerOf), which must not be the agent's own (notSelfDealing).
func (s *AgentService) partnerFor(ctx context.Context, a Agent, in QuoteInput) (target, catalog.Vendor, respa.Cap, respa.Slider, error) {
	if err := requirePro(a); err != nil {
		return target{}, catalog.Vendor{}, respa.Cap{}, respa.Slider{}, err
	}
	tgt, err := s.target(ctx, in)
	if err != nil {
		return target{}, catalog.Vendor{}, respa.Cap{}, respa.Slider{}, err
	}
	if strings.TrimSpace(in.VendorID) == "" {
		return target{}, catalog.Vendor{}, respa.Cap{}, respa.Slider{}, apperr.Field("vendor_id", "validation.required", "vendor_id is required")
	}
	v, err := s.Store.VendorByID(ctx, in.VendorID)
	v, c, sl, err := partnerOf(v, err, tgt)
	if err == nil {
		err = s.notSelfDealing(ctx, a, v)
	}
	return tgt, v, c, sl, err
}

// notSelfDealing refuses a partner the agent owns or represents (respa.SelfDealing, a 403
// naming vendor_id): a vendor paying toward its own owner's purchase is self-dealing.
func (s *AgentService) notSelfDealing(ctx context.Context, a Agent, v catalog.Vendor) error {
	own, err := s.Store.AffiliatedVendorIDs(ctx, a.UserID)
	if err != nil {
		return err
	}
	if slices.Contains(own, v.ID) {
		return respa.SelfDealing(localName(v, a.Lang))
	}
	return nil
}

// Quote prices a split for the dialog.
func (s *AgentService) Quote(ctx context.Context, a Agent, in QuoteInput) (Quote, error) {
	p, err := s.plan(ctx, a, in)
	if err != nil {
		return Quote{}, err
	}
	conv := a.converter(s.rate(ctx))
	b := p.b
	b.PartnerName = localName(p.partner, a.Lang)
	return Quote{Breakdown: p.b, Explanation: respa.ExplainIn(b, conv), BasePrice: conv.Money(p.tgt.baseCents),
		AgentShare: conv.Money(p.b.AgentShareCents), VendorShare: conv.Money(p.b.VendorShareCents), Slider: p.slider}, nil
}

// CreateInput is a request as the agent sends it.
type CreateInput struct {
	QuoteInput
	RepresentativeID string
	Notes            string
	// IdempotencyKey makes a retry answer the request the first attempt recorded.
	IdempotencyKey string
}

// Created is the answer to a create: the request and whether it was recorded now (false: the
// same idempotency key recorded it before).
type Created struct {
	Request AgentView
	Fresh   bool
}

// Create records a co-pay request (02§7 INSERT co_pay_requests, 02§4): the split, the per-unit
// base price and both shares, the English explanation, a 'pending' history row, the 3-day
// response window, and the cart line for the service with coverage copay linked to it (added
// when not in the cart). One pending request per agent, service and partner; one open request
// per cart line; a retry with the same idempotency key records once.
func (s *AgentService) Create(ctx context.Context, a Agent, in CreateInput) (Created, error) {
	key, fp := strings.TrimSpace(in.IdempotencyKey), in.fingerprint()
	if key != "" {
		if r, err := s.byKey(ctx, a.UserID, key, fp); err != nil || r != nil {
			if err != nil {
				return Created{}, err
			}
			return s.replay(ctx, a, *r)
		}
	}
	p, err := s.plan(ctx, a, in.QuoteInput)
	if err != nil {
		return Created{}, err
	}
	notes := strings.TrimSpace(in.Notes)
	if len([]rune(notes)) > MaxNotes {
		return Created{}, apperr.Field("notes", KeyNotesLong, MsgNotesLong)
	}
	if notes == "" {
		notes = DefaultNotes
	}
	rep := ""
	if id := strings.TrimSpace(in.RepresentativeID); id != "" {
		reps, err := s.Store.RepresentativesOf(ctx, []string{p.partner.ID})
		if err != nil {
			return Created{}, err
		}
		for _, r := range reps[p.partner.ID] {
			if r.ID == id {
				rep = id
			}
		}
		if rep == "" {
			return Created{}, apperr.Field("representative_id", KeyUnknownRep, MsgUnknownRep)
		}
	}
	now := s.Now().UTC()
	r := Request{ID: ids.New(), AgentID: a.UserID, VendorID: p.partner.ID, ServiceID: p.tgt.line.Service.ID, PackageID: p.tgt.offer.PackageID,
		Yearly: in.Yearly, RepresentativeID: rep, RequestedSplit: p.b.SplitPercent, VendorKind: string(p.kind), BasePriceCents: p.tgt.baseCents,
		VendorShareCents: p.b.VendorShareCents, AgentShareCents: p.b.AgentShareCents, Explanation: respa.Explain(p.b, "en"),
		AgentNotes: notes, Status: StatusPending, ExpiresAt: now.Add(ResponseWindow), IdempotencyKey: key, RequestFingerprint: fp, CreatedAt: now, UpdatedAt: now}
	return s.record(ctx, a, r, p.tgt, p.partner.Name)
}

// RemainderInput is the co-pay request of an automatic co-pay (02§4 co-pay purchase flow,
// 02§7 process_automatic_copay): the partner is asked for a fixed amount, the part of its
// share its points did not pay.
type RemainderInput struct {
	ServiceID, PackageID, VendorID string
	Yearly                         bool
	// SplitPercent is the partner's whole split (points and cash) as planned.
	SplitPercent int
	// AmountCents is what the partner is asked to pay in cash, per unit (US cents).
	AmountCents int64
	// PointsCents is what the partner's points already paid of its share (US cents).
	PointsCents int64
	// Explanation is the plan's English explanation, stored with the request.
	Explanation string
	// IdempotencyKey is required: the same key records once and answers that request.
	IdempotencyKey string
}

// Messages of a remainder request.
const (
	KeyAmountRange = "copay.amount_range"
	KeyAmountCap   = "copay.amount_cap"
)

// CreateRemainder records a co-pay request for an amount rather than a slider split: the
// partner's cash share is AmountCents, on top of PointsCents its points already paid, and the
// two together are never above the partner's RESPA cap on the service (the largest share
// calculate_respa_compliant_usage allows). The agent's share is the retail price less both.
// Like Create: Pro only, the service and partner checks, the agent's checkout lock, one
// pending request per partner and service, one open request per cart line, and the same
// idempotency key records once (also under concurrency: the unique index answers a replay).
func (s *AgentService) CreateRemainder(ctx context.Context, a Agent, in RemainderInput) (Created, error) {
	key, fp := strings.TrimSpace(in.IdempotencyKey), in.fingerprint()
	if key == "" {
		return Created{}, apperr.Field("idempotency_key", "validation.required", "idempotency_key is required")
	}
	if r, err := s.byKey(ctx, a.UserID, key, fp); err != nil || r != nil {
		if err != nil {
			return Created{}, err
		}
		return s.replay(ctx, a, *r)
	}
	tgt, v, c, _, err := s.partnerFor(ctx, a, QuoteInput{ServiceID: in.ServiceID, PackageID: in.PackageID, Yearly: in.Yearly, VendorID: in.VendorID})
	if err != nil {
		return Created{}, err
	}
	kind := respa.KindOf(v.VendorType)
	capShare := respa.CompliantUsage(respa.Usage{Terms: tgt.terms, TotalCents: tgt.baseCents, PartnerName: v.Name, PartnerKind: kind,
		RequestedSplit: c.Percent}).VendorShareCents
	if in.AmountCents <= 0 || in.PointsCents < 0 {
		return Created{}, apperr.Field("amount_cents", KeyAmountRange, "amount_cents must be above 0 and points_cents at least 0")
	}
	if in.AmountCents+in.PointsCents > capShare {
		msg := fmt.Sprintf("%s may cover at most %d%% of this service (RESPA).", v.Name, c.Percent)
		return Created{}, apperr.Field("amount_cents", KeyAmountCap, msg)
	}
	split := in.SplitPercent
	if split <= 0 || split > c.Percent {
		split = c.Percent
	}
	explanation := strings.TrimSpace(in.Explanation)
	if explanation == "" {
		explanation = respa.Explain(respa.CompliantUsage(respa.Usage{Terms: tgt.terms, TotalCents: tgt.baseCents, PartnerName: v.Name,
			PartnerKind: kind, RequestedSplit: split, PointsAvailable: in.PointsCents / 100}), "en")
	}
	now := s.Now().UTC()
	r := Request{ID: ids.New(), AgentID: a.UserID, VendorID: v.ID, ServiceID: tgt.line.Service.ID, PackageID: tgt.offer.PackageID,
		Yearly: in.Yearly, RequestedSplit: split, VendorKind: string(kind), BasePriceCents: tgt.baseCents,
		VendorShareCents: in.AmountCents, PointsCents: in.PointsCents, AgentShareCents: tgt.baseCents - in.AmountCents - in.PointsCents,
		Explanation: explanation, AgentNotes: DefaultNotes, Status: StatusPending, ExpiresAt: now.Add(ResponseWindow), IdempotencyKey: key,
		RequestFingerprint: fp, CreatedAt: now, UpdatedAt: now}
	return s.record(ctx, a, r, tgt, v.Name)
}

// record writes a new request and links its cart line, under the agent's checkout lock: the
// same idempotency key answers the first request; one pending request per agent, service and
// partner; one open request per cart line (Create and CreateRemainder).
func (s *AgentService) record(ctx context.Context, a Agent, r Request, tgt target, partnerName string) (Created, error) {
	key, now := r.IdempotencyKey, r.CreatedAt
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		if err := s.Store.LockCheckout(ctx, a.UserID); err != nil {
			return err
		}
		if key != "" {
			if prev, err := s.byKey(ctx, a.UserID, key, r.RequestFingerprint); err != nil || prev != nil {
				if err == nil {
					r = *prev
					return errReplay
				}
				return err
			}
		}
		if prev, err := s.Store.PendingCoPayRequest(ctx, a.UserID, r.ServiceID, r.VendorID); err != nil || prev != nil {
			if err == nil {
				return pendingExists(partnerName)
			}
			return err
		}
		current, err := s.Store.LockCart(ctx, a.UserID)
		if err != nil {
			return err
		}
		line := cart.Item{ID: ids.New(), UserID: a.UserID, ServiceID: r.ServiceID, PackageID: r.PackageID, PackageName: tgt.offer.PackageName,
			Yearly: r.Yearly, CreatedAt: now}
		if _, err := cart.Room(current, line); err != nil {
			return err
		}
		for i := range current {
			c := current[i]
			if c.ServiceID == line.ServiceID && c.PackageID == line.PackageID && c.Yearly == line.Yearly {
				if c.Coverage == cart.CoverageCoPay && c.CoPay != nil && (c.CoPay.Status == StatusPending || c.CoPay.Status == StatusApproved) {
					return &apperr.Error{Code: apperr.Conflict, Message: MsgLineTaken,
						Fields: []apperr.FieldError{{Field: "service_id", Key: KeyLineTaken, Message: MsgLineTaken}}}
				}
				line.ID, line.CreatedAt = c.ID, c.CreatedAt
			}
		}
		line.Coverage, line.PriceKind, line.Quantity, line.UnitPriceCents, line.CoPayRequestID, line.UpdatedAt =
			cart.CoverageCoPay, string(cart.CoverageCoPay), 1, r.AgentShareCents, r.ID, now
		r.CartItemID = line.ID
		if err := s.Store.InsertCoPayRequest(ctx, r, s.event(r, StatusPending, a.UserID, "", now)); err != nil {
			return err
		}
		return s.Store.LinkCoPayLine(ctx, line)
	})
	switch {
	case err == errReplay:
		return s.replay(ctx, a, r)
	case apperr.CodeOf(err) == apperr.Conflict && isDuplicate(err):
		// A concurrent create won the unique index: the same key is a replay, else a second
		// pending request to this partner.
		if key != "" {
			if prev, e := s.byKey(ctx, a.UserID, key, r.RequestFingerprint); e != nil || prev != nil {
				if e != nil {
					return Created{}, e
				}
				return s.replay(ctx, a, *prev)
			}
		}
		return Created{}, pendingExists(partnerName)
	case err != nil:
		return Created{}, err
	}
	s.track(ctx, r)
	view := s.viewOf(ctx, AgentRow{Request: r, VendorName: partnerName, ServiceTitle: tgt.line.Service.Title}, a, s.rate(ctx))
	return Created{Request: view, Fresh: true}, nil
}

var errReplay = fmt.Errorf("copay: replayed request")

// ErrDuplicate is the store's answer when a unique index refuses a request (same idempotency
// key, or a second pending request to the same partner).
var ErrDuplicate = &apperr.Error{Code: apperr.Conflict, Message: "duplicate co-pay request"}

func isDuplicate(err error) bool {
	e, ok := err.(*apperr.Error)
	return ok && e == ErrDuplicate
}

func pendingExists(partner string) error {
	msg := fmt.Sprintf("You already have a co-pay request waiting for %s's answer for this service.", partner)
	return &apperr.Error{Code: apperr.Conflict, Message: msg,
		Fields: []apperr.FieldError{{Field: "vendor_id", Key: KeyPendingPartner, Message: msg}}}
}

func (s *AgentService) event(r Request, status, actor, note string, now time.Time) Event {
	split := r.RequestedSplit
	if r.ApprovedSplit != nil {
		split = *r.ApprovedSplit
	}
	return Event{ID: ids.New(), RequestID: r.ID, Status: status, ActorID: actor, SplitPercentage: split,
		VendorShareCents: r.VendorShareCents, AgentShareCents: r.AgentShareCents, Explanation: r.Explanation, Note: note, CreatedAt: now}
}

// track records the request for the partner to see (02§7 track_vendor_activity co_pay_request);
// like every tracking call, a failure is logged and ignored (02§8).
func (s *AgentService) track(ctx context.Context, r Request) {
	data, _ := json.Marshal(map[string]any{"request_id": r.ID, "requested_split_percentage": r.RequestedSplit})
	svc := r.ServiceID
	if _, err := s.Store.RecordVendorActivity(ctx, catalog.VendorActivity{VendorID: r.VendorID, AgentID: r.AgentID, ServiceID: &svc,
		ActivityType: catalog.ActivityCoPayRequest, ActivityData: string(data)}, 0); err != nil && s.Logger != nil {
		s.Logger.Warn("track co-pay request", "request", r.ID, "err", err)
	}
}

func (s *AgentService) replay(ctx context.Context, a Agent, r Request) (Created, error) {
	rows, err := s.Store.AgentCoPayRequests(ctx, a.UserID, 0)
	if err != nil {
		return Created{}, err
	}
	for _, row := range rows {
		if row.ID == r.ID {
			return Created{Request: s.viewOf(ctx, row, a, s.rate(ctx))}, nil
		}
	}
	return Created{}, apperr.New(apperr.NotFound, "co-pay request not found")
}

// AgentView is one of the agent's requests as the list shows it.
type AgentView struct {
	ID                 string        `json:"id"`
	Status             string        `json:"status" enum:"pending,approved,declined,expired,canceled,used"`
	ServiceID          string        `json:"service_id"`
	ServiceTitle       string        `json:"service_title"`
	PackageID          string        `json:"package_id"`
	Yearly             bool          `json:"yearly"`
	VendorID           string        `json:"vendor_id"`
	VendorName         string        `json:"vendor_name"`
	VendorKind         string        `json:"vendor_kind" enum:"ssp,non_ssp"`
	RepresentativeID   string        `json:"representative_id"`
	RepresentativeName string        `json:"representative_name"`
	RequestedSplit     int           `json:"requested_split_percentage"`
	ApprovedSplit      *int          `json:"approved_split_percentage"`
	BasePrice          pricing.Money `json:"base_price" doc:"Retail price per unit the split applies to"`
	AgentShare         pricing.Money `json:"agent_share"`
	VendorShare        pricing.Money `json:"vendor_share"`
	Explanation        string        `json:"explanation" doc:"The RESPA explanation in the viewer's language"`
	StoredExplanation  string        `json:"stored_explanation" doc:"The explanation as recorded with the request (English)"`
	AgentNotes         string        `json:"agent_notes"`
	DecisionNote       string        `json:"decision_note"`
	CartItemID         string        `json:"cart_item_id"`
	CanCancel          bool          `json:"can_cancel"`
	ExpiresAt          time.Time     `json:"expires_at"`
	DecidedAt          *time.Time    `json:"decided_at"`
	CreatedAt          time.Time     `json:"created_at"`
}

// viewOf shows a request in the viewer's language and currency. The explanation is rebuilt from
// the stored split and shares (the cap clause from the service's terms when they still give the
// same shares); otherwise the stored English text is shown.
func (s *AgentService) viewOf(ctx context.Context, row AgentRow, a Agent, rateE4 int) AgentView {
	conv := a.converter(rateE4)
	v := AgentView{ID: row.ID, Status: row.Status, ServiceID: row.ServiceID, ServiceTitle: row.ServiceTitle, PackageID: row.PackageID, Yearly: row.Yearly,
		VendorID: row.VendorID, VendorName: row.VendorName, VendorKind: row.VendorKind, RepresentativeID: row.RepresentativeID,
		RepresentativeName: row.RepresentativeName, RequestedSplit: row.RequestedSplit, ApprovedSplit: row.ApprovedSplit,
		BasePrice: conv.Money(row.BasePriceCents), AgentShare: conv.Money(row.AgentShareCents), VendorShare: conv.Money(row.VendorShareCents),
		Explanation: row.Explanation, StoredExplanation: row.Explanation, AgentNotes: row.AgentNotes, DecisionNote: row.DecisionNote,
		CartItemID: row.CartItemID, CanCancel: row.Status == StatusPending, ExpiresAt: row.ExpiresAt, DecidedAt: row.DecidedAt, CreatedAt: row.CreatedAt}
	split := row.RequestedSplit
	if row.ApprovedSplit != nil {
		split = *row.ApprovedSplit
	}
	b := respa.Breakdown{PartnerName: row.VendorName, PartnerKind: respa.VendorKind(row.VendorKind), TotalCents: row.BasePriceCents,
		RequestedPercent: row.RequestedSplit, SplitPercent: split, VendorShareCents: row.VendorShareCents, AgentShareCents: row.AgentShareCents}
	if lines, err := s.Store.CartLines(ctx, []string{row.ServiceID}); err == nil {
		if l, ok := lines[row.ServiceID]; ok {
			c := respa.SplitLimit(respa.TermsOf(l.Service), b.PartnerKind)
			if re := respa.CompliantUsage(respa.Usage{Terms: respa.TermsOf(l.Service), TotalCents: row.BasePriceCents, PartnerName: row.VendorName,
				PartnerKind: b.PartnerKind, RequestedSplit: split}); re.VendorShareCents == row.VendorShareCents {
				b.CapPercent, b.CapReason = c.Percent, c.Reason
			}
		}
	}
	if b.CapReason != "" || respa.Lang(a.Lang) != "en" {
		v.Explanation = respa.ExplainIn(b, conv)
	}
	return v
}

// Mine lists the agent's requests, newest first (at most 100).
func (s *AgentService) Mine(ctx context.Context, a Agent) ([]AgentView, error) {
	rows, err := s.Store.AgentCoPayRequests(ctx, a.UserID, 100)
	if err != nil {
		return nil, err
	}
	rate := s.rate(ctx)
	out := make([]AgentView, 0, len(rows))
	for _, r := range rows {
		out = append(out, s.viewOf(ctx, r, a, rate))
	}
	return out, nil
}

// RequestOwner names the agent a request belongs to (the access rule's owner check).
func (s *AgentService) RequestOwner(ctx context.Context, id string) (string, error) {
	r, err := s.Store.LockCoPayRequest(ctx, id)
	if err != nil {
		return "", err
	}
	if r == nil {
		return "", apperr.New(apperr.NotFound, "co-pay request not found")
	}
	return r.AgentID, nil
}

// Cancel ends one of the agent's pending requests (a 'canceled' history row); its cart line is
// back to Needs Coverage Selection.
func (s *AgentService) Cancel(ctx context.Context, a Agent, id string) (AgentView, error) {
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		r, err := s.Store.LockCoPayRequest(ctx, id)
		if err != nil {
			return err
		}
		if r == nil || r.AgentID != a.UserID {
			return apperr.New(apperr.NotFound, "co-pay request not found")
		}
		if r.Status != StatusPending {
			return &apperr.Error{Code: apperr.Conflict, Message: MsgNotCancelable,
				Fields: []apperr.FieldError{{Field: "id", Key: KeyNotCancelable, Message: MsgNotCancelable}}}
		}
		now := s.Now().UTC()
		r.Status, r.UpdatedAt = StatusCanceled, now
		return s.Store.SetCoPayRequestStatus(ctx, *r, s.event(*r, StatusCanceled, a.UserID, "Canceled by the agent.", now))
	})
	if err != nil {
		return AgentView{}, err
	}
	rows, err := s.Store.AgentCoPayRequests(ctx, a.UserID, 0)
	if err != nil {
		return AgentView{}, err
	}
	for _, row := range rows {
		if row.ID == id {
			return s.viewOf(ctx, row, a, s.rate(ctx)), nil
		}
	}
	return AgentView{}, apperr.New(apperr.NotFound, "co-pay request not found")
}

// EventRefunded is the history row of a used request whose order was refunded: the vendor's
// share is reversed (the request itself stays used).
const EventRefunded = "refunded"

// RequestRemainder is pointspay.RemainderRequester: the co-pay request of an automatic co-pay
// for the part of the partner's share its points did not pay (CreateRemainder). The caller
// (POST /api/points/copay) has checked the agent is a Pro member. A replay of the same key
// answers the request recorded first.
func (s *AgentService) RequestRemainder(ctx context.Context, r pointspay.RemainderRequest) (string, error) {
	c, err := s.CreateRemainder(ctx, Agent{UserID: r.AgentID, Pro: true, Lang: "en"}, RemainderInput{ServiceID: r.ServiceID, PackageID: r.PackageID,
		VendorID: r.VendorID, Yearly: r.Yearly, SplitPercent: r.SplitPercent, AmountCents: r.AmountCents, PointsCents: r.PointsCents,
		Explanation: r.Explanation, IdempotencyKey: r.Key})
	if err != nil {
		return "", err
	}
	return c.Request.ID, nil
}
