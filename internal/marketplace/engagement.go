package marketplace

import (
	"context"
	"encoding/json"
	"time"

	"circle/internal/apperr"
	"circle/internal/catalog"
)

// Dedupe windows of the engagement the marketplace records (02§7, 03§9): one view per browser
// session and service per ViewDedupe; one sponsored impression or click per service, placement
// and browser session per SponsoredDedupe.
const (
	ViewDedupe      = 15 * time.Minute
	SponsoredDedupe = 5 * time.Minute
)

// RatingsOf returns the rating of each distinct service in ids, in the order given (the first
// of a repeated id); a service without reviews has a zero rating (get_service_ratings_bulk).
func (s *Service) RatingsOf(ctx context.Context, ids []string) ([]Rating, error) {
	m, err := s.Store.ServiceRatings(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]Rating, 0, len(ids))
	seen := map[string]bool{}
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		r, ok := m[id]
		if !ok {
			r = Rating{ServiceID: id}
		}
		out = append(out, r)
	}
	return out, nil
}

// listedService reads a service the marketplace lists (active); anything else is not found.
func (s *Service) listedService(ctx context.Context, id string) (catalog.Service, error) {
	return catalog.Listed(s.Store.ServiceByID(ctx, id))
}

// View is one view of a service's page by a browser session.
type View struct {
	ServiceID string
	// UserID is the signed-in viewer; nil for a visitor.
	UserID *string
	// ViewerKey is the random id of the browser session.
	ViewerKey string
	UserAgent string
	Referrer  string
}

// RecordView records a view of a listed service unless the same browser session viewed it in
// the last ViewDedupe; it reports whether it recorded one.
func (s *Service) RecordView(ctx context.Context, v View) (bool, error) {
	if _, err := s.listedService(ctx, v.ServiceID); err != nil {
		return false, err
	}
	return s.Store.RecordView(ctx, v.ServiceID, v.UserID, v.ViewerKey, v.UserAgent, v.Referrer, ViewDedupe)
}

// SponsoredEvent is an impression or click of a sponsored service in a placement.
type SponsoredEvent struct {
	ServiceID string
	// UserID is the signed-in viewer; nil for a visitor.
	UserID *string
	// Event is impression or click; Placement and Context say where (top_deals, carousel_view).
	Event, Placement, Context string
	ViewerKey                 string
}

// RecordSponsored records a sponsored impression or click of a listed, sponsored service at
// most once per SponsoredDedupe per service, placement and browser session; it reports whether
// it recorded one.
func (s *Service) RecordSponsored(ctx context.Context, e SponsoredEvent) (bool, error) {
	svc, err := s.Store.ServiceByID(ctx, e.ServiceID)
	if err != nil {
		return false, err
	}
	if !svc.IsActive || !svc.IsSponsored {
		return false, apperr.Field("id", "tracking.not_sponsored", "service is not sponsored")
	}
	data, _ := json.Marshal(map[string]string{"placement": e.Placement, "context": e.Context})
	return s.Store.RecordTrackingEvent(ctx, catalog.TrackingEvent{
		ServiceID: e.ServiceID, VendorID: svc.VendorID, UserID: e.UserID, ViewerKey: e.ViewerKey,
		EventType: "sponsored_" + e.Event, EventData: string(data),
	}, SponsoredDedupe)
}

// Interest is how many agents would use a service with a discount, and whether the viewer is
// one of them (03§4).
type Interest struct {
	Count      int
	Interested bool
}

// DiscountInterest reads a listed service's discount interest; userID "" (a visitor) is never
// interested.
func (s *Service) DiscountInterest(ctx context.Context, serviceID, userID string) (Interest, error) {
	if _, err := s.listedService(ctx, serviceID); err != nil {
		return Interest{}, err
	}
	return s.interest(ctx, serviceID, userID)
}

// AddDiscountInterest records "I'd use this with a discount" of userID on a listed service that
// is not verified yet; a second vote is a conflict.
func (s *Service) AddDiscountInterest(ctx context.Context, serviceID, userID string) (Interest, error) {
	svc, err := s.listedService(ctx, serviceID)
	if err != nil {
		return Interest{}, err
	}
	if svc.IsVerified {
		return Interest{}, apperr.Field("id", "interest.verified", "Discount interest is only for services that are not verified yet")
	}
	if err := s.Store.AddDiscountInterest(ctx, serviceID, userID); err != nil {
		return Interest{}, err
	}
	return s.interest(ctx, serviceID, userID)
}

func (s *Service) interest(ctx context.Context, serviceID, userID string) (Interest, error) {
	n, mine, err := s.Store.DiscountInterest(ctx, serviceID, userID)
	if err != nil {
		return Interest{}, err
	}
	return Interest{Count: n, Interested: mine}, nil
}
