package detail_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/clocktest"
	"circle/internal/demo/demotest"
	"circle/internal/detail"
	"circle/internal/marketplace"
	"circle/internal/store"
)

// Demo fixtures.
const (
	tcID       = "svc-closingbell-tc"             // ClosingBell, owned by usr-demo-vendor
	mailersID  = "svc-brightpath-farm-mailers"    // active
	quietID    = "svc-licensepro-prelicense"      // no reviews, no demo activity
	inactiveID = "svc-brightpath-door-hangers"    // inactive
	unverifID  = "svc-welcomemat-cafe-open-house" // active
	bellID     = "ven-closingbell"
	agentID    = "usr-demo-agent"
	proID      = "usr-demo-pro"
	ownerID    = "usr-demo-vendor"
	adminID    = "usr-demo-admin"
)

// eachService runs fn on every engine with the demo data, a fake clock the store and the
// service share, and the detail service on the real store and marketplace.
func eachService(t *testing.T, fn func(t *testing.T, svc *detail.Service, db *store.DB, clk *clocktest.Clock)) {
	t.Helper()
	demotest.EachOnClock(t, time.Date(2026, 3, 2, 15, 4, 5, 0, time.UTC), func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		market := &marketplace.Service{Store: store.NewMarketplaceStore(db), Now: clk.Now}
		fn(t, &detail.Service{Store: store.NewDetailStore(db), Market: market, Now: clk.Now, BaseURL: "https://circle.test"}, db, clk)
	})
}

// wantCode fails unless err has the code ("" for no error).
func wantCode(t *testing.T, name string, err error, code apperr.Code) {
	t.Helper()
	if code == "" && err != nil || code != "" && apperr.CodeOf(err) != code {
		t.Fatalf("%s: got %v, want code %q", name, err, code)
	}
}

// activities counts the demo agent's activity of a kind on a service of a vendor.
func activities(t *testing.T, db *store.DB, vendorID, serviceID, kind string) int {
	t.Helper()
	list, err := store.NewActivity(db).VendorActivities(context.Background(), vendorID, 100)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, a := range list {
		if a.AgentID == agentID && a.ActivityType == kind && a.ServiceID != nil && *a.ServiceID == serviceID {
			n++
		}
	}
	return n
}

// TestServiceDetail: who sees a service's detail and how the viewer block and the vendor's
// funnel-view activity follow the caller, with the 15-minute dedupe on a moved clock.
func TestServiceDetail(t *testing.T) {
	eachService(t, func(t *testing.T, svc *detail.Service, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		steps := []struct {
			name    string
			id      string
			caller  detail.Caller
			advance time.Duration
			code    apperr.Code
			viewer  detail.Viewer
			views   int // funnel views of the agent on ClosingBell after the step
		}{
			{"a visitor", tcID, detail.Caller{}, 0, "", detail.Viewer{}, 0},
			{"an unknown service", "svc-nope", detail.Caller{}, 0, apperr.NotFound, detail.Viewer{}, 0},
			{"an inactive service", inactiveID, detail.Caller{UserID: adminID, IsAdmin: true}, 0, apperr.NotFound, detail.Viewer{}, 0},
			{"an agent counts a funnel view", tcID, detail.Caller{UserID: agentID}, 0, "", detail.Viewer{SignedIn: true}, 1},
			{"again within 15 minutes", tcID, detail.Caller{UserID: agentID}, 14 * time.Minute, "", detail.Viewer{SignedIn: true}, 1},
			{"again after 15 minutes", tcID, detail.Caller{UserID: agentID}, 2 * time.Minute, "", detail.Viewer{SignedIn: true}, 2},
			{"the owner counts none", tcID, detail.Caller{UserID: ownerID}, time.Hour, "", detail.Viewer{SignedIn: true, IsOwner: true}, 2},
			{"a Pro administrator", tcID, detail.Caller{UserID: adminID, IsPro: true, IsAdmin: true}, 0, "", detail.Viewer{SignedIn: true, IsPro: true, IsAdmin: true}, 2},
		}
		base := activities(t, db, bellID, tcID, catalog.ActivityFunnelView) // the demo's own
		for _, st := range steps {
			clk.Advance(st.advance)
			d, err := svc.ServiceDetail(ctx, st.id, st.caller)
			wantCode(t, st.name, err, st.code)
			if err != nil {
				continue
			}
			v := d.Viewer
			v.Saved, v.SavedNotes, v.ReviewID = false, "", nil
			if d.Service.ID != st.id || v != st.viewer {
				t.Fatalf("%s: service %s viewer %+v", st.name, d.Service.ID, d.Viewer)
			}
			if n := activities(t, db, bellID, tcID, catalog.ActivityFunnelView) - base; n != st.views {
				t.Fatalf("%s: %d funnel views, want %d", st.name, n, st.views)
			}
		}
		// A saved service shows in the viewer block.
		if _, err := store.NewSaved(db).SaveService(ctx, agentID, tcID, "for spring"); err != nil {
			t.Fatal(err)
		}
		if d, err := svc.ServiceDetail(ctx, tcID, detail.Caller{UserID: agentID}); err != nil || !d.Viewer.Saved || d.Viewer.SavedNotes != "for spring" {
			t.Fatalf("saved: %+v %v", d.Viewer, err)
		}
	})
}

// TestReviews: the verified-purchase rule (only a purchase or booking the server recorded
// verifies), one review per user, edits re-checked against purchases, and the refusals.
func TestReviews(t *testing.T) {
	eachService(t, func(t *testing.T, svc *detail.Service, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		five, four, zero := 5, 4, 0
		text := "  Clear lessons.  "
		// A purchase the browser reports does not verify; one the server records does.
		if _, err := svc.RecordEvent(ctx, agentID, quietID, "purchase", nil); err != nil {
			t.Fatal(err)
		}
		pro := proID
		if _, err := store.NewActivity(db).RecordTrackingEvent(ctx, catalog.TrackingEvent{ServiceID: quietID, UserID: &pro, EventType: "purchase"}, 0); err != nil {
			t.Fatal(err)
		}
		creates := []struct {
			name     string
			user, id string
			edit     detail.ReviewEdit
			code     apperr.Code
			verified bool
			total    int
		}{
			{"no rating", agentID, quietID, detail.ReviewEdit{}, apperr.Invalid, false, 0},
			{"a zero rating", agentID, quietID, detail.ReviewEdit{Rating: &zero}, apperr.Invalid, false, 0},
			{"an unknown service", agentID, "svc-nope", detail.ReviewEdit{Rating: &five}, apperr.NotFound, false, 0},
			{"an inactive service", agentID, inactiveID, detail.ReviewEdit{Rating: &five}, apperr.NotFound, false, 0},
			{"a buyer the browser reported", agentID, quietID, detail.ReviewEdit{Rating: &four, Review: &text}, "", false, 1},
			{"a second review by the same user", agentID, quietID, detail.ReviewEdit{Rating: &five}, apperr.Conflict, false, 1},
			{"a buyer the server recorded", proID, quietID, detail.ReviewEdit{Rating: &five}, "", true, 2},
			{"a non-buyer", "usr-demo-creator", quietID, detail.ReviewEdit{Rating: &five}, "", false, 3},
		}
		ids := map[string]string{}
		for _, c := range creates {
			clk.Advance(time.Minute) // newest first needs distinct times
			ch, err := svc.CreateReview(ctx, c.user, c.id, c.edit)
			wantCode(t, c.name, err, c.code)
			if err != nil {
				continue
			}
			if ch.Review == nil || ch.Review.Verified != c.verified || !ch.Review.Own || ch.TotalReviews != c.total || ch.ServiceID != c.id {
				t.Fatalf("%s: %+v", c.name, ch)
			}
			ids[c.user] = ch.Review.ID
		}
		if r, _ := store.NewReviews(db).ReviewByID(ctx, ids[agentID]); *r.Review != "Clear lessons." {
			t.Fatalf("text not trimmed: %q", *r.Review)
		}
		list, err := svc.Reviews(ctx, quietID, detail.Caller{UserID: agentID})
		if err != nil || list.TotalReviews != 3 || list.AverageRating != 4.7 || len(list.Reviews) != 3 || list.Reviews[0].Own || list.Reviews[1].Own || !list.Reviews[2].Own {
			t.Fatalf("list: %+v %v", list, err)
		}
		if _, err := svc.DeleteReview(ctx, ids["usr-demo-creator"]); err != nil {
			t.Fatal(err)
		}

		// An edit keeps what it leaves out and verifies again: the agent's purchase is now
		// recorded by the server.
		agent := agentID
		if _, err := store.NewActivity(db).RecordTrackingEvent(ctx, catalog.TrackingEvent{ServiceID: quietID, UserID: &agent, EventType: "booking"}, 0); err != nil {
			t.Fatal(err)
		}
		two, nine := 2, 9
		if _, err := svc.UpdateReview(ctx, agentID, ids[agentID], detail.ReviewEdit{Rating: &nine}); apperr.CodeOf(err) != apperr.Invalid {
			t.Fatalf("a bad rating: %v", err)
		}
		ch, err := svc.UpdateReview(ctx, agentID, ids[agentID], detail.ReviewEdit{Rating: &two})
		if err != nil || ch.Review.Rating != 2 || *ch.Review.Review != "Clear lessons." || !ch.Review.Verified || ch.AverageRating != 3.5 {
			t.Fatalf("edit: %+v %v", ch, err)
		}
		if _, err := svc.UpdateReview(ctx, agentID, "rev-nope", detail.ReviewEdit{Rating: &two}); !apperr.IsNotFound(err) {
			t.Fatalf("an unknown review: %v", err)
		}

		if ch, err = svc.DeleteReview(ctx, ids[proID]); err != nil || ch.Review != nil || ch.TotalReviews != 1 || ch.AverageRating != 2 {
			t.Fatalf("delete: %+v %v", ch, err)
		}
		if _, err := svc.DeleteReview(ctx, ids[proID]); !apperr.IsNotFound(err) {
			t.Fatalf("delete twice: %v", err)
		}
	})
}

// TestAlsoViewed: services co-viewed by the same browsers, within 30 days of the service's
// clock.
func TestAlsoViewed(t *testing.T) {
	eachService(t, func(t *testing.T, svc *detail.Service, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		view := func(key, id string) {
			t.Helper()
			if _, err := store.NewActivity(db).RecordView(ctx, catalog.ServiceView{ServiceID: id, ViewerKey: key, Fingerprint: "v:" + key, Network: "n:" + key, UserAgent: "test"}, 0, 0); err != nil {
				t.Fatal(err)
			}
		}
		for _, k := range []string{"browser-one", "browser-two"} {
			view(k, quietID)
			view(k, mailersID)
		}
		view("browser-one", tcID)
		view("browser-three", unverifID)
		steps := []struct {
			name    string
			id      string
			advance time.Duration
			code    apperr.Code
			want    []string
		}{
			{"most co-viewers first", quietID, 0, "", []string{mailersID, tcID}},
			{"nothing co-viewed", unverifID, 0, "", []string{}},
			{"an unknown service", "svc-nope", 0, apperr.NotFound, nil},
			{"an inactive service", inactiveID, 0, apperr.NotFound, nil},
			{"still inside 30 days", quietID, detail.AlsoViewedWindow - time.Minute, "", []string{mailersID, tcID}},
			{"past 30 days", quietID, 2 * time.Minute, "", []string{}},
		}
		for _, st := range steps {
			clk.Advance(st.advance)
			cards, err := svc.AlsoViewed(ctx, st.id)
			wantCode(t, st.name, err, st.code)
			if err != nil {
				continue
			}
			got := []string{}
			for _, c := range cards {
				got = append(got, c.ID)
			}
			if cards == nil || strings.Join(got, ",") != strings.Join(st.want, ",") {
				t.Fatalf("%s: %v", st.name, got)
			}
		}
	})
}

// TestServiceCards: cards of the active services in the order asked, and the ids that are gone.
func TestServiceCards(t *testing.T) {
	eachService(t, func(t *testing.T, svc *detail.Service, db *store.DB, clk *clocktest.Clock) {
		cards, missing, err := svc.ServiceCards(context.Background(), []string{tcID, inactiveID, "svc-nope", tcID, "", quietID})
		if err != nil || len(cards) != 2 || cards[0].ID != tcID || cards[1].ID != quietID || strings.Join(missing, ",") != inactiveID+",svc-nope" {
			t.Fatalf("cards %v missing %v %v", cards, missing, err)
		}
		if cards, missing, err = svc.ServiceCards(context.Background(), nil); err != nil || cards == nil || missing == nil || len(cards)+len(missing) != 0 {
			t.Fatalf("none asked: %v %v %v", cards, missing, err)
		}
	})
}

// TestVendorDetail: who may see a vendor, and the default questions seeded once.
func TestVendorDetail(t *testing.T) {
	eachService(t, func(t *testing.T, svc *detail.Service, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		// ClosingBell's questions exist before its owner looks (seeded now if the demo has none).
		if _, err := svc.VendorDetail(ctx, bellID, detail.Caller{}); err != nil {
			t.Fatal(err)
		}
		steps := []struct {
			name   string
			id     string
			caller detail.Caller
			code   apperr.Code
			seeded bool
			owner  bool
		}{
			{"a vendor without questions is seeded", "ven-keynest", detail.Caller{}, "", true, false},
			{"only once", "ven-keynest", detail.Caller{UserID: agentID}, "", false, false},
			{"its owner", bellID, detail.Caller{UserID: ownerID}, "", false, true},
			{"an inactive vendor to an agent", "ven-fixright", detail.Caller{UserID: agentID}, apperr.NotFound, false, false},
			{"a rejected vendor to a visitor", "ven-freshstart", detail.Caller{}, apperr.NotFound, false, false},
			{"an inactive vendor to an administrator", "ven-fixright", detail.Caller{UserID: adminID, IsAdmin: true}, "", false, false},
			{"an unknown vendor", "ven-nope", detail.Caller{UserID: adminID, IsAdmin: true}, apperr.NotFound, false, false},
		}
		for _, st := range steps {
			d, err := svc.VendorDetail(ctx, st.id, st.caller)
			wantCode(t, st.name, err, st.code)
			if err != nil {
				continue
			}
			if d.Vendor.ID != st.id || d.QuestionsSeeded != st.seeded || len(d.Questions) == 0 || d.ViewerIsOwner != st.owner || d.Vendor.OwnerUserID != nil {
				t.Fatalf("%s: seeded %v questions %d owner %v", st.name, d.QuestionsSeeded, len(d.Questions), d.ViewerIsOwner)
			}
		}
	})
}

// TestUpdateVendorQuestion: an edit seeds the defaults in the same transaction, so a refused
// edit leaves the vendor without questions.
func TestUpdateVendorQuestion(t *testing.T) {
	eachService(t, func(t *testing.T, svc *detail.Service, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		const vendor = "ven-signcraft"
		answer := "Two days."
		steps := []struct {
			name      string
			vendor    string
			number    int
			text      string
			code      apperr.Code
			questions int // the vendor's questions after the step
		}{
			{"an unknown vendor", "ven-nope", 1, "Why?", apperr.NotFound, 0},
			{"blank text", vendor, 1, "   ", apperr.Invalid, 0},
			{"a question that does not exist rolls the seeding back", vendor, 9, "Nine?", apperr.NotFound, 0},
			{"an edit seeds the rest", vendor, 3, "How fast can you open my file?", "", 5},
		}
		for _, st := range steps {
			q, err := svc.UpdateVendorQuestion(ctx, st.vendor, st.number, st.text, &answer)
			wantCode(t, st.name, err, st.code)
			if err == nil && (q.QuestionNumber != st.number || q.QuestionText != st.text || q.AnswerText != answer) {
				t.Fatalf("%s: %+v", st.name, q)
			}
			if qs, err := store.NewCatalog(db).VendorQuestions(ctx, vendor); err != nil || len(qs) != st.questions {
				t.Fatalf("%s: %d questions %v", st.name, len(qs), err)
			}
		}
		qs, _ := store.NewCatalog(db).VendorQuestions(ctx, vendor)
		if qs[0].QuestionText != catalog.DefaultVendorQuestions[0] || qs[2].QuestionText != "How fast can you open my file?" {
			t.Fatalf("questions: %+v", qs)
		}
	})
}

// TestEventsMetricsAndReferrals: client events (an outbound click is also a contact request),
// metrics over a period of the service's clock, and referral links.
func TestEventsMetricsAndReferrals(t *testing.T) {
	eachService(t, func(t *testing.T, svc *detail.Service, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		base := activities(t, db, bellID, tcID, catalog.ActivityContactRequest) // the demo's own
		events := []struct {
			name     string
			id, kind string
			data     map[string]any
			code     apperr.Code
		}{
			{"event data over 4 KB", quietID, "click", map[string]any{"x": strings.Repeat("a", detail.EventDataMax)}, apperr.Invalid},
			{"event data that is not JSON", quietID, "click", map[string]any{"x": func() {}}, apperr.Invalid},
			{"an inactive service", inactiveID, "click", nil, apperr.NotFound},
			{"a click", quietID, "click", map[string]any{"placement": "hero"}, ""},
			{"an outbound click", tcID, "outbound_click", nil, ""},
		}
		for _, e := range events {
			rec, err := svc.RecordEvent(ctx, agentID, e.id, e.kind, e.data)
			wantCode(t, e.name, err, e.code)
			if err == nil && !rec {
				t.Fatalf("%s: not recorded", e.name)
			}
		}
		if n := activities(t, db, bellID, tcID, catalog.ActivityContactRequest) - base; n != 1 {
			t.Fatalf("contact requests: %d", n)
		}

		clk.Advance(8 * 24 * time.Hour)
		periods := []struct {
			period, want string
			clicks       int64
		}{{"", "30d", 1}, {"30d", "30d", 1}, {"7d", "7d", 0}, {"90d", "90d", 1}}
		for _, p := range periods {
			m, err := svc.Metrics(ctx, quietID, p.period)
			if err != nil || m.Period != p.want || m.TotalClicks != p.clicks {
				t.Fatalf("period %q: %+v %v", p.period, m, err)
			}
		}
		if _, err := svc.Metrics(ctx, "svc-nope", ""); !apperr.IsNotFound(err) {
			t.Fatalf("metrics of an unknown service: %v", err)
		}

		for _, id := range []string{"svc-nope", inactiveID} {
			if _, err := svc.MintReferral(ctx, agentID, id); apperr.CodeOf(err) != apperr.Invalid {
				t.Fatalf("mint for %s: %v", id, err)
			}
		}
		r, err := svc.MintReferral(ctx, agentID, tcID)
		if err != nil || r.Token.VendorID == nil || *r.Token.VendorID != bellID ||
			!strings.HasPrefix(r.ShareURL, "https://circle.test/services/contract-to-close-transaction-coordination--"+tcID+"?utm_source=") ||
			!strings.HasSuffix(r.ShareURL, "&utm_medium=share&utm_campaign=deal_share&ref="+r.Token.Token) {
			t.Fatalf("mint: %+v %v", r, err)
		}
		if again, err := svc.MintReferral(ctx, agentID, tcID); err != nil || again.Token.Token != r.Token.Token {
			t.Fatalf("one token per user and service: %+v %v", again, err)
		}
		if got, err := svc.ResolveReferral(ctx, r.Token.Token); err != nil || got.ServiceID != tcID || got.UserID != agentID {
			t.Fatalf("resolve: %+v %v", got, err)
		}
		if _, err := svc.ResolveReferral(ctx, "nope"); !apperr.IsNotFound(err) {
			t.Fatalf("resolve an unknown token: %v", err)
		}
	})
}

// TestTrackServiceActivity: a save counts once per 15 minutes of the store's clock; an unknown
// service is skipped without failing.
func TestTrackServiceActivity(t *testing.T) {
	eachService(t, func(t *testing.T, svc *detail.Service, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		base := activities(t, db, bellID, tcID, catalog.ActivityServiceSave) // the demo's own
		for _, st := range []struct {
			advance time.Duration
			want    int
		}{{0, 1}, {10 * time.Minute, 1}, {6 * time.Minute, 2}} {
			clk.Advance(st.advance)
			svc.TrackServiceActivity(ctx, tcID, agentID, catalog.ActivityServiceSave)
			if n := activities(t, db, bellID, tcID, catalog.ActivityServiceSave) - base; n != st.want {
				t.Fatalf("after %v: %d saves, want %d", st.advance, n, st.want)
			}
		}
		svc.TrackServiceActivity(ctx, "svc-nope", agentID, catalog.ActivityServiceSave)
	})
}
