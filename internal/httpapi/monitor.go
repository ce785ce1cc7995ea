package httpapi

import (
	"context"
	"encoding/json"

	"circle/internal/apperr"
	"circle/internal/ids"
	"circle/internal/monitor"
)

type clientErrorInput struct {
	UserAgent string `header:"User-Agent"`
	Body      struct {
		URL       string         `json:"url,omitempty" maxLength:"2000" doc:"Page the error happened on"`
		Component string         `json:"component,omitempty" maxLength:"200"`
		Section   string         `json:"section,omitempty" maxLength:"200" doc:"Screen section, e.g. global_monitor"`
		ErrorType string         `json:"error_type,omitempty" enum:"runtime,runtime_error,unhandled_promise,network_error,render_error" doc:"Default runtime"`
		Message   string         `json:"message" minLength:"1" doc:"Cut to 1000 characters"`
		Stack     string         `json:"stack,omitempty" doc:"Cut to 4000 characters"`
		Metadata  map[string]any `json:"metadata,omitempty"`
	}
}

type acceptedOutput struct {
	Body struct {
		ID string `json:"id"`
	}
}

func (s *Server) reportClientError(ctx context.Context, in *clientErrorInput) (*acceptedOutput, error) {
	e := monitor.ClientError{
		ID: ids.New(), URL: in.Body.URL, Component: in.Body.Component, Section: in.Body.Section,
		ErrorType: in.Body.ErrorType, Message: in.Body.Message, Stack: in.Body.Stack, UserAgent: in.UserAgent,
	}
	if in.Body.Metadata != nil {
		meta, err := json.Marshal(in.Body.Metadata)
		if err != nil || len(meta) > 8000 {
			return nil, apperr.Field("metadata", "validation.too_large", "metadata must be a JSON object of at most 8000 bytes")
		}
		e.Metadata = string(meta)
	}
	if err := e.Normalize(); err != nil {
		return nil, err
	}
	if err := s.deps.DB.InsertClientError(ctx, e); err != nil {
		return nil, apperr.Wrap(err, "record client error")
	}
	out := &acceptedOutput{}
	out.Body.ID = e.ID
	return out, nil
}
