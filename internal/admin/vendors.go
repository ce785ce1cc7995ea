package admin

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/ids"
	"circle/internal/respa"
)

// Vendor statuses the back office shows: suspended wins over the approval status; a vendor
// that is neither suspended nor active is inactive.
const (
	VendorSuspended = "suspended"
	VendorInactive  = "inactive"
)

// Messages of the vendor and review moderation rules.
const (
	MsgReasonRequired  = "Give a reason of 1 to 1000 characters."
	MsgAlreadySusp     = "The vendor is already suspended."
	MsgNotSuspended    = "The vendor is not suspended."
	MsgUnknownVSort    = "Sort by name, created_at or services."
	MsgUnknownVStatus  = "Filter by approved, pending, suspended or inactive."
	MsgAlreadyHidden   = "The review is already hidden."
	MsgNotHidden       = "The review is not hidden."
	MsgUnknownRSort    = "Sort by created_at or rating."
	MsgUnknownRStatus  = "Filter by visible or hidden."
	MsgRatingFilter    = "The rating is from 1 to 5."
	MsgVerifiedFilter  = "Filter verified purchases by yes or no."
	maxModerationNotes = 1000
)

// Sorts and status filters of the vendors list.
var (
	VendorSorts    = []string{"name", "created_at", "services"}
	VendorStatuses = []string{"approved", "pending", VendorSuspended, VendorInactive}
)

// VendorListItem is a row of the vendors list.
type VendorListItem struct {
	ID             string     `json:"id"`
	Name           string     `json:"name"`
	VendorType     string     `json:"vendor_type"`
	RespaKind      string     `json:"respa_kind" enum:"ssp,non_ssp" doc:"How RESPA sees the vendor (settlement service provider or not)"`
	Status         string     `json:"status" doc:"suspended, inactive, or the approval status (approved, auto_approved, pending...)"`
	ApprovalStatus string     `json:"approval_status"`
	IsActive       bool       `json:"is_active"`
	SuspendedAt    *time.Time `json:"suspended_at"`
	OwnerEmail     string     `json:"owner_email"`
	ContactEmail   string     `json:"contact_email"`
	Services       int        `json:"services" doc:"Services of the vendor, active or not"`
	ActiveServices int        `json:"active_services"`
	CreatedAt      time.Time  `json:"created_at"`
}

// VendorFilter is a vendors list query.
type VendorFilter struct {
	Q        string // name or contact e-mail contains
	Status   string // VendorStatuses or ""
	Sort     string // name (default), created_at, services
	Desc     bool
	Page     int
	PageSize int
}

func (f *VendorFilter) validate() error {
	f.Q = strings.TrimSpace(f.Q)
	if len(f.Q) > 100 {
		return apperr.Field("q", "admin.query_too_long", MsgQueryTooLong)
	}
	if f.Sort == "" {
		f.Sort = "name"
	}
	if !contains(VendorSorts, f.Sort) {
		return apperr.Field("sort", "admin.unknown_sort", MsgUnknownVSort)
	}
	if f.Status != "" && !contains(VendorStatuses, f.Status) {
		return apperr.Field("status", "admin.unknown_status", MsgUnknownVStatus)
	}
	return pageDefaults(&f.Page, &f.PageSize)
}

// pageDefaults fills in and checks the paging every back-office list shares.
func pageDefaults(page, size *int) error {
	if *page < 1 {
		*page = 1
	}
	if *size == 0 {
		*size = 50
	}
	if *size < 1 || *size > 200 {
		return apperr.Field("page_size", "admin.page_size", MsgPageSize)
	}
	return nil
}

// listPage reads one page of a back-office list once its filter is valid (validate also fills
// in the paging); the rows are never nil, so the API answers an empty list rather than null.
func listPage[T any](validate func() error, read func() ([]T, int, error)) ([]T, int, error) {
	if err := validate(); err != nil {
		return nil, 0, err
	}
	rows, total, err := read()
	if rows == nil {
		rows = []T{}
	}
	return rows, total, err
}

// VendorPage is one page of the vendors list with the count of every match.
type VendorPage struct {
	Vendors []VendorListItem `json:"vendors"`
	Total   int              `json:"total"`
}

// VendorServiceTerms is one of the vendor's services with its RESPA terms and split limits.
type VendorServiceTerms struct {
	ID              string `json:"id"`
	Title           string `json:"title"`
	IsActive        bool   `json:"is_active"`
	CopayAllowed    bool   `json:"copay_allowed"`
	SSPAllowed      bool   `json:"ssp_allowed"`
	RespaRegulated  bool   `json:"respa_regulated"`
	RespaRiskLevel  string `json:"respa_risk_level"`
	RespaSplitLimit *int   `json:"respa_split_limit" doc:"The service's own split limit in percent (null: none)"`
	SSPCap          int    `json:"ssp_cap" doc:"The most an SSP partner may cover, in percent (respa.SplitLimit)"`
	NonSSPCap       int    `json:"non_ssp_cap" doc:"The most a non-SSP partner may cover, in percent"`
	MaxSplitSSP     *int   `json:"max_split_ssp"`
	MaxSplitNonSSP  *int   `json:"max_split_non_ssp"`
	MaxVendorSplit  *int   `json:"max_vendor_split"`
	RetailCents     *int64 `json:"retail_cents"`
	ProCents        *int64 `json:"pro_cents"`
	CoPayCents      *int64 `json:"co_pay_cents"`
}

// Derive fills the status and RESPA kind from the stored columns.
func (v *VendorListItem) Derive() {
	v.RespaKind = string(respa.KindOf(v.VendorType))
	switch {
	case v.SuspendedAt != nil:
		v.Status = VendorSuspended
	case !v.IsActive:
		v.Status = VendorInactive
	default:
		v.Status = v.ApprovalStatus
	}
	v.CreatedAt = v.CreatedAt.UTC()
	if v.SuspendedAt != nil {
		t := v.SuspendedAt.UTC()
		v.SuspendedAt = &t
	}
}

// Derive fills the status from hidden_at.
func (r *ReviewListItem) Derive() {
	r.Status = ReviewVisible
	if r.HiddenAt != nil {
		r.Status = ReviewHidden
		t := r.HiddenAt.UTC()
		r.HiddenAt = &t
	}
	r.CreatedAt = r.CreatedAt.UTC()
}

// RepresentativeView is one of the vendor's representatives.
type RepresentativeView struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Title     string `json:"title"`
	Email     string `json:"email"`
	Phone     string `json:"phone"`
	IsActive  bool   `json:"is_active"`
	IsPrimary bool   `json:"is_primary"`
}

// CoPayDecisions counts the co-pay requests made to the vendor by status.
type CoPayDecisions struct {
	Approved int `json:"approved"`
	Declined int `json:"declined"`
	Pending  int `json:"pending"`
	Other    int `json:"other" doc:"Expired, canceled or used"`
	Total    int `json:"total"`
}

// VendorDossier is everything the vendor's page shows (its audit entries come from the log).
type VendorDossier struct {
	Vendor          VendorListItem       `json:"vendor"`
	Website         string               `json:"website_url"`
	Phone           string               `json:"phone"`
	NMLSID          string               `json:"nmls_id"`
	ServiceStates   []string             `json:"service_states"`
	SuspendedReason string               `json:"suspended_reason"`
	Services        []VendorServiceTerms `json:"services"`
	Representatives []RepresentativeView `json:"representatives"`
	CoPay           CoPayDecisions       `json:"co_pay_decisions"`
	ApplicationID   string               `json:"application_id" doc:"The vendor application that created the vendor, if any"`
}

// VendorStore is what the vendor screens need from the database (store.AdminStore).
type VendorStore interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	AppendAudit(ctx context.Context, e audit.Record) error
	Vendors(ctx context.Context, f VendorFilter) ([]VendorListItem, int, error)
	VendorListItem(ctx context.Context, id string) (VendorListItem, error)
	VendorDossier(ctx context.Context, id string) (VendorDossier, error)
	// SuspendVendor marks the vendor suspended and inactive and deactivates its active
	// services, answering their ids (kept on the vendor for reinstating).
	SuspendVendor(ctx context.Context, id, reason string, at time.Time) ([]string, error)
	// ReinstateVendor clears the suspension, activates the vendor and the services the
	// suspension deactivated, answering their ids.
	ReinstateVendor(ctx context.Context, id string, at time.Time) ([]string, error)
	RecordCatalogChange(ctx context.Context, id, kind, vendorID string, serviceIDs []string, actor string, at time.Time) error
}

// Catalog announces committed catalogue changes (marketplace.Service).
type Catalog interface {
	Changed(ctx context.Context, ids ...string)
	Invalidate()
}

// Vendors is the back office's vendor list, vendor page and suspension.
type Vendors struct {
	Store  VendorStore
	Market Catalog
	Now    func() time.Time
}

// List answers one page of the vendors list.
func (s *Vendors) List(ctx context.Context, f VendorFilter) (VendorPage, error) {
	vs, total, err := listPage(f.validate, func() ([]VendorListItem, int, error) { return s.Store.Vendors(ctx, f) })
	return VendorPage{Vendors: vs, Total: total}, err
}

// Get answers the vendor's page.
func (s *Vendors) Get(ctx context.Context, id string) (VendorDossier, error) {
	d, err := s.Store.VendorDossier(ctx, id)
	for i, sv := range d.Services {
		t := respa.Terms{CopayAllowed: sv.CopayAllowed, SSPAllowed: sv.SSPAllowed, RespaSplitLimit: sv.RespaSplitLimit, MaxSplitSSP: sv.MaxSplitSSP,
			MaxSplitNonSSP: sv.MaxSplitNonSSP, MaxVendorSplit: sv.MaxVendorSplit, RetailCents: sv.RetailCents, ProCents: sv.ProCents, CoPayCents: sv.CoPayCents}
		d.Services[i].SSPCap, d.Services[i].NonSSPCap = respa.SplitLimit(t, respa.SSP).Percent, respa.SplitLimit(t, respa.NonSSP).Percent
	}
	return d, err
}

// CheckReason trims a moderation reason and requires 1 to 1000 characters.
func CheckReason(reason string) (string, error) {
	reason = strings.TrimSpace(reason)
	if n := utf8.RuneCountInString(reason); n < 1 || n > maxModerationNotes {
		return "", apperr.Field("reason", "admin.reason", MsgReasonRequired)
	}
	return reason, nil
}

// Suspend takes the vendor and its services out of the marketplace, with the reason; the
// change, the catalogue's change record and the audit entry are one transaction.
func (s *Vendors) Suspend(ctx context.Context, by audit.Actor, id, reason string) (VendorListItem, error) {
	reason, err := CheckReason(reason)
	if err != nil {
		return VendorListItem{}, err
	}
	return s.change(ctx, by, id, audit.ActionVendorSuspend, reason, func(ctx context.Context, before VendorListItem, at time.Time) ([]string, error) {
		if before.SuspendedAt != nil {
			return nil, apperr.New(apperr.Conflict, MsgAlreadySusp)
		}
		return s.Store.SuspendVendor(ctx, id, reason, at)
	})
}

// Reinstate lifts a suspension: the vendor and the services it took down are back.
func (s *Vendors) Reinstate(ctx context.Context, by audit.Actor, id, reason string) (VendorListItem, error) {
	reason, err := CheckReason(reason)
	if err != nil {
		return VendorListItem{}, err
	}
	return s.change(ctx, by, id, audit.ActionVendorReinstate, reason, func(ctx context.Context, before VendorListItem, at time.Time) ([]string, error) {
		if before.SuspendedAt == nil {
			return nil, apperr.New(apperr.Conflict, MsgNotSuspended)
		}
		return s.Store.ReinstateVendor(ctx, id, at)
	})
}

func (s *Vendors) change(ctx context.Context, by audit.Actor, id, action, reason string, fn func(ctx context.Context, before VendorListItem, at time.Time) ([]string, error)) (VendorListItem, error) {
	var out VendorListItem
	var services []string
	at := s.Now().UTC()
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		before, err := s.Store.VendorListItem(ctx, id)
		if err != nil {
			return err
		}
		if services, err = fn(ctx, before, at); err != nil {
			return err
		}
		if out, err = s.Store.VendorListItem(ctx, id); err != nil {
			return err
		}
		if err := s.Store.RecordCatalogChange(ctx, ids.New(), action, id, services, by.UserID, at); err != nil {
			return err
		}
		e, err := audit.New(by, action, audit.KindVendor, id, before, map[string]any{"vendor": out, "reason": reason, "service_ids": services})
		if err != nil {
			return err
		}
		e.At = at
		return s.Store.AppendAudit(ctx, e)
	})
	if err != nil {
		return VendorListItem{}, err
	}
	if s.Market != nil {
		if len(services) > 0 {
			s.Market.Changed(ctx, services...)
		}
		s.Market.Invalidate() // the vendors view
	}
	return out, nil
}
