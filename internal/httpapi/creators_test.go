package httpapi_test

import (
	"strings"
	"testing"

	"circle/internal/creators"
	"circle/internal/demo"
	"circle/internal/payments"
	"circle/internal/store"
)

// TestF_AREA_02_CreatorJourneyAPI: through the real server on both engines, a member applies,
// is refused the dashboard until an administrator approves (the creator role is granted then),
// sets up payouts with the test numbers, lists content and reads the dashboard; another creator
// can neither see nor remove that content, and non-creators are refused the dashboard (403);
// the demo creator's dashboard has content and earnings.
func TestF_AREA_02_CreatorJourneyAPI(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		admin := a.SignIn(t, "admin@demo.test", demo.Password)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		vendor := a.SignIn(t, "vendor@demo.test", demo.Password)
		demoCreator := a.SignIn(t, "creator@demo.test", demo.Password)

		if res := call(t, a, agent, "GET", "/api/creator/dashboard", nil); res.Status != 403 {
			t.Fatalf("a non-creator's dashboard: %d %s", res.Status, res.Body)
		}
		if res := call(t, a, vendor, "GET", "/api/creator/dashboard", nil); res.Status != 403 {
			t.Fatalf("a vendor's creator dashboard: %d", res.Status)
		}
		if res := call(t, a, agent, "GET", "/api/creator/application", nil); res.Status != 200 || strings.Contains(string(res.Body), `"id"`) {
			t.Fatalf("no application yet: %d %s", res.Status, res.Body)
		}
		res := call(t, a, agent, "POST", "/api/creator/applications", map[string]any{"display_name": "x", "audience_size": 10, "platforms": []string{}, "niches": []string{"coaching"}, "content_plan": "short"})
		if res.Status != 400 || !strings.Contains(string(res.Body), "display_name") || !strings.Contains(string(res.Body), "content_plan") {
			t.Fatalf("bad application: %d %s", res.Status, res.Body)
		}
		res = call(t, a, agent, "POST", "/api/creator/applications", map[string]any{"display_name": "Agent Reels", "audience_size": 2500,
			"platforms": []string{"instagram"}, "niches": []string{"coaching", "social_media"}, "content_plan": "Weekly reels on open houses and a monthly live Q&A for new agents."})
		var app creators.CreatorApplication
		if res.Status != 201 {
			t.Fatalf("apply: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &app)
		if res := call(t, a, agent, "POST", "/api/admin/creator-applications/"+app.ID+"/approve", nil); res.Status != 403 {
			t.Fatalf("the applicant approving themself: %d", res.Status)
		}
		var list struct {
			Applications []creators.CreatorApplication `json:"applications"`
		}
		call(t, a, admin, "GET", "/api/admin/creator-applications?status=pending", nil).JSON(t, &list)
		if len(list.Applications) != 1 || list.Applications[0].ID != app.ID || list.Applications[0].Email != "agent@demo.test" {
			t.Fatalf("pending applications: %+v", list.Applications)
		}
		if res := call(t, a, admin, "POST", "/api/admin/creator-applications/"+app.ID+"/approve", map[string]any{}); res.Status != 200 {
			t.Fatalf("approve: %d %s", res.Status, res.Body)
		}
		if res := call(t, a, admin, "POST", "/api/admin/creator-applications/"+app.ID+"/reject", map[string]any{"reason": "late"}); res.Status != 409 {
			t.Fatalf("reject after approval: %d", res.Status)
		}

		// The approved creator: payouts in test mode, content, dashboard.
		var p creators.CreatorPayout
		call(t, a, agent, "GET", "/api/creator/payouts", nil).JSON(t, &p)
		if p.Mode != "test" || p.Status != creators.PayoutNone {
			t.Fatalf("payouts before setup: %+v", p)
		}
		if res := call(t, a, agent, "POST", "/api/creator/payouts/onboarding-link", nil); res.Status != 409 {
			t.Fatalf("Stripe link in test mode: %d", res.Status)
		}
		res = call(t, a, agent, "POST", "/api/creator/payouts/test-bank", map[string]any{"holder_name": "Agent Reels", "routing_number": payments.TestRoutingNumber, "account_number": payments.TestAccountNumber})
		if res.Status != 200 {
			t.Fatalf("test bank: %d %s", res.Status, res.Body)
		}
		res.JSON(t, &p)
		if p.Status != creators.PayoutActive || p.Account.BankLast4 != "6789" || strings.Contains(string(res.Body), payments.TestAccountNumber) {
			t.Fatalf("payouts after setup: %s", res.Body)
		}
		res = call(t, a, agent, "POST", "/api/creator/content", map[string]any{"title": "Open house reel", "url": "https://www.instagram.com/p/agent-reel", "kind": "social", "published_on": "2026-01-15"})
		if res.Status != 201 {
			t.Fatalf("add content: %d %s", res.Status, res.Body)
		}
		var piece creators.CreatorContent
		res.JSON(t, &piece)
		var d creators.CreatorDashboard
		res = call(t, a, agent, "GET", "/api/creator/dashboard", nil)
		res.JSON(t, &d)
		if res.Status != 200 || len(d.Content) != 1 || d.Referral == nil || !strings.Contains(d.Content[0].ReferralPath, "aff="+d.Referral.Affiliate.Code) || d.Payout.Status != creators.PayoutActive {
			t.Fatalf("dashboard: %d %s", res.Status, res.Body)
		}

		// Another creator: none of it visible or removable.
		if res := call(t, a, demoCreator, "DELETE", "/api/creator/content/"+piece.ID, nil); res.Status != 404 {
			t.Fatalf("another creator deleting the piece: %d", res.Status)
		}
		var dd creators.CreatorDashboard
		res = call(t, a, demoCreator, "GET", "/api/creator/dashboard", nil)
		res.JSON(t, &dd)
		if res.Status != 200 || strings.Contains(string(res.Body), piece.ID) || strings.Contains(string(res.Body), "agent@demo.test") || dd.Referral == nil ||
			dd.Referral.Affiliate.Code != demo.DemoAffiliateCode || len(dd.Content) != 4 || dd.Referral.Commission["paid"] == 0 {
			t.Fatalf("demo creator's dashboard: %d %s", res.Status, res.Body)
		}
		if res := call(t, a, agent, "DELETE", "/api/creator/content/"+piece.ID, nil); res.Status != 204 {
			t.Fatalf("delete own piece: %d %s", res.Status, res.Body)
		}
		// An administrator passes the access check but is not a creator.
		if res := call(t, a, admin, "GET", "/api/creator/dashboard", nil); res.Status != 404 {
			t.Fatalf("an administrator's creator dashboard: %d", res.Status)
		}
	})
}
