package httpapi

import (
	"strings"

	"github.com/danielgtaylor/huma/v2"
)

// The public API reference (issue 26 item 6): the prose of the API document lives here, apart
// from the route table, and documentOperations lays it on the registered operations in one
// step. TestOperationDocs fails when an operation has no description, or when a key here names
// an operation, schema or field that no longer exists.

// apiTags describe the operation tags of routes.go, in the order the reference lists them.
var apiTags = []*huma.Tag{
	{Name: "platform", Description: "Health, readiness, the public application configuration and the web app's error and event reports."},
	{Name: "auth", Description: "Accounts and sessions: sign-up, sign-in with e-mail or Google, e-mail verification, password reset and the session's tokens."},
	{Name: "profile", Description: "The signed-in user's profile and roles."},
	{Name: "security", Description: "Security events and administrator session checks."},
	{Name: "marketplace", Description: "The marketplace: its first-paint snapshot, service search, vendors, ratings, views, sponsored impressions and discount interest."},
	{Name: "catalog", Description: "Counts over the catalogue."},
	{Name: "detail", Description: "A service's or vendor's full page: funnel content, packages, evaluation questions, cards and related services."},
	{Name: "reviews", Description: "Ratings and reviews of services."},
	{Name: "saved", Description: "Services the user saved for later, with notes."},
	{Name: "tracking", Description: "Funnel events, referral links and a service's tracking metrics."},
	{Name: "cart", Description: "The cart: lines priced and checked by the server, coverage, and consultation lines."},
	{Name: "checkout", Description: "Orders, hosted payment pages and the payment provider's signed webhook."},
	{Name: "billing", Description: "Circle Pro membership: plans, subscribing, retention offers, pause, cancel and the customer portal."},
	{Name: "points", Description: "The Pro points wallet: summary, ledger, automatic co-pay and the Pro Savings Guarantee."},
	{Name: "copay", Description: "Co-pay: a partner vendor covers a RESPA-compliant share of an agent's purchase; requests, decisions and the audit pack."},
	{Name: "consultations", Description: "Booking consultations with vendors, their calendar and blocks, leads, and the preparation course."},
	{Name: "vendors", Description: "Vendors: agents inviting or referring their own vendors, vendor registration and e-mail verification, a vendor's own services (the one catalogue write path) and the card on file Circle charges for the Agent Points a vendor funds."},
	{Name: "location", Description: "The location dialog: reverse geocoding and saving the agent's city, state and ZIP."},
	{Name: "notifications", Description: "In-app notifications."},
	{Name: "support", Description: "Support tickets from the contact form and the help widget, disputes on paid orders, and the help widget's tour analytics."},
	{Name: "affiliates", Description: "The affiliate programme: the aff link's click with its 30-day first-party attribution cookie, applications, and an approved affiliate's dashboard. Conversions are written by checkout and billing in the payment's own transaction, once per order or invoice."},
	{Name: "creators", Description: "The creator programme: applications reviewed by administrators, the creator's content list, payout setup through the payment provider (a Stripe Connect Express onboarding link, or the built-in test-mode form) and their dashboard, whose clicks, conversions and earnings are their affiliate account's."},
	{Name: "ministry", Description: "The opt-in ministry: scriptures by topic from the bundled public-domain King James Version, members' prayer requests (private, or shared after staff approval, without names)."},
	{Name: "academy", Description: "Circle Academy: courses of lessons (text, video, files), enrolment, progress per lesson kept on the server, a quiz per course scored on the server against its pass mark, a printable certificate on completion, Pro-only courses for Circle Pro members, and the course editor for creators (their own courses) and administrators (audited)."},
	{Name: "media", Description: "The media uploader: vendors' pictures, videos and documents for listings and funnels, checked by their bytes, pictures re-encoded in three sizes, served by unguessable addresses."},
	{Name: "partner-payments", Description: "Partner payment links: the partner's share of an approved co-pay request, paid by the partner through a tokenised link that expires and pays once (docs/areas/partner-payments.md)."},
	{Name: "assessments", Description: "The agent's self-assessments: the DISC style test (anyone may take it; members save their results and retake it) and the agent questionnaire, whose answers point to three marketplace categories."},
	{Name: "lenders", Description: "The lender marketplace: mortgage lenders filtered by state, loan type, co-pay availability and rating, compared side by side, and the services a Pro agent may ask a lender to cover through a co-pay request."},
	{Name: "concierge", Description: "The Circle Agent Concierge: answers grounded in Circle's services, reviews and curated guides, with trust, citations, actions and a human handoff; threads per user or visitor; admins' feedback."},
	{Name: "admin", Description: "Administrators' tools: the outbox, dead jobs, failed integrations, the marketplace cache and ranking, view spikes and vendor invitations."},
}

// operationDescriptions are the descriptions of the operations, by operation ID. The reference
// adds who may call each one from its declared access (accessSentence).
var operationDescriptions = map[string]string{
	// Platform
	"healthz":             "Answers 200 while the process runs; it checks nothing else. Load balancers use it as a liveness probe.",
	"readyz":              "Answers 200 once the database is reachable, the migrations are applied and the search index and marketplace snapshot are built, and 503 until then. Load balancers use it to decide when to send traffic.",
	"get-currency":        "The viewer's price currency: their choice (auto, USD or CAD; a member's from the profile, a visitor's from the circle_currency cookie), the currency it gives for every price on Circle (auto: CAD for a Canadian province, or in French without a US state) and the admin-set USD to CAD rate.",
	"set-currency":        "Chooses the viewer's price currency (the header's USD/CAD switch): auto, USD or CAD. A member's choice is stored on the profile; everyone's is also kept in the circle_currency cookie for a year (auto clears it). Cards, service pages, the cart, checkout and billing then price in that currency.",
	"get-config":          "The settings the web app reads before it renders: feature switches (marketplace, top deals, facilitator checkout), maintenance mode and its message, the lowest supported build and the USD to CAD rate. Cacheable for a short time.",
	"report-client-error": "The web app reports an error it caught (message, stack, screen) so that it shows in the server's logs and metrics. Answers 202 at once.",
	"record-app-event":    "Records a product event of the web app, such as login_success or signup_success, for the product metrics. Answers 202 at once.",

	// Accounts and sessions
	"auth-providers":         "Which sign-in options the sign-in screen offers: whether Google sign-in is configured, and which bot check (the built-in proof of work or Cloudflare Turnstile) sign-up asks for.",
	"sign-up":                "Creates an account with e-mail, password and full name after the bot check, and e-mails a verification link.",
	"sign-in":                "Signs in with e-mail and password. On success the answer sets the HttpOnly session cookies and returns the session and profile; repeated failures lock the address for a while (see lockout-status).",
	"verify-email":           "Confirms an e-mail address with the token from the verification link.",
	"resend-verification":    "Sends the verification link again. The answer is the same whether or not the address has an account, so it reveals nothing about who is registered.",
	"request-password-reset": "E-mails a password-reset link. The answer is the same whether or not the address has an account.",
	"reset-password":         "Sets a new password with the token from a reset link; the password must pass the strength rules. It also verifies the e-mail address, clears a sign-in lockout and ends every session of the account.",
	"lockout-status":         "Whether sign-in is locked for an e-mail address after repeated failures, the attempts left and the time until it unlocks.",
	"password-strength":      "Scores a password against the strength rules and says what would make it stronger, for the sign-up and reset forms.",
	"sign-out":               "Ends the current session and clears the session cookies. Signing out without a session is not an error.",
	"refresh-session":        "Rotates the session's tokens with the refresh cookie and sets new cookies. Reusing a refresh token that was already rotated ends the session.",
	"get-session":            "The current session and the caller's profile.",
	"google-start":           "Starts Google sign-in: redirects the browser to Google with a state cookie. Only when Google sign-in is configured (see auth-providers).",
	"google-callback":        "Where Google sends the browser back: checks the state, signs the user in and redirects into the app.",
	"session-control":        "Manages the caller's sessions with one action: start, heartbeat, end, list, or revoke the sessions named by id.",
	"admin-status":           "Whether the caller is an administrator.",

	// Profiles
	"get-profile":    "The caller's profile with the roles it holds (verified, pro, creator, vendor, admin).",
	"update-profile": "Changes fields of the caller's profile; the fields left out keep their values.",
	"ensure-profile": "Creates the caller's profile when it is missing and returns it; calling it again changes nothing.",

	// Security
	"record-security-event":  "Records a security event the web app noticed in the caller's session. The same event within 10 seconds is recorded once.",
	"security-rate":          "How close the caller's address is to the authentication rate limit.",
	"validate-admin-session": "Whether the caller is an administrator on a live session that was started as an administrator session.",

	// Marketplace
	"marketplace-data":      "Everything the marketplace screen needs for its first paint (categories, the first page of services, top deals, vendors, counts) in the viewer's language, from a snapshot the server keeps built. Sent with an ETag: a request with If-None-Match gets 304 while the snapshot is unchanged.",
	"search-services":       "Searches active services by text, category, tag, price, rating, features and co-pay eligibility, sorted and paged. Texts come in the language asked for.",
	"list-vendors":          "Listed vendors, with a text search and a filter on the states a vendor serves.",
	"ratings-bulk":          "The average rating and review count of up to 200 services, in one query.",
	"record-view":           "Records that a service was viewed. A viewer counts once per 15 minutes: the signed-in user, or else the IP address and user agent. Rate limited per address.",
	"record-exposure":       "Records the arm of an A/B experiment (ranking_v1: ranked or holdout; intro_v1: shown or holdout) a browser was assigned, once per browser and experiment: a second call changes nothing and answers recorded false.",
	"record-conversion":     "Records that a browser exposed to an A/B experiment converted (a cart add for ranking_v1, an account created for intro_v1), once; a browser never exposed answers recorded false.",
	"record-sponsored":      "Records an impression or a click of a sponsored service, once per viewer per 5 minutes.",
	"get-discount-interest": "How many users asked for a discount on a non-verified service, and whether the caller did.",
	"add-discount-interest": "Adds the caller's vote for a discount on a non-verified service.",
	"get-catalog-stats":     "The counts of active services, listed vendors and reviews shown on the home page.",

	// Detail
	"get-service-detail":     "Everything the service's funnel page and sales-page dialog show, in one answer: the service, its vendor, packages and prices, funnel content, reviews and related services.",
	"get-service-offers":     "What the purchase dialogs need of a service: each offer a purchase request can name (the service, its packages and sales-page tiers) with its options and prices for the caller, equal to the offers of get-service-detail. It reads no reviews or related services and records no funnel view, so opening a purchase dialog from a marketplace card does not count as a visit of the service's page.",
	"service-cards":          "The marketplace cards of up to 50 services by id (for the saved list and shared links), and the ids that are no longer available.",
	"also-viewed":            "Up to 8 services most often viewed together with this one in the last 30 days.",
	"get-vendor-detail":      "Everything the vendor modal shows: the vendor, its services, representatives and evaluation questions (the default questions are created on first read).",
	"update-vendor-question": "Edits one of a vendor's evaluation questions by its number.",

	// Reviews
	"list-reviews":  "A service's 20 newest reviews with the average rating and the review count.",
	"create-review": "Reviews a service with 1 to 5 stars and optional text. A user reviews a service once.",
	"update-review": "Changes the rating or text of the caller's own review.",
	"delete-review": "Deletes a review: its author's own, or any review for an administrator.",

	// Saved
	"list-saved":     "The services the caller saved, with their notes.",
	"save-service":   "Saves a service for the caller, or changes the note of one already saved.",
	"unsave-service": "Removes a service from the caller's saved list.",

	// Tracking
	"record-service-event":   "Records a funnel tracking event of a signed-in user on a service, for the vendor's tracking metrics.",
	"mint-referral-token":    "The caller's referral token for a service and the share link that carries it.",
	"resolve-referral-token": "The service and vendor that a referral token from a share link belongs to.",
	"service-metrics":        "A service's tracking metrics over a period: views, clicks, bookings, purchases, the conversion rate and the revenue attributed.",

	// Cart
	"get-cart":                "The caller's cart: its lines with prices, coverage and badges, and the totals, all computed by the server.",
	"clear-cart":              "Removes every line from the caller's cart.",
	"add-cart-item":           "Adds a line to the cart. The server checks the price against the service's (or package's) own prices and answers 400 with the spec's Pricing Error or Price Validation Failed message when it does not match. Adding a service already in the cart adds to its quantity.",
	"update-cart-item":        "Changes a line's quantity or coverage. A quote line's quantity cannot change.",
	"remove-cart-item":        "Removes one line from the caller's cart.",
	"merge-pending-cart-item": "Adds the line a visitor chose before signing in (the web app's pendingCartItem), with the same checks as add-cart-item.",
	"link-cart-consultation":  "Links a consultation line to the booking the cart's consultation flow made for it; checkout then releases the line.",

	// Checkout
	"create-checkout":      "Creates an order from the cart at the server's prices and opens a hosted payment page (the built-in page, or Stripe Checkout); answers the page's address to send the browser to. Lines waiting for a vendor's co-pay answer stay in the cart (held_back, copay_pending) unless named in withdraw_copay: those are paid now at the Pro price and their requests withdrawn.",
	"get-checkout-session": "A payment page's status and what it paid for, shown on the payment-success screen. Another user's session answers 404.",
	"list-orders":          "The caller's orders with their lines, status and receipts.",
	"get-order":            "One order with its lines, status and receipt: the caller's own, or any order for an administrator. Another user's order answers 404.",
	"stripe-webhook":       "Receives the payment provider's signed events (Stripe's, or the built-in payment page's). Each event is applied exactly once: 200 when applied or already applied, 400 when the signature does not verify.",

	// Billing
	"billing-plans":       "The Circle Pro plans and prices: $99 a month for the primary seat, $49 a month for each extra seat, and yearly billing at 10 times the monthly price.",
	"get-billing":         "The caller's membership: plan, seats, status, dates, invoices, the retention offers open to them and the Pro Savings Guarantee.",
	"check-subscription":  "The membership's current state, brought up to date with the payment provider first.",
	"subscribe":           "Starts Circle Pro: opens a hosted payment page for the first payment and answers its address.",
	"cancel-subscription": "Cancels the membership at the end of the current period, with the reason the member gave.",
	"pause-subscription":  "Pauses the membership for 90 days.",
	"resume-subscription": "Resumes a paused membership, or keeps one that was set to end.",
	"apply-discount":      "Applies the retention offer of 50% off for 2 months. Offers never stack: a member with an offer already applied cannot take another.",
	"downgrade-plan":      "Applies the retention offer of 30% off for 12 months. Offers never stack: a member with an offer already applied cannot take another.",
	"customer-portal":     "The address of the customer portal where the member manages payment methods and invoices: the built-in page, or Stripe's billing portal.",

	// Points
	"get-points-summary":   "The caller's points: the available total, its dollar value and the allocations by vendor.",
	"get-points-history":   "The caller's points ledger, newest first.",
	"get-points-guarantee": "The caller's ended membership years and the Pro Savings Guarantee credited for each.",
	"automatic-copay":      "Pays the partner vendor's share of a purchase with that vendor's points and sends a co-pay request for the rest. A failure is not an error for the caller: the purchase falls through to normal checkout. A vendor the caller owns or represents answers 403 naming vendor_id before anything is spent (RESPA self-dealing). Idempotency key: the same key with the same body answers the first co-pay again (replayed: true); the same key with another body is refused with 409 naming idempotency_key.",

	// Co-pay
	"copay-partners":             "The partner vendors a Pro agent may ask to cover a share of a service, with their caps, the split slider's limits and their answer counts. Vendors the caller owns or represents (and their parents and subsidiaries) are left out: a vendor paying for its own owner is RESPA self-dealing.",
	"copay-quote":                "The split of a service's price with one partner vendor: each side's share and the RESPA explanation. A vendor the caller owns or represents answers 403 naming vendor_id.",
	"list-copay-requests":        "The caller's co-pay requests with their shares, status and explanations.",
	"create-copay-request":       "Sends a co-pay request to a partner vendor; its cart line waits for the vendor's answer. Send an idempotency key: the same key with the same body answers the first request again (200); the same key with another body is refused with 409 naming idempotency_key. An agent has at most one pending request per partner. A vendor the caller owns or represents answers 403 naming vendor_id (key copay.self_dealing): RESPA self-dealing.",
	"cancel-copay-request":       "Cancels one of the caller's pending co-pay requests. Another agent's request answers 404.",
	"list-vendor-copay-requests": "The co-pay requests to the vendors the caller owns, newest first, optionally by status.",
	"approve-copay-request":      "Approves a co-pay request to one of the caller's vendors, possibly at a lower split. A request is decided once: a second decision answers 409. A request of an agent who owns or represents the vendor answers 403 naming vendor_id (key copay.self_dealing_approve) and stays pending; decline it instead.",
	"undo-copay-approval":        "Takes back an approval of one of the caller's vendors within its undo window (undo_until of the approval's answer, 10 seconds): the request is pending again with the split and shares it was asked with, and the agent's approval notice is removed (its e-mail waits out the window, so it is never sent). After the window, after the agent used the approval, or a second time: 409, changing nothing.",
	"decline-copay-request":      "Declines a co-pay request to one of the caller's vendors with a note to the agent. A request is decided once: a second decision answers 409.",
	"list-copay-audit-agents":    "The agents with a RESPA audit pack at a vendor; self_dealing marks an agent who owns or represents the vendor.",
	"get-copay-audit-pack":       "The RESPA audit pack of a vendor and an agent: their co-pay requests, events, points and charges. Each request's self_dealing is true when the agent owns or represents the vendor (the admin compliance view lists those).",
	"get-copay-audit-csv":        "The RESPA audit pack of a vendor and an agent as a CSV file to download; the last column, self_dealing, flags the rows of requests of an agent who owns or represents the vendor.",

	// Consultations
	"consultation-calendar":                "The open weekday slots of a service's vendor (10:00 AM to 3:30 PM Central, at least 24 hours ahead) over the vendor's booking window (booking_window_weekdays: 20 weekdays, today included, unless the vendor chose otherwise) and the vendor's time zone.",
	"book-consultation":                    "Books a consultation slot with a service's vendor. The confirmation e-mails, CRM sync and notifications run afterwards as background jobs. Limits (issue 27, docs/decisions.md): the date must lie within the vendor's booking window, the weekdays the calendar offers (else 400 naming scheduled_date, key consultations.errors.beyondWindow: \"Bookings open up to N weekdays ahead\"); a member holds at most 1 open future booking (pending, not yet started) per service and 2 per vendor (else 409 naming service_id, key consultations.errors.limitService or consultations.errors.limitVendor); a vendor's owner booking their own calendar is not limited. A slot already taken answers 409 without fields. A refused booking writes nothing: no booking, job or e-mail.",
	"capture-consultation-lead":            "Records a lead for a vendor that books through its own external link, before the browser goes there.",
	"list-consultations":                   "The caller's consultations and leads, with the state of each one's integrations.",
	"get-consultation":                     "One of the caller's consultations with the state of its integrations.",
	"cancel-consultation":                  "Cancels one of the caller's consultations, at least 24 hours before it starts.",
	"reschedule-consultation":              "Moves one of the caller's consultations to another open slot, at least 24 hours before it starts.",
	"get-prep-course":                      "The preparation course of one of the caller's consultations: its four modules and the progress.",
	"complete-prep-module":                 "Marks a module of the preparation course complete; the progress is the completed modules divided by 4.",
	"download-prep-guide":                  "The Consultation Guide of one of the caller's consultations as a PDF file.",
	"vendor-consultations":                 "The consultations and leads of the vendors the caller owns.",
	"vendor-availability":                  "The time zone, booking window, days off and blocked slots of the caller's vendor.",
	"block-vendor-slot":                    "Blocks a whole day (no time) or one slot in the calendar of the caller's vendor.",
	"unblock-vendor-slot":                  "Removes one of the blocks of the caller's vendor.",
	"set-vendor-time-zone":                 "Sets the time zone of the caller's vendor, used for its calendar and e-mails.",
	"set-vendor-booking-window":            "Sets how many weekdays, today included, the calendar of the caller's vendor offers and takes bookings for: 5 to 60, 20 by default.",
	"admin-consultation-integrations":      "Booking integrations that failed (CRM sync, confirmation, notification, tracking), most recent first.",
	"admin-retry-consultation-integration": "Runs a failed booking integration again.",

	// Vendors
	"invite-vendor": "Invite Your Vendor: records the invitation and e-mails the vendor a link to register on Circle (201). The caller's open invitation to the same address (trimmed, any case) is answered again instead (200, existing true) and nothing is sent; the caller's own e-mail answers 400 naming contact_email.",
	"refer-vendor":  "Refer Your Vendor: records the referral and e-mails the vendor a link to register on Circle (201). The caller's open referral to the same address (trimmed, any case) is answered again instead (200, existing true) and nothing is sent; the caller's own e-mail answers 400 naming vendor_email. A registered vendor is credited to one referral only.",

	// Location
	"reverse-geocode": "The US city and state of a latitude and longitude, from the configured geocoder (the built-in table or an outside service).",
	"save-location":   "Saves the city, state and ZIP code of the location dialog to the caller's profile.",

	// Notifications
	"list-notifications":          "The caller's in-app notifications and the unread count.",
	"mark-notification-read":      "Marks one of the caller's notifications read.",
	"mark-all-notifications-read": "Marks every notification of the caller read.",

	// Partner payment links (issue 32 item 4)
	"list-partner-shares":         "The approved (or used) co-pay requests whose partner share the caller can collect: the caller's own requests (role agent) and those to vendors the caller owns (role vendor), newest first (at most 100), each with the share in US cents and its newest payment link (status open, processing, paid, revoked or expired).",
	"create-partner-payment-link": "Makes a payment link for the partner's share of an approved or used co-pay request of the caller's, or to a vendor the caller owns (anyone else: 404). The amount is the request's partner share, decided by the server. The link expires after 7 days and pays once; an open link of the same request is revoked. 409 when the request is not approved, when the share is paid already or being paid. The URL carries the token, shown this once: only its SHA-256 is stored.",
	"get-partner-payment-link":    "What a payment link asks, for whoever holds it (no account needed): amount, service, agent and partner vendor. 404 for an unknown token; 409 with the reason (field token: partnerpay.used, partnerpay.expired, partnerpay.revoked, partnerpay.in_progress) when it can no longer be paid.",
	"pay-partner-payment-link":    "Uses a payment link: it is claimed in one transaction (a second use, at the same moment or later, answers 409 naming token) and a payment page for the share is opened for 30 minutes. The answer is the page's address (the built-in test page's carries a page token). When the page ends unpaid the link can be used again; when it is paid the link is used up, the money record gets one charge entry and the agent a notice.",
	"get-partner-payment-receipt": "A partner payment by its payment page's session id (the return pages' address): what was paid, for whom, its status and card's last four digits. 404 for an unknown session.",

	// Assessments (issue 32 item 5)
	"disc-items":           "The DISC test's 24 forced-choice items in order: each item's id (q01..q24) and its four option ids (a..d). The words of each option are the web app's copy in en/es/fr; the server alone knows which style each option stands for.",
	"score-disc":           "Scores a full DISC test without saving it: one answer per item, most and least like me, two different options. Any problem answers 400 naming the item (answers.q05.least, answers.q07 when unanswered). The profile has the four scores (raw -24..24 and 0-100), the primary and secondary style and the marketplace category blocks that suit the primary style.",
	"save-disc-result":     "Scores and saves the caller's DISC test with the rules of score-disc (400 naming the item); every retake adds a result to the caller's history.",
	"list-disc-results":    "The caller's saved DISC results, newest first (at most 50).",
	"get-disc-result":      "One of the caller's saved DISC results; another member's result answers 404, as an unknown one does.",
	"get-questionnaire":    "The caller's agent questionnaire answers (null before the first save) and the three marketplace category blocks they point to.",
	"get-welcome":          "The caller's welcome onboarding (first run): the step to resume at (role, goals, specialties, location, done), the answers so far, skipped, completed_at, and once finished (not skipped) the three marketplace category blocks the answers point to. A member who never saved gets a fresh one at the role step.",
	"save-welcome":         "Saves the caller's welcome progress (the answers of the steps seen and the step to resume at). Role is agent, team_lead or broker; goals are up to three of the questionnaire's challenge ids, first weighing most; specialties the questionnaire's ids; a bad one answers 400 naming it. Step done (which needs a role and a goal) or skip finishes it; a finished or skipped onboarding answers 409 to any further save.",
	"get-goals":            "The caller's goal assessment: completed (saved at least once), the latest goals and every update newest first (at most 100), each with the year, GCI goal and GCI so far in cents, transactions goal and so far, and lead sources.",
	"save-goals":           "Adds an update of the caller's goals: year (this, last or next), yearly GCI goal in cents above zero, transactions goal 1-2000, figures so far not negative, at least one known lead source; a bad field answers 400 naming it. Every update is kept as a row for progress over time.",
	"list-scriptures":      "Verses of the bundled King James Version (public domain, English in every language) with their topic tags, in bundle order; tag filters by topic.",
	"submit-prayer":        "Stores the caller's prayer request (3-2000 characters, optional topic tag). Private ones are the caller's alone; shared ones wait for staff approval (status pending) before other members see them, without a name. A bad field answers 400 naming it.",
	"list-my-prayers":      "The caller's own prayer requests with their status (private, pending, approved, rejected), newest first; nobody else's.",
	"list-shared-prayers":  "Approved shared prayer requests, newest first (at most 50): text, topic and date only, never who wrote them.",
	"admin-list-prayers":   "Shared prayer requests for moderation by status: pending oldest first (the queue), approved or rejected newest first.",
	"admin-approve-prayer": "Approves a pending shared prayer request: it appears on the shared list. Audited in the same transaction; 409 when already decided; 404 for an unknown or private request.",
	"admin-reject-prayer":  "Rejects a pending shared prayer request: it stays visible to its author only. Audited in the same transaction; 409 when already decided; 404 for an unknown or private request.",
	// Academy (issue 32 item 1)
	"list-academy-courses":       "The published courses in catalogue order with titles and summaries in en/es/fr, level, length, quiz size, pass mark and whether the course is Pro-only and locked for the caller; for a signed-in caller also their enrolment, percent of lessons done and certificate id. Nobody else's progress.",
	"get-academy-course":         "A published course's page (a draft only to those who may edit it): the card, each lesson's title, minutes, whether it has a video and how many files, which lessons the caller finished, and the caller's best quiz score and attempts. 404 for an unknown course.",
	"enroll-academy-course":      "Enrolls the caller; a repeat changes nothing. A Pro-only course answers 403 naming course (academy.errors.pro_required) to a member without Circle Pro: the upgrade path is /pricing.",
	"get-academy-lesson":         "One lesson of a course the caller is enrolled in: its text (HTML kept to the 03§5 allow-list), its video and files, the previous and next lesson and the caller's progress. 403 before enrolment (academy.errors.not_enrolled) or without Pro for a Pro-only course; 404 for an unknown lesson.",
	"complete-academy-lesson":    "Marks the lesson done for the caller (once; a repeat changes nothing) and returns their progress. When every lesson is done and the quiz passed, the certificate is issued in the same call, once.",
	"get-academy-quiz":           "The course's quiz questions and options, without the right answers, and the pass mark. Enrolled callers only.",
	"submit-academy-quiz":        "Scores the caller's answers (one option index per question, in order) on the server: correct count, percent (rounded down) and passed against the pass mark. Which answers were wrong is always shown; the right options and explanations only after a pass. Every attempt is kept; a pass completes the course when every lesson is done (the certificate is issued once). 400 naming answers or answers[i] for a missing or out-of-range answer.",
	"get-academy-certificate":    "A certificate by its id: the member's name, the course's title and slug and the date it was issued. It shows only what the printed certificate shows, so anyone holding the id may verify it. 404 for an unknown id.",
	"list-authored-courses":      "The courses the caller may edit, drafts included: every course for administrators, their own for creators; each with its author, how many members enrolled and completed it, and when it was last saved.",
	"delete-academy-course":      "Deletes a course the caller may edit, with its lessons, while no member is enrolled in it; a course with members answers 409 naming course (academy.errors.has_members): set it to draft instead, which keeps their progress and certificates. 403 to a creator who is not its author; administrators' deletions are audited in the same transaction.",
	"admin-list-academy-courses": "Every course, drafts included, for the back office: its card, author (name and e-mail), members enrolled, certificates issued and last save; status narrows to drafts or published courses, q to words in a title (any language), address name or author.",
	"create-academy-course":      "Creates a course with its lessons and quiz, authored by the caller. Texts are sanitised (lesson bodies to the 03§5 HTML allow-list), rules broken answer 400 naming the field by its path (lessons[1].title.en); a video or file given by media_id must be the caller's upload of the right kind. A slug another course holds is 409. Administrators' changes are audited in the same transaction.",
	"get-authored-course":        "A course to edit with its lessons' full text and the quiz's right answers. 403 to a creator who is not its author.",
	"update-academy-course":      "Replaces a course's details, lessons (a lesson sent with its id keeps members' progress; one left out is removed with its progress) and quiz. Same rules as create; 403 to a creator who is not its author; administrators' changes are audited in the same transaction.",
	// Affiliates and commissions (issue 32 item 3, issue 31 item 8)
	"track-affiliate-click":             "03§7 track-affiliate-click: records a visit through an approved affiliate's link with its URL, referrer and UTM fields; the address is kept only as a salted hash and the request's own User-Agent is used. Bots (crawlers, previewers, scripts, no user agent) record nothing (recorded false). The same visitor clicking the same link within 24 hours gets the earlier click back (repeat true). Sets the HttpOnly first-party cookie circle_aff for 30 days (03§9); a signed-in visitor who is not the affiliate is attributed at once. An unknown or unapproved code answers 404 naming affiliate_code; more than 30 clicks a minute from one address answer 429.",
	"get-affiliate-programme":           "The programme's terms: attribution days (30, 03§9) and the commission rates in basis points on paid orders and on membership invoices.",
	"get-my-affiliate":                  "The caller's affiliate application or account with its status, code and payout e-mail; null before they apply.",
	"apply-affiliate":                   "Applies to the affiliate programme: promotion plan (10 to 2000 characters), audience (at most 500), optional website (http or https) and payout e-mail. One application per member: a second answers 409. A bad field answers 400 naming it.",
	"get-affiliate-dashboard":           "An approved affiliate's totals (clicks, conversions, commission cents by status), the last 30 days by day for the chart and table, and the latest 20 conversions. 404 for a member who is not an approved affiliate.",
	"get-my-creator-application":        "The caller's creator application with its status and, once rejected, the administrator's reason; absent before they apply.",
	"apply-creator":                     "Applies to the creator programme: display name (2 to 80 characters), bio (at most 1000), optional website (http or https), audience size, platforms (at least one of youtube, instagram, tiktok, facebook, linkedin, x, podcast, blog, newsletter), one to five niches and a content plan (30 to 3000 characters). Every wrong field is named in one 400. One application per member: 409 while one is pending or approved; a rejected one may be sent again (pending again, same id).",
	"get-creator-dashboard":             "The approved creator's application, content (newest first) with each piece's referral link and the clicks, conversions and commission cents it brought, payout setup, and referral figures: their affiliate account's clicks, conversions, commission by status, last 30 days and latest conversions (the earnings are those commissions, never counted twice). 404 for a caller without an approved application (an administrator who is not a creator).",
	"add-creator-content":               "Lists a piece of content: title (3 to 200 characters), address (http or https), kind (video, article, podcast, social, newsletter or course) and publication date (YYYY-MM-DD, not in the future). At most 200 pieces (409). 404 for a caller without an approved application.",
	"delete-creator-content":            "Removes a piece of the caller's own content; another creator's piece, like an unknown one, answers 404.",
	"get-creator-payouts":               "The payout setup: mode stripe (Connect Express onboarding) or test (the built-in form), status none, onboarding or active, and the account on file (provider, account id, details submitted, payouts enabled, the bank's last four digits). Bank numbers are never stored.",
	"create-creator-payout-link":        "Stripe mode: opens the creator's Connect Express account on first use (one per creator, idempotent at Stripe) and answers a fresh single-use onboarding link that returns to /creator-payment-setup. 409 in test mode.",
	"refresh-creator-payouts":           "Reads the creator's Stripe account again (details submitted, payouts enabled, bank's last four) and keeps it; the test-mode account is answered as kept. 409 before the setup started.",
	"set-creator-test-bank":             "Test mode: sends the holder's name and the test bank numbers to the built-in provider (routing 110000000 with account 000123456789; 000111111116 is an account the bank does not have). The numbers are not stored: the account id, its status and the last four digits are. A wrong number answers 400 naming it; 409 when Stripe is configured.",
	"admin-list-creator-applications":   "Creator applications with the member's e-mail, profile, audience, platforms, niches and content plan, pending first then newest; filtered by status.",
	"admin-approve-creator":             "Approves a pending creator application: grants the creator role (a role grant by the administrator, unless the member holds it already) and opens the member's affiliate account for their referral links (or approves a pending one), with the applicant's in-app notice and the audit entry, in one transaction. 409 when already decided.",
	"admin-reject-creator":              "Rejects a pending creator application with a reason (1 to 1000 characters, 400 naming reason) shown to the applicant (on the page and in an in-app notice), who may apply again. Audited in the same transaction; 409 when already decided.",
	"admin-list-affiliate-applications": "Affiliate applications with the member's e-mail, pending first then newest; filtered by status.",
	"admin-approve-affiliate":           "Approves a pending application: its code starts recording clicks. Audited in the same transaction; 409 when already decided.",
	"admin-reject-affiliate":            "Rejects a pending application with a reason (1 to 1000 characters, 400 naming reason). Audited in the same transaction; 409 when already decided.",
	"admin-list-commissions":            "Commissions from conversions (affiliate, type, source order or invoice, gross amount and commission in US cents, status, payout batch), newest first, paged, filtered by status, with the commission totals by status.",
	"admin-approve-commission":          "Moves a pending commission to approved. Audited in the same transaction; 409 from any other status.",
	"admin-reject-commission":           "Rejects a pending or approved commission with a reason (400 naming reason without one). Audited in the same transaction; 409 from paid or rejected.",
	"admin-create-payout":               "Marks approved commissions paid in one new payout batch: the ids given, or every approved one. Commissions not approved are left as they are; none to pay answers 409. Audited in the same transaction.",
	"admin-list-payouts":                "Payout batches, newest first, with their commission counts and totals in US cents.",
	"admin-payout-csv":                  "A payout batch as CSV for the payment run: one row per affiliate with the account and payout e-mails, the number of commissions and the amount in cents and dollars. 404 for an unknown batch.",
	// Accounting (issue 31 item 7)
	"admin-list-money-entries":     "The append-only money record, one entry per money fact written in the fact's own transaction: order charges and refunds, late payments and their refunds, paid membership invoices, vendor point charges and their refunds, points spends and reversals, and Pro Savings Guarantee credits. Signed integer cents of the entry's currency (money out negative) and signed points. Filtered by kind, UTC day range and an order, user, source or provider id; sorted by day or amount; paged. A bad date or range answers 400 naming the field.",
	"admin-export-money-entries":   "The filtered money record as CSV for the accountant, oldest first (at most 100,000 rows): day, time, kind, cents and dollars, currency, points, order, user, source, provider reference and key; cells that a spreadsheet would read as a formula are quoted.",
	"admin-money-totals":           "Totals of the money record by UTC day or month, kind and currency: count, integer cents and points, newest period first; filtered by kind and day range.",
	"admin-export-money-totals":    "The totals by day or month as CSV (period, kind, currency, count, cents, dollars, points).",
	"admin-get-reconciliation":     "The latest reconciliation: when and why it ran (hourly schedule or an administrator), how many facts and entries it compared and every mismatch (a fact without its entry, an entry without its fact, or amounts that differ) with the object it names. run is null before the first.",
	"admin-run-reconciliation":     "Runs the reconciliation now: derives the entries the orders, order refunds, invoices, vendor charges, points ledger and guarantee credits call for, compares them with the money record and records the run with an audit entry.",
	"admin-list-refundable-orders": "Paid and refunded orders with the buyer's e-mail, totals in integer cents and what the money record holds as refunded, newest payment first; filtered by status and by order id, number or e-mail; paged.",
	"admin-refund-order":           "Refunds a paid order in full through the payment provider (idempotency key: the order), then in one transaction records the refund, moves the order to refunded, writes its negative money entry, gives its points back, reverses its co-pay shares and appends the audit entry with the reason (1 to 1000 characters; 400 naming reason without one). An order already refunded answers as it is with replayed true; any other status answers 409; an unknown order 404.",
	"admin-get-refundable":         "What is left to refund of an order: its status, total and remaining refundable amount in integer cents (the total less its pending and succeeded partial refunds; 0 once refunded), its lines with their cash totals and whether a partial refund named them, and its partial refunds. An unknown order answers 404.",
	"admin-refund-part":            "Refunds a part of a paid order: amount_cents (at most the remaining refundable) or line_ids (their cash totals), not both, with a reason (1 to 1000 characters) and an idempotency_key. The part is reserved under the order's lock, refunded at the payment provider outside any transaction (idempotency key: the part), then recorded with its negative money entry and its audit entry in one transaction; the part that leaves nothing to refund moves the order to refunded (points and co-pay shares given back). The same key answers the same part with replayed true; the key reused for another amount, an amount over the remaining or a refunded order answers 409 naming the field; an unknown order 404.",
	"save-questionnaire":           "Saves the caller's agent questionnaire, replacing earlier answers: years licensed (0-70), transactions last year (0-2000), yearly GCI goal in cents (above 0, at most $100,000,000), lead sources (at least one), specialties and the biggest challenge, each from its list; a wrong field answers 400 naming it. Answers with the three marketplace category blocks the answers point to (the biggest challenge weighs most, then experience and volume, then lead sources and specialties), each with the reasons.",

	// Media uploader (issue 30 item 3, F-ENG-05)
	"upload-media":   "Uploads one file as multipart/form-data (field file; optional vendor_id, a vendor the caller owns, by default the caller's only vendor; optional accept, the kinds this uploader takes, e.g. image for a logo, another kind answering 400 naming file, key media.kind_not_accepted). The type is read from the bytes, never from the name or the declared type: PNG, JPEG, WebP or GIF pictures; MP4, QuickTime or WebM videos; PDF, Word (DOC, DOCX) or PowerPoint (PPT, PPTX) documents. Anything else, an .exe renamed .pdf say, answers 400 naming file (key media.type); a damaged or truncated file 400 (media.damaged); a file over its kind's limit (pictures 10 MB, documents 25 MB, videos 50 MB) 413 naming file (media.too_large). Vendors and administrators upload every kind; other members pictures only (400, media.kind_not_allowed); a library holds at most 500 files (vendors) or 20 (400, media.library_full). Pictures are decoded and encoded anew (EXIF and anything else riding in the file is dropped) in three sizes: original (at most 2560 px), detail (within 1600x900) and card (a 16:9 crop, 800x450). Answers 201 with the file and its addresses.",
	"list-media":     "The caller's uploaded files, newest first, each with its addresses (url, and for pictures card_url and detail_url), with the library's limit and the kinds the caller may upload.",
	"delete-media":   "Deletes one of the caller's files and its stored bytes (every size). Another member's file answers 404, as an unknown one does; administrators may delete any file.",
	"get-media-file": "Serves an uploaded file by its address: the stored content type, X-Content-Type-Options: nosniff, a sandboxing Content-Security-Policy, Content-Disposition attachment for documents (inline for pictures and videos, with the uploaded name), Cache-Control public for an hour with an ETag, and range requests. variant picks a picture's size (original; detail, within 1600x900; card, 800x450; thumb, the centre square at 128x128 for logos and photos, made on its first request and kept); a document or video has only original (404 for the others). The address is unguessable and not listed anywhere public: funnels show the files to visitors, as the spec's public URL does.",

	// The lender marketplace and integrations (issue 32 items 2 and 8)
	"list-lenders":         "Listed mortgage lenders (vendors of type lender, mortgage_lender or mortgage_broker, active and approved, with a lender profile) by the vendors' order, filtered by state (two-letter code the lender serves; 400 naming state when unknown), loan type (conventional, fha, va, jumbo, renovation, non_qm), copay (open to co-marketing) and min_rating (tenths of a star; lenders without reviews are left out when above 0). Each lender has its NMLS id, states, loan types, rating over its services' visible reviews, its RESPA kind and type cap (settlement service providers: 20%), typical days to close, lowest credit score and the service whose consultation booking /book-meeting opens.",
	"compare-lenders":      "Up to three lenders side by side, in the order asked (duplicates dropped). More than three answers 400 naming ids (key lender.compare_max: \"Compare up to 3 lenders at a time.\"); an id that is not a listed lender answers 404 naming ids.",
	"lender-copay-options": "The services a Pro agent may ask this lender to cover a share of (a co-marketing partnership through the existing co-pay request, POST /api/copay/requests): active services offering co-pay, not the lender's own, each priced by the co-pay quote at the slider's initial split, with the slider bounded by the lender's RESPA cap for the service. A lender not open to co-marketing answers 409 naming id; an unknown one 404.",
	"list-integrations":    "The outside services this deployment of Circle connects to (CRM, calendar export, payments, e-mail, Google sign-in, geocoding, LLM, storage, bot check): for each, whether the built-in default answers or the production adapter is configured, the adapter in use, who connects it (the operator, or nothing to connect) and the configuration variables it needs with those not set. It reads whether each setting is set, never its value.",

	// Support (issue 29 item 6, issue 32 items 7 and 9)
	"create-support-ticket":     "Sends a message to support from the contact page (kind contact) or the help widget (kind help): subject and message are required (400 naming subject or message); a member's e-mail falls back to the account's, a visitor must give one (400 naming email). The ticket is stored as open and e-mailed to the support address (the outbox, or SMTP). Limited to 5 at once, then 2 a minute, per member or client address (429 with Retry-After).",
	"list-support-tickets":      "The caller's own tickets and disputes, newest first, with their status (open, pending, solved).",
	"get-support-ticket":        "One of the caller's own tickets with the replies support gave; another member's ticket answers 404, as an unknown one does.",
	"desk-list-tickets":         "The support desk's queue (issue 31 item 9): status open, pending or solved (every status when not given), assignee mine (the caller's), unassigned or all, and q (subject or e-mail contains, or the exact ticket id; LIKE wildcards are literal). Open and pending tickets come longest waiting first (the customer's last message, oldest first), the others latest changed first; page and page_size (at most 100) with the total of every match. Each ticket carries its SLA timer: the age of the customer's last message by the server's clock against the first-response target (24 hours), state none (not waiting on support), ok, due_soon (4 hours or less left) or breached.",
	"desk-get-ticket":           "One ticket on the desk: the member's message, the replies oldest first with their authors' names, the internal notes, the assignee and the SLA timer. An unknown id answers 404.",
	"desk-reply":                "Answers the member: the reply is stored, shown on the member's own ticket (GET /api/support/tickets/{id}) and e-mailed to the ticket's address (kind support_reply, through the outbox or SMTP). The status becomes the given one (pending, waiting on the member, when not given); an unassigned ticket is assigned to the replier; the first response time is kept. Written with its audit entry (ticket.reply) in one transaction. An empty message or one over 5000 characters answers 400 naming message and changes nothing.",
	"desk-add-note":             "Adds an internal note: staff only, never shown to the member. Written with its audit entry (ticket.note). An empty message answers 400 naming message.",
	"desk-update-ticket":        "Changes a ticket's status and/or assignee (a support staff member's or an administrator's user id; empty unassigns). Anyone else answers 400 naming assignee_id; neither field answers 400 naming status. Reopening restarts the SLA timer. Written with its audit entry (ticket.update, the status and assignee before and after); a change to what the ticket already is writes nothing.",
	"desk-list-staff":           "The people a ticket can be assigned to: support staff and administrators whose accounts are enabled, by name.",
	"desk-list-canned-answers":  "The canned answers staff insert into a reply, by title.",
	"desk-create-canned-answer": "Stores a canned answer: a title (1 to 80 characters, unique: 409 naming title) and a body (1 to 5000 characters). Audited (canned_answer.create).",
	"desk-update-canned-answer": "Changes a canned answer's title and body (the same rules as creating it). Audited (canned_answer.update).",
	"desk-delete-canned-answer": "Removes a canned answer. Audited (canned_answer.delete).",
	"reply-support-ticket":      "The member's reply on one of their own tickets: the ticket waits on support again (open) and its SLA timer counts from this message. Another member's ticket, or an unknown id, answers 404. An empty message answers 400 naming message.",
	"open-dispute":              "Opens a dispute on one of the caller's paid orders within 30 days of its payment, as a ticket of kind dispute e-mailed to support: reason (not_delivered, not_as_described, poor_quality, billing_error, unauthorized, other) and details required, evidence optional text or links. An unknown order or another member's (support.dispute.notYours), an unpaid one (support.dispute.notPaid) and one paid more than 30 days ago (support.dispute.window) answer 400 naming order_id; a dispute already in progress on the order answers 409 naming order_id. A refused dispute stores and sends nothing.",
	"record-help-event":         "Records that a guided tour of the help widget was started, completed or skipped (help_analytics), with the route and the context the widget saw. Visitors and members; limited per member or client address.",
	"list-faq-items":            "The remote FAQ (03§7 faq_items) for the help widget: the active items of the language (en by default), by category, sort order, then latest changed first, while the app_config flag faq_remote_enabled is on; with the flag off, enabled is false and no item is read. The widget merges them with its built-in items.",
	"admin-list-faq-items":      "Every remote FAQ item, active or not, in every language, by category and sort order.",
	"admin-create-faq-item":     "Adds a remote FAQ item: question (1 to 300 characters), answer (1 to 4000), category (one of the nine of 03§3), language (en, es, fr), sort_order (0 to 9999) and active; a field out of these answers 400 naming it. Written with its audit entry (faq_item.create).",
	"admin-update-faq-item":     "Changes a remote FAQ item (the same rules as adding one); an unknown id answers 404. Written with its audit entry (faq_item.update, before and after).",
	"admin-delete-faq-item":     "Removes a remote FAQ item; an unknown id answers 404. Written with its audit entry (faq_item.delete).",

	// Admin
	"admin-outbox":             "The e-mails in the built-in outbox (sent when no SMTP server is configured), newest first, optionally for one address.",
	"admin-security-events":    "Security events for the back office's security screen, newest first: kind (event type, exact), user (a user id, or part of the account's e-mail), from and to (UTC days, YYYY-MM-DD, both included; 400 naming from when the range is reversed), page and page_size (1-200), with the total of every match.",
	"admin-security-hourly":    "The security rate indicator: the count of security events in each of the last 24 UTC hours (the current hour last), their total and the busiest hour's count.",
	"admin-client-errors":      "Errors the web app reported, grouped by their message: how many, first and last seen, and the stack and page of the latest occurrence. Sorted by last seen or count (dir, newest or most first by default), searched by message, paged with the number of groups.",
	"admin-command-center":     "The command center's live snapshot: this server's version, uptime, goroutines and heap; the database's ping latency and schema; the jobs queue by state with the 50 most recent dead jobs; the marketplace cache; and this replica's own request metrics (total, errors 5xx and 4xx, error rate, requests per minute, mean and p95 latency, the 10 busiest routes).",
	"admin-compliance":         "The RESPA view of the catalogue: the active services counted by their stored respa_risk_level and their vendor's RESPA kind (SSP or not, from the vendor type), then one page of services (risk: low, medium, high or unset; kind: ssp or non_ssp), riskiest first, each with its co-pay terms and the SSP and non-SSP caps computed by the same rule a co-pay request is priced with.",
	"admin-copay-decisions":    "Co-pay requests that are no longer pending (approved, declined, expired, canceled, used; status narrows), latest change first, paged: vendor and its kind, agent, service, requested and approved split, base price and vendor share in cents, decision note and time, and audit_pack_path, the vendor-agent pair's RESPA audit pack.",
	"admin-experiments":        "The A/B experiments (ranking_v1, intro_v1) over the browsers first exposed in a range of UTC days: each arm's visitors, conversions and rate, and a pooled two-proportion z-test of the other arm against the control (z, two-sided p-value, lift); too_few_samples until each arm has 30 visitors and 5 conversions and 5 non-conversions.",
	"admin-funnel":             "The marketplace funnel for each UTC day of a range (from and to both included, at most 92 days; default the last 14 days; 400 naming from when reversed or too long), from the existing tables: distinct visitors who opened a service and service views (service_views), cart lines created (cart_items: lines since bought or removed are not counted), order payment pages opened (checkout_sessions of kind order) and orders paid (orders.paid_at), with the range's totals.",
	"admin-self-test":          "Runs the command center test on this server, each check within 3 seconds and leaving nothing behind: database (an app event written and read back in a transaction that is rolled back, then checked gone), mailer (the built-in outbox read, or a TCP dial of the SMTP server), payments (the provider and its keys), storage (a file written to the data directory and removed), cache (the marketplace snapshot built and not expired). Answers each check's pass or fail, detail, error and milliseconds, and ok when all passed; a failed check is not an error status.",
	"admin-retry-job":          "Puts a dead job back in the queue, due now with a fresh set of attempts, and writes the audit entry (job.retry, before and after) in the same transaction. 409 when the job is not dead (already retried), 404 when unknown.",
	"admin-dead-jobs":          "Background jobs that failed their last attempt, most recent first.",
	"admin-cache-health":       "The state of the marketplace cache: whether the snapshot exists, when it was built and expires, whether it is stale, its size and its service and vendor counts.",
	"admin-cache-clear":        "Clears the marketplace cache; the next request builds it again.",
	"admin-cache-refresh":      "Rebuilds the marketplace cache now.",
	"admin-rerank":             "Ranks the services again from the latest metrics.",
	"admin-view-spikes":        "Services whose recent views jumped far above their baseline, or came mostly from a few networks, within a time window.",
	"admin-vendor-invitations": "Vendor invitations and referrals, newest first, with the inviting agent and whether the vendor joined.",
	"admin-concierge-feedback": "Admins' verdicts on concierge answers, newest first, with the question each was about and the correction, if any.",

	// Concierge (issue 29)
	"concierge-respond":           "Answers an agent's message (English, Spanish or French) from Circle's own data: the services that meet the need, ranked by relevance, ratings, verified reviews and co-pay, each named with its price for this caller (the quote), plus a review and the topic's curated guide as citations, actions (open the service, add it to the cart, book) and quick replies. `trust` counts the agents whose reviews and purchases back the cited services. When the evidence is thin or the question is outside Circle's data, `handoff` is true, no service is cited and Book Human Advisor is offered. With a language model configured the model writes the message from the same retrieved context and may cite only retrieved services. The exchange is stored in the caller's thread (a new one without `thread_id`); a visitor gets an anonymous id cookie. Limited per user or visitor (429 with Retry-After).",
	"concierge-respond-stream":    "concierge-respond as server-sent events (text/event-stream), for the web chat to show the answer as it is written: with a language model configured, `delta` events carry the model's message text as it arrives ({\"text\"}); then one `answer` event carries the final answer in concierge-respond's shape, validated the same way (a citation retrieval did not find, a malformed answer, an error or the timeout gives the built-in answer, which replaces the streamed text); a failure after the stream started is one `error` event. The built-in advisor sends only the `answer` event. A refused message (text, rate limit, another's thread) is an ordinary HTTP error before the stream starts. Stored in the caller's thread like concierge-respond.",
	"enhanced-ai-recommendations": "Up to six active services for the signed-in agent, scored from what Circle knows of them: a category they saved (3) or viewed in the last 90 days (2), a specialty of their profile the service names (2), purchases by agents of their state in the last 90 days (up to 3) or a vendor serving their state (1), the rating as tie-breaker. Services they saved or bought are left out. Each lists at most two reasons (keys the web app translates) and its price for the caller from the one quote. `personal` is false when nothing is known yet: the list is then the best rated services.",
	"ai-market-intelligence":      "For a state (the caller's profile state by default): up to eight categories with the active services serving the state, paid purchases in the last 90 days by agents of the state and by every agent, the median monthly-equivalent retail price (the price sort's number) and the share of services allowing co-pay; the categories most bought in the state first. An unknown state code answers 400 naming `state`.",
	"list-concierge-threads":      "The caller's concierge threads, latest first: a signed-in user's, or a visitor's by the anonymous id cookie (none without it). A visitor's threads become the user's on the first concierge call after signing in.",
	"list-concierge-messages":     "The messages of one of the caller's threads, oldest first; an assistant message carries its reply (trust, citations, actions, quick replies, handoff). Anyone else's thread answers 404.",
	"concierge-feedback":          "An administrator marks a concierge answer helpful or not helpful, with an optional correction (not helpful only). Later answers to the same or a near question (60% of the meaningful words in common) start with the correction and rank the services it names first. A second verdict on the same answer replaces the first.",

	// Roles (role grants: who holds admin, creator, vendor or a complimentary Pro, granted by whom and when)
	"admin-list-user-roles":  "A user's roles in force and every grant ever made, newest first, each with who granted it, when and why, and who revoked it and when.",
	"admin-grant-user-role":  "Grants a user a role (admin, creator, vendor or pro: a complimentary Pro membership), with a reason kept in its history. The user holds the role from their next request; granting a role already held answers 409.",
	"admin-revoke-user-role": "Revokes a user's role from their next request. Revoking a role not held answers 404; administrators cannot revoke their own admin role (409), so the back office is never left without one.",
	// The back office (issue 31, docs/areas/admin.md). Every change below writes one audit_log
	// entry in its own transaction, with the administrator and the request id.
	"admin-dashboard":            "Today's figures for the back office's first screen, counted in the database at the request (UTC day): sign-ups, orders created and paid, revenue of the orders paid (US cents), vendors waiting for approval, jobs retrying and dead, client errors and security events.",
	"admin-search":               "Searches users by e-mail or display name, services by title (contains, case-insensitive) and orders by exact id or number; at most 8 of each.",
	"admin-list-users":           "The users list, paged on the server (page, page_size up to 200, total of every match), sorted by created_at, email or display_name, filtered by a role (or disabled) and searched by e-mail or name.",
	"admin-get-user":             "A user's page: profile, live sessions, latest 20 orders, latest membership, points balance, latest 20 security events and every role grant.",
	"admin-disable-user":         "Disables the account: every live session ends in the same transaction and the next request with any of them answers 401; sign-in is refused. Administrators cannot disable themselves (409); an account already disabled answers 409.",
	"admin-enable-user":          "Lets a disabled account sign in again (its ended sessions stay ended). An account not disabled answers 409.",
	"admin-revoke-user-session":  "Ends one live session of the user; an unknown or ended session answers 404.",
	"admin-resend-verification":  "Queues a new verification e-mail for an unverified account (the same job as the sign-up's resend). A verified address answers 409.",
	"admin-force-password-reset": "Ends every session of the user and queues a password-reset e-mail (the reset flow's one-hour link); the user signs in again with the new password.",
	"admin-audit-log":            "The audit log, newest first: who (actor), what (action, object kind and id), the object before and after as JSON, when and the request id. Filters: actor, object_kind, object_id, action, from (inclusive) and to (exclusive); paged.",
	"admin-list-services":        "Every service, active or not, paged on the server (offset pages ordered by the chosen column then the id, so pages never overlap): search by title or vendor name; filter by status (active, inactive), flag (featured, sponsored, top_pick, copay), category tag or vendor id; sort by updated_at, created_at, title, retail_price or sort_order; total of every match.",
	"admin-get-service":          "One service as the back office edits it: titles and descriptions in English, Spanish and French, category tags, retail and Pro prices in cents, billing period, co-pay eligibility and split limit, the placement flags and sort order, the vendor's RESPA kind and the split cap it allows, and the category choices.",
	"admin-save-service":         "Saves every field of a service through the one catalogue write path: the price rules of 03§5 (prices as typed; Pro below retail and at most 95% off), co-pay split limits from 1 to the RESPA cap (20% for a settlement service provider, 70% otherwise), the placement flags and sort order. The service's packages are kept. The row, a catalog_changes record and the audit entry (service.update, the service before and after) commit together; the marketplace, search and detail caches refresh after the commit. Every wrong field is named; activating a suspended vendor's service is 409.",
	"admin-top-deals":            "The Top Deals of the marketplace snapshot served now (at most 12, in order), whether the app_config switch top_deals_enabled and the topDeals flag's server default are on, and whether the row shows.",
	"admin-config":               "Every app_config key in display order (the 01§3 switches, the maintenance message, the minimum build version, the forced cache bust, the CAD rate and the 02§6 feature flags) with its value as text, its kind, what it does, and who last changed it and when (read from the audit log's config.change entries).",
	"admin-change-config":        "Changes app configuration keys with the rules of `circle config set` (all or none; an invalid value names the key), and records the row before and after in the audit log.",

	// Vendor self-service (issue 30): registration, approval and the services editor
	"vendor-application-options":               "The registration form's choices: the business types with whether each is a settlement service provider (RESPA) and needs a licence number or an NMLS id, the marketplace categories and the states.",
	"submit-vendor-application":                "Stores the caller's application to list on Circle as a service provider or co-marketing partner and e-mails a verification link to the company address. Every wrong field is named; a caller with an application under review or approved gets 409.",
	"get-my-vendor-application":                "The caller's latest application with its status (pending, approved or rejected with the reason) and whether the company address is verified; null when they never applied.",
	"resend-vendor-application-email":          "E-mails a new verification link for the caller's pending application; the earlier link stops working.",
	"verify-vendor-application-email":          "Confirms the company e-mail address with the token of the e-mailed link (anyone holding the link may confirm it). An unknown token names the field token.",
	"admin-list-vendor-applications":           "Vendor applications, newest first, optionally of one status, for administrators.",
	"admin-approve-vendor-application":         "Approves a pending application whose company address is verified, in one transaction: the vendor is created and owned by the applicant, the vendor role granted (a recorded grant; once), the in-app notice written and the catalogue change recorded. The applicant is e-mailed, and the agent whose invitation matches the vendor's address is credited once. An unverified or decided application answers 409.",
	"admin-reject-vendor-application":          "Rejects a pending application with a reason the applicant is told in the app and by e-mail; they may apply again.",
	"admin-request-vendor-application-changes": "Sends a pending application back to the applicant with a message (1 to 1000 characters) e-mailed to them; it stays pending and their next submission replaces it. Recorded in the audit log; a decided application answers 409.",
	"admin-list-vendors":                       "Vendors with their status (suspended, inactive or the approval status), RESPA kind and service counts; searched by name or contact e-mail, filtered by status, sorted by name, creation or services, paged on the server.",
	"admin-get-vendor":                         "The vendor's page: profile, services with their RESPA terms and the SSP and non-SSP split caps, representatives, co-pay requests by status and the application that created it.",
	"admin-suspend-vendor":                     "Suspends the vendor with a reason: it and its active services leave the marketplace at once (every replica is told); the change and its audit entry are one transaction. Suspended already: 409.",
	"admin-reinstate-vendor":                   "Lifts a suspension with a reason: the services the suspension took down are active again. Not suspended: 409.",
	"admin-list-reviews":                       "Every review with its service, reviewer, rating, text, verified-purchase flag and moderation status; searched, filtered by status, rating and verified purchase, sorted by date or rating, paged on the server.",
	"admin-assign-review":                      "Adds a review on a member's behalf (a testimonial collected by phone or e-mail): the reviewer is the member with that e-mail, the source admin_assigned, verified when the member bought or booked the service. Rating and text follow the member review rules; every bad field is named at once and nothing is stored; a member who already reviewed the service is 409. The review and its audit entry are one transaction; the service's rating and count change as for any review.",
	"admin-set-review-notes":                   "Replaces the internal notes of any review (at most 2000 characters; empty clears them). Notes are never shown to members. The change and its audit entry (before and after) are one transaction.",
	"admin-hide-review":                        "Hides a review with a reason: it leaves the service's detail, its rating and review count, the search index and the share page; the change and its audit entry are one transaction. Hidden already: 409.",
	"admin-restore-review":                     "Restores a hidden review with a reason. Not hidden: 409.",
	"list-vendor-services":                     "The services of the vendors the caller owns, active or not, newest first, as the editor shows them, with the marketplace categories and the RESPA caps.",
	"create-vendor-service":                    "Creates a service for one of the caller's vendors as an unpublished draft: the row is inserted inactive and the form is its draft, so the vendor adds the funnel and publishes it (the first publish puts it on the marketplace). Prices are text as typed and follow the 03§5 rules (at least $0.01, at most $100,000; a Pro price below retail and at most 95% off); co-pay needs a split limit within the RESPA cap. Every wrong field is named (packages[i].price and the like). The row, its draft and its catalogue change record share one transaction.",
	"get-vendor-analytics":                     "The numbers of the vendors the caller owns per service and per bucket (UTC day, Monday-to-Sunday week or calendar month; the first and last bucket clipped to the range) from from to to (both included, at most 366 days; an end that is not a day or a start after the end answers 400 naming the field). Views are service page views, clicks the page's action and outbound clicks, add-to-carts the server's count of Add to cart, bookings the consultations booked, purchases the paid order lines less refunded orders, revenue the cash paid for them in US cents, conversion purchases / views. A service_id of another vendor answers 404.",
	"get-vendor-analytics-csv":                 "The same numbers as get-vendor-analytics as a CSV file (one row per service and bucket; revenue in dollars), with the same range rules and the same 404 for another vendor's service.",
	"get-vendor-overview":                      "The Overview tab of /vendor-dashboard: this calendar month's (UTC, to today) views, clicks, add-to-carts, bookings, purchases, conversion and revenue of the caller's vendors, with their pending co-pay requests and upcoming bookings.",
	"get-vendor-service":                       "One of the caller's services as the editor shows it; another vendor's service answers 404.",
	"update-vendor-service":                    "Saves the form as one of the caller's services' draft with the create rules (service_drafts): the live service, its packages and the marketplace stay as they are until publish-vendor-service; the answer shows the draft (has_draft). Another vendor's service answers 404.",
	"publish-vendor-service":                   "Makes one of the caller's services' draft live: its form (checked again; ids of the service's own packages are kept) and its funnel are written through the catalogue write path, the draft removed and one catalog_changes row (service.published) recorded in one transaction; every replica's marketplace and detail page show it at once. A service created in the editor goes on the marketplace at its first publish (a suspended vendor's is refused with 409). Without a draft nothing changes (200, the service as it is); a draft saved again while publishing answers 409. Another vendor's service answers 404.",
	"discard-vendor-service-draft":             "Drops one of the caller's services' unpublished changes (form and funnel); the live service is unchanged and nothing is recorded. Idempotent. Another vendor's service answers 404.",
	"set-vendor-service-active":                "Activates or deactivates one of the caller's services; an inactive service leaves the marketplace at once.",
	"duplicate-vendor-service":                 "Copies one of the caller's services with its packages and tags as an inactive draft titled \"(copy)\".",
	"get-vendor-funnel":                        "One of the caller's services' funnel content as the editor shows it (its title and description, estimated ROI 3 and duration TBD when it has none), with the ten benefit icons; another vendor's service answers 404.",
	"save-vendor-funnel":                       "Saves one of the caller's services' funnel content. Every text is sanitised on the server (03§5: script tags, HTML tags, 'javascript:' and inline handlers removed) and checked by the 03§5 rule table (the main headline is required; ratings 1 to 5; at most 20 media items); every wrong field is named by its path (benefits[0].title). It is saved as the service's draft: the detail page keeps the live funnel until publish-vendor-service.",
	"list-vendor-profiles":                     "The profiles of the vendors the caller owns: what the vendor changes alone (company name, description, website, phone, contact e-mail, logo URL, support hours, service states) and, read-only, what changes only with an administrator's approval (vendor type, NMLS id, licensed states, categories, approval and verification), with the state choices.",
	"get-vendor-payment-method":                "The card on file for the vendor's point charges: brand, last four digits, expiry, provider and when it was saved (absent when none is on file), test_mode with the built-in provider, and the vendor's point charges that failed and wait for a card (count and US cents). Circle charges this card off session when agents spend the Agent Points the vendor funds. The vendor's owner only: anyone else gets 404.",
	"start-vendor-card-setup":                  "Answers the payment provider's hosted page where the owner saves a card (nothing is charged): with Stripe, a Checkout Session in setup mode for the vendor's Stripe customer (made once, idempotent at Stripe), whose checkout.session.completed webhook puts the card on file; with the built-in provider, its test-mode card page /vendor-card/{vendor_id}, which takes the documented test card numbers. Either returns to /vendor-dashboard?tab=profile&card=saved (or card=canceled). Saving a card charges again the vendor's point charges that failed. Each call answers a new page. The vendor's owner only: anyone else gets 404.",
	"remove-vendor-payment-method":             "Removes the card on file (it is detached at the provider by a background job; the Stripe customer stays for the next card) and answers the payment method, now without a card. Point charges then fail until a card is saved again. Removing when no card is on file changes nothing. Audited. The vendor's owner only: anyone else gets 404.",
	"update-vendor-profile":                    "Changes what the vendor may change alone, with the 03§5 rules (company name 2-100 characters, description at most 1000, URLs, phone, e-mail; at least one state served); every text is sanitised. The change and its catalogue change record share one transaction and every replica's marketplace shows it at once. Another vendor's profile answers 404.",
	"list-vendor-representatives":              "All of one of the caller's vendors' representatives, the primary first. Another vendor's answers 404.",
	"add-vendor-representative":                "Adds a representative (name 2-100 characters; title, e-mail, phone, website, photo URL, licence number with its issuing state, years of experience, up to 10 specialties, location), at most 25 per vendor; a vendor's first representative is its primary. Recorded as a catalogue change; the representative picker shows it at once.",
	"update-vendor-representative":             "Changes a representative's details with the add rules; its primary mark stays. Another vendor's representative answers 404.",
	"set-primary-representative":               "Makes a representative its vendor's one primary (the unique index allows no second) and answers the vendor's list. Another vendor's representative answers 404.",
	"remove-vendor-representative":             "Removes a representative and answers the vendor's list; removing the primary makes the next one primary. Another vendor's representative answers 404.",
	"list-vendor-questions":                    "One of the caller's vendors' evaluation questions by number (the defaults are seeded first for a vendor without any), with the most a vendor may ask. Question 5 is answered on the funnel modal with the vendor's latest reviews. Another vendor's answers 404.",
	"add-vendor-question":                      "Adds a question (5-500 characters, its answer at most 5000) after the last, at most 10; answers the list.",
	"edit-vendor-question":                     "Changes a question and its answer with the add rules; answers the list. A number the vendor does not have answers 404.",
	"reorder-vendor-questions":                 "Renumbers the questions in the order given (every current number once) in one transaction; answers the list.",
	"remove-vendor-question":                   "Removes a question and numbers the rest from 1; the last question stays (409). Answers the list.",
	"add-vendor-product":                       "The Add New Product dialog (03§2, 03§5 Add Product): Product Title (2-100 characters) and Description (at most 1000) required, Price required (digits with optional one or two decimals, then the price checks), Category from the marketplace's list, Image URL optional (http or https, at most 500), Location required (2-100); every text sanitised; the spec's messages per field. The product is created through the catalogue write path as an inactive draft with a one-time price, for the vendor to complete and activate in the Services tab. A visitor is told 'You must be logged in to add products'.",
}

// requestExamples are example request bodies of the most used operations, by operation ID.
var requestExamples = map[string]any{
	"sign-in": map[string]any{"email": "agent@example.com", "password": "correct horse battery staple"},
	"sign-up": map[string]any{"email": "agent@example.com", "password": "correct horse battery staple",
		"display_name": "Jordan Agent", "bot_token": "token-from-the-bot-check"},
	"add-cart-item":         map[string]any{"service_id": "svc-nestflow-crm", "price_cents": 4900, "quantity": 1, "coverage": "retail"},
	"create-review":         map[string]any{"rating": 5, "review": "Set up in a day; leads get a text within a minute."},
	"session-control":       map[string]any{"action": "revoke", "sessionIds": []string{"0f8fad5b-d9cb-469f-a165-70867728950e"}},
	"admin-grant-user-role": map[string]any{"role": "vendor", "reason": "Approved vendor application for Lakeside Photo"},
	"admin-change-config":   map[string]any{"changes": []map[string]string{{"key": "maintenance_mode", "value": "true"}}},
	"submit-vendor-application": map[string]any{"type": "service_provider", "company_name": "Lakeside Photo", "contact_name": "Dana Lake",
		"contact_phone": "(512) 555-0134", "contact_email": "hello@lakesidephoto.com", "business_type": "photographer",
		"categories": []string{"cat:photography"}, "service_states": []string{"TX"}, "settlement_provider": false, "website_url": "https://lakesidephoto.com"},
	"create-vendor-service": map[string]any{"title": "Twilight Listing Photos", "description": "Dusk exterior and interior photos delivered in 24 hours.",
		"categories": []string{"cat:photography"}, "retail_price": "$299", "pro_price": "$249", "billing_period": "one_time",
		"copay_allowed": true, "split_limit": 50, "packages": []map[string]any{{"name": "Up to 25 photos", "price": "$299", "features": []string{"25 edited photos"}, "popular": true}}},
}

// fieldDescriptions describe schema properties that carry no doc tag, by "Schema.property".
// They live here rather than in struct tags so that the domain types stay as they are.
var fieldDescriptions = map[string]string{
	"FieldError.field":                   "The request field that failed, as named in the request",
	"FieldError.key":                     "Message key for translating the message (i18n)",
	"FieldError.message":                 "What is wrong with the field, in English",
	"SignInInputBody.email":              "The account's e-mail address",
	"SignInInputBody.password":           "The account's password",
	"SignInInputBody.device_fingerprint": "An opaque id of the browser, to tell the caller's sessions apart",
	"SignUpInputBody.email":              "The e-mail address to verify and sign in with",
	"SignUpInputBody.password":           "The new password; it must pass the strength rules (see password-strength)",
	"EmailInputBody.email":               "An e-mail address",
	"PasswordInputBody.password":         "The password to score",
	"TokenInputBody.token":               "The token from the e-mailed link",
	"ResetInputBody.token":               "The token from the password-reset link",
	"ResetInputBody.password":            "The new password; it must pass the strength rules",
}

// accessSentences say who may call an operation, by its declared access level (access.go).
var accessSentences = map[accessLevel]string{
	levelPublic:    "Anyone may call it, signed in or not.",
	levelUser:      "Requires a signed-in user.",
	levelVerified:  "Requires a signed-in user with a verified e-mail address (or an administrator).",
	levelPro:       "Requires a Circle Pro member (or an administrator).",
	levelCreator:   "Requires a creator (or an administrator).",
	levelVendor:    "Requires a vendor account (or an administrator).",
	levelAdmin:     "Requires an administrator.",
	levelSupport:   "Requires support staff (or an administrator).",
	levelOwnerOf:   "Requires the owner of the resource the path names, or an administrator.",
	levelOwnerOnly: "Requires the owner of the resource the path names; nobody else, administrators included.",
}

// documentOperations lays the descriptions, examples and field descriptions above on the
// registered operations and schemas. It runs once, after every route is registered.
func documentOperations(api huma.API) {
	oapi := api.OpenAPI()
	for _, o := range allOperations(oapi) {
		desc := operationDescriptions[o.OperationID]
		if a, ok := o.Metadata[accessKey].(access); ok && desc != "" {
			desc += "\n\n" + accessSentences[a.level]
		}
		o.Description = desc
		if ex, ok := requestExamples[o.OperationID]; ok && o.RequestBody != nil {
			if mt := o.RequestBody.Content["application/json"]; mt != nil {
				mt.Example = ex
			}
		}
	}
	schemas := oapi.Components.Schemas.Map()
	for key, desc := range fieldDescriptions {
		name, prop, _ := strings.Cut(key, ".")
		if s := schemas[name]; s != nil && s.Properties[prop] != nil {
			s.Properties[prop].Description = desc
		}
	}
}

// allOperations lists every operation of the document.
func allOperations(oapi *huma.OpenAPI) []*huma.Operation {
	var ops []*huma.Operation
	for _, item := range oapi.Paths {
		for _, o := range []*huma.Operation{item.Get, item.Put, item.Post, item.Delete, item.Options, item.Head, item.Patch, item.Trace} {
			if o != nil {
				ops = append(ops, o)
			}
		}
	}
	return ops
}
