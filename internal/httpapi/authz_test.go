package httpapi_test

import (
	"encoding/json"
	"net/http"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"circle/internal/app"
	"circle/internal/catalog"
	"circle/internal/catalogwrite"
	"circle/internal/demo"
	"circle/internal/httpapi"
	"circle/internal/store"
	"circle/internal/testapp"
)

// authzRequest says how the authorization matrix calls one operation. Operations without a
// request body and without path or required parameters need no entry; every other operation
// must have one, or the matrix fails naming it. The body only has to get past validation far
// enough to reach the access check: a 400 or 422 after that counts as "passed authorization".
type authzRequest struct {
	// body is the JSON request body ("" sends none).
	body string
	// path replaces the document's path (fill in path parameters) and may carry a query.
	path string
	// redirect marks browser redirects (Google sign-in): they answer 302, or 503 when the
	// provider is not configured, never 401/403.
	redirect bool
	// visitor401 explains why a public operation answers a visitor 401: it authenticates with
	// a credential of its own that a visitor does not have.
	visitor401 string
	// owner names the role that owns the row the path points at (owner-of and owner-only
	// operations): the owner (and for owner-of administrators) must be let through with a 2xx,
	// the other signed-in roles denied.
	owner string
	// hidden: a signed-in caller who does not own the row gets 404, so nobody learns that it
	// exists (orders, payment pages); otherwise 403.
	hidden bool
}

// Rows the matrix creates or picks before it runs, named in authzRequests paths. The agent's
// reviews come from the demo data; each call to a path with @agent-review-next gets a review
// of its own, because the calls that are let through delete it.
const (
	rowAgentOrder      = "@agent-order"
	rowAgentSession    = "@agent-session"
	rowAgentReview     = "@agent-review"
	rowAgentReviewNext = "@agent-review-next"
)

// authzRequests is the table later issues extend with their operations.
var authzRequests = map[string]authzRequest{
	// Platform
	"report-client-error": {body: `{"message":"authorization matrix"}`},
	"record-app-event":    {body: `{"name":"logout"}`},
	// F-APP-06: the USD/CAD switch is public (a visitor's choice is a cookie).
	"set-currency": {body: `{"choice":"USD"}`},

	// Accounts and sessions
	"sign-up":                {body: `{"email":"not-an-email","password":"x","display_name":"","bot_token":""}`},
	"sign-in":                {body: `{"email":"matrix@example.com","password":"Wrong-Passw0rd!"}`},
	"verify-email":           {body: `{"token":"matrix-token"}`},
	"resend-verification":    {body: `{"email":"matrix@example.com"}`},
	"request-password-reset": {body: `{"email":"matrix@example.com"}`},
	"reset-password":         {body: `{"token":"matrix-token","password":"Str0ng!Passw0rd"}`},
	"lockout-status":         {body: `{"email":"matrix@example.com"}`},
	"password-strength":      {body: `{"password":"matrix"}`},
	"refresh-session": {visitor401: "the refresh cookie is this operation's credential; " +
		"without one the answer is 401, which the web app's session recovery relies on (01§4)"},
	"google-start":    {redirect: true},
	"google-callback": {redirect: true},
	"session-control": {body: `{"action":"list"}`},

	// Profiles
	"update-profile": {body: `{}`},

	// Security monitoring
	"record-security-event": {body: `{"event_type":"authz_matrix"}`},

	// Support desk (issue 31 item 9): support staff and administrators; members reply on their own.
	"desk-list-tickets":         {path: "/api/support/desk/tickets?status=open&assignee=mine"},
	"desk-get-ticket":           {path: "/api/support/desk/tickets/authz-unknown"},
	"desk-reply":                {path: "/api/support/desk/tickets/authz-unknown/replies", body: `{"message":""}`},
	"desk-add-note":             {path: "/api/support/desk/tickets/authz-unknown/notes", body: `{"message":""}`},
	"desk-update-ticket":        {path: "/api/support/desk/tickets/authz-unknown", body: `{}`},
	"desk-create-canned-answer": {body: `{"title":"","body":""}`},
	"desk-update-canned-answer": {path: "/api/support/desk/canned-answers/authz-unknown", body: `{"title":"","body":""}`},
	"desk-delete-canned-answer": {path: "/api/support/desk/canned-answers/authz-unknown"},

	// Remote FAQ (issue 29 item 6): the back office's items.
	"admin-create-faq-item": {body: `{"question":"","answer":"","category":"roi","language":"en","sort_order":0,"active":true}`},
	"admin-update-faq-item": {path: "/api/admin/faq-items/authz-unknown", body: `{"question":"","answer":"","category":"roi","language":"en","sort_order":0,"active":true}`},
	"admin-delete-faq-item": {path: "/api/admin/faq-items/authz-unknown"},
	"reply-support-ticket":  {path: "/api/support/tickets/authz-unknown/replies", body: `{"message":""}`},

	// Saved services
	"save-service":   {path: "/api/saved/svc-listingloop-hdr-photos", body: `{"notes":"matrix"}`},
	"unsave-service": {path: "/api/saved/svc-listingloop-hdr-photos"},

	// Marketplace
	"ratings-bulk":          {body: `{"service_ids":["svc-listingloop-hdr-photos"]}`},
	"get-discount-interest": {path: "/api/services/svc-listingloop-hdr-photos/interest"},
	"add-discount-interest": {path: "/api/services/svc-listingloop-hdr-photos/interest"},
	"record-view":           {path: "/api/services/svc-listingloop-hdr-photos/views", body: `{"viewer_key":"matrix-viewer-key"}`},
	"record-exposure":       {path: "/api/experiments/ranking_v1/exposures", body: `{"arm":"ranked","visitor_key":"matrix-viewer-key"}`},
	"record-conversion":     {path: "/api/experiments/ranking_v1/conversions", body: `{"visitor_key":"matrix-viewer-key"}`},
	"record-sponsored": {path: "/api/services/svc-listingloop-hdr-photos/sponsored",
		body: `{"event":"impression","placement":"top_deals","context":"carousel_view","viewer_key":"matrix-viewer-key"}`},

	// Service and vendor detail (the demo vendor account owns ven-closingbell)
	"get-service-detail":     {path: "/api/services/svc-listingloop-hdr-photos"},
	"get-service-offers":     {path: "/api/services/svc-listingloop-hdr-photos/offers"},
	"also-viewed":            {path: "/api/services/svc-listingloop-hdr-photos/also-viewed"},
	"list-reviews":           {path: "/api/services/svc-listingloop-hdr-photos/reviews"},
	"create-review":          {path: "/api/services/svc-listingloop-hdr-photos/reviews", body: `{"rating":0}`},
	"update-review":          {path: "/api/reviews/" + rowAgentReview, body: `{"rating":4}`, owner: "agent"},
	"delete-review":          {path: "/api/reviews/" + rowAgentReviewNext, owner: "agent"},
	"get-vendor-detail":      {path: "/api/vendors/ven-closingbell"},
	"update-vendor-question": {path: "/api/vendors/ven-closingbell/questions/2", body: `{"question_text":"How quickly can you start on a new file?"}`, owner: "vendor"},
	"record-service-event":   {path: "/api/services/svc-listingloop-hdr-photos/events", body: `{"event_type":"click","event_data":{"source":"matrix"}}`},
	"service-metrics":        {path: "/api/services/svc-closingbell-tc/metrics?period=30d", owner: "vendor"},
	"mint-referral-token":    {body: `{"service_id":"svc-listingloop-hdr-photos"}`},
	"resolve-referral-token": {path: "/api/referral-tokens/matrix-no-such-token"},

	// Cart, checkout and Pro (a tampered price, unknown rows and off-spec offers change nothing)
	"add-cart-item":           {body: `{"service_id":"svc-listingloop-hdr-photos","price_cents":1}`},
	"merge-pending-cart-item": {body: `{"serviceId":"svc-listingloop-hdr-photos","price":1}`},
	"update-cart-item":        {path: "/api/cart/items/matrix-no-such-item", body: `{"quantity":2}`},
	"remove-cart-item":        {path: "/api/cart/items/matrix-no-such-item"},
	"link-cart-consultation":  {path: "/api/cart/items/matrix-no-such-item/consultation", body: `{"booking_id":"matrix-no-such-booking"}`},
	"get-checkout-session":    {path: "/api/checkout/sessions/" + rowAgentSession, owner: "agent", hidden: true},
	// A line id that waits for no co-pay answer is refused by name, so no order is written.
	"create-checkout":     {body: `{"withdraw_copay":["matrix-no-such-line"]}`},
	"stripe-webhook":      {body: `{"id":"evt_matrix","type":"checkout.session.completed","data":{"object":{}}}`},
	"get-order":           {path: "/api/orders/" + rowAgentOrder, owner: "agent", hidden: true},
	"subscribe":           {body: `{"interval":"month","seats":1}`},
	"pause-subscription":  {body: `{"pauseDays":30}`},
	"apply-discount":      {body: `{"discountPercent":10,"durationMonths":2}`},
	"downgrade-plan":      {body: `{"discountPercent":30,"isPermanent":true}`},
	"cancel-subscription": {body: `{"reason":"other"}`},

	// Preparation course, vendor invitations and referrals, location (issue 16). A
	// consultation's course belongs to its booking's agent; a consultation that does not
	// exist is 404 to every signed-in role, as another agent's is (TestF_ENG_03_PrepCourseAPI).
	// Bad bodies change nothing.
	"get-prep-course":      {path: "/api/consultation-prep/matrix-no-such-consultation"},
	"complete-prep-module": {path: "/api/consultation-prep/matrix-no-such-consultation/modules/no-such-module"},
	"download-prep-guide":  {path: "/api/consultation-prep/matrix-no-such-consultation/guide"},
	"invite-vendor":        {body: `{"vendor_type":"marketing","name":"","category":"","contact_email":""}`},
	"refer-vendor":         {body: `{"vendor_name":"","vendor_email":""}`},
	"reverse-geocode":      {path: "/api/location/reverse?lat=30.27&lng=-97.74"},
	"save-location":        {body: `{"city":"","state":""}`},
	// Co-pay, the vendor's side, and notifications (issue 15): an unknown request is 404 to a
	// vendor (as another vendor's request is); the audit pack is the vendor's owner's (hidden).
	"approve-copay-request":   {path: "/api/vendor/copay-requests/matrix-no-such-request/approve", body: `{"split_percentage":20}`},
	"decline-copay-request":   {path: "/api/vendor/copay-requests/matrix-no-such-request/decline", body: `{"note":"matrix"}`},
	"undo-copay-approval":     {path: "/api/vendor/copay-requests/matrix-no-such-request/undo"},
	"list-copay-audit-agents": {path: "/api/vendors/ven-closingbell/copay-audit", owner: "vendor", hidden: true},
	"get-copay-audit-pack":    {path: "/api/vendors/ven-closingbell/copay-audit/usr-demo-pro", owner: "vendor", hidden: true},
	"get-copay-audit-csv":     {path: "/api/vendors/ven-closingbell/copay-audit/usr-demo-pro/csv", owner: "vendor", hidden: true},
	// A vendor's card on file for point charges (F-PAY-07): its owner alone; anyone else 404.
	"get-vendor-payment-method":    {path: "/api/vendors/ven-closingbell/payment-method", owner: "vendor", hidden: true},
	"start-vendor-card-setup":      {path: "/api/vendors/ven-closingbell/payment-method", owner: "vendor", hidden: true, body: `{"lang":"en"}`},
	"remove-vendor-payment-method": {path: "/api/vendors/ven-closingbell/payment-method", owner: "vendor", hidden: true},
	"mark-notification-read":       {path: "/api/notifications/matrix-no-such-notice/read"},
	// Concierge (issue 29): anyone asks and reads their own threads (another's is 404); only
	// admins give feedback (an unknown message is a 400 naming message_id)
	"concierge-respond":        {body: `{"text":"I need a CRM recommendation"}`},
	"concierge-respond-stream": {body: `{"text":"I need a CRM recommendation"}`},
	"list-concierge-messages":  {path: "/api/concierge/threads/matrix-no-such-thread/messages"},
	"concierge-feedback":       {body: `{"message_id":"matrix-no-such-message","helpful":true}`},
	// Co-pay, the agent's side (issue 15): a bad split is refused after the access check;
	// canceling a request that is not the caller's answers 404
	"copay-partners":       {path: "/api/copay/partners?service_id=svc-listingloop-hdr-photos"},
	"copay-quote":          {path: "/api/copay/quote?service_id=svc-listingloop-hdr-photos&vendor_id=ven-brightpath&split=40"},
	"create-copay-request": {body: `{"service_id":"svc-listingloop-hdr-photos","vendor_id":"ven-brightpath","requested_split_percentage":5}`},
	"cancel-copay-request": {path: "/api/copay/requests/matrix-no-such-request/cancel"},
	// Paying with points (issue 15): the caller's own wallet only; a missing partner is a 4xx
	"automatic-copay": {body: `{"service_id":"svc-listingloop-hdr-photos","vendor_id":"","idempotency_key":"matrix"}`},
	// Consultations (issue 16): another user's booking or block answers 404 (the service checks the row)
	"consultation-calendar":                {path: "/api/consultations/calendar?service_id=svc-closingbell-tc"},
	"book-consultation":                    {body: `{"service_id":"svc-closingbell-tc","scheduled_date":"","scheduled_time":"","client_name":"","client_email":""}`},
	"capture-consultation-lead":            {body: `{"service_id":"svc-closingbell-tc","client_name":"","client_email":""}`},
	"get-consultation":                     {path: "/api/consultations/matrix-no-such-booking"},
	"cancel-consultation":                  {path: "/api/consultations/matrix-no-such-booking/cancel"},
	"reschedule-consultation":              {path: "/api/consultations/matrix-no-such-booking/reschedule", body: `{"scheduled_date":"2020-01-01","scheduled_time":"10:00 AM"}`},
	"set-vendor-time-zone":                 {body: `{"time_zone":"Mars/Olympus"}`},
	"set-vendor-booking-window":            {body: `{"booking_window_weekdays":0}`},
	"block-vendor-slot":                    {body: `{"date":"not-a-date"}`},
	"unblock-vendor-slot":                  {path: "/api/vendor/consultations/blocks/matrix-no-such-block"},
	"admin-retry-consultation-integration": {path: "/api/admin/consultations/integrations/matrix-no-such-integration/retry"},
	// Role grants (issue 26 item 5): an unknown role changes nothing; revoking a role the agent
	// does not hold answers 404, so no caller's roles change under the matrix.
	"admin-list-user-roles":  {path: "/api/admin/users/usr-demo-agent/roles"},
	"admin-grant-user-role":  {path: "/api/admin/users/usr-demo-agent/roles", body: `{"role":"superuser"}`},
	"admin-revoke-user-role": {path: "/api/admin/users/usr-demo-agent/roles/creator"},
	// Media uploader (issue 30 item 3): a body that is not a multipart form changes nothing; an
	// unknown file, like another member's, is 404 (the service checks the row); files are
	// served to anyone holding their address. media_test.go checks another vendor's files.
	"upload-media":   {body: `{}`},
	"delete-media":   {path: "/api/media/matrix-no-such-file"},
	"get-media-file": {path: "/api/media/matrix-no-such-file/file"},

	// Partner payment links (issue 32 item 4): public links and receipts answer by token or
	// session (unknown ones 404 for everyone); a link is made only for the caller's own
	// request or a request to a vendor the caller owns (another's is 404: partner_payments_test.go).
	"create-partner-payment-link": {body: `{"co_pay_request_id":"matrix-no-such-request"}`},
	"get-partner-payment-link":    {path: "/api/partner-checkout/matrixNoSuchTokenAAAAAAAAAAAAAAA"},
	"pay-partner-payment-link":    {path: "/api/partner-checkout/matrixNoSuchTokenAAAAAAAAAAAAAAA/pay"},
	"get-partner-payment-receipt": {path: "/api/partner-payments/sessions/cs_builtin_matrix_no_such_page"},

	// Assessments (issue 32 item 5): incomplete answers change nothing; another member's DISC
	// result, like an unknown one, is 404 (the service checks the row).
	"score-disc":         {body: `{"answers":[]}`},
	"save-disc-result":   {body: `{"answers":[]}`},
	"get-disc-result":    {path: "/api/assessments/disc/results/matrix-no-such-result"},
	"save-questionnaire": {body: `{"years_licensed":0,"transactions_last_year":0,"gci_goal_cents":0,"lead_sources":[],"specialties":[],"biggest_challenge":""}`},
	// Welcome and goals (issue 32 items 5 and 10): bad answers change nothing.
	"save-welcome": {body: `{"step":"nowhere","role":"","goals":[],"specialties":[]}`},
	"save-goals":   {body: `{"year":1999,"gci_goal_cents":0,"transactions_goal":0,"lead_sources":[],"gci_to_date_cents":0,"transactions_to_date":0}`},
	// Ministry (issue 32 item 6): an empty request stores nothing; unknown prayers are 404.
	"submit-prayer":        {body: `{"body":"","visibility":"private"}`},
	"admin-approve-prayer": {path: "/api/admin/ministry/prayers/matrix-no-such-prayer/approve"},
	"admin-reject-prayer":  {path: "/api/admin/ministry/prayers/matrix-no-such-prayer/reject"},

	// Academy (issue 32 item 1, F-AREA-05): unknown courses, lessons and certificates are 404
	// to everyone let through; empty answers and an empty course change nothing. Progress is
	// always the caller's own (no route names a member); academy_test.go checks another member
	// sees none of it and a creator cannot edit another's course.
	"get-academy-course":      {path: "/api/academy/courses/matrix-no-such-course"},
	"enroll-academy-course":   {path: "/api/academy/courses/matrix-no-such-course/enroll"},
	"get-academy-lesson":      {path: "/api/academy/courses/matrix-no-such-course/lessons/matrix-no-such-lesson"},
	"complete-academy-lesson": {path: "/api/academy/courses/matrix-no-such-course/lessons/matrix-no-such-lesson/complete"},
	"get-academy-quiz":        {path: "/api/academy/courses/matrix-no-such-course/quiz"},
	"submit-academy-quiz":     {path: "/api/academy/courses/matrix-no-such-course/quiz", body: `{"answers":[]}`},
	"get-academy-certificate": {path: "/api/academy/certificates/matrix-no-such-certificate"},
	"create-academy-course":   {body: `{}`},
	"get-authored-course":     {path: "/api/academy/authoring/courses/matrix-no-such-course"},
	"update-academy-course":   {path: "/api/academy/authoring/courses/matrix-no-such-course", body: `{}`},
	"delete-academy-course":   {path: "/api/academy/authoring/courses/matrix-no-such-course"},

	// Affiliates and commissions (F-ENG-09, F-AREA-03): an unknown code records nothing; a bad
	// application changes nothing; unknown applications and commissions are 404.
	"track-affiliate-click":    {body: `{"affiliate_code":"matrix-no-such-code"}`},
	"apply-affiliate":          {body: `{"website":"","audience":"","promotion":"","payout_email":""}`},
	"admin-approve-affiliate":  {path: "/api/admin/affiliates/applications/matrix-no-such-app/approve"},
	"admin-reject-affiliate":   {path: "/api/admin/affiliates/applications/matrix-no-such-app/reject", body: `{"reason":"matrix"}`},
	"admin-approve-commission": {path: "/api/admin/commissions/matrix-no-such-commission/approve"},
	"admin-reject-commission":  {path: "/api/admin/commissions/matrix-no-such-commission/reject", body: `{"reason":"matrix"}`},
	"admin-create-payout":      {body: `{"ids":["matrix-no-such-commission"]}`},
	"admin-payout-csv":         {path: "/api/admin/commissions/payouts/matrix-no-such-batch/csv"},
	// Creators (issue 30 item 7, F-AREA-02): bad bodies change nothing; no route names another
	// creator's rows (a piece of content that is not the caller's, like an unknown one, is 404);
	// the payout link is 409 in test mode; unknown applications are 404 to administrators.
	"apply-creator":          {body: `{"display_name":"","audience_size":0,"platforms":[],"niches":[],"content_plan":""}`},
	"add-creator-content":    {body: `{"title":"","url":"","kind":"","published_on":""}`},
	"delete-creator-content": {path: "/api/creator/content/matrix-no-such-content"},
	"set-creator-test-bank":  {body: `{"holder_name":"Matrix","routing_number":"0","account_number":"0"}`},
	"admin-approve-creator":  {path: "/api/admin/creator-applications/matrix-no-such-app/approve"},
	"admin-reject-creator":   {path: "/api/admin/creator-applications/matrix-no-such-app/reject", body: `{"reason":"matrix"}`},
	// Accounting (issue 31 item 7, F-AREA-03): administrators only (reads too: the money record
	// is the books). Running the reconciliation changes no money; a refund of an unknown order
	// is 404.
	"admin-refund-order":   {path: "/api/admin/accounting/orders/matrix-no-such-order/refund", body: `{"reason":"matrix"}`},
	"admin-get-refundable": {path: "/api/admin/accounting/orders/matrix-no-such-order/refundable"},
	"admin-refund-part": {path: "/api/admin/accounting/orders/matrix-no-such-order/partial-refunds",
		body: `{"amount_cents":100,"reason":"matrix","idempotency_key":"matrix"}`},
	// The lender marketplace and integrations (issue 32 items 2 and 8, F-AREA-05): reads only;
	// an unknown lender's co-pay options are 404 to the Pro roles.
	"list-lenders":         {path: "/api/lenders?state=TX&loan_type=va"},
	"compare-lenders":      {path: "/api/lenders/compare?ids=ven-harborline,ven-summitridge"},
	"lender-copay-options": {path: "/api/lenders/matrix-no-such-lender/copay-options"},
	"list-integrations":    {path: "/api/integrations"},

	// Support tickets, disputes and help analytics (issues 29 and 32): bad bodies change nothing;
	// another member's ticket, like an unknown one, is 404 (the service checks the row).
	"create-support-ticket": {body: `{"subject":"","message":""}`},
	"get-support-ticket":    {path: "/api/support/tickets/matrix-no-such-ticket"},
	"open-dispute":          {body: `{"order_id":"","reason":"","details":""}`},
	"record-help-event":     {body: `{"event_type":"begin","guide_id":"","route":""}`},
	// The back office (issue 31, F-AREA-03): changes point at an unknown user (404) or send an
	// unknown key (422), so nothing changes under the matrix.
	"admin-search":               {path: "/api/admin/search?q=demo"},
	"admin-get-user":             {path: "/api/admin/users/usr-demo-agent"},
	"admin-disable-user":         {path: "/api/admin/users/usr-matrix-nobody/disable"},
	"admin-enable-user":          {path: "/api/admin/users/usr-matrix-nobody/enable"},
	"admin-revoke-user-session":  {path: "/api/admin/users/usr-matrix-nobody/sessions/sess-nobody"},
	"admin-resend-verification":  {path: "/api/admin/users/usr-matrix-nobody/resend-verification"},
	"admin-force-password-reset": {path: "/api/admin/users/usr-matrix-nobody/force-password-reset"},
	"admin-change-config":        {body: `{"changes":[{"key":"no_such_key","value":"1"}]}`},
	// Operations (issue 31 items 10 and 11, F-AREA-03/04): the retry points at an unknown job (404).
	"admin-retry-job": {path: "/api/admin/jobs/matrix-no-such-job/retry"},
	// Vendor self-service (issue 30): a bad application or token changes nothing; an unknown
	// application is 404 to an administrator. A vendor's services are its owner's (and
	// administrators'); another vendor's service answers 404 (TestF_AREA_01_VendorServicesEditor).
	"submit-vendor-application":        {body: `{"type":"nope","company_name":""}`},
	"verify-vendor-application-email":  {body: `{"token":"matrix-token"}`},
	"admin-approve-vendor-application": {path: "/api/admin/vendor-applications/matrix-no-such-application/approve"},
	"admin-reject-vendor-application":  {path: "/api/admin/vendor-applications/matrix-no-such-application/reject", body: `{"reason":"matrix"}`},
	// Vendors and review moderation (issue 31 items 3 and 5): changes point at unknown rows
	// (404), so nothing changes under the matrix.
	"admin-request-vendor-application-changes": {path: "/api/admin/vendor-applications/matrix-no-such-application/request-changes", body: `{"message":"matrix"}`},
	"admin-get-vendor":                         {path: "/api/admin/vendors/ven-closingbell"},
	"admin-suspend-vendor":                     {path: "/api/admin/vendors/matrix-no-such-vendor/suspend", body: `{"reason":"matrix"}`},
	"admin-reinstate-vendor":                   {path: "/api/admin/vendors/matrix-no-such-vendor/reinstate", body: `{"reason":"matrix"}`},
	"admin-hide-review":                        {path: "/api/admin/reviews/matrix-no-such-review/hide", body: `{"reason":"matrix"}`},
	"admin-restore-review":                     {path: "/api/admin/reviews/matrix-no-such-review/restore", body: `{"reason":"matrix"}`},
	// Admin-assigned reviews: an unknown service and member (422) and an unknown review (404).
	"admin-assign-review":    {body: `{"service_id":"matrix-no-such-service","reviewer_email":"matrix@nobody.test","rating":5}`},
	"admin-set-review-notes": {path: "/api/admin/reviews/matrix-no-such-review/notes", body: `{"admin_notes":"matrix"}`},
	// The catalogue and configuration (issue 31 items 4 and 6): administrators only; the save
	// sends an invalid form (422), so nothing changes under the matrix.
	"admin-list-services":   {path: "/api/admin/services?status=active&sort=title&dir=asc"},
	"admin-get-service":     {path: "/api/admin/services/svc-closingbell-tc"},
	"admin-save-service":    {path: "/api/admin/services/svc-closingbell-tc", body: `{"title":"","description":"","categories":[],"retail_price":"","billing_period":"monthly","active":true,"featured":false,"top_pick":false,"sponsored":false,"sort_order":0}`},
	"create-vendor-service": {body: `{"title":"","description":"","categories":[],"retail_price":"","billing_period":"monthly","packages":[]}`},
	// Vendor analytics (issue 30 item 5): vendors only; another vendor's service is a 404
	// (TestF_AREA_01_VendorAnalytics walks that row).
	"get-vendor-analytics":     {path: "/api/vendor/analytics?bucket=week"},
	"get-vendor-analytics-csv": {path: "/api/vendor/analytics/csv?bucket=month"},
	"get-vendor-overview":      {path: "/api/vendor/overview"},
	"get-vendor-service":       {path: "/api/vendor/services/svc-closingbell-tc", owner: "vendor", hidden: true},
	"update-vendor-service": {path: "/api/vendor/services/svc-closingbell-tc", owner: "vendor", hidden: true,
		body: `{"title":"Contract-to-Close Transaction Coordination","description":"A licensed coordinator manages every deadline.",` +
			`"categories":["cat:transaction-coordinator"],"retail_price":"$395","pro_price":"$345","billing_period":"one_time",` +
			`"packages":[{"name":"Buyer or Seller Side","price":"$395","features":["File opened within 24 hours"],"popular":true}]}`},
	"set-vendor-service-active": {path: "/api/vendor/services/svc-closingbell-tc/active", owner: "vendor", hidden: true, body: `{"active":true}`},
	"duplicate-vendor-service":  {path: "/api/vendor/services/svc-closingbell-tc/duplicate", owner: "vendor", hidden: true},
	// Drafts (issue 30 item 0): another vendor can neither publish nor discard ClosingBell's
	// draft (404, the owner check); the owner's publish without a draft changes nothing (200).
	"publish-vendor-service":       {path: "/api/vendor/services/svc-closingbell-tc/publish", owner: "vendor", hidden: true},
	"discard-vendor-service-draft": {path: "/api/vendor/services/svc-closingbell-tc/draft", owner: "vendor", hidden: true},
	"get-vendor-funnel":            {path: "/api/vendor/services/svc-closingbell-tc/funnel", owner: "vendor", hidden: true},
	"save-vendor-funnel":           {path: "/api/vendor/services/svc-closingbell-tc/funnel", owner: "vendor", hidden: true, body: matrixFunnelBody()},
	// The vendor's Profile, Representatives and Questions tabs and Add New Product (issue 30):
	// vendors only (an agent 403); another vendor's rows answer 404 in the use cases
	// (TestF_AREA_01_VendorProfileOwnership).
	"update-vendor-profile":        {path: "/api/vendor/profiles/ven-closingbell", body: `{"name":"","description":"","service_states":[]}`},
	"list-vendor-representatives":  {path: "/api/vendor/profiles/ven-closingbell/representatives"},
	"add-vendor-representative":    {path: "/api/vendor/profiles/ven-closingbell/representatives", body: `{"name":""}`},
	"update-vendor-representative": {path: "/api/vendor/representatives/rep-closingbell-1", body: `{"name":""}`},
	"set-primary-representative":   {path: "/api/vendor/representatives/matrix-no-such-representative/primary"},
	"remove-vendor-representative": {path: "/api/vendor/representatives/matrix-no-such-representative"},
	"list-vendor-questions":        {path: "/api/vendor/profiles/ven-closingbell/questions"},
	"add-vendor-question":          {path: "/api/vendor/profiles/ven-closingbell/questions", body: `{"question_text":""}`},
	"edit-vendor-question":         {path: "/api/vendor/profiles/ven-closingbell/questions/2", body: `{"question_text":""}`},
	"reorder-vendor-questions":     {path: "/api/vendor/profiles/ven-closingbell/questions/order", body: `{"order":[]}`},
	"remove-vendor-question":       {path: "/api/vendor/profiles/matrix-no-such-vendor/questions/1"},
	"add-vendor-product":           {body: `{"title":"","description":"","price":"","category":"","vendor_location":""}`},
}

// matrixFunnelBody is a whole, valid funnel (the default one of a service titled "Matrix").
func matrixFunnelBody() string {
	b, err := json.Marshal(catalogwrite.DefaultFunnel(catalog.Service{Title: "Matrix funnel"}))
	if err != nil {
		panic(err)
	}
	return string(b)
}

type authzOp struct {
	id, method, path, access, owner string
	hasBody, hasParams              bool
}

// authzOperations reads every operation of the committed OpenAPI document, and checks it is
// the document the code generates, so no route can escape the matrix.
func authzOperations(t *testing.T) []authzOp {
	t.Helper()
	committed, err := os.ReadFile("../../api/openapi.json")
	if err != nil {
		t.Fatalf("read the committed OpenAPI document: %v", err)
	}
	generated, err := app.OpenAPIJSON()
	if err != nil {
		t.Fatal(err)
	}
	parse := func(raw []byte) []authzOp {
		var doc struct {
			Paths map[string]map[string]struct {
				OperationID string          `json:"operationId"`
				Access      *string         `json:"x-circle-access"`
				Owner       string          `json:"x-circle-owner"`
				RequestBody json.RawMessage `json:"requestBody"`
				Parameters  []struct {
					In       string `json:"in"`
					Required bool   `json:"required"`
				} `json:"parameters"`
			} `json:"paths"`
		}
		if err := json.Unmarshal(raw, &doc); err != nil {
			t.Fatalf("OpenAPI document: %v", err)
		}
		var ops []authzOp
		for path, methods := range doc.Paths {
			for method, o := range methods {
				op := authzOp{id: o.OperationID, method: strings.ToUpper(method), path: path, owner: o.Owner, hasBody: len(o.RequestBody) > 0}
				if o.Access != nil {
					op.access = *o.Access
				}
				for _, p := range o.Parameters {
					if p.In == "path" || p.Required {
						op.hasParams = true
					}
				}
				ops = append(ops, op)
			}
		}
		sort.Slice(ops, func(i, j int) bool { return ops[i].path+ops[i].method < ops[j].path+ops[j].method })
		return ops
	}
	ops := parse(committed)
	gen := parse(generated)
	ids := func(ops []authzOp) []string {
		var out []string
		for _, o := range ops {
			out = append(out, o.id+" "+o.method+" "+o.path+" "+o.access+" "+o.owner)
		}
		return out
	}
	if !slices.Equal(ids(ops), ids(gen)) {
		t.Fatalf("api/openapi.json is stale (run make openapi):\ncommitted %v\ngenerated %v", ids(ops), ids(gen))
	}
	if len(ops) == 0 {
		t.Fatal("the OpenAPI document has no operations")
	}
	return ops
}

type authzRole struct {
	name, email string
	admin       bool
	// holds are the role levels of the API document the role holds beyond "user".
	holds []string
}

// authzRoles are the roles of 01§6 as the demo accounts hold them.
var authzRoles = []authzRole{
	{name: "visitor"},
	{name: "agent", email: "agent@demo.test", holds: []string{"verified"}},
	{name: "Pro agent", email: "pro@demo.test", holds: []string{"verified", "pro"}},
	{name: "vendor", email: "vendor@demo.test", holds: []string{"verified", "vendor"}},
	{name: "creator", email: "creator@demo.test", holds: []string{"verified", "creator"}},
	{name: "admin", email: "admin@demo.test", admin: true, holds: []string{"verified"}},
	{name: "support staff", email: "support@demo.test", holds: []string{"verified", "support"}},
}

// authzRoleLevels are the access levels a role's holders (and administrators) pass.
var authzRoleLevels = []string{"verified", "pro", "creator", "vendor", "admin", "support"}

// authzWant is what the declared access promises a role: 0 when the call is let through,
// else the status of the denial.
func authzWant(op authzOp, req authzRequest, r authzRole) int {
	switch {
	case op.access == "public":
		if r.email == "" && req.visitor401 != "" {
			return http.StatusUnauthorized
		}
		return 0
	case r.email == "":
		return http.StatusUnauthorized
	case op.access == "user":
		return 0
	case slices.Contains(authzRoleLevels, op.access):
		if r.admin || slices.Contains(r.holds, op.access) {
			return 0
		}
		return http.StatusForbidden
	}
	// owner-of and owner-only
	if r.name == req.owner || (op.access == "owner-of" && r.admin) {
		return 0
	}
	if req.hidden {
		return http.StatusNotFound
	}
	return http.StatusForbidden
}

// TestF_AUTH_09_AuthorizationMatrix calls every operation of the route table (the API document
// the code generates, which must be the committed one) as every role and checks the access the
// operation declares (x-circle-access): public operations never answer 401/403; every other
// operation answers 401 to visitors; user operations let every signed-in role through; role
// levels (verified, pro, creator, vendor, admin) let the role's holders and administrators
// through and answer 403 to the others; owner-of operations let the row's owner and
// administrators through (2xx), owner-only operations the owner alone, and answer the others
// 403, or 404 where the product hides that the row exists. No operation answers a 5xx to
// anyone (redirects may answer 503 when Google is not set up).
func TestF_AUTH_09_AuthorizationMatrix(t *testing.T) {
	t.Parallel()
	ops := authzOperations(t)
	levels := append([]string{"public", "user", "owner-of", "owner-only"}, authzRoleLevels...)
	// Every operation must be checkable before anything runs.
	for id := range authzRequests {
		if !slices.ContainsFunc(ops, func(o authzOp) bool { return o.id == id }) {
			t.Errorf("authzRequests has an entry for %s, which is not in the API document", id)
		}
	}
	for _, op := range ops {
		req, listed := authzRequests[op.id]
		owned := op.access == "owner-of" || op.access == "owner-only"
		switch {
		case op.id == "":
			t.Errorf("%s %s has no operationId", op.method, op.path)
		case !slices.Contains(levels, op.access):
			t.Errorf("%s (%s %s): x-circle-access is %q; it must be one of %v", op.id, op.method, op.path, op.access, levels)
		case owned != (op.owner != ""):
			t.Errorf("%s (%s %s): x-circle-owner %q does not go with x-circle-access %q", op.id, op.method, op.path, op.owner, op.access)
		case owned && (req.owner == "" || !slices.ContainsFunc(authzRoles, func(r authzRole) bool { return r.name == req.owner })):
			t.Errorf("%s (%s %s) is %s: give authzRequests the role owning the row its path names", op.id, op.method, op.path, op.access)
		case !owned && req.owner != "":
			t.Errorf("%s (%s %s) names an owner but is %s", op.id, op.method, op.path, op.access)
		case (op.hasBody || op.hasParams) && !listed:
			t.Errorf("%s (%s %s) needs a body or parameters: add it to authzRequests in authz_test.go", op.id, op.method, op.path)
		case strings.Contains(op.path, "{") && (req.path == "" || strings.Contains(req.path, "{")):
			t.Errorf("%s (%s %s): give authzRequests a path with its parameters filled in", op.id, op.method, op.path)
		}
	}
	if t.Failed() {
		t.FailNow()
	}
	engineEach(t, func(t *testing.T, kind store.Kind) {
		// The index and the snapshot are built once the demo is loaded, as `circle serve` builds
		// them at start, so /readyz answers 200 like every public route.
		a := acctAppWith(t, kind, testapp.Options{WarmAfterLoad: true})
		a.Warm(t)
		noRedirect := func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
		signIn := func(r authzRole) *http.Client {
			c, in, _ := acctBrowser(t, a, r.email)
			if in.Profile.IsAdminEff != r.admin {
				t.Fatalf("%s: is_admin_effective %v", r.name, in.Profile.IsAdminEff)
			}
			return c
		}
		clients := map[string]*http.Client{}
		for _, r := range authzRoles[1:] {
			clients[r.name] = signIn(r)
		}
		// The demo accounts hold the roles they stand for.
		p := func(name string) httpapi.ProfileView {
			var v httpapi.ProfileView
			a.DoWith(t, clients[name], http.MethodGet, "/api/profile", nil, nil).JSON(t, &v)
			return v
		}
		if ag, pro, ven, cre := p("agent"), p("Pro agent"), p("vendor"), p("creator"); ag.IsProEff || ag.VendorEnabled || ag.IsCreator ||
			!pro.IsProEff || !ven.VendorEnabled || !cre.IsCreator {
			t.Fatalf("demo roles: agent %+v pro %v vendor %v creator %v", ag.Profile, pro.IsProEff, ven.VendorEnabled, cre.IsCreator)
		}

		// The agent's rows: an order with its payment page, and the agent's demo reviews.
		placed := agentCheckout(t, a, clients["agent"])
		var reviews []string
		for _, r := range demo.Build(a.DB.Now()).Reviews {
			if r.UserID == "usr-demo-agent" {
				reviews = append(reviews, r.ID)
			}
		}
		if len(reviews) < 1+len(authzRoles) {
			t.Fatalf("the demo agent has %d reviews; the matrix needs %d", len(reviews), 1+len(authzRoles))
		}
		nextReview := 1
		rows := func(path string) string {
			if strings.Contains(path, rowAgentReviewNext) {
				path = strings.ReplaceAll(path, rowAgentReviewNext, reviews[nextReview])
				nextReview++
			}
			return strings.NewReplacer(rowAgentOrder, placed.Order.ID, rowAgentSession, placed.SessionID, rowAgentReview, reviews[0]).Replace(path)
		}

		checked := 0
		for _, op := range ops {
			req := authzRequests[op.id]
			var body []byte
			if req.body != "" {
				body = []byte(req.body)
			}
			for _, r := range authzRoles {
				path := op.path
				if req.path != "" {
					path = rows(req.path)
				}
				c := &http.Client{CheckRedirect: noRedirect}
				if r.email != "" {
					c = clients[r.name]
				}
				res := a.DoWith(t, c, op.method, path, body, nil)
				s := res.Status
				where := op.id + " (" + op.access + ", " + op.method + " " + path + ") as " + r.name
				denied := s == http.StatusUnauthorized || s == http.StatusForbidden
				want := authzWant(op, req, r)
				switch {
				case s >= 500 && !(req.redirect && s == http.StatusServiceUnavailable):
					t.Errorf("%s: %d %s", where, s, authzShort(res.Body))
				case want != 0 && s != want:
					t.Errorf("%s: %d, want %d: %s", where, s, want, authzShort(res.Body))
				case want == 0 && denied:
					t.Errorf("%s: %d, want the call let through: %s", where, s, authzShort(res.Body))
				case want == 0 && req.owner != "" && (s < 200 || s > 299):
					t.Errorf("%s: %d, want the row's %s let through with a 2xx: %s", where, s, req.owner, authzShort(res.Body))
				case op.access == "public" && req.redirect && s != http.StatusFound && s != http.StatusServiceUnavailable:
					t.Errorf("%s: %d, want a redirect (302) or 503 when not configured", where, s)
				}
				if s == http.StatusUnauthorized || s == http.StatusForbidden {
					if e := acctError(t, res); (s == 401 && e.Code != "unauthenticated") || (s == 403 && e.Code != "forbidden") {
						t.Errorf("%s: %d with code %s", where, s, e.Code)
					}
				}
				checked++
				// An operation may end the role's session (sign-out): sign in again so the
				// next operation is checked with a live session.
				if r.email != "" && acctStatus(t, a, c, http.MethodGet, "/api/auth/session") != http.StatusOK {
					clients[r.name] = signIn(r)
				}
			}
		}
		if checked != len(ops)*len(authzRoles) {
			t.Fatalf("checked %d calls, want %d", checked, len(ops)*len(authzRoles))
		}
		t.Logf("authorization matrix on %s: %d operations x %d roles = %d calls", kind, len(ops), len(authzRoles), checked)
	})
}

// authzShort cuts a response body for a failure message.
func authzShort(b []byte) string {
	if len(b) > 300 {
		return string(b[:300]) + "..."
	}
	return string(b)
}
