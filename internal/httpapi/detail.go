package httpapi

import (
	"context"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/detail"
	"circle/internal/marketplace"
)

// DetailArea is a service's and a vendor's details, reviews, funnel tracking and referral
// tokens.
type DetailArea struct {
	Detail *detail.Service
}

// Summaries too long for their route line.
const (
	msgMetricsNotAllowed    = "Only the service's vendor or an administrator can see its metrics."
	sumGetServiceDetail     = "Everything the funnel page and sales-page dialog show, in one answer"
	sumGetServiceOffers     = "The purchase dialogs' offers of a service for the caller (records no view)"
	sumServiceCards         = "Cards of up to 50 services by id, and the ids no longer available"
	sumAlsoViewed           = "Services most co-viewed with this one in 30 days (max 8)"
	sumListReviews          = "A service's reviews (newest 20) with average and count"
	sumCreateReview         = "Review a service (one per user)"
	sumUpdateReview         = "Change one's own review"
	sumDeleteReview         = "Delete one's own review (administrators: any)"
	sumGetVendorDetail      = "Everything the vendor funnel modal shows (seeds default questions)"
	sumQuestion             = "Edit an evaluation question (the vendor's owner or an administrator)"
	sumRecordEvent          = "Record a funnel tracking event of a signed-in user"
	sumServiceMetrics       = "Tracking metrics of a service (its vendor's owner or an administrator)"
	sumMintReferralToken    = "The caller's referral token and share link for a service"
	sumResolveReferralToken = "The service and vendor a referral token belongs to"
)

// Register declares the area's routes.
func (h *DetailArea) Register(r *Router) {
	reviewer := user.signInAs(catalog.MsgReviewSignIn)
	notYours := apperr.New(apperr.Forbidden, catalog.MsgReviewNotYours)
	author := ownerOnly(reviewAuthor("id"), notYours).signInAs(catalog.MsgReviewSignIn)
	authorOrAdmin := ownerOf(reviewAuthor("id"), notYours).signInAs(catalog.MsgReviewSignIn)
	editor := ownerOf(vendorOwner("id"), apperr.New(apperr.Forbidden, catalog.MsgQuestionNotAllowed))
	tracked := user.signInAs(msgTrackingSignIn)
	metricsReader := ownerOf(serviceVendorOwner("id"), apperr.New(apperr.Forbidden, msgMetricsNotAllowed))
	get(r, "/api/services/{id}", "get-service-detail", sumGetServiceDetail, "detail", public, h.getServiceDetail)
	get(r, "/api/services/{id}/offers", "get-service-offers", sumGetServiceOffers, "detail", public, h.getServiceOffers)
	get(r, "/api/service-cards", "service-cards", sumServiceCards, "detail", public, h.serviceCards)
	get(r, "/api/services/{id}/also-viewed", "also-viewed", sumAlsoViewed, "detail", public, h.alsoViewed)
	get(r, "/api/services/{id}/reviews", "list-reviews", sumListReviews, "reviews", public, h.listReviews)
	post(r, "/api/services/{id}/reviews", "create-review", sumCreateReview, "reviews", reviewer, h.createReview, maxKB(16), created)
	patch(r, "/api/reviews/{id}", "update-review", sumUpdateReview, "reviews", author, h.updateReview, maxKB(16))
	del(r, "/api/reviews/{id}", "delete-review", sumDeleteReview, "reviews", authorOrAdmin, h.deleteReview)
	get(r, "/api/vendors/{id}", "get-vendor-detail", sumGetVendorDetail, "detail", public, h.getVendorDetail)
	put(r, "/api/vendors/{id}/questions/{number}", "update-vendor-question", sumQuestion, "detail", editor, h.updateQuestion, maxKB(32))
	post(r, "/api/services/{id}/events", "record-service-event", sumRecordEvent, "tracking", tracked, h.recordEvent, maxKB(8))
	get(r, "/api/services/{id}/metrics", "service-metrics", sumServiceMetrics, "tracking", metricsReader, h.serviceMetrics)
	post(r, "/api/referral-tokens", "mint-referral-token", sumMintReferralToken, "tracking", user, h.mintReferralToken, maxKB(4))
	get(r, "/api/referral-tokens/{token}", "resolve-referral-token", sumResolveReferralToken, "tracking", public, h.resolveReferralToken)
}

const (
	msgTrackingSignIn = "tracking events are only recorded for signed-in users"
	msgInterestSignIn = "Please sign in to show interest in discounts"
)

// detailCaller is the caller as the detail service sees it; a visitor has no user, only the
// currency choice and language of their prices.
func detailCaller(ctx context.Context) (detail.Caller, error) {
	p, signedIn, err := viewer(ctx)
	if err != nil {
		return detail.Caller{}, err
	}
	if !signedIn {
		// A visitor's prices: their cookie's choice, in the request's language.
		return detail.Caller{Lang: callerFrom(ctx).lang, Currency: currencyOf(ctx, p, false)}, nil
	}
	return detail.Caller{UserID: p.User.ID, IsPro: p.IsPro(), IsAdmin: p.IsAdmin, State: p.Profile.State, Lang: p.Profile.PreferredLanguage,
		Currency: currencyOf(ctx, p, true)}, nil
}

type serviceDetailOutput = bodyOutput[detail.ServiceDetail]

// getServiceDetail answers everything the funnel page and the sales-page dialog show.
func (h *DetailArea) getServiceDetail(ctx context.Context, in *idPath) (*serviceDetailOutput, error) {
	c, err := detailCaller(ctx)
	if err != nil {
		return nil, err
	}
	return answer(h.Detail.ServiceDetail(ctx, in.ID, c))
}

type serviceOffersOutput = bodyOutput[detail.ServiceOffers]

// getServiceOffers answers the purchase dialogs: the offers of the detail answer alone, and no
// funnel view recorded (issue 26 item 4).
func (h *DetailArea) getServiceOffers(ctx context.Context, in *idPath) (*serviceOffersOutput, error) {
	c, err := detailCaller(ctx)
	if err != nil {
		return nil, err
	}
	return answer(h.Detail.Offers(ctx, in.ID, c))
}

type cardsOutputBody struct {
	Services []marketplace.Card `json:"services"`
}

type cardsOutput = bodyOutput[cardsOutputBody]

// alsoViewed lists the services most co-viewed with this one in 30 days (customers also viewed).
func (h *DetailArea) alsoViewed(ctx context.Context, in *idPath) (*cardsOutput, error) {
	cards, err := h.Detail.AlsoViewed(ctx, in.ID)
	return answer(cardsOutputBody{Services: cards}, err)
}

type serviceCardsInput struct {
	IDs []string `query:"ids,explode" maxItems:"50" doc:"Service ids, up to 50 (repeat the parameter)"`
}

type serviceCardsOutputBody struct {
	Services []marketplace.Card `json:"services" doc:"Cards of the active services, in the order asked"`
	Missing  []string           `json:"missing" doc:"Ids that are unknown or no longer active (Some services are no longer available)"`
}

type serviceCardsOutput = bodyOutput[serviceCardsOutputBody]

// serviceCards returns the cards of the given services (recently viewed, the saved screen) and
// names the ids that are gone.
func (h *DetailArea) serviceCards(ctx context.Context, in *serviceCardsInput) (*serviceCardsOutput, error) {
	cards, missing, err := h.Detail.ServiceCards(ctx, in.IDs)
	return answer(serviceCardsOutputBody{Services: cards, Missing: missing}, err)
}

type reviewsOutput = bodyOutput[detail.Reviews]

func (h *DetailArea) listReviews(ctx context.Context, in *idPath) (*reviewsOutput, error) {
	// A failed session lookup lists the reviews as a visitor would see them.
	c, _ := detailCaller(ctx)
	return answer(h.Detail.Reviews(ctx, in.ID, c))
}

type reviewChangeOutput = bodyOutput[detail.ReviewChange]

type reviewBody struct {
	Rating *int    `json:"rating,omitempty" doc:"Stars, 1 to 5 (required when creating)"`
	Review *string `json:"review,omitempty" doc:"Optional text, trimmed; empty is saved as null; at most 2000 characters"`
}

func (b reviewBody) edit() detail.ReviewEdit {
	return detail.ReviewEdit{Rating: b.Rating, Review: b.Review}
}

type createReviewInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body reviewBody
}

// createReview adds the caller's review (one per user per service). It is verified when the
// caller bought or booked the service.
func (h *DetailArea) createReview(ctx context.Context, in *createReviewInput) (*reviewChangeOutput, error) {
	return answer(h.Detail.CreateReview(ctx, principalOf(ctx).User.ID, in.ID, in.Body.edit()))
}

type updateReviewInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body reviewBody
}

// updateReview changes the caller's own review (the route lets only its author through);
// fields left out keep their value.
func (h *DetailArea) updateReview(ctx context.Context, in *updateReviewInput) (*reviewChangeOutput, error) {
	return answer(h.Detail.UpdateReview(ctx, principalOf(ctx).User.ID, in.ID, in.Body.edit()))
}

// deleteReview removes the caller's own review; administrators may remove any (the route's access).
func (h *DetailArea) deleteReview(ctx context.Context, in *idPath) (*reviewChangeOutput, error) {
	return answer(h.Detail.DeleteReview(ctx, in.ID))
}

type vendorDetailOutput = bodyOutput[detail.VendorDetail]

// getVendorDetail answers everything the vendor funnel modal shows.
func (h *DetailArea) getVendorDetail(ctx context.Context, in *idPath) (*vendorDetailOutput, error) {
	c, err := detailCaller(ctx)
	if err != nil {
		return nil, err
	}
	return answer(h.Detail.VendorDetail(ctx, in.ID, c))
}

type questionInput struct {
	ID     string `path:"id" maxLength:"64"`
	Number int    `path:"number" minimum:"1" maximum:"20"`
	Body   struct {
		QuestionText string  `json:"question_text" maxLength:"4000" doc:"1 to 500 characters after trimming"`
		AnswerText   *string `json:"answer_text,omitempty" maxLength:"20000" doc:"Left unchanged when absent; at most 5000 characters"`
	}
}

type questionOutputBody struct {
	Message  string                 `json:"message"`
	Question catalog.VendorQuestion `json:"question"`
}

type questionOutput = bodyOutput[questionOutputBody]

// updateQuestion lets a vendor's owner (or an administrator) edit a question; the route
// declares that access.
func (h *DetailArea) updateQuestion(ctx context.Context, in *questionInput) (*questionOutput, error) {
	q, err := h.Detail.UpdateVendorQuestion(ctx, in.ID, in.Number, in.Body.QuestionText, in.Body.AnswerText)
	return answer(questionOutputBody{Message: catalog.MsgQuestionUpdated, Question: q}, err)
}

type eventInput struct {
	ID   string `path:"id" maxLength:"64"`
	Body struct {
		EventType string         `json:"event_type" enum:"share,share_completed,click,booking,purchase,outbound_click"`
		EventData map[string]any `json:"event_data,omitempty" doc:"Free-form details, at most 4 KB as JSON"`
	}
}

type eventOutputBody struct {
	Recorded bool `json:"recorded"`
}

type eventOutput = bodyOutput[eventOutputBody]

// recordEvent records a funnel event of a signed-in user (02§7, 03§6).
func (h *DetailArea) recordEvent(ctx context.Context, in *eventInput) (*eventOutput, error) {
	rec, err := h.Detail.RecordEvent(ctx, principalOf(ctx).User.ID, in.ID, in.Body.EventType, in.Body.EventData)
	return answer(eventOutputBody{Recorded: rec}, err)
}

type metricsInput struct {
	ID     string `path:"id" maxLength:"64"`
	Period string `query:"period" enum:"7d,30d,90d," doc:"Default 30d"`
}

type metricsOutput = bodyOutput[catalog.TrackingMetrics]

// serviceMetrics is get_service_tracking_metrics for the owning vendor's account or admins
// (the route's access).
func (h *DetailArea) serviceMetrics(ctx context.Context, in *metricsInput) (*metricsOutput, error) {
	return answer(h.Detail.Metrics(ctx, in.ID, in.Period))
}

type mintInput struct {
	Body struct {
		ServiceID string `json:"service_id" minLength:"1" maxLength:"64"`
	}
}

// ReferralLink is a minted referral token with the share link that carries it.
type ReferralLink struct {
	Token     string  `json:"token"`
	ServiceID string  `json:"service_id"`
	VendorID  *string `json:"vendor_id"`
	ShareURL  string  `json:"share_url" doc:"{base}/services/{title slug}--{id}?utm_source={title slug}&utm_medium=share&utm_campaign=deal_share&ref={token}: the service's server-rendered page"`
}

type mintOutput = bodyOutput[ReferralLink]

// mintReferralToken returns the caller's referral token for a service and its share link.
func (h *DetailArea) mintReferralToken(ctx context.Context, in *mintInput) (*mintOutput, error) {
	r, err := h.Detail.MintReferral(ctx, principalOf(ctx).User.ID, in.Body.ServiceID)
	if err != nil {
		return nil, err
	}
	return &mintOutput{Body: ReferralLink{Token: r.Token.Token, ServiceID: r.Token.ServiceID, VendorID: r.Token.VendorID, ShareURL: r.ShareURL}}, nil
}

type tokenPathInput struct {
	Token string `path:"token" maxLength:"64"`
}

type referralOutput = bodyOutput[catalog.ReferralTokenView]

// resolveReferralToken tells which service and vendor a shared link's ref belongs to.
func (h *DetailArea) resolveReferralToken(ctx context.Context, in *tokenPathInput) (*referralOutput, error) {
	t, err := h.Detail.ResolveReferral(ctx, in.Token)
	if err != nil {
		return nil, err
	}
	return &referralOutput{Body: t.View()}, nil
}
