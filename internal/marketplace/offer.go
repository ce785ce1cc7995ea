package marketplace

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

// OfferInput is what the offers are computed from (the service's prices and flags).
type OfferInput struct {
	Retail, Pro, Copay *int64
	SplitLimit         *int
	Verified           bool
	CopayAllowed       bool
	RequiresQuote      bool
}

func positiveCents(p *int64) *int64 {
	if p == nil || *p <= 0 {
		return nil
	}
	v := *p
	return &v
}

// ViewerOffers computes both offers. Members pay retail and see a lower Pro price on verified
// services as the upsell; Pro members pay the Pro price on verified services that have one
// (retail otherwise) and see "from $X with co-pay" when co-pay is displayed for the service
// (02§8: copay_allowed, a split limit and a usable base price: the Pro price when verified,
// retail when not) and is below the headline.
func ViewerOffers(in OfferInput) CardOffers {
	retail, pro := positiveCents(in.Retail), positiveCents(in.Pro)
	if !in.Verified || (pro != nil && retail != nil && *pro >= *retail) {
		pro = nil
	}
	if in.RequiresQuote && retail == nil && pro == nil {
		return CardOffers{Member: CardOffer{Kind: "quote"}, Pro: CardOffer{Kind: "quote"}}
	}
	var out CardOffers
	switch {
	case retail != nil:
		out.Member = CardOffer{Kind: "retail", Cents: retail, ProCents: pro}
	case pro != nil:
		// Only a Pro price: members see it as the upsell and are asked for a quote.
		out.Member = CardOffer{Kind: "quote", ProCents: pro}
	default:
		out.Member = CardOffer{Kind: "quote"}
	}
	switch {
	case pro != nil:
		out.Pro = CardOffer{Kind: "pro", Cents: pro, RetailCents: retail, SavingsPercent: SavingsPercent(retail, pro)}
	case retail != nil:
		out.Pro = CardOffer{Kind: "retail", Cents: retail}
	default:
		out.Pro = CardOffer{Kind: "quote"}
	}
	if !in.CopayAllowed || in.SplitLimit == nil || *in.SplitLimit <= 0 {
		return out
	}
	var base *int64
	if in.Verified {
		base = pro
	} else {
		base = retail
	}
	if base == nil {
		return out
	}
	from := CoPayShare(*base, *in.SplitLimit)
	if c := positiveCents(in.Copay); c != nil && *c > from && *c < *base {
		from = *c
	}
	if out.Pro.Cents == nil || from < *out.Pro.Cents {
		out.Pro.CopayFromCents = &from
	}
	return out
}
