package httpapi

import (
	"context"
	"log/slog"
	"time"

	"circle/internal/account"
	"circle/internal/apperr"
	"circle/internal/payments"
	"circle/internal/pointspay"
)

// VendorCardArea is a vendor's card on file for point charges (issue 30 item 2, F-PAY-07): the
// card Circle charges when agents spend the Agent Points the vendor funds. The API reads,
// starts the provider's hosted setup page and removes the card; the built-in provider's card
// page is served here too (vendor_card_page.go). Every route is the vendor's owner's alone;
// anyone else gets the 404 of a vendor that does not exist.
type VendorCardArea struct {
	Cards *pointspay.Cards
	// Payments is the payment provider (the built-in card page signs its form with its key).
	Payments payments.Provider
	Profiles *account.ProfileService
	Logger   *slog.Logger
	Now      func() time.Time
}

const (
	sumGetVendorCard    = "The card on file for one of the caller's vendors' point charges, and the charges waiting for one"
	sumStartVendorCard  = "Open the payment provider's hosted page that saves a card for the vendor's point charges"
	sumRemoveVendorCard = "Remove the card on file for the vendor's point charges"
)

// Register declares the area's routes.
func (h *VendorCardArea) Register(r *Router) {
	owner := ownerOnly(vendorOwner("id"), apperr.New(apperr.NotFound, pointspay.MsgVendorNotFound))
	get(r, "/api/vendors/{id}/payment-method", "get-vendor-payment-method", sumGetVendorCard, "vendors", owner, h.get)
	post(r, "/api/vendors/{id}/payment-method", "start-vendor-card-setup", sumStartVendorCard, "vendors", owner, h.start, maxKB(1))
	del(r, "/api/vendors/{id}/payment-method", "remove-vendor-payment-method", sumRemoveVendorCard, "vendors", owner, h.remove)
	h.registerCardPages(r)
}

type vendorCardInput struct {
	ID string `path:"id" maxLength:"100"`
}

type startVendorCardInput struct {
	ID   string `path:"id" maxLength:"100"`
	Body *struct {
		Lang string `json:"lang,omitempty" enum:"en,es,fr," doc:"The language the hosted page speaks (the web app's); empty: the caller's saved language"`
	}
}

type vendorPaymentMethodOutput = bodyOutput[pointspay.VendorPaymentMethod]

type vendorCardSetupOutput = bodyOutput[pointspay.VendorCardSetup]

func (h *VendorCardArea) get(ctx context.Context, in *vendorCardInput) (*vendorPaymentMethodOutput, error) {
	return answer(h.Cards.PaymentMethodOf(ctx, in.ID))
}

func (h *VendorCardArea) start(ctx context.Context, in *startVendorCardInput) (*vendorCardSetupOutput, error) {
	locale := principalOf(ctx).Profile.PreferredLanguage
	if in.Body != nil && in.Body.Lang != "" {
		locale = in.Body.Lang
	}
	return answer(h.Cards.StartSetup(ctx, actorOf(ctx), in.ID, locale))
}

func (h *VendorCardArea) remove(ctx context.Context, in *vendorCardInput) (*vendorPaymentMethodOutput, error) {
	return answer(h.Cards.Remove(ctx, actorOf(ctx), in.ID))
}
