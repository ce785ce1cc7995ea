package httpapi

import (
	"context"

	"circle/internal/catalog"
	"circle/internal/saved"
)

// SavedArea is the caller's saved services.
type SavedArea struct {
	Saved *saved.Service
}

// Register declares the area's routes.
func (h *SavedArea) Register(r *Router) {
	get(r, "/api/saved", "list-saved", "The caller's saved services", "saved", user, h.listSaved)
	put(r, "/api/saved/{service_id}", "save-service", "Save a service (or change its note)", "saved", user, h.saveService, maxKB(8))
	del(r, "/api/saved/{service_id}", "unsave-service", "Remove a saved service", "saved", user, h.unsaveService, noContent)
}

type savedListOutputBody struct {
	Saved []catalog.SavedService `json:"saved"`
}

type savedListOutput = bodyOutput[savedListOutputBody]

func (h *SavedArea) listSaved(ctx context.Context, _ *struct{}) (*savedListOutput, error) {
	p := principalOf(ctx)
	rows, err := h.Saved.List(ctx, p.User.ID)
	return answer(savedListOutputBody{Saved: rows}, err)
}

type saveInput struct {
	ServiceID string `path:"service_id" maxLength:"64"`
	Body      struct {
		Notes string `json:"notes,omitempty" maxLength:"1000"`
	}
}

type savedOutput = bodyOutput[catalog.SavedService]

func (h *SavedArea) saveService(ctx context.Context, in *saveInput) (*savedOutput, error) {
	p := principalOf(ctx)
	return answer(h.Saved.Save(ctx, p.User.ID, in.ServiceID, in.Body.Notes))
}

type unsaveInput struct {
	ServiceID string `path:"service_id" maxLength:"64"`
}

func (h *SavedArea) unsaveService(ctx context.Context, in *unsaveInput) (*struct{}, error) {
	p := principalOf(ctx)
	if err := h.Saved.Unsave(ctx, p.User.ID, in.ServiceID); err != nil {
		return nil, err
	}
	return nil, nil
}
