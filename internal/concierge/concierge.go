// Package concierge is the Circle Agent Concierge (issue 29, F-AI-03): an advisor grounded in
// Circle's own data. The built-in advisor needs no outside service: it recognises the agent's
// need (intents.go: synonyms in English, Spanish and French mapped to catalogue categories),
// retrieves and ranks services from an in-memory index of the catalogue (index.go), weighs
// ratings, verified reviews and co-pay, prices each cited service for the viewer with
// internal/quote, and writes a short answer with citations, actions and quick replies
// (advisor.go). When the evidence is thin it declines and offers the human advisor (handoff).
// With an OpenAI-compatible model configured (llm.go), the model writes the answer from the same
// retrieved context and may cite only what retrieval found. Threads and messages are stored per
// user or per anonymous visitor (service.go); admins' corrections steer later answers.
package concierge

import (
	"context"
	"time"

	"circle/internal/appconfig"
	"circle/internal/catalog"
	"circle/internal/marketplace"
	"circle/internal/pricing"
)

// Caller is who asks: a signed-in user (UserID) or a visitor known by the hash of their
// anonymous id cookie (AnonKey). Pro, State and Lang pick the prices and the language.
type Caller struct {
	UserID  string
	AnonKey string
	Pro     bool
	State   string
	Lang    string
	// Currency is the viewer's USD/CAD choice (pricing.ViewerCurrency; auto when empty).
	Currency pricing.Choice
}

// Citation is one thing an answer rests on.
type Citation struct {
	Kind  string `json:"kind" enum:"service,review,faq,guide" doc:"What is cited"`
	ID    string `json:"id" doc:"The cited row's id (a service id, a review id, a guide id)"`
	Title string `json:"title" doc:"What the answer calls it"`
	URL   string `json:"url" doc:"Where the web app opens it"`
}

// Action is something the answer offers to do.
type Action struct {
	Action string            `json:"action" enum:"open_service,add_to_cart,book,book_human_advisor" doc:"What the web app does"`
	Label  string            `json:"label" doc:"The button's text, in the answer's language"`
	Params map[string]string `json:"params" doc:"service_id, service_title, url, booking_url as the action needs"`
}

// Trust says how many agents back an answer: distinct agents who reviewed or bought the cited
// services, and the reviews and purchases themselves.
type Trust struct {
	Level           string `json:"level" enum:"high,medium,low,none" doc:"high: 10 or more agents; medium: 3 or more; low: 1 or more; none"`
	Peers           int    `json:"peers" doc:"Distinct agents who reviewed or bought a cited service"`
	Reviews         int    `json:"reviews" doc:"Reviews of the cited services"`
	VerifiedReviews int    `json:"verified_reviews" doc:"Of those, verified (the author bought or met the service)"`
	Purchases       int    `json:"purchases" doc:"Distinct agents with a paid order of a cited service"`
}

// Reply is the concierge's answer to one message (03§3 concierge response).
type Reply struct {
	Message      string     `json:"message" doc:"The answer, in the question's language"`
	Trust        Trust      `json:"trust"`
	Citations    []Citation `json:"citations" doc:"What the answer rests on; no service when handoff"`
	Actions      []Action   `json:"actions"`
	QuickReplies []string   `json:"quick_replies" doc:"Follow-up questions the web app offers as chips"`
	Handoff      bool       `json:"handoff" doc:"The concierge does not know: it offers the human advisor"`
	// Source is how the answer was written: builtin or model.
	Source string `json:"source" enum:"builtin,model" doc:"builtin: Circle's own advisor; model: the configured language model"`
	// Lang is the answer's language.
	Lang string `json:"lang" enum:"en,es,fr"`
}

// Answer is a Reply stored in a thread.
type Answer struct {
	MessageID string `json:"message_id"`
	ThreadID  string `json:"thread_id"`
	Reply
}

// Thread is one conversation.
type Thread struct {
	ID      string
	UserID  string
	AnonKey string
	Title   string
	// CreatedAt and UpdatedAt: the first and the latest message.
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Message is one message of a thread: role user or assistant; Metadata is the assistant
// reply's JSON (trust, citations, actions, quick replies, handoff), "{}" for a user's.
type Message struct {
	ID        string
	ThreadID  string
	Role      string
	Content   string
	Metadata  string
	CreatedAt time.Time
}

// Feedback is an admin's verdict on an assistant message, with an optional correction that
// later answers to the same or a near question follow.
type Feedback struct {
	ID         string
	MessageID  string
	UserID     string
	Helpful    bool
	Correction string
	// Question is the user message the verdict is about.
	Question  string
	CreatedAt time.Time
}

// Review is what the concierge reads of a review.
type Review struct {
	ID, ServiceID, UserID string
	Rating                int
	Text                  string
	Verified              bool
}

// Buyer is an agent with a paid order of a service.
type Buyer struct {
	ServiceID, UserID string
}

// CatalogStore is what the index reads: the catalogue, its fingerprint (changes with every
// service, vendor, tag or review change) and the evidence behind trust.
type CatalogStore interface {
	ActiveServices(ctx context.Context) ([]catalog.Service, error)
	TagsOf(ctx context.Context, ids []string) (map[string][]string, error)
	VendorsByID(ctx context.Context, ids []string) (map[string]catalog.Vendor, error)
	CatalogFingerprint(ctx context.Context) (string, error)
	ServiceRatingSums(ctx context.Context) (map[string]marketplace.RatingSum, error)
	ConciergeReviews(ctx context.Context) ([]Review, error)
	ConciergeBuyers(ctx context.Context) ([]Buyer, error)
}

// Store is what the concierge reads and writes.
type Store interface {
	CatalogStore
	FAQStore
	GetConfig(ctx context.Context) (appconfig.Config, error)

	// SaveConciergeExchange writes a question and its answer in one transaction: the thread
	// (inserted when isNew, else its updated_at moved to the answer's time) and the messages.
	SaveConciergeExchange(ctx context.Context, t Thread, isNew bool, msgs ...Message) error
	ConciergeThread(ctx context.Context, id string) (Thread, error)
	// ConciergeThreads lists a user's threads (userID set) or a visitor's (anonKey, no user),
	// latest first.
	ConciergeThreads(ctx context.Context, userID, anonKey string, limit int) ([]Thread, error)
	ConciergeMessages(ctx context.Context, threadID string) ([]Message, error)
	ConciergeMessage(ctx context.Context, id string) (Message, error)
	// ClaimAnonThreads gives a visitor's threads to the user who signed in.
	ClaimAnonThreads(ctx context.Context, anonKey, userID string) (int, error)
	// SaveConciergeFeedback stores a verdict; the same user's second verdict on a message
	// replaces the first.
	SaveConciergeFeedback(ctx context.Context, f Feedback) (Feedback, error)
	ConciergeFeedbackList(ctx context.Context, limit int) ([]Feedback, error)
	ConciergeCorrections(ctx context.Context, limit int) ([]Feedback, error)
}
