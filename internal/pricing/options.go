package pricing

// Kind names one of a service's prices (02§3: retail_price, pro_price, co_pay_price).
type Kind string

// The price kinds a cart line may be chosen at.
const (
	Retail Kind = "retail"
	Pro    Kind = "pro"
	CoPay  Kind = "copay"
)

// DefaultPackageDef is one of the default packages: its id, name and share of the service's
// prices, and whether it is the Most Popular one. The one list quote.DefaultPackages prices.
type DefaultPackageDef struct {
	ID, Name string
	Percent  int
	Popular  bool
}

// DefaultPackageDefs are the default packages in display order (02§9).
var DefaultPackageDefs = []DefaultPackageDef{
	{ID: "default-basic", Name: "Basic", Percent: 75},
	{ID: "default-standard", Name: "Standard", Percent: 100, Popular: true},
	{ID: "default-premium", Name: "Premium", Percent: 150},
}

// SalesTier is one of the sales-page dialog's default tiers (02§9): the service itself at its
// retail, Pro or co-pay price.
type SalesTier struct {
	ID, Name string
	Kind     Kind
	ProOnly  bool
}

// SalesTiers are the sales-page tiers in display order; Circle Pro and Co-Pay are Pro only.
var SalesTiers = []SalesTier{
	{ID: "retail", Name: "Standard", Kind: Retail},
	{ID: "pro", Name: "Circle Pro", Kind: Pro, ProOnly: true},
	{ID: "copay", Name: "Co-Pay", Kind: CoPay, ProOnly: true},
}

// SalesTierByID finds a sales-page tier by its id.
func SalesTierByID(id string) (SalesTier, bool) {
	for _, t := range SalesTiers {
		if t.ID == id {
			return t, true
		}
	}
	return SalesTier{}, false
}

// Options are the prices one cart line (a service, or one of its packages) may be bought at,
// as the one quote gives them (cart.ResolveOffer). A nil price does not exist. Yearly prices
// exist only for packages with a yearly price.
type Options struct {
	Retail, Pro, CoPay      *int64
	RetailYearly, ProYearly *int64
	// Quote is set when the line has no price to pay online (requires_quote, a package that
	// asks for pricing, or no retail price): it needs a consultation first.
	Quote bool
}

// Price returns the price of a kind, monthly (or one-time) or yearly.
func (o Options) Price(k Kind, yearly bool) (int64, bool) {
	var p *int64
	switch {
	case k == Retail && !yearly:
		p = o.Retail
	case k == Retail && yearly:
		p = o.RetailYearly
	case k == Pro && !yearly:
		p = o.Pro
	case k == Pro && yearly:
		p = o.ProYearly
	case k == CoPay && !yearly:
		p = o.CoPay
	}
	if p == nil {
		return 0, false
	}
	return *p, true
}

// Match finds which of the prices cents is (the server price check of 02§5 and 03§5: the price
// must equal one of the service's retail, Pro or co-pay prices). Retail wins a tie, then Pro.
func (o Options) Match(cents int64) (kind Kind, yearly bool, ok bool) {
	for _, y := range []bool{false, true} {
		for _, k := range []Kind{Retail, Pro, CoPay} {
			if p, exists := o.Price(k, y); exists && p == cents {
				return k, y, true
			}
		}
	}
	return "", false, false
}

// Guarantee is the Pro Savings Guarantee of one membership's first month (02§9): when the
// value a member got in that month (Pro price savings, marketplace credits and vendor co-pay
// coverage) falls below the membership fee, the difference is credited as marketplace credit.
type Guarantee struct {
	FeeCents     int64 `json:"fee_cents" doc:"Membership fee of the first month (US cents)"`
	ValueCents   int64 `json:"value_cents" doc:"Savings, credits and coverage received in the first month (US cents)"`
	CreditCents  int64 `json:"credit_cents" doc:"Marketplace credit owed: fee minus value when positive"`
	GuaranteeMet bool  `json:"guarantee_met" doc:"The member already received at least the fee in value"`
}

// SavingsGuarantee computes the guarantee from the fee and the value received; negative inputs
// count as 0.
func SavingsGuarantee(feeCents, savingsCents, creditsCents, coverageCents int64) Guarantee {
	value := max(savingsCents, 0) + max(creditsCents, 0) + max(coverageCents, 0)
	fee := max(feeCents, 0)
	g := Guarantee{FeeCents: fee, ValueCents: value, GuaranteeMet: value >= fee}
	if !g.GuaranteeMet {
		g.CreditCents = fee - value
	}
	return g
}

// ProSavings is what a line bought at the Pro price saved against retail: (retail - paid) x
// quantity, never negative.
func ProSavings(retailUnit, paidUnit int64, quantity int) int64 {
	if retailUnit <= paidUnit || quantity <= 0 {
		return 0
	}
	return (retailUnit - paidUnit) * int64(quantity)
}
