package httpapi

import "strings"

// The web app's client routes (web/src/app/routes.tsx) as the server needs them (issue 33): an
// address no route matches answers 404 (the app still shows its not-found screen), and the
// screens of signed-in members, vendors, creators and administrators ask search engines not to
// index them. TestClientRoutesMatchTheWebApp reads routes.tsx and fails when this list and the
// route table differ, so a new screen is added here in the same change.

// clientRoute is one path pattern of the route table (":name" matches one segment, a final "*"
// the rest) with the access its screen declares.
type clientRoute struct {
	path   string
	access string
}

// clientRoutes are the route table's patterns, in its order, without its final catch-all "*".
var clientRoutes = []clientRoute{
	{"/vendor-registration", "visitor"}, {"/", "visitor"}, {"/marketplace", "visitor"},
	{"/services/:slug", "visitor"}, {"/lobby", "visitor"}, {"/health", "visitor"},
	{"/auth", "visitor"}, {"/lender", "visitor"}, {"/academy", "visitor"},
	{"/academy/certificates/:id", "visitor"}, {"/academy/new", "creator"}, {"/academy/:slug", "visitor"}, {"/academy/:slug/edit", "creator"},
	{"/academy/:slug/lessons/:lessonId", "user"}, {"/academy/:slug/quiz", "user"},
	{"/creator-dashboard", "creator"}, {"/creator-payment-setup", "creator"}, {"/creator-onboarding", "user"},
	{"/admin", "admin"}, {"/admin/users", "admin"}, {"/admin/users/:id", "admin"},
	{"/admin/audit", "admin"}, {"/admin/vendors", "admin"}, {"/admin/vendors/:id", "admin"}, {"/admin/reviews", "admin"}, {"/admin/services", "admin"}, {"/admin/services/:id", "admin"}, {"/admin/config", "admin"}, {"/admin/prayers", "admin"}, {"/admin/faq", "admin"}, {"/admin/security", "admin"}, {"/admin/accounting", "admin"}, {"/admin/commissions", "admin"}, {"/admin/creators", "admin"},
	{"/admin/academy", "admin"},
	{"/admin/outbox", "admin"}, {"/admin/view-spikes", "admin"}, {"/admin/*", "admin"},
	{"/profile-settings", "user"}, {"/profile", "user"}, {"/saved", "user"},
	{"/orders", "user"}, {"/wallet", "user"}, {"/pricing", "visitor"},
	{"/payment-success", "visitor"}, {"/payment/success", "visitor"}, {"/payment-canceled", "visitor"},
	{"/payment/canceled", "visitor"}, {"/consultation-demo", "visitor"}, {"/vendor-analytics", "vendor"},
	{"/command-center", "admin"}, {"/command-center-test", "admin"}, {"/compliance", "admin"},
	{"/analytics", "admin"}, {"/support", "support"}, {"/support/tickets/:id", "support"}, {"/advanced-features", "admin"},
	{"/ai-dashboard", "visitor"}, {"/ministry", "visitor"}, {"/minsitry", "visitor"},
	{"/ministry/success", "visitor"}, {"/legal/terms", "visitor"}, {"/terms", "visitor"},
	{"/legal/privacy", "visitor"}, {"/privacy", "visitor"}, {"/legal/cookies", "visitor"},
	{"/cookies", "visitor"}, {"/legal/buyer-protection", "visitor"}, {"/buyer-protection", "visitor"},
	{"/legal/seller-agreement", "visitor"}, {"/seller-agreement", "visitor"}, {"/legal/prohibited-items", "visitor"},
	{"/prohibited-items", "visitor"}, {"/welcome", "user"}, {"/goals", "user"}, {"/agent-questionnaire", "visitor"},
	{"/disc-test", "visitor"}, {"/partner-checkout/:token", "visitor"}, {"/partner-payment-success", "visitor"},
	{"/partner-payment-canceled", "visitor"}, {"/partner-payments", "user"}, {"/agent-payment-success", "visitor"}, {"/agent-payment-canceled", "visitor"},
	{"/affiliate", "visitor"}, {"/affiliate/apply", "user"}, {"/affiliate/dashboard", "user"},
	{"/qa", "admin"}, {"/dispute-resolution", "visitor"}, {"/legal/dispute-resolution", "visitor"},
	{"/legal/refund-policy", "visitor"}, {"/refund-policy", "visitor"}, {"/contact", "visitor"}, {"/contact/requests/:id", "user"},
	{"/billing", "user"}, {"/integrations", "visitor"}, {"/consultation-prep/:consultationId", "user"},
	{"/admin/vendor-invitations", "admin"}, {"/vendor-dashboard", "vendor"}, {"/notifications", "user"},
	{"/book-meeting", "visitor"}, {"/consultations", "user"}, {"/vendor-dashboard/consultations", "vendor"},
	{"/admin/consultation-integrations", "admin"},
}

// noIndexPaths are the visitor screens that are no page of the catalogue: signing in, the health
// screen, and the payment screens (a checkout link's token, the result pages a payment returns
// to), which a search engine must neither list nor follow (robots.txt disallows them too).
var noIndexPaths = map[string]bool{"/auth": true, "/health": true,
	"/partner-checkout/:token": true, "/payment-success": true, "/payment/success": true, "/payment-canceled": true,
	"/payment/canceled": true, "/partner-payment-success": true, "/partner-payment-canceled": true,
	"/agent-payment-success": true, "/agent-payment-canceled": true, "/ministry/success": true}

// matchClientRoute returns the route a path opens, and whether one does.
func matchClientRoute(p string) (clientRoute, bool) {
	segs := splitPath(p)
	for _, r := range clientRoutes {
		if routeMatches(splitPath(r.path), segs) {
			return r, true
		}
	}
	return clientRoute{}, false
}

func splitPath(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}

// routeMatches reports whether path segments match a pattern's, as React Router ranks them
// for these patterns: ":name" is one non-empty segment, a final "*" is any rest.
func routeMatches(pattern, segs []string) bool {
	for i, ps := range pattern {
		if ps == "*" && i == len(pattern)-1 {
			return true
		}
		if i >= len(segs) {
			return false
		}
		if strings.HasPrefix(ps, ":") {
			continue
		}
		if !strings.EqualFold(ps, segs[i]) {
			return false
		}
	}
	return len(segs) == len(pattern)
}

// clientPageNoIndex reports whether a screen's page asks not to be indexed: every screen that
// is not a visitor's, and the visitor screens of noIndexPaths.
func clientPageNoIndex(r clientRoute) bool {
	return r.access != "visitor" || noIndexPaths[r.path]
}
