package concierge

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// Model writes an answer from a system prompt and the user's message (one chat completion).
type Model interface {
	Complete(ctx context.Context, system, user string) (string, error)
}

// OpenAI is a Model on any OpenAI-compatible chat-completions endpoint (CIRCLE_LLM_URL, with
// CIRCLE_LLM_API_KEY and CIRCLE_LLM_MODEL). URL is the endpoint itself or a base URL to which
// /chat/completions is added. CompleteStream (stream.go) streams it.
type OpenAI struct {
	URL     string
	APIKey  string
	Model   string
	Timeout time.Duration
	Client  *http.Client
}

// DefaultModelTimeout bounds one completion; past it the built-in answer is used.
const DefaultModelTimeout = 8 * time.Second

func (o *OpenAI) endpoint() string {
	u := strings.TrimRight(o.URL, "/")
	if strings.HasSuffix(u, "/chat/completions") {
		return u
	}
	return u + "/chat/completions"
}

// post sends one chat completion request (streamed or not) and returns the provider's answer;
// the caller closes its body.
func (o *OpenAI) post(ctx context.Context, system, user string, stream bool) (*http.Response, error) {
	payload := map[string]any{
		"model":           o.Model,
		"temperature":     0.2,
		"response_format": map[string]string{"type": "json_object"},
		"messages": []map[string]string{
			{"role": "system", "content": system},
			{"role": "user", "content": user},
		},
	}
	if stream {
		payload["stream"] = true
	}
	body, err := json.Marshal(payload)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, o.endpoint(), bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("model request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	if stream {
		req.Header.Set("Accept", "text/event-stream")
	}
	if o.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+o.APIKey)
	}
	client := o.Client
	if client == nil {
		client = http.DefaultClient
	}
	res, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("model call: %w", err)
	}
	return res, nil
}

// call sends one chat completion request and hands the answer to read, all within o.Timeout
// (DefaultModelTimeout when unset).
func (o *OpenAI) call(ctx context.Context, system, user string, stream bool, read func(*http.Response) (string, error)) (string, error) {
	timeout := o.Timeout
	if timeout <= 0 {
		timeout = DefaultModelTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	res, err := o.post(ctx, system, user, stream)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	return read(res)
}

// Complete sends one chat completion and returns the first choice's content.
func (o *OpenAI) Complete(ctx context.Context, system, user string) (string, error) {
	return o.call(ctx, system, user, false, readCompletion)
}

// readCompletion reads a chat completion answer: its first choice's content.
func readCompletion(res *http.Response) (string, error) {
	raw, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return "", fmt.Errorf("model answer: %w", err)
	}
	if res.StatusCode != http.StatusOK {
		return "", fmt.Errorf("model answered %d: %s", res.StatusCode, excerpt(string(raw), 200))
	}
	var out struct {
		Choices []struct {
			Message struct {
				Content string `json:"content"`
			} `json:"message"`
		} `json:"choices"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", fmt.Errorf("model answer: %w", err)
	}
	if len(out.Choices) == 0 {
		return "", errors.New("model answer has no choices")
	}
	return out.Choices[0].Message.Content, nil
}

const systemPrompt = `You are the Circle Agent Concierge, an advisor for US real-estate agents on the Circle marketplace.
Answer only from the CONTEXT: the services listed there (with their id, price for this agent, rating and reviews) and the tip.
Never invent services, prices or facts. If the context does not answer the question, set "handoff" to true and cite nothing.
Write 2 to 4 short sentences in the language of the question (%s), naming the services you recommend with their price.
Answer with one JSON object only: {"message": "...", "citations": ["<service id>", ...], "handoff": false}.`

// modelAnswer is what the model must answer.
type modelAnswer struct {
	Message   string   `json:"message"`
	Citations []string `json:"citations"`
	Handoff   bool     `json:"handoff"`
}

// errInvalidCitation: the model cited something retrieval did not find.
var errInvalidCitation = errors.New("model cited a service that retrieval did not find")

// modelReply asks the model to write the answer from the retrieved context and validates it:
// every citation must be a retrieved service, else the caller falls back to builtin.
func (s *Service) modelReply(ctx context.Context, r retrieval, p Pricing, question string, builtin Reply, onDelta func(string)) (Reply, error) {
	var ctxText strings.Builder
	allowed := map[string]*doc{}
	for _, rk := range r.pool {
		d := rk.d
		allowed[d.svc.ID] = d
		fmt.Fprintf(&ctxText, "- id: %s | %s | category: %s | price for this agent: %s | %s", d.svc.ID, titleOf(d, r.lang), d.category, priceOf(d, p, r.lang), ratingLine(d, "en"))
		if d.svc.CopayAllowed {
			ctxText.WriteString(" | co-pay available")
		}
		if len(d.reviews) > 0 {
			fmt.Fprintf(&ctxText, " | review: %q", excerpt(d.reviews[0].Text, 160))
		}
		ctxText.WriteString("\n")
	}
	if g := guideFor(r.intents); g != nil {
		fmt.Fprintf(&ctxText, "Tip: %s\n", g.Tip[langIndex(r.lang)])
	}
	if r.correction != nil {
		fmt.Fprintf(&ctxText, "A Circle advisor's correction for this question: %s\n", r.correction.Correction)
	}
	user := "CONTEXT:\n" + ctxText.String() + "\nQUESTION: " + question
	var content string
	var err error
	if sm, ok := s.Model.(StreamModel); ok && onDelta != nil {
		ms := &messageStreamer{emit: onDelta}
		content, err = sm.CompleteStream(ctx, fmt.Sprintf(systemPrompt, r.lang), user, ms.add)
	} else {
		content, err = s.Model.Complete(ctx, fmt.Sprintf(systemPrompt, r.lang), user)
	}
	if err != nil {
		return Reply{}, err
	}
	content = strings.TrimSpace(content)
	content = strings.TrimPrefix(strings.TrimPrefix(content, "```json"), "```")
	content = strings.TrimSuffix(strings.TrimSpace(content), "```")
	var ans modelAnswer
	if err := json.Unmarshal([]byte(content), &ans); err != nil {
		return Reply{}, fmt.Errorf("model answer is not the JSON asked for: %w", err)
	}
	if ans.Handoff {
		h := handoffReply(r.lang)
		h.Source = "model"
		return h, nil
	}
	msg := strings.TrimSpace(ans.Message)
	if msg == "" || len(ans.Citations) == 0 {
		return Reply{}, errors.New("model answer has no message or no citation")
	}
	reply := builtin
	reply.Message, reply.Source = excerpt(msg, 1500), "model"
	reply.Citations = []Citation{}
	var docs []*doc
	var cited []ranked
	seen := map[string]bool{}
	for _, id := range ans.Citations {
		d, ok := allowed[id]
		if !ok {
			return Reply{}, fmt.Errorf("%w: %q", errInvalidCitation, id)
		}
		if seen[id] {
			continue
		}
		seen[id] = true
		docs = append(docs, d)
		cited = append(cited, ranked{d: d})
		reply.Citations = append(reply.Citations, Citation{Kind: "service", ID: id, Title: titleOf(d, r.lang), URL: ServiceURL(id)})
	}
	for _, c := range builtin.Citations {
		if c.Kind == "guide" || c.Kind == "faq" {
			reply.Citations = append(reply.Citations, c)
		}
	}
	reply.Trust = trustOf(docs)
	reply.Actions = actionsFor(cited, p, r.lang)
	return reply, nil
}
