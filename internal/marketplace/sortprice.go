package marketplace

import (
	"circle/internal/catalog"
	"circle/internal/quote"
)

// The price sorts (docs/decisions.md, Hardening (issue 14), Price sort) compare what the card
// shows, not the retail price: the headline price (Displayed) per month. The headline price is
// the same for every viewer (a Pro member and a retail agent see the same card), so the order
// is too.
//
// Periods are put on one footing, per month:
//   - a monthly price (suffix /mo, the default) counts as it is;
//   - a yearly price (/yr) counts as a twelfth of itself;
//   - a one-time price (no suffix) counts as it is, as if it were one month's: there is no
//     period to spread it over, and it is the number the card shows.
//
// To stay in exact integers the key is that per-month price times 12 (a yearly price as it is,
// the others times 12), so $1,440/yr (120/mo) sorts below $129/mo and above $99 one-time.

// SortPriceKey is the number the price sorts compare for a service: its headline price per
// month, times 12. ok is false for a service without a price (quote); those sort last in both
// directions. The headline comes from the one quote (DisplayedOf), so the sort, the card and the
// cart read the same number; the SQL reference (store.SearchServices) sorts by this key too.
func SortPriceKey(s *catalog.Service) (key int64, ok bool) {
	q := quote.Of(quote.Service{Service: *s}, quote.Self(*s), quote.Viewer{SignedIn: true, Pro: true}, quote.Config{})
	shown := DisplayedOf(q, s.CoPayPriceCents != nil).Cents
	if shown == nil {
		return 0, false
	}
	if PriceSuffix(s.PriceDuration, false) == "/yr" {
		return *shown, true
	}
	return *shown * 12, true
}

// sortPriceKeyPtr is SortPriceKey as a pointer, nil without a price (comparePrice's form).
func sortPriceKeyPtr(s *catalog.Service) *int64 {
	k, ok := SortPriceKey(s)
	if !ok {
		return nil
	}
	return &k
}
