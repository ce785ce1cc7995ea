package marketplace

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"strings"
	"time"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/ids"
	"circle/internal/ratelimit"
)

// Dedupe windows of the engagement the marketplace records (02§7, 03§9): one view per viewer
// and service per ViewDedupe; one sponsored impression or click per service, placement
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

// View is one view of a service's page.
type View struct {
	ServiceID string
	// UserID is the signed-in viewer; nil for a visitor.
	UserID *string
	// ViewerKey is the random id of the browser session. The client chooses it, so it only
	// groups views for "customers also viewed"; it never decides whether a view counts.
	ViewerKey string
	// IP is the caller's address as the server sees it (never stored: only keyed hashes).
	IP        string
	UserAgent string
	Referrer  string
}

// View limits (issue 14, F-CAT-13): view posts per IP address per minute (with as many at
// once), and how many visitor views of one service one network may add per ViewDedupe (a
// household or office of visitors; signed-in viewers are counted by user instead).
const (
	ViewRateLimit      = 120
	VisitorsPerNetwork = 3
)

// fingerprintSecret names the app secret that keys the viewer and network hashes; every
// replica reads the same one, so they count the same viewer the same way.
const fingerprintSecret = "view_fingerprint_key"

// RecordView records a view of a listed service once per viewer per ViewDedupe: a signed-in
// viewer is their user; a visitor is their IP address and user agent, and at most
// VisitorsPerNetwork visitors count per network. A fresh browser key does not make a new
// viewer. Posts beyond ViewRateLimit a minute from one address are refused (rate_limited with
// a retry time). It reports whether it recorded a view.
func (s *Service) RecordView(ctx context.Context, v View) (bool, error) {
	ok, wait, err := s.ViewLimiter.Allow(ctx, v.IP)
	if err != nil && s.Logger != nil {
		// Allowed anyway: the counting rules below still hold (ratelimit.Limiter.Allow).
		s.Logger.Warn("view rate limit unavailable", "err", err)
	}
	if !ok {
		e := apperr.New(apperr.RateLimited, "Too many views from this address. Please wait a moment and try again.")
		e.RetryAfterSeconds = max(wait, 1)
		return false, e
	}
	if _, err := s.listedService(ctx, v.ServiceID); err != nil {
		return false, err
	}
	key, err := s.fingerprintKey(ctx)
	if err != nil {
		return false, err
	}
	rec := catalog.ServiceView{ServiceID: v.ServiceID, UserID: v.UserID, ViewerKey: v.ViewerKey, UserAgent: v.UserAgent, Referrer: v.Referrer,
		Network: "n:" + keyedHash(key, "network", NetworkOf(v.IP))}
	if v.UserID != nil {
		rec.Fingerprint = "u:" + *v.UserID
	} else {
		rec.Fingerprint = "v:" + keyedHash(key, "visitor", v.IP, v.UserAgent)
	}
	return s.Store.RecordView(ctx, rec, ViewDedupe, VisitorsPerNetwork)
}

// NewViewLimiter is the per-address limit of view posts, ViewRateLimit a minute, kept in the
// same shared buckets as the other limits so it is one budget across every replica.
func NewViewLimiter(buckets ratelimit.Buckets, now func() time.Time) *ratelimit.Limiter {
	return ratelimit.New(buckets, "views", ViewRateLimit, ViewRateLimit, now)
}

// fingerprintKey reads the hash key once.
func (s *Service) fingerprintKey(ctx context.Context) ([]byte, error) {
	s.viewMu.Lock()
	defer s.viewMu.Unlock()
	if s.viewKey != nil {
		return s.viewKey, nil
	}
	k, err := s.Store.Secret(ctx, fingerprintSecret, func() string { return ids.Token(32) })
	if err != nil {
		return nil, fmt.Errorf("view fingerprint key: %w", err)
	}
	s.viewKey = []byte(k)
	return s.viewKey, nil
}

// keyedHash is an HMAC-SHA256 of the parts (shortened): it matches equal inputs without
// keeping them, and without the key nobody can test guesses of an address against it.
func keyedHash(key []byte, parts ...string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(strings.Join(parts, "\x00")))
	return hex.EncodeToString(m.Sum(nil))[:32]
}

// NetworkOf is the network an address belongs to for counting visitors: the IPv4 address
// itself, or the /64 of an IPv6 address (one subscriber's usual allocation, which its owner can
// rotate through freely).
func NetworkOf(ip string) string {
	a := net.ParseIP(ip)
	if a == nil {
		return ip
	}
	if v4 := a.To4(); v4 != nil {
		return v4.String()
	}
	return a.Mask(net.CIDRMask(64, 128)).String() + "/64"
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
