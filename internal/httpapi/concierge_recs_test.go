package httpapi_test

import (
	"context"
	"net/http"
	"slices"
	"testing"
	"time"

	"circle/internal/concierge"
	"circle/internal/demo"
	"circle/internal/store/storetest"
	"circle/internal/testapp"
)

// F-AI-04 (issue 29 item 5): recommendations for the signed-in agent come from what Circle knows
// of them and say why; the market figures of a state count Circle's own purchases and
// catalogue. Visitors are refused; an unknown state names the field. On SQLite and PostgreSQL.
func TestF_AI_04_RecommendationsAndMarket(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			a := testapp.Start(t, kind)
			a.LoadDemo(t)
			ctx := context.Background()
			if res := a.Get(t, "/api/concierge/recommendations"); res.Status != http.StatusUnauthorized {
				t.Fatalf("a visitor's recommendations: %d %s", res.Status, res.Body)
			}
			if res := a.Get(t, "/api/concierge/market"); res.Status != http.StatusUnauthorized {
				t.Fatalf("a visitor's market: %d %s", res.Status, res.Body)
			}
			agent := a.SignIn(t, "agent@demo.test", demo.Password)
			// What Circle knows of this agent: nothing saved or viewed but HDR photos saved now.
			for _, q := range []string{"DELETE FROM saved_services WHERE user_id = 'usr-demo-agent'", "DELETE FROM service_views WHERE user_id = 'usr-demo-agent'"} {
				if _, err := a.DB.Bun().ExecContext(ctx, q); err != nil {
					t.Fatal(err)
				}
			}
			if res := call(t, a, agent, "PUT", "/api/saved/svc-listingloop-hdr-photos", map[string]string{}); res.Status != http.StatusOK {
				t.Fatalf("save: %d %s", res.Status, res.Body)
			}
			var recs concierge.Recommendations
			res := call(t, a, agent, "GET", "/api/concierge/recommendations", nil)
			if res.Status != http.StatusOK {
				t.Fatalf("recommendations: %d %s", res.Status, res.Body)
			}
			res.JSON(t, &recs)
			if !recs.Personal || recs.State != "TX" || len(recs.Services) == 0 || len(recs.Services) > concierge.MaxRecommendations {
				t.Fatalf("recommendations: %+v", recs)
			}
			// The saved category lifts photography to the top three (the demo's paid history can put
			// a service bought in the agent's state beside it), with the saved category as its reason.
			photo := slices.IndexFunc(recs.Services, func(s concierge.Recommended) bool { return s.Category == "Photography" })
			if photo < 0 || photo > 2 {
				t.Fatalf("a saved photography service puts photography in the top three: %+v", recs.Services)
			}
			if p := recs.Services[photo]; len(p.Reasons) == 0 || p.Reasons[0].Key != concierge.ReasonSaved ||
				p.Reasons[0].Params["category"] != "Photography" || p.Price == "" || p.URL == "" {
				t.Fatalf("photography's reason is the saved category: %+v", p)
			}
			first := recs.Services[0]
			for _, s := range recs.Services {
				if s.ServiceID == "svc-listingloop-hdr-photos" {
					t.Fatal("a saved service is recommended back")
				}
			}
			var es concierge.Recommendations
			call(t, a, agent, "GET", "/api/concierge/recommendations?lang=es", nil).JSON(t, &es)
			if len(es.Services) == 0 || es.Services[0].ServiceID != first.ServiceID {
				t.Fatalf("the Spanish list is the same list: %+v", es.Services)
			}

			// The market of the agent's state by default; the figures are Circle's own.
			var m concierge.Market
			res = call(t, a, agent, "GET", "/api/concierge/market", nil)
			if res.Status != http.StatusOK {
				t.Fatalf("market: %d %s", res.Status, res.Body)
			}
			res.JSON(t, &m)
			if m.State != "TX" || m.WindowDays != 90 || len(m.Categories) == 0 || len(m.Categories) > concierge.MaxMarketCategories {
				t.Fatalf("market: %+v", m)
			}
			since := time.Now().Add(-concierge.MarketWindow).UTC()
			for _, c := range m.Categories {
				var all int
				if err := a.DB.Bun().NewRaw(`SELECT COUNT(*) FROM order_items AS oi JOIN orders AS o ON o.id = oi.order_id
					JOIN services AS s ON s.id = oi.service_id WHERE o.status = 'paid' AND o.paid_at >= ? AND s.category = ?`, since, c.Category).Scan(ctx, &all); err != nil {
					t.Fatal(err)
				}
				if c.PurchasesAll != all || c.PurchasesInState > c.PurchasesAll || c.Services == 0 || c.CoPayShare < 0 || c.CoPayShare > 100 {
					t.Fatalf("%s: %+v, %d paid purchases in the window", c.Category, c, all)
				}
			}
			var fl concierge.Market
			call(t, a, agent, "GET", "/api/concierge/market?state=fl", nil).JSON(t, &fl)
			if fl.State != "FL" {
				t.Fatalf("another state: %+v", fl)
			}
			wantError(t, call(t, a, agent, "GET", "/api/concierge/market?state=ZZ", nil), 400, "state", "concierge.unknown_state", "")
		})
	}
}
