package httpapi_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"circle/internal/app"
	"circle/internal/demo"
	"circle/internal/store"
	"circle/internal/store/storetest"
	"circle/internal/testapp"
)

type concCitation struct {
	Kind  string `json:"kind"`
	ID    string `json:"id"`
	Title string `json:"title"`
	URL   string `json:"url"`
}

type concAnswer struct {
	MessageID string         `json:"message_id"`
	ThreadID  string         `json:"thread_id"`
	Message   string         `json:"message"`
	Handoff   bool           `json:"handoff"`
	Lang      string         `json:"lang"`
	Source    string         `json:"source"`
	Citations []concCitation `json:"citations"`
	Actions   []struct {
		Action string            `json:"action"`
		Label  string            `json:"label"`
		Params map[string]string `json:"params"`
	} `json:"actions"`
	QuickReplies []string `json:"quick_replies"`
	Trust        struct {
		Level           string `json:"level"`
		Peers           int    `json:"peers"`
		Reviews         int    `json:"reviews"`
		VerifiedReviews int    `json:"verified_reviews"`
		Purchases       int    `json:"purchases"`
	} `json:"trust"`
}

func concAsk(t *testing.T, a *testapp.App, c *http.Client, text, thread string) (concAnswer, testapp.Response) {
	t.Helper()
	body := map[string]string{"text": text}
	if thread != "" {
		body["thread_id"] = thread
	}
	res := a.PostJSON(t, c, "/api/concierge/respond", body)
	var ans concAnswer
	if res.Status == http.StatusOK {
		res.JSON(t, &ans)
	}
	return ans, res
}

func (a concAnswer) services() []string {
	var out []string
	for _, c := range a.Citations {
		if c.Kind == "service" {
			out = append(out, c.ID)
		}
	}
	return out
}

func concCookie(res testapp.Response) string {
	for _, sc := range res.Header.Values("Set-Cookie") {
		if strings.HasPrefix(sc, "circle_anon=") {
			return sc
		}
	}
	return ""
}

// F-AI-03: the concierge answers a visitor from the catalogue with the response shape of 03§3
// (message naming the cited services with the viewer's price from the quote, trust, citations
// with links, actions, quick replies, handoff), keeps the thread on the server under an
// anonymous id cookie, lets no other visitor read or continue it, declines what Circle's data
// cannot answer, names the field of bad input, gives the visitor's threads to the account on
// sign-in, and prices for a Pro member at the Pro price. On SQLite and PostgreSQL.
func TestF_AI_03_ConciergeRespondAPI(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			a := testapp.Start(t, kind)
			a.LoadDemo(t)
			visitor := testapp.NewClient()
			ans, res := concAsk(t, a, visitor, "I need a CRM recommendation", "")
			if res.Status != http.StatusOK {
				t.Fatalf("respond: %d %s", res.Status, res.Body)
			}
			if c := concCookie(res); !strings.Contains(c, "HttpOnly") {
				t.Fatalf("a visitor gets an HttpOnly anonymous id cookie, got %q", c)
			}
			if ans.MessageID == "" || ans.ThreadID == "" || ans.Handoff || ans.Lang != "en" || ans.Source != "builtin" {
				t.Fatalf("answer: %+v", ans)
			}
			if !slices.Contains(ans.services(), "svc-nestflow-crm") {
				t.Fatalf("a CRM question cites NestFlow CRM, got %v", ans.services())
			}
			// The visitor's price of NestFlow CRM is its retail price ($129/mo), from the quote.
			if !strings.Contains(ans.Message, "NestFlow CRM for Solo Agents ($129/mo)") {
				t.Fatalf("the answer names the service with the visitor's price: %s", ans.Message)
			}
			var guide, review bool
			for _, c := range ans.Citations {
				if c.Title == "" || c.URL == "" {
					t.Fatalf("citation without title or link: %+v", c)
				}
				if c.Kind == "service" && c.URL != "/marketplace?service="+c.ID+"&view=details" {
					t.Fatalf("a service citation links its details: %+v", c)
				}
				guide = guide || (c.Kind == "guide" && c.ID == "crm")
				review = review || c.Kind == "review"
			}
			if !guide || !review {
				t.Fatalf("a CRM answer cites the CRM guide and a review: %+v", ans.Citations)
			}
			var acts []string
			for _, x := range ans.Actions {
				acts = append(acts, x.Action)
			}
			if !slices.Contains(acts, "open_service") || !slices.Contains(acts, "book") || len(ans.QuickReplies) == 0 {
				t.Fatalf("actions %v, quick replies %v", acts, ans.QuickReplies)
			}
			if ans.Trust.Reviews == 0 || ans.Trust.Peers == 0 || ans.Trust.Level == "none" {
				t.Fatalf("trust counts the reviewers of the cited services: %+v", ans.Trust)
			}

			// The same visitor continues the thread; it lists it and reads its messages.
			again, res := concAsk(t, a, visitor, "Pierdo prospectos porque respondo muy lento", ans.ThreadID)
			if res.Status != http.StatusOK || again.ThreadID != ans.ThreadID || again.Lang != "es" {
				t.Fatalf("continue: %d %s", res.Status, res.Body)
			}
			var threads struct {
				Threads []struct{ ID, Title string } `json:"threads"`
			}
			concGet(t, a, visitor, "/api/concierge/threads").JSON(t, &threads)
			if len(threads.Threads) != 1 || threads.Threads[0].ID != ans.ThreadID || threads.Threads[0].Title != "I need a CRM recommendation" {
				t.Fatalf("threads: %+v", threads)
			}
			var msgs struct {
				Messages []struct {
					Role, Content string
					Reply         *concAnswer `json:"reply"`
				} `json:"messages"`
			}
			concGet(t, a, visitor, "/api/concierge/threads/"+ans.ThreadID+"/messages").JSON(t, &msgs)
			if len(msgs.Messages) != 4 || msgs.Messages[0].Role != "user" || msgs.Messages[1].Role != "assistant" ||
				msgs.Messages[1].Reply == nil || len(msgs.Messages[1].Reply.Citations) == 0 || msgs.Messages[1].Content != ans.Message {
				t.Fatalf("messages: %+v", msgs)
			}

			// Another visitor can neither read nor continue it.
			other := testapp.NewClient()
			if r := concGet(t, a, other, "/api/concierge/threads/"+ans.ThreadID+"/messages"); r.Status != http.StatusNotFound {
				t.Fatalf("another visitor reads the thread: %d", r.Status)
			}
			if _, r := concAsk(t, a, other, "And for teams?", ans.ThreadID); r.Status != http.StatusNotFound {
				t.Fatalf("another visitor continues the thread: %d", r.Status)
			}
			var none struct {
				Threads []any `json:"threads"`
			}
			concGet(t, a, other, "/api/concierge/threads").JSON(t, &none)
			if len(none.Threads) != 0 {
				t.Fatalf("another visitor lists %d threads", len(none.Threads))
			}

			// Outside Circle's data: declined, no service cited, the human advisor offered.
			out, _ := concAsk(t, a, visitor, "What's the weather in Miami tomorrow?", "")
			if !out.Handoff || len(out.services()) != 0 || len(out.Actions) != 1 || out.Actions[0].Action != "book_human_advisor" ||
				out.Actions[0].Params["booking_url"] != "/book-meeting" {
				t.Fatalf("handoff: %+v", out)
			}

			// Bad input names the field and stores nothing.
			for _, text := range []string{"", "   ", strings.Repeat("x", 2001)} {
				_, r := concAsk(t, a, visitor, text, "")
				if r.Status != http.StatusBadRequest || !slices.Contains(engFields(t, r), "text") {
					t.Fatalf("text %q: %d %s", text[:min(len(text), 5)], r.Status, r.Body)
				}
			}
			if _, r := concAsk(t, a, visitor, "hello", "no-such-thread"); r.Status != http.StatusNotFound {
				t.Fatalf("unknown thread: %d", r.Status)
			}
			concGet(t, a, visitor, "/api/concierge/threads").JSON(t, &threads)
			if len(threads.Threads) != 2 {
				t.Fatalf("after bad input the visitor has %d threads, want 2", len(threads.Threads))
			}

			// Signing in gives the visitor's threads to the account.
			signIn := a.PostJSON(t, visitor, "/api/auth/signin", map[string]string{"email": "pro@demo.test", "password": demo.Password})
			if signIn.Status != http.StatusOK {
				t.Fatalf("sign in: %d %s", signIn.Status, signIn.Body)
			}
			concGet(t, a, visitor, "/api/concierge/threads").JSON(t, &threads)
			if len(threads.Threads) != 2 {
				t.Fatalf("the signed-in user has %d threads, want the visitor's 2", len(threads.Threads))
			}
			if r := concGet(t, a, other, "/api/concierge/threads/"+ans.ThreadID+"/messages"); r.Status != http.StatusNotFound {
				t.Fatalf("a visitor reads a user's thread: %d", r.Status)
			}
			// The Pro member's price is the Pro price ($99/mo).
			pro, _ := concAsk(t, a, visitor, "I need a CRM recommendation", "")
			if !strings.Contains(pro.Message, "NestFlow CRM for Solo Agents ($99/mo") {
				t.Fatalf("a Pro member's answer names the Pro price: %s", pro.Message)
			}
		})
	}
}

// F-AI-03: an admin's correction of an answer is used by later answers to the same or a near
// question, from anyone; admins list the feedback; only admins may give it; feedback on an
// unknown message names message_id. On SQLite and PostgreSQL.
func TestF_AI_03_ConciergeFeedbackAPI(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			a := testapp.Start(t, kind)
			a.LoadDemo(t)
			admin := a.SignIn(t, "admin@demo.test", demo.Password)
			agent := a.SignIn(t, "agent@demo.test", demo.Password)
			before, _ := concAsk(t, a, agent, "What dialer should I use for cold calling?", "")
			if len(before.services()) == 0 || before.services()[0] == "svc-dialwise-isa" {
				t.Fatalf("before the correction: %v", before.services())
			}
			first, _ := concAsk(t, a, admin, "Which dialer should I use for cold calling?", "")
			fb := map[string]any{"message_id": first.MessageID, "helpful": false,
				"correction": "Most solo agents do better with the Dedicated ISA Calling Team than with dialing themselves."}
			if r := a.PostJSON(t, agent, "/api/concierge/feedback", fb); r.Status != http.StatusForbidden {
				t.Fatalf("an agent gives feedback: %d", r.Status)
			}
			if r := a.PostJSON(t, admin, "/api/concierge/feedback", fb); r.Status != http.StatusOK {
				t.Fatalf("feedback: %d %s", r.Status, r.Body)
			}
			after, _ := concAsk(t, a, testapp.NewClient(), "What dialer should I use for cold calling?", "")
			if len(after.services()) == 0 || after.services()[0] != "svc-dialwise-isa" || !strings.Contains(after.Message, "Dedicated ISA Calling Team than") {
				t.Fatalf("after the correction the answer follows it: %v %s", after.services(), after.Message)
			}
			var list struct {
				Feedback []struct {
					MessageID  string `json:"message_id"`
					Helpful    bool   `json:"helpful"`
					Correction string `json:"correction"`
					Question   string `json:"question"`
				} `json:"feedback"`
			}
			concGet(t, a, admin, "/api/admin/concierge/feedback").JSON(t, &list)
			if len(list.Feedback) != 1 || list.Feedback[0].MessageID != first.MessageID || list.Feedback[0].Helpful ||
				list.Feedback[0].Question != "Which dialer should I use for cold calling?" {
				t.Fatalf("admin list: %+v", list)
			}
			if r := concGet(t, a, agent, "/api/admin/concierge/feedback"); r.Status != http.StatusForbidden {
				t.Fatalf("an agent lists feedback: %d", r.Status)
			}
			r := a.PostJSON(t, admin, "/api/concierge/feedback", map[string]any{"message_id": "nope", "helpful": true})
			if r.Status != http.StatusBadRequest || !slices.Contains(engFields(t, r), "message_id") {
				t.Fatalf("unknown message: %d %s", r.Status, r.Body)
			}
		})
	}
}

// F-AI-03: answers are rate limited per visitor (anonymous id) and per user: the burst is
// allowed, the next one is 429 with Retry-After, and another visitor is not affected.
func TestF_AI_03_ConciergeRateLimit(t *testing.T) {
	a := testapp.Start(t, store.SQLite, testapp.Options{Config: func(c *app.Config) { c.ConciergeRateLimit = 1 }})
	a.LoadDemo(t)
	v := testapp.NewClient()
	for i := 0; i < 10; i++ {
		if _, r := concAsk(t, a, v, "I need a CRM recommendation", ""); r.Status != http.StatusOK {
			t.Fatalf("ask %d: %d %s", i, r.Status, r.Body)
		}
	}
	_, r := concAsk(t, a, v, "I need a CRM recommendation", "")
	if r.Status != http.StatusTooManyRequests || r.Header.Get("Retry-After") == "" {
		t.Fatalf("the 11th ask: %d %v", r.Status, r.Header)
	}
	if _, r := concAsk(t, a, testapp.NewClient(), "I need a CRM recommendation", ""); r.Status != http.StatusOK {
		t.Fatalf("another visitor: %d", r.Status)
	}
}

func concGet(t *testing.T, a *testapp.App, c *http.Client, path string) testapp.Response {
	t.Helper()
	return a.DoWith(t, c, http.MethodGet, path, nil, nil)
}
