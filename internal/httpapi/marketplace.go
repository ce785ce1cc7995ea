package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/danielgtaylor/huma/v2"

	"circle/internal/apperr"
	"circle/internal/lang"
	"circle/internal/marketplace"
)

// MarketplaceArea is browsing the marketplace: the snapshot, search, vendors, ratings, views,
// discount interest and the administrators' ranking and cache.
type MarketplaceArea struct {
	Market    *marketplace.Service
	Snapshots *marketplace.Snapshots
}

// Summaries too long for their route line.
const (
	snapshotAnswer     = "The snapshot (gzip when accepted; ETag)"
	sumMarketplaceData = "Everything the marketplace needs for its first paint (cached snapshot)"
	sumSearchServices  = "Search, filter, sort and page active services"
	sumListVendors     = "Listed vendors with search and the location filter"
	sumRecordView      = "Record a view (once per viewer per 15 minutes: the signed-in user, else IP address and user agent; " +
		"rate limited per address)"
	sumRecordSponsored     = "Record a sponsored impression or click (once per 5 minutes)"
	sumGetDiscountInterest = "Discount interest count and the caller's vote"
	sumAddDiscountInterest = "Vote for a discount on a non-verified service"
	sumAdminViewSpikes     = "Services whose recent views jumped far above their baseline or came mostly from few networks"
)

// Register declares the area's routes.
func (h *MarketplaceArea) Register(r *Router) {
	snapshot := r.schema(marketplace.Snapshot{}, "MarketplaceSnapshot")
	etagged := responses(map[string]*huma.Response{"200": jsonAnswer(snapshotAnswer, snapshot), "304": {Description: "Not modified"}})
	get(r, "/api/marketplace/data", "marketplace-data", sumMarketplaceData, "marketplace", public, h.snapshot, etagged)
	page := responses(map[string]*huma.Response{"200": jsonAnswer("OK", r.schema(marketplace.Page{}, "Page"))})
	get(r, "/api/marketplace/services", "search-services", sumSearchServices, "marketplace", public, h.searchServices, page)
	get(r, "/api/marketplace/vendors", "list-vendors", sumListVendors, "marketplace", public, h.listVendors)
	post(r, "/api/ratings", "ratings-bulk", "Ratings of up to 200 services in one query", "marketplace", public, h.ratingsBulk, maxKB(32))
	post(r, "/api/services/{id}/views", "record-view", sumRecordView, "marketplace", public, h.recordView, maxKB(4))
	post(r, "/api/services/{id}/sponsored", "record-sponsored", sumRecordSponsored, "marketplace", public, h.recordSponsored, maxKB(4))
	get(r, "/api/services/{id}/interest", "get-discount-interest", sumGetDiscountInterest, "marketplace", public, h.getInterest)
	interested := user.signInAs(msgInterestSignIn)
	post(r, "/api/services/{id}/interest", "add-discount-interest", sumAddDiscountInterest, "marketplace", interested, h.addInterest)
	post(r, "/api/admin/marketplace/rerank", "admin-rerank", "Re-rank services from the latest metrics", "admin", admin, h.rerank)
	get(r, "/api/admin/marketplace/cache", "admin-cache-health", "Marketplace cache health", "admin", admin, h.getCacheHealth)
	post(r, "/api/admin/marketplace/cache/refresh", "admin-cache-refresh", "Rebuild the marketplace cache now", "admin", admin, h.refreshCache)
	del(r, "/api/admin/marketplace/cache", "admin-cache-clear", "Clear the marketplace cache", "admin", admin, h.clearCache)
	get(r, "/api/admin/marketplace/view-spikes", "admin-view-spikes", sumAdminViewSpikes, "admin", admin, h.viewSpikes)
}

type marketplaceDataInput struct {
	Lang string `query:"lang" maxLength:"35" doc:"Viewer's language (en, es, fr; a tag such as es-MX counts as es; default en): the cards' title and description are in it, English where a service has none"`
}

// snapshot is marketplace-data: the snapshot in the viewer's language (marketplaceData).
func (h *MarketplaceArea) snapshot(ctx context.Context, in *marketplaceDataInput) (*huma.StreamResponse, error) {
	l := lang.Base(in.Lang)
	return &huma.StreamResponse{Body: func(hc huma.Context) { h.marketplaceData(hc, l) }}, nil
}

// marketplaceData serves the snapshot in the viewer's language: pre-serialised JSON
// (pre-gzipped when the client accepts gzip) with an ETag, so the first paint costs one cheap
// request.
func (h *MarketplaceArea) marketplaceData(ctx huma.Context, l string) {
	b, err := h.Snapshots.Get(ctx.Context())
	var page *marketplace.EncodedPage
	if err == nil {
		page, err = b.ForLang(l)
	}
	if err != nil {
		loggerFrom(ctx.Context()).Error("marketplace snapshot", "err", err)
		writeHumaError(ctx, http.StatusServiceUnavailable, "All marketplace data sources failed")
		return
	}
	writeEncoded(ctx, page.JSON, page.Gzip, page.ETag)
}

func writeHumaError(ctx huma.Context, status int, msg string) {
	body := newError(ctx.Context(), status, msg)
	ctx.SetHeader("Content-Type", "application/json")
	ctx.SetStatus(body.status)
	_ = json.NewEncoder(ctx.BodyWriter()).Encode(body)
}

type searchInput struct {
	Q              string   `query:"q" maxLength:"200" doc:"Search words; words shorter than 3 characters are ignored; any word may match"`
	Category       string   `query:"category" doc:"Lobby category slug"`
	Tag            string   `query:"tag" maxLength:"80" doc:"A cat: or tag: tag"`
	Product        string   `query:"product" maxLength:"80" doc:"Product category slug"`
	MinPrice       int64    `query:"min_price" minimum:"0" doc:"Whole dollars"`
	MaxPrice       int64    `query:"max_price" minimum:"0" doc:"Whole dollars; 0 means no upper bound"`
	MinRating      int      `query:"min_rating" minimum:"0" maximum:"5"`
	Features       []string `query:"features,explode" doc:"copay, instant, featured, top_pick, pro_discount"`
	Featured       bool     `query:"featured"`
	Verified       bool     `query:"verified"`
	CoPay          bool     `query:"copay"`
	CoPayEligible  bool     `query:"copay_eligible"`
	Sort           string   `query:"sort" enum:"ranked,newest,price_low,price_high," doc:"Default ranked. price_low and price_high order by the price the card shows (displayed_price) per month: a yearly price counts as a twelfth, monthly and one-time prices as they are; services without a price last"`
	Page           int      `query:"page" minimum:"0" maximum:"10000"`
	PageSize       int      `query:"page_size" doc:"25, 50 (default) or 100"`
	AB             string   `query:"ab" enum:"ranked,holdout," doc:"A/B ranking variant"`
	Lang           string   `query:"lang" maxLength:"35" doc:"Viewer's language (en, es, fr; a tag such as es-MX counts as es): the cards' title and description are in it, English where a service has none"`
	AcceptLanguage string   `header:"Accept-Language" doc:"Used when lang is absent"`
}

// searchServices answers with the JSON the index assembles from pre-encoded cards (the
// operation declares marketplace.Page as its response schema).
func (h *MarketplaceArea) searchServices(ctx context.Context, in *searchInput) (*huma.StreamResponse, error) {
	q, err := marketplace.Parse(marketplace.RawQuery{
		Q: in.Q, Category: in.Category, Tag: in.Tag, Product: in.Product, MinPrice: in.MinPrice, MaxPrice: in.MaxPrice,
		MinRating: in.MinRating, Features: in.Features, Featured: in.Featured, Verified: in.Verified, CoPay: in.CoPay,
		CoPayEligible: in.CoPayEligible, Sort: in.Sort, Page: in.Page, PageSize: in.PageSize, AB: in.AB,
		Lang: in.Lang,
	})
	if err != nil {
		return nil, err
	}
	page, err := h.Market.SearchPage(ctx, q)
	if err != nil {
		return nil, err
	}
	return &huma.StreamResponse{Body: func(hc huma.Context) { writeEncoded(hc, page.JSON, page.Gzip, page.ETag) }}, nil
}

// writeEncoded writes an answer encoded and compressed ahead of time (once per version of
// what it shows) with its strong ETag: 304 when the client holds it, the gzip bytes when the
// client accepts gzip (the compression middleware leaves a response with a Content-Encoding
// alone), else the JSON.
func writeEncoded(hc huma.Context, raw, gz []byte, etag string) {
	hc.SetHeader("Content-Type", "application/json")
	hc.SetHeader("Cache-Control", "no-cache")
	hc.SetHeader("ETag", etag)
	hc.SetHeader("Vary", "Accept-Encoding")
	if hc.Header("If-None-Match") == etag {
		hc.SetStatus(http.StatusNotModified)
		return
	}
	if strings.Contains(hc.Header("Accept-Encoding"), "gzip") {
		hc.SetHeader("Content-Encoding", "gzip")
		hc.SetStatus(http.StatusOK)
		_, _ = hc.BodyWriter().Write(gz)
		return
	}
	hc.SetStatus(http.StatusOK)
	_, _ = hc.BodyWriter().Write(raw)
}

type ratingsInput struct {
	Body struct {
		ServiceIDs []string `json:"service_ids" maxItems:"200"`
	}
}

type ratingsOutputBody struct {
	Ratings []marketplace.Rating `json:"ratings"`
}

type ratingsOutput = bodyOutput[ratingsOutputBody]

// ratingsBulk is get_service_ratings_bulk: one query for up to 200 services.
func (h *MarketplaceArea) ratingsBulk(ctx context.Context, in *ratingsInput) (*ratingsOutput, error) {
	ratings, err := h.Market.RatingsOf(ctx, in.Body.ServiceIDs)
	return answer(ratingsOutputBody{Ratings: ratings}, err)
}

type vendorsInput struct {
	Q       string `query:"q" maxLength:"200"`
	State   string `query:"state" maxLength:"40" doc:"Viewer's state name or code for the location filter"`
	ShowAll bool   `query:"show_all" doc:"Bypass the location filter"`
}

type vendorsOutputBody struct {
	Vendors         []marketplace.VendorCard `json:"vendors"`
	Total           int                      `json:"total"`
	LocationApplied bool                     `json:"location_applied"`
}

type vendorsOutput = bodyOutput[vendorsOutputBody]

func (h *MarketplaceArea) listVendors(ctx context.Context, in *vendorsInput) (*vendorsOutput, error) {
	list, applied, err := h.Snapshots.Vendors(ctx, marketplace.VendorFilter{Query: in.Q, State: in.State, ShowAll: in.ShowAll})
	return answer(vendorsOutputBody{Vendors: list, Total: len(list), LocationApplied: applied}, err)
}

type viewInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		ViewerKey string `json:"viewer_key" minLength:"8" maxLength:"64" doc:"Random id of the browser session (groups views for customers also viewed; it does not decide whether a view counts)"`
		Referrer  string `json:"referrer,omitempty" maxLength:"500"`
	}
}

type recordedOutputBody struct {
	Recorded bool `json:"recorded"`
}

type recordedOutput = bodyOutput[recordedOutputBody]

func (h *MarketplaceArea) recordView(ctx context.Context, in *viewInput) (*recordedOutput, error) {
	c := callerFrom(ctx)
	v := marketplace.View{ServiceID: in.ID, ViewerKey: in.Body.ViewerKey, IP: c.ip, UserAgent: c.userAgent, Referrer: in.Body.Referrer}
	if p, ok, _ := viewer(ctx); ok {
		v.UserID = &p.User.ID
	}
	rec, err := h.Market.RecordView(ctx, v)
	return answer(recordedOutputBody{Recorded: rec}, err)
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
func (h *MarketplaceArea) recordSponsored(ctx context.Context, in *sponsoredInput) (*recordedOutput, error) {
	e := marketplace.SponsoredEvent{ServiceID: in.ID, Event: in.Body.Event, Placement: in.Body.Placement, Context: in.Body.Context, ViewerKey: in.Body.ViewerKey}
	if p, ok, _ := viewer(ctx); ok {
		e.UserID = &p.User.ID
	}
	rec, err := h.Market.RecordSponsored(ctx, e)
	return answer(recordedOutputBody{Recorded: rec}, err)
}

type interestOutput struct {
	Body struct {
		Count      int  `json:"count"`
		Interested bool `json:"interested"`
	}
}

func (h *MarketplaceArea) getInterest(ctx context.Context, in *idPath) (*interestOutput, error) {
	uid := ""
	if p, ok, _ := viewer(ctx); ok {
		uid = p.User.ID
	}
	n, err := h.Market.DiscountInterest(ctx, in.ID, uid)
	if err != nil {
		return nil, err
	}
	return interestOutputOf(n), nil
}

// addInterest records "I'd use this with a discount" on a non-verified service (03§4).
func (h *MarketplaceArea) addInterest(ctx context.Context, in *idPath) (*interestOutput, error) {
	n, err := h.Market.AddDiscountInterest(ctx, in.ID, principalOf(ctx).User.ID)
	if err != nil {
		return nil, err
	}
	return interestOutputOf(n), nil
}

func interestOutputOf(n marketplace.Interest) *interestOutput {
	out := &interestOutput{}
	out.Body.Count, out.Body.Interested = n.Count, n.Interested
	return out
}

type rerankOutput struct {
	Body struct {
		Message  string `json:"message"`
		Reranked int    `json:"reranked"`
	}
}

func (h *MarketplaceArea) rerank(ctx context.Context, _ *struct{}) (*rerankOutput, error) {
	n, err := h.Snapshots.Rerank(ctx)
	if err != nil {
		return nil, apperr.Wrap(err, "Failed to trigger service reranking.")
	}
	out := &rerankOutput{}
	out.Body.Message, out.Body.Reranked = "Services have been re-ranked based on latest metrics.", n
	return out, nil
}

type cacheHealthOutput = bodyOutput[marketplace.CacheHealth]

func (h *MarketplaceArea) getCacheHealth(ctx context.Context, _ *struct{}) (*cacheHealthOutput, error) {
	return answer(h.Snapshots.Health(ctx))
}

type cacheRefreshOutput struct {
	Body struct {
		Message       string                  `json:"message"`
		ServicesCount int                     `json:"services_count"`
		VendorsCount  int                     `json:"vendors_count"`
		Health        marketplace.CacheHealth `json:"health"`
	}
}

func (h *MarketplaceArea) refreshCache(ctx context.Context, _ *struct{}) (*cacheRefreshOutput, error) {
	b, err := h.Snapshots.Rebuild(ctx)
	if err != nil {
		return nil, apperr.Wrap(err, "Failed to refresh marketplace cache")
	}
	health, err := h.Snapshots.Health(ctx)
	if err != nil {
		return nil, err
	}
	out := &cacheRefreshOutput{}
	out.Body.ServicesCount, out.Body.VendorsCount = b.Snapshot.ServicesCount, b.Snapshot.VendorsCount
	out.Body.Message = "Cache Refreshed"
	out.Body.Health = health
	return out, nil
}

func (h *MarketplaceArea) clearCache(ctx context.Context, _ *struct{}) (*messageOutput, error) {
	if err := h.Snapshots.Clear(ctx); err != nil {
		return nil, apperr.Wrap(err, "Failed to clear cache")
	}
	return message("Cache Cleared"), nil
}

type viewSpikesInput struct {
	WindowMinutes int `query:"window_minutes" minimum:"15" maximum:"1440" default:"60" doc:"The window of recent views, in minutes"`
}

type viewSpikesOutputBody struct {
	WindowMinutes int                     `json:"window_minutes"`
	Services      []marketplace.ViewSpike `json:"services" doc:"Most views first"`
}

type viewSpikesOutput = bodyOutput[viewSpikesOutputBody]

// viewSpikes lists services whose recent views jumped far above their baseline or came mostly
// from few networks (issue 14: ranking abuse shows to administrators).
func (h *MarketplaceArea) viewSpikes(ctx context.Context, in *viewSpikesInput) (*viewSpikesOutput, error) {
	if in.WindowMinutes == 0 {
		in.WindowMinutes = 60
	}
	list, err := h.Market.ViewSpikes(ctx, time.Duration(in.WindowMinutes)*time.Minute)
	return answer(viewSpikesOutputBody{WindowMinutes: in.WindowMinutes, Services: list}, err)
}
