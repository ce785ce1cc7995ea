package catalogwrite

import (
	"context"
	"slices"
	"strings"
	"time"

	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/catalog"
	"circle/internal/ids"
	"circle/internal/pricing"
)

// Change kinds recorded in catalog_changes.
const (
	ChangeCreated     = "service.created"
	ChangeActivated   = "service.activated"
	ChangeDeactivated = "service.deactivated"
	ChangeDuplicated  = "service.duplicated"
)

// Change is one catalogue change record, written in the change's transaction.
type Change struct {
	ID         string
	Kind       string
	VendorID   string
	ServiceIDs []string
	ActorID    string
	At         time.Time
}

// Write is one service written whole in a transaction: its row, its category tags (the
// service's other tags are kept), its packages (those not listed are removed) and the change
// record; with Draft, the service's first draft (a service created in the editor); with
// Published, the draft made live is removed at the version read (a conflict when it changed
// meanwhile).
type Write struct {
	Service  catalog.Service
	Create   bool
	CatTags  []string
	Packages []catalog.Package
	Change   Change
	// Activate puts an inactive service on the marketplace: a vendor's publish or an
	// administrator switching a service on; a suspended vendor's is refused.
	Activate  bool
	Draft     *Draft
	Published *Draft
	// Audit, when set, is the staff change's audit entry, appended on the write's transaction.
	Audit *audit.Record
}

// Store is what the write path needs (internal/store CatalogWrites).
type Store interface {
	OwnedVendors(ctx context.Context, userID string) ([]catalog.Vendor, error)
	VendorByID(ctx context.Context, id string) (catalog.Vendor, error)
	// VendorServices lists the vendors' services, active or not, newest first.
	VendorServices(ctx context.Context, vendorIDs []string) ([]catalog.Service, error)
	ServiceByID(ctx context.Context, id string) (catalog.Service, error)
	ServiceTags(ctx context.Context, serviceID string) ([]string, error)
	ServicePackages(ctx context.Context, serviceID string) ([]catalog.Package, error)
	// WriteService writes w in one transaction.
	WriteService(ctx context.Context, w Write) error
	// SetServiceActive sets is_active and records the change in one transaction.
	SetServiceActive(ctx context.Context, id string, active bool, c Change) error
	// ServiceDrafts reads the drafts of the services named, by service id (none: absent).
	ServiceDrafts(ctx context.Context, serviceIDs []string) (map[string]Draft, error)
	// SaveDraft inserts a service's draft or updates the parts it sets (a nil Form or Funnel
	// keeps the stored one), counting the version up.
	SaveDraft(ctx context.Context, d Draft) error
	// DeleteDraft removes a service's draft, if any.
	DeleteDraft(ctx context.Context, serviceID string) error
}

// Announcer tells this process and every replica which services changed, after the commit
// (marketplace.Service.Changed: the index delta, the snapshot, the detail caches).
type Announcer interface {
	Changed(ctx context.Context, ids ...string)
}

// Service is the one catalogue write path for services.
type Service struct {
	Store    Store
	Announce Announcer
	Now      func() time.Time
}

// Caller is who writes: their user id, and whether they are an administrator (who may write
// any vendor's services).
type Caller struct {
	UserID string
	Admin  bool
}

// Editable is one service as the editor shows it.
type Editable struct {
	ID            string            `json:"id"`
	VendorID      string            `json:"vendor_id"`
	VendorName    string            `json:"vendor_name"`
	Title         string            `json:"title"`
	TitleEs       string            `json:"title_es"`
	TitleFr       string            `json:"title_fr"`
	Description   string            `json:"description"`
	Categories    []string          `json:"categories" doc:"Category tags (cat:...)"`
	RetailCents   *int64            `json:"retail_price_cents"`
	ProCents      *int64            `json:"pro_price_cents"`
	BillingPeriod string            `json:"billing_period" enum:"one_time,monthly,yearly"`
	CopayAllowed  bool              `json:"copay_allowed"`
	SplitLimit    int               `json:"split_limit"`
	Active        bool              `json:"active"`
	Packages      []EditablePackage `json:"packages"`
	ImageURL      string            `json:"image_url"`
	Location      string            `json:"vendor_location" doc:"Where the product is offered (City, State); set by the Add New Product dialog"`
	UpdatedAt     time.Time         `json:"updated_at"`
	HasDraft      bool              `json:"has_draft" doc:"The service has unpublished changes; the fields above show the draft, the marketplace the live service"`
	DraftSavedAt  *time.Time        `json:"draft_saved_at,omitempty" doc:"When the draft was last saved"`
	DraftFunnel   bool              `json:"draft_funnel" doc:"The draft changes the funnel"`
	PublishLists  bool              `json:"publish_activates" doc:"Publishing puts the service on the marketplace (created in the editor, never published)"`
	Warnings      []string          `json:"warnings" doc:"The price rules' warnings of the last save (a high price needs admin approval)"`
}

// EditablePackage is one package as the editor shows it.
type EditablePackage struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Description string   `json:"description"`
	PriceCents  *int64   `json:"price_cents"`
	ProCents    *int64   `json:"pro_price_cents"`
	YearlyCents *int64   `json:"yearly_price_cents"`
	Features    []string `json:"features"`
	Popular     bool     `json:"popular"`
}

// Messages of the use cases.
const (
	MsgNoVendor     = "You do not own a vendor yet: apply at /vendor-registration."
	MsgPickVendor   = "Choose which of your vendors lists the service."
	MsgVendorAbsent = "vendor not found"
)

// vendorFor is the vendor a new service goes to: the one named (owned by the caller unless an
// administrator), or the caller's only vendor.
func (s *Service) vendorFor(ctx context.Context, c Caller, vendorID string) (catalog.Vendor, error) {
	if vendorID != "" {
		v, err := s.Store.VendorByID(ctx, vendorID)
		if err != nil {
			return catalog.Vendor{}, err
		}
		if !c.Admin && (v.OwnerUserID == nil || *v.OwnerUserID != c.UserID) {
			return catalog.Vendor{}, apperr.New(apperr.NotFound, MsgVendorAbsent)
		}
		return v, nil
	}
	owned, err := s.Store.OwnedVendors(ctx, c.UserID)
	if err != nil {
		return catalog.Vendor{}, err
	}
	switch len(owned) {
	case 0:
		return catalog.Vendor{}, apperr.New(apperr.Forbidden, MsgNoVendor)
	case 1:
		return owned[0], nil
	}
	return catalog.Vendor{}, apperr.Field("vendor_id", "catalogWrite.pick_vendor", MsgPickVendor)
}

// owned reads a service the caller may edit: one of their vendors' (any for an administrator).
// Another vendor's service is not found, so nobody learns it exists.
func (s *Service) owned(ctx context.Context, c Caller, id string) (catalog.Service, catalog.Vendor, error) {
	svc, err := s.Store.ServiceByID(ctx, id)
	if err != nil {
		return catalog.Service{}, catalog.Vendor{}, err
	}
	notFound := apperr.New(apperr.NotFound, "service not found")
	if svc.VendorID == nil {
		return catalog.Service{}, catalog.Vendor{}, notFound
	}
	v, err := s.Store.VendorByID(ctx, *svc.VendorID)
	if err != nil {
		return catalog.Service{}, catalog.Vendor{}, err
	}
	if !c.Admin && (v.OwnerUserID == nil || *v.OwnerUserID != c.UserID) {
		return catalog.Service{}, catalog.Vendor{}, notFound
	}
	return svc, v, nil
}

// List is the services of the caller's vendors, newest first, and those vendors.
func (s *Service) List(ctx context.Context, c Caller) ([]catalog.Vendor, []Editable, error) {
	vendors, err := s.Store.OwnedVendors(ctx, c.UserID)
	if err != nil {
		return nil, nil, err
	}
	out := []Editable{}
	if len(vendors) == 0 {
		return []catalog.Vendor{}, out, nil
	}
	vids := make([]string, len(vendors))
	names := map[string]string{}
	for i, v := range vendors {
		vids[i], names[v.ID] = v.ID, v.Name
	}
	svcs, err := s.Store.VendorServices(ctx, vids)
	if err != nil {
		return nil, nil, err
	}
	sids := make([]string, len(svcs))
	for i, svc := range svcs {
		sids[i] = svc.ID
	}
	drafts, err := s.Store.ServiceDrafts(ctx, sids)
	if err != nil {
		return nil, nil, err
	}
	for _, svc := range svcs {
		var d *Draft
		if got, ok := drafts[svc.ID]; ok {
			d = &got
		}
		e, err := s.editableWith(ctx, svc, names[*svc.VendorID], d)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, e)
	}
	return vendors, out, nil
}

// Get is one of the caller's services for the editor.
func (s *Service) Get(ctx context.Context, c Caller, id string) (Editable, error) {
	svc, v, err := s.owned(ctx, c, id)
	if err != nil {
		return Editable{}, err
	}
	return s.editable(ctx, svc, v.Name)
}

// editable is a service for the editor: its draft's form and state when it has one.
func (s *Service) editable(ctx context.Context, svc catalog.Service, vendorName string) (Editable, error) {
	d, ok, err := s.draftOf(ctx, svc.ID)
	if err != nil {
		return Editable{}, err
	}
	if !ok {
		return s.editableWith(ctx, svc, vendorName, nil)
	}
	return s.editableWith(ctx, svc, vendorName, &d)
}

// editableWith is a service for the editor with its draft d (nil: none): the draft's form when
// it changes the fields (checked again; its new packages have no id yet).
func (s *Service) editableWith(ctx context.Context, svc catalog.Service, vendorName string, d *Draft) (Editable, error) {
	if d != nil && d.Form != nil {
		if checked, err := Check(*d.Form); err == nil {
			shown := svc
			apply(&shown, checked, svc.UpdatedAt)
			e := editableOf(shown, vendorName, checked.Categories, draftPackages(checked))
			return withDraft(e, d), nil
		}
	}
	e, err := s.liveEditable(ctx, svc, vendorName)
	if err != nil || d == nil {
		return e, err
	}
	return withDraft(e, d), nil
}

func withDraft(e Editable, d *Draft) Editable {
	at := d.UpdatedAt
	e.HasDraft, e.DraftSavedAt, e.DraftFunnel, e.PublishLists = true, &at, d.Funnel != nil, d.ActivateOnPublish && !e.Active
	return e
}

// draftPackages are a draft's packages as the editor shows them: the ids as sent (a new
// package gets its id when published).
func draftPackages(c Checked) []EditablePackage {
	out := make([]EditablePackage, 0, len(c.Packages))
	for _, p := range c.Packages {
		price := p.PriceCents
		features := p.Features
		if features == nil {
			features = []string{}
		}
		out = append(out, EditablePackage{ID: p.ID, Name: p.Name, Description: p.Description, PriceCents: &price, ProCents: p.ProCents,
			YearlyCents: p.YearlyCents, Features: features, Popular: p.Popular})
	}
	return out
}

// packagesAndTags reads a service's packages and its tags.
func (s *Service) packagesAndTags(ctx context.Context, id string) ([]catalog.Package, []string, error) {
	pkgs, err := s.Store.ServicePackages(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	tags, err := s.Store.ServiceTags(ctx, id)
	return pkgs, tags, err
}

// liveEditable is the live service as the editor shows it.
func (s *Service) liveEditable(ctx context.Context, svc catalog.Service, vendorName string) (Editable, error) {
	pkgs, tags, err := s.packagesAndTags(ctx, svc.ID)
	if err != nil {
		return Editable{}, err
	}
	edit := make([]EditablePackage, 0, len(pkgs))
	for _, p := range pkgs {
		features := make([]string, 0, len(p.Features))
		for _, f := range p.Features {
			features = append(features, f.Text)
		}
		edit = append(edit, EditablePackage{ID: p.ID, Name: p.Name, Description: p.Description, PriceCents: p.PriceCents,
			ProCents: p.ProPriceCents, YearlyCents: p.YearlyPriceCents, Features: features, Popular: p.Popular})
	}
	return editableOf(svc, vendorName, catTags(tags), edit), nil
}

func editableOf(svc catalog.Service, vendorName string, cats []string, edit []EditablePackage) Editable {
	split := 0
	if svc.RespaSplitLimit != nil {
		split = *svc.RespaSplitLimit
	}
	return Editable{ID: svc.ID, VendorID: deref(svc.VendorID), VendorName: vendorName, Title: svc.Title, TitleEs: svc.TitleEs, TitleFr: svc.TitleFr,
		Description: svc.Description, Categories: cats, RetailCents: svc.RetailPriceCents, ProCents: svc.ProPriceCents,
		BillingPeriod: PeriodOf(svc.PriceDuration), CopayAllowed: svc.CopayAllowed, SplitLimit: split, Active: svc.IsActive,
		Packages: edit, ImageURL: svc.ImageURL, Location: svc.VendorLocation, UpdatedAt: svc.UpdatedAt, Warnings: []string{}}
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// apply sets the checked form on a service row.
func apply(svc *catalog.Service, c Checked, now time.Time) {
	svc.Title, svc.TitleEs, svc.TitleFr, svc.Description = c.Title, c.TitleEs, c.TitleFr, c.Description
	svc.Category = catalog.BlockName(c.Categories[0])
	retail := c.RetailCents
	svc.RetailPriceCents, svc.ProPriceCents = &retail, c.ProCents
	svc.PriceText = "$" + pricing.FormatDecimal(retail)
	svc.PriceDuration = durations[c.BillingPeriod]
	svc.CopayAllowed, svc.RespaSplitLimit = c.CopayAllowed, c.Split
	if c.ImageURL != nil {
		svc.ImageURL = *c.ImageURL
	}
	svc.UpdatedAt = now
}

// packagesOf makes the package rows: an id of one of the service's own packages is kept (cart
// lines and co-pay requests name it), any other gets a new one.
func packagesOf(serviceID string, c Checked, existing []catalog.Package) []catalog.Package {
	out := make([]catalog.Package, 0, len(c.Packages))
	for i, p := range c.Packages {
		id := p.ID
		if id == "" || !slices.ContainsFunc(existing, func(e catalog.Package) bool { return e.ID == id }) {
			id = ids.New()
		}
		price := p.PriceCents
		features := make([]catalog.PackageFeature, len(p.Features))
		for j, f := range p.Features {
			features[j] = catalog.PackageFeature{Text: f, Included: true}
		}
		duration := durations[c.BillingPeriod]
		out = append(out, catalog.Package{ID: id, ServiceID: serviceID, Name: p.Name, Description: p.Description, PriceCents: &price,
			ProPriceCents: p.ProCents, YearlyPriceCents: p.YearlyCents, Duration: duration, Features: features, Popular: p.Popular, SortOrder: i})
	}
	return out
}

// Create adds a service to one of the caller's vendors (vendorID "" for their only one): the
// row is inserted inactive with the form, and the form is its draft, so the vendor adds the
// funnel and publishes it onto the marketplace (Publish activates it the first time).
func (s *Service) Create(ctx context.Context, c Caller, vendorID string, in ServiceInput) (Editable, error) {
	checked, err := Check(in)
	if err != nil {
		return Editable{}, err
	}
	v, err := s.vendorFor(ctx, c, vendorID)
	if err != nil {
		return Editable{}, err
	}
	now := s.Now().UTC()
	vid := v.ID
	svc := catalog.Service{ID: ids.New(), VendorID: &vid, IsActive: false, LobbyCategory: "business-professional", IsVerified: v.IsVerified,
		SSPAllowed: true, BookingType: "internal", SyncToGHL: true, CreatedAt: now}
	apply(&svc, checked, now)
	form := in
	w := Write{Service: svc, Create: true, CatTags: checked.Categories, Packages: packagesOf(svc.ID, checked, nil),
		Change: Change{ID: ids.New(), Kind: ChangeCreated, VendorID: vid, ServiceIDs: []string{svc.ID}, ActorID: c.UserID, At: now},
		Draft:  &Draft{ServiceID: svc.ID, VendorID: vid, Form: &form, ActivateOnPublish: true, Version: 1, UpdatedBy: c.UserID, CreatedAt: now, UpdatedAt: now}}
	return s.write(ctx, w, v.Name, checked.Warnings)
}

// Update saves the form as one of the caller's services' draft: the live service, its
// packages and the marketplace are unchanged until Publish.
func (s *Service) Update(ctx context.Context, c Caller, id string, in ServiceInput) (Editable, error) {
	checked, err := Check(in)
	if err != nil {
		return Editable{}, err
	}
	svc, v, err := s.owned(ctx, c, id)
	if err != nil {
		return Editable{}, err
	}
	form := in
	d, err := s.saveDraft(ctx, c, svc, v.ID, &form, nil)
	if err != nil {
		return Editable{}, err
	}
	e, err := s.editableWith(ctx, svc, v.Name, &d)
	if checked.Warnings != nil {
		e.Warnings = checked.Warnings
	}
	return e, err
}

func (s *Service) write(ctx context.Context, w Write, vendorName string, warnings []string) (Editable, error) {
	if err := s.Store.WriteService(ctx, w); err != nil {
		return Editable{}, err
	}
	s.Announce.Changed(ctx, w.Service.ID)
	e, err := s.editable(ctx, w.Service, vendorName)
	if warnings != nil {
		e.Warnings = warnings
	}
	return e, err
}

// SetActive activates or deactivates one of the caller's services.
func (s *Service) SetActive(ctx context.Context, c Caller, id string, active bool) (Editable, error) {
	svc, v, err := s.owned(ctx, c, id)
	if err != nil {
		return Editable{}, err
	}
	kind := ChangeDeactivated
	if active {
		kind = ChangeActivated
	}
	now := s.Now().UTC()
	if err := s.Store.SetServiceActive(ctx, id, active, Change{ID: ids.New(), Kind: kind, VendorID: v.ID, ServiceIDs: []string{id}, ActorID: c.UserID, At: now}); err != nil {
		return Editable{}, err
	}
	s.Announce.Changed(ctx, id)
	svc.IsActive, svc.UpdatedAt = active, now
	return s.editable(ctx, svc, v.Name)
}

// Duplicate copies one of the caller's services, its packages and tags, as an inactive draft
// titled "… (copy)" the vendor edits before activating it.
func (s *Service) Duplicate(ctx context.Context, c Caller, id string) (Editable, error) {
	svc, v, err := s.owned(ctx, c, id)
	if err != nil {
		return Editable{}, err
	}
	pkgs, tags, err := s.packagesAndTags(ctx, id)
	if err != nil {
		return Editable{}, err
	}
	now := s.Now().UTC()
	cp := svc
	cp.ID, cp.IsActive, cp.CreatedAt, cp.UpdatedAt, cp.DefaultPackageID = ids.New(), false, now, now, ""
	cp.IsSponsored, cp.IsFeatured, cp.IsTopPick = false, false, false
	cp.Title = copyTitle(svc.Title)
	newPkgs := make([]catalog.Package, len(pkgs))
	for i, p := range pkgs {
		p.ID, p.ServiceID = ids.New(), cp.ID
		if p.Features == nil {
			p.Features = []catalog.PackageFeature{}
		}
		newPkgs[i] = p
	}
	w := Write{Service: cp, Create: true, CatTags: tags, Packages: newPkgs,
		Change: Change{ID: ids.New(), Kind: ChangeDuplicated, VendorID: v.ID, ServiceIDs: []string{cp.ID}, ActorID: c.UserID, At: now}}
	return s.write(ctx, w, v.Name, nil)
}

func copyTitle(t string) string {
	t = strings.TrimSpace(t) + " (copy)"
	if r := []rune(t); len(r) > 200 {
		return string(r[:200])
	}
	return t
}
