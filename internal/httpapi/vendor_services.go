package httpapi

import (
	"context"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/catalogwrite"
	"circle/internal/respa"
)

// VendorServicesArea is the services editor of /vendor-dashboard (issue 30 item 2, F-AREA-01):
// a vendor's own services through the one catalogue write path (catalogwrite). Another vendor's
// service is not found (ownerOf with the service's vendor's owner).
type VendorServicesArea struct {
	Writes *catalogwrite.Service
}

const (
	sumListVendorServices  = "The services of the vendors the caller owns, active or not, with the editor's choices"
	sumCreateVendorService = "Create a service for one of the caller's vendors as an unpublished draft (inactive until its first publish); prices follow 03§5, co-pay the RESPA caps"
	sumUpdateVendorService = "Save the form as one of the caller's services' draft; the marketplace keeps the live service until Publish"
	sumPublishService      = "Make one of the caller's services' draft live: one catalogue change, live at once on every replica"
	sumDiscardDraft        = "Drop one of the caller's services' unpublished changes; the live service stays"
	sumSetServiceActive    = "Activate or deactivate one of the caller's services"
	sumDuplicateService    = "Copy one of the caller's services and its packages as an inactive draft"
)

// Register declares the area's routes.
func (h *VendorServicesArea) Register(r *Router) {
	own := ownerOf(serviceVendorOwner("id"), apperr.New(apperr.NotFound, "service not found"))
	get(r, "/api/vendor/services", "list-vendor-services", sumListVendorServices, "vendors", vendor, h.list)
	post(r, "/api/vendor/services", "create-vendor-service", sumCreateVendorService, "vendors", vendor, h.create, created, maxKB(64))
	get(r, "/api/vendor/services/{id}", "get-vendor-service", "One of the caller's services for the editor", "vendors", own, h.get)
	put(r, "/api/vendor/services/{id}", "update-vendor-service", sumUpdateVendorService, "vendors", own, h.update, maxKB(64))
	post(r, "/api/vendor/services/{id}/active", "set-vendor-service-active", sumSetServiceActive, "vendors", own, h.setActive, maxKB(4))
	post(r, "/api/vendor/services/{id}/duplicate", "duplicate-vendor-service", sumDuplicateService, "vendors", own, h.duplicate, created)
	post(r, "/api/vendor/services/{id}/publish", "publish-vendor-service", sumPublishService, "vendors", own, h.publish)
	del(r, "/api/vendor/services/{id}/draft", "discard-vendor-service-draft", sumDiscardDraft, "vendors", own, h.discard)
	get(r, "/api/vendor/services/{id}/funnel", "get-vendor-funnel", sumGetVendorFunnel, "vendors", own, h.getFunnel)
	put(r, "/api/vendor/services/{id}/funnel", "save-vendor-funnel", sumSaveVendorFunnel, "vendors", own, h.saveFunnel, maxKB(256))
}

func callerOf(ctx context.Context) catalogwrite.Caller {
	p := principalOf(ctx)
	return catalogwrite.Caller{UserID: p.User.ID, Admin: p.IsAdmin}
}

type editorVendor struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	VendorType string `json:"vendor_type"`
	SSP        bool   `json:"ssp"`
}

type listVendorServicesOutput struct {
	Body struct {
		Vendors    []editorVendor          `json:"vendors"`
		Services   []catalogwrite.Editable `json:"services"`
		Categories []catalog.CategoryBlock `json:"categories" doc:"The marketplace categories a service may name"`
		SplitCap   int                     `json:"split_cap" doc:"The highest split limit a service may set (the non-SSP RESPA cap)"`
		SSPCap     int                     `json:"ssp_cap" doc:"The most a settlement service provider may cover"`
	}
}

func (h *VendorServicesArea) list(ctx context.Context, _ *struct{}) (*listVendorServicesOutput, error) {
	vendors, svcs, err := h.Writes.List(ctx, callerOf(ctx))
	if err != nil {
		return nil, err
	}
	out := &listVendorServicesOutput{}
	out.Body.Vendors = make([]editorVendor, 0, len(vendors))
	for _, v := range vendors {
		out.Body.Vendors = append(out.Body.Vendors, editorVendor{ID: v.ID, Name: v.Name, VendorType: v.VendorType, SSP: respa.KindOf(v.VendorType) == respa.SSP})
	}
	out.Body.Services, out.Body.Categories = svcs, catalog.CategoryBlocks
	out.Body.SplitCap, out.Body.SSPCap = respa.DefaultNonSSPCap, respa.DefaultSSPCap
	return out, nil
}

type vendorServiceOutput = bodyOutput[catalogwrite.Editable]

type createVendorServiceInput struct {
	Body struct {
		VendorID string `json:"vendor_id,omitempty" maxLength:"100" doc:"Which of the caller's vendors; empty for their only one"`
		catalogwrite.ServiceInput
	}
}

func (h *VendorServicesArea) create(ctx context.Context, in *createVendorServiceInput) (*vendorServiceOutput, error) {
	return answer(h.Writes.Create(ctx, callerOf(ctx), in.Body.VendorID, in.Body.ServiceInput))
}

type vendorServiceIDInput struct {
	ID string `path:"id" maxLength:"100"`
}

func (h *VendorServicesArea) get(ctx context.Context, in *vendorServiceIDInput) (*vendorServiceOutput, error) {
	return answer(h.Writes.Get(ctx, callerOf(ctx), in.ID))
}

type updateVendorServiceInput struct {
	ID   string `path:"id" maxLength:"100"`
	Body catalogwrite.ServiceInput
}

func (h *VendorServicesArea) update(ctx context.Context, in *updateVendorServiceInput) (*vendorServiceOutput, error) {
	return answer(h.Writes.Update(ctx, callerOf(ctx), in.ID, in.Body))
}

type setServiceActiveInput struct {
	ID   string `path:"id" maxLength:"100"`
	Body struct {
		Active bool `json:"active"`
	}
}

func (h *VendorServicesArea) setActive(ctx context.Context, in *setServiceActiveInput) (*vendorServiceOutput, error) {
	return answer(h.Writes.SetActive(ctx, callerOf(ctx), in.ID, in.Body.Active))
}

func (h *VendorServicesArea) duplicate(ctx context.Context, in *vendorServiceIDInput) (*vendorServiceOutput, error) {
	return answer(h.Writes.Duplicate(ctx, callerOf(ctx), in.ID))
}

func (h *VendorServicesArea) publish(ctx context.Context, in *vendorServiceIDInput) (*vendorServiceOutput, error) {
	return answer(h.Writes.Publish(ctx, callerOf(ctx), in.ID))
}

func (h *VendorServicesArea) discard(ctx context.Context, in *vendorServiceIDInput) (*vendorServiceOutput, error) {
	return answer(h.Writes.Discard(ctx, callerOf(ctx), in.ID))
}
