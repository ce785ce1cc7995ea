package billing

import (
	"testing"
	"time"

	"circle/internal/apperr"
	"circle/internal/payments"
)

var (
	t0    = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	later = t0.Add(time.Hour)
)

func incomplete() Subscription {
	return Subscription{ID: "sub", UserID: "u", Interval: IntervalMonth, Seats: 1, Status: StatusIncomplete, Currency: "USD", AmountCents: 99_00}
}

func active() Subscription {
	s := incomplete()
	end := t0.AddDate(0, 1, 0)
	s.Status, s.StartedAt, s.CurrentPeriodStart, s.CurrentPeriodEnd = StatusActive, tp(t0), tp(t0), &end
	return s
}

func with(s Subscription, fn func(*Subscription)) Subscription { fn(&s); return s }

// TestActivate: a first payment starts a membership waiting for it (or one whose page expired
// before it was ever paid); a running one only learns the ids it lacks; one that ran and ended
// stays ended.
func TestActivate(t *testing.T) {
	f := payments.Fact{CustomerID: "cus_1", ProviderSubscriptionID: "sub_1"}
	cases := []struct {
		name       string
		sub        Subscription
		want       Effect
		wantStatus string
		wantIDs    bool
	}{
		{"incomplete starts", incomplete(), ChangedPro, StatusActive, true},
		{"expired before any payment starts", with(incomplete(), func(s *Subscription) { s.Status = StatusExpired }), ChangedPro, StatusActive, true},
		{"expired after running stays ended", with(active(), func(s *Subscription) { s.Status = StatusExpired }), Unchanged, StatusExpired, false},
		{"active learns missing ids", active(), Changed, StatusActive, true},
		{"active with ids is unchanged", with(active(), func(s *Subscription) { s.ProviderCustomerID, s.ProviderSubscriptionID = "cus_0", "sub_0" }), Unchanged, StatusActive, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sub := c.sub
			got := Activate(&sub, f, later)
			if got != c.want || sub.Status != c.wantStatus {
				t.Fatalf("effect %v status %s, want %v %s", got, sub.Status, c.want, c.wantStatus)
			}
			if c.wantIDs != (sub.ProviderCustomerID == "cus_1" && sub.ProviderSubscriptionID == "sub_1") {
				t.Errorf("ids %q %q", sub.ProviderCustomerID, sub.ProviderSubscriptionID)
			}
			if c.want == ChangedPro && (!sub.StartedAt.Equal(later) || !sub.CurrentPeriodEnd.Equal(later.AddDate(0, 1, 0)) || sub.EndedAt != nil) {
				t.Errorf("period %v - %v ended %v", sub.StartedAt, sub.CurrentPeriodEnd, sub.EndedAt)
			}
		})
	}
}

// TestApplySessionOutcome: a paid page starts the membership; a failed or expired one ends an
// attempt still waiting, and leaves a running membership alone.
func TestApplySessionOutcome(t *testing.T) {
	cases := []struct {
		name       string
		sub        Subscription
		outcome    string
		want       Effect
		wantStatus string
	}{
		{"paid starts", incomplete(), payments.OutcomePaid, ChangedPro, StatusActive},
		{"failed expires the attempt", incomplete(), payments.OutcomeFailed, Changed, StatusExpired},
		{"failed leaves a running membership", active(), payments.OutcomeFailed, Unchanged, StatusActive},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sub := c.sub
			if got := ApplySessionOutcome(&sub, payments.Fact{Outcome: c.outcome}, later); got != c.want || sub.Status != c.wantStatus {
				t.Fatalf("effect %v status %s, want %v %s", got, sub.Status, c.want, c.wantStatus)
			}
		})
	}
}

// TestApplySubscriptionFact: the state machine of provider subscription events.
func TestApplySubscriptionFact(t *testing.T) {
	resumes := t0.AddDate(0, 0, 90)
	fact := func(status string, created time.Time, mod ...func(*payments.SubscriptionFact)) payments.Fact {
		sf := &payments.SubscriptionFact{Status: status}
		for _, m := range mod {
			m(sf)
		}
		return payments.Fact{Created: created, Subscription: sf}
	}
	cases := []struct {
		name       string
		sub        Subscription
		f          payments.Fact
		want       Effect
		wantStatus string
		check      func(t *testing.T, s Subscription)
	}{
		{"active on an incomplete one starts it", incomplete(), fact(StatusActive, later), ChangedPro, StatusActive,
			func(t *testing.T, s Subscription) {
				if s.StartedAt == nil {
					t.Error("not started")
				}
			}},
		{"an older event loses", with(active(), func(s *Subscription) { s.LastEventAt = tp(later) }), fact(StatusCanceled, t0), Unchanged, StatusActive, nil},
		{"a canceled membership stays canceled", with(active(), func(s *Subscription) { s.Status = StatusCanceled }), fact(StatusActive, later), Unchanged, StatusCanceled, nil},
		{"an ended membership stays ended", with(active(), func(s *Subscription) { s.Status = StatusExpired }), fact(StatusActive, later), Unchanged, StatusExpired, nil},
		{"incomplete reported on a running one keeps its status", active(), fact(StatusIncomplete, later), ChangedPro, StatusActive, nil},
		{"paused records the pause", active(), fact(StatusPaused, later, func(sf *payments.SubscriptionFact) { sf.ResumesAt = &resumes }), ChangedPro, StatusPaused,
			func(t *testing.T, s Subscription) {
				if s.PausedAt == nil || !s.ResumesAt.Equal(resumes) {
					t.Errorf("pause %v resumes %v", s.PausedAt, s.ResumesAt)
				}
			}},
		{"active clears a pause", with(active(), func(s *Subscription) { s.Status, s.PausedAt, s.ResumesAt = StatusPaused, tp(t0), &resumes }), fact(StatusActive, later), ChangedPro, StatusActive,
			func(t *testing.T, s Subscription) {
				if s.PausedAt != nil || s.ResumesAt != nil {
					t.Error("pause kept")
				}
			}},
		{"canceled ends it", active(), fact(StatusCanceled, later), ChangedPro, StatusCanceled,
			func(t *testing.T, s Subscription) {
				if s.EndedAt == nil || !s.LastEventAt.Equal(later) {
					t.Errorf("ended %v last event %v", s.EndedAt, s.LastEventAt)
				}
			}},
		{"a reported period is taken", active(), fact(StatusActive, later, func(sf *payments.SubscriptionFact) {
			sf.PeriodStart, sf.PeriodEnd, sf.CancelAtPeriodEnd = t0.AddDate(0, 1, 0), t0.AddDate(0, 2, 0), true
		}), ChangedPro, StatusActive,
			func(t *testing.T, s Subscription) {
				if !s.CurrentPeriodEnd.Equal(t0.AddDate(0, 2, 0)) || !s.CancelAtPeriodEnd {
					t.Errorf("period end %v cancel %v", s.CurrentPeriodEnd, s.CancelAtPeriodEnd)
				}
			}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sub := c.sub
			if got := ApplySubscriptionFact(&sub, c.f, later); got != c.want || sub.Status != c.wantStatus {
				t.Fatalf("effect %v status %s, want %v %s", got, sub.Status, c.want, c.wantStatus)
			}
			if c.check != nil {
				c.check(t, sub)
			}
		})
	}
}

// TestApplyInvoice: a paid invoice starts, recovers or extends a membership; a failed one makes
// an active membership past due.
func TestApplyInvoice(t *testing.T) {
	next := payments.InvoiceFact{Paid: true, PeriodStart: t0.AddDate(0, 1, 0), PeriodEnd: t0.AddDate(0, 2, 0)}
	inv := func(in payments.InvoiceFact) payments.Fact { return payments.Fact{Invoice: &in} }
	failed := next
	failed.Paid = false
	cases := []struct {
		name       string
		sub        Subscription
		f          payments.Fact
		want       Effect
		wantStatus string
		wantEnd    time.Time
	}{
		{"paid starts an incomplete one", incomplete(), inv(next), ChangedPro, StatusActive, later.AddDate(0, 1, 0)},
		{"paid extends the period", active(), inv(next), ChangedPro, StatusActive, t0.AddDate(0, 2, 0)},
		{"paid brings past due back", with(active(), func(s *Subscription) { s.Status = StatusPastDue }), inv(payments.InvoiceFact{Paid: true}), ChangedPro, StatusActive, t0.AddDate(0, 1, 0)},
		{"an older paid invoice changes nothing", active(), inv(payments.InvoiceFact{Paid: true, PeriodStart: t0.AddDate(0, -1, 0), PeriodEnd: t0}), Unchanged, StatusActive, t0.AddDate(0, 1, 0)},
		{"failed makes active past due", active(), inv(failed), ChangedPro, StatusPastDue, t0.AddDate(0, 1, 0)},
		{"failed leaves a paused one", with(active(), func(s *Subscription) { s.Status = StatusPaused }), inv(failed), Unchanged, StatusPaused, t0.AddDate(0, 1, 0)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sub := c.sub
			if got := ApplyInvoice(&sub, c.f, later); got != c.want || sub.Status != c.wantStatus || !sub.CurrentPeriodEnd.Equal(c.wantEnd) {
				t.Fatalf("effect %v status %s end %v, want %v %s %v", got, sub.Status, sub.CurrentPeriodEnd, c.want, c.wantStatus, c.wantEnd)
			}
		})
	}
}

// TestNewInvoice: the invoice text, and its US amount at the membership's rate.
func TestNewInvoice(t *testing.T) {
	cases := []struct {
		name     string
		sub      Subscription
		in       payments.InvoiceFact
		wantUSD  int64
		wantCur  string
		wantDesc string
		wantStat string
	}{
		{"USD", with(active(), func(s *Subscription) { s.Seats = 2 }), payments.InvoiceFact{ID: "in_1", Paid: true, AmountCents: 148_00, Currency: "USD"},
			148_00, "USD", "Circle Pro, 2 seat(s), billed monthly", InvoicePaid},
		{"CAD at the membership's rate", with(active(), func(s *Subscription) { s.Currency, s.USDToCADRateE4, s.Interval = "CAD", 13800, IntervalYear }),
			payments.InvoiceFact{ID: "in_2", Paid: true, AmountCents: 136_62, Currency: "CAD", DiscountPercent: 50},
			99_00, "CAD", "Circle Pro, 1 seat(s), billed yearly, 50% off", InvoicePaid},
		{"failed, currency from the membership", active(), payments.InvoiceFact{ID: "in_3", AmountCents: 99_00}, 99_00, "USD", "Circle Pro, 1 seat(s), billed monthly", InvoiceFailed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := NewInvoice(c.sub, c.in, later)
			if got.AmountUSDCents != c.wantUSD || got.Currency != c.wantCur || got.Description != c.wantDesc || got.Status != c.wantStat ||
				got.ID != c.in.ID || got.SubscriptionID != c.sub.ID || got.UserID != c.sub.UserID {
				t.Fatalf("%+v", got)
			}
		})
	}
}

// TestManagementChanges: pause, resume, the discount offers and cancel change the row as the
// spec says, and each marks the change so that older provider events lose against it.
func TestManagementChanges(t *testing.T) {
	t.Run("pause", func(t *testing.T) {
		sub := active()
		o := Pause(&sub, later)
		if sub.Status != StatusPaused || !sub.ResumesAt.Equal(later.AddDate(0, 0, 90)) || o.Kind != OfferPause || o.Days != 90 || !o.EndsAt.Equal(*sub.ResumesAt) || sub.LastEventAt == nil {
			t.Fatalf("%+v %+v", sub, o)
		}
	})
	t.Run("resume a pause and a pending cancellation", func(t *testing.T) {
		sub := with(active(), func(s *Subscription) {
			s.Status, s.PausedAt, s.ResumesAt, s.CancelAtPeriodEnd, s.CancelReason = StatusPaused, tp(t0), tp(t0), true, "other"
		})
		if err := CheckResume(&sub); err != nil {
			t.Fatal(err)
		}
		Resume(&sub, later)
		if sub.Status != StatusActive || sub.PausedAt != nil || sub.CancelAtPeriodEnd || sub.CancelReason != "" {
			t.Fatalf("%+v", sub)
		}
		if err := CheckResume(&sub); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("resume an active one: %v", err)
		}
	})
	t.Run("discount and downgrade", func(t *testing.T) {
		for _, c := range []struct {
			kind            string
			percent, months int
		}{{OfferDiscount, 50, 2}, {OfferDowngrade, 30, 12}} {
			sub := active()
			o := Discount(&sub, c.kind, c.percent, c.months, later)
			if sub.DiscountPercent != c.percent || sub.DiscountKind != c.kind || !sub.DiscountEndsAt.Equal(later.AddDate(0, c.months, 0)) ||
				o.Percent != c.percent || o.Months != c.months || !sub.DiscountActive(later) {
				t.Fatalf("%s: %+v %+v", c.kind, sub, o)
			}
		}
	})
	t.Run("cancel", func(t *testing.T) {
		sub := active()
		if err := CheckCancel(&sub); err != nil {
			t.Fatal(err)
		}
		ends := Cancel(&sub, "too_expensive", "costly", later)
		if !ends.Equal(*sub.CurrentPeriodEnd) || !sub.CancelAtPeriodEnd || sub.CancelReason != "too_expensive" || sub.CancelFeedback != "costly" {
			t.Fatalf("%+v", sub)
		}
		if err := CheckCancel(&sub); apperr.CodeOf(err) != apperr.Conflict {
			t.Fatalf("cancel twice: %v", err)
		}
	})
}

// TestDueEvent: each thing the built-in clock finds due becomes the event Stripe would send,
// with an id fixed by the membership and the time it fell due.
func TestDueEvent(t *testing.T) {
	sub := active()
	cases := []struct {
		due             Due
		wantID, wantTyp string
		wantStatus      string
	}{
		{Due{Kind: DueRenew, At: t0, PeriodStart: t0, PeriodEnd: t0.AddDate(0, 1, 0), AmountCents: 99_00}, "evt_builtin_renew_sub_", "invoice.paid", ""},
		{Due{Kind: DueEnd, At: t0}, "evt_builtin_end_sub_", "customer.subscription.deleted", StatusCanceled},
		{Due{Kind: DueResume, At: t0}, "evt_builtin_resume_sub_", "customer.subscription.updated", StatusActive},
		{Due{Kind: DuePausePeriod, At: t0}, "evt_builtin_period_sub_", "customer.subscription.updated", StatusActive},
	}
	for _, c := range cases {
		t.Run(c.due.Kind, func(t *testing.T) {
			id, typ, obj := DueEvent(sub, c.due)
			if id != c.wantID+"1772366400" || typ != c.wantTyp {
				t.Fatalf("%s %s", id, typ)
			}
			f, err := payments.BuiltInFact(id, typ, later, obj)
			if err != nil {
				t.Fatal(err)
			}
			if f.Ref != sub.ID {
				t.Errorf("ref %q", f.Ref)
			}
			if c.wantStatus != "" && (f.Subscription == nil || f.Subscription.Status != c.wantStatus) {
				t.Errorf("subscription fact %+v", f.Subscription)
			}
			if c.due.Kind == DueRenew && (f.Invoice == nil || f.Invoice.AmountCents != 99_00 || !f.Invoice.Paid) {
				t.Errorf("invoice fact %+v", f.Invoice)
			}
		})
	}
}

// TestF_PAY_09_DecideAttempt: what a second subscribe gets for the member's open attempt.
func TestF_PAY_09_DecideAttempt(t *testing.T) {
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	want := Subscription{Interval: IntervalMonth, Seats: 1, Currency: "USD", AmountCents: 99_00, Provider: "builtin"}
	open := func(edit func(s *Subscription)) *Subscription {
		s := want
		s.Status, s.CheckoutSessionID, s.CreatedAt = StatusIncomplete, "cs_1", now.Add(-time.Minute)
		if edit != nil {
			edit(&s)
		}
		return &s
	}
	later := now.Add(time.Hour)
	for _, c := range []struct {
		name     string
		open     *Subscription
		pageOpen bool
		expires  time.Time
		want     int
	}{
		{"no attempt", nil, false, time.Time{}, AttemptNew},
		{"same plan, page open", open(nil), true, later, AttemptReuse},
		{"page being opened", open(func(s *Subscription) { s.CheckoutSessionID = "" }), false, time.Time{}, AttemptBusy},
		{"page never opened", open(func(s *Subscription) { s.CheckoutSessionID, s.CreatedAt = "", now.Add(-AttemptOpening) }), false, time.Time{}, AttemptNew},
		{"other seats", open(func(s *Subscription) { s.Seats = 2 }), true, later, AttemptNew},
		{"other interval", open(func(s *Subscription) { s.Interval = IntervalYear }), true, later, AttemptNew},
		{"other price", open(func(s *Subscription) { s.Currency, s.AmountCents = "CAD", 136_62 }), true, later, AttemptNew},
		{"page closed", open(nil), false, later, AttemptNew},
		{"page about to expire", open(nil), true, now.Add(PageMinLife - time.Second), AttemptNew},
		{"attempt already ended", open(func(s *Subscription) { s.Status = StatusExpired }), true, later, AttemptNew},
	} {
		if got := DecideAttempt(c.open, c.pageOpen, c.expires, want, now); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}
