package demo

import (
	"context"
	"fmt"
	"time"

	"circle/internal/account"
	"circle/internal/catalog"
	"circle/internal/checkout"
	"circle/internal/store"
)

// scaleBatch is how many agents one INSERT of the scale data writes.
const scaleBatch = 500

// scaleEventKinds are the tracking events of the scale data, in turn.
var scaleEventKinds = []string{"click", "share", "outbound_click", "purchase"}

// loadScale writes the activity of a catalogue scaled by Scale (CountsFor): agent
// accounts (verified, password demo.Password), paid orders of one service each, reviews and
// tracking events, spread over the active services and the last 90 days. Batched inserts in the
// demo's transaction; ids are deterministic, so a second load could not add them twice (and
// Load refuses a database with data anyway).
func loadScale(ctx context.Context, w *store.Importer, now time.Time, d Data, passwordHash string) error {
	var active []catalog.ServiceWithParts
	for _, s := range d.Services {
		if s.Service.IsActive {
			active = append(active, s)
		}
	}
	if len(active) == 0 {
		return nil
	}
	c := CountsFor(d.ScaleTo)
	if d.ScaleOrders > 0 {
		c.Orders = d.ScaleOrders
	}
	at := func(i int) time.Time { return now.Add(-time.Duration(i%(90*24)) * time.Hour) }
	agentID := func(i int) string { return fmt.Sprintf("usr-scale-%06d", i) }
	verified := now
	for start := 0; start < c.Agents; start += scaleBatch {
		end := min(start+scaleBatch, c.Agents)
		users := make([]account.User, 0, end-start)
		profiles := make([]account.Profile, 0, end-start)
		for i := start; i < end; i++ {
			users = append(users, account.User{ID: agentID(i), Email: fmt.Sprintf("agent%06d@scale.demo.test", i),
				PasswordHash: passwordHash, EmailVerifiedAt: &verified, CreatedAt: at(i), UpdatedAt: at(i)})
			profiles = append(profiles, account.Profile{UserID: agentID(i), DisplayName: fmt.Sprintf("Scale Agent %d", i),
				IsVerified: true, Specialties: []string{}, PreferredLanguage: "en", PreferredCurrency: "auto", CreatedAt: at(i), UpdatedAt: at(i)})
		}
		if err := w.Users(ctx, users, profiles); err != nil {
			return fmt.Errorf("insert scale agents: %w", err)
		}
	}

	orders := make([]checkout.Order, 0, c.Orders)
	items := make([]checkout.OrderItem, 0, c.Orders)
	for i := range c.Orders {
		s := active[i%len(active)].Service
		var price int64 = 9900
		if s.RetailPriceCents != nil && *s.RetailPriceCents > 0 {
			price = *s.RetailPriceCents
		}
		id := fmt.Sprintf("ord-scale-%06d", i)
		paid := at(i)
		orders = append(orders, checkout.Order{ID: id, Number: fmt.Sprintf("CS-%07d", i), UserID: agentID((i * 4) % c.Agents),
			Status: checkout.Paid, Currency: "USD", USDToCADRateE4: 13500, TotalCents: price, TotalUSDCents: price,
			RetailTotalUSDCents: price, Provider: "demo", CheckoutSessionID: "scale-" + id, PaymentIntentID: "scale-" + id,
			CardLast4: "4242", PaidAt: &paid, CreatedAt: paid, UpdatedAt: paid})
		items = append(items, checkout.OrderItem{ID: id + "-1", OrderID: id, ServiceID: s.ID, Title: s.Title,
			Coverage: "individual", Period: "one_time", Quantity: 1, UnitPriceCents: price, UnitPriceUSDCents: price,
			RetailUnitPriceUSDCts: price, LineTotalCents: price})
	}
	if err := w.Orders(ctx, orders, items); err != nil {
		return fmt.Errorf("insert scale orders: %w", err)
	}

	reviews := make([]catalog.Review, 0, c.Reviews)
	for i := range c.Reviews {
		reviews = append(reviews, catalog.Review{ID: fmt.Sprintf("rev-scale-%06d", i), ServiceID: active[i%len(active)].Service.ID,
			UserID: agentID((i * 2) % c.Agents), Rating: 3 + i%3, ReviewSource: "agent", Verified: i%2 == 0, CreatedAt: at(i), UpdatedAt: at(i)})
	}
	if err := w.Reviews(ctx, reviews); err != nil {
		return fmt.Errorf("insert scale reviews: %w", err)
	}

	events := make([]store.ImportedEvent, 0, c.Events)
	for i := range c.Events {
		kind := scaleEventKinds[i%len(scaleEventKinds)]
		events = append(events, store.ImportedEvent{ID: fmt.Sprintf("evt-scale-%07d", i), ServiceID: active[(i/4)%len(active)].Service.ID,
			ViewerKey: fmt.Sprintf("scale-viewer-%06d", i%c.Agents), EventType: kind, Source: catalog.EventSourceDemo, CreatedAt: at(i)})
	}
	if err := w.TrackingEvents(ctx, events); err != nil {
		return fmt.Errorf("insert scale tracking events: %w", err)
	}
	return nil
}
