package concierge

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode/utf8"

	"circle/internal/apperr"
	"circle/internal/pricing"
	"circle/internal/quote"
	"circle/internal/ratelimit"
)

// MaxText is the longest message the concierge takes, in characters.
const MaxText = 2000

// Service answers agents' questions and keeps their threads.
type Service struct {
	Store Store
	// Signals reads what recommendations know of an agent (recommend.go).
	Signals SignalStore
	Now     func() time.Time
	NewID   func() string
	// Limiter limits answers per user or visitor (nil: none).
	Limiter *ratelimit.Limiter
	// Model, when set, writes answers from the retrieved context (llm.go); the built-in answer
	// is the fallback.
	Model  Model
	Logger *slog.Logger

	index indexHolder
}

// Ask is one message to the concierge.
type Ask struct {
	Text     string
	ThreadID string
}

// ThreadView is a thread as listed.
type ThreadView struct {
	ID        string    `json:"id"`
	Title     string    `json:"title" doc:"The thread's first question"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// MessageView is a stored message; an assistant's carries its reply.
type MessageView struct {
	ID        string    `json:"id"`
	ThreadID  string    `json:"thread_id"`
	Role      string    `json:"role" enum:"user,assistant"`
	Content   string    `json:"content"`
	CreatedAt time.Time `json:"created_at"`
	Reply     *Reply    `json:"reply,omitempty" doc:"The assistant's trust, citations, actions, quick replies and handoff"`
}

// FeedbackView is one feedback row as admins see it.
type FeedbackView struct {
	ID         string    `json:"id"`
	MessageID  string    `json:"message_id"`
	UserID     string    `json:"user_id"`
	Helpful    bool      `json:"helpful"`
	Correction string    `json:"correction"`
	Question   string    `json:"question" doc:"The question the rated answer was for"`
	CreatedAt  time.Time `json:"created_at"`
}

func (s *Service) owner(c Caller) error {
	if c.UserID == "" && c.AnonKey == "" {
		return apperr.New(apperr.Invalid, "A visitor needs the anonymous id cookie.")
	}
	return nil
}

// Respond answers one message in a thread of the caller (a new thread when none is named) and
// stores both.
func (s *Service) Respond(ctx context.Context, c Caller, in Ask) (Answer, error) {
	p, err := s.Prepare(ctx, c, in)
	if err != nil {
		return Answer{}, err
	}
	return s.Finish(ctx, p, nil)
}

// Prepared is a message that passed the checks (text, owner, rate limit, thread), ready to be
// answered: streaming checks first, so its refusals are ordinary HTTP errors.
type Prepared struct {
	caller Caller
	text   string
	thread Thread
	isNew  bool
	now    time.Time
}

// Prepare checks a message: the text, the caller, the rate limit and the thread.
func (s *Service) Prepare(ctx context.Context, c Caller, in Ask) (Prepared, error) {
	text := strings.TrimSpace(in.Text)
	switch {
	case text == "":
		return Prepared{}, apperr.Field("text", "validation.required", "Type a message.")
	case utf8.RuneCountInString(text) > MaxText:
		return Prepared{}, apperr.Field("text", "validation.too_long", fmt.Sprintf("A message has at most %d characters.", MaxText))
	}
	if err := s.owner(c); err != nil {
		return Prepared{}, err
	}
	if err := s.limit(ctx, c); err != nil {
		return Prepared{}, err
	}
	now := s.Now().UTC()
	var th Thread
	isNew := in.ThreadID == ""
	if isNew {
		th = Thread{ID: s.NewID(), UserID: c.UserID, Title: excerpt(text, 80), CreatedAt: now, UpdatedAt: now}
		if c.UserID == "" {
			th.AnonKey = c.AnonKey
		}
	} else {
		var err error
		if th, err = s.ownThread(ctx, c, in.ThreadID); err != nil {
			return Prepared{}, err
		}
	}
	return Prepared{caller: c, text: text, thread: th, isNew: isNew, now: now}, nil
}

// Finish answers a prepared message and stores both. onDelta, when set and the model can
// stream, gets the model's message text as it is written; the answer returned is the final,
// validated one.
func (s *Service) Finish(ctx context.Context, p Prepared, onDelta func(string)) (Answer, error) {
	reply, err := s.reply(ctx, p.caller, p.text, onDelta)
	if err != nil {
		return Answer{}, err
	}
	meta, err := json.Marshal(reply)
	if err != nil {
		return Answer{}, fmt.Errorf("concierge reply: %w", err)
	}
	th, now := p.thread, p.now
	q := Message{ID: s.NewID(), ThreadID: th.ID, Role: "user", Content: p.text, Metadata: "{}", CreatedAt: now}
	a := Message{ID: s.NewID(), ThreadID: th.ID, Role: "assistant", Content: reply.Message, Metadata: string(meta), CreatedAt: now.Add(time.Microsecond)}
	th.UpdatedAt = a.CreatedAt
	if err := s.Store.SaveConciergeExchange(ctx, th, p.isNew, q, a); err != nil {
		return Answer{}, err
	}
	return Answer{MessageID: a.ID, ThreadID: th.ID, Reply: reply}, nil
}

// Reply answers text for the caller without storing anything: the model's answer when one is
// configured and valid, else the built-in one.
func (s *Service) Reply(ctx context.Context, c Caller, text string) (Reply, error) {
	return s.reply(ctx, c, text, nil)
}

func (s *Service) reply(ctx context.Context, c Caller, text string, onDelta func(string)) (Reply, error) {
	ix, err := s.index.get(ctx, s.Store, s.Now())
	if err != nil {
		return Reply{}, err
	}
	corrections, err := s.Store.ConciergeCorrections(ctx, 200)
	if err != nil {
		return Reply{}, err
	}
	p, err := s.pricing(ctx, c)
	if err != nil {
		return Reply{}, err
	}
	faq, err := s.Store.ConciergeFAQ(ctx)
	if err != nil {
		return Reply{}, err
	}
	r := retrieve(ix, text, c.Lang, corrections)
	builtin := withFAQ(compose(r, p), faq, text, r.lang)
	if s.Model == nil || !r.answerable {
		return builtin, nil
	}
	reply, err := s.modelReply(ctx, r, p, text, builtin, onDelta)
	if err != nil {
		if s.Logger != nil {
			s.Logger.Warn("concierge model: using the built-in answer", "err", err)
		}
		return builtin, nil
	}
	return reply, nil
}

// Invalidate makes the next answer read the catalogue again.
func (s *Service) Invalidate() { s.index.invalidate() }

func (s *Service) pricing(ctx context.Context, c Caller) (Pricing, error) {
	p := Pricing{Viewer: quote.Viewer{SignedIn: c.UserID != "", Pro: c.UserID != "" && c.Pro, Currency: pricing.ViewerCurrency(c.Currency, c.State, c.Lang)}}
	if p.Viewer.Currency == pricing.CAD {
		cfg, err := s.Store.GetConfig(ctx)
		if err != nil {
			return Pricing{}, err
		}
		p.Config.USDToCADRateE4 = cfg.USDToCADRateE4
	}
	return p, nil
}

func (s *Service) limit(ctx context.Context, c Caller) error {
	if s.Limiter == nil {
		return nil
	}
	key := "a:" + c.AnonKey
	if c.UserID != "" {
		key = "u:" + c.UserID
	}
	ok, wait, err := s.Limiter.Allow(ctx, key)
	if err != nil && s.Logger != nil {
		s.Logger.Error("concierge rate limit", "err", err)
	}
	if ok {
		return nil
	}
	e := apperr.New(apperr.RateLimited, "Too many messages. Please wait a moment and try again.")
	e.RetryAfterSeconds = max(wait, 1)
	return e
}

// ownThread reads a thread of the caller; anyone else's is not found.
func (s *Service) ownThread(ctx context.Context, c Caller, id string) (Thread, error) {
	th, err := s.Store.ConciergeThread(ctx, id)
	if err != nil {
		return Thread{}, err
	}
	mine := (c.UserID != "" && th.UserID == c.UserID) || (c.UserID == "" && th.UserID == "" && c.AnonKey != "" && th.AnonKey == c.AnonKey)
	if !mine {
		return Thread{}, apperr.New(apperr.NotFound, "Conversation not found.")
	}
	return th, nil
}

// Claim gives the visitor's threads (anonKey) to the user who is now signed in.
func (s *Service) Claim(ctx context.Context, userID, anonKey string) (int, error) {
	if userID == "" || anonKey == "" {
		return 0, nil
	}
	return s.Store.ClaimAnonThreads(ctx, anonKey, userID)
}

// Threads lists the caller's threads, latest first.
func (s *Service) Threads(ctx context.Context, c Caller) ([]ThreadView, error) {
	out := []ThreadView{}
	if c.UserID == "" && c.AnonKey == "" {
		return out, nil
	}
	ts, err := s.Store.ConciergeThreads(ctx, c.UserID, c.AnonKey, 50)
	if err != nil {
		return nil, err
	}
	for _, t := range ts {
		out = append(out, ThreadView{ID: t.ID, Title: t.Title, CreatedAt: t.CreatedAt, UpdatedAt: t.UpdatedAt})
	}
	return out, nil
}

// Messages lists the messages of one of the caller's threads, oldest first.
func (s *Service) Messages(ctx context.Context, c Caller, threadID string) ([]MessageView, error) {
	if _, err := s.ownThread(ctx, c, threadID); err != nil {
		return nil, err
	}
	ms, err := s.Store.ConciergeMessages(ctx, threadID)
	if err != nil {
		return nil, err
	}
	out := make([]MessageView, 0, len(ms))
	for _, m := range ms {
		v := MessageView{ID: m.ID, ThreadID: m.ThreadID, Role: m.Role, Content: m.Content, CreatedAt: m.CreatedAt}
		if m.Role == "assistant" {
			var r Reply
			if err := json.Unmarshal([]byte(m.Metadata), &r); err == nil {
				v.Reply = &r
			}
		}
		out = append(out, v)
	}
	return out, nil
}

// FeedbackInput is an admin's verdict on an assistant message.
type FeedbackInput struct {
	MessageID  string
	Helpful    bool
	Correction string
}

// MaxCorrection is the longest correction, in characters.
const MaxCorrection = 2000

// Feedback stores an admin's verdict (03§4: feedback is for admins): helpful, or not helpful
// with an optional correction that later answers to a near question follow.
func (s *Service) Feedback(ctx context.Context, adminID string, in FeedbackInput) (FeedbackView, error) {
	corr := strings.TrimSpace(in.Correction)
	if utf8.RuneCountInString(corr) > MaxCorrection {
		return FeedbackView{}, apperr.Field("correction", "validation.too_long", fmt.Sprintf("A correction has at most %d characters.", MaxCorrection))
	}
	if in.Helpful && corr != "" {
		return FeedbackView{}, apperr.Field("correction", "concierge.correction_needs_not_helpful", "A correction goes with a not helpful verdict.")
	}
	m, err := s.Store.ConciergeMessage(ctx, in.MessageID)
	if err != nil {
		if apperr.CodeOf(err) == apperr.NotFound {
			return FeedbackView{}, apperr.Field("message_id", "concierge.unknown_message", "No such answer.")
		}
		return FeedbackView{}, err
	}
	if m.Role != "assistant" {
		return FeedbackView{}, apperr.Field("message_id", "concierge.not_an_answer", "Feedback is given on the concierge's answers.")
	}
	question := ""
	ms, err := s.Store.ConciergeMessages(ctx, m.ThreadID)
	if err != nil {
		return FeedbackView{}, err
	}
	for _, x := range ms {
		if x.ID == m.ID {
			break
		}
		if x.Role == "user" {
			question = x.Content
		}
	}
	f, err := s.Store.SaveConciergeFeedback(ctx, Feedback{ID: s.NewID(), MessageID: m.ID, UserID: adminID, Helpful: in.Helpful,
		Correction: corr, Question: question, CreatedAt: s.Now().UTC()})
	if err != nil {
		return FeedbackView{}, err
	}
	return feedbackView(f), nil
}

// FeedbackList is the newest feedback, for admins.
func (s *Service) FeedbackList(ctx context.Context) ([]FeedbackView, error) {
	fs, err := s.Store.ConciergeFeedbackList(ctx, 200)
	if err != nil {
		return nil, err
	}
	out := make([]FeedbackView, 0, len(fs))
	for _, f := range fs {
		out = append(out, feedbackView(f))
	}
	return out, nil
}

func feedbackView(f Feedback) FeedbackView {
	return FeedbackView{ID: f.ID, MessageID: f.MessageID, UserID: f.UserID, Helpful: f.Helpful, Correction: f.Correction, Question: f.Question, CreatedAt: f.CreatedAt}
}
