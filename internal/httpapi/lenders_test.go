package httpapi_test

import (
	"encoding/json"
	"strings"
	"testing"

	"circle/internal/app"
	"circle/internal/demo"
	"circle/internal/integrations"
	"circle/internal/lender"
	"circle/internal/store"
)

// TestF_AREA_05_LendersThroughTheAPI (issue 32 item 2): anyone filters the lenders (bad filters
// answer 400 naming the field) and compares two (a fourth is refused by name); a Pro agent's
// co-marketing request goes through the existing co-pay request with a service and split the
// lender's co-pay options offered, priced by the server; a lender not open to co-marketing
// answers 409; a non-Pro member is refused. Both engines.
func TestF_AREA_05_LendersThroughTheAPI(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := acctApp(t, kind)
		agent, _, _ := acctBrowser(t, a, "agent@demo.test")
		pro, _, _ := acctBrowser(t, a, "pro@demo.test")

		list := okJSON[lender.LenderList](t, "list", call(t, a, nil, "GET", "/api/lenders?state=CO&loan_type=renovation&copay=true", nil))
		if list.Total != 1 || list.Lenders[0].ID != "ven-summitridge" || list.Lenders[0].NMLSID != "2204517" || !list.Lenders[0].CoPayAvailable {
			t.Fatalf("CO renovation: %+v", list)
		}
		for _, bad := range []struct{ q, field string }{{"state=ZZ", "state"}, {"loan_type=arm", "loan_type"}, {"min_rating=60", "min_rating"}} {
			res := call(t, a, nil, "GET", "/api/lenders?"+bad.q, nil)
			if res.Status < 400 || res.Status >= 500 || !strings.Contains(string(res.Body), bad.field) {
				t.Errorf("%s: %d %s", bad.q, res.Status, res.Body)
			}
		}
		cmp := okJSON[struct{ Lenders []lender.Lender }](t, "compare", call(t, a, nil, "GET", "/api/lenders/compare?ids=ven-harborline,ven-summitridge&lang=fr", nil))
		if len(cmp.Lenders) != 2 || cmp.Lenders[1].Name != "Groupe Hypothécaire Summit Ridge" {
			t.Fatalf("compare: %+v", cmp)
		}
		res := call(t, a, nil, "GET", "/api/lenders/compare?ids=ven-harborline,ven-summitridge,ven-prairiefederal,ven-coastlinevets", nil)
		if res.Status != 400 || !strings.Contains(string(res.Body), lender.KeyCompareMax) {
			t.Fatalf("compare four: %d %s", res.Status, res.Body)
		}

		// Co-marketing: visitors sign in, members upgrade, Pro agents get priced options.
		if res := call(t, a, nil, "GET", "/api/lenders/ven-harborline/copay-options", nil); res.Status != 401 {
			t.Errorf("visitor options: %d", res.Status)
		}
		if res := call(t, a, agent, "GET", "/api/lenders/ven-harborline/copay-options", nil); res.Status != 403 {
			t.Errorf("member options: %d", res.Status)
		}
		if res := call(t, a, pro, "GET", "/api/lenders/ven-evergreenjumbo/copay-options", nil); res.Status != 409 || !strings.Contains(string(res.Body), lender.KeyNoCoPay) {
			t.Errorf("closed lender: %d %s", res.Status, res.Body)
		}
		var opts lender.CoPayOptions
		res = call(t, a, pro, "GET", "/api/lenders/ven-harborline/copay-options", nil)
		if res.Status != 200 {
			t.Fatalf("options: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &opts)
		if len(opts.Options) == 0 {
			t.Fatalf("no options: %+v", opts)
		}
		o := opts.Options[0]
		if o.Slider.Max > 20 || o.Split < o.Slider.Min || o.Split > o.Slider.Max || o.AgentShare.USDCents+o.VendorShare.USDCents != o.BasePrice.USDCents || o.Explanation == "" {
			t.Fatalf("option (an SSP is capped at 20%%): %+v", o)
		}
		res = call(t, a, pro, "POST", "/api/copay/requests", map[string]any{"service_id": o.ServiceID, "vendor_id": "ven-harborline",
			"requested_split_percentage": o.Split, "agent_notes": "Co-marketing partnership from the lender marketplace", "idempotency_key": "lender-test-1"})
		if res.Status != 201 {
			t.Fatalf("request: %d %s", res.Status, res.Body)
		}
		var req struct {
			VendorID       string `json:"vendor_id"`
			Status         string `json:"status"`
			RequestedSplit int    `json:"requested_split_percentage"`
		}
		res.JSON(t, &req)
		if req.VendorID != "ven-harborline" || req.Status != "pending" {
			t.Fatalf("request: %s", res.Body)
		}
	})
}

// TestF_AREA_05_IntegrationsThroughTheAPI (issue 32 item 8): the page's answer follows the
// server's configuration (the CRM configured with HighLevel's key and location; halves of other
// pairs stay built in) and holds no secret value, whoever asks. Both engines.
func TestF_AREA_05_IntegrationsThroughTheAPI(t *testing.T) {
	engineEach(t, func(t *testing.T, kind store.Kind) {
		secrets := []string{"ghl-secret-token-9f2", "loc-secret-77", "llm-secret-key-31", "smtp-secret-pass-5", "google-secret-8c", "turnstile-secret-4d"}
		a := acctApp(t, kind, func(c *app.Config) {
			c.GHLAPIKey, c.GHLLocationID, c.GHLBaseURL = secrets[0], secrets[1], "http://127.0.0.1:9"
			c.LLMAPIKey, c.SMTPPassword, c.GoogleClientSecret, c.TurnstileSecret = secrets[2], secrets[3], secrets[4], secrets[5]
		})
		admin := a.SignIn(t, "admin@demo.test", demo.Password)
		for _, c := range []struct {
			name string
			res  func() string
		}{{"visitor", func() string { return string(call(t, a, nil, "GET", "/api/integrations", nil).Body) }},
			{"admin", func() string { return string(call(t, a, admin, "GET", "/api/integrations", nil).Body) }}} {
			body := c.res()
			for _, s := range secrets {
				if strings.Contains(body, s) {
					t.Errorf("%s sees the secret %q: %s", c.name, s, body)
				}
			}
			var out struct{ Integrations []integrations.Integration }
			if err := json.Unmarshal([]byte(body), &out); err != nil {
				t.Fatal(err)
			}
			got := map[string]integrations.Integration{}
			for _, in := range out.Integrations {
				got[in.ID] = in
			}
			if got["crm"].Status != integrations.Configured || got["crm"].Adapter != "highlevel" {
				t.Errorf("%s crm: %+v", c.name, got["crm"])
			}
			if got["bot_check"].Status != integrations.Builtin || got["bot_check"].Missing[0] != "CIRCLE_TURNSTILE_SITE_KEY" {
				t.Errorf("%s bot check: %+v", c.name, got["bot_check"])
			}
			if got["google_sign_in"].Status != integrations.Off || got["llm"].Status != integrations.Builtin || got["email"].Adapter != "outbox" {
				t.Errorf("%s: %+v", c.name, got)
			}
		}
	})
}
