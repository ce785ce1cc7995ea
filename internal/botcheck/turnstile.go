package botcheck

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// DefaultTurnstileURL is Cloudflare's siteverify endpoint.
const DefaultTurnstileURL = "https://challenges.cloudflare.com/turnstile/v0/siteverify"

// Turnstile verifies Cloudflare Turnstile tokens with the siteverify API.
type Turnstile struct {
	SiteKeyValue string
	Secret       string
	VerifyURL    string
	Client       *http.Client
}

// Kind implements Checker.
func (t *Turnstile) Kind() string { return "turnstile" }

// SiteKey implements Checker.
func (t *Turnstile) SiteKey() string { return t.SiteKeyValue }

type siteverifyAnswer struct {
	Success    bool     `json:"success"`
	ErrorCodes []string `json:"error-codes"`
}

// Verify implements Checker: it posts secret, response and remoteip to siteverify.
func (t *Turnstile) Verify(ctx context.Context, token, remoteIP string) error {
	if token == "" {
		return required()
	}
	form := url.Values{"secret": {t.Secret}, "response": {token}}
	if remoteIP != "" {
		form.Set("remoteip", remoteIP)
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.VerifyURL, strings.NewReader(form.Encode()))
	if err != nil {
		return fmt.Errorf("turnstile request: %w", err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	client := t.Client
	if client == nil {
		client = http.DefaultClient
	}
	res, err := client.Do(req)
	if err != nil {
		return failed(MsgTimeout)
	}
	defer res.Body.Close()
	var a siteverifyAnswer
	if err := json.NewDecoder(res.Body).Decode(&a); err != nil {
		return failed("Verification failed. Please try again.")
	}
	if a.Success {
		return nil
	}
	for _, code := range a.ErrorCodes {
		if code == "timeout-or-duplicate" {
			return expired()
		}
	}
	return failed("Verification failed. Please try again.")
}
