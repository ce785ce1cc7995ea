package pricing

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestF_PAY_01_ParsePrice is the table of 03§5 "Price parsing and checks": every example of the
// spec first, then more of the texts vendors and agents write.
func TestF_PAY_01_ParsePrice(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in       string
		cents    int64
		free     bool
		err      string
		warnings []string
	}{
		// The spec's zero forms.
		{in: "free", free: true},
		{in: "$0", free: true},
		{in: "0", free: true},
		{in: "0.00", free: true},
		// The spec's rules: the first number, thousands commas, up to 2 decimals.
		{in: "1,299", cents: 1299_00},
		{in: "$1,299.99", cents: 1299_99},
		{in: "89.99", cents: 89_99},
		{in: "Contact for quote", err: MsgNoPrice},
		{in: "1,23", err: MsgInvalidFormat},
		{in: "-5", err: MsgNegative},
		{in: "$100,000.01", err: MsgTooHigh},
		{in: "12.345", cents: 12_35, warnings: []string{WarnRounded}},
		{in: "$10,000.01", cents: 10_000_01, warnings: []string{WarnHighPrice}},
		{in: "0.01", cents: 1},
		// 30+ more.
		{in: "FREE", free: true},
		{in: "  Free  ", free: true},
		{in: "$0.00", free: true},
		{in: "0.0", free: true},
		{in: "USD 0", free: true},
		{in: "$299/mo", cents: 299_00},
		{in: "Starting at $225", cents: 225_00},
		{in: "From $1,500 per listing", cents: 1500_00},
		{in: "$450.", cents: 450_00},
		{in: "2, 3 or 4 payments", cents: 2_00},
		{in: "$49.5", cents: 49_50},
		{in: ".50", cents: 50},
		{in: "$.99", cents: 99},
		{in: "12,345,678", err: MsgTooHigh},
		{in: "$100,000", cents: 100_000_00, warnings: []string{WarnHighPrice}},
		{in: "$10,000", cents: 10_000_00},
		{in: "10000.001", cents: 10_000_00, warnings: []string{WarnRounded}},
		{in: "10000.005", cents: 10_000_01, warnings: []string{WarnRounded, WarnHighPrice}},
		{in: "99.999", cents: 100_00, warnings: []string{WarnRounded}},
		{in: "0.004", err: MsgBelowMinimum},
		{in: "0.005", cents: 1, warnings: []string{WarnRounded}},
		{in: "-$5", err: MsgNegative},
		{in: "$-5", err: MsgNegative},
		{in: "− 12", err: MsgNegative},
		{in: "Add-on 5", cents: 5_00},
		{in: "2-5 days, $300", cents: 2_00},
		{in: "1.2.3", err: MsgInvalidFormat},
		{in: "$1.299,00", err: MsgInvalidFormat},
		{in: "1234,567", err: MsgInvalidFormat},
		{in: "1,2345", err: MsgInvalidFormat},
		{in: "", err: MsgNoPrice},
		{in: "   ", err: MsgNoPrice},
		{in: "NaN", err: MsgNoPrice},
		{in: "Infinity", err: MsgNoPrice},
		{in: "$", err: MsgNoPrice},
		{in: "Call us.", err: MsgNoPrice},
		{in: "9999999999999999999999", err: MsgTooHigh},
		{in: "C$1,793", cents: 1793_00},
		{in: "1 299", cents: 1_00},
		{in: "007", cents: 7_00},
		{in: "$1,000,000", err: MsgTooHigh},
		{in: "Only 3 left at $99", cents: 3_00},
	}
	for _, c := range cases {
		got, err := ParsePrice(c.in)
		if c.err != "" {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Message != c.err || !strings.HasPrefix(pe.Key, "price.") {
				t.Errorf("ParsePrice(%q) = %+v, %v; want error %q", c.in, got, err, c.err)
			}
			continue
		}
		if err != nil || got.Cents != c.cents || got.Free != c.free || !slices.Equal(got.Warnings, c.warnings) {
			t.Errorf("ParsePrice(%q) = %+v, %v; want %d cents free=%v warnings %q", c.in, got, err, c.cents, c.free, c.warnings)
		}
	}
	if len(cases) < 14+30 {
		t.Fatalf("the table must have the spec's examples and 30 more, has %d", len(cases))
	}
}

// FuzzParsePrice checks the parser never panics, keeps every accepted price within bounds and
// reads its own formatting of an accepted price back to the same cents.
func FuzzParsePrice(f *testing.F) {
	for _, s := range []string{"free", "$0", "0", "0.00", "$1,299.99/mo", "Starting at $225", "12.345", "-5", "1,23",
		"$100,000.01", ".5", "−7", "1.2.3", "Contact for quote", "9999999999", "0.004", "$.99", "1,000,000.005"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePrice(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Message == "" {
				t.Fatalf("ParsePrice(%q): error %v is not a *ParseError", s, err)
			}
			return
		}
		if p.Cents < 0 || p.Cents > MaxCents || (p.Free != (p.Cents == 0)) {
			t.Fatalf("ParsePrice(%q) = %+v out of bounds", s, p)
		}
		if p.Free {
			return
		}
		back, err := ParsePrice(FormatDecimal(p.Cents))
		if err != nil || back.Cents != p.Cents {
			t.Fatalf("round trip of %q: %d -> %q -> %+v %v", s, p.Cents, FormatDecimal(p.Cents), back, err)
		}
		back, err = ParsePrice("$" + FormatDecimal(p.Cents) + "/mo")
		if err != nil || back.Cents != p.Cents {
			t.Fatalf("round trip with symbol and suffix of %d: %+v %v", p.Cents, back, err)
		}
	})
}

func TestF_PAY_01_FormatDecimalRoundTrips(t *testing.T) {
	t.Parallel()
	for _, c := range []int64{1, 9, 10, 99, 100, 101, 999_99, 1000_00, 1234_56, 99_999_99, MaxCents} {
		s := FormatDecimal(c)
		p, err := ParsePrice(s)
		if err != nil || p.Cents != c {
			t.Errorf("%d -> %q -> %+v %v", c, s, p, err)
		}
	}
	if FormatDecimal(1234567) != "12,345.67" || FormatDecimal(5) != "0.05" || FormatDecimal(-150) != "-1.50" {
		t.Fatalf("FormatDecimal: %s %s %s", FormatDecimal(1234567), FormatDecimal(5), FormatDecimal(-150))
	}
}

// TestF_PAY_02_CurrencyAndDisplay: USD by default, CAD for Canadian provinces (codes and names in
// English and French) at the admin rate, whole units, en-US or fr-CA (03§9).
func TestF_PAY_02_CurrencyAndDisplay(t *testing.T) {
	t.Parallel()
	for _, st := range []string{"ON", "qc", "Québec", "British Columbia", "colombie-britannique", " Yukon "} {
		if CurrencyFor(st) != CAD {
			t.Errorf("%q should be CAD", st)
		}
	}
	for _, st := range []string{"", "TX", "CA", "New York", "Ontario, CA "} {
		if CurrencyFor(st) != USD {
			t.Errorf("%q should be USD", st)
		}
	}
	if got := USDToCAD(99_00, 13800); got != 136_62 {
		t.Errorf("USDToCAD(99.00 at 1.38) = %d", got)
	}
	if got := USDToCAD(1, 15000); got != 2 { // 1.5 cents rounds half up
		t.Errorf("USDToCAD(1 cent at 1.5) = %d", got)
	}
	cases := []struct {
		cents int64
		cur   Currency
		lang  string
		want  string
	}{
		{1299_00, USD, "en", "$1,299"},
		{1299_49, USD, "es", "$1,299"},
		{1299_50, USD, "en", "$1,300"},
		{0, USD, "en", "$0"},
		{1793_00, CAD, "en", "C$1,793"},
		{1299_00, USD, "fr", "1\u202f299\u00a0$"},
		{1_234_567_00, CAD, "fr-CA", "1\u202f234\u202f567\u00a0C$"},
		{99_00, USD, "en", "$99"},
	}
	for _, c := range cases {
		if got := Display(c.cents, c.cur, c.lang); got != c.want {
			t.Errorf("Display(%d, %s, %s) = %q, want %q", c.cents, c.cur, c.lang, got, c.want)
		}
	}
	conv := NewConverter(Auto, "ON", 13800, "en")
	m := conv.Money(225_00)
	if m.Currency != CAD || m.Cents != 310_50 || m.USDCents != 225_00 || m.Display != "C$311" || !m.Approximate {
		t.Fatalf("Canadian money: %+v", m)
	}
	m = NewConverter(Auto, "TX", 13800, "en").Money(225_00)
	if m.Currency != USD || m.Cents != 225_00 || m.Display != "$225" || m.Approximate {
		t.Fatalf("US money: %+v", m)
	}
}

// TestF_PAY_02_CentsArithmetic: percentages round half up in integers; no float is involved.
func TestF_PAY_02_CentsArithmetic(t *testing.T) {
	t.Parallel()
	cases := []struct {
		cents int64
		pct   int
		want  int64
	}{
		{100_00, 75, 75_00}, {99_99, 75, 74_99}, {1, 50, 1}, {3, 50, 2}, {2, 25, 1}, {1, 49, 0}, {299_00, 150, 448_50}, {0, 30, 0},
	}
	for _, c := range cases {
		if got := PercentOf(c.cents, c.pct); got != c.want {
			t.Errorf("PercentOf(%d, %d) = %d, want %d", c.cents, c.pct, got, c.want)
		}
	}
	if ProSavings(299_00, 249_00, 3) != 150_00 || ProSavings(100, 150, 2) != 0 || ProSavings(100, 50, 0) != 0 {
		t.Fatal("ProSavings")
	}
}

// TestF_PAY_03_PriceOptionsMatch is the server price check: a price must be one of the line's
// retail, Pro or co-pay prices (monthly or yearly); anything else is a mismatch.
func TestF_PAY_03_PriceOptionsMatch(t *testing.T) {
	t.Parallel()
	retail, pro, copay, yearly, proYearly := int64(349_00), int64(297_00), int64(174_50), int64(3490_00), int64(2970_00)
	o := Options{Retail: &retail, Pro: &pro, CoPay: &copay, RetailYearly: &yearly, ProYearly: &proYearly}
	cases := []struct {
		cents  int64
		kind   Kind
		yearly bool
		ok     bool
	}{
		{349_00, Retail, false, true},
		{297_00, Pro, false, true},
		{174_50, CoPay, false, true},
		{3490_00, Retail, true, true},
		{2970_00, Pro, true, true},
		{348_99, "", false, false},
		{1, "", false, false},
		{0, "", false, false},
	}
	for _, c := range cases {
		k, y, ok := o.Match(c.cents)
		if k != c.kind || y != c.yearly || ok != c.ok {
			t.Errorf("Match(%d) = %s %v %v, want %s %v %v", c.cents, k, y, ok, c.kind, c.yearly, c.ok)
		}
	}
	if _, ok := o.Price(CoPay, true); ok {
		t.Fatal("there is no yearly co-pay price")
	}
	same := int64(100_00)
	tie := Options{Retail: &same, Pro: &same}
	if k, _, _ := tie.Match(100_00); k != Retail {
		t.Fatalf("a tie between retail and Pro is retail, got %s", k)
	}
}

// TestF_PAY_10_SavingsGuarantee: the shortfall of first-month value below the fee is credited.
func TestF_PAY_10_SavingsGuarantee(t *testing.T) {
	t.Parallel()
	cases := []struct {
		fee, savings, credits, coverage int64
		credit                          int64
		met                             bool
	}{
		{99_00, 0, 0, 0, 99_00, false},
		{99_00, 40_00, 0, 0, 59_00, false},
		{99_00, 40_00, 20_00, 39_00, 0, true},
		{99_00, 150_00, 0, 0, 0, true},
		{99_00, -10_00, 0, 0, 99_00, false},
		{0, 0, 0, 0, 0, true},
		{148_00, 100_00, 0, 47_99, 1, false},
	}
	for _, c := range cases {
		g := SavingsGuarantee(c.fee, c.savings, c.credits, c.coverage)
		if g.CreditCents != c.credit || g.GuaranteeMet != c.met {
			t.Errorf("SavingsGuarantee(%d, %d, %d, %d) = %+v", c.fee, c.savings, c.credits, c.coverage, g)
		}
	}
}

func TestCADToUSD(t *testing.T) {
	cases := []struct {
		name   string
		cad    int64
		rateE4 int
		want   int64
	}{
		{"a plan price at 1.38", 136_62, 13800, 99_00},
		{"rounds half up", 3, 20000, 2}, // 1.5 cents
		{"rounds down below half", 1, 30000, 0},
		{"negative amounts mirror positive ones", -136_62, 13800, -99_00},
		{"no rate keeps the amount", 500, 0, 500},
		{"zero", 0, 13800, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := CADToUSD(c.cad, c.rateE4); got != c.want {
				t.Errorf("CADToUSD(%d, %d) = %d, want %d", c.cad, c.rateE4, got, c.want)
			}
		})
	}
	// A USD amount converted to CAD and back comes home within a cent.
	for usd := int64(0); usd < 100_000; usd += 997 {
		if back := CADToUSD(USDToCAD(usd, 13800), 13800); back < usd-1 || back > usd+1 {
			t.Fatalf("round trip of %d: %d", usd, back)
		}
	}
}
