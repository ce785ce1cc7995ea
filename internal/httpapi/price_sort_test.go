package httpapi_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"circle/internal/demo"
	"circle/internal/marketplace"
	"circle/internal/testapp"
)

// TestF_CAT_03_PriceSortByMonthlyEquivalentQuotesLast (issue 28 item 6): the price sorts compare
// one number, the retail price's monthly equivalent (a one-time price spread over 12 months, a
// yearly one over its 12), the card carries it (sort_price) so the page can show it while the
// sort is active, and services priced after a consultation come last in both directions; the
// same for a retail agent and a Pro member, on both engines. Before, a one-time $2,500 sorted
// above $1,800/mo and the key was the co-pay price no card shows.
func TestF_CAT_03_PriceSortByMonthlyEquivalentQuotesLast(t *testing.T) {
	demoEach(t, func(t *testing.T, app *testapp.App) {
		for _, email := range []string{"agent@demo.test", "pro@demo.test"} {
			viewer := app.SignIn(t, email, demo.Password)
			for _, sort := range []string{"price_low", "price_high"} {
				res := app.DoWith(t, viewer, http.MethodGet, "/api/marketplace/services?"+url.Values{"sort": {sort}, "page_size": {"100"}}.Encode(), nil, nil)
				var p marketplace.Page
				res.JSON(t, &p)
				if res.Status != 200 || len(p.Services) < 60 || int64(len(p.Services)) != p.Total {
					t.Fatalf("%s %s: %d, %d of %d services", email, sort, res.Status, len(p.Services), p.Total)
				}
				var shown []string
				prev, quotes, periods := int64(-1), 0, map[string]bool{}
				for _, c := range p.Services {
					if c.Offers.Member.Kind == "quote" {
						if c.SortPrice != nil {
							t.Fatalf("%s: quote card %q has a sort price", sort, c.Title)
						}
						quotes++
						shown = append(shown, "quote")
						continue
					}
					if quotes > 0 {
						t.Fatalf("%s %s: priced %q after a quote card: %s", email, sort, c.Title, strings.Join(shown, ", "))
					}
					sp := c.SortPrice
					if sp == nil || c.RetailPriceCents == nil || sp.Cents != *c.RetailPriceCents {
						t.Fatalf("%s: %q sort price %+v, retail %v", sort, c.Title, sp, c.RetailPriceCents)
					}
					// The period is the card's suffix; the monthly equivalent its retail per month.
					period, perYear, monthly := "month", sp.Cents*12, sp.Cents
					switch c.PriceSuffix {
					case "/yr":
						period, perYear, monthly = "year", sp.Cents, (sp.Cents+6)/12
					case "":
						period, perYear, monthly = "one_time", sp.Cents, (sp.Cents+6)/12
					}
					periods[period] = true
					if sp.Period != period || sp.MonthlyCents != monthly {
						t.Fatalf("%s: %q (%d%s) sort price %+v; want %s, %d a month", sort, c.Title, sp.Cents, c.PriceSuffix, sp, period, monthly)
					}
					shown = append(shown, fmt.Sprintf("$%d%s", sp.Cents/100, c.PriceSuffix))
					if prev >= 0 && ((sort == "price_low" && perYear < prev) || (sort == "price_high" && perYear > prev)) {
						t.Fatalf("%s %s out of order: %s", email, sort, strings.Join(shown, ", "))
					}
					prev = perYear
				}
				if quotes == 0 || len(periods) != 3 {
					t.Fatalf("the demo has %d quote cards and periods %v: the test does not cover them", quotes, periods)
				}
			}
		}
	})
}
