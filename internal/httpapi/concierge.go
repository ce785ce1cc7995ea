package httpapi

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/danielgtaylor/huma/v2"

	"circle/internal/apperr"
	"circle/internal/concierge"
	"circle/internal/ids"
)

// ConciergeArea is the Circle Agent Concierge (issue 29, F-AI-03): answers, threads, and
// admins' feedback. Visitors are known by an anonymous id cookie (anonCookie); a visitor who
// signs in keeps their threads (claimed on the first concierge call with a session).
type ConciergeArea struct {
	Concierge *concierge.Service
	TLS       bool
}

// anonCookie holds a visitor's random anonymous id; the server keeps only its hash.
const anonCookie = "circle_anon"

// Summaries too long for their route line.
const (
	sumConciergeRespond  = "Ask the concierge: an answer grounded in Circle's services, reviews and guides, stored in a thread"
	sumConciergeStream   = "Ask the concierge, the answer as server-sent events: the model's text as it is written, then the answer"
	sumConciergeThreads  = "The caller's concierge threads (a visitor's by the anonymous id cookie), latest first"
	sumConciergeMessages = "The messages of one of the caller's concierge threads, oldest first"
	sumConciergeFeedback = "An admin's verdict on a concierge answer: helpful, or not with a correction later answers follow"
	sumAdminConcFeedback = "Concierge feedback, newest first"
	sumConciergeRecs     = "Services recommended to the signed-in agent, each with the facts behind it"
	sumConciergeMarket   = "Market figures of a state by category, from Circle's own purchases and catalogue"
)

// Register declares the area's routes.
func (h *ConciergeArea) Register(r *Router) {
	post(r, "/api/concierge/respond", "concierge-respond", sumConciergeRespond, "concierge", public, h.respond, maxKB(16))
	post(r, "/api/concierge/respond/stream", "concierge-respond-stream", sumConciergeStream, "concierge", public, h.respondStream, maxKB(16))
	get(r, "/api/concierge/threads", "list-concierge-threads", sumConciergeThreads, "concierge", public, h.threads)
	get(r, "/api/concierge/threads/{id}/messages", "list-concierge-messages", sumConciergeMessages, "concierge", public, h.messages)
	post(r, "/api/concierge/feedback", "concierge-feedback", sumConciergeFeedback, "concierge", admin, h.feedback, maxKB(8))
	get(r, "/api/concierge/recommendations", "enhanced-ai-recommendations", sumConciergeRecs, "concierge", user, h.recommendations)
	get(r, "/api/concierge/market", "ai-market-intelligence", sumConciergeMarket, "concierge", user, h.market)
	get(r, "/api/admin/concierge/feedback", "admin-concierge-feedback", sumAdminConcFeedback, "admin", admin, h.adminFeedback)
}

type anonCookieInput struct {
	Anon string `cookie:"circle_anon"`
}

// caller is who asks. A signed-in caller with a visitor's cookie gets that visitor's threads
// and the cookie is cleared; a visitor without a cookie gets one when mint is set.
func (h *ConciergeArea) caller(ctx context.Context, anon string, mint bool) (concierge.Caller, []http.Cookie, error) {
	p, signedIn, err := viewer(ctx)
	if err != nil {
		return concierge.Caller{}, nil, err
	}
	valid := len(anon) >= 20 && len(anon) <= 64
	if signedIn {
		c := concierge.Caller{UserID: p.User.ID, Pro: p.IsPro(), State: p.Profile.State, Lang: p.Profile.PreferredLanguage, Currency: profileCurrency(p)}
		if anon == "" {
			return c, nil, nil
		}
		if valid {
			if _, err := h.Concierge.Claim(ctx, c.UserID, anonKey(anon)); err != nil {
				return concierge.Caller{}, nil, err
			}
		}
		return c, []http.Cookie{{Name: anonCookie, Value: "", Path: "/", MaxAge: -1, HttpOnly: true, Secure: h.TLS, SameSite: http.SameSiteLaxMode}}, nil
	}
	if valid {
		return concierge.Caller{AnonKey: anonKey(anon)}, nil, nil
	}
	if !mint {
		return concierge.Caller{}, nil, nil
	}
	anon = ids.Token(24)
	return concierge.Caller{AnonKey: anonKey(anon)}, []http.Cookie{{Name: anonCookie, Value: anon, Path: "/", MaxAge: 365 * 24 * 3600,
		HttpOnly: true, Secure: h.TLS, SameSite: http.SameSiteLaxMode}}, nil
}

func anonKey(anon string) string {
	sum := sha256.Sum256([]byte(anon))
	return hex.EncodeToString(sum[:])
}

type conciergeRespondInput struct {
	Anon string `cookie:"circle_anon"`
	Body struct {
		Text     string `json:"text" maxLength:"4000" doc:"The agent's message (at most 2,000 characters once trimmed)"`
		ThreadID string `json:"thread_id,omitempty" maxLength:"64" doc:"A thread of the caller to continue; none starts a new thread"`
	}
}

type conciergeRespondOutput struct {
	SetCookie []http.Cookie `header:"Set-Cookie"`
	Body      concierge.Answer
}

func (h *ConciergeArea) respond(ctx context.Context, in *conciergeRespondInput) (*conciergeRespondOutput, error) {
	c, cookies, err := h.caller(ctx, in.Anon, true)
	if err != nil {
		return nil, err
	}
	a, err := h.Concierge.Respond(ctx, c, concierge.Ask{Text: in.Body.Text, ThreadID: in.Body.ThreadID})
	if err != nil {
		return nil, err
	}
	return &conciergeRespondOutput{SetCookie: cookies, Body: a}, nil
}

// respondStream is respond as server-sent events (text/event-stream): "delta" events carry the
// model's message text as it is written ({"text"}), then one "answer" event the final answer
// (respond's shape, validated: an invalid citation gives the built-in answer), or one "error"
// event. The built-in advisor sends only the answer. Refusals (text, rate limit, thread) are
// ordinary HTTP errors, checked before the stream starts.
func (h *ConciergeArea) respondStream(ctx context.Context, in *conciergeRespondInput) (*huma.StreamResponse, error) {
	c, cookies, err := h.caller(ctx, in.Anon, true)
	if err != nil {
		return nil, err
	}
	p, err := h.Concierge.Prepare(ctx, c, concierge.Ask{Text: in.Body.Text, ThreadID: in.Body.ThreadID})
	if err != nil {
		return nil, err
	}
	return &huma.StreamResponse{Body: func(hc huma.Context) {
		hc.SetHeader("Content-Type", "text/event-stream")
		hc.SetHeader("Cache-Control", "no-cache")
		hc.SetHeader("X-Accel-Buffering", "no")
		for _, ck := range cookies {
			hc.AppendHeader("Set-Cookie", ck.String())
		}
		hc.SetStatus(http.StatusOK)
		w := hc.BodyWriter()
		flush := func() {}
		if rw, ok := w.(http.ResponseWriter); ok {
			rc := http.NewResponseController(rw) // through the middleware's recorder (Unwrap)
			flush = func() { _ = rc.Flush() }
		}
		send := func(event string, v any) {
			b, err := json.Marshal(v)
			if err != nil {
				return
			}
			_, _ = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b)
			flush()
		}
		a, err := h.Concierge.Finish(hc.Context(), p, func(d string) { send("delta", map[string]string{"text": d}) })
		if err != nil {
			send("error", map[string]string{"message": "I'm having trouble connecting right now. Please try again in a moment."})
			return
		}
		send("answer", a)
	}}, nil
}

type conciergeThreadsOutput struct {
	SetCookie []http.Cookie `header:"Set-Cookie"`
	Body      struct {
		Threads []concierge.ThreadView `json:"threads"`
	}
}

func (h *ConciergeArea) threads(ctx context.Context, in *anonCookieInput) (*conciergeThreadsOutput, error) {
	c, cookies, err := h.caller(ctx, in.Anon, false)
	if err != nil {
		return nil, err
	}
	ts, err := h.Concierge.Threads(ctx, c)
	if err != nil {
		return nil, err
	}
	out := &conciergeThreadsOutput{SetCookie: cookies}
	out.Body.Threads = ts
	return out, nil
}

type conciergeMessagesInput struct {
	Anon string `cookie:"circle_anon"`
	ID   string `path:"id" maxLength:"64"`
}

type conciergeMessagesOutput struct {
	SetCookie []http.Cookie `header:"Set-Cookie"`
	Body      struct {
		Messages []concierge.MessageView `json:"messages"`
	}
}

func (h *ConciergeArea) messages(ctx context.Context, in *conciergeMessagesInput) (*conciergeMessagesOutput, error) {
	c, cookies, err := h.caller(ctx, in.Anon, false)
	if err != nil {
		return nil, err
	}
	if c.UserID == "" && c.AnonKey == "" {
		return nil, notFoundThread()
	}
	ms, err := h.Concierge.Messages(ctx, c, in.ID)
	if err != nil {
		return nil, err
	}
	out := &conciergeMessagesOutput{SetCookie: cookies}
	out.Body.Messages = ms
	return out, nil
}

type conciergeFeedbackInput struct {
	Body struct {
		MessageID  string `json:"message_id" maxLength:"64" minLength:"1"`
		Helpful    bool   `json:"helpful"`
		Correction string `json:"correction,omitempty" maxLength:"4000" doc:"What the answer should have said (not helpful only)"`
	}
}

type conciergeFeedbackOutput = bodyOutput[concierge.FeedbackView]

func (h *ConciergeArea) feedback(ctx context.Context, in *conciergeFeedbackInput) (*conciergeFeedbackOutput, error) {
	return answer(h.Concierge.Feedback(ctx, principalOf(ctx).User.ID, concierge.FeedbackInput{MessageID: in.Body.MessageID, Helpful: in.Body.Helpful, Correction: in.Body.Correction}))
}

type adminConciergeFeedbackOutputBody struct {
	Feedback []concierge.FeedbackView `json:"feedback"`
}

type adminConciergeFeedbackOutput = bodyOutput[adminConciergeFeedbackOutputBody]

func (h *ConciergeArea) adminFeedback(ctx context.Context, _ *struct{}) (*adminConciergeFeedbackOutput, error) {
	fs, err := h.Concierge.FeedbackList(ctx)
	return answer(adminConciergeFeedbackOutputBody{Feedback: fs}, err)
}

// signedInCaller is the signed-in agent as the concierge sees them (the route admits users only).
func signedInCaller(ctx context.Context, lang string) concierge.Caller {
	p := principalOf(ctx)
	if lang == "" {
		lang = p.Profile.PreferredLanguage
	}
	return concierge.Caller{UserID: p.User.ID, Pro: p.IsPro(), State: p.Profile.State, Lang: lang, Currency: profileCurrency(p)}
}

type conciergeRecsInput struct {
	Lang string `query:"lang" enum:"en,es,fr" doc:"The language of titles and prices (default: the profile's)"`
}

type conciergeRecsOutput = bodyOutput[concierge.Recommendations]

func (h *ConciergeArea) recommendations(ctx context.Context, in *conciergeRecsInput) (*conciergeRecsOutput, error) {
	return answer(h.Concierge.Recommend(ctx, signedInCaller(ctx, in.Lang)))
}

type conciergeMarketInput struct {
	State string `query:"state" maxLength:"2" doc:"A two-letter US state or Canadian province code (default: the profile's state)"`
}

type conciergeMarketOutput = bodyOutput[concierge.Market]

func (h *ConciergeArea) market(ctx context.Context, in *conciergeMarketInput) (*conciergeMarketOutput, error) {
	return answer(h.Concierge.MarketFor(ctx, signedInCaller(ctx, ""), in.State))
}

func notFoundThread() error { return apperr.New(apperr.NotFound, "Conversation not found.") }
