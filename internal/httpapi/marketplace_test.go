package httpapi_test

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"circle/internal/marketplace"
	"circle/internal/store"
	"circle/internal/store/storetest"
	"circle/internal/testapp"
)

func search(t *testing.T, app *testapp.App, params url.Values) marketplace.Page {
	t.Helper()
	res := app.Get(t, "/api/marketplace/services?"+params.Encode())
	if res.Status != 200 {
		t.Fatalf("search %s: %d %s", params.Encode(), res.Status, res.Body)
	}
	var p marketplace.Page
	res.JSON(t, &p)
	return p
}

func titles(p marketplace.Page) []string {
	out := make([]string, len(p.Services))
	for i, s := range p.Services {
		out[i] = s.Title
	}
	return out
}

func TestF_CAT_03_SearchRulesOnBothEngines(t *testing.T) {
	demoEach(t, func(t *testing.T, app *testapp.App) {
		all := search(t, app, url.Values{"page_size": {"100"}})
		if all.Total < 60 {
			t.Fatalf("active services: %d", all.Total)
		}
		// Terms shorter than 3 characters are ignored.
		if p := search(t, app, url.Values{"q": {"ad"}, "page_size": {"100"}}); p.Total != all.Total {
			t.Fatalf("2-letter search filtered: %d of %d", p.Total, all.Total)
		}
		crm := search(t, app, url.Values{"q": {"crm"}, "page_size": {"100"}})
		if crm.Total == 0 || crm.Total >= all.Total {
			t.Fatalf("crm: %d", crm.Total)
		}
		for _, s := range crm.Services {
			if !strings.Contains(strings.ToLower(s.Title+" "+s.Description+" "+s.Category), "crm") {
				t.Fatalf("crm result without crm: %s", s.Title)
			}
		}
		upper := search(t, app, url.Values{"q": {"CRM"}, "page_size": {"100"}})
		if upper.Total != crm.Total {
			t.Fatalf("case-insensitive: %d vs %d", upper.Total, crm.Total)
		}
		// Several words match any of them.
		photo := search(t, app, url.Values{"q": {"photography"}, "page_size": {"100"}})
		both := search(t, app, url.Values{"q": {"crm photography"}, "page_size": {"100"}})
		if both.Total < crm.Total || both.Total < photo.Total || both.Total > crm.Total+photo.Total {
			t.Fatalf("multi-word any: crm %d photography %d both %d", crm.Total, photo.Total, both.Total)
		}
		// Non-ASCII letters fold the same on both engines.
		for _, q := range []string{"SEÑALIZACIÓN", "señalización", "CAFÉ"} {
			if p := search(t, app, url.Values{"q": {q}}); p.Total == 0 {
				t.Fatalf("non-ASCII search %q found nothing", q)
			}
		}
		// Punctuation is not a search term (and LIKE wildcards never reach the query).
		if p := search(t, app, url.Values{"q": {"%%% ___"}, "page_size": {"100"}}); p.Total != all.Total {
			t.Fatalf("punctuation-only search filtered: %d of %d", p.Total, all.Total)
		}
	})
}

func TestF_CAT_03_FiltersSortsAndPaging(t *testing.T) {
	app := testapp.Start(t, store.SQLite)
	app.LoadDemo(t)
	all := search(t, app, url.Values{"page_size": {"100"}})

	check := func(name string, params url.Values, ok func(c marketplace.Card) bool) {
		t.Helper()
		params.Set("page_size", "100")
		p := search(t, app, params)
		if p.Total == 0 || p.Total >= all.Total {
			t.Fatalf("%s: %d of %d", name, p.Total, all.Total)
		}
		for _, c := range p.Services {
			if !ok(c) {
				t.Fatalf("%s: %s does not qualify", name, c.Title)
			}
		}
	}
	check("category", url.Values{"category": {"home-property"}}, func(c marketplace.Card) bool { return c.LobbyCategory == "home-property" })
	check("tag", url.Values{"tag": {"cat:crms"}}, func(c marketplace.Card) bool { return strings.Contains(strings.Join(c.Tags, ","), "cat:crms") })
	check("featured", url.Values{"featured": {"true"}}, func(c marketplace.Card) bool { return c.IsFeatured })
	check("verified", url.Values{"verified": {"true"}}, func(c marketplace.Card) bool { return c.IsVerified })
	check("copay", url.Values{"copay": {"true"}}, func(c marketplace.Card) bool { return c.CopayAllowed })
	check("instant", url.Values{"features": {"instant"}}, func(c marketplace.Card) bool { return !c.RequiresQuote })
	check("top pick", url.Values{"features": {"top_pick"}}, func(c marketplace.Card) bool { return c.IsTopPick })
	check("pro discount", url.Values{"features": {"pro_discount"}}, func(c marketplace.Card) bool {
		return c.ProPriceCents != nil && c.RetailPriceCents != nil && *c.ProPriceCents < *c.RetailPriceCents
	})
	check("min rating", url.Values{"min_rating": {"4"}}, func(c marketplace.Card) bool { return c.Rating.AverageRating >= 4 })
	check("price range", url.Values{"min_price": {"100"}, "max_price": {"500"}}, func(c marketplace.Card) bool {
		return c.RetailPriceCents != nil && *c.RetailPriceCents >= 10000 && *c.RetailPriceCents <= 50000
	})
	check("product", url.Values{"product": {"photography"}}, func(c marketplace.Card) bool { return true })
	check("co-pay eligible", url.Values{"copay_eligible": {"true"}}, func(c marketplace.Card) bool {
		return !strings.Contains(strings.ToLower(c.Title), "crm")
	})

	// The price sorts: TestF_CAT_03_PriceSortByMonthlyEquivalentQuotesLast.
	newest := search(t, app, url.Values{"sort": {"newest"}, "page_size": {"100"}})
	for i := 1; i < len(newest.Services); i++ {
		if newest.Services[i].CreatedAt.After(newest.Services[i-1].CreatedAt) {
			t.Fatal("newest out of order")
		}
	}
	ranked := search(t, app, url.Values{"page_size": {"100"}})
	for i := 1; i < len(ranked.Services); i++ {
		if ranked.Services[i].SortOrder < ranked.Services[i-1].SortOrder {
			t.Fatal("ranked out of order")
		}
	}
	holdout := search(t, app, url.Values{"ab": {"holdout"}, "page_size": {"100"}})
	if strings.Join(titles(holdout), "|") != strings.Join(titles(newest), "|") {
		t.Fatal("holdout variant should show the unranked (newest) order")
	}

	// Paging.
	p1 := search(t, app, url.Values{"page_size": {"25"}})
	p2 := search(t, app, url.Values{"page_size": {"25"}, "page": {"2"}})
	if len(p1.Services) != 25 || p1.Pages != int((all.Total+24)/25) || p2.Page != 2 || p2.Services[0].ID == p1.Services[0].ID {
		t.Fatalf("paging: %d items, %d pages, page %d", len(p1.Services), p1.Pages, p2.Page)
	}

	// Bad parameters name the field.
	for _, q := range []string{"page_size=30", "sort=best", "category=x", "min_rating=9", "ab=z", "features=cheap"} {
		res := app.Get(t, "/api/marketplace/services?"+q)
		var e apiError
		res.JSON(t, &e)
		if res.Status/100 != 4 || len(e.Fields) == 0 {
			t.Fatalf("%s: %d %+v", q, res.Status, e)
		}
	}
}

func TestF_CAT_06_MarketplaceDataSnapshotAndRatings(t *testing.T) {
	app := testapp.Start(t, store.SQLite)
	app.LoadDemo(t)
	req, _ := http.NewRequest("GET", app.URL+"/api/marketplace/data", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("ETag") == "" {
		t.Fatalf("headers: %v", res.Header)
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(zr)
	var snap marketplace.Snapshot
	if err := json.Unmarshal(raw, &snap); err != nil {
		t.Fatal(err)
	}
	if len(snap.CategoryBlocks) != 25 || len(snap.LobbyCategories) != 5 || len(snap.ProductCategories) != 35 ||
		len(snap.TopDeals) == 0 || len(snap.TopDeals) > 12 || len(snap.TrendingIDs) == 0 || len(snap.BestsellerIDs) == 0 ||
		len(snap.FirstPage.Services) != 50 || len(snap.Vendors) == 0 || len(snap.Vendors) > 20 || snap.PriceRange.Max <= snap.PriceRange.Min {
		t.Fatalf("snapshot incomplete: blocks %d lobby %d products %d deals %d trending %d best %d first %d vendors %d range %+v",
			len(snap.CategoryBlocks), len(snap.LobbyCategories), len(snap.ProductCategories), len(snap.TopDeals), len(snap.TrendingIDs),
			len(snap.BestsellerIDs), len(snap.FirstPage.Services), len(snap.Vendors), snap.PriceRange)
	}
	for _, b := range snap.CategoryBlocks {
		if b.Count == 0 {
			t.Fatalf("category block %s has no services", b.Name)
		}
	}
	// Conditional request.
	req.Header.Set("If-None-Match", res.Header.Get("ETag"))
	res2, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	res2.Body.Close()
	if res2.StatusCode != http.StatusNotModified {
		t.Fatalf("If-None-Match: %d", res2.StatusCode)
	}
	// Ratings in bulk: one answer per distinct id, zeros for unknown ids.
	ids := []string{snap.FirstPage.Services[0].ID, snap.FirstPage.Services[1].ID, snap.FirstPage.Services[0].ID, "missing"}
	rr := app.PostJSON(t, nil, "/api/ratings", map[string]any{"service_ids": ids})
	var ratings struct{ Ratings []marketplace.Rating }
	rr.JSON(t, &ratings)
	if rr.Status != 200 || len(ratings.Ratings) != 3 || ratings.Ratings[0].ServiceID != ids[0] || ratings.Ratings[2].TotalReviews != 0 {
		t.Fatalf("ratings: %d %+v", rr.Status, ratings)
	}
}

func TestF_CAT_13_ViewsAndSponsoredEventsAreDeduplicated(t *testing.T) {
	app := testapp.Start(t, store.SQLite)
	d := app.LoadDemo(t)
	var sponsored, plain string
	for _, s := range d.Services {
		if s.Service.IsActive && s.Service.IsSponsored && sponsored == "" {
			sponsored = s.Service.ID
		}
		if s.Service.IsActive && !s.Service.IsSponsored && plain == "" {
			plain = s.Service.ID
		}
	}
	rec := func(path string, body any) bool {
		res := app.PostJSON(t, nil, path, body)
		var out struct{ Recorded bool }
		res.JSON(t, &out)
		if res.Status != 200 {
			t.Fatalf("%s: %d %s", path, res.Status, res.Body)
		}
		return out.Recorded
	}
	view := map[string]string{"viewer_key": "session-aaaa-1"}
	if !rec("/api/services/"+plain+"/views", view) || rec("/api/services/"+plain+"/views", view) {
		t.Fatal("view not deduplicated within 15 minutes")
	}
	// A visitor is its address and user agent: a new browser key alone is the same viewer.
	if rec("/api/services/"+plain+"/views", map[string]string{"viewer_key": "session-bbbb-2"}) {
		t.Fatal("a fresh viewer key from the same browser recorded a second view")
	}
	other := app.DoWith(t, &http.Client{}, http.MethodPost, "/api/services/"+plain+"/views", []byte(`{"viewer_key":"session-cccc-3"}`),
		http.Header{"User-Agent": {"another-browser/1.0"}})
	var otherOut struct{ Recorded bool }
	other.JSON(t, &otherOut)
	if other.Status != 200 || !otherOut.Recorded {
		t.Fatalf("another browser's view not recorded: %d %s", other.Status, other.Body)
	}
	imp := map[string]string{"event": "impression", "placement": "top_deals", "context": "carousel_view", "viewer_key": "session-aaaa-1"}
	if !rec("/api/services/"+sponsored+"/sponsored", imp) || rec("/api/services/"+sponsored+"/sponsored", imp) {
		t.Fatal("sponsored impression not deduplicated within 5 minutes")
	}
	click := map[string]string{"event": "click", "placement": "top_deals", "context": "carousel_click", "viewer_key": "session-aaaa-1"}
	if !rec("/api/services/"+sponsored+"/sponsored", click) {
		t.Fatal("click after impression not recorded")
	}
	if n, _ := store.NewActivity(app.DB).CountTrackingEvents(t.Context(), sponsored, "sponsored_impression"); n != 1 {
		t.Fatalf("impressions stored: %d", n)
	}
	res := app.PostJSON(t, nil, "/api/services/"+plain+"/sponsored", imp)
	if res.Status != 400 {
		t.Fatalf("sponsored event on a non-sponsored service: %d", res.Status)
	}
	if res := app.PostJSON(t, nil, "/api/services/nope/views", view); res.Status != 404 {
		t.Fatalf("unknown service view: %d", res.Status)
	}
}

func TestF_CAT_14_DiscountInterestVotes(t *testing.T) {
	app := testapp.Start(t, store.SQLite)
	d := app.LoadDemo(t)
	var unverified, verified string
	for _, s := range d.Services {
		if s.Service.IsActive && !s.Service.IsVerified && unverified == "" {
			unverified = s.Service.ID
		}
		if s.Service.IsActive && s.Service.IsVerified && verified == "" {
			verified = s.Service.ID
		}
	}
	res := app.PostJSON(t, nil, "/api/services/"+unverified+"/interest", map[string]any{})
	var e apiError
	res.JSON(t, &e)
	if res.Status != 401 || e.Message != "Please sign in to show interest in discounts" {
		t.Fatalf("signed out: %d %+v", res.Status, e)
	}
	agent := app.SignIn(t, "agent@demo.test", "CircleDemo1!")
	res = app.PostJSON(t, agent, "/api/services/"+unverified+"/interest", map[string]any{})
	var out struct {
		Count      int
		Interested bool
	}
	res.JSON(t, &out)
	if res.Status != 200 || out.Count != 1 || !out.Interested {
		t.Fatalf("vote: %d %+v", res.Status, out)
	}
	res = app.PostJSON(t, agent, "/api/services/"+unverified+"/interest", map[string]any{})
	res.JSON(t, &e)
	if res.Status != 409 || e.Message != "Already interested" {
		t.Fatalf("duplicate: %d %+v", res.Status, e)
	}
	if res := app.PostJSON(t, agent, "/api/services/"+verified+"/interest", map[string]any{}); res.Status != 400 {
		t.Fatalf("verified service: %d", res.Status)
	}
}

func TestF_CAT_06_AdminRerankAndCacheControls(t *testing.T) {
	app := testapp.Start(t, store.SQLite)
	app.LoadDemo(t)
	admin := app.SignIn(t, "admin@demo.test", "CircleDemo1!")
	agent := app.SignIn(t, "agent@demo.test", "CircleDemo1!")
	if res := app.DoWith(t, agent, "POST", "/api/admin/marketplace/rerank", nil, nil); res.Status != 403 {
		t.Fatalf("agent rerank: %d", res.Status)
	}
	res := app.DoWith(t, admin, "POST", "/api/admin/marketplace/rerank", nil, nil)
	if res.Status != 200 || !strings.Contains(string(res.Body), "Services have been re-ranked based on latest metrics.") {
		t.Fatalf("rerank: %d %s", res.Status, res.Body)
	}
	var h struct {
		Exists, Stale bool
		ServicesCount int `json:"services_count"`
	}
	res = app.DoWith(t, admin, "GET", "/api/admin/marketplace/cache", nil, nil)
	res.JSON(t, &h)
	if !h.Exists || h.Stale || h.ServicesCount == 0 {
		t.Fatalf("cache health after rerank: %+v", h)
	}
	if res := app.DoWith(t, admin, "DELETE", "/api/admin/marketplace/cache", nil, nil); res.Status != 200 {
		t.Fatalf("clear: %d", res.Status)
	}
	res = app.DoWith(t, admin, "GET", "/api/admin/marketplace/cache", nil, nil)
	res.JSON(t, &h)
	if h.Exists {
		t.Fatal("cache still exists after clear")
	}
	res = app.DoWith(t, admin, "POST", "/api/admin/marketplace/cache/refresh", nil, nil)
	if res.Status != 200 || !strings.Contains(string(res.Body), `"services_count":`) {
		t.Fatalf("refresh: %d %s", res.Status, res.Body)
	}
}

func TestF_CAT_12_SavedServicesToggleWithNotes(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			app := testapp.Start(t, kind)
			d := app.LoadDemo(t)
			id := d.Services[0].Service.ID
			if res := app.Do(t, "PUT", "/api/saved/"+id, []byte(`{}`), nil); res.Status != 401 {
				t.Fatalf("signed out save: %d", res.Status)
			}
			agent := app.SignIn(t, "agent@demo.test", "CircleDemo1!")
			res := app.DoWith(t, agent, "PUT", "/api/saved/"+id, []byte(`{"notes":"  compare with NestFlow  "}`), nil)
			if res.Status != 200 || !strings.Contains(string(res.Body), `"notes":"compare with NestFlow"`) {
				t.Fatalf("save: %d %s", res.Status, res.Body)
			}
			// Saving again updates the note, never duplicates.
			app.DoWith(t, agent, "PUT", "/api/saved/"+id, []byte(`{"notes":"second"}`), nil)
			var list struct {
				Saved []struct {
					ServiceID string `json:"service_id"`
					Notes     string
				}
			}
			app.DoWith(t, agent, "GET", "/api/saved", nil, nil).JSON(t, &list)
			if len(list.Saved) != 1 || list.Saved[0].ServiceID != id || list.Saved[0].Notes != "second" {
				t.Fatalf("saved list: %+v", list)
			}
			// Another user's list is separate.
			pro := app.SignIn(t, "pro@demo.test", "CircleDemo1!")
			app.DoWith(t, pro, "GET", "/api/saved", nil, nil).JSON(t, &list)
			if len(list.Saved) != 0 {
				t.Fatalf("pro sees agent's saved services: %+v", list)
			}
			if res := app.DoWith(t, agent, "DELETE", "/api/saved/"+id, nil, nil); res.Status != 204 {
				t.Fatalf("unsave: %d", res.Status)
			}
			app.DoWith(t, agent, "GET", "/api/saved", nil, nil).JSON(t, &list)
			if len(list.Saved) != 0 {
				t.Fatalf("after unsave: %+v", list)
			}
			if res := app.DoWith(t, agent, "PUT", "/api/saved/nope", []byte(`{}`), nil); res.Status != 404 {
				t.Fatalf("unknown service: %d", res.Status)
			}
		})
	}
}
