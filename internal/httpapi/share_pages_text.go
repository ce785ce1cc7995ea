package httpapi

import (
	"net/http"
	"strings"

	"circle/internal/lang"
)

// sharePageText is the service page's visible words in one language, copied word for word from
// the web app's catalogues (web/src/locales/*/detail.json, marketplace.json, common.json) so the
// server's page and the app's say the same.
type sharePageText struct {
	Lang, Locale              string // <html lang> and og:locale
	Marketplace               string // marketplace.title
	By                        string // detail.by: "by %s"
	ReviewOne, ReviewOther    string // detail.reviewCount_one/_other: "%d review(s)"
	Rated                     string // detail.rating: "Rated %s out of 5 from %d reviews"
	NoReviews                 string // detail.reviews.noReviews
	Packages                  string // detail.packages.title
	MostPopular               string // detail.packages.mostPopular
	RequestPricing            string // detail.packages.requestPricing
	Quote                     string // marketplace.price.quote
	PerMonth, PerYear         string // marketplace.price.suffix.mo/.yr
	OneTime                   string // marketplace.price.duration.oneTime
	NotFound, NotFoundBody    string // detail.notFound, detail.notFoundBody
	PageNotFound, PageMissing string // common.notFound.title, .body
}

var sharePageTexts = map[string]sharePageText{
	"en": {Lang: "en", Locale: "en_US", Marketplace: "Marketplace", By: "by %s", ReviewOne: "%d review", ReviewOther: "%d reviews",
		Rated: "Rated %s out of 5 from %d reviews", NoReviews: "No reviews available yet.", Packages: "Choose Your Package",
		MostPopular: "Most Popular", RequestPricing: "Request Pricing", Quote: "Custom Quote", PerMonth: "/mo", PerYear: "/yr",
		OneTime: "One-time payment", NotFound: "Service not found", NotFoundBody: "This service is no longer available.",
		PageNotFound: "Oops! Page not found", PageMissing: "The page you are looking for does not exist or has moved."},
	"es": {Lang: "es", Locale: "es_ES", Marketplace: "Mercado", By: "por %s", ReviewOne: "%d reseña", ReviewOther: "%d reseñas",
		Rated: "Calificación %s de 5 con %d reseñas", NoReviews: "Aún no hay reseñas disponibles.", Packages: "Elija su paquete",
		MostPopular: "Más popular", RequestPricing: "Solicitar precio", Quote: "Cotización personalizada", PerMonth: "/mes", PerYear: "/año",
		OneTime: "Pago único", NotFound: "Servicio no encontrado", NotFoundBody: "Este servicio ya no está disponible.",
		PageNotFound: "¡Vaya! Página no encontrada", PageMissing: "La página que buscas no existe o se ha movido."},
	"fr": {Lang: "fr", Locale: "fr_FR", Marketplace: "Place de marché", By: "par %s", ReviewOne: "%d avis", ReviewOther: "%d avis",
		Rated: "Noté %s sur 5 selon %d avis", NoReviews: "Aucun avis disponible pour l'instant.", Packages: "Choisissez votre forfait",
		MostPopular: "Le plus populaire", RequestPricing: "Demander un tarif", Quote: "Devis personnalisé", PerMonth: "/mois", PerYear: "/an",
		OneTime: "Paiement unique", NotFound: "Service introuvable", NotFoundBody: "Ce service n'est plus disponible.",
		PageNotFound: "Oups ! Page introuvable", PageMissing: "La page que vous cherchez n’existe pas ou a été déplacée."},
}

// pageLanguages are the languages a page is written in, in the order of its hreflang links.
var pageLanguages = []string{"en", "es", "fr"}

// requestLanguage is the language a page is written in: ?lang= (en, es or fr), else the
// browser's Accept-Language, else English.
func requestLanguage(r *http.Request) string {
	switch l := strings.ToLower(r.URL.Query().Get("lang")); l {
	case "en", "es", "fr":
		return l
	}
	if l := acceptLanguage(r.Header.Get("Accept-Language")); l != "" {
		return lang.Base(l)
	}
	return "en"
}
