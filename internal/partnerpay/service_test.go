package partnerpay_test

import (
	"context"
	"io"
	"log/slog"
	"net/url"
	"strings"
	"testing"
	"time"

	"circle/internal/apperr"
	"circle/internal/checkout"
	"circle/internal/clocktest"
	"circle/internal/demo"
	"circle/internal/demo/demotest"
	"circle/internal/ids"
	"circle/internal/partnerpay"
	"circle/internal/payments"
	"circle/internal/racetest"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

const (
	proAgent   = "usr-demo-pro"
	vendorUser = "usr-demo-vendor"
	otherAgent = "usr-demo-agent"
)

type rig struct {
	db   *store.DB
	clk  *clocktest.Clock
	svc  *partnerpay.Service
	chk  *checkout.Service
	pays *payments.BuiltIn
}

// each runs fn on both engines with the demo data, a fake clock, the built-in payment provider
// and checkout's event path (the way a paid page reaches the link).
func each(t *testing.T, fn func(t *testing.T, r rig)) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			clk := clocktest.New(time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC))
			db := demotest.Open(t, kind, clk)
			bi := &payments.BuiltIn{BaseURL: "http://circle.test", Secret: "whsec_test", PortalKey: []byte("portal-key"), Now: clk.Now}
			pp := store.NewPartnerPayments(db)
			chk := &checkout.Service{Store: store.NewCheckoutStore(db), Payments: bi, Partners: pp, Now: clk.Now, Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), BaseURL: "http://circle.test"}
			svc := &partnerpay.Service{Store: pp, Payments: bi, Now: clk.Now, NewID: ids.New, BaseURL: "http://circle.test"}
			fn(t, rig{db: db, clk: clk, svc: svc, chk: chk, pays: bi})
		})
	}
}

func tokenOf(t *testing.T, link string) string {
	t.Helper()
	tok, ok := strings.CutPrefix(link, "http://circle.test/partner-checkout/")
	if !ok {
		t.Fatalf("link %q", link)
	}
	return tok
}

// approvedLink creates, as userID, the partner link of the demo's approved co-pay request and
// answers it with its token.
func approvedLink(t *testing.T, r rig, userID string) (partnerpay.Created, string) {
	t.Helper()
	c, err := r.svc.CreateLink(context.Background(), userID, demo.CoPayApprovedID)
	if err != nil {
		t.Fatal(err)
	}
	return c, tokenOf(t, c.URL)
}

func wantConflict(t *testing.T, err error, key string) {
	t.Helper()
	var e *apperr.Error
	if apperr.CodeOf(err) != apperr.Conflict || !asErr(err, &e) || len(e.Fields) == 0 || e.Fields[0].Key != key {
		t.Fatalf("want 409 %s, got %v", key, err)
	}
}

func asErr(err error, e **apperr.Error) bool {
	x, ok := err.(*apperr.Error)
	if ok {
		*e = x
	}
	return ok
}

func sessionOf(t *testing.T, pageURL string) string {
	t.Helper()
	u, err := url.Parse(pageURL)
	if err != nil {
		t.Fatal(err)
	}
	id, ok := strings.CutPrefix(u.Path, "/checkout/")
	if !ok || u.Query().Get("token") == "" {
		t.Fatalf("payment page %q has no session or page token", pageURL)
	}
	return id
}

func moneyEntries(t *testing.T, db *store.DB, key string) (n int, cents int64) {
	t.Helper()
	var rows []struct {
		AmountCents int64 `bun:"amount_cents"`
	}
	if err := db.Bun().NewSelect().Table("money_entries").Column("amount_cents").Where("entry_key = ?", key).Scan(context.Background(), &rows); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		cents += r.AmountCents
	}
	return len(rows), cents
}

// TestF_PAY_08_PartnerLinkPaysOnce: the agent makes a link for the partner share of its approved
// co-pay request (the amount is the request's share, decided by the server; the token is
// stored hashed); the partner, without an account, opens it, pays on the built-in page, the
// link is paid with one money entry (a replayed event adds none) and the agent's notice; a
// second use is refused with 409 naming the token. Others cannot make links for the request.
func TestF_PAY_08_PartnerLinkPaysOnce(t *testing.T) {
	each(t, func(t *testing.T, r rig) {
		ctx := context.Background()
		if _, err := r.svc.CreateLink(ctx, otherAgent, demo.CoPayApprovedID); apperr.CodeOf(err) != apperr.NotFound {
			t.Fatalf("another agent's link: %v", err)
		}
		if _, err := r.svc.CreateLink(ctx, proAgent, demo.CoPayPendingID); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("pending request's link: %v", err)
		}
		var want int64
		if err := r.db.Bun().NewSelect().Table("co_pay_requests").Column("vendor_share_cents").Where("id = ?", demo.CoPayApprovedID).Scan(ctx, &want); err != nil || want <= 0 {
			t.Fatalf("demo share %d %v", want, err)
		}
		c, tok := approvedLink(t, r, proAgent)
		if c.Payment.AmountCents != want || c.Payment.ExpiresAt.Sub(r.clk.Now()) != partnerpay.LinkTTL {
			t.Fatalf("link %+v, want %d cents for %s", c.Payment, want, partnerpay.LinkTTL)
		}
		if stored, err := r.db.Bun().NewSelect().Table("partner_payments").Where("token_hash = ?", tok).Count(ctx); err != nil || stored != 0 {
			t.Fatalf("the raw token is stored: %d %v", stored, err)
		}
		p, err := r.svc.Link(ctx, tok)
		if err != nil || p.AgentName == "" || p.VendorName == "" || p.Description == "" {
			t.Fatalf("link view %+v %v", p, err)
		}
		page, err := r.svc.Pay(ctx, tok, "en")
		if err != nil {
			t.Fatal(err)
		}
		sid := sessionOf(t, page)
		if _, err := r.svc.Pay(ctx, tok, "en"); err == nil {
			t.Fatal("a link being paid was used again")
		} else {
			wantConflict(t, err, partnerpay.KeyInProgress)
		}
		pg, err := r.chk.BuiltInPage(ctx, sid)
		if err != nil || len(pg.Lines) != 1 || pg.Lines[0].AmountCents != want || pg.Session.AmountCents != want {
			t.Fatalf("built-in page %+v %v", pg, err)
		}
		if err := r.chk.PayBuiltIn(ctx, pg.Session, "4242"); err != nil {
			t.Fatal(err)
		}
		got, err := r.svc.Receipt(ctx, sid)
		if err != nil || got.Status != partnerpay.StatusPaid || got.CardLast4 != "4242" || got.PaidAt == nil {
			t.Fatalf("receipt %+v %v", got, err)
		}
		// The same event delivered again (Stripe retries) changes nothing.
		ev := payments.SessionObject(sid, partnerpay.KindPartner, got.ID, proAgent, "complete", "paid", "4242")
		f, err := payments.BuiltInFact("evt_replay_"+sid, "checkout.session.completed", r.clk.Now(), ev)
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if _, err := r.chk.ApplyEvent(ctx, f); err != nil {
				t.Fatal(err)
			}
		}
		if n, cents := moneyEntries(t, r.db, "partner_payment:"+got.ID); n != 1 || cents != want {
			t.Fatalf("money entries %d, %d cents; want one of %d", n, cents, want)
		}
		if n, err := r.db.Bun().NewSelect().Table("notifications").Where("user_id = ?", proAgent).Where("kind = 'partner_paid'").Count(ctx); err != nil || n != 1 {
			t.Fatalf("agent notices %d %v", n, err)
		}
		_, err = r.svc.Link(ctx, tok)
		wantConflict(t, err, partnerpay.KeyUsed)
		_, err = r.svc.Pay(ctx, tok, "en")
		wantConflict(t, err, partnerpay.KeyUsed)
		// A paid share takes no new link.
		_, err = r.svc.CreateLink(ctx, vendorUser, demo.CoPayApprovedID)
		wantConflict(t, err, partnerpay.KeyAlreadyPaid)
		shares, err := r.svc.Shares(ctx, proAgent)
		if err != nil || len(shares) == 0 || shares[0].Link == nil || shares[0].Link.Status != partnerpay.StatusPaid {
			t.Fatalf("agent's shares %+v %v", shares, err)
		}
	})
}

// TestF_PAY_08_PartnerLinkExpiresAndReopens: on the fake clock a link is usable until a second
// before LinkTTL and refused (409 expired) from then on; a payment page given up puts the link
// back to open; a newer link revokes the older one; an unknown token is 404.
func TestF_PAY_08_PartnerLinkExpiresAndReopens(t *testing.T) {
	each(t, func(t *testing.T, r rig) {
		ctx := context.Background()
		_, tok := approvedLink(t, r, vendorUser)
		page, err := r.svc.Pay(ctx, tok, "es")
		if err != nil {
			t.Fatal(err)
		}
		pg, err := r.chk.BuiltInSession(ctx, sessionOf(t, page))
		if err != nil {
			t.Fatal(err)
		}
		if err := r.chk.CancelBuiltIn(ctx, pg.Session); err != nil {
			t.Fatal(err)
		}
		if got, err := r.svc.Receipt(ctx, pg.Session.ID); err != nil || got.Status != partnerpay.StatusOpen {
			t.Fatalf("after a canceled page: %+v %v", got, err)
		}
		r.clk.Advance(partnerpay.LinkTTL - time.Second)
		if _, err := r.svc.Link(ctx, tok); err != nil {
			t.Fatalf("a second before expiry: %v", err)
		}
		r.clk.Advance(time.Second)
		_, err = r.svc.Link(ctx, tok)
		wantConflict(t, err, partnerpay.KeyExpired)
		_, err = r.svc.Pay(ctx, tok, "en")
		wantConflict(t, err, partnerpay.KeyExpired)

		// A new link replaces the expired one; the link before it is revoked.
		_, older := approvedLink(t, r, proAgent)
		_, newer := approvedLink(t, r, proAgent)
		_, err = r.svc.Link(ctx, older)
		wantConflict(t, err, partnerpay.KeyRevoked)
		if _, err := r.svc.Link(ctx, newer); err != nil {
			t.Fatal(err)
		}
		if _, err := r.svc.Link(ctx, "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"); apperr.CodeOf(err) != apperr.NotFound {
			t.Fatalf("unknown token: %v", err)
		}
		if _, err := r.svc.Link(ctx, "x"); apperr.CodeOf(err) != apperr.NotFound {
			t.Fatalf("malformed token: %v", err)
		}
	})
}

// TestF_PAY_08_PartnerLinkConcurrentUse: 12 simultaneous uses of one link give exactly one
// payment page (the others 409), and paying that page and the link's replayed events at once
// give one paid link and one money entry, on both engines.
func TestF_PAY_08_PartnerLinkConcurrentUse(t *testing.T) {
	each(t, func(t *testing.T, r rig) {
		ctx := context.Background()
		c, tok := approvedLink(t, r, proAgent)
		const n = 12
		var pages []string
		conflicts := 0
		answers, errs := racetest.RunErr(n, func(int) (string, error) { return r.svc.Pay(ctx, tok, "en") })
		for i, err := range errs {
			switch {
			case err == nil:
				pages = append(pages, answers[i])
			case apperr.CodeOf(err) == apperr.Conflict:
				conflicts++
			default:
				t.Errorf("use: %v", err)
			}
		}
		if len(pages) != 1 || conflicts != n-1 {
			t.Fatalf("%d pages and %d conflicts, want 1 and %d", len(pages), conflicts, n-1)
		}
		pg, err := r.chk.BuiltInSession(ctx, sessionOf(t, pages[0]))
		if err != nil {
			t.Fatal(err)
		}
		for _, err := range racetest.Run(6, func(int) error { return r.chk.PayBuiltIn(ctx, pg.Session, "4242") }) {
			if err != nil {
				t.Errorf("pay: %v", err)
			}
		}
		if got, _ := r.svc.Receipt(ctx, pg.Session.ID); got.Status != partnerpay.StatusPaid {
			t.Fatalf("link %s", got.Status)
		}
		if k, _ := moneyEntries(t, r.db, "partner_payment:"+c.Payment.ID); k != 1 {
			t.Fatalf("%d money entries, want 1", k)
		}
		// Simultaneous new links for a paid share: all refused.
		_, errs = racetest.RunErr(4, func(int) (partnerpay.Created, error) { return r.svc.CreateLink(ctx, proAgent, demo.CoPayApprovedID) })
		for _, err := range errs {
			if apperr.CodeOf(err) != apperr.Conflict {
				t.Errorf("new link of a paid share: %v", err)
			}
		}
	})
}

// TestF_PAY_08_AfterOutcome: the link's pure state rule.
func TestF_PAY_08_AfterOutcome(t *testing.T) {
	for _, c := range []struct {
		from, outcome, to string
		changed           bool
	}{
		{partnerpay.StatusProcessing, payments.OutcomePaid, partnerpay.StatusPaid, true},
		{partnerpay.StatusOpen, payments.OutcomePaid, partnerpay.StatusPaid, true},
		{partnerpay.StatusProcessing, payments.OutcomeFailed, partnerpay.StatusOpen, true},
		{partnerpay.StatusPaid, payments.OutcomePaid, partnerpay.StatusPaid, false},
		{partnerpay.StatusPaid, payments.OutcomeFailed, partnerpay.StatusPaid, false},
		{partnerpay.StatusRevoked, payments.OutcomeFailed, partnerpay.StatusRevoked, false},
	} {
		if to, ch := partnerpay.AfterOutcome(c.from, c.outcome); to != c.to || ch != c.changed {
			t.Errorf("%s + %s = %s %v, want %s %v", c.from, c.outcome, to, ch, c.to, c.changed)
		}
	}
}
