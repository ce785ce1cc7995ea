package httpapi

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"circle/internal/account"
	"circle/internal/checkout"
	"circle/internal/lang"
	"circle/internal/payments"
)

// The built-in payment pages' text in English, Spanish and French (docs/decisions.md, Built-in
// payment pages speak the visitor's language). The English is the pages' original wording;
// the spec has no copy for this stand-in for Stripe's hosted page, so the Spanish and French are
// ours. Service titles, the line names the checkout and billing services write and invoice
// descriptions are data and are shown as they come.

// pageText is every visible string of the built-in payment pages in one language.
type pageText struct {
	Lang string // the <html lang> value: en, es or fr

	TestMode, ReturnToCircle, TaxNote string

	// The checkout page.
	CheckoutTitle, CheckoutIntro          string
	Items, Item, Qty, Amount, Total       string
	Per                                   map[string]string // billing interval (month, year) -> "per month"
	Complete, CheckoutEnded               string
	CardNumber, Expiry, CVC, NameOn       string
	Pay                                   string // %s: the total
	Cancel                                string
	TestCards, Number, Result             string
	CardRow                               string // %s: brand, %s: result
	TestCardsHint                         string
	PaymentFailed                         string
	CardResults                           map[string]string // payments.TestCards' Result -> text (nil: as written)
	CardErrors                            map[string]string // a payments card message -> text (nil: as written)
	NotFound, SomethingWrong, LinkExpired string            // message page titles
	NoPage, SessionEnded                  string
	PageNotShown, FormNotRead             string
	CancelFailed                          string

	// The vendor card page (vendor_card_page.go).
	CardTitle, CardIntro, CardTestIntro string // CardIntro: %s is the vendor's name
	CardOnFile                          string // %s: brand, %s: last four digits
	SaveCard, CardNotSaved, CardNoPage  string
	BackToDashboard                     string

	// The billing portal.
	PortalTitle, Membership, Plan, Seats, Status, Price string
	Billed                                              map[string]string // interval -> "%s, billed monthly" (%s: the plan)
	Statuses                                            map[string]string // billing status -> text
	StatusEnding                                        string            // active, ending at the end of the period
	Resumes, Ends, Renews, EndedOn                      string            // renewal row labels
	NoMembership, Invoices, Period, Description         string
	NoInvoices                                          string
	PageMissing, PortalLinkInvalid, PortalNotShown      string
	Months                                              [12]string
	ShortMonths                                         [12]string
}

var pageTexts = map[string]pageText{
	"en": {
		Lang:     "en",
		TestMode: "Test mode: no real payment", ReturnToCircle: "Return to Circle",
		TaxNote:       "No tax is calculated: buyers and sellers are each responsible for their own taxes.",
		CheckoutTitle: "Circle checkout",
		CheckoutIntro: "This is Circle's built-in payment page. No card is charged; use a test card number below.",
		Items:         "Items", Item: "Item", Qty: "Qty", Amount: "Amount", Total: "Total",
		Per:      map[string]string{"month": "per month", "year": "per year"},
		Complete: "This payment is complete.", CheckoutEnded: "This checkout has ended without payment.",
		CardNumber: "Card number", Expiry: "Expiry (MM / YY)", CVC: "Security code", NameOn: "Name on card",
		Pay: "Pay %s", Cancel: "Cancel",
		TestCards: "Test card numbers", Number: "Number", Result: "Result", CardRow: "%s %s",
		TestCardsHint: "Any future expiry date, any 3-digit security code and any name.",
		PaymentFailed: "The payment could not be completed. Please try again.",
		NotFound:      "Not found", SomethingWrong: "Something went wrong", LinkExpired: "Link expired",
		NoPage: checkout.MsgNoPage, SessionEnded: MsgPageSessionEnded,
		PageNotShown: "This payment page could not be shown. Please try again.",
		FormNotRead:  "The payment form could not be read. Please try again.",
		CancelFailed: "The checkout could not be canceled. Please try again.",

		CardTitle:       "Save a card for point charges",
		CardIntro:       "Circle charges this card when agents spend Agent Points that %s funds. Nothing is charged now.",
		CardTestIntro:   "This is Circle's built-in card page. No card is saved with a bank; use a test card number below.",
		CardOnFile:      "%s ending in %s is on file. A card saved here replaces it.",
		SaveCard:        "Save card",
		CardNotSaved:    "The card could not be saved. Please try again.",
		CardNoPage:      "This card page does not exist, or your session has ended. Sign in again and open it from the vendor dashboard.",
		BackToDashboard: "Return to the vendor dashboard",

		PortalTitle: "Circle billing portal", Membership: "Membership", Plan: "Plan", Seats: "Seats", Status: "Status", Price: "Price",
		Billed: map[string]string{"month": "%s, billed monthly", "year": "%s, billed yearly"},
		Statuses: map[string]string{"incomplete": "incomplete", "active": "active", "past_due": "past due", "paused": "paused",
			"canceled": "canceled", "expired": "expired"},
		StatusEnding: "active, ending at the end of the period",
		Resumes:      "Resumes", Ends: "Ends", Renews: "Renews", EndedOn: "Ended",
		NoMembership: "You don't have a Circle Pro membership yet.",
		Invoices:     "Invoices", Period: "Period", Description: "Description", NoInvoices: "No invoices yet.",
		PageMissing:       "This page does not exist.",
		PortalLinkInvalid: "This billing portal link is not valid or has expired. Open the portal again from Billing.",
		PortalNotShown:    "The billing portal could not be shown. Please try again.",
		Months: [12]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
			"November", "December"},
		ShortMonths: [12]string{"Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"},
	},
	"es": {
		Lang:     "es",
		TestMode: "Modo de prueba: sin pago real", ReturnToCircle: "Volver a Circle",
		TaxNote:       "No se calculan impuestos: compradores y vendedores son responsables de sus propios impuestos.",
		CheckoutTitle: "Pago de Circle",
		CheckoutIntro: "Esta es la página de pago integrada de Circle. No se cobra ninguna tarjeta; usa uno de los números de tarjeta de prueba que aparecen abajo.",
		Items:         "Artículos", Item: "Artículo", Qty: "Cant.", Amount: "Importe", Total: "Total",
		Per:      map[string]string{"month": "al mes", "year": "al año"},
		Complete: "Este pago se ha completado.", CheckoutEnded: "Este pago se cerró sin completarse.",
		CardNumber: "Número de tarjeta", Expiry: "Vencimiento (MM / AA)", CVC: "Código de seguridad", NameOn: "Nombre en la tarjeta",
		Pay: "Pagar %s", Cancel: "Cancelar",
		TestCards: "Números de tarjeta de prueba", Number: "Número", Result: "Resultado", CardRow: "%s: %s",
		TestCardsHint: "Cualquier fecha de vencimiento futura, cualquier código de seguridad de 3 dígitos y cualquier nombre.",
		PaymentFailed: "No se pudo completar el pago. Inténtalo de nuevo.",
		CardResults: map[string]string{"succeeds": "aceptada", "is declined": "rechazada",
			"is declined (insufficient funds)": "rechazada (fondos insuficientes)", "is declined (expired card)": "rechazada (tarjeta vencida)",
			"is declined (incorrect CVC)": "rechazada (CVC incorrecto)"},
		CardErrors: map[string]string{
			payments.MsgCardNumberInvalid: "El número de tu tarjeta no es válido.",
			payments.MsgCardNotTest:       "Modo de prueba: sin pago real. Usa uno de los números de tarjeta de prueba que aparecen en esta página.",
			payments.MsgExpiryInvalid:     "La fecha de vencimiento de tu tarjeta no es válida.",
			payments.MsgExpiryPast:        "La fecha de vencimiento de tu tarjeta ya pasó.",
			payments.MsgCVCInvalid:        "El código de seguridad de tu tarjeta no es válido.",
			payments.MsgNameRequired:      "Escribe el nombre que figura en la tarjeta.",
			payments.MsgCardDeclined:      "Tu tarjeta fue rechazada.",
			payments.MsgInsufficientFunds: "Tu tarjeta no tiene fondos suficientes.",
			payments.MsgCardExpired:       "Tu tarjeta está vencida.",
			payments.MsgCVCIncorrect:      "El código de seguridad de tu tarjeta es incorrecto.",
		},
		NotFound: "Página no encontrada", SomethingWrong: "Algo salió mal", LinkExpired: "Enlace caducado",
		NoPage:       "Esta página de pago no existe.",
		SessionEnded: "Esta página de pago no existe o tu sesión terminó. Vuelve a iniciar sesión y regresa a tu carrito o a Facturación.",
		PageNotShown: "No se pudo mostrar esta página de pago. Inténtalo de nuevo.",
		FormNotRead:  "No se pudo leer el formulario de pago. Inténtalo de nuevo.",
		CancelFailed: "No se pudo cancelar el pago. Inténtalo de nuevo.",

		CardTitle:       "Guarda una tarjeta para los cargos por puntos",
		CardIntro:       "Circle cobra a esta tarjeta cuando los agentes gastan Agent Points que financia %s. Ahora no se cobra nada.",
		CardTestIntro:   "Esta es la página de tarjeta integrada de Circle. Ninguna tarjeta se guarda en un banco; usa uno de los números de tarjeta de prueba que aparecen abajo.",
		CardOnFile:      "La tarjeta %s terminada en %s está registrada. Una tarjeta guardada aquí la reemplaza.",
		SaveCard:        "Guardar tarjeta",
		CardNotSaved:    "No se pudo guardar la tarjeta. Inténtalo de nuevo.",
		CardNoPage:      "Esta página de tarjeta no existe o tu sesión terminó. Vuelve a iniciar sesión y ábrela desde el panel del proveedor.",
		BackToDashboard: "Volver al panel del proveedor",

		PortalTitle: "Portal de facturación de Circle", Membership: "Membresía", Plan: "Plan", Seats: "Puestos", Status: "Estado", Price: "Precio",
		Billed: map[string]string{"month": "%s, facturación mensual", "year": "%s, facturación anual"},
		Statuses: map[string]string{"incomplete": "pendiente de pago", "active": "activa", "past_due": "pago vencido", "paused": "pausada",
			"canceled": "cancelada", "expired": "caducada"},
		StatusEnding: "activa; termina al final del periodo",
		Resumes:      "Se reanuda el", Ends: "Termina el", Renews: "Se renueva el", EndedOn: "Terminó el",
		NoMembership: "Todavía no tienes una membresía Circle Pro.",
		Invoices:     "Facturas", Period: "Periodo", Description: "Descripción", NoInvoices: "Aún no hay facturas.",
		PageMissing:       "Esta página no existe.",
		PortalLinkInvalid: "Este enlace al portal de facturación no es válido o ha caducado. Vuelve a abrir el portal desde Facturación.",
		PortalNotShown:    "No se pudo mostrar el portal de facturación. Inténtalo de nuevo.",
		Months: [12]string{"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre",
			"noviembre", "diciembre"},
		ShortMonths: [12]string{"ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"},
	},
	"fr": {
		Lang:     "fr",
		TestMode: "Mode test : aucun paiement réel", ReturnToCircle: "Retour à Circle",
		TaxNote:       "Aucune taxe n’est calculée : acheteurs et vendeurs sont chacun responsables de leurs propres taxes.",
		CheckoutTitle: "Paiement Circle",
		CheckoutIntro: "Voici la page de paiement intégrée de Circle. Aucune carte n’est débitée ; utilisez un numéro de carte de test ci-dessous.",
		Items:         "Articles", Item: "Article", Qty: "Qté", Amount: "Montant", Total: "Total",
		Per:      map[string]string{"month": "par mois", "year": "par an"},
		Complete: "Ce paiement est terminé.", CheckoutEnded: "Ce paiement a pris fin sans avoir été effectué.",
		CardNumber: "Numéro de carte", Expiry: "Date d’expiration (MM / AA)", CVC: "Code de sécurité", NameOn: "Nom sur la carte",
		Pay: "Payer %s", Cancel: "Annuler",
		TestCards: "Numéros de carte de test", Number: "Numéro", Result: "Résultat", CardRow: "%s : %s",
		TestCardsHint: "N’importe quelle date d’expiration future, n’importe quel code de sécurité à 3 chiffres et n’importe quel nom.",
		PaymentFailed: "Impossible d’effectuer le paiement. Veuillez réessayer.",
		CardResults: map[string]string{"succeeds": "acceptée", "is declined": "refusée",
			"is declined (insufficient funds)": "refusée (fonds insuffisants)", "is declined (expired card)": "refusée (carte expirée)",
			"is declined (incorrect CVC)": "refusée (CVC incorrect)"},
		CardErrors: map[string]string{
			payments.MsgCardNumberInvalid: "Votre numéro de carte n’est pas valide.",
			payments.MsgCardNotTest:       "Mode test : aucun paiement réel. Utilisez l’un des numéros de carte de test indiqués sur cette page.",
			payments.MsgExpiryInvalid:     "La date d’expiration de votre carte n’est pas valide.",
			payments.MsgExpiryPast:        "La date d’expiration de votre carte est dépassée.",
			payments.MsgCVCInvalid:        "Le code de sécurité de votre carte n’est pas valide.",
			payments.MsgNameRequired:      "Saisissez le nom figurant sur la carte.",
			payments.MsgCardDeclined:      "Votre carte a été refusée.",
			payments.MsgInsufficientFunds: "Les fonds de votre carte sont insuffisants.",
			payments.MsgCardExpired:       "Votre carte a expiré.",
			payments.MsgCVCIncorrect:      "Le code de sécurité de votre carte est incorrect.",
		},
		NotFound: "Page introuvable", SomethingWrong: "Une erreur s’est produite", LinkExpired: "Lien expiré",
		NoPage:       "Cette page de paiement n’existe pas.",
		SessionEnded: "Cette page de paiement n’existe pas, ou votre session a pris fin. Reconnectez-vous, puis revenez à votre panier ou à Facturation.",
		PageNotShown: "Impossible d’afficher cette page de paiement. Veuillez réessayer.",
		FormNotRead:  "Impossible de lire le formulaire de paiement. Veuillez réessayer.",
		CancelFailed: "Impossible d’annuler le paiement. Veuillez réessayer.",

		CardTitle:       "Enregistrer une carte pour les prélèvements de points",
		CardIntro:       "Circle débite cette carte lorsque des agents dépensent des Agent Points financés par %s. Rien n’est débité maintenant.",
		CardTestIntro:   "Voici la page de carte intégrée de Circle. Aucune carte n’est enregistrée auprès d’une banque ; utilisez un numéro de carte de test ci-dessous.",
		CardOnFile:      "La carte %s se terminant par %s est enregistrée. Une carte enregistrée ici la remplace.",
		SaveCard:        "Enregistrer la carte",
		CardNotSaved:    "Impossible d’enregistrer la carte. Veuillez réessayer.",
		CardNoPage:      "Cette page de carte n’existe pas, ou votre session a pris fin. Reconnectez-vous et ouvrez-la depuis le tableau de bord fournisseur.",
		BackToDashboard: "Revenir au tableau de bord fournisseur",

		PortalTitle: "Portail de facturation Circle", Membership: "Abonnement", Plan: "Forfait", Seats: "Sièges", Status: "Statut", Price: "Prix",
		Billed: map[string]string{"month": "%s, facturation mensuelle", "year": "%s, facturation annuelle"},
		Statuses: map[string]string{"incomplete": "en attente de paiement", "active": "actif", "past_due": "paiement en retard", "paused": "suspendu",
			"canceled": "annulé", "expired": "expiré"},
		StatusEnding: "actif, se termine à la fin de la période",
		Resumes:      "Reprend le", Ends: "Se termine le", Renews: "Se renouvelle le", EndedOn: "Terminé le",
		NoMembership: "Vous n’avez pas encore d’abonnement Circle Pro.",
		Invoices:     "Factures", Period: "Période", Description: "Description", NoInvoices: "Aucune facture pour l’instant.",
		PageMissing:       "Cette page n’existe pas.",
		PortalLinkInvalid: "Ce lien vers le portail de facturation n’est pas valide ou a expiré. Rouvrez le portail depuis Facturation.",
		PortalNotShown:    "Impossible d’afficher le portail de facturation. Veuillez réessayer.",
		Months: [12]string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre",
			"novembre", "décembre"},
		ShortMonths: [12]string{"janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."},
	},
}

// textFor is the pages' text in language l (lang.Base).
func textFor(l string) pageText { return pageTexts[lang.Base(l)] }

// cardError is a card form message from payments in the page's language.
func (t pageText) cardError(msg string) string {
	if s, ok := t.CardErrors[msg]; ok {
		return s
	}
	return msg
}

// cardResult is what a test card does (payments.TestCards' Result) in the page's language.
func (t pageText) cardResult(result string) string {
	if s, ok := t.CardResults[result]; ok {
		return s
	}
	return result
}

// per is "per month" or "per year" for a billing interval.
func (t pageText) per(interval string) string {
	if s, ok := t.Per[interval]; ok {
		return s
	}
	return "per " + interval
}

// billed is the plan and how often it is billed ("Circle Pro, billed monthly").
func (t pageText) billed(plan, interval string) string {
	if f, ok := t.Billed[interval]; ok {
		return fmt.Sprintf(f, plan)
	}
	return plan + ", billed " + interval + "ly"
}

// status is a membership's status as the portal shows it.
func (t pageText) status(status string) string {
	if s, ok := t.Statuses[status]; ok {
		return s
	}
	return strings.ReplaceAll(status, "_", " ")
}

// date is a day written out: January 2, 2006; 2 de enero de 2006; 2 janvier 2006 (1er janvier).
func (t pageText) date(d time.Time) string {
	switch t.Lang {
	case "es":
		return fmt.Sprintf("%d de %s de %d", d.Day(), t.Months[d.Month()-1], d.Year())
	case "fr":
		return fmt.Sprintf("%s %s %d", frDay(d.Day()), t.Months[d.Month()-1], d.Year())
	}
	return d.Format("January 2, 2006")
}

// shortDate is a day with the month abbreviated: Jan 2, 2006; 2 ene 2006; 2 janv. 2006.
func (t pageText) shortDate(d time.Time) string {
	switch t.Lang {
	case "es":
		return fmt.Sprintf("%d %s %d", d.Day(), t.ShortMonths[d.Month()-1], d.Year())
	case "fr":
		return fmt.Sprintf("%s %s %d", frDay(d.Day()), t.ShortMonths[d.Month()-1], d.Year())
	}
	return d.Format("Jan 2, 2006")
}

// frDay is a day of the month in French dates: 1er, 2, 3...
func frDay(d int) string {
	if d == 1 {
		return "1er"
	}
	return strconv.Itoa(d)
}

// pageLang is the language of a built-in payment page (docs/decisions.md, Built-in payment
// pages speak the visitor's language): the language the page's link names (?lang=, the
// buyer's language when the checkout started); else the saved language of userID (the page's buyer, the
// portal's member) when it is Spanish or French; else the Accept-Language header's preferred
// language among en, es and fr; else English. Every profile starts out in English and the web
// app keeps its own choice in the browser (localStorage, no cookie), so a saved English is no
// choice and does not hide the browser's language. A page that is not shown passes no userID:
// its answer must not depend on whose page it is.
func (h *CheckoutArea) pageLang(r *http.Request, userID string) string {
	return pageLangFor(r, h.Profiles, userID)
}

// pageLangFor is pageLang with the profiles to read userID's saved language from (the vendor
// card page, vendor_card_page.go, speaks the same way).
func pageLangFor(r *http.Request, profiles *account.ProfileService, userID string) string {
	// The language the buyer checked out in (the page's link carries it, as Stripe's locale).
	switch l := r.URL.Query().Get("lang"); l {
	case "en", "es", "fr":
		return l
	}
	if l := savedLang(r, profiles, userID); l == "es" || l == "fr" {
		return l
	}
	if l := acceptLanguage(r.Header.Get("Accept-Language")); l != "" {
		return l
	}
	return "en"
}

// pageTextOf is the text of a built-in payment page for userID (see pageLang).
func (h *CheckoutArea) pageTextOf(r *http.Request, userID string) pageText {
	return textFor(h.pageLang(r, userID))
}

// savedLang is userID's saved language: the signed-in caller's profile when the caller is that
// user (read with the session, no query), else one read of userID's profile (a page or portal
// link opened without the session). "" when unknown; an empty saved language reads as English.
func savedLang(r *http.Request, profiles *account.ProfileService, userID string) string {
	if userID == "" {
		return ""
	}
	if p, ok, err := viewer(r.Context()); err == nil && ok && p.User.ID == userID {
		return lang.Base(p.Profile.PreferredLanguage)
	}
	if profiles == nil {
		return ""
	}
	prof, err := profiles.Store.ProfileByUserID(r.Context(), userID)
	if err != nil {
		return ""
	}
	return lang.Base(prof.PreferredLanguage)
}

// acceptLanguage is the language among en, es and fr that an Accept-Language header prefers
// ("fr-CA, en;q=0.8" is fr; "de, es;q=0.5" is es), "" when it names none of them.
func acceptLanguage(header string) string {
	best, bestQ := "", 0.0
	for _, w := range headerQualities(header) {
		primary, _, _ := strings.Cut(w.token, "-")
		if primary != "en" && primary != "es" && primary != "fr" {
			continue
		}
		if w.q > bestQ {
			best, bestQ = lang.Base(primary), w.q
		}
	}
	return best
}
