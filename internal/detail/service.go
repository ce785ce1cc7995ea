package detail

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/url"
	"sync"
	"time"

	"circle/internal/appconfig"
	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/marketplace"
	"circle/internal/pricing"
)

// Detail limits (02§9, 03§7).
const (
	// ReviewsListed is how many reviews a service's list carries (newest first).
	ReviewsListed = 20
	// AlsoViewedMax and AlsoViewedWindow: customers also viewed, over 30 days.
	AlsoViewedMax    = 8
	AlsoViewedWindow = 30 * 24 * time.Hour
	// ActivityDedupe keeps one funnel view (or save) per agent, vendor and service per 15 minutes.
	ActivityDedupe = 15 * time.Minute
	// EventDataMax bounds a tracking event's event_data.
	EventDataMax = 4 << 10
)

// Store is what the detail service needs from the database (internal/store). Methods called
// with the ctx InTx hands to its fn run in that transaction.
type Store interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	GetConfig(ctx context.Context) (appconfig.Config, error)
	PointsBalance(ctx context.Context, userID string) (int64, error)

	ServiceByID(ctx context.Context, id string) (catalog.Service, error)
	ServicesByID(ctx context.Context, ids []string) ([]catalog.Service, error)
	ServicePackages(ctx context.Context, serviceID string) ([]catalog.Package, error)
	ServiceDisclaimer(ctx context.Context, disclaimerID *string) (*catalog.Disclaimer, error)
	VendorByID(ctx context.Context, id string) (catalog.Vendor, error)
	VendorRating(ctx context.Context, vendorID string) (marketplace.Rating, error)
	SavedService(ctx context.Context, userID, serviceID string) (*catalog.SavedService, error)
	AlsoViewed(ctx context.Context, serviceID string, since time.Time, limit int) ([]string, error)

	ServiceRatings(ctx context.Context, ids []string) (map[string]marketplace.Rating, error)
	ServiceReviews(ctx context.Context, serviceID string, limit int) ([]catalog.ReviewView, error)
	VendorReviews(ctx context.Context, vendorID string, limit int) ([]catalog.ReviewView, error)
	ReviewByID(ctx context.Context, id string) (catalog.Review, error)
	ReviewView(ctx context.Context, id string) (catalog.ReviewView, error)
	UserReviewID(ctx context.Context, serviceID, userID string) (*string, error)
	HasPurchaseOrBooking(ctx context.Context, userID, serviceID string) (bool, error)
	CreateReview(ctx context.Context, r catalog.Review) (catalog.Review, error)
	UpdateReview(ctx context.Context, id string, rating int, text *string, verified bool) error
	DeleteReview(ctx context.Context, id string) error

	ActiveRepresentatives(ctx context.Context, vendorID string) ([]catalog.Representative, error)
	VendorQuestions(ctx context.Context, vendorID string) ([]catalog.VendorQuestion, error)
	SeedVendorQuestions(ctx context.Context, vendorID string, texts []string) (bool, error)
	UpdateVendorQuestion(ctx context.Context, vendorID string, number int, text string, answer *string) (catalog.VendorQuestion, error)
	VendorContentTiles(ctx context.Context, vendorID string, limit int) ([]catalog.VendorContent, error)
	VendorCalendarLink(ctx context.Context, vendorID string) (*string, error)

	RecordVendorActivity(ctx context.Context, a catalog.VendorActivity, dedupe time.Duration) (bool, error)
	RecordTrackingEvent(ctx context.Context, e catalog.TrackingEvent, dedupe time.Duration) (bool, error)
	ServiceMetrics(ctx context.Context, serviceID string, since time.Time) (catalog.TrackingMetrics, error)
	MintReferralToken(ctx context.Context, userID string, vendorID *string, serviceID string) (catalog.ReferralToken, error)
	ReferralTokenByToken(ctx context.Context, token string) (catalog.ReferralToken, error)
}

// Market is what the detail service needs from the marketplace: the ranked pool of active
// services with their cards, cards of any rows, and the search index to drop when ratings change.
type Market interface {
	ActivePoolVersion(ctx context.Context) (marketplace.PoolVersion, error)
	ActivePool(ctx context.Context) ([]marketplace.PoolCard, marketplace.PoolVersion, error)
	Cards(ctx context.Context, rows []catalog.Service) ([]marketplace.Card, error)
	Changed(ctx context.Context, ids ...string)
}

// Service answers the service and vendor detail pages and their actions: reviews, vendor
// questions, funnel events, metrics, referral links and the vendor's activity feed.
type Service struct {
	Store  Store
	Market Market
	Now    func() time.Time
	// Logger records activity that could not be written (it never fails a request).
	Logger *slog.Logger
	// BaseURL is the public address of the app (share links), without a trailing slash.
	BaseURL string

	// related is the suggestions and bundles index of relatedVersion of the pool.
	relatedMu      sync.Mutex
	related        *Related
	relatedVersion marketplace.PoolVersion
}

// relatedIndex returns the suggestions and bundles index of the current pool, building it
// when the catalogue or the trending lists changed since the last one (once: concurrent
// requests wait for the one build).
func (s *Service) relatedIndex(ctx context.Context) (*Related, error) {
	v, err := s.Market.ActivePoolVersion(ctx)
	if err != nil {
		return nil, err
	}
	s.relatedMu.Lock()
	defer s.relatedMu.Unlock()
	if s.related != nil && s.relatedVersion == v {
		return s.related, nil
	}
	pool, v, err := s.Market.ActivePool(ctx)
	if err != nil {
		return nil, err
	}
	cands := make([]Candidate, len(pool))
	for i, pc := range pool {
		cands[i] = Candidate{Card: pc.Card, ROI: pc.ROI}
	}
	rel := NewRelated(cands)
	rel.SetVendorRatings(pool)
	s.related, s.relatedVersion = rel, v
	return s.related, nil
}

// Caller is who asks; a zero Caller is a visitor.
type Caller struct {
	UserID  string
	IsPro   bool
	IsAdmin bool
	// State and Lang pick the currency and language of the purchase offers' prices.
	State, Lang string
	// Currency is the viewer's USD/CAD choice (pricing.ViewerCurrency; auto when empty).
	Currency pricing.Choice
}

func (c Caller) signedIn() bool { return c.UserID != "" }

// owns reports whether the caller owns the vendor.
func (c Caller) owns(v *catalog.Vendor) bool {
	return c.signedIn() && v != nil && v.OwnerUserID != nil && *v.OwnerUserID == c.UserID
}

// VendorByID reads a vendor (the access policies read its owner).
func (s *Service) VendorByID(ctx context.Context, id string) (catalog.Vendor, error) {
	return s.Store.VendorByID(ctx, id)
}

// ServiceByID reads a service, listed or not (the access policies read its vendor).
func (s *Service) ServiceByID(ctx context.Context, id string) (catalog.Service, error) {
	return s.Store.ServiceByID(ctx, id)
}

// ReviewByID reads a review (the access policies read its author).
func (s *Service) ReviewByID(ctx context.Context, id string) (catalog.Review, error) {
	return s.Store.ReviewByID(ctx, id)
}

// vendorOf reads a service's vendor; nil when it has none or it is gone.
func (s *Service) vendorOf(ctx context.Context, svc catalog.Service) (*catalog.Vendor, error) {
	if svc.VendorID == nil {
		return nil, nil
	}
	v, err := s.Store.VendorByID(ctx, *svc.VendorID)
	if apperr.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// activeService reads a service that is listed (active); anything else is not found.
func (s *Service) activeService(ctx context.Context, id string) (catalog.Service, error) {
	return catalog.Listed(s.Store.ServiceByID(ctx, id))
}

func (s *Service) logger() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.Default()
}

// trackVendorActivity records an agent's activity for a service's vendor (track_vendor_activity).
// It never fails the request: a missing profile is skipped by the store, other errors are
// logged and ignored (02§8).
func (s *Service) trackVendorActivity(ctx context.Context, svc catalog.Service, agentID, kind string, data map[string]any, dedupe time.Duration) {
	if svc.VendorID == nil {
		return
	}
	if data == nil {
		data = map[string]any{}
	}
	data["service_id"] = svc.ID
	raw, _ := json.Marshal(data)
	id := svc.ID
	if _, err := s.Store.RecordVendorActivity(ctx, catalog.VendorActivity{VendorID: *svc.VendorID, AgentID: agentID, ServiceID: &id,
		ActivityType: kind, ActivityData: string(raw)}, dedupe); err != nil {
		s.logger().Warn("vendor activity not recorded", "err", err, "type", kind, "service_id", svc.ID)
	}
}

// TrackServiceActivity records an agent's activity (a save, say) on a service known by id for
// its vendor, at most once per ActivityDedupe; like every activity, it never fails the caller.
func (s *Service) TrackServiceActivity(ctx context.Context, serviceID, agentID, kind string) {
	svc, err := s.Store.ServiceByID(ctx, serviceID)
	if err != nil {
		s.logger().Warn("vendor activity not recorded", "err", err, "type", kind, "service_id", serviceID)
		return
	}
	s.trackVendorActivity(ctx, svc, agentID, kind, nil, ActivityDedupe)
}

// reviewsOf reads a service's latest reviews with its average and count, marking the caller's own.
func (s *Service) reviewsOf(ctx context.Context, serviceID, viewerID string) (Reviews, error) {
	list, err := s.Store.ServiceReviews(ctx, serviceID, ReviewsListed)
	if err != nil {
		return Reviews{}, err
	}
	ratings, err := s.Store.ServiceRatings(ctx, []string{serviceID})
	if err != nil {
		return Reviews{}, err
	}
	for i := range list {
		list[i].Own = viewerID != "" && list[i].UserID == viewerID
	}
	r := ratings[serviceID]
	return Reviews{AverageRating: r.AverageRating, TotalReviews: r.TotalReviews, Reviews: list}, nil
}

// Visitor cache limits: a service's page parts (the rows the page shows) are kept per pool
// version, so a catalogue change anywhere drops them; VisitorCacheTTL bounds what the
// catalogue fingerprint does not cover (a reviewer's display name), and visitorCacheMax the
// memory (a full cache starts over): a page's rows are about 25 KB (funnel content, 20
// reviews), so at most about 50 MB.
const (
	VisitorCacheTTL = time.Minute
	visitorCacheMax = 2048
)

// pageParts are the rows of a service's page that are the same for every viewer.
type pageParts struct {
	at         time.Time
	svc        catalog.Service
	vendor     *catalog.Vendor
	card       marketplace.Card
	packages   []catalog.Package
	disclaimer *catalog.Disclaimer
	reviews    Reviews // Own is false: the caller's are marked on a copy
}

// partsOf returns a listed service's page parts, from rel's cache when read within
// VisitorCacheTTL under the same pool version.
func (s *Service) partsOf(ctx context.Context, rel *Related, id string) (*pageParts, error) {
	now := s.Now()
	rel.partsMu.Lock()
	p := rel.parts[id]
	rel.partsMu.Unlock()
	if p != nil && now.Sub(p.at) < VisitorCacheTTL && !now.Before(p.at) {
		return p, nil
	}
	svc, err := s.activeService(ctx, id)
	if err != nil {
		return nil, err
	}
	p = &pageParts{at: now, svc: svc}
	if p.vendor, err = s.vendorOf(ctx, svc); err != nil {
		return nil, err
	}
	c, inPool := rel.Candidate(svc.ID)
	if inPool {
		p.card = *c.Card
	} else {
		// Listed since the pool was read: carded from the database, and not kept (the next
		// pool version has it).
		one, err := s.Market.Cards(ctx, []catalog.Service{svc})
		if err != nil {
			return nil, err
		}
		p.card = one[0]
	}
	if p.packages, err = s.Store.ServicePackages(ctx, svc.ID); err != nil {
		return nil, err
	}
	if p.disclaimer, err = s.Store.ServiceDisclaimer(ctx, svc.DisclaimerID); err != nil {
		return nil, err
	}
	if p.reviews, err = s.reviewsOf(ctx, svc.ID, ""); err != nil {
		return nil, err
	}
	if inPool {
		rel.partsMu.Lock()
		if len(rel.parts) >= visitorCacheMax {
			clear(rel.parts)
		}
		rel.parts[id] = p
		rel.partsMu.Unlock()
	}
	return p, nil
}

// ServiceDetail answers everything the funnel page and the sales-page dialog show about a
// listed service. A signed-in caller who does not own the vendor counts as a funnel view in
// the vendor's activity (once per ActivityDedupe).
//
// The catalogue work is done once per pool version (Related: suggestions, bundles, vendor
// ratings) and the service's rows are cached for that version (partsOf); what depends on the
// caller (saved, own review, prices and points) is read per request on top.
func (s *Service) ServiceDetail(ctx context.Context, id string, c Caller) (ServiceDetail, error) {
	rel, err := s.relatedIndex(ctx)
	if err != nil {
		return ServiceDetail{}, err
	}
	p, err := s.partsOf(ctx, rel, id)
	if err != nil {
		return ServiceDetail{}, err
	}
	svc, vendor := p.svc, p.vendor
	din := Input{Service: svc, Vendor: vendor, Related: rel, Card: p.card, Packages: p.packages, Disclaimer: p.disclaimer,
		Reviews: p.reviews}
	if vendor != nil {
		din.VendorRating = rel.VendorRating(vendor.ID)
	}
	if c.signedIn() {
		// The caller's own reviews are marked on a copy: the cached list is shared.
		list := make([]catalog.ReviewView, len(p.reviews.Reviews))
		copy(list, p.reviews.Reviews)
		for i := range list {
			list[i].Own = list[i].UserID == c.UserID
		}
		din.Reviews.Reviews = list
	}
	if c.signedIn() {
		din.Viewer = Viewer{SignedIn: true, IsPro: c.IsPro, IsAdmin: c.IsAdmin, IsOwner: c.owns(vendor)}
		saved, err := s.Store.SavedService(ctx, c.UserID, svc.ID)
		if err != nil {
			return ServiceDetail{}, err
		}
		if saved != nil {
			din.Viewer.Saved, din.Viewer.SavedNotes = true, saved.Notes
		}
		if din.Viewer.ReviewID, err = s.Store.UserReviewID(ctx, svc.ID, c.UserID); err != nil {
			return ServiceDetail{}, err
		}
	}
	if err := s.offerPrices(ctx, c, &din); err != nil {
		return ServiceDetail{}, err
	}
	if c.signedIn() && !din.Viewer.IsOwner {
		s.trackVendorActivity(ctx, svc, c.UserID, catalog.ActivityFunnelView, nil, ActivityDedupe)
	}
	return Build(din), nil
}

// offerPrices reads what the purchase offers depend on for the caller: the currency (the
// exchange rate matters only in Canada) and the points balance (only Pro members may pay with
// points).
func (s *Service) offerPrices(ctx context.Context, c Caller, in *Input) error {
	in.Money = pricing.Converter{Currency: pricing.ViewerCurrency(c.Currency, c.State, c.Lang), Lang: c.Lang}
	if in.Money.Currency == pricing.CAD {
		cfg, err := s.Store.GetConfig(ctx)
		if err != nil {
			return err
		}
		in.Money.RateE4 = cfg.USDToCADRateE4
	}
	if c.signedIn() && c.IsPro {
		var err error
		if in.ViewerPoints, err = s.Store.PointsBalance(ctx, c.UserID); err != nil {
			return err
		}
	}
	return nil
}

// Offers answers the purchase dialogs (issue 26 item 4): a listed service's purchase offers for
// the caller, the same as ServiceDetail's (BuildOffers), read from the service, its vendor and
// its packages only. It writes nothing: opening a purchase dialog from a marketplace card is not
// a view of the service's page, so it is no funnel view.
func (s *Service) Offers(ctx context.Context, id string, c Caller) (ServiceOffers, error) {
	svc, err := s.activeService(ctx, id)
	if err != nil {
		return ServiceOffers{}, err
	}
	in := Input{Service: svc, Viewer: Viewer{SignedIn: c.signedIn(), IsPro: c.IsPro}}
	if in.Vendor, err = s.vendorOf(ctx, svc); err != nil {
		return ServiceOffers{}, err
	}
	if in.Packages, err = s.Store.ServicePackages(ctx, svc.ID); err != nil {
		return ServiceOffers{}, err
	}
	if err := s.offerPrices(ctx, c, &in); err != nil {
		return ServiceOffers{}, err
	}
	return BuildOffers(in), nil
}

// AlsoViewed lists the cards of the services most co-viewed with a listed one in the
// AlsoViewedWindow up to now (customers also viewed).
func (s *Service) AlsoViewed(ctx context.Context, serviceID string) ([]marketplace.Card, error) {
	if _, err := s.activeService(ctx, serviceID); err != nil {
		return nil, err
	}
	ids, err := s.Store.AlsoViewed(ctx, serviceID, s.Now().Add(-AlsoViewedWindow), AlsoViewedMax)
	if err != nil {
		return nil, err
	}
	rows, err := s.Store.ServicesByID(ctx, ids)
	if err != nil {
		return nil, err
	}
	cards, err := s.Market.Cards(ctx, rows)
	if err != nil {
		return nil, err
	}
	if cards == nil {
		cards = []marketplace.Card{}
	}
	return cards, nil
}

// ServiceCards returns the cards of the active services among ids, in the order asked (blank,
// repeated and over-long ids skipped), and the ids that are unknown or no longer active.
func (s *Service) ServiceCards(ctx context.Context, ids []string) (cards []marketplace.Card, missing []string, err error) {
	var want []string
	seen := map[string]bool{}
	for _, id := range ids {
		if id != "" && !seen[id] && len(id) <= 64 {
			seen[id] = true
			want = append(want, id)
		}
	}
	rows, err := s.Store.ServicesByID(ctx, want)
	if err != nil {
		return nil, nil, err
	}
	active := rows[:0]
	found := map[string]bool{}
	for _, r := range rows {
		if r.IsActive {
			active = append(active, r)
			found[r.ID] = true
		}
	}
	if cards, err = s.Market.Cards(ctx, active); err != nil {
		return nil, nil, err
	}
	if cards == nil {
		cards = []marketplace.Card{}
	}
	missing = []string{}
	for _, id := range want {
		if !found[id] {
			missing = append(missing, id)
		}
	}
	return cards, missing, nil
}

// Reviews lists a listed service's latest reviews, marking the caller's own.
func (s *Service) Reviews(ctx context.Context, serviceID string, c Caller) (Reviews, error) {
	if _, err := s.activeService(ctx, serviceID); err != nil {
		return Reviews{}, err
	}
	return s.reviewsOf(ctx, serviceID, c.UserID)
}

// ReviewChange is the answer to a review change: the review (absent after a delete) and the
// service's new average and count.
type ReviewChange struct {
	ServiceID     string              `json:"service_id"`
	Review        *catalog.ReviewView `json:"review,omitempty"`
	AverageRating float64             `json:"average_rating"`
	TotalReviews  int                 `json:"total_reviews"`
}

// reviewChange reads the answer to a change of reviewID ("" after a delete), which is the
// caller's own.
func (s *Service) reviewChange(ctx context.Context, serviceID, reviewID string) (ReviewChange, error) {
	out := ReviewChange{ServiceID: serviceID}
	if reviewID != "" {
		v, err := s.Store.ReviewView(ctx, reviewID)
		if err != nil {
			return ReviewChange{}, err
		}
		v.Own = true
		out.Review = &v
	}
	ratings, err := s.Store.ServiceRatings(ctx, []string{serviceID})
	if err != nil {
		return ReviewChange{}, err
	}
	out.AverageRating, out.TotalReviews = ratings[serviceID].AverageRating, ratings[serviceID].TotalReviews
	return out, nil
}

// ReviewEdit is a review's new stars and text; nil leaves a value as it is on update (a new
// review needs a rating).
type ReviewEdit struct {
	Rating *int
	Review *string
}

// CreateReview adds the caller's review of a listed service (one per user per service). It is
// verified when the server recorded a purchase or booking of the service by the caller; the
// check and the insert run in one transaction.
func (s *Service) CreateReview(ctx context.Context, userID, serviceID string, e ReviewEdit) (ReviewChange, error) {
	rating, err := catalog.ValidateRating(e.Rating)
	if err != nil {
		return ReviewChange{}, err
	}
	text, err := catalog.ValidateReviewText(e.Review)
	if err != nil {
		return ReviewChange{}, err
	}
	if _, err := s.activeService(ctx, serviceID); err != nil {
		return ReviewChange{}, err
	}
	var created catalog.Review
	err = s.Store.InTx(ctx, func(ctx context.Context) error {
		verified, err := s.Store.HasPurchaseOrBooking(ctx, userID, serviceID)
		if err != nil {
			return err
		}
		created, err = s.Store.CreateReview(ctx, catalog.Review{ServiceID: serviceID, UserID: userID, Rating: rating, Review: text,
			ReviewSource: catalog.ReviewSourceAgent, Verified: verified})
		return err
	})
	if err != nil {
		return ReviewChange{}, err
	}
	s.Market.Changed(ctx, serviceID) // ratings drive the search index's min_rating filter and cards
	return s.reviewChange(ctx, serviceID, created.ID)
}

// UpdateReview changes a review (the route lets only its author through); fields left out keep
// their value. An agent's review is verified again against the author's purchases.
func (s *Service) UpdateReview(ctx context.Context, userID, reviewID string, e ReviewEdit) (ReviewChange, error) {
	r, err := s.Store.ReviewByID(ctx, reviewID)
	if err != nil {
		return ReviewChange{}, err
	}
	rating, text := r.Rating, r.Review
	if e.Rating != nil {
		if rating, err = catalog.ValidateRating(e.Rating); err != nil {
			return ReviewChange{}, err
		}
	}
	if e.Review != nil {
		if text, err = catalog.ValidateReviewText(e.Review); err != nil {
			return ReviewChange{}, err
		}
	}
	err = s.Store.InTx(ctx, func(ctx context.Context) error {
		verified := r.Verified
		if r.ReviewSource == catalog.ReviewSourceAgent {
			var err error
			if verified, err = s.Store.HasPurchaseOrBooking(ctx, userID, r.ServiceID); err != nil {
				return err
			}
		}
		return s.Store.UpdateReview(ctx, r.ID, rating, text, verified)
	})
	if err != nil {
		return ReviewChange{}, err
	}
	s.Market.Changed(ctx, r.ServiceID)
	return s.reviewChange(ctx, r.ServiceID, r.ID)
}

// DeleteReview removes a review (the route lets its author or an administrator through).
func (s *Service) DeleteReview(ctx context.Context, reviewID string) (ReviewChange, error) {
	r, err := s.Store.ReviewByID(ctx, reviewID)
	if err != nil {
		return ReviewChange{}, err
	}
	if err := s.Store.DeleteReview(ctx, r.ID); err != nil {
		return ReviewChange{}, err
	}
	s.Market.Changed(ctx, r.ServiceID)
	return s.reviewChange(ctx, r.ServiceID, "")
}

// vendorListed: active with an approval status the marketplace lists (02§4).
func vendorListed(v catalog.Vendor) bool {
	switch v.ApprovalStatus {
	case catalog.ApprovalApproved, catalog.ApprovalAutoApproved, catalog.ApprovalPending:
		return v.IsActive
	}
	return false
}

// seedQuestions gives a vendor without questions the defaults (seed_vendor_questions) in one
// transaction and reports whether it did.
func (s *Service) seedQuestions(ctx context.Context, vendorID string) (bool, error) {
	seeded := false
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		var err error
		seeded, err = s.Store.SeedVendorQuestions(ctx, vendorID, catalog.DefaultVendorQuestions[:])
		return err
	})
	return seeded, err
}

// VendorDetail answers everything the vendor funnel modal shows. Listed vendors are visible to
// everyone, any vendor to its owner and administrators. A vendor without evaluation questions
// gets the defaults first.
func (s *Service) VendorDetail(ctx context.Context, vendorID string, c Caller) (VendorDetail, error) {
	v, err := s.Store.VendorByID(ctx, vendorID)
	if err != nil {
		return VendorDetail{}, err
	}
	owner := c.owns(&v)
	if !vendorListed(v) && !owner && !(c.signedIn() && c.IsAdmin) {
		return VendorDetail{}, apperr.New(apperr.NotFound, "vendor not found")
	}
	d := VendorDetail{ViewerIsOwner: owner}
	if d.Representatives, err = s.Store.ActiveRepresentatives(ctx, v.ID); err != nil {
		return VendorDetail{}, err
	}
	if d.Questions, err = s.Store.VendorQuestions(ctx, v.ID); err != nil {
		return VendorDetail{}, err
	}
	if len(d.Questions) == 0 {
		if d.QuestionsSeeded, err = s.seedQuestions(ctx, v.ID); err != nil {
			return VendorDetail{}, apperr.Wrap(err, "Failed to seed questions")
		}
		if d.Questions, err = s.Store.VendorQuestions(ctx, v.ID); err != nil {
			return VendorDetail{}, err
		}
	}
	content, err := s.Store.VendorContentTiles(ctx, v.ID, VendorContentMax)
	if err != nil {
		return VendorDetail{}, err
	}
	d.Content = make([]ContentTile, 0, len(content))
	for _, t := range content {
		d.Content = append(d.Content, Tile(t))
	}
	if d.CalendarLink, err = s.Store.VendorCalendarLink(ctx, v.ID); err != nil {
		return VendorDetail{}, err
	}
	if d.LatestReviews, err = s.Store.VendorReviews(ctx, v.ID, VendorReviewsLoaded); err != nil {
		return VendorDetail{}, err
	}
	for i := range d.LatestReviews {
		d.LatestReviews[i].Own = c.signedIn() && d.LatestReviews[i].UserID == c.UserID
	}
	rating, err := s.Store.VendorRating(ctx, v.ID)
	if err != nil {
		return VendorDetail{}, err
	}
	d.Stats = StatsOf(v, rating.AverageRating, rating.TotalReviews)
	d.TopPartner = IsTopPartner(v)
	d.Licence = LicenceOf(v)
	v.OwnerUserID = nil
	v.ServiceStates, v.MLSAreas, v.Specialties, v.LicenseStates = nonNilStrings(v.ServiceStates), nonNilStrings(v.MLSAreas),
		nonNilStrings(v.Specialties), nonNilStrings(v.LicenseStates)
	d.Vendor = v
	return d, nil
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// UpdateVendorQuestion edits one of a vendor's questions (the route lets its owner and
// administrators through). A vendor that never opened its modal has no questions yet: they are
// seeded in the same transaction as the edit.
func (s *Service) UpdateVendorQuestion(ctx context.Context, vendorID string, number int, questionText string, answerText *string) (catalog.VendorQuestion, error) {
	v, err := s.Store.VendorByID(ctx, vendorID)
	if err != nil {
		return catalog.VendorQuestion{}, err
	}
	edit, err := catalog.ValidateQuestionEdit(questionText, answerText)
	if err != nil {
		return catalog.VendorQuestion{}, err
	}
	var q catalog.VendorQuestion
	err = s.Store.InTx(ctx, func(ctx context.Context) error {
		if _, err := s.Store.SeedVendorQuestions(ctx, v.ID, catalog.DefaultVendorQuestions[:]); err != nil {
			return err
		}
		var err error
		q, err = s.Store.UpdateVendorQuestion(ctx, v.ID, number, edit.QuestionText, edit.AnswerText)
		return err
	})
	return q, err
}

// RecordEvent records a funnel event of a signed-in user on a listed service (02§7, 03§6); an
// outbound click is also the vendor's contact request.
func (s *Service) RecordEvent(ctx context.Context, userID, serviceID, eventType string, data map[string]any) (bool, error) {
	if data == nil {
		data = map[string]any{}
	}
	raw, err := json.Marshal(data)
	if err != nil {
		return false, apperr.Field("event_data", "tracking.event_data_invalid", "event_data must be a JSON object")
	}
	if len(raw) > EventDataMax {
		return false, apperr.Field("event_data", "tracking.event_data_too_large", "event_data must be 4 KB or smaller")
	}
	svc, err := s.activeService(ctx, serviceID)
	if err != nil {
		return false, err
	}
	uid := userID
	rec, err := s.Store.RecordTrackingEvent(ctx, catalog.TrackingEvent{ServiceID: svc.ID, VendorID: svc.VendorID, UserID: &uid,
		EventType: eventType, EventData: string(raw), Source: catalog.EventSourceClient}, 0)
	if err != nil {
		return false, err
	}
	// The contact request is the vendor's activity feed, written apart: it must not undo or
	// fail the event (trackVendorActivity only logs).
	if eventType == "outbound_click" {
		s.trackVendorActivity(ctx, svc, userID, catalog.ActivityContactRequest, map[string]any{"event": "outbound_click"}, 0)
	}
	return rec, nil
}

// MetricsPeriods are the periods metrics are counted over; "" is DefaultMetricsPeriod.
var MetricsPeriods = map[string]int{"7d": 7, "30d": 30, "90d": 90}

// DefaultMetricsPeriod is the period when none is asked.
const DefaultMetricsPeriod = "30d"

// Metrics is get_service_tracking_metrics over the period up to now (the route lets the owning
// vendor's account and administrators through).
func (s *Service) Metrics(ctx context.Context, serviceID, period string) (catalog.TrackingMetrics, error) {
	svc, err := s.Store.ServiceByID(ctx, serviceID)
	if err != nil {
		return catalog.TrackingMetrics{}, err
	}
	if period == "" {
		period = DefaultMetricsPeriod
	}
	m, err := s.Store.ServiceMetrics(ctx, svc.ID, s.Now().Add(-time.Duration(MetricsPeriods[period])*24*time.Hour))
	if err != nil {
		return catalog.TrackingMetrics{}, err
	}
	m.Period = period
	return m, nil
}

// ShareURL is the link a share carries (02§2): the service's page (issue 33), which previews
// itself, with the spec's UTM fields and the referral token.
func ShareURL(base string, svc catalog.Service, token string) string {
	return base + "/services/" + url.PathEscape(catalog.PageSlug(svc.ID, svc.Title)) + "?utm_source=" + url.QueryEscape(catalog.Slug(svc.Title)) +
		"&utm_medium=share&utm_campaign=deal_share&ref=" + url.QueryEscape(token)
}

// Referral is a user's referral token for a service and the share link that carries it.
type Referral struct {
	Token    catalog.ReferralToken
	ShareURL string
}

// MintReferral returns the user's referral token for a listed service (created on first use)
// and its share link.
func (s *Service) MintReferral(ctx context.Context, userID, serviceID string) (Referral, error) {
	svc, err := s.Store.ServiceByID(ctx, serviceID)
	if apperr.IsNotFound(err) || (err == nil && !svc.IsActive) {
		return Referral{}, apperr.Field("service_id", "referral.unknown_service", "service not found")
	}
	if err != nil {
		return Referral{}, err
	}
	t, err := s.Store.MintReferralToken(ctx, userID, svc.VendorID, svc.ID)
	if err != nil {
		return Referral{}, err
	}
	return Referral{Token: t, ShareURL: ShareURL(s.BaseURL, svc, t.Token)}, nil
}

// ResolveReferral tells which service and vendor a shared link's ref belongs to.
func (s *Service) ResolveReferral(ctx context.Context, token string) (catalog.ReferralToken, error) {
	return s.Store.ReferralTokenByToken(ctx, token)
}
