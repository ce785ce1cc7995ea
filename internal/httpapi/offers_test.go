package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"circle/internal/demo"
	"circle/internal/testapp"
)

// Issue 26 item 4 (one way to buy): the purchase dialogs read GET /api/services/{id}/offers, the
// offers of the detail answer alone. For every listed demo service and every kind of viewer (a
// visitor, a Pro member with points, an agent in Canada) they equal the detail answer's offers
// to the cent, and reading them records no funnel view.
func TestIssue26_ServiceOffersAreTheDetailOffersAndRecordNoView(t *testing.T) {
	detailEach(t, func(t *testing.T, app *testapp.App) {
		ctx := context.Background()
		db := app.DB.Bun()
		if _, err := db.ExecContext(ctx, "UPDATE profiles SET state = 'ON' WHERE user_id = ?", dtAgentID); err != nil {
			t.Fatal(err)
		}
		canadian := app.SignIn(t, "agent@demo.test", demo.Password)
		viewers := map[string]*http.Client{"visitor": testapp.NewClient(), "canadian agent": canadian,
			"pro": app.SignIn(t, "pro@demo.test", demo.Password)}
		var ids []string
		rows, err := db.QueryContext(ctx, "SELECT id FROM services WHERE is_active = ? ORDER BY id", true)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id string
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		if err := rows.Close(); err != nil || len(ids) < 10 {
			t.Fatalf("listed demo services: %d (%v)", len(ids), err)
		}
		views := func() int {
			return dtCount(t, app, "SELECT COUNT(*) FROM vendor_activity WHERE activity_type = 'funnel_view'")
		}
		before := views()
		offersOf := func(c *http.Client, path string) json.RawMessage {
			t.Helper()
			res := dtDo(t, app, c, http.MethodGet, path, nil)
			if res.Status != http.StatusOK {
				t.Fatalf("GET %s: %d %s", path, res.Status, res.Body)
			}
			var body struct {
				ServiceID string          `json:"service_id"`
				Offers    json.RawMessage `json:"offers"`
			}
			res.JSON(t, &body)
			return body.Offers
		}
		light := map[string]json.RawMessage{}
		for who, c := range viewers {
			for _, id := range ids {
				light[who+" "+id] = offersOf(c, "/api/services/"+id+"/offers")
			}
		}
		if n := views(); n != before {
			t.Fatalf("reading the offers recorded %d funnel views", n-before)
		}
		for who, c := range viewers {
			for _, id := range ids {
				full := offersOf(c, "/api/services/"+id)
				if got := light[who+" "+id]; !bytes.Equal(got, full) || len(got) < 3 {
					t.Fatalf("%s, %s: offers %s, detail offers %s", who, id, got, full)
				}
			}
		}
		// The detail page still counts as a view (the agent's and the Pro member's).
		if n := views(); n == before {
			t.Fatal("the detail answer recorded no funnel view")
		}
		// Like the detail answer, an unlisted service has no offers.
		if res := dtDo(t, app, viewers["visitor"], http.MethodGet, "/api/services/"+dtInactive+"/offers", nil); res.Status != http.StatusNotFound {
			t.Fatalf("inactive service offers: %d %s", res.Status, res.Body)
		}
	})
}
