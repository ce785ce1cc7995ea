package billing

import (
	"testing"
	"time"

	"circle/internal/pricing"
)

func tp(t time.Time) *time.Time { return &t }

// TestF_PAY_09_PlanPrices: $99 primary seat, $49 per extra seat, yearly 10x monthly (2 months
// free), in cents, and in CAD at the admin rate.
func TestF_PAY_09_PlanPrices(t *testing.T) {
	t.Parallel()
	cases := []struct {
		interval string
		seats    int
		want     int64
	}{
		{IntervalMonth, 1, 99_00}, {IntervalMonth, 2, 148_00}, {IntervalMonth, 5, 295_00}, {IntervalMonth, 0, 99_00},
		{IntervalYear, 1, 990_00}, {IntervalYear, 3, 1970_00},
	}
	for _, c := range cases {
		if got := Price(c.interval, c.seats); got != c.want {
			t.Errorf("Price(%s, %d) = %d, want %d", c.interval, c.seats, got, c.want)
		}
	}
	if Discounted(148_00, 50) != 74_00 || Discounted(99_00, 30) != 69_30 || Discounted(99_00, 0) != 99_00 || Discounted(99, 50) != 49 {
		t.Fatal("Discounted")
	}
	plans := Plans(pricing.NewConverter(pricing.Auto, "ON", 13800, "en"))
	if len(plans) != 2 || plans[0].PrimarySeat.Cents != 136_62 || plans[0].PrimarySeat.Currency != pricing.CAD || plans[1].FreeMonths != 2 ||
		plans[1].SavingsVsMonthly.USDCents != 198_00 || plans[1].MonthlyEquivalent.USDCents != 82_50 {
		t.Fatalf("plans: %+v", plans)
	}
	if !GrantsPro(StatusActive) || !GrantsPro(StatusPastDue) || GrantsPro(StatusPaused) || GrantsPro(StatusCanceled) || GrantsPro(StatusIncomplete) {
		t.Fatal("GrantsPro")
	}
}

// TestF_PAY_10_OffersNeverStack: offers are for a live, unpaused membership that is not ending,
// never while a discount runs, and once per 12 months whatever the kind.
func TestF_PAY_10_OffersNeverStack(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	active := Subscription{Status: StatusActive}
	discounted := Subscription{Status: StatusActive, DiscountPercent: 50, DiscountEndsAt: tp(now.AddDate(0, 1, 0))}
	expiredDiscount := Subscription{Status: StatusActive, DiscountPercent: 50, DiscountEndsAt: tp(now.AddDate(0, -1, 0))}
	recent := []Offer{{Kind: OfferPause, CreatedAt: now.AddDate(0, -11, 0)}}
	old := []Offer{{Kind: OfferDiscount, CreatedAt: now.AddDate(0, -13, 0)}}
	cases := []struct {
		name   string
		sub    *Subscription
		offers []Offer
		reason string
	}{
		{"no membership", nil, nil, "no_subscription"},
		{"ended", &Subscription{Status: StatusCanceled}, nil, "no_subscription"},
		{"paused", &Subscription{Status: StatusPaused}, nil, "paused"},
		{"ending", &Subscription{Status: StatusActive, CancelAtPeriodEnd: true}, nil, "canceling"},
		{"on a discount", &discounted, nil, "discount_active"},
		{"an offer 11 months ago", &active, recent, "offer_recent"},
		{"an offer 13 months ago", &active, old, ""},
		{"a discount that ended, taken 13 months ago", &expiredDiscount, old, ""},
		{"fresh", &active, nil, ""},
	}
	for _, c := range cases {
		a := OffersAvailable(c.sub, c.offers, now)
		if a.Reason != c.reason || (c.reason == "") != (a.Pause && a.Discount && a.Downgrade) || (c.reason != "" && a.Message == "") {
			t.Errorf("%s: %+v, want reason %q", c.name, a, c.reason)
		}
		if err := CheckOffer(c.sub, c.offers, now); (err == nil) != (c.reason == "") {
			t.Errorf("%s: CheckOffer %v", c.name, err)
		}
	}
}

// TestF_PAY_10_BuiltInClock: what falls due on a built-in membership.
func TestF_PAY_10_BuiltInClock(t *testing.T) {
	t.Parallel()
	start := time.Date(2026, 1, 31, 9, 0, 0, 0, time.UTC)
	end := time.Date(2026, 2, 28, 9, 0, 0, 0, time.UTC)
	base := Subscription{Status: StatusActive, Interval: IntervalMonth, AmountCents: 148_00, CurrentPeriodStart: &start, CurrentPeriodEnd: &end}
	if _, ok := NextDue(base, end.Add(-time.Second)); ok {
		t.Fatal("nothing is due before the period ends")
	}
	d, ok := NextDue(base, end)
	if !ok || d.Kind != DueRenew || d.AmountCents != 148_00 || !d.PeriodStart.Equal(end) || !d.PeriodEnd.Equal(end.AddDate(0, 1, 0)) {
		t.Fatalf("renewal: %+v", d)
	}
	disc := base
	disc.DiscountPercent, disc.DiscountEndsAt = 50, tp(end.AddDate(0, 0, 1))
	if d, _ := NextDue(disc, end); d.AmountCents != 74_00 || d.DiscountPercent != 50 {
		t.Fatalf("discounted renewal: %+v", d)
	}
	disc.DiscountEndsAt = tp(end)
	if d, _ := NextDue(disc, end); d.AmountCents != 148_00 || d.DiscountPercent != 0 {
		t.Fatalf("renewal after the discount: %+v", d)
	}
	canceling := base
	canceling.CancelAtPeriodEnd = true
	if d, _ := NextDue(canceling, end.Add(time.Hour)); d.Kind != DueEnd {
		t.Fatalf("end: %+v", d)
	}
	paused := base
	paused.Status, paused.ResumesAt = StatusPaused, tp(end.AddDate(0, 2, 0))
	if d, _ := NextDue(paused, end); d.Kind != DuePausePeriod || d.AmountCents != 0 {
		t.Fatalf("a period during a pause: %+v", d)
	}
	if d, _ := NextDue(paused, *paused.ResumesAt); d.Kind != DueResume {
		t.Fatalf("resume: %+v", d)
	}
	if _, ok := NextDue(Subscription{Status: StatusCanceled, CurrentPeriodEnd: &end}, end.AddDate(1, 0, 0)); ok {
		t.Fatal("an ended membership has nothing due")
	}
}
