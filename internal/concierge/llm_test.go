package concierge_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"circle/internal/app"
	"circle/internal/store"
	"circle/internal/testapp"
)

// fakeLLM speaks the OpenAI chat-completions API: it records each request and answers as its
// mode says.
type fakeLLM struct {
	mu       sync.Mutex
	mode     string
	requests []map[string]any
	auth     []string
}

var contextID = regexp.MustCompile(`- id: (svc-[a-z0-9-]+)`)

func (f *fakeLLM) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req map[string]any
	_ = json.NewDecoder(r.Body).Decode(&req)
	f.mu.Lock()
	f.requests = append(f.requests, req)
	f.auth = append(f.auth, r.Header.Get("Authorization"))
	mode := f.mode
	f.mu.Unlock()
	if r.URL.Path != "/v1/chat/completions" {
		http.NotFound(w, r)
		return
	}
	msgs, _ := req["messages"].([]any)
	user := ""
	if len(msgs) == 2 {
		user, _ = msgs[1].(map[string]any)["content"].(string)
	}
	first := ""
	if m := contextID.FindStringSubmatch(user); m != nil {
		first = m[1]
	}
	var content string
	switch mode {
	case "valid":
		content = `{"message":"From the model: try ` + first + ` \"now\" \u00e9.","citations":["` + first + `"],"handoff":false}`
	case "invented":
		content = `{"message":"Try MagicCRM.","citations":["svc-magic-crm"],"handoff":false}`
	case "handoff":
		content = `{"message":"","citations":[],"handoff":true}`
	case "slow":
		<-r.Context().Done() // answers only after the client gave up
		return
	case "error":
		http.Error(w, `{"error":{"message":"overloaded"}}`, http.StatusServiceUnavailable)
		return
	}
	if req["stream"] == true {
		// Server-sent events as the chat-completions API streams: the content in small pieces
		// (so the JSON and its escapes are cut anywhere), then [DONE].
		w.Header().Set("Content-Type", "text/event-stream")
		fl, _ := w.(http.Flusher)
		for i := 0; i < len(content); i += 5 {
			piece, _ := json.Marshal(map[string]any{"choices": []any{map[string]any{"index": 0, "delta": map[string]any{"content": content[i:min(i+5, len(content))]}}}})
			_, _ = w.Write([]byte("data: " + string(piece) + "\n\n"))
			if fl != nil {
				fl.Flush()
			}
		}
		_, _ = w.Write([]byte("data: [DONE]\n\n"))
		return
	}
	_ = json.NewEncoder(w).Encode(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion", "model": req["model"],
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop", "message": map[string]any{"role": "assistant", "content": content}}},
	})
}

func (f *fakeLLM) set(mode string) {
	f.mu.Lock()
	f.mode = mode
	f.mu.Unlock()
}

// startWithFakeModel starts a server with the demo data whose concierge model is a fake one
// (300 ms timeout, no rate limit), on SQLite.
func startWithFakeModel(t *testing.T) (*fakeLLM, *testapp.App) {
	t.Helper()
	fake := &fakeLLM{}
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	a := testapp.Start(t, store.SQLite, testapp.Options{Config: func(c *app.Config) {
		c.LLMURL, c.LLMAPIKey, c.LLMModel, c.LLMTimeout, c.ConciergeRateLimit = srv.URL+"/v1", "test-key", "circle-test-model", 300*time.Millisecond, 0
	}})
	a.LoadDemo(t)
	return fake, a
}

// TestF_AI_03_ConciergeModelAdapter runs the concierge against a local server speaking the
// OpenAI chat-completions API (CIRCLE_LLM_URL): the model gets the retrieved context with the
// configured model name and key and writes the message, keeping the response shape; an answer
// citing a service retrieval did not find, a timeout and an error each fall back to the
// built-in answer; a model handoff cites nothing; a question Circle cannot answer never
// reaches the model.
func TestF_AI_03_ConciergeModelAdapter(t *testing.T) {
	fake, a := startWithFakeModel(t)
	c := testapp.NewClient()
	ask := func(text string) evalAnswer {
		t.Helper()
		res := a.PostJSON(t, c, "/api/concierge/respond", map[string]string{"text": text})
		if res.Status != http.StatusOK {
			t.Fatalf("%d %s", res.Status, res.Body)
		}
		var ans evalAnswer
		res.JSON(t, &ans)
		return ans
	}

	fake.set("valid")
	ans := ask("I need a CRM recommendation")
	if !strings.HasPrefix(ans.Message, "From the model: try svc-") || ans.Handoff || len(ans.Citations) == 0 || ans.Citations[0].Kind != "service" ||
		!strings.Contains(ans.Message, ans.Citations[0].ID) || len(ans.Actions) == 0 {
		t.Fatalf("model answer: %+v", ans)
	}
	fake.mu.Lock()
	req, auth := fake.requests[0], fake.auth[0]
	fake.mu.Unlock()
	if req["model"] != "circle-test-model" || auth != "Bearer test-key" {
		t.Fatalf("request model %v, auth %q", req["model"], auth)
	}
	user := req["messages"].([]any)[1].(map[string]any)["content"].(string)
	if !strings.Contains(user, "svc-nestflow-crm") || !strings.Contains(user, "QUESTION: I need a CRM recommendation") {
		t.Fatalf("the model gets the retrieved context and the question: %s", user)
	}

	for _, mode := range []string{"invented", "slow", "error"} {
		fake.set(mode)
		wantBuiltInCRMAnswer(t, mode, "the built-in answer", ask("I need a CRM recommendation"))
	}

	fake.set("handoff")
	if ans := ask("I need a CRM recommendation"); !ans.Handoff || len(ans.Citations) != 0 {
		t.Fatalf("model handoff: %+v", ans)
	}

	fake.mu.Lock()
	before := len(fake.requests)
	fake.mu.Unlock()
	fake.set("valid")
	if ans := ask("What's the weather in Miami tomorrow?"); !ans.Handoff {
		t.Fatalf("outside Circle's data: %+v", ans)
	}
	fake.mu.Lock()
	after := len(fake.requests)
	fake.mu.Unlock()
	if after != before {
		t.Fatalf("a question with no retrieved evidence reached the model")
	}
}

// wantBuiltInCRMAnswer fails t unless ans, the answer to the CRM question while the fake model
// misbehaves (mode), is the built-in one (want names it): nothing of the model's answer and none
// of its invented citations got through.
func wantBuiltInCRMAnswer(t *testing.T, mode, want string, ans evalAnswer) {
	t.Helper()
	if strings.Contains(ans.Message, "From the model") || strings.Contains(ans.Message, "MagicCRM") || !strings.Contains(ans.Message, "NestFlow CRM") {
		t.Fatalf("%s: want %s, got %s", mode, want, ans.Message)
	}
	for _, ci := range ans.Citations {
		if ci.ID == "svc-magic-crm" {
			t.Fatalf("%s: an invented citation got through", mode)
		}
	}
}

// sseEvents reads a text/event-stream body into its events, in order.
func sseEvents(t *testing.T, body string) (names []string, data []string) {
	t.Helper()
	for _, block := range strings.Split(strings.TrimSpace(body), "\n\n") {
		var name, d string
		for _, line := range strings.Split(block, "\n") {
			if v, ok := strings.CutPrefix(line, "event: "); ok {
				name = v
			}
			if v, ok := strings.CutPrefix(line, "data: "); ok {
				d = v
			}
		}
		names, data = append(names, name), append(data, d)
	}
	return names, data
}

// TestF_AI_03_ConciergeStreaming: POST /api/concierge/respond/stream against the local fake
// chat-completions server streaming its answer: the message text arrives as delta events (only
// the message, escapes decoded, never the JSON around it) and then the final answer, the same
// shape as respond; an invented citation, the timeout and an error give the built-in answer as
// the final event; a question that never reaches the model (the built-in advisor) is one answer
// event; a refused message is an ordinary 400 before any stream.
func TestF_AI_03_ConciergeStreaming(t *testing.T) {
	fake, a := startWithFakeModel(t)
	c := testapp.NewClient()
	stream := func(text string) (deltas string, names []string, final evalAnswer) {
		t.Helper()
		res := a.PostJSON(t, c, "/api/concierge/respond/stream", map[string]string{"text": text})
		if res.Status != http.StatusOK || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
			t.Fatalf("%d %s %s", res.Status, res.Header.Get("Content-Type"), res.Body)
		}
		names, data := sseEvents(t, string(res.Body))
		for i, n := range names {
			switch n {
			case "delta":
				var d struct{ Text string }
				if err := json.Unmarshal([]byte(data[i]), &d); err != nil {
					t.Fatal(err)
				}
				deltas += d.Text
			case "answer":
				if i != len(names)-1 {
					t.Fatalf("the answer is not the last event: %v", names)
				}
				if err := json.Unmarshal([]byte(data[i]), &final); err != nil {
					t.Fatal(err)
				}
			default:
				t.Fatalf("event %q in %v", n, names)
			}
		}
		if names[len(names)-1] != "answer" {
			t.Fatalf("no final answer: %v", names)
		}
		return deltas, names, final
	}

	fake.set("valid")
	deltas, names, ans := stream("I need a CRM recommendation")
	if len(names) < 3 || !strings.HasPrefix(ans.Message, "From the model: try svc-") || !strings.HasSuffix(ans.Message, ` "now" é.`) ||
		deltas != ans.Message || ans.Handoff || len(ans.Citations) == 0 || ans.MessageID == "" || ans.ThreadID == "" {
		t.Fatalf("streamed %q in %d events, final %+v", deltas, len(names), ans)
	}
	fake.mu.Lock()
	last := fake.requests[len(fake.requests)-1]
	fake.mu.Unlock()
	if last["stream"] != true {
		t.Fatalf("the model was not asked to stream: %v", last)
	}

	for _, mode := range []string{"invented", "slow", "error"} {
		fake.set(mode)
		_, _, ans := stream("I need a CRM recommendation")
		wantBuiltInCRMAnswer(t, mode, "the built-in answer as the final event", ans)
	}

	fake.set("valid")
	if deltas, names, ans := stream("What's the weather in Miami tomorrow?"); len(names) != 1 || deltas != "" || !ans.Handoff {
		t.Fatalf("the built-in advisor: %v %q %+v", names, deltas, ans)
	}
	if res := a.PostJSON(t, c, "/api/concierge/respond/stream", map[string]string{"text": "  "}); res.Status != http.StatusBadRequest {
		t.Fatalf("empty text: %d %s", res.Status, res.Body)
	}
}
