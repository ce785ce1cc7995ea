package demo

import (
	"fmt"
	"time"

	"circle/internal/catalog"
	"circle/internal/checkout"
)

// VendorHistoryDays is how many days of analytics history vendor@demo.test's services get,
// and VendorHistoryGap how recent the newest day is: the history ends a week before now, so the
// marketplace's 7-day ranking (trending, bestsellers) and the view-spike baseline of the demo
// stay as they were.
const (
	VendorHistoryDays = 60
	VendorHistoryGap  = 8
)

// VendorEvent is one demo event of the history: a view, or a tracking event (click, cart_add,
// booking) with the demo source.
type VendorEvent struct {
	ServiceID string
	Kind      string // view, click, cart_add or booking
	At        time.Time
}

// VendorPurchase is one demo paid order line and the vendor's service_purchase activity.
type VendorPurchase struct {
	Order    checkout.Order
	Item     checkout.OrderItem
	VendorID string
}

// VendorHistory is vendor@demo.test's analytics history (issue 30 item 8).
type VendorHistory struct {
	Events    []VendorEvent
	Purchases []VendorPurchase
}

// BuildVendorHistory spreads views, clicks, add-to-carts, bookings and paid purchases of each
// active ClosingBell service over VendorHistoryDays days ending VendorHistoryGap days ago. It is
// deterministic: counts follow the day and the service (a weekly rhythm, quieter weekends, a
// slow rise), and the buyers are the reviewer accounts, whose orders are paid at the service's
// retail price (the reconciliation rule holds: each purchase is one paid order line).
func BuildVendorHistory(now time.Time, d Data) VendorHistory {
	now = now.UTC().Truncate(time.Minute)
	var buyers []string
	for _, a := range d.Accounts {
		if a.Role == "reviewer" {
			buyers = append(buyers, a.ID)
		}
	}
	var out VendorHistory
	si := 0
	for _, s := range d.Services {
		svc := s.Service
		if svc.VendorID == nil || *svc.VendorID != vendorAccountVendor || !svc.IsActive {
			continue
		}
		si++
		for back := VendorHistoryGap; back < VendorHistoryGap+VendorHistoryDays; back++ {
			day := now.AddDate(0, 0, -back)
			rise := (VendorHistoryGap + VendorHistoryDays - back) / 10 // 0..5, busier towards now
			weekend := day.Weekday() == time.Saturday || day.Weekday() == time.Sunday
			views := 4 + rise + (back*7+si*5)%6
			if weekend {
				views /= 2
			}
			clicks := views/3 + (back+si)%2
			adds := views / 6
			bookings := 0
			if (back+si*3)%5 == 0 {
				bookings = 1
			}
			at := func(i int) time.Time { return day.Add(-time.Duration((i*97+si*31)%(16*60)) * time.Minute) }
			for i := 0; i < views; i++ {
				out.Events = append(out.Events, VendorEvent{ServiceID: svc.ID, Kind: "view", At: at(i)})
			}
			for i := 0; i < clicks; i++ {
				out.Events = append(out.Events, VendorEvent{ServiceID: svc.ID, Kind: "click", At: at(i + 1)})
			}
			for i := 0; i < adds; i++ {
				out.Events = append(out.Events, VendorEvent{ServiceID: svc.ID, Kind: catalog.EventCartAdd, At: at(i + 2)})
			}
			for i := 0; i < bookings; i++ {
				out.Events = append(out.Events, VendorEvent{ServiceID: svc.ID, Kind: "booking", At: at(i + 3)})
			}
			if (back*3+si)%4 != 0 || svc.RetailPriceCents == nil || len(buyers) == 0 {
				continue
			}
			price := *svc.RetailPriceCents
			paid := at(4)
			id := fmt.Sprintf("ord-demo-vh-%d-%02d", si, back)
			o := checkout.Order{ID: id, Number: fmt.Sprintf("CIR-DEMO%d%02d", si, back), UserID: buyers[(back+si)%len(buyers)], Status: checkout.Paid,
				Currency: "USD", TotalCents: price, TotalUSDCents: price, RetailTotalUSDCents: price, Provider: "demo",
				CheckoutSessionID: "demo-" + id, PaymentIntentID: "demo-" + id, CardLast4: "4242", PaidAt: &paid, CreatedAt: paid, UpdatedAt: paid}
			it := checkout.OrderItem{ID: id + "-1", OrderID: id, ServiceID: svc.ID, Title: svc.Title, VendorName: "ClosingBell", Coverage: "retail",
				Period: "one_time", Quantity: 1, UnitPriceCents: price, UnitPriceUSDCents: price, RetailUnitPriceUSDCts: price, LineTotalCents: price}
			out.Purchases = append(out.Purchases, VendorPurchase{Order: o, Item: it, VendorID: vendorAccountVendor})
		}
	}
	return out
}
