package httpapi

import (
	"context"
	"net/http"
	"reflect"

	"github.com/danielgtaylor/huma/v2"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/consultations"
	"circle/internal/copay"
	"circle/internal/lang"
	"circle/internal/marketplace"
)

// registerRoutes is the one table of every API operation. Each declares who may call it
// (access.go); the middleware enforces it before the handler runs, New refuses an operation
// without one, and the authorization test walks every operation with every role.
func registerRoutes(api huma.API, s *Server) {
	accessPublic := access{level: levelPublic}
	accessUser := access{level: levelUser}
	accessAdmin := access{level: levelAdmin}
	op := func(id, method, path, summary, tag string, a access) huma.Operation {
		o := huma.Operation{OperationID: id, Method: method, Path: path, Summary: summary, Tags: []string{tag}}
		declareAccess(&o, a)
		return o
	}
	limited := func(o huma.Operation, maxBytes int64) huma.Operation { o.MaxBodyBytes = maxBytes; return o }
	status := func(o huma.Operation, code int) huma.Operation { o.DefaultStatus = code; return o }

	// Platform
	huma.Register(api, op("healthz", http.MethodGet, "/healthz", "Process is up", "platform", accessPublic), s.healthz)
	readyz := op("readyz", http.MethodGet, "/readyz", "Database reachable, migrations applied, search index and marketplace snapshot built", "platform", accessPublic)
	readyz.Responses = map[string]*huma.Response{"503": {Description: "Not ready"}}
	huma.Register(api, readyz, s.readyz)
	huma.Register(api, op("get-config", http.MethodGet, "/api/config", "Public application configuration", "platform", accessPublic), s.getConfig)
	huma.Register(api, status(limited(op("report-client-error", http.MethodPost, "/api/client-errors", "Record an error the web app caught", "platform", accessPublic), 64<<10), http.StatusAccepted), s.reportClientError)
	huma.Register(api, status(limited(op("record-app-event", http.MethodPost, "/api/app-events", "Record a product event (login_success, signup_success)", "platform", accessPublic), 16<<10), http.StatusAccepted), s.recordAppEvent)

	// Accounts and sessions
	huma.Register(api, op("auth-providers", http.MethodGet, "/api/auth/providers", "Sign-in options: Google availability and the bot check", "auth", accessPublic), s.authProviders)
	huma.Register(api, limited(op("sign-up", http.MethodPost, "/api/auth/signup", "Create an account and e-mail the verification link", "auth", accessPublic), 16<<10), s.signUp)
	huma.Register(api, limited(op("sign-in", http.MethodPost, "/api/auth/signin", "Sign in with e-mail and password", "auth", accessPublic), 16<<10), s.signIn)
	huma.Register(api, limited(op("verify-email", http.MethodPost, "/api/auth/verify", "Confirm an e-mail address from the link's token", "auth", accessPublic), 4<<10), s.verifyEmail)
	huma.Register(api, limited(op("resend-verification", http.MethodPost, "/api/auth/resend", "Send the verification link again", "auth", accessPublic), 4<<10), s.resendVerification)
	huma.Register(api, limited(op("request-password-reset", http.MethodPost, "/api/auth/reset-request", "E-mail a password-reset link", "auth", accessPublic), 4<<10), s.requestReset)
	huma.Register(api, limited(op("reset-password", http.MethodPost, "/api/auth/reset", "Set a new password from a reset link", "auth", accessPublic), 8<<10), s.resetPassword)
	huma.Register(api, limited(op("lockout-status", http.MethodPost, "/api/auth/lockout-status", "Lock status of an e-mail (check_and_update_lockout)", "auth", accessPublic), 4<<10), s.lockStatus)
	huma.Register(api, limited(op("password-strength", http.MethodPost, "/api/auth/password-strength", "Score a password (validate_password_strength)", "auth", accessPublic), 8<<10), s.passwordStrength)
	huma.Register(api, status(op("sign-out", http.MethodPost, "/api/auth/signout", "End the current session", "auth", accessPublic), http.StatusNoContent), s.signOut)
	huma.Register(api, op("refresh-session", http.MethodPost, "/api/auth/refresh", "Rotate the session tokens with the refresh cookie", "auth", accessPublic), s.refresh)
	huma.Register(api, op("get-session", http.MethodGet, "/api/auth/session", "The current session and profile", "auth", accessUser), s.getSession)
	huma.Register(api, op("google-start", http.MethodGet, "/api/auth/google/start", "Start Google sign-in (redirect)", "auth", accessPublic), s.googleStart)
	huma.Register(api, op("google-callback", http.MethodGet, "/api/auth/google/callback", "Google sign-in callback (redirect)", "auth", accessPublic), s.googleCallback)
	huma.Register(api, limited(op("session-control", http.MethodPost, "/api/session-control", "Session actions: start, heartbeat, end, list, revoke", "auth", accessUser), 8<<10), s.sessionControl)
	huma.Register(api, op("admin-status", http.MethodGet, "/api/auth/admin-status", "Whether the caller is an administrator (get_user_admin_status)", "auth", accessUser), s.adminStatus)

	// Profiles
	huma.Register(api, op("get-profile", http.MethodGet, "/api/profile", "The caller's profile with roles", "profile", accessUser), s.getProfile)
	huma.Register(api, op("ensure-profile", http.MethodPost, "/api/profile/ensure", "Create the caller's profile when missing (ensure_profile_exists)", "profile", accessUser), s.ensureProfile)
	huma.Register(api, limited(op("update-profile", http.MethodPatch, "/api/profile", "Change the caller's profile", "profile", accessUser), 16<<10), s.updateProfile)

	// Security monitoring
	huma.Register(api, limited(op("record-security-event", http.MethodPost, "/api/security-events", "Record a security event (deduplicated per 10 s)", "security", accessUser), 16<<10), s.recordSecurityEvent)
	huma.Register(api, op("validate-admin-session", http.MethodPost, "/api/admin/validate-session", "Validate the admin session context", "security", accessAdmin), s.validateAdminSession)
	huma.Register(api, op("security-rate", http.MethodGet, "/api/admin/security-rate", "Security operation rate indicator", "security", accessAdmin), s.securityRate)
	huma.Register(api, op("admin-outbox", http.MethodGet, "/api/admin/outbox", "E-mails in the built-in outbox", "admin", accessAdmin), s.adminOutbox)
	huma.Register(api, op("admin-dead-jobs", http.MethodGet, "/api/admin/jobs/dead", "Background jobs that failed their last attempt, most recent first", "admin", accessAdmin), s.adminDeadJobs)

	// Marketplace browsing
	dataOp := op("marketplace-data", http.MethodGet, "/api/marketplace/data", "Everything the marketplace needs for its first paint (cached snapshot)", "marketplace", accessPublic)
	dataOp.Responses = map[string]*huma.Response{
		"200": {Description: "The snapshot (gzip when accepted; ETag)", Content: map[string]*huma.MediaType{
			"application/json": {Schema: api.OpenAPI().Components.Schemas.Schema(reflect.TypeOf(marketplace.Snapshot{}), true, "MarketplaceSnapshot")}}},
		"304": {Description: "Not modified"},
	}
	huma.Register(api, dataOp, func(ctx context.Context, in *marketplaceDataInput) (*huma.StreamResponse, error) {
		l := lang.Base(in.Lang)
		return &huma.StreamResponse{Body: func(hc huma.Context) { s.marketplaceData(hc, l) }}, nil
	})
	searchOp := op("search-services", http.MethodGet, "/api/marketplace/services", "Search, filter, sort and page active services", "marketplace", accessPublic)
	searchOp.Responses = map[string]*huma.Response{
		"200": {Description: "OK", Content: map[string]*huma.MediaType{
			"application/json": {Schema: api.OpenAPI().Components.Schemas.Schema(reflect.TypeOf(marketplace.Page{}), true, "Page")}}},
	}
	huma.Register(api, searchOp, s.searchServices)
	huma.Register(api, op("list-vendors", http.MethodGet, "/api/marketplace/vendors", "Listed vendors with search and the location filter", "marketplace", accessPublic), s.listVendors)
	huma.Register(api, limited(op("ratings-bulk", http.MethodPost, "/api/ratings", "Ratings of up to 200 services in one query", "marketplace", accessPublic), 32<<10), s.ratingsBulk)
	huma.Register(api, limited(op("record-view", http.MethodPost, "/api/services/{id}/views", "Record a view (once per viewer per 15 minutes: the signed-in user, else IP address and user agent; rate limited per address)", "marketplace", accessPublic), 4<<10), s.recordView)
	huma.Register(api, limited(op("record-sponsored", http.MethodPost, "/api/services/{id}/sponsored", "Record a sponsored impression or click (once per 5 minutes)", "marketplace", accessPublic), 4<<10), s.recordSponsored)
	huma.Register(api, op("get-discount-interest", http.MethodGet, "/api/services/{id}/interest", "Discount interest count and the caller's vote", "marketplace", accessPublic), s.getInterest)
	huma.Register(api, op("add-discount-interest", http.MethodPost, "/api/services/{id}/interest", "Vote for a discount on a non-verified service", "marketplace",
		accessUser.signInAs(msgInterestSignIn)), s.addInterest)
	huma.Register(api, op("admin-rerank", http.MethodPost, "/api/admin/marketplace/rerank", "Re-rank services from the latest metrics", "admin", accessAdmin), s.rerank)
	huma.Register(api, op("admin-cache-health", http.MethodGet, "/api/admin/marketplace/cache", "Marketplace cache health", "admin", accessAdmin), s.getCacheHealth)
	huma.Register(api, op("admin-cache-refresh", http.MethodPost, "/api/admin/marketplace/cache/refresh", "Rebuild the marketplace cache now", "admin", accessAdmin), s.refreshCache)
	huma.Register(api, op("admin-cache-clear", http.MethodDelete, "/api/admin/marketplace/cache", "Clear the marketplace cache", "admin", accessAdmin), s.clearCache)
	huma.Register(api, op("admin-view-spikes", http.MethodGet, "/api/admin/marketplace/view-spikes", "Services whose recent views jumped far above their baseline or came mostly from few networks", "admin", accessAdmin), s.viewSpikes)

	// Points wallet (issue 15, F-PAY-07)
	huma.Register(api, op("get-points-summary", http.MethodGet, "/api/points/summary", "The caller's points: available total, dollar value and allocations (get_agent_points_summary)", "points", accessUser), s.getPointsSummary)
	huma.Register(api, op("get-points-history", http.MethodGet, "/api/points/history", "The caller's points ledger, newest first", "points", accessUser), s.getPointsHistory)

	// Saved services
	huma.Register(api, op("list-saved", http.MethodGet, "/api/saved", "The caller's saved services", "saved", accessUser), s.listSaved)
	huma.Register(api, limited(op("save-service", http.MethodPut, "/api/saved/{service_id}", "Save a service (or change its note)", "saved", accessUser), 8<<10), s.saveService)
	huma.Register(api, status(op("unsave-service", http.MethodDelete, "/api/saved/{service_id}", "Remove a saved service", "saved", accessUser), http.StatusNoContent), s.unsaveService)

	// Catalogue
	huma.Register(api, op("get-catalog-stats", http.MethodGet, "/api/catalog/stats", "Counts of active services, listed vendors and reviews", "catalog", accessPublic), s.getCatalogStats)

	// Service and vendor detail
	huma.Register(api, op("get-service-detail", http.MethodGet, "/api/services/{id}", "Everything the funnel page and sales-page dialog show, in one answer", "detail", accessPublic), s.getServiceDetail)
	huma.Register(api, op("service-cards", http.MethodGet, "/api/service-cards", "Cards of up to 50 services by id, and the ids no longer available", "detail", accessPublic), s.serviceCards)
	huma.Register(api, op("also-viewed", http.MethodGet, "/api/services/{id}/also-viewed", "Services most co-viewed with this one in 30 days (max 8)", "detail", accessPublic), s.alsoViewed)
	huma.Register(api, op("list-reviews", http.MethodGet, "/api/services/{id}/reviews", "A service's reviews (newest 20) with average and count", "reviews", accessPublic), s.listReviews)
	huma.Register(api, status(limited(op("create-review", http.MethodPost, "/api/services/{id}/reviews", "Review a service (one per user)", "reviews", accessUser.signInAs(catalog.MsgReviewSignIn)), 16<<10), http.StatusCreated), s.createReview)
	huma.Register(api, limited(op("update-review", http.MethodPatch, "/api/reviews/{id}", "Change one's own review", "reviews",
		ownerOnly(reviewAuthor("id"), apperr.New(apperr.Forbidden, catalog.MsgReviewNotYours)).signInAs(catalog.MsgReviewSignIn)), 16<<10), s.updateReview)
	huma.Register(api, op("delete-review", http.MethodDelete, "/api/reviews/{id}", "Delete one's own review (administrators: any)", "reviews",
		ownerOf(reviewAuthor("id"), apperr.New(apperr.Forbidden, catalog.MsgReviewNotYours)).signInAs(catalog.MsgReviewSignIn)), s.deleteReview)
	huma.Register(api, op("get-vendor-detail", http.MethodGet, "/api/vendors/{id}", "Everything the vendor funnel modal shows (seeds default questions)", "detail", accessPublic), s.getVendorDetail)
	huma.Register(api, limited(op("update-vendor-question", http.MethodPut, "/api/vendors/{id}/questions/{number}", "Edit an evaluation question (the vendor's owner or an administrator)", "detail",
		ownerOf(vendorOwner("id"), apperr.New(apperr.Forbidden, catalog.MsgQuestionNotAllowed))), 32<<10), s.updateVendorQuestion)
	huma.Register(api, limited(op("record-service-event", http.MethodPost, "/api/services/{id}/events", "Record a funnel tracking event of a signed-in user", "tracking", accessUser.signInAs(msgTrackingSignIn)), 8<<10), s.recordServiceEvent)
	huma.Register(api, op("service-metrics", http.MethodGet, "/api/services/{id}/metrics", "Tracking metrics of a service (its vendor's owner or an administrator)", "tracking",
		ownerOf(serviceVendorOwner("id"), apperr.New(apperr.Forbidden, "Only the service's vendor or an administrator can see its metrics."))), s.serviceMetrics)
	huma.Register(api, limited(op("mint-referral-token", http.MethodPost, "/api/referral-tokens", "The caller's referral token and share link for a service", "tracking", accessUser), 4<<10), s.mintReferralToken)
	huma.Register(api, op("resolve-referral-token", http.MethodGet, "/api/referral-tokens/{token}", "The service and vendor a referral token belongs to", "tracking", accessPublic), s.resolveReferralToken)

	// Cart, checkout and Pro
	huma.Register(api, op("get-cart", http.MethodGet, "/api/cart", "The caller's cart with server-computed totals and badges", "cart", accessUser), s.getCart)
	huma.Register(api, limited(op("add-cart-item", http.MethodPost, "/api/cart/items", "Add a line after the server price check (Pricing Error, Price Validation Failed)", "cart", accessUser), 8<<10), s.addCartItem)
	huma.Register(api, limited(op("merge-pending-cart-item", http.MethodPost, "/api/cart/pending", "Add the pendingCartItem left before sign-in (same checks)", "cart", accessUser), 8<<10), s.mergePendingCartItem)
	huma.Register(api, limited(op("update-cart-item", http.MethodPatch, "/api/cart/items/{id}", "Change a line's quantity (not quote lines) or coverage", "cart", accessUser), 4<<10), s.updateCartItem)
	huma.Register(api, op("remove-cart-item", http.MethodDelete, "/api/cart/items/{id}", "Remove a line", "cart", accessUser), s.removeCartItem)
	huma.Register(api, limited(op("link-cart-consultation", http.MethodPut, "/api/cart/items/{id}/consultation", "Link a consultation line to the booking the cart consultation flow made for it; checkout then releases the line", "cart", accessUser), 4<<10), s.linkCartConsultation)
	huma.Register(api, op("clear-cart", http.MethodDelete, "/api/cart", "Empty the cart", "cart", accessUser), s.clearCart)
	huma.Register(api, op("create-checkout", http.MethodPost, "/api/checkout", "Create an order from server prices and a hosted payment page (create-checkout)", "checkout", accessUser), s.createCheckout)
	huma.Register(api, op("get-checkout-session", http.MethodGet, "/api/checkout/sessions/{session_id}", "A payment page's status and what it paid for (/payment-success)", "checkout",
		ownerOf(paymentSessionPayer("session_id"), apperr.New(apperr.NotFound, "checkout session not found"))), s.getCheckoutSession)
	huma.Register(api, limited(op("stripe-webhook", http.MethodPost, "/api/webhooks/stripe", "Signed payment events (Stripe, or the built-in page), applied exactly once", "checkout", accessPublic), 256<<10), s.stripeWebhook)
	huma.Register(api, op("list-orders", http.MethodGet, "/api/orders", "The caller's orders with lines, status and receipts", "checkout", accessUser), s.listOrders)
	huma.Register(api, op("get-order", http.MethodGet, "/api/orders/{id}", "One order (the caller's own; administrators any)", "checkout",
		ownerOf(orderBuyer("id"), apperr.New(apperr.NotFound, "order not found"))), s.getOrder)
	huma.Register(api, op("billing-plans", http.MethodGet, "/api/billing/plans", "Circle Pro plans: $99/month primary seat, $49/month extra seat, yearly 10x monthly", "billing", accessPublic), s.billingPlans)
	huma.Register(api, op("get-billing", http.MethodGet, "/api/billing", "Plan, seats, status, dates, invoices, offers and the Pro Savings Guarantee", "billing", accessUser), s.getBilling)
	huma.Register(api, limited(op("subscribe", http.MethodPost, "/api/billing/subscribe", "Start Circle Pro: a hosted payment page for the first payment", "billing", accessUser), 4<<10), s.subscribe)
	huma.Register(api, op("customer-portal", http.MethodPost, "/api/billing/portal", "The customer portal (built-in page or Stripe's) (customer-portal)", "billing", accessUser), s.customerPortal)
	huma.Register(api, op("check-subscription", http.MethodGet, "/api/billing/check", "The membership's current state (check-subscription)", "billing", accessUser), s.checkSubscription)
	huma.Register(api, limited(op("pause-subscription", http.MethodPost, "/api/billing/pause", "Pause the membership for 90 days (pause-subscription)", "billing", accessUser), 4<<10), s.pauseSubscription)
	huma.Register(api, op("resume-subscription", http.MethodPost, "/api/billing/resume", "Resume a paused membership, or keep one that is set to end", "billing", accessUser), s.resumeSubscription)
	huma.Register(api, limited(op("apply-discount", http.MethodPost, "/api/billing/discount", "50% off for 2 months (apply-discount); offers never stack", "billing", accessUser), 4<<10), s.applyDiscount)
	huma.Register(api, limited(op("downgrade-plan", http.MethodPost, "/api/billing/downgrade", "30% off for 12 months (downgrade-plan); offers never stack", "billing", accessUser), 4<<10), s.downgradePlan)
	huma.Register(api, limited(op("cancel-subscription", http.MethodPost, "/api/billing/cancel", "Cancel at the end of the period with a reason (cancel-subscription)", "billing", accessUser), 8<<10), s.cancelSubscription)

	// Consultation preparation course, Invite / Refer Your Vendor, location (issue 16, F-ENG-03, F-ENG-04, F-ENG-08)
	huma.Register(api, op("get-prep-course", http.MethodGet, "/api/consultation-prep/{consultation_id}", "The preparation course of one of the caller's consultations: four modules and the progress", "consultations", accessUser), s.getPrepCourse)
	huma.Register(api, op("complete-prep-module", http.MethodPut, "/api/consultation-prep/{consultation_id}/modules/{module_id}", "Mark a course module complete (progress is completed divided by 4)", "consultations", accessUser), s.completePrepModule)
	guideOp := op("download-prep-guide", http.MethodGet, "/api/consultation-prep/{consultation_id}/guide", "The Consultation Guide as a PDF", "consultations", accessUser)
	guideOp.Responses = map[string]*huma.Response{"200": {Description: "The guide", Content: map[string]*huma.MediaType{"application/pdf": {Schema: &huma.Schema{Type: "string", Format: "binary"}}}}}
	huma.Register(api, guideOp, s.downloadPrepGuide)
	huma.Register(api, status(limited(op("invite-vendor", http.MethodPost, "/api/vendor-invites", "Invite Your Vendor: store the invitation and e-mail the vendor a registration link (invite-vendor)", "vendors", accessUser), 32<<10), http.StatusCreated), s.inviteVendor)
	huma.Register(api, status(limited(op("refer-vendor", http.MethodPost, "/api/vendor-referrals", "Refer Your Vendor: store the referral and e-mail the vendor a registration link (refer-vendor)", "vendors", accessUser), 16<<10), http.StatusCreated), s.referVendor)
	huma.Register(api, op("admin-vendor-invitations", http.MethodGet, "/api/admin/vendor-invitations", "Vendor invitations and referrals, newest first, with the inviting agent and whether the vendor joined", "admin", accessAdmin), s.adminVendorInvitations)
	huma.Register(api, op("reverse-geocode", http.MethodGet, "/api/location/reverse", "US city and state of coordinates (the configured geocoder: built-in table or an outside service)", "location", accessUser), s.reverseGeocode)
	huma.Register(api, limited(op("save-location", http.MethodPut, "/api/location", "Save the location dialog's city, state and ZIP to the caller's profile", "location", accessUser), 4<<10), s.saveLocation)
	// Co-pay, the vendor's side, and in-app notifications (issue 15 items 3 and 7, F-PAY-05, F-PAY-06)
	accessVendor := access{level: levelVendor}
	huma.Register(api, op("list-vendor-copay-requests", http.MethodGet, "/api/vendor/copay-requests", "Co-pay requests to the vendors the caller owns, newest first", "copay", accessVendor), s.listVendorCoPayRequests)
	huma.Register(api, limited(op("approve-copay-request", http.MethodPost, "/api/vendor/copay-requests/{id}/approve", "Approve a request to one of the caller's vendors, possibly at a lower split (once; 409 after a decision)", "copay", accessVendor), 8<<10), s.approveCoPayRequest)
	huma.Register(api, limited(op("decline-copay-request", http.MethodPost, "/api/vendor/copay-requests/{id}/decline", "Decline a request to one of the caller's vendors with a note (once; 409 after a decision)", "copay", accessVendor), 8<<10), s.declineCoPayRequest)
	auditAccess := ownerOf(vendorOwner("id"), apperr.New(apperr.NotFound, "vendor not found"))
	huma.Register(api, op("list-copay-audit-agents", http.MethodGet, "/api/vendors/{id}/copay-audit", "Agents with a RESPA audit pack at the vendor (its owner or an administrator)", "copay", auditAccess), s.listCoPayAuditAgents)
	huma.Register(api, op("get-copay-audit-pack", http.MethodGet, "/api/vendors/{id}/copay-audit/{agent_id}", "The RESPA audit pack of a vendor-agent pair: requests, events, points, charges (its owner or an administrator)", "copay", auditAccess), s.getCoPayAuditPack)
	csvOp := op("get-copay-audit-csv", http.MethodGet, "/api/vendors/{id}/copay-audit/{agent_id}/csv", "The RESPA audit pack as a CSV download (its owner or an administrator)", "copay", auditAccess)
	csvOp.Responses = map[string]*huma.Response{"200": {Description: "The pack as CSV", Content: map[string]*huma.MediaType{"text/csv": {Schema: &huma.Schema{Type: "string"}}}}}
	huma.Register(api, csvOp, s.getCoPayAuditCSV)
	huma.Register(api, op("list-notifications", http.MethodGet, "/api/notifications", "The caller's in-app notifications and unread count", "notifications", accessUser), s.listNotifications)
	huma.Register(api, op("mark-notification-read", http.MethodPost, "/api/notifications/{id}/read", "Mark one of the caller's notifications read", "notifications", accessUser), s.markNotificationRead)
	huma.Register(api, op("mark-all-notifications-read", http.MethodPost, "/api/notifications/read-all", "Mark every notification of the caller read", "notifications", accessUser), s.markAllNotificationsRead)
	// Co-pay, the agent's side (issue 15 item 2, F-PAY-05): Pro members ask a partner vendor
	// to cover a share; another agent's request answers 404.
	accessCoPay := access{level: levelPro}.signInAs(copay.MsgSignIn)
	huma.Register(api, op("copay-partners", http.MethodGet, "/api/copay/partners", "Partner vendors a Pro agent may ask to cover a share of a service, with caps, sliders and the qa counts", "copay", accessCoPay), s.copayPartners)
	huma.Register(api, op("copay-quote", http.MethodGet, "/api/copay/quote", "A split for one partner: shares and the RESPA explanation", "copay", accessCoPay), s.copayQuote)
	huma.Register(api, status(limited(op("create-copay-request", http.MethodPost, "/api/copay/requests", "Send a co-pay request; its cart line waits for the vendor (idempotency key; one pending per partner)", "copay", accessCoPay), 16<<10), http.StatusCreated), s.createCoPayRequest)
	huma.Register(api, op("list-copay-requests", http.MethodGet, "/api/copay/requests", "The caller's co-pay requests with shares and explanations", "copay", accessUser.signInAs(copay.MsgSignIn)), s.listCoPayRequests)
	huma.Register(api, op("cancel-copay-request", http.MethodPost, "/api/copay/requests/{id}/cancel", "Cancel one of the caller's pending co-pay requests (another agent's: 404)", "copay", accessUser.signInAs(copay.MsgSignIn)), s.cancelCoPayRequest)
	// Paying with points (issue 15)
	huma.Register(api, limited(op("automatic-copay", http.MethodPost, "/api/points/copay", "process_automatic_copay: the partner vendor's share paid with its points, a co-pay request for the rest; a failure falls through to normal checkout", "points", accessUser), 4<<10), s.automaticCoPay)
	huma.Register(api, op("get-points-guarantee", http.MethodGet, "/api/points/guarantee", "The caller's ended membership years and the Pro Savings Guarantee credited for each", "points", accessUser), s.getPointsGuarantee)
	// Consultations (issue 16, F-ENG-01 / F-ENG-02 / F-ENG-03)
	huma.Register(api, op("consultation-calendar", http.MethodGet, "/api/consultations/calendar", "Weekday slots (10:00 AM-3:30 PM Central, 24 hours' notice) of a service's vendor, and the vendor's time zone", "consultations", accessPublic), s.consultationCalendar)
	huma.Register(api, status(limited(op("book-consultation", http.MethodPost, "/api/consultations", "Book a consultation slot; its integrations run as jobs", "consultations", accessUser.signInAs(consultations.MsgSignIn)), 16<<10), http.StatusCreated), s.bookConsultation)
	huma.Register(api, status(limited(op("capture-consultation-lead", http.MethodPost, "/api/consultations/leads", "Record a lead (lead_captured) for a vendor with an external booking link", "consultations", accessUser.signInAs(consultations.MsgSignIn)), 16<<10), http.StatusCreated), s.captureLead)
	huma.Register(api, op("list-consultations", http.MethodGet, "/api/consultations", "The caller's consultations and leads with their integrations", "consultations", accessUser), s.listConsultations)
	huma.Register(api, op("get-consultation", http.MethodGet, "/api/consultations/{id}", "One of the caller's consultations with its integrations", "consultations", accessUser), s.getConsultation)
	huma.Register(api, op("cancel-consultation", http.MethodPost, "/api/consultations/{id}/cancel", "Cancel one's consultation at least 24 hours ahead", "consultations", accessUser), s.cancelConsultation)
	huma.Register(api, limited(op("reschedule-consultation", http.MethodPost, "/api/consultations/{id}/reschedule", "Move one's consultation (at least 24 hours ahead) to another open slot", "consultations", accessUser), 4<<10), s.rescheduleConsultation)
	huma.Register(api, op("vendor-consultations", http.MethodGet, "/api/vendor/consultations", "Consultations and leads of the caller's vendors", "consultations", accessVendor), s.vendorConsultations)
	huma.Register(api, op("vendor-availability", http.MethodGet, "/api/vendor/consultations/availability", "The caller's vendor's time zone, days off and blocked slots", "consultations", accessVendor), s.vendorAvailability)
	huma.Register(api, limited(op("set-vendor-time-zone", http.MethodPut, "/api/vendor/consultations/time-zone", "Set the caller's vendor's time zone", "consultations", accessVendor), 4<<10), s.setVendorTimeZone)
	huma.Register(api, status(limited(op("block-vendor-slot", http.MethodPost, "/api/vendor/consultations/blocks", "Block a day (no time) or one slot of the caller's vendor", "consultations", accessVendor), 4<<10), http.StatusCreated), s.blockVendorSlot)
	huma.Register(api, status(op("unblock-vendor-slot", http.MethodDelete, "/api/vendor/consultations/blocks/{id}", "Remove one of the caller's vendor's blocks", "consultations", accessVendor), http.StatusNoContent), s.unblockVendorSlot)
	huma.Register(api, op("admin-consultation-integrations", http.MethodGet, "/api/admin/consultations/integrations", "Failed booking integrations (CRM, confirmation, notification, tracking), most recent first", "admin", accessAdmin), s.adminFailedIntegrations)
	huma.Register(api, op("admin-retry-consultation-integration", http.MethodPost, "/api/admin/consultations/integrations/{id}/retry", "Run a failed booking integration again", "admin", accessAdmin), s.adminRetryIntegration)
}
