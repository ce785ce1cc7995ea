package creators_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"circle/internal/affiliates"
	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/clocktest"
	"circle/internal/creators"
	"circle/internal/demo"
	"circle/internal/demo/demotest"
	"circle/internal/ids"
	"circle/internal/payments"
	"circle/internal/payments/stripemock"
	"circle/internal/roles"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

const (
	applicant = "usr-demo-agent" // a member who is neither creator nor affiliate
	other     = "usr-demo-pro"   // a second creator
	browserUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36"
)

var adminActor = audit.Actor{UserID: "usr-demo-admin", RequestID: "req-creators"}

func setup(t *testing.T, db *store.DB, payouts payments.Payouts) (*creators.Service, *affiliates.Service, *clocktest.Clock) {
	t.Helper()
	clk := clocktest.New(time.Date(2026, 3, 10, 15, 0, 0, 0, time.UTC))
	demotest.Load(t, db)
	aff := &affiliates.Service{Store: store.NewAffiliates(db), Now: clk.Now, Salt: "salt"}
	svc := &creators.Service{Store: store.NewCreators(db), Referrals: aff, Payouts: payouts, Now: clk.Now, NewID: ids.New, BaseURL: "http://circle.test"}
	return svc, aff, clk
}

func goodApplication() creators.CreatorApplicationInput {
	return creators.CreatorApplicationInput{DisplayName: "  Dana Reels ", AudienceSize: 5400, Platforms: []string{"tiktok", "youtube", "youtube"},
		Niches: []string{"social_media"}, ContentPlan: "Weekly TikTok walk-throughs of listings and one long YouTube tutorial a month."}
}

func approve(t *testing.T, svc *creators.Service, userID string) creators.CreatorApplication {
	t.Helper()
	ctx := context.Background()
	a, err := svc.Apply(ctx, userID, goodApplication())
	if err != nil {
		t.Fatal(err)
	}
	a, err = svc.Decide(ctx, adminActor, a.ID, true, "")
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestF_AREA_02_ApplicationsAndReview: every wrong field is named; one application per member;
// a rejection needs a reason and may be answered by applying again; an approval grants the
// creator role as a recorded grant, opens the affiliate account (the referral links) and is
// audited with the decision, once.
func TestF_AREA_02_ApplicationsAndReview(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, aff, _ := setup(t, db, &payments.BuiltIn{})
		_, err := svc.Apply(ctx, applicant, creators.CreatorApplicationInput{DisplayName: "D", AudienceSize: -1, Platforms: []string{"myspace"}, Niches: nil, ContentPlan: "short", Website: "ftp://x"})
		if got := strings.Join(apperr.FieldNames(err), ","); got != "display_name,website,audience_size,platforms,niches,content_plan" {
			t.Fatalf("invalid application fields: %q (%v)", got, err)
		}
		a, err := svc.Apply(ctx, applicant, goodApplication())
		if err != nil || a.Status != creators.StatusPending || a.DisplayName != "Dana Reels" || strings.Join(a.Platforms, ",") != "youtube,tiktok" || a.Email != "agent@demo.test" {
			t.Fatalf("apply: %+v %v", a, err)
		}
		if _, err := svc.Apply(ctx, applicant, goodApplication()); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("second application: %v", err)
		}
		if _, err := svc.Decide(ctx, adminActor, a.ID, false, " "); apperr.CodeOf(err) != apperr.Invalid {
			t.Fatalf("reject without a reason: %v", err)
		}
		rej, err := svc.Decide(ctx, adminActor, a.ID, false, "Please list the channels with their audience.")
		if err != nil || rej.Status != creators.StatusRejected || rej.Reason == "" || rej.DecidedAt == nil {
			t.Fatalf("reject: %+v %v", rej, err)
		}
		if _, err := svc.DashboardFor(ctx, applicant); !apperr.IsNotFound(err) {
			t.Fatalf("a rejected applicant's dashboard: %v", err)
		}
		again, err := svc.Apply(ctx, applicant, goodApplication())
		if err != nil || again.ID != a.ID || again.Status != creators.StatusPending || again.Reason != "" || again.DecidedAt != nil {
			t.Fatalf("apply again: %+v %v", again, err)
		}
		ok, err := svc.Decide(ctx, adminActor, a.ID, true, "")
		if err != nil || ok.Status != creators.StatusApproved {
			t.Fatalf("approve: %+v %v", ok, err)
		}
		if _, err := svc.Decide(ctx, adminActor, a.ID, true, ""); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("approve twice: %v", err)
		}
		grants, err := store.NewAccounts(db).RoleGrants(ctx, applicant)
		if err != nil {
			t.Fatal(err)
		}
		var creatorGrants int
		for _, g := range grants {
			if g.Role == roles.Creator && g.Live() {
				creatorGrants++
				if g.GrantedBy != adminActor.UserID {
					t.Errorf("grant by %q, want the administrator", g.GrantedBy)
				}
			}
		}
		if creatorGrants != 1 {
			t.Fatalf("live creator grants: %d (%+v)", creatorGrants, grants)
		}
		var isCreator bool
		if err := db.Bun().NewSelect().Table("profiles").Column("is_creator").Where("user_id = ?", applicant).Scan(ctx, &isCreator); err != nil || !isCreator {
			t.Fatalf("is_creator after approval: %v %v", isCreator, err)
		}
		acct, err := aff.Mine(ctx, applicant)
		if err != nil || acct == nil || acct.Status != affiliates.AppApproved || acct.PayoutEmail != "agent@demo.test" {
			t.Fatalf("affiliate account: %+v %v", acct, err)
		}
		entries, _, err := store.NewAdmin(db).AuditEntries(ctx, audit.Filter{ObjectKind: creators.KindApplication, ObjectID: a.ID, PageSize: 50})
		if err != nil {
			t.Fatal(err)
		}
		actions := map[string]int{}
		for _, e := range entries {
			actions[e.Action]++
			if e.ActorID != adminActor.UserID || e.RequestID != adminActor.RequestID {
				t.Errorf("audit actor %+v", e)
			}
		}
		if actions[creators.ActionApprove] != 1 || actions[creators.ActionReject] != 1 || len(entries) != 2 {
			t.Fatalf("audit entries: %v", actions)
		}
		// The applicant was told of each decision in the app.
		notes, _, err := store.NewNotices(db).UserNotifications(ctx, applicant, 50)
		if err != nil {
			t.Fatal(err)
		}
		kinds := map[string]int{}
		for _, n := range notes {
			kinds[n.Kind]++
		}
		if kinds[creators.NoticeApproved] != 1 || kinds[creators.NoticeRejected] != 1 {
			t.Fatalf("notices: %v", kinds)
		}
		list, err := svc.Applications(ctx, creators.StatusApproved)
		if err != nil || len(list) != 2 { // the demo creator's and this one
			t.Fatalf("approved applications: %d %v", len(list), err)
		}
	})
}

// TestF_AREA_02_ContentAndDashboard: a creator lists and removes only their own content; each
// piece's referral link carries its id, and the clicks through it (and their conversions) count
// for it; the dashboard's earnings are the affiliate account's commissions; another creator sees
// none of it.
func TestF_AREA_02_ContentAndDashboard(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, aff, clk := setup(t, db, &payments.BuiltIn{})
		if _, err := svc.AddContent(ctx, applicant, creators.CreatorContentInput{Title: "A video", URL: "https://x.example/v", Kind: "video", PublishedOn: "2026-03-01"}); !apperr.IsNotFound(err) {
			t.Fatalf("content before approval: %v", err)
		}
		approve(t, svc, applicant)
		approve(t, svc, other)
		tomorrow := clk.Now().AddDate(0, 0, 1).Format(time.DateOnly)
		_, err := svc.AddContent(ctx, applicant, creators.CreatorContentInput{Title: "A", URL: "javascript:alert(1)", Kind: "hologram", PublishedOn: tomorrow})
		if got := strings.Join(apperr.FieldNames(err), ","); got != "title,url,kind,published_on" {
			t.Fatalf("invalid content: %q %v", got, err)
		}
		c, err := svc.AddContent(ctx, applicant, creators.CreatorContentInput{Title: "Staging a condo in 60 seconds", URL: "https://www.tiktok.com/@dana/1", Kind: "social", PublishedOn: clk.Now().Format(time.DateOnly)})
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := svc.AddContent(ctx, other, creators.CreatorContentInput{Title: "Another creator's post", URL: "https://x.example/p", Kind: "article", PublishedOn: "2026-02-01"})
		if err != nil {
			t.Fatal(err)
		}
		// Visitors click the piece's link: the click keeps utm_content.
		d, err := svc.DashboardFor(ctx, applicant)
		if err != nil || len(d.Content) != 1 || d.Referral == nil || !strings.Contains(d.Content[0].ReferralPath, "utm_content="+c.ID) {
			t.Fatalf("dashboard: %+v %v", d, err)
		}
		code := d.Referral.Affiliate.Code
		for i, content := range []string{c.ID, c.ID, "", theirs.ID} {
			if _, err := aff.TrackClick(ctx, "", affiliates.ClickInput{AffiliateCode: code, UserAgent: browserUA, IP: "198.51.100." + string(rune('1'+i)), UTMContent: content}); err != nil {
				t.Fatal(err)
			}
		}
		d, err = svc.DashboardFor(ctx, applicant)
		if err != nil {
			t.Fatal(err)
		}
		if d.Content[0].Clicks != 2 || d.Referral.Clicks != 4 {
			t.Fatalf("clicks: piece %d, account %d", d.Content[0].Clicks, d.Referral.Clicks)
		}
		od, err := svc.DashboardFor(ctx, other)
		if err != nil || len(od.Content) != 1 || od.Content[0].ID != theirs.ID || od.Content[0].Clicks != 0 || od.Referral == nil || od.Referral.Clicks != 0 {
			t.Fatalf("the other creator's dashboard shows this creator's figures: %+v %v", od, err)
		}
		if err := svc.DeleteContent(ctx, other, c.ID); !apperr.IsNotFound(err) {
			t.Fatalf("deleting another creator's content: %v", err)
		}
		if err := svc.DeleteContent(ctx, applicant, c.ID); err != nil {
			t.Fatal(err)
		}
		if d, _ = svc.DashboardFor(ctx, applicant); len(d.Content) != 0 {
			t.Fatalf("content after delete: %+v", d.Content)
		}

		// The demo creator: content with clicks and earnings, which are the affiliate account's.
		dd, err := svc.DashboardFor(ctx, "usr-demo-creator")
		if err != nil || dd.Referral == nil || dd.Referral.Affiliate.Code != demo.DemoAffiliateCode || len(dd.Content) != 4 || dd.Payout.Status != creators.PayoutActive {
			t.Fatalf("demo creator: %+v %v", dd, err)
		}
		ad, err := aff.DashboardFor(ctx, "usr-demo-creator")
		if err != nil {
			t.Fatal(err)
		}
		var pieceClicks int
		var pieceEarned, accountEarned int64
		for _, p := range dd.Content {
			pieceClicks += p.Clicks
			pieceEarned += p.EarnedCents
		}
		for st, cents := range ad.Commission {
			if st != affiliates.CommissionRejected {
				accountEarned += cents
			}
		}
		if pieceClicks == 0 || pieceClicks > ad.Clicks || pieceEarned == 0 || pieceEarned > accountEarned || dd.Referral.Commission["paid"] != ad.Commission["paid"] {
			t.Fatalf("demo figures: pieces %d clicks %d cents; account %d clicks %d cents", pieceClicks, pieceEarned, ad.Clicks, accountEarned)
		}
	})
}

// TestF_AREA_02_TestModePayouts: only the test numbers open an account; the numbers are not
// kept (the last four digits are); the Stripe link is refused in test mode.
func TestF_AREA_02_TestModePayouts(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, _, _ := setup(t, db, payments.GuardPayouts(&payments.BuiltIn{}, store.InsideTx))
		if _, err := svc.PayoutOf(ctx, applicant); !apperr.IsNotFound(err) {
			t.Fatalf("payouts of a non-creator: %v", err)
		}
		approve(t, svc, applicant)
		p, err := svc.PayoutOf(ctx, applicant)
		if err != nil || p.Mode != "test" || p.Status != creators.PayoutNone || p.Account != nil {
			t.Fatalf("before setup: %+v %v", p, err)
		}
		if _, err := svc.OnboardingLink(ctx, applicant, "agent@demo.test"); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("Stripe link in test mode: %v", err)
		}
		if _, err := svc.RefreshPayout(ctx, applicant); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("refresh before setup: %v", err)
		}
		_, err = svc.SetTestBank(ctx, applicant, creators.CreatorTestBankInput{HolderName: "Dana Reels", RoutingNumber: "021000021", AccountNumber: "123456789"})
		if got := strings.Join(apperr.FieldNames(err), ","); got != "routing_number,account_number" {
			t.Fatalf("real numbers in test mode: %q %v", got, err)
		}
		_, err = svc.SetTestBank(ctx, applicant, creators.CreatorTestBankInput{HolderName: "Dana Reels", RoutingNumber: payments.TestRoutingNumber, AccountNumber: payments.TestAccountNumberNoAcct})
		if got := strings.Join(apperr.FieldNames(err), ","); got != "account_number" {
			t.Fatalf("no such account: %q %v", got, err)
		}
		if _, err := svc.SetTestBank(ctx, applicant, creators.CreatorTestBankInput{RoutingNumber: payments.TestRoutingNumber, AccountNumber: payments.TestAccountNumber}); apperr.CodeOf(err) != apperr.Invalid {
			t.Fatalf("no holder: %v", err)
		}
		p, err = svc.SetTestBank(ctx, applicant, creators.CreatorTestBankInput{HolderName: "Dana Reels", RoutingNumber: payments.TestRoutingNumber, AccountNumber: payments.TestAccountNumber})
		if err != nil || p.Status != creators.PayoutActive || p.Account == nil || p.Account.BankLast4 != "6789" || p.Account.Provider != payments.NameBuiltIn {
			t.Fatalf("test account: %+v %v", p, err)
		}
		var leaked int
		if err := db.Bun().NewSelect().Table("creator_payout_accounts").ColumnExpr("COUNT(*)").
			Where("account_id LIKE ? OR bank_last4 LIKE ?", "%"+payments.TestAccountNumber+"%", "%"+payments.TestRoutingNumber+"%").Scan(ctx, &leaked); err != nil || leaked != 0 {
			t.Fatalf("bank numbers stored: %d %v", leaked, err)
		}
		if p, err = svc.RefreshPayout(ctx, applicant); err != nil || p.Status != creators.PayoutActive {
			t.Fatalf("refresh a test account: %+v %v", p, err)
		}
	})
}

// TestF_AREA_02_StripeConnectOnboarding: with Stripe (stripe-mock), the first link opens the
// Express account and later links reuse it; refresh reads the account back.
func TestF_AREA_02_StripeConnectOnboarding(t *testing.T) {
	url := stripemock.Start(t)
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, _, _ := setup(t, db, payments.GuardPayouts(payments.NewStripe("sk_test_123", "whsec_test", url), store.InsideTx))
		approve(t, svc, applicant)
		link, err := svc.OnboardingLink(ctx, applicant, "agent@demo.test")
		if err != nil || !strings.HasPrefix(link, "https://") {
			t.Fatalf("link: %q %v", link, err)
		}
		p, err := svc.PayoutOf(ctx, applicant)
		if err != nil || p.Mode != "stripe" || p.Account == nil || !strings.HasPrefix(p.Account.AccountID, "acct_") || p.Account.Provider != payments.NameStripe {
			t.Fatalf("after the first link: %+v %v", p, err)
		}
		first := p.Account.AccountID
		if _, err := svc.OnboardingLink(ctx, applicant, "agent@demo.test"); err != nil {
			t.Fatal(err)
		}
		if p, _ = svc.PayoutOf(ctx, applicant); p.Account.AccountID != first {
			t.Fatalf("a second link opened another account: %s, then %s", first, p.Account.AccountID)
		}
		if _, err := svc.RefreshPayout(ctx, applicant); err != nil {
			t.Fatalf("refresh: %v", err)
		}
		if _, err := svc.SetTestBank(ctx, applicant, creators.CreatorTestBankInput{HolderName: "Dana", RoutingNumber: payments.TestRoutingNumber, AccountNumber: payments.TestAccountNumber}); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("test form with Stripe: %v", err)
		}
	})
}
