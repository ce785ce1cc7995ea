// Package saved runs an agent's saved services (the heart button and the saved list). It is
// its own package, beside internal/catalog's types, so the catalogue package stays a package of
// types and pure rules with no store interface.
package saved

import (
	"context"
	"strings"

	"circle/internal/catalog"
)

// Store is what the saved-services service needs from the database (internal/store).
type Store interface {
	ServiceByID(ctx context.Context, id string) (catalog.Service, error)
	SavedServices(ctx context.Context, userID string) ([]catalog.SavedService, error)
	SaveService(ctx context.Context, userID, serviceID, notes string) (catalog.SavedService, error)
	UnsaveService(ctx context.Context, userID, serviceID string) error
}

// ActivityRecorder records an agent's activity for a service's vendor funnel (detail.Service).
type ActivityRecorder interface {
	TrackServiceActivity(ctx context.Context, serviceID, agentID, kind string)
}

// Service saves and lists services for a user.
type Service struct {
	Store Store
	// Activity counts a save in the vendor's funnel; nil records nothing.
	Activity ActivityRecorder
}

// List returns the user's saved services, newest first; never nil.
func (s *Service) List(ctx context.Context, userID string) ([]catalog.SavedService, error) {
	rows, err := s.Store.SavedServices(ctx, userID)
	if err != nil {
		return nil, err
	}
	if rows == nil {
		rows = []catalog.SavedService{}
	}
	return rows, nil
}

// Save saves a listed (active) service for the user, or replaces the note of one already
// saved; the note is trimmed. A service that is not listed is not found.
func (s *Service) Save(ctx context.Context, userID, serviceID, notes string) (catalog.SavedService, error) {
	if _, err := catalog.Listed(s.Store.ServiceByID(ctx, serviceID)); err != nil {
		return catalog.SavedService{}, err
	}
	row, err := s.Store.SaveService(ctx, userID, serviceID, strings.TrimSpace(notes))
	if err != nil {
		return row, err
	}
	// The vendor's funnel counts the save; recording it never fails the request.
	if s.Activity != nil {
		s.Activity.TrackServiceActivity(ctx, serviceID, userID, catalog.ActivityServiceSave)
	}
	return row, nil
}

// Unsave removes a saved service; removing one that is not saved is not an error.
func (s *Service) Unsave(ctx context.Context, userID, serviceID string) error {
	return s.Store.UnsaveService(ctx, userID, serviceID)
}
