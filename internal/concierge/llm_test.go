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
		content = `{"message":"From the model: try ` + first + `.","citations":["` + first + `"],"handoff":false}`
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

// TestF_AI_03_ConciergeModelAdapter runs the concierge against a local server speaking the
// OpenAI chat-completions API (CIRCLE_LLM_URL): the model gets the retrieved context with the
// configured model name and key and writes the message, keeping the response shape; an answer
// citing a service retrieval did not find, a timeout and an error each fall back to the
// built-in answer; a model handoff cites nothing; a question Circle cannot answer never
// reaches the model.
func TestF_AI_03_ConciergeModelAdapter(t *testing.T) {
	fake := &fakeLLM{}
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	a := testapp.Start(t, store.SQLite, testapp.Options{Config: func(c *app.Config) {
		c.LLMURL, c.LLMAPIKey, c.LLMModel, c.LLMTimeout, c.ConciergeRateLimit = srv.URL+"/v1", "test-key", "circle-test-model", 300*time.Millisecond, 0
	}})
	a.LoadDemo(t)
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
		ans := ask("I need a CRM recommendation")
		if strings.Contains(ans.Message, "From the model") || strings.Contains(ans.Message, "MagicCRM") || !strings.Contains(ans.Message, "NestFlow CRM") {
			t.Fatalf("%s: want the built-in answer, got %s", mode, ans.Message)
		}
		for _, ci := range ans.Citations {
			if ci.ID == "svc-magic-crm" {
				t.Fatalf("%s: an invented citation got through", mode)
			}
		}
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
