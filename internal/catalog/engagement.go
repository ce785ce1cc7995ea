package catalog

import (
	"strings"
	"time"
	"unicode/utf8"

	"circle/internal/apperr"
)

// DefaultVendorQuestions are seeded for a vendor that has no evaluation questions yet
// (seed_vendor_questions, 02§4). Question 5 is answered on the vendor funnel modal with the
// vendor's latest reviews.
var DefaultVendorQuestions = [5]string{
	"What services do you provide to real estate agents and their clients?",
	"How will working with you help me win and close more business?",
	"What does getting started with you look like, and how long does it take?",
	"How do you communicate with me and my clients during a transaction or campaign?",
	"What do other agents say about working with you?",
}

// Limits of vendor question edits.
const (
	QuestionTextMax = 500
	AnswerTextMax   = 5000
	// QuestionNumberMax bounds the question numbers a vendor may edit.
	QuestionNumberMax = 20
)

// QuestionEdit is a validated vendor question change.
type QuestionEdit struct {
	QuestionText string
	// AnswerText is nil when the answer is left as it is.
	AnswerText *string
}

// ValidateQuestionEdit trims and checks a question edit: question text 1-500 characters, an
// optional answer of at most 5000.
func ValidateQuestionEdit(question string, answer *string) (QuestionEdit, error) {
	q := strings.TrimSpace(question)
	var fields []apperr.FieldError
	switch n := utf8.RuneCountInString(q); {
	case n == 0:
		fields = append(fields, apperr.FieldError{Field: "question_text", Key: "vendor_question.required", Message: "Question text is required."})
	case n > QuestionTextMax:
		fields = append(fields, apperr.FieldError{Field: "question_text", Key: "vendor_question.too_long", Message: "Question text must be 500 characters or fewer."})
	}
	var a *string
	if answer != nil {
		t := strings.TrimSpace(*answer)
		if utf8.RuneCountInString(t) > AnswerTextMax {
			fields = append(fields, apperr.FieldError{Field: "answer_text", Key: "vendor_question.answer_too_long", Message: "Answer must be 5000 characters or fewer."})
		}
		a = &t
	}
	if err := apperr.Fields(fields); err != nil {
		return QuestionEdit{}, err
	}
	return QuestionEdit{QuestionText: q, AnswerText: a}, nil
}

// Review rules (02§5).
const (
	ReviewTextMax = 2000
	// ReviewSourceAgent is the source of reviews agents write in the app.
	ReviewSourceAgent = "agent"
	// AnonymousAuthor is shown when a reviewer has no display name.
	AnonymousAuthor = "Anonymous User"

	MsgReviewSignIn       = "Authentication Required: Please log in to submit a review."
	MsgReviewRating       = "Rating Required: Please select a star rating."
	MsgReviewTooLong      = "Review must be 2000 characters or fewer."
	MsgReviewDuplicate    = "You have already reviewed this service. Edit your review instead."
	MsgReviewNotYours     = "You can only change your own review."
	MsgQuestionUpdated    = "Question updated successfully"
	MsgQuestionNotAllowed = "Only the vendor or an administrator can edit these questions."
)

// ValidateRating checks a star rating: required, 1 to 5.
func ValidateRating(rating *int) (int, error) {
	if rating == nil || *rating < 1 || *rating > 5 {
		return 0, apperr.Field("rating", "review.rating_required", MsgReviewRating)
	}
	return *rating, nil
}

// ValidateReviewText trims a review's text; empty is saved as null; at most 2000 characters.
func ValidateReviewText(text *string) (*string, error) {
	if text == nil {
		return nil, nil
	}
	t := strings.TrimSpace(*text)
	if t == "" {
		return nil, nil
	}
	if utf8.RuneCountInString(t) > ReviewTextMax {
		return nil, apperr.Field("review", "review.too_long", MsgReviewTooLong)
	}
	return &t, nil
}

// ReviewAuthor is the reviewer as the reviews list shows them (from profiles).
type ReviewAuthor struct {
	DisplayName string `json:"display_name" doc:"The profile's display name, or Anonymous User"`
	AvatarURL   string `json:"avatar_url"`
	IsProMember bool   `json:"is_pro_member"`
	// Anonymous is true when the display name is the fallback (the web app may translate it).
	Anonymous bool `json:"anonymous"`
}

// AuthorOf builds the author line; a missing or blank profile gives Anonymous User.
func AuthorOf(displayName, avatarURL string, isPro bool, found bool) ReviewAuthor {
	a := ReviewAuthor{DisplayName: strings.TrimSpace(displayName), AvatarURL: avatarURL, IsProMember: isPro}
	if !found || a.DisplayName == "" {
		a.DisplayName, a.Anonymous = AnonymousAuthor, true
	}
	return a
}

// ReviewView is a review with its author.
type ReviewView struct {
	ID           string       `json:"id"`
	ServiceID    string       `json:"service_id"`
	ServiceTitle string       `json:"service_title,omitempty" doc:"Set on the vendor's review list"`
	UserID       string       `json:"user_id"`
	Rating       int          `json:"rating"`
	Review       *string      `json:"review"`
	ReviewSource string       `json:"review_source" enum:"agent,vendor_provided,google_external,admin_assigned"`
	Verified     bool         `json:"verified" doc:"The author bought or booked the service"`
	SourceURL    string       `json:"source_url"`
	CreatedAt    time.Time    `json:"created_at"`
	UpdatedAt    time.Time    `json:"updated_at"`
	Author       ReviewAuthor `json:"author"`
	// Own is true for the caller's own review (edit and delete are offered).
	Own bool `json:"own"`
}

// Vendor activity types (track_vendor_activity, 02§7).
const (
	ActivityConsultationBooking = "consultation_booking"
	ActivityServiceSave         = "service_save"
	ActivityServicePurchase     = "service_purchase"
	ActivityFunnelView          = "funnel_view"
	ActivityContactRequest      = "contact_request"
	ActivityCoPayRequest        = "co_pay_request"
)

// ActivityTypes lists the vendor activity types.
var ActivityTypes = []string{ActivityConsultationBooking, ActivityServiceSave, ActivityServicePurchase,
	ActivityFunnelView, ActivityContactRequest, ActivityCoPayRequest}

// VendorActivity is one thing an agent did that the vendor sees (vendor_activity).
type VendorActivity struct {
	ID           string    `json:"id"`
	VendorID     string    `json:"vendor_id"`
	AgentID      string    `json:"agent_id"`
	ServiceID    *string   `json:"service_id"`
	ActivityType string    `json:"activity_type"`
	ActivityData string    `json:"activity_data"`
	CreatedAt    time.Time `json:"created_at"`
}

// Listed passes on a service row read by id only when the marketplace lists it (active): agents
// never reach a service that is not listed, so anything else is not found.
func Listed(svc Service, err error) (Service, error) {
	if err == nil && !svc.IsActive {
		return svc, apperr.New(apperr.NotFound, "service not found")
	}
	return svc, err
}

// Funnel tracking event types agents' browsers send (02§7).
var FunnelEventTypes = []string{"share", "share_completed", "click", "booking", "purchase", "outbound_click"}

// EventCartAdd is the tracking event the server records for each add to cart (vendor
// analytics); browsers cannot send it.
const EventCartAdd = "cart_add"

// TrackingEvent is one service_tracking_events row.
type TrackingEvent struct {
	ServiceID    string
	VendorID     *string
	UserID       *string
	ViewerKey    string
	EventType    string
	EventData    string
	RevenueCents int64
	// Source is EventSourceServer (the default) or EventSourceClient for events a browser
	// reported.
	Source string
}

// Tracking event sources: events the server records itself (orders, bookings) and events a
// browser reported. Only server events count as proof of purchase.
// EventSourceDemo marks the activity the demo loader seeds (never written otherwise); the demo's
// seeded purchases count as sales so its catalogue shows bestsellers.
const (
	EventSourceServer = "server"
	EventSourceClient = "client"
	EventSourceDemo   = "demo"
)

// TrackingMetrics are a service's numbers over a period (get_service_tracking_metrics).
type TrackingMetrics struct {
	ServiceID              string    `json:"service_id"`
	Period                 string    `json:"period" enum:"7d,30d,90d"`
	TotalViews             int64     `json:"total_views"`
	TotalClicks            int64     `json:"total_clicks" doc:"click and outbound_click events"`
	TotalBookings          int64     `json:"total_bookings"`
	TotalPurchases         int64     `json:"total_purchases"`
	ConversionRate         float64   `json:"conversion_rate" doc:"purchases / views, 4 decimals; 0 without views"`
	RevenueAttributedCents int64     `json:"revenue_attributed_cents"`
	LastUpdated            time.Time `json:"last_updated"`
}

// ConversionRate is purchases over views rounded to 4 decimals (a ratio, not money).
func ConversionRate(purchases, views int64) float64 {
	if views <= 0 {
		return 0
	}
	return float64((purchases*10000*2/views+1)/2) / 10000
}

// ReferralToken attributes a shared link to the agent who shared it (mint_referral_token).
type ReferralToken struct {
	Token     string
	UserID    string
	VendorID  *string
	ServiceID string
	CreatedAt time.Time
}

// ReferralTokenView is what the API shows of a ReferralToken: not who shared the link. The API
// names its schema ReferralToken.
type ReferralTokenView struct {
	Token     string    `json:"token"`
	VendorID  *string   `json:"vendor_id"`
	ServiceID string    `json:"service_id"`
	CreatedAt time.Time `json:"created_at"`
}

// View is what the API shows of the referral token.
func (t ReferralToken) View() ReferralTokenView {
	return ReferralTokenView{Token: t.Token, VendorID: t.VendorID, ServiceID: t.ServiceID, CreatedAt: t.CreatedAt}
}

// Slug turns a title into the utm_source value: lower-case ASCII letters and digits joined
// by dashes ("Listing Photos & Video" -> "listing-photos-video").
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	out := strings.TrimSuffix(b.String(), "-")
	if out == "" {
		out = "service"
	}
	return out
}

// ServiceView is one service_views row as recorded: who viewed (the signed-in user, else
// nobody), the browser session key the page sent, and the server's own keys of the viewer.
type ServiceView struct {
	ServiceID string
	UserID    *string
	// ViewerKey is the browser session's random id (kept for "customers also viewed"); it is
	// chosen by the client, so it never decides whether a view counts.
	ViewerKey string
	// Fingerprint is who the view counts for: "u:" and the user id for a signed-in viewer,
	// else "v:" and a keyed hash of IP address and user agent.
	Fingerprint string
	// Network is a keyed hash of the IPv4 address or IPv6 /64 the view came from.
	Network   string
	UserAgent string
	Referrer  string
}
