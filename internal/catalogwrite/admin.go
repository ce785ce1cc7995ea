package catalogwrite

import (
	"context"
	"fmt"
	"unicode/utf8"

	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/catalog"
	"circle/internal/ids"
	"circle/internal/respa"
	"circle/internal/vendorinvite"
)

// The back office's catalogue edits (issue 31 item 4, F-AREA-03): an administrator edits any
// field of any vendor's service through this same write path. The price rules and RESPA caps
// are the editor's (Check) plus the vendor kind's cap; the packages are kept as they are (the
// vendor's editor owns them); the write, its catalog_changes row and the audit entry (the
// service before and after) commit together, then the change is announced.

// ChangeAdminEdited is the catalog_changes kind of a back-office edit.
const ChangeAdminEdited = "service.admin_edited"

// Sort order bounds.
const (
	MinSortOrder = -100000
	MaxSortOrder = 100000
)

// Messages of the back-office rules.
const (
	MsgSSPSplit      = "This vendor is a settlement service provider: its split limit is at most %d%% (RESPA)."
	MsgSortOrder     = "Sort order must be a whole number from -100000 to 100000."
	MsgDescLang      = "Translated descriptions are at most 5000 characters."
	MsgAdminNotFound = "service not found"
)

// AdminInput is the back office's service form: the editor's fields (packages excepted) and
// the placement flags only staff set.
type AdminInput struct {
	ServiceInput
	DescriptionEs string `json:"description_es,omitempty" maxLength:"6000"`
	DescriptionFr string `json:"description_fr,omitempty" maxLength:"6000"`
	Active        bool   `json:"active" doc:"Listed on the marketplace"`
	Featured      bool   `json:"featured" doc:"Featured badge and ranking boost"`
	TopPick       bool   `json:"top_pick" doc:"Top Pick badge"`
	Sponsored     bool   `json:"sponsored" doc:"Sponsored placement (shown with the sponsored badge when that flag is on)"`
	SortOrder     int    `json:"sort_order" doc:"Lower comes first where the catalogue is sorted by sort order"`
}

// AdminView is one service as the back office shows and edits it.
type AdminView struct {
	Editable
	VendorType    string `json:"vendor_type"`
	VendorKind    string `json:"vendor_kind" enum:"ssp,non_ssp"`
	SplitCap      int    `json:"split_cap" doc:"The most the split limit may be for this vendor's kind (RESPA: SSP 20, non-SSP 70)"`
	DescriptionEs string `json:"description_es"`
	DescriptionFr string `json:"description_fr"`
	Featured      bool   `json:"featured"`
	TopPick       bool   `json:"top_pick"`
	Sponsored     bool   `json:"sponsored"`
	SortOrder     int    `json:"sort_order"`
	// Choices are the marketplace's category tags the form offers.
	Choices []catalog.CategoryBlock `json:"category_choices,omitempty"`
}

func (s *Service) adminView(ctx context.Context, svc catalog.Service, v catalog.Vendor) (AdminView, error) {
	e, err := s.editable(ctx, svc, v.Name)
	if err != nil {
		return AdminView{}, err
	}
	kind := respa.KindOf(v.VendorType)
	return AdminView{Editable: e, VendorType: v.VendorType, VendorKind: string(kind), SplitCap: capOf(kind),
		DescriptionEs: svc.DescriptionEs, DescriptionFr: svc.DescriptionFr,
		Featured: svc.IsFeatured, TopPick: svc.IsTopPick, Sponsored: svc.IsSponsored, SortOrder: svc.SortOrder, Choices: catalog.CategoryBlocks}, nil
}

func capOf(kind respa.VendorKind) int {
	if kind == respa.SSP {
		return respa.DefaultSSPCap
	}
	return respa.DefaultNonSSPCap
}

// AdminGet is any service for the back office.
func (s *Service) AdminGet(ctx context.Context, id string) (AdminView, error) {
	svc, v, err := s.owned(ctx, Caller{Admin: true}, id)
	if err != nil {
		return AdminView{}, err
	}
	return s.adminView(ctx, svc, v)
}

// AdminUpdate writes the back office's form on any service: validated as the editor's form
// (03§5 price rules, the RESPA caps, the vendor kind's cap), its packages kept, with the change
// record and the audit entry in the write's transaction.
func (s *Service) AdminUpdate(ctx context.Context, by audit.Actor, id string, in AdminInput) (AdminView, error) {
	in.Packages = nil
	checked, err := Check(in.ServiceInput)
	var fields Fields
	if ae, ok := apperr.As(err); ok {
		fields = append(fields, ae.Fields...)
	} else if err != nil {
		return AdminView{}, err
	}
	in.DescriptionEs = vendorinvite.Sanitize(in.DescriptionEs)
	in.DescriptionFr = vendorinvite.Sanitize(in.DescriptionFr)
	for _, f := range []struct{ name, v string }{{"description_es", in.DescriptionEs}, {"description_fr", in.DescriptionFr}} {
		if utf8.RuneCountInString(f.v) > 5000 {
			fields.Add(f.name, "catalogWrite.description_lang", MsgDescLang)
		}
	}
	if in.SortOrder < MinSortOrder || in.SortOrder > MaxSortOrder {
		fields.Add("sort_order", "catalogWrite.sort_order", MsgSortOrder)
	}
	svc, v, err := s.owned(ctx, Caller{Admin: true}, id)
	if err != nil {
		return AdminView{}, err
	}
	kind := respa.KindOf(v.VendorType)
	if in.CopayAllowed && kind == respa.SSP && in.SplitLimit > respa.DefaultSSPCap && !fields.Has("split_limit") {
		fields.Add("split_limit", "catalogWrite.ssp_split", fmt.Sprintf(MsgSSPSplit, respa.DefaultSSPCap))
	}
	if len(fields) > 0 {
		return AdminView{}, fields.Err()
	}
	before, err := s.adminView(ctx, svc, v)
	if err != nil {
		return AdminView{}, err
	}
	pkgs, err := s.Store.ServicePackages(ctx, id)
	if err != nil {
		return AdminView{}, err
	}
	now := s.Now().UTC()
	wasActive := svc.IsActive
	apply(&svc, checked, now)
	svc.DescriptionEs, svc.DescriptionFr = in.DescriptionEs, in.DescriptionFr
	svc.IsActive, svc.IsFeatured, svc.IsTopPick, svc.IsSponsored, svc.SortOrder = in.Active, in.Featured, in.TopPick, in.Sponsored, in.SortOrder
	w := Write{Service: svc, CatTags: checked.Categories, Packages: pkgs, Activate: in.Active && !wasActive,
		Change: Change{ID: ids.New(), Kind: ChangeAdminEdited, VendorID: v.ID, ServiceIDs: []string{svc.ID}, ActorID: by.UserID, At: now}}
	after, err := s.adminView(ctx, svc, v)
	if err != nil {
		return AdminView{}, err
	}
	// The categories and the timestamp as written (editable reads the tags from the store).
	after.Categories, after.UpdatedAt = checked.Categories, now
	before.Choices, after.Choices = nil, nil // the form's options are not the service
	rec, err := audit.New(by, audit.ActionServiceUpdate, audit.KindService, svc.ID, before, after)
	if err != nil {
		return AdminView{}, err
	}
	rec.At = now
	w.Audit = &rec
	if err := s.Store.WriteService(ctx, w); err != nil {
		return AdminView{}, err
	}
	s.Announce.Changed(ctx, svc.ID)
	out, err := s.adminView(ctx, svc, v)
	if err != nil {
		return AdminView{}, err
	}
	if checked.Warnings != nil {
		out.Warnings = checked.Warnings
	}
	return out, nil
}
