package httpapi

import (
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"circle/internal/account"
	"circle/internal/billing"
	"circle/internal/catalog"
	"circle/internal/checkout"
	"circle/internal/filltest"
	"circle/internal/marketplace"
)

// keysOf is the sorted top-level JSON keys of v.
func keysOf(t *testing.T, v any) []string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// TestViewsShowOnlyTheAPIFields encodes what the API answers for rows with every column set:
// a column added to a row must not reach the API unless its view names it (the rows carry no
// json tags; owners, provider ids and hashes stay server-side).
func TestViewsShowOnlyTheAPIFields(t *testing.T) {
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	order := filltest.Of[checkout.Order]()
	cases := []struct {
		name string
		view any
		want string
	}{
		{"Invoice", filltest.Of[billing.Invoice]().View(),
			"amount_cents amount_usd_cents created_at currency description discount_percent hosted_url id period_end period_start provider status subscription_id"},
		{"Offer", filltest.Of[billing.Offer]().View(),
			"created_at days ends_at id kind months percent starts_at subscription_id"},
		{"SubscriptionView", subscriptionView(filltest.Of[billing.Subscription](), "en", now),
			"amount amount_cents amount_usd_cents cancel_at_period_end cancel_feedback cancel_reason canceled_at created_at currency current_period_end current_period_start discount_active discount_ends_at discount_kind discount_percent ended_at grants_pro id interval next_charge paused_at plan plan_name provider resumes_at seats started_at status updated_at usd_to_cad_rate_e4"},
		{"OrderView", orderView(order, "en"),
			"canceled_at card_last4 checkout_session_id created_at currency id items number paid_at points_used provider receipt refunded_at retail_total_usd_cents savings status total total_cents total_usd_cents updated_at usd_to_cad_rate_e4 user_id"},
		{"OrderItem", order.Items[0].View(),
			"agent_share_cents co_pay_request_id coverage id line_total_cents package_id period points_usd_cents points_used quantity retail_unit_price_usd_cents service_id title unit_price_cents unit_price_usd_cents vendor vendor_share_cents yearly"},
		{"PaymentSession", filltest.Of[checkout.PaymentSession]().View(),
			"amount_cents created_at currency expires_at id kind order_id provider status subscription_id updated_at url"},
		{"ReferralToken", filltest.Of[catalog.ReferralToken]().View(),
			"created_at service_id token vendor_id"},
		// Cards: the detail's with every language, a list's (F-CAT-06) in the viewer's only.
		{"Card", filltest.Of[marketplace.Card](),
			"badges category co_pay_price_cents copay_allowed created_at description description_es description_fr discount_percentage displayed_price id image_url is_affiliate is_featured is_sponsored is_top_pick is_verified lobby_category offers price_duration price_suffix price_text pro_price_cents profile_image_url rating requires_quote respa_split_limit retail_price_cents savings_percent show_duration sort_order sort_price tags title title_es title_fr vendor"},
		{"Card (list)", filltest.Of[marketplace.Card]().Localized("es"),
			"badges category co_pay_price_cents copay_allowed created_at description discount_percentage displayed_price id image_url is_affiliate is_featured is_sponsored is_top_pick is_verified lobby_category offers price_duration price_suffix price_text pro_price_cents profile_image_url rating requires_quote respa_split_limit retail_price_cents savings_percent show_duration sort_order sort_price tags title vendor"},
		{"Page", filltest.Of[marketplace.Page]().Localized("fr"), "lang page page_size pages services total"},
	}
	for _, c := range cases {
		if got := strings.Join(keysOf(t, c.view), " "); got != c.want {
			t.Errorf("%s keys:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
	if len(order.Items) != 1 || len(orderView(order, "en").Items) != 1 {
		t.Fatalf("the order's line did not reach its view")
	}
}

// TestRowsCarryNoJSONTags keeps the rows behind the views above, and the rows with secret or
// internal columns the API shows through views of its own (ServiceDetail, ReviewView,
// SessionRow, ProfileView), out of JSON: a row with json tags invites returning it from a
// handler, and a new column would then leak.
func TestRowsCarryNoJSONTags(t *testing.T) {
	for _, row := range []reflect.Type{
		reflect.TypeFor[billing.Subscription](), reflect.TypeFor[billing.Offer](), reflect.TypeFor[billing.Invoice](),
		reflect.TypeFor[checkout.Order](), reflect.TypeFor[checkout.OrderItem](), reflect.TypeFor[checkout.PaymentSession](),
		reflect.TypeFor[catalog.ReferralToken](), reflect.TypeFor[catalog.Service](), reflect.TypeFor[catalog.Review](),
		reflect.TypeFor[account.User](), reflect.TypeFor[account.Session](),
	} {
		for i := range row.NumField() {
			if tag, ok := row.Field(i).Tag.Lookup("json"); ok {
				t.Errorf("%s.%s has json tag %q: show it through the row's view", row, row.Field(i).Name, tag)
			}
		}
	}
}
