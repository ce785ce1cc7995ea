package quote_test

import (
	"testing"

	"circle/internal/catalog"
	"circle/internal/pricing"
	"circle/internal/quote"
)

func c(v int64) *int64 { return &v }
func pc(v int) *int    { return &v }

var (
	visitor = quote.Viewer{}
	agent   = quote.Viewer{SignedIn: true}
	pro     = quote.Viewer{SignedIn: true, Pro: true}
	canada  = quote.Viewer{SignedIn: true, Currency: pricing.CurrencyFor("ON")}
	cfg     = quote.Config{USDToCADRateE4: 13800}
)

// TestF_PAY_02_F_PAY_06_Quote: the one quote's rules, case by case (02§5, 02§7, 02§9, shared
// decisions): the Pro price only on verified services below retail; the co-pay price on retail
// at the default split lowered to the RESPA cap of the partner that may cover most (SSP 20%,
// non-SSP 70%, a service limit can only lower it), the vendor's share rounded down; points
// capped at the split limit for a non-SSP vendor; CAD at the admin-set rate.
func TestF_PAY_02_F_PAY_06_Quote(t *testing.T) {
	type want struct {
		headline      quote.Coverage
		headlineCents int64
		pro           int64 // 0: no Pro price
		copay         int64 // agent's share; 0: no co-pay
		split, capPct int
	}
	cases := []struct {
		name   string
		svc    catalog.Service
		vendor string
		viewer quote.Viewer
		want   want
	}{
		{"retail for an agent", catalog.Service{RetailPriceCents: c(129_00), ProPriceCents: c(99_00), IsVerified: true}, "", agent,
			want{headline: quote.Retail, headlineCents: 129_00, pro: 99_00}},
		{"Pro price for a Pro member", catalog.Service{RetailPriceCents: c(129_00), ProPriceCents: c(99_00), IsVerified: true}, "", pro,
			want{headline: quote.Pro, headlineCents: 99_00, pro: 99_00}},
		{"no Pro price on an unverified service", catalog.Service{RetailPriceCents: c(129_00), ProPriceCents: c(99_00)}, "", pro,
			want{headline: quote.Retail, headlineCents: 129_00}},
		{"no Pro price at or above retail", catalog.Service{RetailPriceCents: c(129_00), ProPriceCents: c(129_00), IsVerified: true}, "", pro,
			want{headline: quote.Retail, headlineCents: 129_00}},
		{"visitor sees retail", catalog.Service{RetailPriceCents: c(129_00), ProPriceCents: c(99_00), IsVerified: true}, "", visitor,
			want{headline: quote.Retail, headlineCents: 129_00, pro: 99_00}},
		{"no retail: a quote", catalog.Service{RequiresQuote: true}, "", pro, want{headline: quote.Consultation}},
		{"non-SSP co-pay at the split limit", catalog.Service{RetailPriceCents: c(300_00), CopayAllowed: true, RespaSplitLimit: pc(50)}, "", pro,
			want{headline: quote.Retail, headlineCents: 300_00, copay: 150_00, split: 50, capPct: 50}},
		{"non-SSP cap 70% lowers an 80% limit", catalog.Service{RetailPriceCents: c(300_00), CopayAllowed: true, RespaSplitLimit: pc(80)}, "", pro,
			want{headline: quote.Retail, headlineCents: 300_00, copay: 90_00, split: 70, capPct: 70}},
		{"SSP-only service: the SSP cap 20%", catalog.Service{RetailPriceCents: c(300_00), CopayAllowed: true, RespaSplitLimit: pc(50),
			SSPAllowed: true, MaxSplitPercentageNonSSP: pc(0)}, "lender", pro,
			want{headline: quote.Retail, headlineCents: 300_00, copay: 240_00, split: 20, capPct: 20}},
		{"max vendor split lowers the cap", catalog.Service{RetailPriceCents: c(225_00), ProPriceCents: c(189_00), IsVerified: true, CopayAllowed: true,
			RespaSplitLimit: pc(50), MaxVendorSplitPercentage: pc(40)}, "", pro,
			want{headline: quote.Pro, headlineCents: 189_00, pro: 189_00, copay: 135_00, split: 40, capPct: 40}},
		{"vendor share rounds down, the agent pays the odd cent", catalog.Service{RetailPriceCents: c(99_99), CopayAllowed: true, RespaSplitLimit: pc(15)}, "", pro,
			want{headline: quote.Retail, headlineCents: 99_99, copay: 85_00, split: 15, capPct: 15}},
		{"no co-pay when not allowed", catalog.Service{RetailPriceCents: c(300_00), RespaSplitLimit: pc(50)}, "", pro,
			want{headline: quote.Retail, headlineCents: 300_00}},
		{"no co-pay: verified without a Pro price", catalog.Service{RetailPriceCents: c(300_00), IsVerified: true, CopayAllowed: true, RespaSplitLimit: pc(50)}, "", pro,
			want{headline: quote.Retail, headlineCents: 300_00}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			q := quote.Of(quote.Service{Service: tc.svc, VendorType: tc.vendor}, quote.Self(tc.svc), tc.viewer, cfg)
			got := want{headline: q.Headline}
			if q.HeadlineCents != nil {
				got.headlineCents = *q.HeadlineCents
			}
			if q.ProPrice != nil {
				got.pro = *q.ProPrice
			}
			if q.CoPay != nil {
				got.copay, got.split, got.capPct = q.CoPay.AgentShareCents, q.CoPay.SplitPercent, q.CoPay.CapPercent
				if q.CoPay.AgentShareCents+q.CoPay.VendorShareCents != *tc.svc.RetailPriceCents {
					t.Fatalf("shares %d + %d do not add up to retail", q.CoPay.AgentShareCents, q.CoPay.VendorShareCents)
				}
			}
			if got != tc.want {
				t.Fatalf("got %+v, want %+v", got, tc.want)
			}
			if e := q.Explanation(); len(e) == 0 || e[0].Key == "" {
				t.Fatalf("no explanation: %+v", e)
			}
		})
	}
}

// TestF_PAY_07_QuotePointsAndLines: a points line pays the points share of each unit in points
// (capped at the split limit for a non-SSP vendor, the whole price rounded up for an SSP) and
// the rest in cash; a Canadian viewer pays each unit converted once, times the quantity.
func TestF_PAY_07_QuotePointsAndLines(t *testing.T) {
	svc := catalog.Service{RetailPriceCents: c(225_00), ProPriceCents: c(189_00), IsVerified: true, RespaSplitLimit: pc(50), CopayAllowed: true}
	cases := []struct {
		name                 string
		vendor               string
		viewer               quote.Viewer
		cov                  quote.Coverage
		qty                  int
		unit, pts, cash, tot int64
		cur                  pricing.Currency
	}{
		{"Pro price", "", pro, quote.Pro, 2, 189_00, 0, 378_00, 378_00, pricing.USD},
		{"points: non-SSP capped at 50%", "", pro, quote.Points, 1, 189_00, 95, 94_00, 94_00, pricing.USD},
		{"points: an SSP vendor, the whole price", "lender", pro, quote.Points, 1, 189_00, 189, 0, 0, pricing.USD},
		{"Canadian retail", "", canada, quote.Retail, 3, 225_00, 0, 675_00, 3 * 310_50, pricing.CAD},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			q := quote.Of(quote.Service{Service: svc, VendorType: tc.vendor}, quote.Self(svc), tc.viewer, cfg)
			l, ok := q.Line(tc.cov, false, tc.qty)
			if !ok || l.UnitUSD != tc.unit || l.PointsUsed != tc.pts || l.CashUSD != tc.cash || l.Total != tc.tot || q.Currency != tc.cur {
				t.Fatalf("line %+v %v in %s", l, ok, q.Currency)
			}
		})
	}
}

// TestF_PAY_02_QuoteDefaultPackages: the default packages are 75/100/150% of retail and of the
// Pro price, and their co-pay is the co-pay of their own retail price.
func TestF_PAY_02_QuoteDefaultPackages(t *testing.T) {
	svc := catalog.Service{RetailPriceCents: c(99_99), ProPriceCents: c(79_99), IsVerified: true, CopayAllowed: true, RespaSplitLimit: pc(50)}
	pkgs := quote.DefaultPackages(svc)
	if len(pkgs) != 3 || *pkgs[0].Retail != 74_99 || *pkgs[0].Pro != 59_99 || *pkgs[2].Retail != 149_99 || *pkgs[2].Pro != 119_99 {
		t.Fatalf("default packages %+v", pkgs)
	}
	q := quote.Of(quote.Service{Service: svc}, pkgs[0], pro, cfg)
	if p, ok := q.CoPayCents(false); !ok || p != 74_99-37_49 {
		t.Fatalf("co-pay of the basic package %d %v", p, ok)
	}
	if quote.DefaultPackages(catalog.Service{}) != nil {
		t.Fatal("default packages without a retail price")
	}
}
