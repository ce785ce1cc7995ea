package affiliates_test

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"circle/internal/affiliates"
	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/demo/demotest"
	"circle/internal/racetest"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

const (
	affUser   = "usr-demo-agent" // the affiliate
	buyerUser = "usr-demo-pro"   // the buyer who arrives through the link
	browserUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36"
)

var admin = audit.Actor{UserID: "usr-demo-vendor", RequestID: "req-test"}

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time      { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }
func (c *clock) set(t time.Time)     { c.mu.Lock(); c.t = t; c.mu.Unlock() }

// setup loads the demo accounts and returns the service with an approved affiliate, on a test
// clock that starts at 2026-11-01 12:00 UTC and moves only when the test moves it.
func setup(t *testing.T, db *store.DB) (*affiliates.Service, affiliates.Affiliate, *clock) {
	t.Helper()
	ctx := context.Background()
	clk := &clock{t: time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)}
	demotest.Load(t, db)
	svc := &affiliates.Service{Store: store.NewAffiliates(db), Now: clk.now, Salt: "salt"}
	// The demo data may already hold the demo affiliate; a fresh one is applied for when not.
	a, err := svc.Mine(ctx, affUser)
	if err != nil {
		t.Fatal(err)
	}
	if a == nil {
		app, err := svc.Apply(ctx, affUser, affiliates.AffiliateApplication{Promotion: "A newsletter for 4,000 agents", PayoutEmail: "pay@example.com"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Apply(ctx, affUser, affiliates.AffiliateApplication{Promotion: "A second application", PayoutEmail: "pay@example.com"}); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("second application: %v", err)
		}
		if _, err := svc.TrackClick(ctx, "", affiliates.ClickInput{AffiliateCode: app.Code, UserAgent: browserUA, IP: "203.0.113.1"}); apperr.CodeOf(err) != apperr.NotFound {
			t.Fatalf("click on a pending affiliate: %v", err)
		}
		approved, err := svc.Decide(ctx, admin, app.ID, true, "")
		if err != nil || approved.Status != affiliates.AppApproved {
			t.Fatalf("approve: %+v %v", approved, err)
		}
		if _, err := svc.Decide(ctx, admin, app.ID, false, "late"); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("decide twice: %v", err)
		}
		a = &approved
	}
	return svc, *a, clk
}

func click(t *testing.T, svc *affiliates.Service, code, userID, ip string) affiliates.ClickResult {
	t.Helper()
	r, err := svc.TrackClick(context.Background(), userID, affiliates.ClickInput{AffiliateCode: code, UserAgent: browserUA, IP: ip,
		URL: "https://circle.test/marketplace?aff=" + code, UTMSource: "newsletter", UTMMedium: "email", UTMCampaign: "spring"})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func convert(ctx context.Context, db *store.DB, svc *affiliates.Service, kind, source, user string, cents int64, at time.Time) (bool, error) {
	var ok bool
	err := db.InTx(ctx, func(ctx context.Context) error {
		var err error
		ok, err = svc.Convert(ctx, kind, source, user, cents, at)
		return err
	})
	return ok, err
}

// TestF_ENG_09_ClicksDedupeAndBots: a click through an approved link is recorded once per
// visitor within 24 hours (the address only hashed), a bot's visit records nothing, and after
// the window the same visitor counts again; on both engines.
func TestF_ENG_09_ClicksDedupeAndBots(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, a, clk := setup(t, db)
		first := click(t, svc, a.Code, "", "198.51.100.7")
		if !first.Recorded || first.Repeat || first.LinkID == "" || first.AffiliateID != a.ID || !first.ExpiresAt.Equal(clk.now().Add(30*24*time.Hour)) {
			t.Fatalf("first click: %+v", first)
		}
		clk.add(time.Hour)
		again := click(t, svc, strings.ToUpper(a.Code), "", "198.51.100.7")
		if again.LinkID != first.LinkID || !again.Repeat {
			t.Fatalf("same visitor within 24 h is the same click: %+v", again)
		}
		other := click(t, svc, a.Code, "", "198.51.100.8")
		if other.LinkID == first.LinkID || other.Repeat {
			t.Fatalf("another visitor: %+v", other)
		}
		bot, err := svc.TrackClick(ctx, "", affiliates.ClickInput{AffiliateCode: a.Code, UserAgent: "Googlebot/2.1 (+http://www.google.com/bot.html)", IP: "66.249.66.1"})
		if err != nil || bot.Recorded || bot.LinkID != "" {
			t.Fatalf("bot: %+v %v", bot, err)
		}
		if _, err := svc.TrackClick(ctx, "", affiliates.ClickInput{AffiliateCode: "nosuchcode", UserAgent: browserUA, IP: "1.2.3.4"}); apperr.CodeOf(err) != apperr.NotFound {
			t.Fatalf("unknown code: %v", err)
		}
		clk.add(24 * time.Hour)
		later := click(t, svc, a.Code, "", "198.51.100.7")
		if later.LinkID == first.LinkID || later.Repeat {
			t.Fatalf("after 24 h a new click: %+v", later)
		}
		c, err := store.NewAffiliates(db).ClickByID(ctx, first.LinkID)
		if err != nil || c == nil || c.IPHash == "" || strings.Contains(c.IPHash, "198.51") || c.UTMSource != "newsletter" || c.UTMCampaign != "spring" {
			t.Fatalf("stored click: %+v %v", c, err)
		}
		d, err := svc.DashboardFor(ctx, affUser)
		if err != nil || d.Clicks < 3 || len(d.Days) != 30 {
			t.Fatalf("dashboard: clicks %d days %d %v", d.Clicks, len(d.Days), err)
		}
		// The demo affiliate (creator@demo.test) has a month of clicks and a conversion in each
		// of paid, approved and pending.
		demoDash, err := svc.DashboardFor(ctx, "usr-demo-creator")
		if err != nil || demoDash.Clicks != 36 || demoDash.Conversions != 3 || demoDash.Commission[affiliates.CommissionPaid] == 0 ||
			demoDash.Commission[affiliates.CommissionApproved] == 0 || demoDash.Commission[affiliates.CommissionPending] == 0 {
			t.Fatalf("demo dashboard: %+v %v", demoDash, err)
		}
	})
}

// TestF_ENG_09_ConversionExactlyOnce: 20 concurrent deliveries of the same paid order write one
// conversion with its 10% commission; a membership invoice converts at 20%; on both engines.
func TestF_ENG_09_ConversionExactlyOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, a, clk := setup(t, db)
		r := click(t, svc, a.Code, "", "198.51.100.20")
		clk.add(2 * 24 * time.Hour)
		if ok, err := svc.Bind(ctx, buyerUser, r.LinkID); err != nil || !ok {
			t.Fatalf("bind: %v %v", ok, err)
		}
		wins := racetest.Count(20, func(int) bool {
			ok, err := convert(ctx, db, svc, affiliates.ConversionOrder, "ord-concurrent", buyerUser, 123_45, clk.now())
			if err != nil {
				t.Error(err)
			}
			return ok
		})
		if wins != 1 {
			t.Fatalf("conversions written: %d, want 1", wins)
		}
		if ok, err := convert(ctx, db, svc, affiliates.ConversionSubscription, "in-1", buyerUser, 99_00, clk.now()); err != nil || !ok {
			t.Fatalf("invoice: %v %v", ok, err)
		}
		page, err := svc.Commissions(ctx, affiliates.CommissionFilter{Status: affiliates.CommissionPending})
		if err != nil {
			t.Fatal(err)
		}
		byID := map[string]affiliates.Conversion{}
		for _, c := range page.Items {
			byID[c.SourceID] = c
		}
		if c := byID["ord-concurrent"]; c.CommissionCents != 12_34 || c.AmountGross != 123_45 || c.AffiliateID != a.ID || c.ClickID != r.LinkID {
			t.Fatalf("order commission: %+v", c)
		}
		if c := byID["in-1"]; c.CommissionCents != 19_80 || c.ConversionType != affiliates.ConversionSubscription {
			t.Fatalf("invoice commission: %+v", c)
		}
	})
}

// TestF_ENG_09_NoSelfReferralAndExpiry: an affiliate buying through their own link earns
// nothing; a click attributes for 30 days and not a moment longer (fake clock); on both engines.
func TestF_ENG_09_NoSelfReferralAndExpiry(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, a, clk := setup(t, db)
		// Self-referral: signed in through their own link, then paying.
		own := click(t, svc, a.Code, affUser, "198.51.100.30")
		if ok, err := svc.Bind(ctx, affUser, own.LinkID); err != nil || ok {
			t.Fatalf("self bind: %v %v", ok, err)
		}
		if ok, err := convert(ctx, db, svc, affiliates.ConversionOrder, "ord-self", affUser, 50_00, clk.now()); err != nil || ok {
			t.Fatalf("self conversion: %v %v", ok, err)
		}
		// Expiry: a click 30 days old attributes nothing.
		clicked := clk.now()
		r := click(t, svc, a.Code, "", "198.51.100.31")
		clk.set(clicked.Add(affiliates.AttributionTTL))
		if ok, err := svc.Bind(ctx, buyerUser, r.LinkID); err != nil || ok {
			t.Fatalf("bind of an expired click: %v %v", ok, err)
		}
		if ok, err := convert(ctx, db, svc, affiliates.ConversionOrder, "ord-late", buyerUser, 50_00, clk.now()); err != nil || ok {
			t.Fatalf("conversion without attribution: %v %v", ok, err)
		}
		// Bound one second before the end, paid at the end: not attributed any more.
		clk.set(clicked.Add(affiliates.AttributionTTL - time.Second))
		if ok, err := svc.Bind(ctx, buyerUser, r.LinkID); err != nil || !ok {
			t.Fatalf("bind inside 30 days: %v %v", ok, err)
		}
		if ok, err := convert(ctx, db, svc, affiliates.ConversionOrder, "ord-edge", buyerUser, 50_00, clicked.Add(affiliates.AttributionTTL)); err != nil || ok {
			t.Fatalf("paid after 30 days: %v %v", ok, err)
		}
		if ok, err := convert(ctx, db, svc, affiliates.ConversionOrder, "ord-inside", buyerUser, 50_00, clk.now()); err != nil || !ok {
			t.Fatalf("paid inside 30 days: %v %v", ok, err)
		}
	})
}

// TestF_AREA_03_CommissionsPayout: approve, reject, pay in a batch, CSV; each change audited;
// on both engines.
func TestF_AREA_03_CommissionsPayout(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		svc, a, clk := setup(t, db)
		r := click(t, svc, a.Code, buyerUser, "198.51.100.40")
		if r.LinkID == "" {
			t.Fatal("no click")
		}
		for _, src := range []string{"ord-a", "ord-b", "ord-c"} {
			if ok, err := convert(ctx, db, svc, affiliates.ConversionOrder, src, buyerUser, 100_00, clk.now()); err != nil || !ok {
				t.Fatalf("%s: %v %v", src, ok, err)
			}
		}
		page, err := svc.Commissions(ctx, affiliates.CommissionFilter{Status: affiliates.CommissionPending, PageSize: 200})
		if err != nil {
			t.Fatal(err)
		}
		ids := map[string]string{}
		for _, c := range page.Items {
			ids[c.SourceID] = c.ID
		}
		if _, err := svc.Pay(ctx, admin, []string{ids["ord-a"]}); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("pay with nothing approved: %v", err)
		}
		if _, err := svc.SetStatus(ctx, admin, ids["ord-a"], affiliates.CommissionApproved, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.SetStatus(ctx, admin, ids["ord-b"], affiliates.CommissionApproved, ""); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.SetStatus(ctx, admin, ids["ord-c"], affiliates.CommissionRejected, ""); apperr.CodeOf(err) != apperr.Invalid {
			t.Fatalf("reject without reason: %v", err)
		}
		if _, err := svc.SetStatus(ctx, admin, ids["ord-c"], affiliates.CommissionRejected, "refunded"); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.SetStatus(ctx, admin, ids["ord-c"], affiliates.CommissionApproved, ""); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("approve a rejected one: %v", err)
		}
		b, err := svc.Pay(ctx, admin, []string{ids["ord-a"], ids["ord-b"], ids["ord-c"]})
		if err != nil || b.Count != 2 || b.TotalCents != 20_00 {
			t.Fatalf("payout: %+v %v", b, err)
		}
		var buf bytes.Buffer
		if err := svc.WritePayoutCSV(ctx, b.ID, &buf); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
		if len(lines) != 2 || !strings.HasSuffix(lines[1], ",2,2000,20.00") {
			t.Fatalf("csv: %q", buf.String())
		}
		entries, _, err := store.NewAdmin(db).AuditEntries(ctx, audit.Filter{ActorID: admin.UserID, PageSize: 200, Page: 1})
		if err != nil {
			t.Fatal(err)
		}
		count := map[string]int{}
		for _, e := range entries {
			count[e.Action]++
		}
		if count[affiliates.ActionCommissionApprove] != 2 || count[affiliates.ActionCommissionReject] != 1 || count[affiliates.ActionPayout] != 1 {
			t.Fatalf("audit: %v", count)
		}
	})
}
