package marketplace

import "circle/internal/quote"

// CardOffer is the price one kind of viewer pays for a service, decided here so every screen shows
// the same figure (issue 18 item 3; 02§1, 02§7: everyone sees retail, Pro members also get the
// Pro price and co-pay). The snapshot is shared by every viewer, so a card carries one CardOffer
// per kind of viewer and the page picks the one of its viewer (from the session's
// is_pro_effective); subscribing to Pro switches the cards without a reload.
type CardOffer struct {
	Kind string `json:"kind" enum:"retail,pro,quote" doc:"What the headline price is: retail, the Circle Pro price, or a quote request"`
	// Cents is the headline price; null for a quote.
	Cents *int64 `json:"cents"`
	// RetailCents is retail, struck through beside a lower headline price; else null.
	RetailCents *int64 `json:"retail_cents"`
	// ProCents is the Pro price shown as the upsell to viewers who are not Pro; else null.
	ProCents *int64 `json:"pro_cents"`
	// CopayFromCents is the lowest the viewer pays with vendor co-pay (only for Pro members,
	// who may use it); else null.
	CopayFromCents *int64 `json:"copay_from_cents"`
	// SavingsPercent is the headline's saving against retail (0 hides the badge).
	SavingsPercent int `json:"savings_percent"`
}

// CardOffers holds a card's offer for each kind of viewer: visitors and members without Pro
// (member), and Pro members (pro).
type CardOffers struct {
	Member CardOffer `json:"member"`
	Pro    CardOffer `json:"pro"`
}

// OffersOf is a card's offer for each kind of viewer, read from the one quote of the service
// itself for a member and for a Pro member. Members pay the member quote's headline (retail, or
// a quote request) and see the Pro price as the upsell; Pro members pay the Pro quote's headline
// (the Pro price on verified services that have one below retail, else retail) and see "from $X
// with co-pay" when co-pay is shown (02§5) and its price, the agent's share at the default split
// within the RESPA caps, is below the headline.
func OffersOf(member, pro quote.Quote) CardOffers {
	out := CardOffers{
		Member: CardOffer{Kind: string(member.Headline), Cents: member.HeadlineCents, ProCents: member.ProPrice},
		Pro:    CardOffer{Kind: string(pro.Headline), Cents: pro.HeadlineCents},
	}
	if pro.Headline == quote.Pro {
		out.Pro.RetailCents = pro.Retail
		out.Pro.SavingsPercent = SavingsPercent(pro.Retail, pro.HeadlineCents)
	}
	if c, ok := pro.CoPayCents(false); ok && (out.Pro.Cents == nil || c < *out.Pro.Cents) {
		out.Pro.CopayFromCents = &c
	}
	return out
}
