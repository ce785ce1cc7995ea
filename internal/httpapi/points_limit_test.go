package httpapi_test

import (
	"context"
	"net/http"
	"testing"

	"circle/internal/demo"
	"circle/internal/store"
)

type pointsLimitView struct {
	Percent int    `json:"percent"`
	Cents   int64  `json:"cents"`
	Base    string `json:"base"`
}

// TestF_PAY_07_PointsLimitExplainedWithTheFigure (issue 28 item 7): where a Pro member chooses to
// pay with points (the payment-option dialog's points option) and on the cart line, the server
// says the 02§5 rule with its figure: points cover at most the split limit (default 50%) of the
// Pro price when the vendor is not a settlement provider. The HDR photos ($189 Pro, a
// non-settlement vendor): up to 50% of the Pro price, 95 points paying $95. A settlement
// provider's service carries no limit. Before, the line said "95 points pay $95; you pay the
// rest" without a word on why while the wallet held 2,500.
func TestF_PAY_07_PointsLimitExplainedWithTheFigure(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		pointsOption := func(serviceID string) (needed int64, limit *pointsLimitView) {
			t.Helper()
			var out struct {
				Offers []struct {
					PackageID string `json:"package_id"`
					Options   []struct {
						Coverage     string           `json:"coverage"`
						PointsNeeded int64            `json:"points_needed"`
						PointsLimit  *pointsLimitView `json:"points_limit"`
					} `json:"coverage_options"`
				} `json:"offers"`
			}
			res := call(t, a, pro, http.MethodGet, "/api/services/"+serviceID+"/offers", nil)
			res.JSON(t, &out)
			if res.Status != http.StatusOK || len(out.Offers) == 0 {
				t.Fatalf("offers of %s: %d %s", serviceID, res.Status, res.Body)
			}
			for _, o := range out.Offers[0].Options {
				if o.Coverage == "points" {
					return o.PointsNeeded, o.PointsLimit
				}
			}
			t.Fatalf("%s: no points option", serviceID)
			return 0, nil
		}
		needed, limit := pointsOption("svc-listingloop-hdr-photos")
		if needed != 95 || limit == nil || *limit != (pointsLimitView{Percent: 50, Cents: 95_00, Base: "pro"}) {
			t.Fatalf("dialog: %d points, limit %+v; want 95 points, up to 50%% of the Pro price ($95)", needed, limit)
		}

		res := call(t, a, pro, http.MethodPost, "/api/cart/items", map[string]any{"service_id": "svc-listingloop-hdr-photos", "price_cents": 189_00, "coverage": "points"})
		if res.Status != http.StatusOK {
			t.Fatalf("add points line %d %s", res.Status, res.Body)
		}
		var cart struct {
			Items []struct {
				Coverage    string           `json:"coverage"`
				PointsUsed  int64            `json:"points_used"`
				PointsLimit *pointsLimitView `json:"points_limit"`
			} `json:"items"`
		}
		call(t, a, pro, http.MethodGet, "/api/cart", nil).JSON(t, &cart)
		if len(cart.Items) != 1 || cart.Items[0].PointsUsed != 95 || cart.Items[0].PointsLimit == nil ||
			*cart.Items[0].PointsLimit != (pointsLimitView{Percent: 50, Cents: 95_00, Base: "pro"}) {
			t.Fatalf("cart line %+v", cart.Items)
		}

		// A settlement provider's service: points may pay it all, no limit to explain.
		var ssp string
		if err := a.DB.Bun().NewRaw(`SELECT s.id FROM services s JOIN vendors v ON v.id = s.vendor_id
			WHERE v.vendor_type IN ('lender', 'mortgage_lender', 'title_company', 'escrow_company', 'settlement_agent', 'mortgage_broker', 'real_estate_attorney') AND s.is_active = ? AND s.requires_quote = ?
			AND s.retail_price_cents > 0 ORDER BY s.id LIMIT 1`, true, false).Scan(context.Background(), &ssp); err != nil {
			t.Fatal(err)
		}
		if _, limit := pointsOption(ssp); limit != nil {
			t.Fatalf("%s (a settlement provider's): limit %+v", ssp, limit)
		}
	})
}
