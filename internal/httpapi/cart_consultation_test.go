package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"circle/internal/cart"
	"circle/internal/checkout"
	"circle/internal/consultations"
	"circle/internal/demo"
	"circle/internal/store"
	"circle/internal/testapp"
)

// bookFirstSlot books the first free slot of a service for the signed-in client and returns the
// booking's id.
func bookFirstSlot(t *testing.T, a *testapp.App, c *http.Client, serviceID string) string {
	t.Helper()
	cal := okJSON[consultations.BookingCalendar](t, "calendar", call(t, a, c, "GET", "/api/consultations/calendar?service_id="+serviceID, nil))
	for _, d := range cal.Days {
		for _, s := range d.Slots {
			if !s.Available {
				continue
			}
			res := call(t, a, c, "POST", "/api/consultations", map[string]string{"service_id": serviceID, "scheduled_date": d.Date,
				"scheduled_time": s.Time, "client_name": "Jordan Avery", "client_email": "jordan@example.com", "source": "cart"})
			if res.Status != http.StatusCreated {
				t.Fatalf("book: %d %s", res.Status, res.Body)
			}
			var b struct{ ID string }
			res.JSON(t, &b)
			return b.ID
		}
	}
	t.Fatal("no free slot")
	return ""
}

// TestF_ENG_03_CartConsultationFlowReleasesTheLine: a quote line is held back (checkout of a
// cart with only that line is refused); the cart consultation flow books it and links the line
// to the booking, which the server then reads with the line: Consultation Booked, released;
// checkout takes it as a consultation line that is not charged (no payment page: the order is
// complete at once) and it leaves the cart. A canceled booking holds the line back again; a
// booking of another service, of another agent or a line that needs no consultation is refused.
func TestF_ENG_03_CartConsultationFlowReleasesTheLine(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		v := cartOf(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcQuote}))
		if len(v.Items) != 1 || !v.Items[0].RequiresConsultation || v.Items[0].ConsultationBooked || v.ConsultationCount != 1 || v.ReadyForCheckout {
			t.Fatalf("quote line: %+v", v)
		}
		line := v.Items[0].ID
		wantError(t, call(t, a, agent, "POST", "/api/checkout", nil), 400, "cart", "checkout.consultation_only", checkout.MsgOnlyConsultations)

		// Refusals: unknown booking, another service's booking, a line that needs none, another agent.
		wantError(t, call(t, a, agent, "PUT", "/api/cart/items/"+line+"/consultation", map[string]string{"booking_id": "no-such-booking"}), 404, "booking_id", "", "")
		other := bookFirstSlot(t, a, agent, svcHDR)
		wantError(t, call(t, a, agent, "PUT", "/api/cart/items/"+line+"/consultation", map[string]string{"booking_id": other}), 400, "booking_id", cart.KeyConsultationOther, cart.MsgConsultationOther)
		hdr := cartOf(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcHDR, "price_cents": 225_00, "coverage": "retail"}))
		var hdrLine string
		for _, it := range hdr.Items {
			if it.ServiceID == svcHDR {
				hdrLine = it.ID
			}
		}
		wantError(t, call(t, a, agent, "PUT", "/api/cart/items/"+hdrLine+"/consultation", map[string]string{"booking_id": other}), 400, "item_id", cart.KeyConsultationNotNeeded, cart.MsgConsultationNotNeeded)
		cartOf(t, call(t, a, agent, "DELETE", "/api/cart/items/"+hdrLine, nil))
		pro := a.SignIn(t, "pro@demo.test", demo.Password)
		theirs := bookFirstSlot(t, a, pro, svcQuote)
		wantError(t, call(t, a, agent, "PUT", "/api/cart/items/"+line+"/consultation", map[string]string{"booking_id": theirs}), 404, "booking_id", "", "")
		if res := call(t, a, pro, "PUT", "/api/cart/items/"+line+"/consultation", map[string]string{"booking_id": theirs}); res.Status != 404 {
			t.Fatalf("another agent's line: %d %s", res.Status, res.Body)
		}

		// Book and link: released.
		booking := bookFirstSlot(t, a, agent, svcQuote)
		v = cartOf(t, call(t, a, agent, "PUT", "/api/cart/items/"+line+"/consultation", map[string]string{"booking_id": booking}))
		it := v.Items[0]
		if !it.ConsultationBooked || it.Consultation == nil || it.Consultation.BookingID != booking || !it.Consultation.Live || it.Consultation.ScheduledTime == "" ||
			it.Badges[0] != cart.BadgeConsultationBooked || v.ConsultationCount != 0 || v.ConsultationBookedCount != 1 || !v.ReadyForCheckout {
			t.Fatalf("booked line: %+v / %+v", v, it.Consultation)
		}

		// A canceled booking holds the line back again; booking again releases it.
		if res := call(t, a, agent, "POST", "/api/consultations/"+booking+"/cancel", nil); res.Status != http.StatusOK {
			t.Fatalf("cancel: %d %s", res.Status, res.Body)
		}
		v = cartOf(t, call(t, a, agent, "GET", "/api/cart", nil))
		if it := v.Items[0]; it.ConsultationBooked || it.Consultation == nil || it.Consultation.Status != "canceled" || it.Badges[0] != cart.BadgeConsultation || v.ConsultationCount != 1 {
			t.Fatalf("canceled booking: %+v", v)
		}
		wantError(t, call(t, a, agent, "PUT", "/api/cart/items/"+line+"/consultation", map[string]string{"booking_id": booking}), 400, "booking_id", cart.KeyConsultationEnded, "")
		booking = bookFirstSlot(t, a, agent, svcQuote)
		cartOf(t, call(t, a, agent, "PUT", "/api/cart/items/"+line+"/consultation", map[string]string{"booking_id": booking}))

		// Checkout: the released line is a consultation line, not charged; nothing to pay, so the
		// order is complete at once and the line leaves the cart.
		r := checkoutOf(t, call(t, a, agent, "POST", "/api/checkout", nil))
		if len(r.HeldBack) != 0 || r.Order.Status != checkout.Paid || r.Order.Total.Cents != 0 || len(r.Order.Items) != 1 ||
			r.Order.Items[0].Coverage != checkout.CoverageConsultation || !strings.Contains(r.URL, "/orders?paid="+r.Order.ID) {
			t.Fatalf("checkout: %+v", r)
		}
		if v := cartOf(t, call(t, a, agent, "GET", "/api/cart", nil)); len(v.Items) != 0 {
			t.Fatalf("cart after checkout: %+v", v.Items)
		}
		// The booking is untouched: the meeting still takes place.
		var b consultations.ConsultationView
		call(t, a, agent, "GET", "/api/consultations/"+booking, nil).JSON(t, &b)
		if b.Status != consultations.StatusPending {
			t.Fatalf("booking after checkout: %+v", b)
		}
	})
}

// TestF_ENG_03_CartConsultationWithPricedLines: a released consultation line checks out beside a
// priced line: the payment page charges only the priced line.
func TestF_ENG_03_CartConsultationWithPricedLines(t *testing.T) {
	t.Parallel()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := payApp(t, kind)
		agent := a.SignIn(t, "agent@demo.test", demo.Password)
		v := cartOf(t, call(t, a, agent, "POST", "/api/cart/items", map[string]any{"service_id": svcQuote}))
		line := v.Items[0].ID
		cartOf(t, call(t, a, agent, "PUT", "/api/cart/items/"+line+"/consultation", map[string]string{"booking_id": bookFirstSlot(t, a, agent, svcQuote)}))
		r := agentCheckout(t, a, agent)
		if r.Order.Status != checkout.Pending || r.Order.Total.Cents != 2*225_00 || len(r.Order.Items) != 2 || len(r.HeldBack) != 0 {
			t.Fatalf("checkout: %+v", r)
		}
		page := call(t, a, agent, "GET", strings.TrimPrefix(r.URL, a.URL), nil)
		if page.Status != http.StatusOK || strings.Contains(string(page.Body), "Client Moving Concierge") || !strings.Contains(string(page.Body), "Pay $450<") {
			t.Fatalf("payment page %d lists the consultation line or misses the total: %s", page.Status, page.Body)
		}
	})
}
