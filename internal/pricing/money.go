package pricing

import (
	"strings"
)

// Currency is the ISO code of what a viewer sees and is charged (03§9).
type Currency string

// The two currencies: services are priced in USD; Canadian viewers see and pay CAD at the
// admin-set rate (docs/decisions: Canadian prices).
const (
	USD Currency = "USD"
	CAD Currency = "CAD"
)

// canadianRegions are province and territory codes and names, English and French, lower-case.
var canadianRegions = map[string]bool{}

func init() {
	for _, r := range []string{
		"ab", "bc", "mb", "nb", "nl", "ns", "nt", "nu", "on", "pe", "qc", "sk", "yt",
		"alberta", "british columbia", "colombie-britannique", "manitoba", "new brunswick", "nouveau-brunswick",
		"newfoundland and labrador", "terre-neuve-et-labrador", "nova scotia", "nouvelle-écosse",
		"northwest territories", "territoires du nord-ouest", "nunavut", "ontario", "prince edward island",
		"île-du-prince-édouard", "quebec", "québec", "saskatchewan", "yukon",
	} {
		canadianRegions[r] = true
	}
}

// IsCanadianRegion reports whether a state or province (code or name) is Canadian.
func IsCanadianRegion(state string) bool {
	return canadianRegions[strings.ToLower(strings.TrimSpace(state))]
}

// CurrencyFor is CAD for a Canadian state or province, else USD (03§9).
func CurrencyFor(state string) Currency {
	if IsCanadianRegion(state) {
		return CAD
	}
	return USD
}

// Choice is a viewer's currency preference: Auto (the rule of ViewerCurrency), USD or CAD
// (the header's USD/CAD switch, F-APP-06). A member's is kept on the profile, a visitor's in
// the circle_currency cookie (docs/decisions.md, Currency switch).
type Choice string

// Auto lets the region and language decide (ViewerCurrency).
const Auto Choice = "auto"

// ParseChoice reads a stored or sent preference; anything but USD or CAD is Auto.
func ParseChoice(s string) Choice {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case string(USD):
		return Choice(USD)
	case string(CAD):
		return Choice(CAD)
	}
	return Auto
}

// IsFrench reports whether a language tag is French (fr, fr-CA, fr_FR...).
func IsFrench(lang string) bool {
	l := strings.ToLower(strings.TrimSpace(lang))
	return l == "fr" || strings.HasPrefix(l, "fr-") || strings.HasPrefix(l, "fr_")
}

// ViewerCurrency is the one rule for the currency a viewer sees and pays (01§9 "Currency USD,
// or CAD for Canadian provinces and in French"; 03§9): a USD or CAD choice wins; on Auto it is
// CAD when the state or province is Canadian (code or name), or when the language is French and
// no US state is set (the state is empty); else USD.
func ViewerCurrency(choice Choice, state, lang string) Currency {
	switch ParseChoice(string(choice)) {
	case Choice(USD):
		return USD
	case Choice(CAD):
		return CAD
	}
	if IsCanadianRegion(state) || (strings.TrimSpace(state) == "" && IsFrench(lang)) {
		return CAD
	}
	return USD
}

// USDToCAD converts US cents to Canadian cents at rateE4/10000 (13800 = 1.38), rounded half up,
// in integer arithmetic.
func USDToCAD(usdCents int64, rateE4 int) int64 {
	if usdCents < 0 {
		return -USDToCAD(-usdCents, rateE4)
	}
	return (usdCents*int64(rateE4) + 5000) / 10000
}

// CADToUSD converts Canadian cents back to US cents at the rate USDToCAD used (rateE4/10000),
// rounded half up, in integer arithmetic. Without a rate (0) the amount is returned as it is.
func CADToUSD(cadCents int64, rateE4 int) int64 {
	if rateE4 <= 0 {
		return cadCents
	}
	if cadCents < 0 {
		return -CADToUSD(-cadCents, rateE4)
	}
	return (cadCents*10000 + int64(rateE4)/2) / int64(rateE4)
}

// PercentOf is pct percent of cents, rounded half up.
func PercentOf(cents int64, pct int) int64 {
	return (cents*int64(pct) + 50) / 100
}

// Money is an amount as the API shows it: in the viewer's currency, with the US amount it
// came from and a display text.
type Money struct {
	Cents       int64    `json:"cents" doc:"Amount in cents of currency"`
	Currency    Currency `json:"currency" enum:"USD,CAD"`
	USDCents    int64    `json:"usd_cents" doc:"The same amount in US cents (services are priced in USD)"`
	Display     string   `json:"display" doc:"Whole units with the symbol ($1,299 or C$1,793; fr-CA formats 1 299 $)"`
	Approximate bool     `json:"approximate" doc:"Converted at the admin-set rate (CAD), so shown as approximate"`
}

// Converter turns US cents into Money for one viewer.
type Converter struct {
	Currency Currency
	// RateE4 is the USD to CAD rate times 10,000 (app_config.usd_to_cad_rate_e4).
	RateE4 int
	// Lang is the viewer's language: French formats as fr-CA, everything else as en-US.
	Lang string
}

// NewConverter is the viewer's converter: the currency of ViewerCurrency (their choice, state
// or province, and language) at the admin-set rate, formatted in their language.
func NewConverter(choice Choice, state string, rateE4 int, lang string) Converter {
	return Converter{Currency: ViewerCurrency(choice, state, lang), RateE4: rateE4, Lang: lang}
}

// Convert returns US cents in the converter's currency.
func (c Converter) Convert(usdCents int64) int64 {
	if c.Currency == CAD {
		return USDToCAD(usdCents, c.RateE4)
	}
	return usdCents
}

// Money returns US cents as Money in the converter's currency.
func (c Converter) Money(usdCents int64) Money {
	cur := c.Currency
	if cur == "" {
		cur = USD
	}
	amount := c.Convert(usdCents)
	return Money{Cents: amount, Currency: cur, USDCents: usdCents, Display: Display(amount, cur, c.Lang), Approximate: cur == CAD}
}

// Total returns an amount already in the converter's currency as Money, with its US amount.
func (c Converter) Total(cents, usdCents int64) Money {
	cur := c.Currency
	if cur == "" {
		cur = USD
	}
	return Money{Cents: cents, Currency: cur, USDCents: usdCents, Display: Display(cents, cur, c.Lang), Approximate: cur == CAD}
}

// Display writes an amount in whole units (rounded half up) with the currency symbol, per
// 03§9: en-US for every language but French ("$1,299", "C$1,793"), fr-CA for French
// ("1 299 $", "1 793 C$", with no-break spaces).
func Display(cents int64, cur Currency, lang string) string {
	neg := cents < 0
	if neg {
		cents = -cents
	}
	units := (cents + 50) / 100
	symbol := "$"
	if cur == CAD {
		symbol = "C$"
	}
	var s string
	if strings.HasPrefix(strings.ToLower(lang), "fr") {
		s = groupThousands(units, "\u202f") + "\u00a0" + symbol
	} else {
		s = symbol + groupThousands(units, ",")
	}
	if neg {
		return "-" + s
	}
	return s
}
