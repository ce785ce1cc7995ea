package payments

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v86"

	"circle/internal/lang"
)

// A card on file for a vendor's point charges (issue 30 item 2, F-PAY-07): the vendor's owner
// saves a card on the provider's hosted page in setup mode (nothing is charged then); the
// point charge job then charges it off session (offsession.go). The card number stays at the
// provider: the app keeps the customer and payment method ids, the brand, the last four
// digits and the expiry.

// KindVendorCard is the circle_kind of a card setup page (its circle_ref is the vendor id).
const KindVendorCard = "vendor_card"

// CardCustomerRequest asks for the provider's customer a vendor's card is saved on.
type CardCustomerRequest struct {
	VendorID, Name, Email string
	// Key makes the call idempotent: a repeated request is the same customer.
	Key string
}

// CardSetupRequest asks for a hosted page that saves a card for later off-session charges.
type CardSetupRequest struct {
	VendorID, UserID, CustomerID string
	// SuccessURL and CancelURL are where the page returns (absolute).
	SuccessURL, CancelURL string
	// Locale is the owner's language (en, es or fr); empty leaves it to the provider.
	Locale string
}

// SavedCard is a card saved at the provider, as the app keeps it.
type SavedCard struct {
	CustomerID, PaymentMethodID string
	// Brand is the card network as the provider names it (Stripe: visa, mastercard, amex...).
	Brand             string
	Last4             string
	ExpMonth, ExpYear int
}

// CardSetups is a provider that saves cards for later charges (both providers).
type CardSetups interface {
	// CreateCardCustomer creates the customer a vendor's cards are saved on (Stripe: a
	// Customer; the built-in provider: an id made from the vendor's).
	CreateCardCustomer(ctx context.Context, r CardCustomerRequest) (string, error)
	// CreateCardSetup opens the hosted page that saves a card (Stripe: a Checkout Session in
	// setup mode, completed by checkout.session.completed; the built-in provider: its own card
	// page, /vendor-card/{vendor_id}).
	CreateCardSetup(ctx context.Context, r CardSetupRequest) (Session, error)
	// SetupCard reads the card a completed setup saved (Stripe: the SetupIntent with its
	// payment method).
	SetupCard(ctx context.Context, setupIntentID string) (SavedCard, error)
	// DetachCard takes a card off its customer (it can no longer be charged). A card that is
	// not attached any more is not an error.
	DetachCard(ctx context.Context, paymentMethodID string) error
}

// ErrNoCardSetups is a provider that cannot save cards.
var ErrNoCardSetups = errors.New("the payment provider cannot save cards")

// BuiltInCardCustomerID is a vendor's customer id at the built-in provider.
func BuiltInCardCustomerID(vendorID string) string { return "cus_builtin_vendor_" + vendorID }

// CreateCardCustomer is the vendor's built-in customer id (nothing to create).
func (b *BuiltIn) CreateCardCustomer(_ context.Context, r CardCustomerRequest) (string, error) {
	return BuiltInCardCustomerID(r.VendorID), nil
}

// CreateCardSetup is the built-in card page's address, in the owner's language when given.
func (b *BuiltIn) CreateCardSetup(_ context.Context, r CardSetupRequest) (Session, error) {
	u := b.BaseURL + "/vendor-card/" + url.PathEscape(r.VendorID)
	if r.Locale != "" {
		u += "?lang=" + lang.Base(r.Locale)
	}
	return Session{ID: "builtin_card_" + r.VendorID, URL: u}, nil
}

// SetupCard is not used by the built-in provider: its card page saves the card itself.
func (b *BuiltIn) SetupCard(context.Context, string) (SavedCard, error) {
	return SavedCard{}, fmt.Errorf("built-in provider: %w", ErrNoCardSetups)
}

// DetachCard has nothing to tell an outside service: the built-in card is the app's own record.
func (b *BuiltIn) DetachCard(context.Context, string) error { return nil }

// BuiltInPaymentMethodID is the id of a test card saved on the built-in card page.
func BuiltInPaymentMethodID(vendorID, token string) string {
	return "pm_builtin_" + vendorID + "_" + token
}

// TestCardBrand is the brand of a test card number (Visa, Mastercard), "" for another number.
func TestCardBrand(number string) string {
	d := onlyDigits(number)
	for _, c := range TestCards {
		if onlyDigits(c.Number) == d {
			return c.Brand
		}
	}
	return ""
}

// CardExpiry reads a card form's expiry (MM/YY or MM/YYYY); ok is false when it is not one.
func CardExpiry(s string) (month, year int, ok bool) { return parseExpiry(s) }

// CreateCardCustomer creates a Stripe Customer for the vendor, idempotent on the key.
func (s *Stripe) CreateCardCustomer(ctx context.Context, r CardCustomerRequest) (string, error) {
	p := &stripe.CustomerCreateParams{Metadata: map[string]string{MetaKind: KindVendorCard, MetaRef: r.VendorID}}
	if r.Name != "" {
		p.Name = stripe.String(r.Name)
	}
	if r.Email != "" {
		p.Email = stripe.String(r.Email)
	}
	if r.Key != "" {
		p.SetIdempotencyKey(r.Key)
	}
	c, err := s.client.V1Customers.Create(ctx, p)
	if err != nil {
		return "", fmt.Errorf("stripe customer: %w", err)
	}
	if c.ID == "" {
		return "", fmt.Errorf("stripe customer: no id in the answer")
	}
	return c.ID, nil
}

// CreateCardSetup creates a Checkout Session in setup mode for the vendor's customer: the card
// is saved for off-session use and nothing is charged. Its metadata (and the SetupIntent's)
// name the vendor, so checkout.session.completed finds it.
func (s *Stripe) CreateCardSetup(ctx context.Context, r CardSetupRequest) (Session, error) {
	if r.CustomerID == "" {
		return Session{}, fmt.Errorf("stripe card setup: no customer")
	}
	meta := map[string]string{MetaKind: KindVendorCard, MetaRef: r.VendorID, MetaUser: r.UserID}
	p := &stripe.CheckoutSessionCreateParams{
		Mode:               stripe.String(string(stripe.CheckoutSessionModeSetup)),
		Customer:           stripe.String(r.CustomerID),
		PaymentMethodTypes: []*string{stripe.String("card")},
		SuccessURL:         stripe.String(r.SuccessURL),
		CancelURL:          stripe.String(r.CancelURL),
		ClientReferenceID:  stripe.String(r.VendorID),
		Metadata:           meta,
		SetupIntentData: &stripe.CheckoutSessionCreateSetupIntentDataParams{Metadata: meta,
			Description: stripe.String("Circle point charges")},
	}
	if r.Locale != "" {
		p.Locale = stripe.String(lang.Base(r.Locale))
	}
	cs, err := s.client.V1CheckoutSessions.Create(ctx, p)
	if err != nil {
		return Session{}, fmt.Errorf("stripe card setup session: %w", err)
	}
	if cs.ID == "" || cs.URL == "" {
		return Session{}, fmt.Errorf("stripe card setup session: no id or url in the answer")
	}
	return Session{ID: cs.ID, URL: cs.URL}, nil
}

// SetupCard retrieves the SetupIntent with its payment method: the customer, the payment
// method and its card.
func (s *Stripe) SetupCard(ctx context.Context, setupIntentID string) (SavedCard, error) {
	if setupIntentID == "" {
		return SavedCard{}, fmt.Errorf("stripe setup intent: no id")
	}
	p := &stripe.SetupIntentRetrieveParams{}
	p.AddExpand("payment_method")
	si, err := s.client.V1SetupIntents.Retrieve(ctx, setupIntentID, p)
	if err != nil {
		return SavedCard{}, fmt.Errorf("stripe setup intent %s: %w", setupIntentID, err)
	}
	if si.PaymentMethod == nil || si.PaymentMethod.ID == "" {
		return SavedCard{}, fmt.Errorf("stripe setup intent %s: no payment method", setupIntentID)
	}
	out := SavedCard{PaymentMethodID: si.PaymentMethod.ID}
	if si.Customer != nil {
		out.CustomerID = si.Customer.ID
	}
	if c := si.PaymentMethod.Card; c != nil {
		out.Brand, out.Last4, out.ExpMonth, out.ExpYear = string(c.Brand), c.Last4, int(c.ExpMonth), int(c.ExpYear)
	}
	return out, nil
}

// DetachCard detaches a payment method from its customer. Stripe answers 400 for one that is
// not attached (detached already): there is nothing left to do.
func (s *Stripe) DetachCard(ctx context.Context, paymentMethodID string) error {
	if paymentMethodID == "" || strings.HasPrefix(paymentMethodID, "pm_builtin_") {
		return nil
	}
	if _, err := s.client.V1PaymentMethods.Detach(ctx, paymentMethodID, nil); err != nil {
		var se *stripe.Error
		if errors.As(err, &se) && se.HTTPStatusCode == http.StatusBadRequest {
			return nil
		}
		return fmt.Errorf("stripe detach payment method: %w", err)
	}
	return nil
}

// CreateCardCustomer passes through the guard (refused inside a transaction).
func (g guarded) CreateCardCustomer(ctx context.Context, r CardCustomerRequest) (string, error) {
	cs, err := g.cards(ctx, "create card customer")
	if err != nil {
		return "", err
	}
	return cs.CreateCardCustomer(ctx, r)
}

// CreateCardSetup passes through the guard.
func (g guarded) CreateCardSetup(ctx context.Context, r CardSetupRequest) (Session, error) {
	cs, err := g.cards(ctx, "create card setup")
	if err != nil {
		return Session{}, err
	}
	return cs.CreateCardSetup(ctx, r)
}

// SetupCard passes through the guard.
func (g guarded) SetupCard(ctx context.Context, setupIntentID string) (SavedCard, error) {
	cs, err := g.cards(ctx, "read card setup")
	if err != nil {
		return SavedCard{}, err
	}
	return cs.SetupCard(ctx, setupIntentID)
}

// DetachCard passes through the guard.
func (g guarded) DetachCard(ctx context.Context, paymentMethodID string) error {
	cs, err := g.cards(ctx, "detach card")
	if err != nil {
		return err
	}
	return cs.DetachCard(ctx, paymentMethodID)
}

func (g guarded) cards(ctx context.Context, what string) (CardSetups, error) {
	if err := g.check(ctx, what); err != nil {
		return nil, err
	}
	cs, ok := g.p.(CardSetups)
	if !ok {
		return nil, fmt.Errorf("payment provider %s: %w", g.p.Name(), ErrNoCardSetups)
	}
	return cs, nil
}

// Card page tokens: the built-in card page (/vendor-card/{vendor_id}) answers the vendor's
// owner by their session, or by a token its form carries, so an owner whose short-lived access
// token lapsed while typing can still save the card (as the payment page's token,
// SignPageToken). The token names the vendor and the user; the page checks that the user still
// owns the vendor.

// cardPageKey derives the card page tokens' key from the portal key, so no other token of the
// built-in provider is a card page token.
func cardPageKey(key []byte) []byte {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte("circle vendor card page token"))
	return mac.Sum(nil)
}

// SignCardPageToken makes a token that lets userID save a card for vendorID until exp.
func SignCardPageToken(key []byte, vendorID, userID string, exp time.Time) string {
	if len(key) == 0 {
		return ""
	}
	return SignPortalToken(cardPageKey(key), vendorID+"\x1f"+userID, exp)
}

// VerifyCardPageToken answers the user of a valid, unexpired card page token for vendorID.
func VerifyCardPageToken(key []byte, token, vendorID string, now time.Time) (string, bool) {
	if len(key) == 0 || token == "" {
		return "", false
	}
	msg, ok := VerifyPortalToken(cardPageKey(key), token, now)
	if !ok {
		return "", false
	}
	v, user, found := strings.Cut(msg, "\x1f")
	if !found || v != vendorID || user == "" {
		return "", false
	}
	return user, true
}

// brandNames are the card networks' names as people write them, by Stripe's brand id.
var brandNames = map[string]string{"visa": "Visa", "mastercard": "Mastercard", "amex": "American Express", "discover": "Discover",
	"diners": "Diners Club", "jcb": "JCB", "unionpay": "UnionPay", "cartes_bancaires": "Cartes Bancaires", "eftpos_au": "eftpos", "interac": "Interac"}

// CardBrandName is a brand id (visa) as people write it (Visa); an unknown one as it is.
func CardBrandName(brand string) string {
	if n, ok := brandNames[strings.ToLower(brand)]; ok {
		return n
	}
	return brand
}
