package httpapi

import (
	"reflect"

	"github.com/danielgtaylor/huma/v2"

	"circle/internal/billing"
	"circle/internal/catalog"
	"circle/internal/checkout"
)

// views maps rows to what the API shows of them; nil stays nil (null in JSON, as before).
func views[Row, View any](rows []Row, view func(Row) View) []View {
	if rows == nil {
		return nil
	}
	out := make([]View, len(rows))
	for i, r := range rows {
		out[i] = view(r)
	}
	return out
}

// viewSchemaNames keeps the schema names the API had when it encoded the rows themselves: a
// view type is named after its row (billing.InvoiceView), its schema after the row (Invoice).
var viewSchemaNames = map[reflect.Type]string{
	reflect.TypeFor[billing.InvoiceView]():         "Invoice",
	reflect.TypeFor[billing.OfferView]():           "Offer",
	reflect.TypeFor[checkout.PaymentSessionView](): "PaymentSession",
	reflect.TypeFor[checkout.OrderItemView]():      "OrderItem",
	reflect.TypeFor[catalog.ReferralTokenView]():   "ReferralToken",
}

// schemaName names a schema by viewSchemaNames, else as huma does.
func schemaName(t reflect.Type, hint string) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if name, ok := viewSchemaNames[t]; ok {
		return name
	}
	return huma.DefaultSchemaNamer(t, hint)
}
