package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"circle/internal/catalog"
	"circle/internal/demo"
	"circle/internal/detail"
	"circle/internal/httpapi"
	"circle/internal/pricing"
	"circle/internal/store"
	"circle/internal/testapp"
)

// Demo fixtures used below.
const (
	dtTC       = "svc-closingbell-tc"             // ClosingBell (owned by vendor@demo.test), own packages, YouTube hero
	dtMailers  = "svc-brightpath-farm-mailers"    // no packages: default packages and sales-page tiers
	dtQuiet    = "svc-licensepro-prelicense"      // no reviews, no demo activity
	dtInactive = "svc-brightpath-door-hangers"    // inactive
	dtUnverif  = "svc-welcomemat-cafe-open-house" // non-verified vendor
	dtBell     = "ven-closingbell"
	dtAgentID  = "usr-demo-agent"
	dtProID    = "usr-demo-pro"
)

// detailEach boots the real app with the demo on both engines, in parallel.
func detailEach(t *testing.T, fn func(t *testing.T, app *testapp.App)) {
	engineEach(t, func(t *testing.T, kind store.Kind) { fn(t, acctApp(t, kind)) })
}

// detailRoles signs in the roles of the detail tests; "other vendor" is a vendor account that
// owns ven-signcraft, not ClosingBell.
func detailRoles(t *testing.T, app *testapp.App) map[string]*http.Client {
	t.Helper()
	ctx := context.Background()
	id := acctCreateUser(t, app, "other.vendor@demo.test", "Olivia Vendor", true)
	if _, err := app.DB.Bun().ExecContext(ctx, "UPDATE profiles SET vendor_enabled = ?, vendor_type = ? WHERE user_id = ?", true, "service_provider", id); err != nil {
		t.Fatal(err)
	}
	if _, err := app.DB.Bun().ExecContext(ctx, "UPDATE vendors SET owner_user_id = ? WHERE id = ?", id, "ven-signcraft"); err != nil {
		t.Fatal(err)
	}
	out := map[string]*http.Client{"visitor": testapp.NewClient()}
	for role, email := range map[string]string{"agent": "agent@demo.test", "pro": "pro@demo.test", "vendor": "vendor@demo.test",
		"other vendor": "other.vendor@demo.test", "admin": "admin@demo.test"} {
		out[role] = app.SignIn(t, email, demo.Password)
	}
	return out
}

func dtDo(t *testing.T, app *testapp.App, c *http.Client, method, path string, body any) testapp.Response {
	t.Helper()
	var raw []byte
	switch b := body.(type) {
	case nil:
	case string:
		raw = []byte(b)
	default:
		var err error
		if raw, err = json.Marshal(b); err != nil {
			t.Fatal(err)
		}
	}
	return app.DoWith(t, c, method, path, raw, nil)
}

func dtDetail(t *testing.T, app *testapp.App, c *http.Client, id string) detail.ServiceDetail {
	t.Helper()
	return okJSON[detail.ServiceDetail](t, "detail "+id, dtDo(t, app, c, http.MethodGet, "/api/services/"+id, nil))
}

func dtCount(t *testing.T, app *testapp.App, query string, args ...any) int {
	t.Helper()
	var n int
	if err := app.DB.Bun().QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

func dtActivities(t *testing.T, app *testapp.App, vendorID, kind string) []catalog.VendorActivity {
	t.Helper()
	rows, err := store.NewActivity(app.DB).VendorActivities(context.Background(), vendorID, 200)
	if err != nil {
		t.Fatal(err)
	}
	var out []catalog.VendorActivity
	for _, r := range rows {
		if r.ActivityType == kind {
			out = append(out, r)
		}
	}
	return out
}

func dtIDs(cards []catalogCard) []string {
	out := make([]string, len(cards))
	for i, c := range cards {
		out[i] = c.ID
	}
	return out
}

type catalogCard = struct {
	ID       string `json:"id"`
	IsActive bool   `json:"is_active"`
}

func TestF_CAT_08_ServiceDetailAnswersThePageInOneRequest(t *testing.T) {
	detailEach(t, func(t *testing.T, app *testapp.App) {
		visitor := testapp.NewClient()
		d := dtDetail(t, app, visitor, dtTC)
		if d.Service.ID != dtTC || d.Service.Vendor == nil || len(d.Service.Badges) == 0 || d.Headline == "" {
			t.Fatalf("card: %+v", d.Service)
		}
		// Reviews with the average and count of the card.
		if d.Reviews.TotalReviews == 0 || d.Reviews.TotalReviews != d.Service.Rating.TotalReviews || d.Reviews.AverageRating != d.Service.Rating.AverageRating ||
			len(d.Reviews.Reviews) != min(d.Reviews.TotalReviews, 20) {
			t.Fatalf("reviews: %+v vs card %+v", d.Reviews, d.Service.Rating)
		}
		for _, r := range d.Reviews.Reviews {
			if r.Author.DisplayName == "" || r.Own || r.ReviewSource == "" {
				t.Fatalf("review: %+v", r)
			}
		}
		// Own packages by sort order, no defaults, no sales-page tiers.
		if d.PackagesDefault || len(d.Packages) == 0 || len(d.Packages) > 4 || !d.SalesPage.UsesPackages || len(d.SalesPage.Tiers) != 0 {
			t.Fatalf("packages: %+v %+v", d.Packages, d.SalesPage)
		}
		for i := 1; i < len(d.Packages); i++ {
			if d.Packages[i].SortOrder < d.Packages[i-1].SortOrder || d.Packages[i].Default {
				t.Fatalf("package order: %+v", d.Packages)
			}
		}
		if len(d.Sections) != 5 || d.Sections[0].Source != catalog.SourceFAQ || d.Sections[4].Proof == nil {
			t.Fatalf("sections: %+v", d.Sections)
		}
		if d.Media[0].Kind != catalog.MediaYouTube || d.Media[0].YouTubeID != "Pk8Ol5Ij2Uh" ||
			d.Media[0].EmbedURL != "https://www.youtube-nocookie.com/embed/Pk8Ol5Ij2Uh" || len(d.Media) > 5 {
			t.Fatalf("media: %+v", d.Media)
		}
		if d.Vendor == nil || d.Vendor.ID != dtBell || !d.Vendor.IsVerified || d.Vendor.ReviewCount < d.Reviews.TotalReviews || d.Vendor.Rating == 0 {
			t.Fatalf("vendor: %+v", d.Vendor)
		}
		if d.Disclaimer.Variant != detail.DisclaimerVerified || d.Disclaimer.Record == nil || d.Disclaimer.Record.ID != "disc-respa-section8-v2" ||
			d.Disclaimer.Record.UpdatedAt.IsZero() {
			t.Fatalf("disclaimer: %+v", d.Disclaimer)
		}
		if d.Stats.EstimatedROI == nil || d.Stats.SetupTime == nil || !d.Stats.ROIVisible || !d.QuickActions.WebsiteAvailable ||
			!d.QuickActions.HasPricing {
			t.Fatalf("stats %+v quick actions %+v", d.Stats, d.QuickActions)
		}
		if len(d.Suggestions) == 0 || len(d.Suggestions) > 12 || len(d.Bundles) > 3 {
			t.Fatalf("suggestions %d bundles %d", len(d.Suggestions), len(d.Bundles))
		}
		seen := map[string]bool{}
		for _, s := range d.Suggestions {
			if s.ID == dtTC || seen[s.ID] || s.ID == dtInactive {
				t.Fatalf("suggestion %s repeated, inactive or the service itself", s.ID)
			}
			seen[s.ID] = true
		}
		for _, b := range d.Bundles {
			if len(b.Services) < 2 || len(b.Services) > 3 || b.BundlePriceCents >= b.OriginalPriceCents {
				t.Fatalf("bundle: %+v", b)
			}
		}
		if d.Viewer.SignedIn || d.Viewer.Saved || d.Viewer.ReviewID != nil {
			t.Fatalf("visitor: %+v", d.Viewer)
		}
		// Suggestions are stable from one request to the next (the random part is seeded).
		var again []string
		for _, s := range dtDetail(t, app, visitor, dtTC).Suggestions {
			again = append(again, s.ID)
		}
		var first []string
		for _, s := range d.Suggestions {
			first = append(first, s.ID)
		}
		if !reflect.DeepEqual(first, again) {
			t.Fatalf("suggestions changed:\n%v\n%v", first, again)
		}

		// A service without packages gets the 75/100/150% defaults and the sales-page tiers.
		m := dtDetail(t, app, visitor, dtMailers)
		retail := *m.Service.RetailPriceCents
		if !m.PackagesDefault || len(m.Packages) != 3 || *m.Packages[0].PriceCents != retail*75/100 || *m.Packages[1].PriceCents != retail ||
			*m.Packages[2].PriceCents != retail*150/100 || !m.Packages[1].Popular {
			t.Fatalf("default packages of %d: %+v", retail, m.Packages)
		}
		if len(m.SalesPage.Tiers) != 3 || m.SalesPage.Tiers[0].ID != "retail" || m.SalesPage.Tiers[1].ID != "pro" || m.SalesPage.Tiers[2].ID != "copay" ||
			len(m.SalesPage.Tiers[2].Features) != 8 || m.SalesPage.Tiers[2].SavingsPercent <= 0 {
			t.Fatalf("sales tiers: %+v", m.SalesPage.Tiers)
		}
		// A non-verified vendor gets the amber disclaimer and no ROI.
		if u := dtDetail(t, app, visitor, dtUnverif); u.Disclaimer.Variant != detail.DisclaimerUnverified || u.Stats.ROIVisible {
			t.Fatalf("unverified: %+v %+v", u.Disclaimer, u.Stats)
		}

		// The service's own active disclaimer wins; a retired one falls back to the newest active.
		ctx := context.Background()
		old := time.Now().Add(-1000 * 24 * time.Hour).UTC().Truncate(time.Second)
		if _, err := app.DB.Bun().ExecContext(ctx, `INSERT INTO respa_disclaimers (id, title, content, button_text, button_url, is_active, created_at, updated_at)
			VALUES ('disc-own', 'Own', 'Own text', '', '', ?, ?, ?)`, true, old, old); err != nil {
			t.Fatal(err)
		}
		if _, err := app.DB.Bun().ExecContext(ctx, "UPDATE services SET disclaimer_id = 'disc-own' WHERE id = ?", dtTC); err != nil {
			t.Fatal(err)
		}
		// Edits made in SQL show once the catalogue is known to have changed: the administrator
		// clears the marketplace cache (the detail page is cached per catalogue version).
		admin := app.SignIn(t, "admin@demo.test", demo.Password)
		catalogueEdited := func() {
			t.Helper()
			if res := dtDo(t, app, admin, http.MethodDelete, "/api/admin/marketplace/cache", nil); res.Status != http.StatusOK && res.Status != http.StatusNoContent {
				t.Fatalf("clear the marketplace cache: %d %s", res.Status, res.Body)
			}
		}
		catalogueEdited()
		if got := dtDetail(t, app, visitor, dtTC).Disclaimer.Record; got == nil || got.ID != "disc-own" || !got.UpdatedAt.Equal(old) {
			t.Fatalf("own disclaimer: %+v", got)
		}
		if _, err := app.DB.Bun().ExecContext(ctx, "UPDATE services SET disclaimer_id = 'disc-respa-section8-v1' WHERE id = ?", dtTC); err != nil {
			t.Fatal(err)
		}
		catalogueEdited()
		if got := dtDetail(t, app, visitor, dtTC).Disclaimer.Record; got == nil || got.ID != "disc-respa-section8-v2" {
			t.Fatalf("retired disclaimer: %+v", got)
		}

		// Unknown and inactive services are not found.
		for _, id := range []string{"svc-nope", dtInactive} {
			res := dtDo(t, app, visitor, http.MethodGet, "/api/services/"+id, nil)
			if e := acctError(t, res); res.Status != http.StatusNotFound || e.Code != "not_found" {
				t.Fatalf("%s: %d %+v", id, res.Status, e)
			}
		}
	})
}

func TestF_CAT_13_FunnelViewsAndSavesAreVendorActivity(t *testing.T) {
	detailEach(t, func(t *testing.T, app *testapp.App) {
		roles := detailRoles(t, app)
		ctx := context.Background()
		// Visitors leave no vendor activity.
		dtDetail(t, app, roles["visitor"], dtTC)
		if n := len(dtActivities(t, app, dtBell, catalog.ActivityFunnelView)); n != 0 {
			t.Fatalf("visitor funnel views: %d", n)
		}
		d := dtDetail(t, app, roles["agent"], dtTC)
		if !d.Viewer.SignedIn || d.Viewer.IsPro || d.Viewer.IsOwner || d.Viewer.Saved {
			t.Fatalf("agent viewer: %+v", d.Viewer)
		}
		dtDetail(t, app, roles["agent"], dtTC)
		views := dtActivities(t, app, dtBell, catalog.ActivityFunnelView)
		if len(views) != 1 || views[0].AgentID != dtAgentID || views[0].ServiceID == nil || *views[0].ServiceID != dtTC ||
			!strings.Contains(views[0].ActivityData, dtTC) {
			t.Fatalf("funnel views after two opens within 15 minutes: %+v", views)
		}
		// 16 minutes later it counts again.
		if _, err := app.DB.Bun().ExecContext(ctx, "UPDATE vendor_activity SET created_at = ?", time.Now().UTC().Add(-16*time.Minute)); err != nil {
			t.Fatal(err)
		}
		dtDetail(t, app, roles["agent"], dtTC)
		if n := len(dtActivities(t, app, dtBell, catalog.ActivityFunnelView)); n != 2 {
			t.Fatalf("funnel views after the window: %d", n)
		}
		// The owning vendor looking at its own page is not activity; it is told it owns it.
		o := dtDetail(t, app, roles["vendor"], dtTC)
		if !o.Viewer.IsOwner || o.Viewer.IsAdmin {
			t.Fatalf("owner viewer: %+v", o.Viewer)
		}
		if n := len(dtActivities(t, app, dtBell, catalog.ActivityFunnelView)); n != 2 {
			t.Fatalf("owner's own view recorded: %d", n)
		}
		if p := dtDetail(t, app, roles["pro"], dtTC); !p.Viewer.IsPro || p.Viewer.IsOwner {
			t.Fatalf("pro viewer: %+v", p.Viewer)
		}
		if a := dtDetail(t, app, roles["admin"], dtTC); !a.Viewer.IsAdmin || a.Viewer.IsOwner {
			t.Fatalf("admin viewer: %+v", a.Viewer)
		}
		// Saving is vendor activity and shows on the page.
		if res := dtDo(t, app, roles["agent"], http.MethodPut, "/api/saved/"+dtTC, map[string]string{"notes": "for the Lee file"}); res.Status != 200 {
			t.Fatalf("save: %d %s", res.Status, res.Body)
		}
		if d := dtDetail(t, app, roles["agent"], dtTC); !d.Viewer.Saved || d.Viewer.SavedNotes != "for the Lee file" {
			t.Fatalf("saved viewer: %+v", d.Viewer)
		}
		saves := dtActivities(t, app, dtBell, catalog.ActivityServiceSave)
		if len(saves) != 1 || saves[0].AgentID != dtAgentID {
			t.Fatalf("service_save activity: %+v", saves)
		}
	})
}

func TestF_CAT_12_CustomersAlsoViewed(t *testing.T) {
	detailEach(t, func(t *testing.T, app *testapp.App) {
		c := testapp.NewClient()
		view := func(key, id string) {
			t.Helper()
			if res := dtDo(t, app, c, http.MethodPost, "/api/services/"+id+"/views", map[string]string{"viewer_key": key}); res.Status != 200 {
				t.Fatalf("view: %d %s", res.Status, res.Body)
			}
		}
		for _, k := range []string{"browser-one", "browser-two"} {
			view(k, dtQuiet)
			view(k, dtMailers)
		}
		view("browser-one", dtTC)
		view("browser-three", dtUnverif)
		var out struct {
			Services []catalogCard `json:"services"`
		}
		res := dtDo(t, app, c, http.MethodGet, "/api/services/"+dtQuiet+"/also-viewed", nil)
		res.JSON(t, &out)
		if res.Status != 200 || !reflect.DeepEqual(dtIDs(out.Services), []string{dtMailers, dtTC}) {
			t.Fatalf("also viewed: %d %v", res.Status, dtIDs(out.Services))
		}
		res = dtDo(t, app, c, http.MethodGet, "/api/services/"+dtUnverif+"/also-viewed", nil)
		res.JSON(t, &out)
		if res.Status != 200 || out.Services == nil || len(out.Services) != 0 {
			t.Fatalf("nothing co-viewed: %d %s", res.Status, res.Body)
		}
		if res := dtDo(t, app, c, http.MethodGet, "/api/services/svc-nope/also-viewed", nil); res.Status != 404 {
			t.Fatalf("unknown service: %d", res.Status)
		}
	})
}

type dtReviewChange struct {
	ServiceID     string              `json:"service_id"`
	Review        *catalog.ReviewView `json:"review"`
	AverageRating float64             `json:"average_rating"`
	TotalReviews  int                 `json:"total_reviews"`
}

func TestF_CAT_11_ReviewsOnePerUserWithVerifiedFlag(t *testing.T) {
	detailEach(t, func(t *testing.T, app *testapp.App) {
		roles := detailRoles(t, app)
		ctx := context.Background()
		path := "/api/services/" + dtQuiet + "/reviews"
		total := func() int {
			return dtCount(t, app, "SELECT COUNT(*) FROM service_reviews WHERE service_id = ?", dtQuiet)
		}

		// Visitors are asked to sign in, whatever they send.
		for _, body := range []any{map[string]any{"rating": 5}, map[string]any{}} {
			acctExpectError(t, dtDo(t, app, roles["visitor"], http.MethodPost, path, body), 401, "unauthenticated", "",
				"Authentication Required: Please log in to submit a review.")
		}
		// Bad input names the field and stores nothing.
		agent := roles["agent"]
		for _, body := range []any{map[string]any{}, map[string]any{"rating": 0}, map[string]any{"rating": 6}, map[string]any{"rating": -1, "review": "x"}} {
			acctExpectError(t, dtDo(t, app, agent, http.MethodPost, path, body), 400, "invalid", "rating", "Rating Required: Please select a star rating.")
		}
		acctExpectError(t, dtDo(t, app, agent, http.MethodPost, path, map[string]any{"rating": 4, "review": strings.Repeat("a", 2001)}),
			400, "invalid", "review", "Review must be 2000 characters or fewer.")
		for _, raw := range []string{`{"rating":"five"}`, `{"rating":4,"review":7}`, `{"rating":4.5}`, `{`, `[]`} {
			res := dtDo(t, app, agent, http.MethodPost, path, raw)
			if res.Status/100 != 4 {
				t.Fatalf("%s: %d %s", raw, res.Status, res.Body)
			}
		}
		acctExpectError(t, dtDo(t, app, agent, http.MethodPost, path, `{"rating":"five"}`), 422, "invalid", "rating", "")
		if res := dtDo(t, app, agent, http.MethodPost, "/api/services/svc-nope/reviews", map[string]any{"rating": 5}); res.Status != 404 {
			t.Fatalf("unknown service: %d", res.Status)
		}
		if res := dtDo(t, app, agent, http.MethodPost, "/api/services/"+dtInactive+"/reviews", map[string]any{"rating": 5}); res.Status != 404 {
			t.Fatalf("inactive service: %d", res.Status)
		}
		if n := total(); n != 0 {
			t.Fatalf("bad input stored %d reviews", n)
		}

		// A purchase the browser reports does not verify; text is trimmed.
		if res := dtDo(t, app, agent, http.MethodPost, "/api/services/"+dtQuiet+"/events", map[string]any{"event_type": "purchase"}); res.Status != 200 {
			t.Fatalf("event: %d %s", res.Status, res.Body)
		}
		res := dtDo(t, app, agent, http.MethodPost, path, map[string]any{"rating": 4, "review": "  Clear lessons, passed first try.  "})
		var ch dtReviewChange
		res.JSON(t, &ch)
		if res.Status != http.StatusCreated || ch.Review == nil || *ch.Review.Review != "Clear lessons, passed first try." || ch.Review.Verified ||
			ch.Review.ReviewSource != "agent" || !ch.Review.Own || ch.Review.Author.DisplayName != "Jordan Avery" || ch.AverageRating != 4 || ch.TotalReviews != 1 {
			t.Fatalf("create: %d %s", res.Status, res.Body)
		}
		agentReview := ch.Review.ID
		// One per user per service.
		acctExpectError(t, dtDo(t, app, agent, http.MethodPost, path, map[string]any{"rating": 1}), 409, "conflict", "",
			"You have already reviewed this service. Edit your review instead.")

		// A recorded purchase makes the Pro member's review verified; empty text is null.
		proID := dtProID
		if _, err := store.NewActivity(app.DB).RecordTrackingEvent(ctx, catalog.TrackingEvent{ServiceID: dtQuiet, UserID: &proID, EventType: "purchase", RevenueCents: 19900}, 0); err != nil {
			t.Fatal(err)
		}
		res = dtDo(t, app, roles["pro"], http.MethodPost, path, map[string]any{"rating": 5, "review": "   "})
		res.JSON(t, &ch)
		if res.Status != http.StatusCreated || !ch.Review.Verified || ch.Review.Review != nil || !ch.Review.Author.IsProMember ||
			ch.AverageRating != 4.5 || ch.TotalReviews != 2 {
			t.Fatalf("verified review: %d %s", res.Status, res.Body)
		}
		proReview := ch.Review.ID

		// The list marks the caller's own review and shows the authors.
		var list detail.Reviews
		dtDo(t, app, agent, http.MethodGet, path, nil).JSON(t, &list)
		if list.TotalReviews != 2 || list.AverageRating != 4.5 || len(list.Reviews) != 2 || list.Reviews[0].ID != proReview ||
			list.Reviews[0].Own || !list.Reviews[1].Own || list.Reviews[0].Author.DisplayName != "Samantha Reyes" {
			t.Fatalf("list: %+v", list)
		}
		if d := dtDetail(t, app, agent, dtQuiet); d.Viewer.ReviewID == nil || *d.Viewer.ReviewID != agentReview || d.Reviews.TotalReviews != 2 {
			t.Fatalf("detail viewer review: %+v", d.Viewer)
		}
		dtDo(t, app, roles["visitor"], http.MethodGet, path, nil).JSON(t, &list)
		if list.Reviews[0].Own || list.Reviews[1].Own {
			t.Fatal("a visitor owns a review")
		}

		// Edits: only the author; bad input changes nothing.
		patch := "/api/reviews/" + agentReview
		for _, role := range []string{"pro", "vendor", "other vendor", "admin"} {
			acctExpectError(t, dtDo(t, app, roles[role], http.MethodPatch, patch, map[string]any{"rating": 1}), 403, "forbidden", "", "You can only change your own review.")
		}
		acctExpectError(t, dtDo(t, app, roles["visitor"], http.MethodPatch, patch, map[string]any{"rating": 1}), 401, "unauthenticated", "", "")
		acctExpectError(t, dtDo(t, app, agent, http.MethodPatch, patch, map[string]any{"rating": 9}), 400, "invalid", "rating", "")
		acctExpectError(t, dtDo(t, app, agent, http.MethodPatch, patch, map[string]any{"review": strings.Repeat("é", 2001)}), 400, "invalid", "review", "")
		if r, _ := store.NewReviews(app.DB).ReviewByID(ctx, agentReview); r.Rating != 4 || *r.Review != "Clear lessons, passed first try." {
			t.Fatalf("bad edits changed the review: %+v", r)
		}
		res = dtDo(t, app, agent, http.MethodPatch, patch, map[string]any{"rating": 2})
		res.JSON(t, &ch)
		if res.Status != 200 || ch.Review.Rating != 2 || *ch.Review.Review != "Clear lessons, passed first try." || ch.AverageRating != 3.5 {
			t.Fatalf("edit rating: %d %s", res.Status, res.Body)
		}
		res = dtDo(t, app, agent, http.MethodPatch, patch, map[string]any{"review": ""})
		res.JSON(t, &ch)
		if res.Status != 200 || ch.Review.Review != nil || ch.Review.Rating != 2 {
			t.Fatalf("clear text: %d %s", res.Status, res.Body)
		}
		if res := dtDo(t, app, agent, http.MethodPatch, "/api/reviews/rev-nope", map[string]any{"rating": 3}); res.Status != 404 {
			t.Fatalf("unknown review: %d", res.Status)
		}

		// Deletes: the author or an administrator.
		for _, role := range []string{"pro", "vendor", "other vendor"} {
			acctExpectError(t, dtDo(t, app, roles[role], http.MethodDelete, patch, nil), 403, "forbidden", "", "")
		}
		res = dtDo(t, app, roles["admin"], http.MethodDelete, "/api/reviews/"+proReview, nil)
		ch = dtReviewChange{}
		res.JSON(t, &ch)
		if res.Status != 200 || ch.Review != nil || ch.TotalReviews != 1 || ch.AverageRating != 2 || ch.ServiceID != dtQuiet {
			t.Fatalf("admin delete: %d %s", res.Status, res.Body)
		}
		res = dtDo(t, app, agent, http.MethodDelete, patch, nil)
		res.JSON(t, &ch)
		if res.Status != 200 || ch.TotalReviews != 0 || ch.AverageRating != 0 {
			t.Fatalf("own delete: %d %s", res.Status, res.Body)
		}
		if res := dtDo(t, app, agent, http.MethodDelete, patch, nil); res.Status != 404 {
			t.Fatalf("delete twice: %d", res.Status)
		}
		// After deleting, the agent may review again.
		if res := dtDo(t, app, agent, http.MethodPost, path, map[string]any{"rating": 5}); res.Status != http.StatusCreated {
			t.Fatalf("review again: %d %s", res.Status, res.Body)
		}
	})
}

func TestF_CAT_10_VendorFunnelModal(t *testing.T) {
	detailEach(t, func(t *testing.T, app *testapp.App) {
		roles := detailRoles(t, app)
		ctx := context.Background()
		get := func(c *http.Client, id string) (detail.VendorDetail, testapp.Response) {
			t.Helper()
			res := dtDo(t, app, c, http.MethodGet, "/api/vendors/"+id, nil)
			var v detail.VendorDetail
			if res.Status == 200 {
				res.JSON(t, &v)
			}
			return v, res
		}
		// Extra content: a fifth active tile and an inactive one first; the modal shows 4 active.
		for _, row := range []struct {
			id     string
			order  int
			active bool
		}{{"vc-extra-inactive", 0, false}, {"vc-extra-5", 5, true}} {
			if _, err := app.DB.Bun().ExecContext(ctx, `INSERT INTO vendor_content (id, vendor_id, is_active, display_order, content_type, content_url, thumbnail_url, title, is_featured)
				VALUES (?, 'ven-harborline', ?, ?, 'image', '/x.png', '', 'x', ?)`, row.id, row.active, row.order, false); err != nil {
				t.Fatal(err)
			}
		}
		v, res := get(roles["visitor"], "ven-harborline")
		if res.Status != 200 {
			t.Fatalf("harborline: %d %s", res.Status, res.Body)
		}
		if strings.Contains(string(res.Body), "owner_user_id") {
			t.Fatal("the owner's user id is exposed")
		}
		if len(v.Representatives) != 5 || !v.Representatives[0].IsPrimary {
			t.Fatalf("representatives: %+v", v.Representatives)
		}
		for i := 2; i < len(v.Representatives); i++ {
			if v.Representatives[i].IsPrimary || v.Representatives[i].SortOrder < v.Representatives[i-1].SortOrder {
				t.Fatalf("representative order: %+v", v.Representatives)
			}
		}
		if len(v.Content) != 4 || v.Content[0].ID != "vc-harborline-1" || v.Content[0].YouTubeID != "h7Xq2LmP9sA" || v.Content[3].YouTubeID != "R4vN8kT1wQe" {
			t.Fatalf("content: %+v", v.Content)
		}
		if v.CalendarLink == nil || *v.CalendarLink != "https://cal.example.com/harborline" || len(v.Questions) != 5 || v.QuestionsSeeded {
			t.Fatalf("calendar %v questions %d seeded %v", v.CalendarLink, len(v.Questions), v.QuestionsSeeded)
		}
		if len(v.LatestReviews) == 0 || len(v.LatestReviews) > 10 || v.LatestReviews[0].ServiceTitle == "" {
			t.Fatalf("latest reviews: %+v", v.LatestReviews)
		}
		for i := 1; i < len(v.LatestReviews); i++ {
			if v.LatestReviews[i].CreatedAt.After(v.LatestReviews[i-1].CreatedAt) {
				t.Fatal("latest reviews are not newest first")
			}
		}
		if v.Stats.ActivePartners != 14 || v.Stats.CampaignsFunded != 212 || v.Stats.AverageRating == 0 || !v.TopPartner ||
			!v.Licence.ShowCard || v.Licence.DisclosureKind != "mortgage" || v.Licence.NMLSID != "1839204" || len(v.Licence.LicenseStates) != 5 || v.ViewerIsOwner {
			t.Fatalf("stats %+v top %v licence %+v", v.Stats, v.TopPartner, v.Licence)
		}
		// Defaults: campaigns funded 48, no Top Partner, no licence card, no calendar.
		if _, err := app.DB.Bun().ExecContext(ctx, "DELETE FROM vendor_availability WHERE vendor_id = 'ven-nestflow'"); err != nil {
			t.Fatal(err)
		}
		n, _ := get(roles["visitor"], "ven-nestflow")
		if n.Stats.CampaignsFunded != 48 || n.TopPartner || n.Licence.ShowCard || n.CalendarLink != nil {
			t.Fatalf("nestflow: %+v top %v licence %+v calendar %v", n.Stats, n.TopPartner, n.Licence, n.CalendarLink)
		}
		// A vendor without questions gets the defaults on first read, once.
		s, _ := get(roles["visitor"], "ven-signcraft")
		if !s.QuestionsSeeded || len(s.Questions) != 5 || s.Questions[4].QuestionText != catalog.DefaultVendorQuestions[4] {
			t.Fatalf("seeded questions: %v %+v", s.QuestionsSeeded, s.Questions)
		}
		if s, _ = get(roles["agent"], "ven-signcraft"); s.QuestionsSeeded || len(s.Questions) != 5 {
			t.Fatalf("second read seeded again: %v %d", s.QuestionsSeeded, len(s.Questions))
		}
		if s, _ = get(roles["other vendor"], "ven-signcraft"); !s.ViewerIsOwner {
			t.Fatal("the other vendor owns signcraft")
		}
		// The owner is told; others are not.
		for role, want := range map[string]bool{"vendor": true, "agent": false, "other vendor": false, "admin": false, "visitor": false} {
			if b, _ := get(roles[role], dtBell); b.ViewerIsOwner != want {
				t.Errorf("%s: viewer_is_owner %v", role, b.ViewerIsOwner)
			}
		}
		// Inactive and rejected vendors are not found, except by administrators (and owners).
		for _, id := range []string{"ven-fixright", "ven-freshstart", "ven-nope"} {
			for _, role := range []string{"visitor", "agent", "vendor"} {
				if _, res := get(roles[role], id); res.Status != 404 {
					t.Fatalf("%s as %s: %d", id, role, res.Status)
				}
			}
		}
		if _, res := get(roles["admin"], "ven-fixright"); res.Status != 200 {
			t.Fatalf("admin reads an inactive vendor: %d", res.Status)
		}
	})
}

func TestF_CAT_10_VendorQuestionEditsByOwnerOrAdmin(t *testing.T) {
	detailEach(t, func(t *testing.T, app *testapp.App) {
		roles := detailRoles(t, app)
		ctx := context.Background()
		path := "/api/vendors/" + dtBell + "/questions/2"
		question := func(vendor string, n int) catalog.VendorQuestion {
			t.Helper()
			qs, err := store.NewCatalog(app.DB).VendorQuestions(ctx, vendor)
			if err != nil {
				t.Fatal(err)
			}
			for _, q := range qs {
				if q.QuestionNumber == n {
					return q
				}
			}
			t.Fatalf("no question %d of %s", n, vendor)
			return catalog.VendorQuestion{}
		}
		before := question(dtBell, 2)
		body := map[string]any{"question_text": "How fast can you open my file?"}
		acctExpectError(t, dtDo(t, app, roles["visitor"], http.MethodPut, path, body), 401, "unauthenticated", "", "")
		for _, role := range []string{"agent", "pro", "other vendor"} {
			acctExpectError(t, dtDo(t, app, roles[role], http.MethodPut, path, body), 403, "forbidden", "",
				"Only the vendor or an administrator can edit these questions.")
		}
		// Bad input by the owner names the field and changes nothing.
		owner := roles["vendor"]
		acctExpectError(t, dtDo(t, app, owner, http.MethodPut, path, map[string]any{"question_text": "   "}), 400, "invalid", "question_text", "Question text is required.")
		acctExpectError(t, dtDo(t, app, owner, http.MethodPut, path, map[string]any{"question_text": strings.Repeat("q", 501)}), 400, "invalid", "question_text",
			"Question text must be 500 characters or fewer.")
		acctExpectError(t, dtDo(t, app, owner, http.MethodPut, path, map[string]any{"question_text": "Q?", "answer_text": strings.Repeat("a", 5001)}),
			400, "invalid", "answer_text", "")
		acctExpectError(t, dtDo(t, app, owner, http.MethodPut, path, map[string]any{}), 422, "invalid", "question_text", "")
		acctExpectError(t, dtDo(t, app, owner, http.MethodPut, path, `{"question_text":5}`), 422, "invalid", "question_text", "")
		for _, n := range []string{"0", "21", "two"} {
			res := dtDo(t, app, owner, http.MethodPut, "/api/vendors/"+dtBell+"/questions/"+n, body)
			if e := acctError(t, res); res.Status != 422 || len(e.Fields) == 0 || e.Fields[0].Field != "number" {
				t.Fatalf("number %s: %d %+v", n, res.Status, e)
			}
		}
		if q := question(dtBell, 2); q.QuestionText != before.QuestionText || !q.UpdatedAt.Equal(before.UpdatedAt) {
			t.Fatalf("bad input changed the question: %+v", q)
		}
		// The owner edits the text (the answer stays), then the answer.
		res := dtDo(t, app, owner, http.MethodPut, path, body)
		var out struct {
			Message  string                 `json:"message"`
			Question catalog.VendorQuestion `json:"question"`
		}
		res.JSON(t, &out)
		if res.Status != 200 || out.Message != "Question updated successfully" || out.Question.QuestionText != "How fast can you open my file?" ||
			out.Question.AnswerText != before.AnswerText {
			t.Fatalf("owner edit: %d %s", res.Status, res.Body)
		}
		var v detail.VendorDetail
		dtDo(t, app, roles["visitor"], http.MethodGet, "/api/vendors/"+dtBell, nil).JSON(t, &v)
		if v.Questions[1].QuestionText != "How fast can you open my file?" {
			t.Fatalf("modal after edit: %+v", v.Questions[1])
		}
		res = dtDo(t, app, roles["admin"], http.MethodPut, path, map[string]any{"question_text": "  Admin wording?  ", "answer_text": " Within a day. "})
		res.JSON(t, &out)
		if res.Status != 200 || out.Question.QuestionText != "Admin wording?" || out.Question.AnswerText != "Within a day." {
			t.Fatalf("admin edit: %d %s", res.Status, res.Body)
		}
		// Questions that do not exist, vendors that do not exist.
		if res := dtDo(t, app, owner, http.MethodPut, "/api/vendors/"+dtBell+"/questions/6", body); res.Status != 404 {
			t.Fatalf("question 6: %d", res.Status)
		}
		if res := dtDo(t, app, roles["admin"], http.MethodPut, "/api/vendors/ven-nope/questions/1", body); res.Status != 404 {
			t.Fatalf("unknown vendor: %d", res.Status)
		}
		// A vendor without questions is seeded before the edit.
		res = dtDo(t, app, roles["admin"], http.MethodPut, "/api/vendors/ven-keynest/questions/3", body)
		if res.Status != 200 {
			t.Fatalf("edit before seeding: %d %s", res.Status, res.Body)
		}
		if q := question("ven-keynest", 3); q.QuestionText != "How fast can you open my file?" || question("ven-keynest", 5).QuestionText != catalog.DefaultVendorQuestions[4] {
			t.Fatalf("keynest: %+v", q)
		}
		// The other vendor edits its own vendor's questions.
		if res := dtDo(t, app, roles["other vendor"], http.MethodPut, "/api/vendors/ven-signcraft/questions/1", body); res.Status != 200 {
			t.Fatalf("other vendor on its own vendor: %d %s", res.Status, res.Body)
		}
	})
}

func TestF_CAT_13_TrackingEventsFromSignedInUsers(t *testing.T) {
	detailEach(t, func(t *testing.T, app *testapp.App) {
		roles := detailRoles(t, app)
		path := "/api/services/" + dtTC + "/events"
		count := func() int {
			return dtCount(t, app, "SELECT COUNT(*) FROM service_tracking_events WHERE user_id IS NOT NULL AND service_id = ?", dtTC)
		}
		acctExpectError(t, dtDo(t, app, roles["visitor"], http.MethodPost, path, map[string]any{"event_type": "share"}), 401, "unauthenticated", "",
			"tracking events are only recorded for signed-in users")
		agent := roles["agent"]
		acctExpectError(t, dtDo(t, app, agent, http.MethodPost, path, map[string]any{"event_type": "view"}), 422, "invalid", "event_type", "")
		acctExpectError(t, dtDo(t, app, agent, http.MethodPost, path, map[string]any{}), 422, "invalid", "event_type", "")
		acctExpectError(t, dtDo(t, app, agent, http.MethodPost, path, map[string]any{"event_type": "click", "event_data": "x"}), 422, "invalid", "event_data", "")
		acctExpectError(t, dtDo(t, app, agent, http.MethodPost, path, map[string]any{"event_type": "click", "event_data": map[string]string{"blob": strings.Repeat("x", 4200)}}),
			400, "invalid", "event_data", "event_data must be 4 KB or smaller")
		if res := dtDo(t, app, agent, http.MethodPost, path, map[string]any{"event_type": "click", "event_data": map[string]string{"blob": strings.Repeat("x", 9000)}}); res.Status != 413 {
			t.Fatalf("oversize body: %d", res.Status)
		}
		if res := dtDo(t, app, agent, http.MethodPost, "/api/services/svc-nope/events", map[string]any{"event_type": "click"}); res.Status != 404 {
			t.Fatalf("unknown service: %d", res.Status)
		}
		if n := count(); n != 0 {
			t.Fatalf("bad events stored: %d", n)
		}
		for _, kind := range catalog.FunnelEventTypes {
			res := dtDo(t, app, agent, http.MethodPost, path, map[string]any{"event_type": kind, "event_data": map[string]any{"channel": "sms", "n": 1}})
			if res.Status != 200 || !strings.Contains(string(res.Body), `"recorded":true`) {
				t.Fatalf("%s: %d %s", kind, res.Status, res.Body)
			}
		}
		if n := dtCount(t, app, `SELECT COUNT(*) FROM service_tracking_events WHERE user_id = ? AND service_id = ? AND vendor_id = ? AND source = 'client'
			AND event_data LIKE '%"channel":"sms"%'`, dtAgentID, dtTC, dtBell); n != len(catalog.FunnelEventTypes) {
			t.Fatalf("recorded events: %d", n)
		}
		// An outbound click is the vendor's contact request.
		contacts := dtActivities(t, app, dtBell, catalog.ActivityContactRequest)
		if len(contacts) != 1 || contacts[0].AgentID != dtAgentID || *contacts[0].ServiceID != dtTC {
			t.Fatalf("contact requests: %+v", contacts)
		}
	})
}

func TestF_CAT_13_MetricsForTheOwningVendorOrAdmins(t *testing.T) {
	detailEach(t, func(t *testing.T, app *testapp.App) {
		roles := detailRoles(t, app)
		path := "/api/services/" + dtTC + "/metrics"
		acctExpectError(t, dtDo(t, app, roles["visitor"], http.MethodGet, path, nil), 401, "unauthenticated", "", "")
		for _, role := range []string{"agent", "pro", "other vendor"} {
			acctExpectError(t, dtDo(t, app, roles[role], http.MethodGet, path+"?period=30d", nil), 403, "forbidden", "", "")
		}
		acctExpectError(t, dtDo(t, app, roles["vendor"], http.MethodGet, path+"?period=1y", nil), 422, "invalid", "period", "")
		if res := dtDo(t, app, roles["admin"], http.MethodGet, "/api/services/svc-nope/metrics", nil); res.Status != 404 {
			t.Fatalf("unknown service: %d", res.Status)
		}
		metrics := func(role, query string) catalog.TrackingMetrics {
			t.Helper()
			res := dtDo(t, app, roles[role], http.MethodGet, path+query, nil)
			if res.Status != 200 {
				t.Fatalf("%s metrics: %d %s", role, res.Status, res.Body)
			}
			var m catalog.TrackingMetrics
			res.JSON(t, &m)
			return m
		}
		m0 := metrics("vendor", "")
		if m0.Period != "30d" || m0.ServiceID != dtTC || m0.LastUpdated.IsZero() {
			t.Fatalf("defaults: %+v", m0)
		}
		agent := roles["agent"]
		for _, kind := range []string{"click", "click", "outbound_click", "booking", "purchase", "share"} {
			if res := dtDo(t, app, agent, http.MethodPost, "/api/services/"+dtTC+"/events", map[string]any{"event_type": kind}); res.Status != 200 {
				t.Fatalf("event: %d", res.Status)
			}
		}
		for i := 0; i < 3; i++ {
			// Three browsers (one viewer each: same address, different user agents; a fourth
			// visitor from this address would pass marketplace.VisitorsPerNetwork).
			if res := app.DoWith(t, testapp.NewClient(), http.MethodPost, "/api/services/"+dtTC+"/views", fmt.Appendf(nil, `{"viewer_key":"metrics-viewer-%d"}`, i),
				http.Header{"User-Agent": {fmt.Sprintf("metrics-browser-%d", i)}}); res.Status != 200 {
				t.Fatalf("view: %d", res.Status)
			}
		}
		m1 := metrics("admin", "?period=30d")
		if m1.TotalViews != m0.TotalViews+3 || m1.TotalClicks != m0.TotalClicks+3 || m1.TotalBookings != m0.TotalBookings+1 ||
			m1.TotalPurchases != m0.TotalPurchases+1 || m1.RevenueAttributedCents != m0.RevenueAttributedCents {
			t.Fatalf("metrics before %+v after %+v", m0, m1)
		}
		if m1.TotalViews > 0 {
			want := float64(int64(float64(m1.TotalPurchases)/float64(m1.TotalViews)*10000+0.5)) / 10000
			if m1.ConversionRate != want {
				t.Fatalf("conversion rate %v, want %v", m1.ConversionRate, want)
			}
		}
		if m7 := metrics("vendor", "?period=7d"); m7.Period != "7d" || m7.TotalViews > m1.TotalViews {
			t.Fatalf("7 days: %+v", m7)
		}
	})
}

func TestF_CAT_12_ReferralTokenRoundTrip(t *testing.T) {
	detailEach(t, func(t *testing.T, app *testapp.App) {
		roles := detailRoles(t, app)
		acctExpectError(t, dtDo(t, app, roles["visitor"], http.MethodPost, "/api/referral-tokens", map[string]string{"service_id": dtTC}), 401, "unauthenticated", "", "")
		agent := roles["agent"]
		acctExpectError(t, dtDo(t, app, agent, http.MethodPost, "/api/referral-tokens", map[string]string{}), 422, "invalid", "service_id", "")
		acctExpectError(t, dtDo(t, app, agent, http.MethodPost, "/api/referral-tokens", map[string]string{"service_id": "svc-nope"}), 400, "invalid", "service_id", "service not found")
		acctExpectError(t, dtDo(t, app, agent, http.MethodPost, "/api/referral-tokens", map[string]string{"service_id": dtInactive}), 400, "invalid", "service_id", "")
		if n := dtCount(t, app, "SELECT COUNT(*) FROM referral_tokens"); n != 0 {
			t.Fatalf("bad input minted %d tokens", n)
		}
		mint := func(c *http.Client) httpapi.ReferralLink {
			t.Helper()
			l := okJSON[httpapi.ReferralLink](t, "mint", dtDo(t, app, c, http.MethodPost, "/api/referral-tokens", map[string]string{"service_id": dtTC}))
			return l
		}
		l := mint(agent)
		want := app.Config.BaseURL + "/services/contract-to-close-transaction-coordination--" + dtTC + "?utm_source=contract-to-close-transaction-coordination" +
			"&utm_medium=share&utm_campaign=deal_share&ref=" + l.Token
		if len(l.Token) < 16 || l.ShareURL != want || l.ServiceID != dtTC || l.VendorID == nil || *l.VendorID != dtBell {
			t.Fatalf("link: %+v\nwant %s", l, want)
		}
		if again := mint(agent); again.Token != l.Token {
			t.Fatalf("a second share minted a new token: %s vs %s", again.Token, l.Token)
		}
		if other := mint(roles["pro"]); other.Token == l.Token {
			t.Fatal("two agents share a token")
		}
		// Anyone can resolve a token (attribution); the agent's user id is not disclosed.
		res := dtDo(t, app, roles["visitor"], http.MethodGet, "/api/referral-tokens/"+l.Token, nil)
		var rt catalog.ReferralTokenView
		res.JSON(t, &rt)
		if res.Status != 200 || rt.Token != l.Token || rt.ServiceID != dtTC || *rt.VendorID != dtBell || strings.Contains(string(res.Body), dtAgentID) {
			t.Fatalf("resolve: %d %s", res.Status, res.Body)
		}
		if res := dtDo(t, app, roles["visitor"], http.MethodGet, "/api/referral-tokens/nope", nil); res.Status != 404 {
			t.Fatalf("unknown token: %d", res.Status)
		}
	})
}

func TestF_CAT_12_ServiceCardsForRecentlyViewedAndSaved(t *testing.T) {
	detailEach(t, func(t *testing.T, app *testapp.App) {
		c := testapp.NewClient()
		var out struct {
			Services []catalogCard `json:"services"`
			Missing  []string      `json:"missing"`
		}
		res := dtDo(t, app, c, http.MethodGet, "/api/service-cards?ids="+dtTC+"&ids="+dtInactive+"&ids=svc-nope&ids="+dtTC+"&ids="+dtQuiet, nil)
		res.JSON(t, &out)
		if res.Status != 200 || !reflect.DeepEqual(dtIDs(out.Services), []string{dtTC, dtQuiet}) ||
			!reflect.DeepEqual(out.Missing, []string{dtInactive, "svc-nope"}) {
			t.Fatalf("cards: %d %s", res.Status, res.Body)
		}
		res = dtDo(t, app, c, http.MethodGet, "/api/service-cards", nil)
		res.JSON(t, &out)
		if res.Status != 200 || out.Services == nil || len(out.Services) != 0 || out.Missing == nil {
			t.Fatalf("no ids: %d %s", res.Status, res.Body)
		}
		q := ""
		for i := 0; i < 51; i++ {
			q += fmt.Sprintf("&ids=svc-%d", i)
		}
		acctExpectError(t, dtDo(t, app, c, http.MethodGet, "/api/service-cards?"+q[1:], nil), 422, "invalid", "ids", "")
	})
}

// TestF_PAY_02_ServiceDetailCarriesTheViewersOffers: the detail answer carries the purchase
// offers the dialogs render, resolved for the caller: a visitor must sign in, an agent pays
// retail with Pro locked, a Pro member pays the Pro price, a Canadian viewer sees approximate C$.
func TestF_PAY_02_ServiceDetailCarriesTheViewersOffers(t *testing.T) {
	detailEach(t, func(t *testing.T, app *testapp.App) {
		summary := func(d detail.ServiceDetail) string {
			if len(d.Offers) == 0 || d.Offers[0].PackageID != "" {
				t.Fatalf("offers: %+v", d.Offers)
			}
			var b []string
			for _, o := range d.Offers[0].CoverageOptions {
				s := o.Coverage + ":" + o.LockedReason
				if o.Eligible {
					s = o.Coverage + ":on"
				}
				if o.Price != nil {
					s += " " + o.Price.Display
					if o.Price.Approximate {
						s += "~"
					}
				}
				b = append(b, s)
			}
			return strings.Join(b, ", ")
		}
		m := dtDetail(t, app, testapp.NewClient(), dtMailers)
		retail, pro := *m.Service.RetailPriceCents, *m.Service.ProPriceCents
		usd := func(c int64) string { return pricing.Display(c, pricing.USD, "en") }
		if got, want := summary(m), fmt.Sprintf("retail:sign_in_required %s, pro:pro_only %s, copay:pro_only, points:pro_only %s", usd(retail), usd(pro), usd(retail)); got != want {
			t.Fatalf("visitor: %s, want %s", got, want)
		}
		// Default packages and the sales-page tiers are offers too; the Standard package answers
		// to "Standard" before the Standard tier does.
		if len(m.Offers) != 1+3+2 || m.Offers[2].PackageID != "default-standard" || m.Offers[4].PackageID != "pro" || m.Offers[5].PackageID != "copay" {
			t.Fatalf("offers of a service without packages: %+v", m.Offers)
		}
		agent := app.SignIn(t, "agent@demo.test", demo.Password)
		if got, want := summary(dtDetail(t, app, agent, dtMailers)), fmt.Sprintf("retail:on %s, pro:pro_only %s, copay:pro_only, points:pro_only %s", usd(retail), usd(pro), usd(retail)); got != want {
			t.Fatalf("agent: %s, want %s", got, want)
		}
		proMember := app.SignIn(t, "pro@demo.test", demo.Password)
		if got := summary(dtDetail(t, app, proMember, dtMailers)); !strings.HasPrefix(got, "pro:on "+usd(pro)+", copay:on, points:") {
			t.Fatalf("pro: %s", got)
		}
		if _, err := app.DB.Bun().ExecContext(context.Background(), "UPDATE profiles SET state = 'ON' WHERE user_id = ?", dtAgentID); err != nil {
			t.Fatal(err)
		}
		if got := summary(dtDetail(t, app, agent, dtMailers)); !strings.HasPrefix(got, "retail:on C$") || !strings.Contains(got, "~, pro:pro_only C$") {
			t.Fatalf("Canadian agent: %s", got)
		}
	})
}

// F-PAY-06: the detail answer gives a Pro agent the default co-pay split per partner kind,
// explained, at the price the Co-Pay tier shows and the cart accepts; other viewers get only
// the RESPA classification.
func TestF_PAY_06_ServiceDetailCarriesTheDefaultCoPaySplitForPro(t *testing.T) {
	detailEach(t, func(t *testing.T, app *testapp.App) {
		roles := detailRoles(t, app)
		for _, role := range []string{"visitor", "agent", "vendor"} {
			if d := dtDetail(t, app, roles[role], dtMailers); d.Respa.CoPay != nil || d.Respa.Classification.Level == "" {
				t.Fatalf("%s: %+v", role, d.Respa)
			}
		}
		d := dtDetail(t, app, roles["pro"], dtMailers)
		c := d.Respa.CoPay
		if c == nil || len(c.Partners) != 2 {
			t.Fatalf("pro: %+v", d.Respa)
		}
		retail := *d.Service.RetailPriceCents
		split := *d.Service.RespaSplitLimit
		ssp, other := c.Partners[0], c.Partners[1]
		if ssp.Breakdown.SplitPercent != 20 || ssp.Breakdown.VendorShareCents != retail*20/100 || !strings.Contains(ssp.Explanation, "capped at 20%, the limit for settlement service providers") {
			t.Errorf("SSP partner: %+v %q", ssp.Breakdown, ssp.Explanation)
		}
		if other.Breakdown.SplitPercent != split || other.Breakdown.AgentShareCents != c.PriceCents ||
			!strings.HasPrefix(other.Explanation, fmt.Sprintf("A partner vendor covers %d%% (%s); you pay %s", split,
				pricing.Display(other.Breakdown.VendorShareCents, pricing.USD, "en"), pricing.Display(c.PriceCents, pricing.USD, "en"))) {
			t.Errorf("non-SSP partner: %+v %q", other.Breakdown, other.Explanation)
		}
		var tier int64
		for _, p := range d.SalesPage.Tiers {
			if p.ID == "copay" {
				tier = *p.PriceCents
			}
		}
		if tier != c.PriceCents {
			t.Fatalf("Co-Pay tier %d, breakdown price %d", tier, c.PriceCents)
		}
		res := dtDo(t, app, roles["pro"], http.MethodPost, "/api/cart/items", map[string]any{"service_id": dtMailers, "package_id": "copay", "price_cents": c.PriceCents})
		if res.Status >= 300 {
			t.Fatalf("cart refused the co-pay price %d: %d %s", c.PriceCents, res.Status, res.Body)
		}
	})
}
