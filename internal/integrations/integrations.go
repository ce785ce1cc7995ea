// Package integrations says which outside services this deployment of Circle uses (issue 32
// item 8, F-AREA-05): for each, whether the built-in default or the real adapter is configured,
// read from the server's configuration, and which settings turn the adapter on (the variable
// names of README.md). It never carries a setting's value: only whether it is set.
// docs/areas/integrations.md has the design.
package integrations

// Status is an integration's state in this deployment.
type Status string

const (
	// Builtin: the built-in default answers (no outside service).
	Builtin Status = "builtin"
	// Configured: the production adapter is configured.
	Configured Status = "configured"
	// Off: the feature is off until configured (Google sign-in).
	Off Status = "off"
)

// Connect says who connects the integration.
type Connect string

const (
	// Operator: the deployment's operator configures it with the variables; members cannot.
	Operator Connect = "operator"
	// Always: built in, nothing to configure.
	Always Connect = "always"
)

// Settings is what the server's configuration says, reduced to whether each setting is set.
// Fill it from the configuration; it has no field for a secret's value.
type Settings struct {
	GHLAPIKey, GHLLocationID             bool
	StripeSecretKey, StripeWebhookSecret bool
	SMTPHost                             bool
	GoogleClientID, GoogleClientSecret   bool
	GeocoderURL                          bool
	LLMURL                               bool
	TurnstileSiteKey, TurnstileSecret    bool
}

// Integration is one outside service and its state here.
type Integration struct {
	ID      string  `json:"id" enum:"crm,calendar,payments,email,google_sign_in,geocoding,llm,storage,bot_check"`
	Status  Status  `json:"status" enum:"builtin,configured,off"`
	Adapter string  `json:"adapter" doc:"What answers now: builtin_crm, highlevel, ics_file, builtin_checkout, stripe, outbox, smtp, google_oidc, offline_table, http_geocoder, builtin_advisor, openai_compatible, local_directory, proof_of_work, turnstile (or none)"`
	Connect Connect `json:"connect" enum:"operator,always"`
	// Needs are the variables that turn the adapter on (README.md's Configuration), in order.
	Needs []string `json:"needs"`
	// Missing are the needed variables not set (empty when configured or always built in).
	Missing []string `json:"missing"`
}

type spec struct {
	id             string
	builtin, real  string
	needs          []string
	set            []bool
	offWhenMissing bool
	alwaysBuiltin  bool
}

// List answers every integration in the page's order.
func List(s Settings) []Integration {
	specs := []spec{
		{id: "crm", builtin: "builtin_crm", real: "highlevel", needs: []string{"CIRCLE_GHL_API_KEY", "CIRCLE_GHL_LOCATION_ID"}, set: []bool{s.GHLAPIKey, s.GHLLocationID}},
		{id: "calendar", builtin: "ics_file", alwaysBuiltin: true},
		{id: "payments", builtin: "builtin_checkout", real: "stripe", needs: []string{"CIRCLE_STRIPE_SECRET_KEY", "CIRCLE_STRIPE_WEBHOOK_SECRET"}, set: []bool{s.StripeSecretKey, s.StripeWebhookSecret}},
		{id: "email", builtin: "outbox", real: "smtp", needs: []string{"CIRCLE_SMTP_HOST"}, set: []bool{s.SMTPHost}},
		{id: "google_sign_in", builtin: "none", real: "google_oidc", needs: []string{"CIRCLE_GOOGLE_CLIENT_ID", "CIRCLE_GOOGLE_CLIENT_SECRET"}, set: []bool{s.GoogleClientID, s.GoogleClientSecret}, offWhenMissing: true},
		{id: "geocoding", builtin: "offline_table", real: "http_geocoder", needs: []string{"CIRCLE_GEOCODER_URL"}, set: []bool{s.GeocoderURL}},
		{id: "llm", builtin: "builtin_advisor", real: "openai_compatible", needs: []string{"CIRCLE_LLM_URL"}, set: []bool{s.LLMURL}},
		{id: "storage", builtin: "local_directory", alwaysBuiltin: true},
		{id: "bot_check", builtin: "proof_of_work", real: "turnstile", needs: []string{"CIRCLE_TURNSTILE_SITE_KEY", "CIRCLE_TURNSTILE_SECRET"}, set: []bool{s.TurnstileSiteKey, s.TurnstileSecret}},
	}
	out := make([]Integration, 0, len(specs))
	for _, sp := range specs {
		out = append(out, sp.integration())
	}
	return out
}

func (sp spec) integration() Integration {
	in := Integration{ID: sp.id, Needs: []string{}, Missing: []string{}, Connect: Operator}
	if sp.alwaysBuiltin {
		in.Status, in.Adapter, in.Connect = Builtin, sp.builtin, Always
		return in
	}
	in.Needs = append(in.Needs, sp.needs...)
	for i, n := range sp.needs {
		if !sp.set[i] {
			in.Missing = append(in.Missing, n)
		}
	}
	switch {
	case len(in.Missing) == 0:
		in.Status, in.Adapter = Configured, sp.real
	case sp.offWhenMissing:
		in.Status, in.Adapter = Off, sp.builtin
	default:
		in.Status, in.Adapter = Builtin, sp.builtin
	}
	return in
}
