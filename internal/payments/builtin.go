package payments

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v86"

	"circle/internal/ids"
	"circle/internal/lang"
)

// The built-in payment provider (test mode) is one file per layer (issue 26 item 4: its page,
// charge and events used to be spread over five files of three packages):
//
//   - payments/builtin.go (this file): the provider itself — the hosted page's address and
//     tokens, the test cards and their charge (ChargeTestCard), and the Stripe-format events
//     the page and its clock raise (SessionObject, BuiltInFact, ...);
//   - checkout/builtin.go: its use cases — the page as shown, pay, cancel, and the clock
//     (ExpireAndRenew), each event applied through checkout's one event path (the membership
//     side of the clock is billing's: RenewDue, FirstInvoice, PaymentPage);
//   - httpapi/checkout_page.go (and checkout_page_text.go, its words in en/es/fr): the
//     server-rendered pages /checkout/{session_id}, its /pay and /cancel, /billing-portal/{token}.
//
// It is not one package because each part belongs to its layer's rules: the provider must sit
// beside Stripe behind payments.Provider, the use cases need checkout's transactions and event
// path (exactly once, like Stripe's webhook), and the pages need the HTTP layer's caller and
// access checks. A change to the built-in provider reads these three files.

// BuiltIn is the default payment provider: a hosted checkout page and customer portal served by
// the binary itself, in test mode ("Test mode: no real payment"), accepting the documented test
// card numbers. Paying on the page produces the same signed events Stripe would send, applied
// through the same code path as the Stripe webhook.
type BuiltIn struct {
	BaseURL string
	// Secret signs the events the built-in page produces (the webhook secret).
	Secret string
	// PortalKey signs links to the built-in customer portal.
	PortalKey []byte
	Now       func() time.Time
}

// Name is "builtin".
func (b *BuiltIn) Name() string { return NameBuiltIn }

// WebhookSecret is the secret its events are signed with.
func (b *BuiltIn) WebhookSecret() string { return b.Secret }

func (b *BuiltIn) now() time.Time {
	if b.Now != nil {
		return b.Now()
	}
	return time.Now()
}

// CreateCheckout makes a session id; the page lives at /checkout/{id}, with ?lang= naming the
// buyer's language when the request gives one (as Stripe's locale does).
func (b *BuiltIn) CreateCheckout(_ context.Context, r CheckoutRequest) (Session, error) {
	id := "cs_builtin_" + ids.Token(24)
	exp := r.ExpiresAt
	if exp.IsZero() {
		exp = b.now().Add(24 * time.Hour)
	}
	url := b.BaseURL + "/checkout/" + id
	if r.Locale != "" {
		url += "?lang=" + lang.Base(r.Locale)
	}
	return Session{ID: id, URL: url, ExpiresAt: exp}, nil
}

// CreatePortal returns a signed link to the built-in portal, valid for an hour.
func (b *BuiltIn) CreatePortal(_ context.Context, userID, _, _ string) (string, error) {
	return b.BaseURL + "/billing-portal/" + SignPortalToken(b.PortalKey, userID, b.now().Add(time.Hour)), nil
}

// Pause, Resume, Discount and Cancel have nothing to tell an outside service: the built-in
// provider's subscription state is the app's own.
func (b *BuiltIn) Pause(context.Context, SubscriptionRef, time.Time) error { return nil }

// Resume: see Pause.
func (b *BuiltIn) Resume(context.Context, SubscriptionRef) error { return nil }

// Discount: see Pause.
func (b *BuiltIn) Discount(context.Context, SubscriptionRef, int, int, string) error { return nil }

// Cancel: see Pause.
func (b *BuiltIn) Cancel(context.Context, SubscriptionRef, string, string) error { return nil }

// ExpireCheckout has nothing to tell an outside service: the built-in page reads the app's own
// status of the page.
func (b *BuiltIn) ExpireCheckout(context.Context, string) error { return nil }

// Refund has no money to give back (test mode): the refund is the app's own record, under an
// id made from the key so that a second call answers the same refund.
func (b *BuiltIn) Refund(_ context.Context, r RefundRequest) (RefundResult, error) {
	return RefundResult{ID: "re_builtin_" + r.Key}, nil
}

// SignPortalToken makes a link token for userID valid until exp: base64url(exp|user)|HMAC.
func SignPortalToken(key []byte, userID string, exp time.Time) string {
	msg := make([]byte, 8, 8+len(userID))
	binary.BigEndian.PutUint64(msg, uint64(exp.Unix()))
	msg = append(msg, userID...)
	mac := hmac.New(sha256.New, key)
	mac.Write(msg)
	return base64.RawURLEncoding.EncodeToString(msg) + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// VerifyPortalToken returns the user of a valid, unexpired portal token.
func VerifyPortalToken(key []byte, token string, now time.Time) (string, bool) {
	body, sig, ok := strings.Cut(token, ".")
	if !ok || len(key) == 0 {
		return "", false
	}
	msg, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil || len(msg) < 9 {
		return "", false
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil {
		return "", false
	}
	mac := hmac.New(sha256.New, key)
	mac.Write(msg)
	if !hmac.Equal(got, mac.Sum(nil)) {
		return "", false
	}
	if exp := time.Unix(int64(binary.BigEndian.Uint64(msg[:8])), 0); !now.Before(exp) {
		return "", false
	}
	return string(msg[8:]), true
}

// Payment page tokens (issue 14, docs/decisions.md: built-in payment page access). The page at
// /checkout/{id} answers only its buyer's session; a page token for the session opens it without
// one: in a link sent by e-mail (PageLink, opened on another device), and in the form the page
// renders for its buyer, so a buyer whose access token lapsed while typing can still pay. The
// address the browser is sent to carries no token, so holding it is not enough.

// pageKey derives the page tokens' key from the portal key, so a portal token is never a page
// token or the other way round.
func pageKey(key []byte) []byte {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte("circle checkout page token"))
	return mac.Sum(nil)
}

// SignPageToken makes a token that opens the payment page of sessionID until exp.
func SignPageToken(key []byte, sessionID string, exp time.Time) string {
	if len(key) == 0 {
		return ""
	}
	return SignPortalToken(pageKey(key), sessionID, exp)
}

// VerifyPageToken reports a valid, unexpired page token for sessionID.
func VerifyPageToken(key []byte, token, sessionID string, now time.Time) bool {
	if len(key) == 0 || token == "" {
		return false
	}
	id, ok := VerifyPortalToken(pageKey(key), token, now)
	return ok && id == sessionID
}

// PageLink is a link to a payment page that opens it without the buyer's session, until exp
// (the link an e-mail carries).
func (b *BuiltIn) PageLink(sessionID string, exp time.Time) string {
	return b.BaseURL + "/checkout/" + sessionID + "?token=" + SignPageToken(b.PortalKey, sessionID, exp)
}

// TestCards are the numbers the built-in page documents (Stripe's test numbers).
var TestCards = []struct {
	Number, Brand, Result, Message string
}{
	{"4242 4242 4242 4242", "Visa", "succeeds", ""},
	{"5555 5555 5555 4444", "Mastercard", "succeeds", ""},
	{"4000 0000 0000 0002", "Visa", "is declined", MsgCardDeclined},
	{"4000 0000 0000 9995", "Visa", "is declined (insufficient funds)", MsgInsufficientFunds},
	{"4000 0000 0000 0069", "Visa", "is declined (expired card)", MsgCardExpired},
	{"4000 0000 0000 0127", "Visa", "is declined (incorrect CVC)", MsgCVCIncorrect},
}

// Card form messages, in English: the built-in page shows them in the buyer's language
// (internal/httpapi/checkout_page_text.go).
const (
	MsgCardNumberInvalid = "Your card number is invalid."
	MsgCardNotTest       = "Test mode: no real payment. Use one of the test card numbers listed on this page."
	MsgExpiryInvalid     = "Your card's expiration date is invalid."
	MsgExpiryPast        = "Your card's expiration date is in the past."
	MsgCVCInvalid        = "Your card's security code is invalid."
	MsgNameRequired      = "Enter the name on the card."

	// The test cards' declines.
	MsgCardDeclined      = "Your card was declined."
	MsgInsufficientFunds = "Your card has insufficient funds."
	MsgCardExpired       = "Your card has expired."
	MsgCVCIncorrect      = "Your card's security code is incorrect."
)

// CardResult is what the built-in page does with a card.
type CardResult struct {
	OK       bool
	Declined bool
	Field    string // the form field a problem is about
	Message  string
	Last4    string
}

// ChargeTestCard checks the built-in page's card form: a well-formed number (Luhn), a future
// expiry (MM/YY or MM/YYYY), a 3-4 digit security code and a name; then the test number
// decides: 4242... succeeds, 4000 0000 0000 0002 is declined, and so on. Any other valid number
// is refused: the page never takes a real card.
func ChargeTestCard(number, expiry, cvc, name string, now time.Time) CardResult {
	digits := onlyDigits(number)
	if len(digits) < 12 || len(digits) > 19 || !luhn(digits) || len(strings.TrimSpace(strings.NewReplacer(" ", "", "-", "").Replace(number))) != len(digits) {
		return CardResult{Field: "card_number", Message: MsgCardNumberInvalid}
	}
	mm, yy, ok := parseExpiry(expiry)
	if !ok {
		return CardResult{Field: "expiry", Message: MsgExpiryInvalid}
	}
	if y, m, _ := now.Date(); yy < y || yy == y && mm < int(m) {
		return CardResult{Field: "expiry", Message: MsgExpiryPast}
	}
	if c := strings.TrimSpace(cvc); len(c) < 3 || len(c) > 4 || onlyDigits(c) != c {
		return CardResult{Field: "cvc", Message: MsgCVCInvalid}
	}
	if strings.TrimSpace(name) == "" {
		return CardResult{Field: "name", Message: MsgNameRequired}
	}
	last4 := digits[len(digits)-4:]
	for _, tc := range TestCards {
		if onlyDigits(tc.Number) == digits {
			if tc.Message == "" {
				return CardResult{OK: true, Last4: last4}
			}
			return CardResult{Declined: true, Field: "card_number", Message: tc.Message, Last4: last4}
		}
	}
	return CardResult{Field: "card_number", Message: MsgCardNotTest}
}

func onlyDigits(s string) string {
	var b strings.Builder
	for _, c := range s {
		if c >= '0' && c <= '9' {
			b.WriteRune(c)
		}
	}
	return b.String()
}

func luhn(d string) bool {
	sum := 0
	for i := 0; i < len(d); i++ {
		n := int(d[len(d)-1-i] - '0')
		if i%2 == 1 {
			n *= 2
			if n > 9 {
				n -= 9
			}
		}
		sum += n
	}
	return sum%10 == 0
}

func parseExpiry(s string) (month, year int, ok bool) {
	m, y, found := strings.Cut(strings.ReplaceAll(s, " ", ""), "/")
	if !found {
		return 0, 0, false
	}
	month, err1 := strconv.Atoi(m)
	year, err2 := strconv.Atoi(y)
	if err1 != nil || err2 != nil || month < 1 || month > 12 || len(m) > 2 {
		return 0, 0, false
	}
	switch len(y) {
	case 2:
		year += 2000
	case 4:
	default:
		return 0, 0, false
	}
	return month, year, true
}

// Built-in event builders: the same JSON Stripe sends, so one code path applies both.

// SessionObject is a checkout.session as the built-in provider reports it.
func SessionObject(sessionID, kind, ref, userID, status, paymentStatus, card string) map[string]any {
	mode := "payment"
	obj := map[string]any{
		"id": sessionID, "object": "checkout.session", "status": status, "payment_status": paymentStatus,
		"client_reference_id": ref, "livemode": false,
		"metadata": map[string]string{MetaKind: kind, MetaRef: ref, MetaUser: userID, MetaCard: card},
	}
	if status == "complete" {
		obj["payment_intent"] = "pi_builtin_" + strings.TrimPrefix(sessionID, "cs_builtin_")
		obj["customer"] = BuiltInCustomerID(userID)
	}
	if kind == KindSubscription {
		mode = "subscription"
		if status == "complete" {
			obj["subscription"] = BuiltInSubscriptionID(ref)
		}
	}
	obj["mode"] = mode
	return obj
}

// BuiltInCustomerID is a member's customer id at the built-in provider.
func BuiltInCustomerID(userID string) string { return "cus_builtin_" + userID }

// BuiltInSubscriptionID is a subscription's id at the built-in provider.
func BuiltInSubscriptionID(ref string) string { return "sub_builtin_" + ref }

// SubscriptionObject is a subscription as the built-in provider reports it.
func SubscriptionObject(ref, userID, status string, start, end time.Time, cancelAtPeriodEnd bool, resumesAt *time.Time) map[string]any {
	obj := map[string]any{
		"id": BuiltInSubscriptionID(ref), "object": "subscription", "status": status, "customer": BuiltInCustomerID(userID),
		"cancel_at_period_end": cancelAtPeriodEnd, "metadata": map[string]string{MetaRef: ref, MetaUser: userID},
		"items": map[string]any{"object": "list", "data": []map[string]any{{
			"object": "subscription_item", "current_period_start": start.Unix(), "current_period_end": end.Unix()}}},
		"pause_collection": nil,
	}
	if resumesAt != nil {
		obj["pause_collection"] = map[string]any{"behavior": "void", "resumes_at": resumesAt.Unix()}
	}
	return obj
}

// InvoiceObject is a membership invoice as the built-in provider reports it.
func InvoiceObject(id, ref, userID, currency string, amountCents int64, start, end time.Time, paid bool, discountPercent int) map[string]any {
	status := "paid"
	if !paid {
		status = "open"
	}
	obj := map[string]any{
		"id": id, "object": "invoice", "status": status, "currency": strings.ToLower(currency), "customer": BuiltInCustomerID(userID),
		"amount_due": amountCents, "period_start": start.Unix(), "period_end": end.Unix(),
		"metadata": map[string]string{MetaDisc: strconv.Itoa(discountPercent)},
		"parent": map[string]any{"type": "subscription_details", "subscription_details": map[string]any{
			"subscription": BuiltInSubscriptionID(ref), "metadata": map[string]string{MetaRef: ref, MetaUser: userID}}},
		"lines": map[string]any{"object": "list", "data": []map[string]any{{
			"object": "line_item", "period": map[string]any{"start": start.Unix(), "end": end.Unix()}}}},
	}
	if paid {
		obj["amount_paid"] = amountCents
	} else {
		obj["amount_paid"] = 0
	}
	return obj
}

// BuiltInFact reads the facts of an event the built-in provider's clock or page raises inside
// the app: the same event Stripe would send, parsed by the same Parse, without the signature
// round trip (it never leaves the process).
func BuiltInFact(id, typ string, created time.Time, object any) (Fact, error) {
	payload, err := NewEvent(id, typ, created, object)
	if err != nil {
		return Fact{}, fmt.Errorf("build event %s: %w", id, err)
	}
	var ev stripe.Event
	if err := json.Unmarshal(payload, &ev); err != nil {
		return Fact{}, fmt.Errorf("read event %s: %w", id, err)
	}
	return Parse(ev)
}
