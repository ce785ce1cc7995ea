package integrations

import (
	"slices"
	"testing"
)

// TestF_AREA_05_IntegrationStatus (issue 32 item 8): with nothing configured every integration
// is its built-in default (Google sign-in off) and names the variables it needs; a pair set
// only in half stays built in and names the missing half; every pair set is configured.
func TestF_AREA_05_IntegrationStatus(t *testing.T) {
	byID := func(list []Integration) map[string]Integration {
		m := map[string]Integration{}
		for _, in := range list {
			m[in.ID] = in
		}
		return m
	}
	none := byID(List(Settings{}))
	if len(none) != 9 {
		t.Fatalf("integrations = %d", len(none))
	}
	for id, in := range none {
		want := Builtin
		if id == "google_sign_in" {
			want = Off
		}
		if in.Status != want || !slices.Equal(in.Missing, in.Needs) {
			t.Errorf("%s: %+v", id, in)
		}
	}
	if c := none["crm"]; c.Adapter != "builtin_crm" || c.Connect != Operator || !slices.Equal(c.Needs, []string{"CIRCLE_GHL_API_KEY", "CIRCLE_GHL_LOCATION_ID"}) {
		t.Errorf("crm: %+v", c)
	}
	if c := none["calendar"]; c.Connect != Always || len(c.Needs) != 0 {
		t.Errorf("calendar: %+v", c)
	}
	half := byID(List(Settings{GHLAPIKey: true, GoogleClientID: true}))
	if c := half["crm"]; c.Status != Builtin || !slices.Equal(c.Missing, []string{"CIRCLE_GHL_LOCATION_ID"}) {
		t.Errorf("crm half: %+v", c)
	}
	if g := half["google_sign_in"]; g.Status != Off || !slices.Equal(g.Missing, []string{"CIRCLE_GOOGLE_CLIENT_SECRET"}) {
		t.Errorf("google half: %+v", g)
	}
	all := byID(List(Settings{GHLAPIKey: true, GHLLocationID: true, StripeSecretKey: true, StripeWebhookSecret: true, SMTPHost: true,
		GoogleClientID: true, GoogleClientSecret: true, GeocoderURL: true, LLMURL: true, TurnstileSiteKey: true, TurnstileSecret: true}))
	for id, want := range map[string]string{"crm": "highlevel", "payments": "stripe", "email": "smtp", "google_sign_in": "google_oidc",
		"geocoding": "http_geocoder", "llm": "openai_compatible", "bot_check": "turnstile"} {
		if in := all[id]; in.Status != Configured || in.Adapter != want || len(in.Missing) != 0 {
			t.Errorf("%s configured: %+v", id, in)
		}
	}
	if s := all["storage"]; s.Status != Builtin || s.Adapter != "local_directory" {
		t.Errorf("storage: %+v", s)
	}
}
