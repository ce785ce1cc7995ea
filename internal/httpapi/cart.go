package httpapi

import (
	"context"

	"circle/internal/apperr"
	"circle/internal/auth"
	"circle/internal/cart"
)

// CartArea is the caller's cart.
type CartArea struct {
	Cart *cart.Service
}

// Summaries too long for their route line.
const (
	sumAddCartItem          = "Add a line after the server price check (Pricing Error, Price Validation Failed)"
	sumMergePendingCartItem = "Add the pendingCartItem left before sign-in (same checks)"
	sumUpdateCartItem       = "Change a line's quantity (not quote lines) or coverage"
	sumLinkCartConsultation = "Link a consultation line to the booking the cart consultation flow made for it; checkout then releases the line"
)

// Register declares the area's routes.
func (h *CartArea) Register(r *Router) {
	get(r, "/api/cart", "get-cart", "The caller's cart with server-computed totals and badges", "cart", user, h.getCart)
	post(r, "/api/cart/items", "add-cart-item", sumAddCartItem, "cart", user, h.addCartItem, maxKB(8))
	post(r, "/api/cart/pending", "merge-pending-cart-item", sumMergePendingCartItem, "cart", user, h.mergePending, maxKB(8))
	patch(r, "/api/cart/items/{id}", "update-cart-item", sumUpdateCartItem, "cart", user, h.updateCartItem, maxKB(4))
	del(r, "/api/cart/items/{id}", "remove-cart-item", "Remove a line", "cart", user, h.removeCartItem)
	put(r, "/api/cart/items/{id}/consultation", "link-cart-consultation", sumLinkCartConsultation, "cart", user, h.linkConsultation, maxKB(4))
	del(r, "/api/cart", "clear-cart", "Empty the cart", "cart", user, h.clearCart)
}

type cartOutput = bodyOutput[cart.CartView]

// shopperOf is the cart service's view of the caller.
func shopperOf(p auth.Principal) cart.Shopper {
	return cart.Shopper{UserID: p.User.ID, State: p.Profile.State, Lang: p.Profile.PreferredLanguage, Pro: p.IsPro(), Currency: profileCurrency(p)}
}

func (h *CartArea) getCart(ctx context.Context, _ *struct{}) (*cartOutput, error) {
	p, err := requireUser(ctx)
	if err != nil {
		return nil, err
	}
	return answer(h.Cart.View(ctx, shopperOf(p), ""))
}

// AddCartItemBody is a line to add: the service, optionally one of its packages (or a default
// package: default-basic, default-standard, default-premium), the price the agent chose in US
// cents (checked on the server), and optionally the coverage and the billing period.
type AddCartItemBody struct {
	ServiceID  string `json:"service_id" minLength:"1" maxLength:"100"`
	PackageID  string `json:"package_id,omitempty" maxLength:"100"`
	PriceCents *int64 `json:"price_cents,omitempty" doc:"The chosen price in US cents; must equal one of the service's (or package's) retail, Pro or co-pay prices. Omit for services that need a quote."`
	Coverage   string `json:"coverage,omitempty" enum:"retail,pro,points" doc:"How the agent covers the line (points: Pro members, paid with points at checkout); omitted means Needs Coverage Selection"`
	Quantity   int    `json:"quantity,omitempty" minimum:"1" maximum:"99" doc:"Default 1; adding a line already in the cart adds to its quantity"`
	Yearly     *bool  `json:"yearly,omitempty" doc:"The yearly price of a package (omitted: decided by the price)"`
}

type addCartItemInput struct {
	Body AddCartItemBody
}

func (h *CartArea) addCartItem(ctx context.Context, in *addCartItemInput) (*cartOutput, error) {
	p, err := requireUser(ctx)
	if err != nil {
		return nil, err
	}
	b := in.Body
	return answer(h.Cart.Add(ctx, shopperOf(p), cart.AddRequest{ServiceID: b.ServiceID, PackageID: b.PackageID, PriceCents: b.PriceCents,
		Coverage: cart.Coverage(b.Coverage), Quantity: b.Quantity, Yearly: b.Yearly}, nil))
}

// PendingCartItemBody is the pendingCartItem a signed-out visitor left in browser storage
// (02§3), added after sign-in with the same checks as any line.
type PendingCartItemBody struct {
	Type        string `json:"type,omitempty" enum:"service"`
	ServiceID   string `json:"serviceId" minLength:"1" maxLength:"100"`
	ServiceName string `json:"serviceName,omitempty" maxLength:"300"`
	PackageName string `json:"packageName,omitempty" maxLength:"200" doc:"A package of the service by name; empty for the service itself"`
	Price       *int64 `json:"price,omitempty" doc:"The chosen price in US cents"`
	Timestamp   int64  `json:"timestamp,omitempty" minimum:"0"`
}

type pendingCartItemInput struct {
	Body PendingCartItemBody
}

func (h *CartArea) mergePending(ctx context.Context, in *pendingCartItemInput) (*cartOutput, error) {
	p, err := requireUser(ctx)
	if err != nil {
		return nil, err
	}
	b := in.Body
	out, err := answer(h.Cart.Add(ctx, shopperOf(p), cart.AddRequest{ServiceID: b.ServiceID, PriceCents: b.Price}, &b.PackageName))
	if ae, ok := apperr.As(err); ok {
		// Name the pending item's own fields.
		for i := range ae.Fields {
			switch ae.Fields[i].Field {
			case "price_cents":
				ae.Fields[i].Field = "price"
			case "service_id":
				ae.Fields[i].Field = "serviceId"
			case "package_id":
				ae.Fields[i].Field = "packageName"
			}
		}
	}
	return out, err
}

// UpdateCartItemBody changes a line's quantity (not for quote lines) or its coverage.
type UpdateCartItemBody struct {
	Quantity *int   `json:"quantity,omitempty" minimum:"1" maximum:"99"`
	Coverage string `json:"coverage,omitempty" enum:"retail,pro,points"`
}

type updateCartItemInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body UpdateCartItemBody
}

func (h *CartArea) updateCartItem(ctx context.Context, in *updateCartItemInput) (*cartOutput, error) {
	p, err := requireUser(ctx)
	if err != nil {
		return nil, err
	}
	return answer(h.Cart.Update(ctx, shopperOf(p), in.ID, cart.UpdateRequest{Quantity: in.Body.Quantity, Coverage: cart.Coverage(in.Body.Coverage)}))
}

func (h *CartArea) removeCartItem(ctx context.Context, in *idPath) (*cartOutput, error) {
	p, err := requireUser(ctx)
	if err != nil {
		return nil, err
	}
	return answer(h.Cart.Remove(ctx, shopperOf(p), in.ID))
}

func (h *CartArea) clearCart(ctx context.Context, _ *struct{}) (*cartOutput, error) {
	p, err := requireUser(ctx)
	if err != nil {
		return nil, err
	}
	return answer(h.Cart.Clear(ctx, shopperOf(p)))
}

// LinkCartConsultationBody names the booking the cart consultation flow made for a line.
type LinkCartConsultationBody struct {
	BookingID string `json:"booking_id" minLength:"1" maxLength:"64" doc:"A booking of the caller for the line's service (POST /api/consultations or /api/consultations/leads)"`
}

type linkCartConsultationInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body LinkCartConsultationBody
}

func (h *CartArea) linkConsultation(ctx context.Context, in *linkCartConsultationInput) (*cartOutput, error) {
	p, err := requireUser(ctx)
	if err != nil {
		return nil, err
	}
	return answer(h.Cart.LinkConsultation(ctx, shopperOf(p), in.ID, in.Body.BookingID))
}
