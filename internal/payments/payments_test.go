package payments

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v86/webhook"
)

// TestF_PAY_04_TestCards: the built-in page's documented test numbers and form rules.
func TestF_PAY_04_TestCards(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 6, 15, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		number, expiry, cvc, name string
		ok, declined              bool
		field, message            string
	}{
		{"4242 4242 4242 4242", "12 / 30", "123", "Jordan", true, false, "", ""},
		{"4242424242424242", "06/2026", "1234", "Jordan", true, false, "", ""},
		{"5555-5555-5555-4444", "1/27", "123", "Jordan", true, false, "", ""},
		{"4000 0000 0000 0002", "12 / 30", "123", "Jordan", false, true, "card_number", "Your card was declined."},
		{"4000 0000 0000 9995", "12 / 30", "123", "Jordan", false, true, "card_number", "Your card has insufficient funds."},
		{"4000 0000 0000 0069", "12 / 30", "123", "Jordan", false, true, "card_number", "Your card has expired."},
		{"4000 0000 0000 0127", "12 / 30", "123", "Jordan", false, true, "card_number", "Your card's security code is incorrect."},
		{"4242 4242 4242 4241", "12 / 30", "123", "Jordan", false, false, "card_number", MsgCardNumberInvalid},
		{"4242 4242 42x2 4242", "12 / 30", "123", "Jordan", false, false, "card_number", MsgCardNumberInvalid},
		{"4111 1111 1111 1111", "12 / 30", "123", "Jordan", false, false, "card_number", MsgCardNotTest},
		{"", "12 / 30", "123", "Jordan", false, false, "card_number", MsgCardNumberInvalid},
		{"4242 4242 4242 4242", "05 / 26", "123", "Jordan", false, false, "expiry", MsgExpiryPast},
		{"4242 4242 4242 4242", "13 / 30", "123", "Jordan", false, false, "expiry", MsgExpiryInvalid},
		{"4242 4242 4242 4242", "1230", "123", "Jordan", false, false, "expiry", MsgExpiryInvalid},
		{"4242 4242 4242 4242", "12 / 30", "12", "Jordan", false, false, "cvc", MsgCVCInvalid},
		{"4242 4242 4242 4242", "12 / 30", "12a", "Jordan", false, false, "cvc", MsgCVCInvalid},
		{"4242 4242 4242 4242", "12 / 30", "123", "  ", false, false, "name", MsgNameRequired},
	}
	for _, c := range cases {
		r := ChargeTestCard(c.number, c.expiry, c.cvc, c.name, now)
		if r.OK != c.ok || r.Declined != c.declined || r.Field != c.field || r.Message != c.message || (r.OK && r.Last4 == "") {
			t.Errorf("ChargeTestCard(%q, %q, %q) = %+v", c.number, c.expiry, c.cvc, r)
		}
	}
}

func TestF_PAY_09_PortalTokens(t *testing.T) {
	t.Parallel()
	key := []byte("portal-key")
	now := time.Now()
	tok := SignPortalToken(key, "usr-1", now.Add(time.Hour))
	if u, ok := VerifyPortalToken(key, tok, now); !ok || u != "usr-1" {
		t.Fatalf("valid token: %q %v", u, ok)
	}
	if _, ok := VerifyPortalToken(key, tok, now.Add(2*time.Hour)); ok {
		t.Fatal("expired token accepted")
	}
	if _, ok := VerifyPortalToken([]byte("other"), tok, now); ok {
		t.Fatal("token of another key accepted")
	}
	forged := SignPortalToken([]byte("other"), "usr-2", now.Add(time.Hour))
	for _, bad := range []string{"", "x", "a.b", tok[:len(tok)-2], forged, tok + "x"} {
		if _, ok := VerifyPortalToken(key, bad, now); ok {
			t.Errorf("accepted %q", bad)
		}
	}
}

// TestF_PAY_04_VerifyAndParseEvents: signatures are checked like Stripe's (and too-old ones
// refused); each event type the app uses is read into facts.
func TestF_PAY_04_VerifyAndParseEvents(t *testing.T) {
	t.Parallel()
	secret := "whsec_unit"
	now := time.Now()
	start, end := now.Truncate(time.Second), now.AddDate(0, 1, 0).Truncate(time.Second)
	payload, err := NewEvent("evt_1", "checkout.session.completed", now, SessionObject("cs_builtin_x", KindOrder, "ord-1", "usr-1", "complete", "paid", "4242"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Verify(payload, SignatureHeader(payload, "whsec_other", now), secret); !errors.Is(err, ErrBadSignature) {
		t.Fatalf("wrong secret: %v", err)
	}
	if _, err := Verify(payload, SignatureHeader(payload, secret, now.Add(-10*time.Minute)), secret); !errors.Is(err, ErrBadSignature) {
		t.Fatalf("too old: %v", err)
	}
	if _, err := Verify(payload, "", secret); !errors.Is(err, ErrBadSignature) {
		t.Fatalf("unsigned: %v", err)
	}
	if _, err := Verify(payload, SignatureHeader(payload, secret, now), ""); !errors.Is(err, ErrBadSignature) {
		t.Fatal("an empty secret verifies nothing")
	}
	// The header matches stripe-go's own test signer.
	sp := webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret, Timestamp: now})
	ev, err := Verify(payload, sp.Header, secret)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Parse(ev)
	if err != nil || f.EventID != "evt_1" || f.SessionID != "cs_builtin_x" || f.Kind != KindOrder || f.Ref != "ord-1" || f.Outcome != OutcomePaid ||
		f.CardLast4 != "4242" || f.PaymentIntentID != "pi_builtin_x" || f.CustomerID != "cus_builtin_usr-1" {
		t.Fatalf("completed: %+v %v", f, err)
	}
	parse := func(typ string, obj any) Fact {
		t.Helper()
		raw, _ := NewEvent("evt_x", typ, now, obj)
		ev, err := Verify(raw, SignatureHeader(raw, secret, now), secret)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Parse(ev)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	if f := parse("checkout.session.expired", SessionObject("cs_1", KindSubscription, "sub-1", "usr-1", "expired", "unpaid", "")); f.Outcome != OutcomeFailed || f.Kind != KindSubscription {
		t.Fatalf("expired: %+v", f)
	}
	if f := parse("checkout.session.completed", SessionObject("cs_2", KindOrder, "ord-2", "usr-1", "complete", "unpaid", "")); f.Outcome != OutcomeNone {
		t.Fatalf("an unpaid completion (async method) pays nothing yet: %+v", f)
	}
	if f := parse("charge.refunded", map[string]any{"id": "ch_1", "object": "charge", "refunded": true, "payment_intent": "pi_9"}); f.Outcome != OutcomeRefunded || f.PaymentIntentID != "pi_9" {
		t.Fatalf("refund: %+v", f)
	}
	resumes := end
	f = parse("customer.subscription.updated", SubscriptionObject("sub-1", "usr-1", "active", start, end, false, &resumes))
	if f.Subscription == nil || f.Subscription.Status != "paused" || !f.Subscription.ResumesAt.Equal(resumes) || !f.Subscription.PeriodEnd.Equal(end) || f.Ref != "sub-1" {
		t.Fatalf("paused subscription: %+v %+v", f, f.Subscription)
	}
	if f := parse("customer.subscription.deleted", SubscriptionObject("sub-1", "usr-1", "active", start, end, true, nil)); f.Subscription.Status != "canceled" || !f.Subscription.Deleted {
		t.Fatalf("deleted: %+v", f.Subscription)
	}
	f = parse("invoice.paid", InvoiceObject("in_1", "sub-1", "usr-1", "CAD", 136_62, start, end, true, 50))
	if f.Invoice == nil || !f.Invoice.Paid || f.Invoice.AmountCents != 136_62 || f.Invoice.Currency != "CAD" || f.Invoice.DiscountPercent != 50 ||
		!f.Invoice.PeriodStart.Equal(start) || f.Ref != "sub-1" || f.ProviderSubscriptionID != "sub_builtin_sub-1" {
		t.Fatalf("invoice: %+v %+v", f, f.Invoice)
	}
	if f := parse("invoice.payment_failed", InvoiceObject("in_2", "sub-1", "usr-1", "USD", 99_00, start, end, false, 0)); f.Invoice.Paid || f.Invoice.AmountCents != 99_00 {
		t.Fatalf("failed invoice: %+v", f.Invoice)
	}
	if f := parse("customer.created", map[string]any{"id": "cus_1", "object": "customer"}); f.Outcome != "" || f.Subscription != nil || f.Invoice != nil || f.SessionID != "" {
		t.Fatalf("an unused event type: %+v", f)
	}
	if _, err := Verify([]byte(`{"id":"","type":""}`), SignatureHeader([]byte(`{"id":"","type":""}`), secret, now), secret); err == nil {
		t.Fatal("an event without id and type")
	}
	var m map[string]any
	_ = json.Unmarshal(payload, &m)
	if m["object"] != "event" || m["api_version"] == "" {
		t.Fatalf("event envelope: %v", m)
	}
}

// TestF_PAY_08_WebhookTimestampsInTheFutureAreRefused (issue 14, item 11): a signature whose
// timestamp is more than 5 minutes ahead is refused like a stale one; within 5 minutes either
// way it verifies.
func TestF_PAY_08_WebhookTimestampsInTheFutureAreRefused(t *testing.T) {
	t.Parallel()
	secret := "whsec_unit"
	now := time.Now()
	payload, err := NewEvent("evt_future", "checkout.session.completed", now, SessionObject("cs_builtin_x", KindOrder, "ord-1", "usr-1", "complete", "paid", "4242"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []time.Duration{6 * time.Minute, time.Hour, 24 * time.Hour} {
		if _, err := Verify(payload, SignatureHeader(payload, secret, now.Add(d)), secret); !errors.Is(err, ErrBadSignature) {
			t.Errorf("signed %s ahead: %v", d, err)
		}
	}
	for _, d := range []time.Duration{4 * time.Minute, -4 * time.Minute} {
		if _, err := Verify(payload, SignatureHeader(payload, secret, now.Add(d)), secret); err != nil {
			t.Errorf("signed %s from now: %v", d, err)
		}
	}
	at := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	if _, err := VerifyAt(payload, SignatureHeader(payload, secret, at.Add(5*time.Minute+time.Second)), secret, at); !errors.Is(err, ErrBadSignature) {
		t.Errorf("5 minutes and a second ahead: %v", err)
	}
	if _, err := VerifyAt(payload, SignatureHeader(payload, secret, at.Add(-5*time.Minute-time.Second)), secret, at); !errors.Is(err, ErrBadSignature) {
		t.Errorf("5 minutes and a second old: %v", err)
	}
}

// TestF_PAY_08_PageTokens: a page token opens only its own payment page until it expires, and
// neither a portal token nor a token signed with another key is one.
func TestF_PAY_08_PageTokens(t *testing.T) {
	t.Parallel()
	key := []byte("portal-key")
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	tok := SignPageToken(key, "cs_builtin_a", now.Add(time.Hour))
	if !VerifyPageToken(key, tok, "cs_builtin_a", now) {
		t.Fatal("a valid token was refused")
	}
	for name, ok := range map[string]bool{
		"another page":   VerifyPageToken(key, tok, "cs_builtin_b", now),
		"expired":        VerifyPageToken(key, tok, "cs_builtin_a", now.Add(time.Hour)),
		"another key":    VerifyPageToken([]byte("other"), tok, "cs_builtin_a", now),
		"no key":         VerifyPageToken(nil, SignPageToken(nil, "cs_builtin_a", now.Add(time.Hour)), "cs_builtin_a", now),
		"a portal token": VerifyPageToken(key, SignPortalToken(key, "cs_builtin_a", now.Add(time.Hour)), "cs_builtin_a", now),
		"empty":          VerifyPageToken(key, "", "cs_builtin_a", now),
		"tampered":       VerifyPageToken(key, tok+"x", "cs_builtin_a", now),
	} {
		if ok {
			t.Errorf("%s: accepted", name)
		}
	}
	b := &BuiltIn{BaseURL: "http://circle.test", PortalKey: key}
	link := b.PageLink("cs_builtin_a", now.Add(time.Hour))
	if !strings.HasPrefix(link, "http://circle.test/checkout/cs_builtin_a?token=") || !VerifyPageToken(key, strings.SplitN(link, "token=", 2)[1], "cs_builtin_a", now) {
		t.Fatalf("page link %s", link)
	}
}

// TestF_PAY_08_BuiltInPageLinkNamesTheLanguage: like Stripe's locale, the built-in page's link
// carries the buyer's language when the checkout names one.
func TestF_PAY_08_BuiltInPageLinkNamesTheLanguage(t *testing.T) {
	b := &BuiltIn{BaseURL: "http://circle.test"}
	for locale, want := range map[string]string{"es": "?lang=es", "fr-CA": "?lang=fr", "en": "?lang=en", "": ""} {
		s, err := b.CreateCheckout(context.Background(), CheckoutRequest{Kind: KindOrder, Ref: "ord-1", Locale: locale})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.TrimPrefix(s.URL, "http://circle.test/checkout/"+s.ID); got != want {
			t.Errorf("locale %q: link %s, want it to end in %q", locale, s.URL, want)
		}
	}
}
