package catalogwrite

import (
	"context"
	"time"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/ids"
)

// ChangePublished is the change kind of a draft made live.
const ChangePublished = "service.published"

// Messages of the draft use cases.
const (
	MsgDraftChanged = "The draft changed while it was being published: publish again."
)

// Draft is one service's unpublished changes (service_drafts): the services editor's form
// (checked again when published) and the funnel (sanitised when saved). A nil part is unchanged:
// saving the form keeps the draft's funnel and saving the funnel keeps the draft's form. The live
// service, its packages and its funnel stay as they are until Publish.
type Draft struct {
	ServiceID string
	VendorID  string
	Form      *ServiceInput
	Funnel    *catalog.FunnelContent
	// ActivateOnPublish marks the draft of a service created in the editor (inserted inactive):
	// its first publish puts it on the marketplace.
	ActivateOnPublish bool
	// Version counts the saves; Publish removes the draft only at the version it read.
	Version   int
	UpdatedBy string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// draftOf reads a service's draft; ok is false when it has none.
func (s *Service) draftOf(ctx context.Context, id string) (Draft, bool, error) {
	ds, err := s.Store.ServiceDrafts(ctx, []string{id})
	if err != nil {
		return Draft{}, false, err
	}
	d, ok := ds[id]
	return d, ok, nil
}

// saveDraft stores one part of a service's draft (the form or the funnel) and reads the draft
// back whole.
func (s *Service) saveDraft(ctx context.Context, c Caller, svc catalog.Service, vendorID string, form *ServiceInput, funnel *catalog.FunnelContent) (Draft, error) {
	now := s.Now().UTC()
	d := Draft{ServiceID: svc.ID, VendorID: vendorID, Form: form, Funnel: funnel, UpdatedBy: c.UserID, CreatedAt: now, UpdatedAt: now}
	if err := s.Store.SaveDraft(ctx, d); err != nil {
		return Draft{}, err
	}
	got, ok, err := s.draftOf(ctx, svc.ID)
	if err != nil {
		return Draft{}, err
	}
	if !ok {
		return Draft{}, apperr.New(apperr.Conflict, MsgDraftChanged)
	}
	return got, nil
}

// Publish makes one of the caller's services' draft live: the form (checked again with the
// rules of today) and the funnel are written through the one write path with one
// catalog_changes row (service.published), and the draft removed, in one transaction; then
// every replica is told. A service created in the editor goes on the marketplace at its first
// publish. Without a draft nothing changes.
func (s *Service) Publish(ctx context.Context, c Caller, id string) (Editable, error) {
	svc, v, err := s.owned(ctx, c, id)
	if err != nil {
		return Editable{}, err
	}
	d, ok, err := s.draftOf(ctx, id)
	if err != nil {
		return Editable{}, err
	}
	if !ok {
		// Nothing to publish (a second press, another tab): the service as it is.
		return s.editableWith(ctx, svc, v.Name, nil)
	}
	existing, tags, err := s.packagesAndTags(ctx, id)
	if err != nil {
		return Editable{}, err
	}
	now := s.Now().UTC()
	cats, pkgs := catTags(tags), existing
	var warnings []string
	if d.Form != nil {
		checked, err := Check(*d.Form)
		if err != nil {
			return Editable{}, err
		}
		apply(&svc, checked, now)
		cats, pkgs, warnings = checked.Categories, packagesOf(svc.ID, checked, existing), checked.Warnings
		if !hasPackage(pkgs, svc.DefaultPackageID) {
			svc.DefaultPackageID = ""
		}
	}
	if d.Funnel != nil {
		fc := *d.Funnel
		svc.FunnelContent = &fc
	}
	svc.UpdatedAt = now
	activate := d.ActivateOnPublish && !svc.IsActive
	if activate {
		svc.IsActive = true
	}
	published := d
	w := Write{Service: svc, CatTags: cats, Packages: pkgs, Activate: activate, Published: &published,
		Change: Change{ID: ids.New(), Kind: ChangePublished, VendorID: v.ID, ServiceIDs: []string{svc.ID}, ActorID: c.UserID, At: now}}
	return s.write(ctx, w, v.Name, warnings)
}

// Discard drops one of the caller's services' draft; the live service is unchanged.
func (s *Service) Discard(ctx context.Context, c Caller, id string) (Editable, error) {
	svc, v, err := s.owned(ctx, c, id)
	if err != nil {
		return Editable{}, err
	}
	if err := s.Store.DeleteDraft(ctx, id); err != nil {
		return Editable{}, err
	}
	return s.editable(ctx, svc, v.Name)
}

func hasPackage(pkgs []catalog.Package, id string) bool {
	for _, p := range pkgs {
		if p.ID == id {
			return true
		}
	}
	return false
}

func catTags(tags []string) []string {
	cats := []string{}
	for _, t := range tags {
		if catalog.BlockName(t) != "" {
			cats = append(cats, t)
		}
	}
	return cats
}
