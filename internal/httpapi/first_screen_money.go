package httpapi

import (
	"net/http"
	"strconv"

	"circle/internal/pricing"
)

// firstScreenCurrencyID is the id of the script element holding the visitor's currency as GET
// /api/currency answers it, the currency the first screen's prices are in
// (web/src/lib/currency.ts reads it): the app's first render prices the cards the same way, so a
// visitor who sees Canadian dollars (the USD/CAD switch, or French on auto) gets the first screen
// too, and no price changes as the app takes over.
const firstScreenCurrencyID = "circle-currency"

// firstScreenMoney formats the cards' US cents as the app's useMoney does for the visitor
// (web/src/lib/money.ts formatMoney): dollars, or Canadian dollars converted at the admin-set rate
// and marked "≈".
type firstScreenMoney struct {
	conv pricing.Converter
	view CurrencyView
}

func (m firstScreenMoney) format(usdCents int64) string {
	v := m.conv.Money(usdCents)
	if v.Approximate {
		return "≈ " + v.Display
	}
	return v.Display
}

// key tells rendered first screens apart: the same language renders the same bytes for the same
// currency at the same rate.
func (m firstScreenMoney) key() string {
	return string(m.conv.Currency) + "|" + strconv.Itoa(m.conv.RateE4)
}

// visitorMoney is the request's visitor's currency at the admin-set rate; false when the rate
// cannot be read (the app renders the page alone, as before the first screen existed).
func (h *SharePagesArea) visitorMoney(r *http.Request, lang string) (firstScreenMoney, bool) {
	cfg, err := h.Config.Config(r.Context())
	if err != nil {
		if h.Logger != nil {
			h.Logger.ErrorContext(r.Context(), "first screen: app config", "err", err)
		}
		return firstScreenMoney{}, false
	}
	view := currencyViewOf(visitorCurrency(r), "", lang, cfg.USDToCADRateE4, false)
	conv := pricing.Converter{Currency: pricing.Currency(view.Currency), RateE4: cfg.USDToCADRateE4, Lang: lang}
	// Without a rate the app shows dollars rather than a wrong conversion (useMoney).
	if conv.Currency == pricing.CAD && conv.RateE4 <= 0 {
		conv.Currency = pricing.USD
	}
	return firstScreenMoney{conv: conv, view: view}, true
}
