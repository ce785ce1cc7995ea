package httpapi

import (
	"context"

	"circle/internal/catalog"
)

type savedListOutput struct {
	Body struct {
		Saved []catalog.SavedService `json:"saved"`
	}
}

func (s *Server) listSaved(ctx context.Context, _ *struct{}) (*savedListOutput, error) {
	p := principalOf(ctx)
	rows, err := s.deps.Saved.List(ctx, p.User.ID)
	if err != nil {
		return nil, err
	}
	out := &savedListOutput{}
	out.Body.Saved = rows
	return out, nil
}

type saveInput struct {
	ServiceID string `path:"service_id" maxLength:"64"`
	Body      struct {
		Notes string `json:"notes,omitempty" maxLength:"1000"`
	}
}

type savedOutput struct {
	Body catalog.SavedService
}

func (s *Server) saveService(ctx context.Context, in *saveInput) (*savedOutput, error) {
	p := principalOf(ctx)
	row, err := s.deps.Saved.Save(ctx, p.User.ID, in.ServiceID, in.Body.Notes)
	if err != nil {
		return nil, err
	}
	return &savedOutput{Body: row}, nil
}

type unsaveInput struct {
	ServiceID string `path:"service_id" maxLength:"64"`
}

func (s *Server) unsaveService(ctx context.Context, in *unsaveInput) (*struct{}, error) {
	p := principalOf(ctx)
	if err := s.deps.Saved.Unsave(ctx, p.User.ID, in.ServiceID); err != nil {
		return nil, err
	}
	return nil, nil
}
