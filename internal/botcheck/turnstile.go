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

// Action is the name the sign-up form gives its Turnstile widget; siteverify echoes it and
// Cloudflare protects it from tampering.
const Action = "signup"

// AnyHostname, as Hostname, accepts a token solved on any site.
const AnyHostname = "*"

// Turnstile verifies Cloudflare Turnstile tokens with the siteverify API.
type Turnstile struct {
	SiteKeyValue string
	Secret       string
	VerifyURL    string
	// Hostname is the site a token must have been solved on (siteverify's hostname): a site key
	// may be shared by several sites, and a token from another of them proves nothing here.
	// AnyHostname turns this check and the action's off, for Cloudflare's test keys, whose
	// answers name example.com whatever the page.
	Hostname string
	Client   *http.Client
}

// Kind implements Checker.
func (t *Turnstile) Kind() string { return "turnstile" }

// SiteKey implements Checker.
func (t *Turnstile) SiteKey() string { return t.SiteKeyValue }

type siteverifyAnswer struct {
	Success    bool     `json:"success"`
	ErrorCodes []string `json:"error-codes"`
	Hostname   string   `json:"hostname"`
	Action     string   `json:"action"`
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
		// A token solved on another site sharing the key, or by another widget (another
		// action), is refused like a bad one.
		if t.Hostname != AnyHostname && (!strings.EqualFold(a.Hostname, t.Hostname) || a.Action != Action) {
			return failed("Verification failed. Please try again.")
		}
		return nil
	}
	for _, code := range a.ErrorCodes {
		if code == "timeout-or-duplicate" {
			return expired()
		}
	}
	return failed("Verification failed. Please try again.")
}
