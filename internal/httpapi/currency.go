package httpapi

import (
	"context"
	"net/http"
	"time"

	"circle/internal/account"
	"circle/internal/appconfig"
	"circle/internal/auth"
	"circle/internal/pricing"
)

// currencyCookie keeps a visitor's USD/CAD choice (F-APP-06); members keep theirs on the
// profile (preferred_currency). docs/decisions.md, Currency switch.
const currencyCookie = "circle_currency"

// currencyCookieAge is how long a visitor's choice lasts: a year.
const currencyCookieAge = 365 * 24 * time.Hour

// currencyOf is the one place the viewer's currency choice is read: a member's profile, a
// visitor's cookie. Every price route passes it to pricing.NewConverter / ViewerCurrency.
func currencyOf(ctx context.Context, p auth.Principal, signedIn bool) pricing.Choice {
	if signedIn {
		return pricing.ParseChoice(p.Profile.PreferredCurrency)
	}
	return pricing.ParseChoice(callerFrom(ctx).currency)
}

// CurrencyArea answers and changes the viewer's currency (the header's USD/CAD switch).
type CurrencyArea struct {
	Profiles *account.ProfileService
	Config   interface {
		Config(ctx context.Context) (appconfig.Config, error)
	}
}

const (
	sumGetCurrency = "The viewer's price currency: their choice and the currency it gives"
	sumSetCurrency = "Choose the viewer's price currency (auto, USD or CAD)"
)

// Register declares the area's routes.
func (h *CurrencyArea) Register(r *Router) {
	get(r, "/api/currency", "get-currency", sumGetCurrency, "platform", public, h.getCurrency)
	put(r, "/api/currency", "set-currency", sumSetCurrency, "platform", public, h.setCurrency, maxKB(1))
}

// CurrencyView is the viewer's currency as the server decides it for every price.
type CurrencyView struct {
	Choice          string `json:"choice" enum:"auto,USD,CAD" doc:"The viewer's choice (auto: CAD for a Canadian province, or in French without a US state)"`
	Currency        string `json:"currency" enum:"USD,CAD" doc:"The currency every price is shown and charged in for this viewer"`
	USDToCADRateE4  int    `json:"usd_to_cad_rate_e4" doc:"The admin-set USD to CAD rate times 10,000"`
	ProfileCurrency bool   `json:"stored_on_profile" doc:"The choice is kept on the member's profile (else in the circle_currency cookie)"`
}

type currencyOutput struct {
	SetCookie []http.Cookie `header:"Set-Cookie"`
	Body      CurrencyView
}

func (h *CurrencyArea) view(ctx context.Context, choice pricing.Choice, p auth.Principal, signedIn bool) (*currencyOutput, error) {
	state, lang := "", callerFrom(ctx).lang
	if signedIn {
		state, lang = p.Profile.State, p.Profile.PreferredLanguage
	}
	cfg, err := h.Config.Config(ctx)
	if err != nil {
		return nil, err
	}
	return &currencyOutput{Body: currencyViewOf(choice, state, lang, cfg.USDToCADRateE4, signedIn)}, nil
}

// currencyViewOf is the answer of GET /api/currency (and the first screen's, first_screen_money.go).
func currencyViewOf(choice pricing.Choice, state, lang string, rateE4 int, signedIn bool) CurrencyView {
	return CurrencyView{Choice: string(choice), Currency: string(pricing.ViewerCurrency(choice, state, lang)),
		USDToCADRateE4: rateE4, ProfileCurrency: signedIn}
}

func (h *CurrencyArea) getCurrency(ctx context.Context, _ *struct{}) (*currencyOutput, error) {
	p, signedIn, err := viewer(ctx)
	if err != nil {
		return nil, err
	}
	return h.view(ctx, currencyOf(ctx, p, signedIn), p, signedIn)
}

type setCurrencyInput struct {
	Body struct {
		Choice string `json:"choice" enum:"auto,USD,CAD" doc:"auto, USD or CAD"`
	}
}

// setCurrency stores the choice: on a member's profile, and in the cookie for everyone (so the
// browser keeps it after signing out).
func (h *CurrencyArea) setCurrency(ctx context.Context, in *setCurrencyInput) (*currencyOutput, error) {
	p, signedIn, err := viewer(ctx)
	if err != nil {
		return nil, err
	}
	choice := pricing.ParseChoice(in.Body.Choice)
	if signedIn {
		c := string(choice)
		prof, err := h.Profiles.Update(ctx, p.User.ID, p.Profile, account.ProfileUpdate{PreferredCurrency: &c})
		if err != nil {
			return nil, err
		}
		p.Profile = prof
	}
	out, err := h.view(ctx, choice, p, signedIn)
	if err != nil {
		return nil, err
	}
	ck := http.Cookie{Name: currencyCookie, Value: string(choice), Path: "/", MaxAge: int(currencyCookieAge.Seconds()),
		HttpOnly: true, SameSite: http.SameSiteLaxMode}
	if choice == pricing.Auto {
		ck.MaxAge, ck.Value = -1, ""
	}
	out.SetCookie = []http.Cookie{ck}
	return out, nil
}

// profileCurrency is a member's choice (currencyOf for a signed-in caller).
func profileCurrency(p auth.Principal) pricing.Choice {
	return pricing.ParseChoice(p.Profile.PreferredCurrency)
}

// visitorCurrency is the choice in a visitor's currency cookie (auto without one).
func visitorCurrency(r *http.Request) pricing.Choice {
	c, err := r.Cookie(currencyCookie)
	if err != nil {
		return pricing.ParseChoice("")
	}
	return pricing.ParseChoice(c.Value)
}
