package httpapi

import (
	"context"
	"encoding/json"
	"net/url"
	"time"

	"circle/internal/apperr"
	"circle/internal/auth"
	"circle/internal/catalog"
	"circle/internal/detail"
	"circle/internal/marketplace"
	"circle/internal/pricing"
	"circle/internal/store"
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

	msgTrackingSignIn = "tracking events are only recorded for signed-in users"
	msgInterestSignIn = "Please sign in to show interest in discounts"
)

// vendorOf reads a service's vendor; nil when it has none or it is gone.
func (s *Server) vendorOf(ctx context.Context, svc catalog.Service) (*catalog.Vendor, error) {
	if svc.VendorID == nil {
		return nil, nil
	}
	v, err := s.deps.DB.VendorByID(ctx, *svc.VendorID)
	if apperr.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &v, nil
}

// activeServiceRow reads a service that is listed (active); anything else is not found.
func (s *Server) activeServiceRow(ctx context.Context, id string) (catalog.Service, error) {
	svc, err := s.deps.DB.ServiceByID(ctx, id)
	if err != nil {
		return svc, err
	}
	if !svc.IsActive {
		return svc, apperr.New(apperr.NotFound, "service not found")
	}
	return svc, nil
}

// trackVendorActivity records an agent's activity for a service's vendor (track_vendor_activity).
// It never fails the request: a missing profile is skipped by the store, other errors are
// logged and ignored (02§8).
func (s *Server) trackVendorActivity(ctx context.Context, svc catalog.Service, agentID, kind string, data map[string]any, dedupe time.Duration) {
	if svc.VendorID == nil {
		return
	}
	if data == nil {
		data = map[string]any{}
	}
	data["service_id"] = svc.ID
	raw, _ := json.Marshal(data)
	id := svc.ID
	if _, err := s.deps.DB.RecordVendorActivity(ctx, catalog.VendorActivity{VendorID: *svc.VendorID, AgentID: agentID, ServiceID: &id,
		ActivityType: kind, ActivityData: string(raw)}, dedupe); err != nil {
		loggerFrom(ctx).Warn("vendor activity not recorded", "err", err, "type", kind, "service_id", svc.ID)
	}
}

// trackServiceActivity is trackVendorActivity for a service known by id (used by saved services).
func (s *Server) trackServiceActivity(ctx context.Context, serviceID, agentID, kind string) {
	svc, err := s.deps.DB.ServiceByID(ctx, serviceID)
	if err != nil {
		loggerFrom(ctx).Warn("vendor activity not recorded", "err", err, "type", kind, "service_id", serviceID)
		return
	}
	s.trackVendorActivity(ctx, svc, agentID, kind, nil, ActivityDedupe)
}

// reviewsOf reads a service's latest reviews with its average and count, marking the caller's own.
func (s *Server) reviewsOf(ctx context.Context, serviceID, viewerID string) (detail.Reviews, error) {
	list, err := s.deps.DB.ServiceReviews(ctx, serviceID, ReviewsListed)
	if err != nil {
		return detail.Reviews{}, err
	}
	ratings, err := s.deps.DB.ServiceRatings(ctx, []string{serviceID})
	if err != nil {
		return detail.Reviews{}, err
	}
	for i := range list {
		list[i].Own = viewerID != "" && list[i].UserID == viewerID
	}
	r := ratings[serviceID]
	return detail.Reviews{AverageRating: r.AverageRating, TotalReviews: r.TotalReviews, Reviews: list}, nil
}

type serviceIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

type serviceDetailOutput struct {
	Body detail.ServiceDetail
}

// getServiceDetail answers everything the funnel page and the sales-page dialog show.
func (s *Server) getServiceDetail(ctx context.Context, in *serviceIDInput) (*serviceDetailOutput, error) {
	svc, err := s.activeServiceRow(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	p, signedIn, err := s.viewer(ctx)
	if err != nil {
		return nil, err
	}
	vendor, err := s.vendorOf(ctx, svc)
	if err != nil {
		return nil, err
	}
	pool, err := s.deps.Market.ActivePool(ctx)
	if err != nil {
		return nil, err
	}
	din := detail.Input{Service: svc, Vendor: vendor}
	din.Pool = make([]detail.Candidate, len(pool))
	found := false
	for i, pc := range pool {
		din.Pool[i] = detail.Candidate{Card: pc.Card, ROI: pc.ROI}
		if pc.Card.ID == svc.ID {
			din.Card, found = pc.Card, true
		}
	}
	if !found {
		one, err := s.deps.Market.Cards(ctx, []catalog.Service{svc})
		if err != nil {
			return nil, err
		}
		din.Card = one[0]
	}
	if din.Packages, err = s.deps.DB.ServicePackages(ctx, svc.ID); err != nil {
		return nil, err
	}
	if vendor != nil {
		if din.VendorRating, err = s.deps.DB.VendorRating(ctx, vendor.ID); err != nil {
			return nil, err
		}
	}
	if din.Disclaimer, err = s.deps.DB.ServiceDisclaimer(ctx, svc.DisclaimerID); err != nil {
		return nil, err
	}
	viewerID := ""
	if signedIn {
		viewerID = p.User.ID
		din.Viewer = detail.Viewer{SignedIn: true, IsPro: p.IsPro(), IsAdmin: p.IsAdmin, IsOwner: ownsVendor(p, vendor)}
		saved, err := s.deps.DB.SavedService(ctx, p.User.ID, svc.ID)
		if err != nil {
			return nil, err
		}
		if saved != nil {
			din.Viewer.Saved, din.Viewer.SavedNotes = true, saved.Notes
		}
		if din.Viewer.ReviewID, err = s.deps.DB.UserReviewID(ctx, svc.ID, p.User.ID); err != nil {
			return nil, err
		}
	}
	if din.Reviews, err = s.reviewsOf(ctx, svc.ID, viewerID); err != nil {
		return nil, err
	}
	// The purchase offers: prices in the viewer's currency, the points option from the balance.
	cfg, err := s.deps.DB.GetConfig(ctx)
	if err != nil {
		return nil, err
	}
	din.Money = pricing.NewConverter(p.Profile.State, cfg.USDToCADRateE4, p.Profile.PreferredLanguage)
	if signedIn {
		if din.ViewerPoints, err = s.deps.DB.PointsBalance(ctx, p.User.ID); err != nil {
			return nil, err
		}
	}
	if signedIn && !din.Viewer.IsOwner {
		s.trackVendorActivity(ctx, svc, p.User.ID, catalog.ActivityFunnelView, nil, ActivityDedupe)
	}
	return &serviceDetailOutput{Body: detail.Build(din)}, nil
}

type cardsOutput struct {
	Body struct {
		Services []marketplace.Card `json:"services"`
	}
}

// alsoViewed lists the services most co-viewed with this one in 30 days (customers also viewed).
func (s *Server) alsoViewed(ctx context.Context, in *serviceIDInput) (*cardsOutput, error) {
	if _, err := s.activeServiceRow(ctx, in.ID); err != nil {
		return nil, err
	}
	ids, err := s.deps.DB.AlsoViewed(ctx, in.ID, s.deps.Now().Add(-AlsoViewedWindow), AlsoViewedMax)
	if err != nil {
		return nil, err
	}
	rows, err := s.deps.DB.ServicesByID(ctx, ids)
	if err != nil {
		return nil, err
	}
	cards, err := s.deps.Market.Cards(ctx, rows)
	if err != nil {
		return nil, err
	}
	out := &cardsOutput{}
	out.Body.Services = cards
	if out.Body.Services == nil {
		out.Body.Services = []marketplace.Card{}
	}
	return out, nil
}

// ServiceCardsMax bounds one service-cards request (recently viewed keeps 20, saved lists page).
const ServiceCardsMax = 50

type serviceCardsInput struct {
	IDs []string `query:"ids,explode" maxItems:"50" doc:"Service ids, up to 50 (repeat the parameter)"`
}

type serviceCardsOutput struct {
	Body struct {
		Services []marketplace.Card `json:"services" doc:"Cards of the active services, in the order asked"`
		Missing  []string           `json:"missing" doc:"Ids that are unknown or no longer active (Some services are no longer available)"`
	}
}

// serviceCards returns the cards of the given services (recently viewed, the saved screen) and
// names the ids that are gone.
func (s *Server) serviceCards(ctx context.Context, in *serviceCardsInput) (*serviceCardsOutput, error) {
	var want []string
	seen := map[string]bool{}
	for _, id := range in.IDs {
		if id != "" && !seen[id] && len(id) <= 64 {
			seen[id] = true
			want = append(want, id)
		}
	}
	rows, err := s.deps.DB.ServicesByID(ctx, want)
	if err != nil {
		return nil, err
	}
	active := rows[:0]
	found := map[string]bool{}
	for _, r := range rows {
		if r.IsActive {
			active = append(active, r)
			found[r.ID] = true
		}
	}
	cards, err := s.deps.Market.Cards(ctx, active)
	if err != nil {
		return nil, err
	}
	out := &serviceCardsOutput{}
	out.Body.Services, out.Body.Missing = cards, []string{}
	if out.Body.Services == nil {
		out.Body.Services = []marketplace.Card{}
	}
	for _, id := range want {
		if !found[id] {
			out.Body.Missing = append(out.Body.Missing, id)
		}
	}
	return out, nil
}

type reviewsOutput struct {
	Body detail.Reviews
}

func (s *Server) listReviews(ctx context.Context, in *serviceIDInput) (*reviewsOutput, error) {
	if _, err := s.activeServiceRow(ctx, in.ID); err != nil {
		return nil, err
	}
	viewerID := ""
	if p, ok, _ := s.viewer(ctx); ok {
		viewerID = p.User.ID
	}
	r, err := s.reviewsOf(ctx, in.ID, viewerID)
	if err != nil {
		return nil, err
	}
	return &reviewsOutput{Body: r}, nil
}

// ReviewChange is the answer to a review change: the review (absent after a delete) and the
// service's new average and count.
type ReviewChange struct {
	ServiceID     string              `json:"service_id"`
	Review        *catalog.ReviewView `json:"review,omitempty"`
	AverageRating float64             `json:"average_rating"`
	TotalReviews  int                 `json:"total_reviews"`
}

type reviewChangeOutput struct {
	Body ReviewChange
}

func (s *Server) reviewChange(ctx context.Context, serviceID, reviewID string) (*reviewChangeOutput, error) {
	out := &reviewChangeOutput{}
	out.Body.ServiceID = serviceID
	if reviewID != "" {
		v, err := s.deps.DB.ReviewView(ctx, reviewID)
		if err != nil {
			return nil, err
		}
		v.Own = true
		out.Body.Review = &v
	}
	ratings, err := s.deps.DB.ServiceRatings(ctx, []string{serviceID})
	if err != nil {
		return nil, err
	}
	out.Body.AverageRating, out.Body.TotalReviews = ratings[serviceID].AverageRating, ratings[serviceID].TotalReviews
	return out, nil
}

type reviewBody struct {
	Rating *int    `json:"rating,omitempty" doc:"Stars, 1 to 5 (required when creating)"`
	Review *string `json:"review,omitempty" doc:"Optional text, trimmed; empty is saved as null; at most 2000 characters"`
}

type createReviewInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body reviewBody
}

// createReview adds the caller's review (one per user per service). It is verified when the
// caller bought or booked the service.
func (s *Server) createReview(ctx context.Context, in *createReviewInput) (*reviewChangeOutput, error) {
	p := principalOf(ctx)
	rating, err := catalog.ValidateRating(in.Body.Rating)
	if err != nil {
		return nil, err
	}
	text, err := catalog.ValidateReviewText(in.Body.Review)
	if err != nil {
		return nil, err
	}
	if _, err := s.activeServiceRow(ctx, in.ID); err != nil {
		return nil, err
	}
	verified, err := s.deps.DB.HasPurchaseOrBooking(ctx, p.User.ID, in.ID)
	if err != nil {
		return nil, err
	}
	r, err := s.deps.DB.CreateReview(ctx, catalog.Review{ServiceID: in.ID, UserID: p.User.ID, Rating: rating, Review: text,
		ReviewSource: catalog.ReviewSourceAgent, Verified: verified})
	if err != nil {
		return nil, err
	}
	s.deps.Market.Invalidate() // ratings drive the search index's min_rating filter and cards
	return s.reviewChange(ctx, in.ID, r.ID)
}

type reviewIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

type updateReviewInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body reviewBody
}

// updateReview changes the caller's own review (the route lets only its author through);
// fields left out keep their value.
func (s *Server) updateReview(ctx context.Context, in *updateReviewInput) (*reviewChangeOutput, error) {
	p := principalOf(ctx)
	r, err := s.deps.DB.ReviewByID(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	rating, text := r.Rating, r.Review
	if in.Body.Rating != nil {
		if rating, err = catalog.ValidateRating(in.Body.Rating); err != nil {
			return nil, err
		}
	}
	if in.Body.Review != nil {
		if text, err = catalog.ValidateReviewText(in.Body.Review); err != nil {
			return nil, err
		}
	}
	verified := r.Verified
	if r.ReviewSource == catalog.ReviewSourceAgent {
		if verified, err = s.deps.DB.HasPurchaseOrBooking(ctx, p.User.ID, r.ServiceID); err != nil {
			return nil, err
		}
	}
	if err := s.deps.DB.UpdateReview(ctx, r.ID, rating, text, verified); err != nil {
		return nil, err
	}
	s.deps.Market.Invalidate()
	return s.reviewChange(ctx, r.ServiceID, r.ID)
}

// deleteReview removes the caller's own review; administrators may remove any (the route's access).
func (s *Server) deleteReview(ctx context.Context, in *reviewIDInput) (*reviewChangeOutput, error) {
	r, err := s.deps.DB.ReviewByID(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	if err := s.deps.DB.DeleteReview(ctx, r.ID); err != nil {
		return nil, err
	}
	s.deps.Market.Invalidate()
	return s.reviewChange(ctx, r.ServiceID, "")
}

type vendorIDInput struct {
	ID string `path:"id" maxLength:"64"`
}

type vendorDetailOutput struct {
	Body detail.VendorDetail
}

// vendorListed: active with an approval status the marketplace lists (02§4).
func vendorListed(v catalog.Vendor) bool {
	switch v.ApprovalStatus {
	case catalog.ApprovalApproved, catalog.ApprovalAutoApproved, catalog.ApprovalPending:
		return v.IsActive
	}
	return false
}

// visibleVendor reads a vendor the caller may see: listed vendors for everyone, any vendor for
// its owner and administrators.
func (s *Server) visibleVendor(ctx context.Context, id string) (catalog.Vendor, auth.Principal, bool, error) {
	v, err := s.deps.DB.VendorByID(ctx, id)
	if err != nil {
		return v, auth.Principal{}, false, err
	}
	p, signedIn, err := s.viewer(ctx)
	if err != nil {
		return v, p, false, err
	}
	if !vendorListed(v) && !(signedIn && (ownsVendor(p, &v) || p.IsAdmin)) {
		return v, p, signedIn, apperr.New(apperr.NotFound, "vendor not found")
	}
	return v, p, signedIn, nil
}

// getVendorDetail answers everything the vendor funnel modal shows. A vendor without
// evaluation questions gets the defaults first (seed_vendor_questions).
func (s *Server) getVendorDetail(ctx context.Context, in *vendorIDInput) (*vendorDetailOutput, error) {
	v, p, signedIn, err := s.visibleVendor(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	out := &vendorDetailOutput{}
	d := &out.Body
	d.ViewerIsOwner = signedIn && ownsVendor(p, &v)
	if d.Representatives, err = s.deps.DB.ActiveRepresentatives(ctx, v.ID); err != nil {
		return nil, err
	}
	if d.Questions, err = s.deps.DB.VendorQuestions(ctx, v.ID); err != nil {
		return nil, err
	}
	if len(d.Questions) == 0 {
		if d.QuestionsSeeded, err = s.deps.DB.SeedVendorQuestions(ctx, v.ID, catalog.DefaultVendorQuestions[:]); err != nil {
			return nil, apperr.Wrap(err, "Failed to seed questions")
		}
		if d.Questions, err = s.deps.DB.VendorQuestions(ctx, v.ID); err != nil {
			return nil, err
		}
	}
	content, err := s.deps.DB.VendorContentTiles(ctx, v.ID, detail.VendorContentMax)
	if err != nil {
		return nil, err
	}
	d.Content = make([]detail.ContentTile, 0, len(content))
	for _, c := range content {
		d.Content = append(d.Content, detail.Tile(c))
	}
	if d.CalendarLink, err = s.deps.DB.VendorCalendarLink(ctx, v.ID); err != nil {
		return nil, err
	}
	if d.LatestReviews, err = s.deps.DB.VendorReviews(ctx, v.ID, detail.VendorReviewsLoaded); err != nil {
		return nil, err
	}
	for i := range d.LatestReviews {
		d.LatestReviews[i].Own = signedIn && d.LatestReviews[i].UserID == p.User.ID
	}
	rating, err := s.deps.DB.VendorRating(ctx, v.ID)
	if err != nil {
		return nil, err
	}
	d.Stats = detail.StatsOf(v, rating.AverageRating, rating.TotalReviews)
	d.TopPartner = detail.IsTopPartner(v)
	d.Licence = detail.LicenceOf(v)
	v.OwnerUserID = nil
	v.ServiceStates, v.MLSAreas, v.Specialties, v.LicenseStates = nonNilStrings(v.ServiceStates), nonNilStrings(v.MLSAreas),
		nonNilStrings(v.Specialties), nonNilStrings(v.LicenseStates)
	d.Vendor = v
	return out, nil
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

type questionInput struct {
	ID     string `path:"id" maxLength:"64"`
	Number int    `path:"number" minimum:"1" maximum:"20"`
	Body   struct {
		QuestionText string  `json:"question_text" maxLength:"4000" doc:"1 to 500 characters after trimming"`
		AnswerText   *string `json:"answer_text,omitempty" maxLength:"20000" doc:"Left unchanged when absent; at most 5000 characters"`
	}
}

type questionOutput struct {
	Body struct {
		Message  string                 `json:"message"`
		Question catalog.VendorQuestion `json:"question"`
	}
}

// updateVendorQuestion lets a vendor's owner (or an administrator) edit a question; the route
// declares that access.
func (s *Server) updateVendorQuestion(ctx context.Context, in *questionInput) (*questionOutput, error) {
	v, err := s.deps.DB.VendorByID(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	edit, err := catalog.ValidateQuestionEdit(in.Body.QuestionText, in.Body.AnswerText)
	if err != nil {
		return nil, err
	}
	// A vendor that never opened its modal has no questions yet: seed them first.
	if _, err := s.deps.DB.SeedVendorQuestions(ctx, v.ID, catalog.DefaultVendorQuestions[:]); err != nil {
		return nil, err
	}
	q, err := s.deps.DB.UpdateVendorQuestion(ctx, v.ID, in.Number, edit.QuestionText, edit.AnswerText)
	if err != nil {
		return nil, err
	}
	out := &questionOutput{}
	out.Body.Message, out.Body.Question = catalog.MsgQuestionUpdated, q
	return out, nil
}

type eventInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		EventType string         `json:"event_type" enum:"share,share_completed,click,booking,purchase,outbound_click"`
		EventData map[string]any `json:"event_data,omitempty" doc:"Free-form details, at most 4 KB as JSON"`
	}
}

type eventOutput struct {
	Body struct {
		Recorded bool `json:"recorded"`
	}
}

// recordServiceEvent records a funnel event of a signed-in user (02§7, 03§6); an outbound click
// is also the vendor's contact request.
func (s *Server) recordServiceEvent(ctx context.Context, in *eventInput) (*eventOutput, error) {
	p := principalOf(ctx)
	data := in.Body.EventData
	if data == nil {
		data = map[string]any{}
	}
	raw, err := json.Marshal(data)
	if err != nil {
		return nil, apperr.Field("event_data", "tracking.event_data_invalid", "event_data must be a JSON object")
	}
	if len(raw) > EventDataMax {
		return nil, apperr.Field("event_data", "tracking.event_data_too_large", "event_data must be 4 KB or smaller")
	}
	svc, err := s.activeServiceRow(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	uid := p.User.ID
	rec, err := s.deps.DB.RecordTrackingEvent(ctx, store.TrackingEvent{ServiceID: svc.ID, VendorID: svc.VendorID, UserID: &uid,
		EventType: in.Body.EventType, EventData: string(raw), Source: catalog.EventSourceClient}, 0)
	if err != nil {
		return nil, err
	}
	if in.Body.EventType == "outbound_click" {
		s.trackVendorActivity(ctx, svc, p.User.ID, catalog.ActivityContactRequest, map[string]any{"event": "outbound_click"}, 0)
	}
	out := &eventOutput{}
	out.Body.Recorded = rec
	return out, nil
}

type metricsInput struct {
	ID     string `path:"id" maxLength:"64"`
	Period string `query:"period" enum:"7d,30d,90d," doc:"Default 30d"`
}

type metricsOutput struct {
	Body catalog.TrackingMetrics
}

var periodDays = map[string]int{"7d": 7, "30d": 30, "90d": 90}

// serviceMetrics is get_service_tracking_metrics for the owning vendor's account or admins
// (the route's access).
func (s *Server) serviceMetrics(ctx context.Context, in *metricsInput) (*metricsOutput, error) {
	svc, err := s.deps.DB.ServiceByID(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	period := in.Period
	if period == "" {
		period = "30d"
	}
	m, err := s.deps.DB.ServiceMetrics(ctx, svc.ID, s.deps.Now().Add(-time.Duration(periodDays[period])*24*time.Hour))
	if err != nil {
		return nil, err
	}
	m.Period = period
	return &metricsOutput{Body: m}, nil
}

type mintInput struct {
	Body struct {
		ServiceID string `json:"service_id" minLength:"1" maxLength:"64"`
	}
}

// ReferralLink is a minted referral token with the share link that carries it.
type ReferralLink struct {
	Token     string  `json:"token"`
	ServiceID string  `json:"service_id"`
	VendorID  *string `json:"vendor_id"`
	ShareURL  string  `json:"share_url" doc:"{base}/marketplace?service={id}&view=funnel&utm_source={title slug}&utm_medium=share&utm_campaign=deal_share&ref={token}"`
}

type mintOutput struct {
	Body ReferralLink
}

// ShareURL is the link a share carries (02§2).
func ShareURL(base string, svc catalog.Service, token string) string {
	return base + "/marketplace?service=" + url.QueryEscape(svc.ID) + "&view=funnel&utm_source=" + url.QueryEscape(catalog.Slug(svc.Title)) +
		"&utm_medium=share&utm_campaign=deal_share&ref=" + url.QueryEscape(token)
}

// mintReferralToken returns the caller's referral token for a service and its share link.
func (s *Server) mintReferralToken(ctx context.Context, in *mintInput) (*mintOutput, error) {
	p := principalOf(ctx)
	svc, err := s.deps.DB.ServiceByID(ctx, in.Body.ServiceID)
	if apperr.IsNotFound(err) || (err == nil && !svc.IsActive) {
		return nil, apperr.Field("service_id", "referral.unknown_service", "service not found")
	}
	if err != nil {
		return nil, err
	}
	t, err := s.deps.DB.MintReferralToken(ctx, p.User.ID, svc.VendorID, svc.ID)
	if err != nil {
		return nil, err
	}
	return &mintOutput{Body: ReferralLink{Token: t.Token, ServiceID: t.ServiceID, VendorID: t.VendorID, ShareURL: ShareURL(s.deps.BaseURL, svc, t.Token)}}, nil
}

type tokenPathInput struct {
	Token string `path:"token" maxLength:"64"`
}

type referralOutput struct {
	Body catalog.ReferralToken
}

// resolveReferralToken tells which service and vendor a shared link's ref belongs to.
func (s *Server) resolveReferralToken(ctx context.Context, in *tokenPathInput) (*referralOutput, error) {
	t, err := s.deps.DB.ReferralTokenByToken(ctx, in.Token)
	if err != nil {
		return nil, err
	}
	return &referralOutput{Body: t}, nil
}
