package cart

import (
	"context"
	"sort"
	"time"

	"circle/internal/appconfig"
	"circle/internal/apperr"
	"circle/internal/ids"
	"circle/internal/pricing"
)

// Store is what the cart service needs from the database (internal/store). A method called
// with the ctx InTx hands to its fn runs in that transaction; with any other ctx, on its own.
type Store interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
	GetConfig(ctx context.Context) (appconfig.Config, error)

	CartItems(ctx context.Context, userID string) ([]Item, error)
	CartLines(ctx context.Context, serviceIDs []string) (map[string]Line, error)
	LockCart(ctx context.Context, userID string) ([]Item, error)
	UpsertCartItem(ctx context.Context, it Item) (Item, error)
	// RecordCartAdd counts one press of Add to cart for the service's vendor analytics.
	RecordCartAdd(ctx context.Context, userID, serviceID string, now time.Time) error
	LockCartItem(ctx context.Context, userID, id string) (*Item, error)
	SaveCartItem(ctx context.Context, it Item) error
	DeleteCartItem(ctx context.Context, userID, id string) (bool, error)
	ClearCart(ctx context.Context, userID string) (int, error)
	// CancelCoPayLinks cancels those of the user's co-pay requests that are still pending
	// (their cart line was removed or given another coverage), with a history row each.
	CancelCoPayLinks(ctx context.Context, userID string, requestIDs []string, note string, now time.Time) error
	// CartConsultation reads one of the user's bookings; nil when the user has none of that id.
	CartConsultation(ctx context.Context, userID, bookingID string) (*ConsultationLink, error)
	// SetCartConsultation links one of the user's lines to a booking (consultation.go).
	SetCartConsultation(ctx context.Context, userID, itemID, bookingID string, now time.Time) error
}

// Service runs the cart: lines checked against the catalogue's prices on the way in, and the
// cart's view with server totals.
type Service struct {
	Store Store
	Now   func() time.Time
}

// Shopper is whose cart it is.
type Shopper struct {
	UserID string
	// State and Lang pick the currency and the display language.
	State, Lang string
	// Currency is the viewer's USD/CAD choice (pricing.ViewerCurrency; auto when empty).
	Currency pricing.Choice
	// Pro may choose Circle Pro coverage and Pro-only packages.
	Pro bool
}

// Cart events, for the drawer's toasts (02§8: Added to cart, Updated cart, Removed from cart,
// Cart cleared).
const (
	EventAdded   = "added"
	EventUpdated = "updated"
	EventRemoved = "removed"
	EventCleared = "cleared"
)

// View builds the shopper's whole cart with server totals; event says what the request did.
func (s *Service) View(ctx context.Context, sh Shopper, event string) (CartView, error) {
	items, err := s.Store.CartItems(ctx, sh.UserID)
	if err != nil {
		return CartView{}, err
	}
	lines, err := s.Store.CartLines(ctx, ServiceIDs(items))
	if err != nil {
		return CartView{}, err
	}
	return s.viewOf(ctx, sh, items, lines, event)
}

// viewOf builds the cart's view from rows already read.
func (s *Service) viewOf(ctx context.Context, sh Shopper, items []Item, lines map[string]Line, event string) (CartView, error) {
	cfg, err := s.Store.GetConfig(ctx)
	if err != nil {
		return CartView{}, err
	}
	v := Build(items, lines, pricing.NewConverter(sh.Currency, sh.State, cfg.USDToCADRateE4, sh.Lang), sh.Pro)
	v.Event = event
	return v, nil
}

// Add checks a line against the catalogue and adds it to the cart; packageName, when not nil,
// names the package instead of req.PackageID (a pending item left before sign-in). Adding a
// line already there adds to its quantity.
//
// Each row is read once (issue 26 item 4): the cart's lines under their lock, then the
// services, vendors and packages of those lines and of the one added, in the transaction; the
// answer is built from them and the written line.
func (s *Service) Add(ctx context.Context, sh Shopper, req AddRequest, packageName *string) (CartView, error) {
	var items []Item
	var lines map[string]Line
	created := false
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		current, err := s.Store.LockCart(ctx, sh.UserID)
		if err != nil {
			return err
		}
		if lines, err = s.Store.CartLines(ctx, append(ServiceIDs(current), req.ServiceID)); err != nil {
			return err
		}
		item, sub, err := checkAdd(lines, sh, req, packageName)
		if err != nil {
			return err
		}
		if sub {
			if err := checkSubscription(current, item); err != nil {
				return err
			}
		}
		now := s.Now()
		item.ID, item.UserID, item.CreatedAt, item.UpdatedAt = ids.New(), sh.UserID, now, now
		isNew, err := Room(current, item)
		if err != nil {
			return err
		}
		for i := range current {
			if c := &current[i]; c.ServiceID == item.ServiceID && c.PackageID == item.PackageID && c.Yearly == item.Yearly && c.Coverage == CoverageCoPay && coPayActive(c) {
				return &apperr.Error{Code: apperr.Conflict, Message: MsgCoPayInCart,
					Fields: []apperr.FieldError{{Field: "service_id", Key: KeyCoPayInCart, Message: MsgCoPayInCart}}}
			}
		}
		created = isNew
		written, err := s.Store.UpsertCartItem(ctx, item)
		if err != nil {
			return err
		}
		if err := s.Store.RecordCartAdd(ctx, sh.UserID, item.ServiceID, now); err != nil {
			return err
		}
		items = withLine(current, written)
		return nil
	})
	if err != nil {
		return CartView{}, err
	}
	event := EventUpdated
	if created {
		event = EventAdded
	}
	return s.viewOf(ctx, sh, items, lines, event)
}

// checkAdd resolves and checks a line to add against its service's row (lines), as Check, and
// reports whether the line is a subscription.
func checkAdd(lines map[string]Line, sh Shopper, req AddRequest, packageName *string) (Item, bool, error) {
	line, ok := lines[req.ServiceID]
	if !ok {
		return Item{}, false, &apperr.Error{Code: apperr.NotFound, Message: "service not found",
			Fields: []apperr.FieldError{{Field: "service_id", Key: "cart.service_not_found", Message: "service not found"}}}
	}
	if packageName != nil {
		id, found := PackageByName(line.Service, line.Packages, *packageName)
		if !found {
			return Item{}, false, apperr.Field("packageName", KeyUnknownPackage, MsgUnknownPackage)
		}
		req.PackageID = id
	}
	offer, err := ResolveOffer(line.Service, line.Packages, req.PackageID)
	if err != nil {
		return Item{}, false, err
	}
	item, err := Check(line.Service, offer, req, sh.Pro)
	return item, err == nil && item.PriceKind != "quote" && Subscription(lineDuration(line, offer), item.Yearly), err
}

// withLine is the cart after a written line: it replaces the line of the same id (its links,
// which an add does not change, kept) or joins the cart, oldest line first as CartItems lists it.
func withLine(current []Item, written Item) []Item {
	out := make([]Item, 0, len(current)+1)
	replaced := false
	for _, c := range current {
		if c.ID == written.ID {
			written.CoPay, written.Consultation = c.CoPay, c.Consultation
			c, replaced = written, true
		}
		out = append(out, c)
	}
	if !replaced {
		out = append(out, written)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].CreatedAt.Equal(out[j].CreatedAt) {
			return out[i].CreatedAt.Before(out[j].CreatedAt)
		}
		return out[i].ID < out[j].ID
	})
	return out
}

// UpdateRequest changes a line's quantity or coverage (nil and "" leave them).
type UpdateRequest struct {
	Quantity *int
	Coverage Coverage
}

// Update changes one of the shopper's lines after the checks of ApplyUpdate.
func (s *Service) Update(ctx context.Context, sh Shopper, id string, req UpdateRequest) (CartView, error) {
	if req.Quantity == nil && req.Coverage == CoverageNone {
		return CartView{}, apperr.Field("quantity", "validation.required", "Send a quantity or a coverage to change")
	}
	items, err := s.Store.CartItems(ctx, sh.UserID)
	if err != nil {
		return CartView{}, err
	}
	var current *Item
	for i := range items {
		if items[i].ID == id {
			current = &items[i]
		}
	}
	if current == nil {
		return CartView{}, apperr.New(apperr.NotFound, "cart item not found")
	}
	lines, err := s.Store.CartLines(ctx, []string{current.ServiceID})
	if err != nil {
		return CartView{}, err
	}
	line, ok := lines[current.ServiceID]
	if !ok || !line.Service.IsActive {
		return CartView{}, apperr.Field("id", KeyServiceInactive, MsgServiceInactive)
	}
	offer, err := ResolveOffer(line.Service, line.Packages, current.PackageID)
	if err != nil {
		return CartView{}, apperr.Field("id", KeyServiceInactive, MsgServiceInactive)
	}
	err = s.Store.InTx(ctx, func(ctx context.Context) error {
		it, err := s.lockLine(ctx, sh.UserID, id)
		if err != nil {
			return err
		}
		linked := it.CoPayRequestID
		if req.Quantity != nil && *req.Quantity != it.Quantity && Subscription(lineDuration(line, offer), it.Yearly) {
			return apperr.Field("quantity", KeySubscriptionQuantity, MsgSubscriptionQuantity)
		}
		if err := ApplyUpdate(it, offer, req, sh.Pro); err != nil {
			return err
		}
		it.UpdatedAt = s.Now()
		if linked != "" && it.CoPayRequestID == "" {
			if err := s.Store.CancelCoPayLinks(ctx, sh.UserID, []string{linked}, NoteCoverageChanged, it.UpdatedAt); err != nil {
				return err
			}
		}
		return s.Store.SaveCartItem(ctx, *it)
	})
	if err != nil {
		return CartView{}, err
	}
	return s.View(ctx, sh, EventUpdated)
}

// lockLine locks one of the user's cart lines in the transaction ctx carries; a line that is
// not theirs, or gone, is not found.
func (s *Service) lockLine(ctx context.Context, userID, id string) (*Item, error) {
	it, err := s.Store.LockCartItem(ctx, userID, id)
	if err != nil {
		return nil, err
	}
	if it == nil {
		return nil, apperr.New(apperr.NotFound, "cart item not found")
	}
	return it, nil
}

// Notes of the history rows written when a cart change ends a pending co-pay request.
const (
	NoteCoverageChanged = "The agent chose another payment option."
	NoteLineRemoved     = "The agent removed the service from the cart."
)

// Remove deletes one of the shopper's lines (a pending co-pay request of the line is canceled).
func (s *Service) Remove(ctx context.Context, sh Shopper, id string) (CartView, error) {
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		it, err := s.lockLine(ctx, sh.UserID, id)
		if err != nil {
			return err
		}
		if it.CoPayRequestID != "" {
			if err := s.Store.CancelCoPayLinks(ctx, sh.UserID, []string{it.CoPayRequestID}, NoteLineRemoved, s.Now()); err != nil {
				return err
			}
		}
		_, err = s.Store.DeleteCartItem(ctx, sh.UserID, id)
		return err
	})
	if err != nil {
		return CartView{}, err
	}
	return s.View(ctx, sh, EventRemoved)
}

// Clear empties the shopper's cart (pending co-pay requests of its lines are canceled).
func (s *Service) Clear(ctx context.Context, sh Shopper) (CartView, error) {
	err := s.Store.InTx(ctx, func(ctx context.Context) error {
		current, err := s.Store.LockCart(ctx, sh.UserID)
		if err != nil {
			return err
		}
		var linked []string
		for _, it := range current {
			if it.CoPayRequestID != "" {
				linked = append(linked, it.CoPayRequestID)
			}
		}
		if len(linked) > 0 {
			if err := s.Store.CancelCoPayLinks(ctx, sh.UserID, linked, NoteLineRemoved, s.Now()); err != nil {
				return err
			}
		}
		_, err = s.Store.ClearCart(ctx, sh.UserID)
		return err
	})
	if err != nil {
		return CartView{}, err
	}
	return s.View(ctx, sh, EventCleared)
}

// Room says whether a line fits in a cart holding current: a line already there (same service,
// package and billing period) always does and is not new; a new line needs fewer than MaxLines
// lines in the cart.
func Room(current []Item, add Item) (isNew bool, err error) {
	for _, l := range current {
		if l.ServiceID == add.ServiceID && l.PackageID == add.PackageID && l.Yearly == add.Yearly {
			return false, nil
		}
	}
	if len(current) >= MaxLines {
		return false, apperr.Field("service_id", KeyCartFull, MsgCartFull)
	}
	return true, nil
}

// ApplyUpdate changes a line's quantity or coverage: a quote line's quantity stays 1 and it
// takes no coverage; Pro coverage needs a Pro member; a coverage change takes the server's price
// for it.
func ApplyUpdate(it *Item, offer Offer, req UpdateRequest, pro bool) error {
	if err := coPayUpdate(it, req); err != nil {
		return err
	}
	quote := NeedsConsultation(offer) || it.PriceKind == "quote"
	if req.Quantity != nil {
		if quote && *req.Quantity != it.Quantity {
			return apperr.Field("quantity", KeyQuoteQuantity, MsgQuoteQuantity)
		}
		it.Quantity = *req.Quantity
	}
	if req.Coverage != CoverageNone {
		if quote {
			return apperr.Field("coverage", KeyQuoteCoverage, MsgQuoteCoverage)
		}
		if (req.Coverage == CoveragePro || req.Coverage == CoveragePoints) && !pro {
			return ProRequired()
		}
		price, ok := UnitPrice(offer, req.Coverage, it.Yearly)
		if !ok {
			if req.Coverage == CoveragePro {
				return apperr.Field("coverage", "cart.no_pro_price", "This service has no Circle Pro price.")
			}
			return apperr.Field("coverage", KeyPricingError, MsgPricingError)
		}
		it.Coverage, it.PriceKind, it.UnitPriceCents, it.CoPayRequestID = req.Coverage, string(req.Coverage), price, ""
	}
	return nil
}
