package respa

import (
	"strconv"
	"strings"

	"circle/internal/lang"
	"circle/internal/pricing"
)

// explainText holds the explanation templates by language (en, es, fr). {vendor} is the
// partner's name, {pct} the split, {cap} the cap, {req} the request, {vendorAmt}, {agentAmt},
// {pointsAmt} and {requestAmt} money in the repo's display format, {points} a count of points.
// Keys: main (a share), none (no share), the cap reasons, asked (the request was lowered),
// points and request (how the share is paid), and the generic partner names used before a
// partner is chosen (subject_ssp, subject_non_ssp, partner; ssp_cap_generic avoids "a settlement
// service provider is a settlement service provider").
var explainText = map[string]map[string]string{
	"en": {
		"main":                     "{vendor} covers {pct}% ({vendorAmt}); you pay {agentAmt}",
		"none":                     "{vendor} cannot cover any of this service; you pay {agentAmt}",
		string(CapSSP):             "capped at {cap}% because {vendor} is a settlement service provider",
		"ssp_cap_generic":          "capped at {cap}%, the limit for settlement service providers",
		string(CapNonSSP):          "capped at {cap}%, the most a vendor that is not a settlement service provider may cover",
		string(CapServiceLimit):    "capped at {cap}%, this service's co-pay split limit",
		string(CapVendorMax):       "capped at {cap}%, the most a vendor may cover of this service",
		string(CapCoPayPrice):      "capped at {cap}%, the co-pay price set for this service",
		string(CapSSPNotAllowed):   "this service does not accept co-pay from settlement service providers",
		string(CapCopayNotAllowed): "this service does not offer co-pay",
		"asked":                    " (you asked for {req}%)",
		"points":                   "; {points} of your points from {vendor} pay {pointsAmt} of that share",
		"request":                  " and {vendor} is asked for the remaining {requestAmt}",
		"subject_ssp":              "A settlement service provider partner",
		"subject_non_ssp":          "A partner vendor",
		"partner":                  "the partner",
	},
	"es": {
		"main":                     "{vendor} cubre el {pct}% ({vendorAmt}); usted paga {agentAmt}",
		"none":                     "{vendor} no puede cubrir nada de este servicio; usted paga {agentAmt}",
		string(CapSSP):             "con un tope del {cap}% porque {vendor} es un proveedor de servicios de liquidación",
		"ssp_cap_generic":          "con un tope del {cap}%, el límite para los proveedores de servicios de liquidación",
		string(CapNonSSP):          "con un tope del {cap}%, lo máximo que puede cubrir un proveedor que no presta servicios de liquidación",
		string(CapServiceLimit):    "con un tope del {cap}%, el límite de copago de este servicio",
		string(CapVendorMax):       "con un tope del {cap}%, lo máximo que un proveedor puede cubrir de este servicio",
		string(CapCoPayPrice):      "con un tope del {cap}%, el precio de copago fijado para este servicio",
		string(CapSSPNotAllowed):   "este servicio no acepta copagos de proveedores de servicios de liquidación",
		string(CapCopayNotAllowed): "este servicio no ofrece copago",
		"asked":                    " (usted pidió el {req}%)",
		"points":                   "; {points} de sus puntos de {vendor} pagan {pointsAmt} de esa parte",
		"request":                  " y se pide a {vendor} el resto, {requestAmt}",
		"subject_ssp":              "Un socio proveedor de servicios de liquidación",
		"subject_non_ssp":          "Un proveedor socio",
		"partner":                  "el socio",
	},
	"fr": {
		"main":                     "{vendor} prend en charge {pct}\u00a0% ({vendorAmt}) ; vous payez {agentAmt}",
		"none":                     "{vendor} ne peut rien prendre en charge pour ce service ; vous payez {agentAmt}",
		string(CapSSP):             "plafonné à {cap}\u00a0% parce que {vendor} est un prestataire de services de règlement",
		"ssp_cap_generic":          "plafonné à {cap}\u00a0%, la limite des prestataires de services de règlement",
		string(CapNonSSP):          "plafonné à {cap}\u00a0%, le maximum pour un fournisseur qui n'est pas prestataire de services de règlement",
		string(CapServiceLimit):    "plafonné à {cap}\u00a0%, la limite de copaiement de ce service",
		string(CapVendorMax):       "plafonné à {cap}\u00a0%, le maximum qu'un fournisseur peut prendre en charge pour ce service",
		string(CapCoPayPrice):      "plafonné à {cap}\u00a0%, le prix de copaiement fixé pour ce service",
		string(CapSSPNotAllowed):   "ce service n'accepte pas de copaiement des prestataires de services de règlement",
		string(CapCopayNotAllowed): "ce service ne propose pas de copaiement",
		"asked":                    " (vous avez demandé {req}\u00a0%)",
		"points":                   " ; {points} de vos points {vendor} paient {pointsAmt} de cette part",
		"request":                  " et {vendor} est sollicité pour le reste, {requestAmt}",
		"subject_ssp":              "Un partenaire prestataire de services de règlement",
		"subject_non_ssp":          "Un fournisseur partenaire",
		"partner":                  "le partenaire",
	},
}

// Lang is the explanation language of a language tag: es or fr by prefix, else en.
func Lang(tag string) string { return lang.Base(tag) }

// Explain writes a breakdown in plain language, in en, es or fr: who covers what share and
// amount, what the agent pays, the cap and why, and how points and a request pay the share,
// e.g. "Harborline covers 20% ($60); you pay $240; capped at 20% because Harborline is a
// settlement service provider." Money uses pricing.Display (whole dollars, as every price on
// Circle); the exact cents are the breakdown's fields. A breakdown without a partner name (before
// a partner is chosen) names the partner by its kind.
func Explain(b Breakdown, lang string) string {
	return ExplainIn(b, pricing.Converter{Currency: pricing.USD, Lang: lang})
}

// ExplainIn is Explain with the amounts in a viewer's currency (a Canadian viewer reads C$ at
// the admin-set rate, like every other price shown to them); the language is the converter's.
func ExplainIn(b Breakdown, conv pricing.Converter) string {
	lg := Lang(conv.Lang)
	t := explainText[lg]
	money := func(c int64) string { return conv.Money(c).Display }
	subject, inner := b.PartnerName, b.PartnerName
	generic := strings.TrimSpace(b.PartnerName) == ""
	if generic {
		subject, inner = t["subject_non_ssp"], t["partner"]
		if b.PartnerKind == SSP {
			subject = t["subject_ssp"]
		}
	}
	fill := func(s, vendor string) string {
		return strings.NewReplacer(
			"{vendor}", vendor, "{pct}", strconv.Itoa(b.SplitPercent), "{cap}", strconv.Itoa(b.CapPercent),
			"{req}", strconv.Itoa(b.RequestedPercent), "{vendorAmt}", money(b.VendorShareCents),
			"{agentAmt}", money(b.AgentShareCents), "{pointsAmt}", money(b.PointsCents),
			"{requestAmt}", money(b.RequestCents), "{points}", strconv.FormatInt(b.PointsUsable, 10),
		).Replace(s)
	}
	var sb strings.Builder
	if b.VendorShareCents > 0 {
		sb.WriteString(fill(t["main"], subject))
	} else {
		sb.WriteString(fill(t["none"], subject))
	}
	capKey := string(b.CapReason)
	if b.CapReason == CapSSP && generic {
		capKey = "ssp_cap_generic"
	}
	if c, ok := t[capKey]; ok && capKey != "" {
		sb.WriteString(sep(lg))
		sb.WriteString(fill(c, inner))
		if b.Capped && b.SplitPercent > 0 {
			sb.WriteString(fill(t["asked"], inner))
		}
	}
	if b.PointsUsable > 0 {
		sb.WriteString(fill(t["points"], inner))
		if b.RequestCents > 0 {
			sb.WriteString(fill(t["request"], inner))
		}
	}
	sb.WriteString(".")
	return sb.String()
}

// sep is the clause separator: French sets a space before the semicolon.
func sep(lang string) string {
	if lang == "fr" {
		return " ; "
	}
	return "; "
}
