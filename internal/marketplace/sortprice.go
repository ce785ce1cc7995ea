package marketplace

import (
	"circle/internal/catalog"
	"circle/internal/quote"
)

// The price sorts (docs/decisions.md, "Price sort by monthly equivalent", issue 28 item 6)
// compare one number, the same for every viewer: the retail price's monthly equivalent
// (quote.Comparable). Retail is the price every viewer sees (a member's headline, struck through
// beside a Pro member's Pro price); a monthly price counts as it is, a yearly price as a twelfth
// of itself and a one-time price spread over quote.AmortisedMonths (12). The card carries the
// number (SortPrice) and the page shows it while a price sort is active. Services priced after a
// consultation (quote requests) have none and sort last in both directions.
//
// To stay in exact integers the key is the price over a year (a monthly price times 12, the
// others as they are).

// PeriodOf is the period of a service's price, read like the card's suffix (PriceSuffix):
// one-time without a suffix, yearly for /yr, else monthly.
func PeriodOf(duration string) quote.Period {
	switch PriceSuffix(duration, false) {
	case "":
		return quote.OneTime
	case "/yr":
		return quote.Yearly
	default:
		return quote.Monthly
	}
}

// SortPriceKey is the number the price sorts compare for a service: its retail price over a
// year (quote.Comparable). ok is false for a service without a price online (a quote); those
// sort last in both directions. The SQL reference (store.SearchServices) orders by the same
// rule written in SQL; TestSearchIndexEqualsSQL holds them equal on both engines.
func SortPriceKey(s *catalog.Service) (key int64, ok bool) {
	q := quote.Of(quote.Service{Service: *s}, quote.Self(*s), quote.Viewer{SignedIn: true}, quote.Config{})
	return q.Comparable(PeriodOf(s.PriceDuration))
}

// SortPrice is the price sorts' number as a card shows it while a price sort is active, e.g.
// "$208/mo: $2,500 one-time over 12 months" (issue 28 item 6).
type SortPrice struct {
	MonthlyCents int64  `json:"monthly_cents" doc:"The monthly equivalent the price sorts compare (US cents): retail per month, a yearly price / 12, a one-time price over 12 months (half up)"`
	Cents        int64  `json:"cents" doc:"The retail price it comes from (US cents)"`
	Period       string `json:"period" enum:"month,year,one_time" doc:"The period of that price"`
	Months       int    `json:"months" doc:"The months the price is spread over: 1 for a monthly price, 12 for a yearly or one-time price"`
}

// SortPriceOf is the card's SortPrice; nil for a quote.
func SortPriceOf(s *catalog.Service) *SortPrice {
	perYear, ok := SortPriceKey(s)
	if !ok {
		return nil
	}
	p := PeriodOf(s.PriceDuration)
	out := &SortPrice{MonthlyCents: quote.MonthlyEquivalent(perYear), Cents: perYear, Period: string(p), Months: 1}
	if p == quote.Monthly {
		out.Cents = perYear / 12
	} else {
		out.Months = quote.AmortisedMonths
	}
	return out
}

// sortPriceKeyPtr is SortPriceKey as a pointer, nil without a price (comparePrice's form).
func sortPriceKeyPtr(s *catalog.Service) *int64 {
	k, ok := SortPriceKey(s)
	if !ok {
		return nil
	}
	return &k
}
