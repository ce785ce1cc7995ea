package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"circle/internal/apperr"
	"circle/internal/marketplace"
	"circle/internal/store"
)

// ViewDedupe and SponsoredDedupe are the tracking windows (02§7, 03§9).
const (
	ViewDedupe      = 15 * time.Minute
	SponsoredDedupe = 5 * time.Minute
)

// marketplaceData serves the snapshot: pre-serialised JSON (pre-gzipped when the client
// accepts gzip) with an ETag, so the first paint costs one cheap request.
func (s *Server) marketplaceData(ctx huma.Context) {
	b, err := s.deps.Snapshots.Get(ctx.Context())
	if err != nil {
		loggerFrom(ctx.Context()).Error("marketplace snapshot", "err", err)
		writeHumaError(ctx, http.StatusServiceUnavailable, "All marketplace data sources failed")
		return
	}
	ctx.SetHeader("Content-Type", "application/json")
	ctx.SetHeader("Cache-Control", "no-cache")
	ctx.SetHeader("ETag", b.ETag)
	ctx.SetHeader("Vary", "Accept-Encoding")
	if ctx.Header("If-None-Match") == b.ETag {
		ctx.SetStatus(http.StatusNotModified)
		return
	}
	if strings.Contains(ctx.Header("Accept-Encoding"), "gzip") {
		ctx.SetHeader("Content-Encoding", "gzip")
		ctx.SetStatus(http.StatusOK)
		_, _ = ctx.BodyWriter().Write(b.Gzip)
		return
	}
	ctx.SetStatus(http.StatusOK)
	_, _ = ctx.BodyWriter().Write(b.JSON)
}

func writeHumaError(ctx huma.Context, status int, msg string) {
	body := newError(ctx.Context(), status, msg)
	ctx.SetHeader("Content-Type", "application/json")
	ctx.SetStatus(body.status)
	_ = json.NewEncoder(ctx.BodyWriter()).Encode(body)
}

type searchInput struct {
	Q             string   `query:"q" maxLength:"200" doc:"Search words; words shorter than 3 characters are ignored; any word may match"`
	Category      string   `query:"category" doc:"Lobby category slug"`
	Tag           string   `query:"tag" maxLength:"80" doc:"A cat: or tag: tag"`
	Product       string   `query:"product" maxLength:"80" doc:"Product category slug"`
	MinPrice      int64    `query:"min_price" minimum:"0" doc:"Whole dollars"`
	MaxPrice      int64    `query:"max_price" minimum:"0" doc:"Whole dollars; 0 means no upper bound"`
	MinRating     int      `query:"min_rating" minimum:"0" maximum:"5"`
	Features      []string `query:"features,explode" doc:"copay, instant, featured, top_pick, pro_discount"`
	Featured      bool     `query:"featured"`
	Verified      bool     `query:"verified"`
	CoPay         bool     `query:"copay"`
	CoPayEligible bool     `query:"copay_eligible"`
	Sort          string   `query:"sort" enum:"ranked,newest,price_low,price_high," doc:"Default ranked"`
	Page          int      `query:"page" minimum:"0" maximum:"10000"`
	PageSize      int      `query:"page_size" doc:"25, 50 (default) or 100"`
	AB            string   `query:"ab" enum:"ranked,holdout," doc:"A/B ranking variant"`
}

// searchServices answers with the JSON the index assembles from pre-encoded cards (the
// operation declares marketplace.Page as its response schema).
func (s *Server) searchServices(ctx context.Context, in *searchInput) (*huma.StreamResponse, error) {
	q, err := marketplace.Parse(marketplace.RawQuery{
		Q: in.Q, Category: in.Category, Tag: in.Tag, Product: in.Product, MinPrice: in.MinPrice, MaxPrice: in.MaxPrice,
		MinRating: in.MinRating, Features: in.Features, Featured: in.Featured, Verified: in.Verified, CoPay: in.CoPay,
		CoPayEligible: in.CoPayEligible, Sort: in.Sort, Page: in.Page, PageSize: in.PageSize, AB: in.AB,
	})
	if err != nil {
		return nil, err
	}
	body, err := s.deps.Market.SearchJSON(ctx, q)
	if err != nil {
		return nil, err
	}
	return &huma.StreamResponse{Body: func(hc huma.Context) {
		hc.SetHeader("Content-Type", "application/json")
		hc.SetStatus(http.StatusOK)
		_, _ = hc.BodyWriter().Write(body)
	}}, nil
}

type ratingsInput struct {
	Body struct {
		ServiceIDs []string `json:"service_ids" maxItems:"200"`
	}
}

type ratingsOutput struct {
	Body struct {
		Ratings []marketplace.Rating `json:"ratings"`
	}
}

// ratingsBulk is get_service_ratings_bulk: one query for up to 200 services.
func (s *Server) ratingsBulk(ctx context.Context, in *ratingsInput) (*ratingsOutput, error) {
	m, err := s.deps.DB.ServiceRatings(ctx, in.Body.ServiceIDs)
	if err != nil {
		return nil, err
	}
	out := &ratingsOutput{}
	out.Body.Ratings = make([]marketplace.Rating, 0, len(in.Body.ServiceIDs))
	seen := map[string]bool{}
	for _, id := range in.Body.ServiceIDs {
		if seen[id] {
			continue
		}
		seen[id] = true
		r, ok := m[id]
		if !ok {
			r = marketplace.Rating{ServiceID: id}
		}
		out.Body.Ratings = append(out.Body.Ratings, r)
	}
	return out, nil
}

type vendorsInput struct {
	Q       string `query:"q" maxLength:"200"`
	State   string `query:"state" maxLength:"40" doc:"Viewer's state name or code for the location filter"`
	ShowAll bool   `query:"show_all" doc:"Bypass the location filter"`
}

type vendorsOutput struct {
	Body struct {
		Vendors         []marketplace.VendorCard `json:"vendors"`
		Total           int                      `json:"total"`
		LocationApplied bool                     `json:"location_applied"`
	}
}

func (s *Server) listVendors(ctx context.Context, in *vendorsInput) (*vendorsOutput, error) {
	b, err := s.deps.Snapshots.Get(ctx)
	if err != nil {
		return nil, err
	}
	all, err := s.deps.DB.ListedVendors(ctx, 100)
	if err != nil {
		return nil, err
	}
	// Ratings come from the snapshot's cards; vendors not in it have none yet.
	ratingOf := map[string]marketplace.VendorCard{}
	for _, v := range b.Snapshot.Vendors {
		ratingOf[v.ID] = v
	}
	cards := marketplace.VendorCards(all, nil, nil)
	for i, c := range cards {
		if r, ok := ratingOf[c.ID]; ok {
			cards[i].Rating, cards[i].ReviewCount, cards[i].ServiceCount = r.Rating, r.ReviewCount, r.ServiceCount
		}
	}
	list, applied := marketplace.FilterVendors(cards, marketplace.VendorFilter{Query: in.Q, State: in.State, ShowAll: in.ShowAll})
	out := &vendorsOutput{}
	out.Body.Vendors, out.Body.Total, out.Body.LocationApplied = list, len(list), applied
	return out, nil
}

type viewInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		ViewerKey string `json:"viewer_key" minLength:"8" maxLength:"64" doc:"Random id of the browser session"`
		Referrer  string `json:"referrer,omitempty" maxLength:"500"`
	}
}

type recordedOutput struct {
	Body struct {
		Recorded bool `json:"recorded"`
	}
}

func (s *Server) activeService(ctx context.Context, id string) error {
	svc, err := s.deps.DB.ServiceByID(ctx, id)
	if err != nil {
		return err
	}
	if !svc.IsActive {
		return apperr.New(apperr.NotFound, "service not found")
	}
	return nil
}

func (s *Server) recordView(ctx context.Context, in *viewInput) (*recordedOutput, error) {
	if err := s.activeService(ctx, in.ID); err != nil {
		return nil, err
	}
	var userID *string
	if p, ok, _ := s.viewer(ctx); ok {
		userID = &p.User.ID
	}
	rec, err := s.deps.DB.RecordView(ctx, in.ID, userID, in.Body.ViewerKey, callerFrom(ctx).userAgent, in.Body.Referrer, ViewDedupe)
	if err != nil {
		return nil, err
	}
	out := &recordedOutput{}
	out.Body.Recorded = rec
	return out, nil
}

type sponsoredInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		Event     string `json:"event" enum:"impression,click"`
		Placement string `json:"placement" enum:"top_deals"`
		Context   string `json:"context" enum:"carousel_view,carousel_click"`
		ViewerKey string `json:"viewer_key" minLength:"8" maxLength:"64"`
	}
}

// recordSponsored logs a sponsored impression or click at most once per 5 minutes per
// service, placement and browser session.
func (s *Server) recordSponsored(ctx context.Context, in *sponsoredInput) (*recordedOutput, error) {
	svc, err := s.deps.DB.ServiceByID(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	if !svc.IsActive || !svc.IsSponsored {
		return nil, apperr.Field("id", "tracking.not_sponsored", "service is not sponsored")
	}
	var userID *string
	if p, ok, _ := s.viewer(ctx); ok {
		userID = &p.User.ID
	}
	data, _ := json.Marshal(map[string]string{"placement": in.Body.Placement, "context": in.Body.Context})
	rec, err := s.deps.DB.RecordTrackingEvent(ctx, store.TrackingEvent{
		ServiceID: in.ID, VendorID: svc.VendorID, UserID: userID, ViewerKey: in.Body.ViewerKey,
		EventType: "sponsored_" + in.Body.Event, EventData: string(data),
	}, SponsoredDedupe)
	if err != nil {
		return nil, err
	}
	out := &recordedOutput{}
	out.Body.Recorded = rec
	return out, nil
}

type interestInput struct {
	ID string `path:"id" maxLength:"64"`
}

type interestOutput struct {
	Body struct {
		Count      int  `json:"count"`
		Interested bool `json:"interested"`
	}
}

func (s *Server) getInterest(ctx context.Context, in *interestInput) (*interestOutput, error) {
	if err := s.activeService(ctx, in.ID); err != nil {
		return nil, err
	}
	uid := ""
	if p, ok, _ := s.viewer(ctx); ok {
		uid = p.User.ID
	}
	n, mine, err := s.deps.DB.DiscountInterest(ctx, in.ID, uid)
	if err != nil {
		return nil, err
	}
	out := &interestOutput{}
	out.Body.Count, out.Body.Interested = n, mine
	return out, nil
}

// addInterest records "I'd use this with a discount" on a non-verified service (03§4).
func (s *Server) addInterest(ctx context.Context, in *interestInput) (*interestOutput, error) {
	p := principalOf(ctx)
	svc, err := s.deps.DB.ServiceByID(ctx, in.ID)
	if err != nil {
		return nil, err
	}
	if !svc.IsActive {
		return nil, apperr.New(apperr.NotFound, "service not found")
	}
	if svc.IsVerified {
		return nil, apperr.Field("id", "interest.verified", "Discount interest is only for services that are not verified yet")
	}
	if err := s.deps.DB.AddDiscountInterest(ctx, in.ID, p.User.ID); err != nil {
		return nil, err
	}
	n, mine, err := s.deps.DB.DiscountInterest(ctx, in.ID, p.User.ID)
	if err != nil {
		return nil, err
	}
	out := &interestOutput{}
	out.Body.Count, out.Body.Interested = n, mine
	return out, nil
}

type rerankOutput struct {
	Body struct {
		Message  string `json:"message"`
		Reranked int    `json:"reranked"`
	}
}

func (s *Server) rerank(ctx context.Context, _ *struct{}) (*rerankOutput, error) {
	n, err := s.deps.Market.Rerank(ctx, s.deps.DB)
	if err != nil {
		return nil, apperr.Wrap(err, "Failed to trigger service reranking.")
	}
	if _, err := s.deps.Snapshots.Refresh(ctx); err != nil {
		return nil, apperr.Wrap(err, "Failed to trigger service reranking.")
	}
	out := &rerankOutput{}
	out.Body.Message, out.Body.Reranked = "Services have been re-ranked based on latest metrics.", n
	return out, nil
}

// CacheHealth is the admin cache badge (03§2).
type CacheHealth struct {
	Exists        bool       `json:"exists"`
	Stale         bool       `json:"stale" doc:"expires_at has passed"`
	GeneratedAt   *time.Time `json:"generated_at"`
	ExpiresAt     *time.Time `json:"expires_at"`
	ServicesCount int        `json:"services_count"`
	VendorsCount  int        `json:"vendors_count"`
	Bytes         int        `json:"bytes"`
}

type cacheHealthOutput struct {
	Body CacheHealth
}

func (s *Server) cacheHealth(ctx context.Context) (*cacheHealthOutput, error) {
	meta, err := s.deps.DB.MarketplaceCacheMeta(ctx, marketplace.CacheKey)
	if err != nil {
		return nil, err
	}
	out := &cacheHealthOutput{}
	h := &out.Body
	h.Exists, h.Bytes = meta.Exists, meta.Bytes
	if meta.Exists {
		exp, upd := meta.ExpiresAt, meta.UpdatedAt
		h.ExpiresAt, h.GeneratedAt = &exp, &upd
		h.Stale = !s.deps.Now().Before(exp)
	}
	if cur := s.deps.Snapshots.Current(); cur != nil {
		h.ServicesCount, h.VendorsCount = cur.Snapshot.ServicesCount, cur.Snapshot.VendorsCount
	}
	return out, nil
}

func (s *Server) getCacheHealth(ctx context.Context, _ *struct{}) (*cacheHealthOutput, error) {
	return s.cacheHealth(ctx)
}

type cacheRefreshOutput struct {
	Body struct {
		Message       string      `json:"message"`
		ServicesCount int         `json:"services_count"`
		VendorsCount  int         `json:"vendors_count"`
		Health        CacheHealth `json:"health"`
	}
}

func (s *Server) refreshCache(ctx context.Context, _ *struct{}) (*cacheRefreshOutput, error) {
	s.deps.Market.Invalidate()
	s.deps.Market.InvalidateRanks()
	b, err := s.deps.Snapshots.Refresh(ctx)
	if err != nil {
		return nil, apperr.Wrap(err, "Failed to refresh marketplace cache")
	}
	h, err := s.cacheHealth(ctx)
	if err != nil {
		return nil, err
	}
	out := &cacheRefreshOutput{}
	out.Body.ServicesCount, out.Body.VendorsCount = b.Snapshot.ServicesCount, b.Snapshot.VendorsCount
	out.Body.Message = "Cache Refreshed"
	out.Body.Health = h.Body
	return out, nil
}

func (s *Server) clearCache(ctx context.Context, _ *struct{}) (*messageOutput, error) {
	if err := s.deps.Snapshots.Clear(ctx); err != nil {
		return nil, apperr.Wrap(err, "Failed to clear cache")
	}
	return message("Cache Cleared"), nil
}
