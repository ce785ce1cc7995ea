package httpapi

import (
	"context"

	"circle/internal/apperr"
	"circle/internal/auth"
	"circle/internal/cart"
	"circle/internal/pricing"
)

// Cart events, for the drawer's toasts (02§8: Added to cart, Updated cart, Removed from cart,
// Cart cleared).
const (
	cartAdded   = "added"
	cartUpdated = "updated"
	cartRemoved = "removed"
	cartCleared = "cleared"
)

type cartOutput struct {
	Body cart.CartView
}

// isPro is the Pro role as the profile answer shows it: is_pro, is_pro_member or staff.
func (s *Server) isPro(p auth.Principal) bool {
	return p.IsPro() || (s.deps.Auth != nil && s.deps.Auth.IsStaff(p.User.Email))
}

// converter shows money in the caller's currency: CAD for a Canadian province at the
// admin-set rate, else USD (03§9).
func (s *Server) converter(ctx context.Context, p auth.Principal) (pricing.Converter, error) {
	cfg, err := s.deps.DB.GetConfig(ctx)
	if err != nil {
		return pricing.Converter{}, err
	}
	return pricing.NewConverter(p.Profile.State, cfg.USDToCADRateE4, p.Profile.PreferredLanguage), nil
}

// cartView builds the caller's whole cart with server totals.
func (s *Server) cartView(ctx context.Context, p auth.Principal, event string) (*cartOutput, error) {
	items, err := s.deps.DB.CartItems(ctx, p.User.ID)
	if err != nil {
		return nil, err
	}
	lines, err := s.deps.DB.CartLines(ctx, serviceIDsOf(items))
	if err != nil {
		return nil, err
	}
	conv, err := s.converter(ctx, p)
	if err != nil {
		return nil, err
	}
	v := cart.Build(items, lines, conv, s.isPro(p))
	v.Event = event
	return &cartOutput{Body: v}, nil
}

func serviceIDsOf(items []cart.Item) []string {
	seen := map[string]bool{}
	var out []string
	for _, it := range items {
		if !seen[it.ServiceID] {
			seen[it.ServiceID] = true
			out = append(out, it.ServiceID)
		}
	}
	return out
}

func (s *Server) getCart(ctx context.Context, _ *struct{}) (*cartOutput, error) {
	p, err := s.requireUser(ctx)
	if err != nil {
		return nil, err
	}
	return s.cartView(ctx, p, "")
}

// AddCartItemBody is a line to add: the service, optionally one of its packages (or a default
// package: default-basic, default-standard, default-premium), the price the agent chose in US
// cents (checked on the server), and optionally the coverage and the billing period.
type AddCartItemBody struct {
	ServiceID  string `json:"service_id" minLength:"1" maxLength:"100"`
	PackageID  string `json:"package_id,omitempty" maxLength:"100"`
	PriceCents *int64 `json:"price_cents,omitempty" doc:"The chosen price in US cents; must equal one of the service's (or package's) retail, Pro or co-pay prices. Omit for services that need a quote."`
	Coverage   string `json:"coverage,omitempty" enum:"retail,pro" doc:"How the agent covers the line; omitted means Needs Coverage Selection"`
	Quantity   int    `json:"quantity,omitempty" minimum:"1" maximum:"99" doc:"Default 1; adding a line already in the cart adds to its quantity"`
	Yearly     *bool  `json:"yearly,omitempty" doc:"The yearly price of a package (omitted: decided by the price)"`
}

type addCartItemInput struct {
	Body AddCartItemBody
}

// addLine checks a line and adds it to the caller's cart.
func (s *Server) addLine(ctx context.Context, p auth.Principal, req cart.AddRequest, packageName *string) (*cartOutput, error) {
	lines, err := s.deps.DB.CartLines(ctx, []string{req.ServiceID})
	if err != nil {
		return nil, err
	}
	line, ok := lines[req.ServiceID]
	if !ok {
		return nil, &apperr.Error{Code: apperr.NotFound, Message: "service not found",
			Fields: []apperr.FieldError{{Field: "service_id", Key: "cart.service_not_found", Message: "service not found"}}}
	}
	if packageName != nil {
		id, found := cart.PackageByName(line.Service, line.Packages, *packageName)
		if !found {
			return nil, apperr.Field("packageName", cart.KeyUnknownPackage, cart.MsgUnknownPackage)
		}
		req.PackageID = id
	}
	offer, err := cart.ResolveOffer(line.Service, line.Packages, req.PackageID)
	if err != nil {
		return nil, err
	}
	item, err := cart.Check(line.Service, offer, req, s.isPro(p))
	if err != nil {
		return nil, err
	}
	item.UserID = p.User.ID
	_, created, err := s.deps.DB.AddCartItem(ctx, item)
	if err != nil {
		return nil, err
	}
	event := cartUpdated
	if created {
		event = cartAdded
	}
	return s.cartView(ctx, p, event)
}

func (s *Server) addCartItem(ctx context.Context, in *addCartItemInput) (*cartOutput, error) {
	p, err := s.requireUser(ctx)
	if err != nil {
		return nil, err
	}
	b := in.Body
	return s.addLine(ctx, p, cart.AddRequest{ServiceID: b.ServiceID, PackageID: b.PackageID, PriceCents: b.PriceCents,
		Coverage: cart.Coverage(b.Coverage), Quantity: b.Quantity, Yearly: b.Yearly}, nil)
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

func (s *Server) mergePendingCartItem(ctx context.Context, in *pendingCartItemInput) (*cartOutput, error) {
	p, err := s.requireUser(ctx)
	if err != nil {
		return nil, err
	}
	b := in.Body
	out, err := s.addLine(ctx, p, cart.AddRequest{ServiceID: b.ServiceID, PriceCents: b.Price}, &b.PackageName)
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
	Coverage string `json:"coverage,omitempty" enum:"retail,pro"`
}

type updateCartItemInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body UpdateCartItemBody
}

func (s *Server) updateCartItem(ctx context.Context, in *updateCartItemInput) (*cartOutput, error) {
	p, err := s.requireUser(ctx)
	if err != nil {
		return nil, err
	}
	if in.Body.Quantity == nil && in.Body.Coverage == "" {
		return nil, apperr.Field("quantity", "validation.required", "Send a quantity or a coverage to change")
	}
	items, err := s.deps.DB.CartItems(ctx, p.User.ID)
	if err != nil {
		return nil, err
	}
	var current *cart.Item
	for i := range items {
		if items[i].ID == in.ID {
			current = &items[i]
		}
	}
	if current == nil {
		return nil, apperr.New(apperr.NotFound, "cart item not found")
	}
	lines, err := s.deps.DB.CartLines(ctx, []string{current.ServiceID})
	if err != nil {
		return nil, err
	}
	line, ok := lines[current.ServiceID]
	if !ok || !line.Service.IsActive {
		return nil, apperr.Field("id", cart.KeyServiceInactive, cart.MsgServiceInactive)
	}
	offer, err := cart.ResolveOffer(line.Service, line.Packages, current.PackageID)
	if err != nil {
		return nil, apperr.Field("id", cart.KeyServiceInactive, cart.MsgServiceInactive)
	}
	pro := s.isPro(p)
	_, err = s.deps.DB.UpdateCartItem(ctx, p.User.ID, in.ID, func(it *cart.Item) error {
		quote := cart.NeedsConsultation(offer) || it.PriceKind == "quote"
		if in.Body.Quantity != nil {
			if quote && *in.Body.Quantity != it.Quantity {
				return apperr.Field("quantity", cart.KeyQuoteQuantity, cart.MsgQuoteQuantity)
			}
			it.Quantity = *in.Body.Quantity
		}
		if in.Body.Coverage != "" {
			cov := cart.Coverage(in.Body.Coverage)
			if quote {
				return apperr.Field("coverage", cart.KeyQuoteCoverage, cart.MsgQuoteCoverage)
			}
			if cov == cart.CoveragePro && !pro {
				return cart.ProRequired()
			}
			price, ok := cart.UnitPrice(offer, cov, it.Yearly)
			if !ok {
				if cov == cart.CoveragePro {
					return apperr.Field("coverage", "cart.no_pro_price", "This service has no Circle Pro price.")
				}
				return apperr.Field("coverage", cart.KeyPricingError, cart.MsgPricingError)
			}
			it.Coverage, it.PriceKind, it.UnitPriceCents = cov, string(cov), price
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.cartView(ctx, p, cartUpdated)
}

type cartItemPath struct {
	ID string `path:"id" maxLength:"64"`
}

func (s *Server) removeCartItem(ctx context.Context, in *cartItemPath) (*cartOutput, error) {
	p, err := s.requireUser(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.deps.DB.DeleteCartItem(ctx, p.User.ID, in.ID); err != nil {
		return nil, err
	}
	return s.cartView(ctx, p, cartRemoved)
}

func (s *Server) clearCart(ctx context.Context, _ *struct{}) (*cartOutput, error) {
	p, err := s.requireUser(ctx)
	if err != nil {
		return nil, err
	}
	if _, err := s.deps.DB.ClearCart(ctx, p.User.ID); err != nil {
		return nil, err
	}
	return s.cartView(ctx, p, cartCleared)
}
