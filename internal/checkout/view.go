package checkout

import "time"

// The rows of this package carry only bun tags, so a new column never reaches an API answer
// by accident; these views are what the API shows of them, field by field.

// PaymentSessionView is what the API shows of a PaymentSession (not its owner). The API names
// its schema PaymentSession.
type PaymentSessionView struct {
	ID             string    `json:"id"`
	Provider       string    `json:"provider"`
	Kind           string    `json:"kind" enum:"order,subscription,partner_payment"`
	OrderID        *string   `json:"order_id"`
	SubscriptionID *string   `json:"subscription_id"`
	Status         string    `json:"status" enum:"open,complete,expired"`
	Currency       string    `json:"currency"`
	AmountCents    int64     `json:"amount_cents"`
	URL            string    `json:"url"`
	ExpiresAt      time.Time `json:"expires_at"`
	CreatedAt      time.Time `json:"created_at"`
	UpdatedAt      time.Time `json:"updated_at"`
}

// View is what the API shows of the payment session.
func (s PaymentSession) View() PaymentSessionView {
	return PaymentSessionView{ID: s.ID, Provider: s.Provider, Kind: s.Kind, OrderID: s.OrderID,
		SubscriptionID: s.SubscriptionID, Status: s.Status, Currency: s.Currency, AmountCents: s.AmountCents,
		URL: s.URL, ExpiresAt: s.ExpiresAt, CreatedAt: s.CreatedAt, UpdatedAt: s.UpdatedAt}
}

// OrderView is what the API shows of an Order: not the provider's payment intent id.
type OrderView struct {
	ID                  string          `json:"id"`
	Number              string          `json:"number" doc:"Receipt number shown to the agent"`
	UserID              string          `json:"user_id"`
	Status              Status          `json:"status" enum:"pending,paid,canceled,expired,refunded"`
	Currency            string          `json:"currency" enum:"USD,CAD"`
	USDToCADRateE4      int             `json:"usd_to_cad_rate_e4"`
	TotalCents          int64           `json:"total_cents" doc:"Charged total in cents of currency"`
	TotalUSDCents       int64           `json:"total_usd_cents"`
	RetailTotalUSDCents int64           `json:"retail_total_usd_cents" doc:"What the lines cost at retail (savings = retail - total)"`
	Provider            string          `json:"provider" enum:"builtin,stripe"`
	CheckoutSessionID   string          `json:"checkout_session_id"`
	CardLast4           string          `json:"card_last4"`
	PaidAt              *time.Time      `json:"paid_at"`
	CanceledAt          *time.Time      `json:"canceled_at"`
	RefundedAt          *time.Time      `json:"refunded_at"`
	CreatedAt           time.Time       `json:"created_at"`
	UpdatedAt           time.Time       `json:"updated_at"`
	Items               []OrderItemView `json:"items"`
	PointsUsed          int64           `json:"points_used" doc:"Points the order spent; total_cents is the cash share"`
}

// View is what the API shows of the order; Items is never nil (an empty list in JSON).
func (o Order) View() OrderView {
	items := make([]OrderItemView, 0, len(o.Items))
	for _, it := range o.Items {
		items = append(items, it.View())
	}
	return OrderView{ID: o.ID, Number: o.Number, UserID: o.UserID, Status: o.Status, Currency: o.Currency,
		USDToCADRateE4: o.USDToCADRateE4, TotalCents: o.TotalCents, TotalUSDCents: o.TotalUSDCents,
		RetailTotalUSDCents: o.RetailTotalUSDCents, Provider: o.Provider, CheckoutSessionID: o.CheckoutSessionID,
		CardLast4: o.CardLast4, PaidAt: o.PaidAt, CanceledAt: o.CanceledAt, RefundedAt: o.RefundedAt,
		CreatedAt: o.CreatedAt, UpdatedAt: o.UpdatedAt, Items: items, PointsUsed: o.PointsUsed}
}

// OrderItemView is what the API shows of an OrderItem: not its order, cart line or sort
// position. The API names its schema OrderItem.
type OrderItemView struct {
	ID                    string `json:"id"`
	ServiceID             string `json:"service_id"`
	PackageID             string `json:"package_id"`
	Title                 string `json:"title"`
	VendorName            string `json:"vendor"`
	Coverage              string `json:"coverage" enum:"retail,pro,copay,points,consultation" doc:"consultation: released by its booked consultation, priced by the vendor at the meeting (not charged)"`
	Yearly                bool   `json:"yearly"`
	Period                string `json:"period" enum:",one_time,month,year" doc:"Billing period of the price: a month or year line was charged for its first period only and renews with the vendor; empty on orders made before periods were kept"`
	Quantity              int    `json:"quantity"`
	UnitPriceCents        int64  `json:"unit_price_cents" doc:"In cents of the order's currency"`
	UnitPriceUSDCents     int64  `json:"unit_price_usd_cents"`
	RetailUnitPriceUSDCts int64  `json:"retail_unit_price_usd_cents"`
	AgentShareCents       int64  `json:"agent_share_cents" doc:"What the agent paid for the line (cents of the order's currency)"`
	VendorShareCents      int64  `json:"vendor_share_cents" doc:"What the co-pay partner covers for the line (cents of the order's currency)"`
	CoPayRequestID        string `json:"co_pay_request_id" doc:"The approved co-pay request that priced the line"`
	LineTotalCents        int64  `json:"line_total_cents" doc:"The cash share of the line (points lines: the price less what points paid)"`
	PointsUsed            int64  `json:"points_used" doc:"Points this line spent (coverage points)"`
	PointsUSDCents        int64  `json:"points_usd_cents" doc:"US cents the points paid (1 point = US$1)"`
}

// View is what the API shows of the order line.
func (it *OrderItem) View() OrderItemView {
	return OrderItemView{ID: it.ID, ServiceID: it.ServiceID, PackageID: it.PackageID, Title: it.Title,
		VendorName: it.VendorName, Coverage: it.Coverage, Yearly: it.Yearly, Period: it.Period, Quantity: it.Quantity,
		UnitPriceCents: it.UnitPriceCents, UnitPriceUSDCents: it.UnitPriceUSDCents,
		RetailUnitPriceUSDCts: it.RetailUnitPriceUSDCts, LineTotalCents: it.LineTotalCents,
		AgentShareCents: it.AgentShareCents, VendorShareCents: it.VendorShareCents, CoPayRequestID: it.CoPayRequestID,
		PointsUsed: it.PointsUsed, PointsUSDCents: it.PointsUSDCents}
}
