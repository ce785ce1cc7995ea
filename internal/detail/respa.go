package detail

import (
	"circle/internal/catalog"
	"circle/internal/pricing"
	"circle/internal/respa"
)

// Respa is the service's RESPA facts (02§5): its risk classification for everyone, and for a
// Pro viewer of a service that shows co-pay, the request slider and the default split's
// breakdown for each kind of partner, each explained in the viewer's language and currency. The partner is
// chosen later (the Select Co-Pay Partner dialog), so both kinds are given.
type Respa struct {
	Classification respa.Classification `json:"classification"`
	CoPay          *CoPayInfo           `json:"copay" doc:"Pro viewers of a service that shows co-pay only; null otherwise"`
}

// CoPayInfo is the co-pay a Pro agent could request for the service at the default split.
type CoPayInfo struct {
	Slider     respa.Slider `json:"slider" doc:"The request slider: min 10, step 5, max the split limit or 80, initial the limit or 50"`
	PriceCents int64        `json:"price_cents" doc:"The co-pay price shown (US cents): the agent's share with the partner that may cover most"`
	// Partners are the default split with a settlement service provider and with any other vendor.
	Partners []CoPaySplit `json:"partners"`
}

// CoPaySplit is one partner kind's default split and its plain-language explanation.
type CoPaySplit struct {
	Breakdown   respa.Breakdown `json:"breakdown"`
	Explanation string          `json:"explanation" doc:"The split in plain language, in the viewer's language"`
}

// respaInfo builds the RESPA block; copay is filled only for a Pro viewer when co-pay shows.
func respaInfo(s catalog.Service, pro bool, money pricing.Converter) Respa {
	r := Respa{Classification: respa.Classify(s.IsRespaRegulated, s.RespaRiskLevel, s.Title+" "+s.Description+" "+s.Category)}
	t := respa.TermsOf(s)
	price, ok := respa.CoPayPrice(t)
	if !pro || !ok {
		return r
	}
	info := &CoPayInfo{Slider: respa.SliderFor(t), PriceCents: price, Partners: []CoPaySplit{}}
	for _, kind := range []respa.VendorKind{respa.SSP, respa.NonSSP} {
		b := respa.CompliantUsage(respa.Usage{Terms: t, TotalCents: *s.RetailPriceCents, PartnerKind: kind})
		info.Partners = append(info.Partners, CoPaySplit{Breakdown: b, Explanation: respa.ExplainIn(b, money)})
	}
	r.CoPay = info
	return r
}
