package app

import (
	"flag"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"circle/internal/jobs"
)

// Config is the server configuration, from flags with environment-variable defaults.
type Config struct {
	Addr            string
	DebugAddr       string
	DatabaseURL     string
	DataDir         string
	BaseURL         string
	Demo            bool
	LogFormat       string
	LogLevel        string
	ShutdownTimeout time.Duration

	StaffEmails   string
	TrustProxy    bool
	MetricsToken  string
	AuthRateLimit int
	JobWorkers    int
	// RedisURL, when set, keeps the rate limits in Redis instead of the database.
	RedisURL string
	// MemoryLimit is the Go memory limit ("512MiB"; "0" or "off" for none); empty derives it
	// from the container's cgroup limit. GOMEMLIMIT in the environment wins.
	MemoryLimit string

	SMTPHost, SMTPUsername, SMTPPassword, SMTPFrom, SMTPTLS string
	SMTPPort                                                int

	GoogleClientID, GoogleClientSecret, GoogleIssuer string

	TurnstileSiteKey, TurnstileSecret, TurnstileVerifyURL, TurnstileHostname string
	BotCheckDifficulty                                                       int

	StripeSecretKey, StripeWebhookSecret, StripeAPIURL string

	WebDir string

	// GeocoderURL, when set, reverse-geocodes the location dialog's coordinates with an outside
	// service (03§7) instead of the built-in table of US cities; GeocoderKey is its API key.
	GeocoderURL, GeocoderKey string
	// Consultations (issue 16): HighLevel CRM sync when both key and location are set, else
	// the built-in CRM records contacts locally; the team address of internal notifications.
	GHLAPIKey, GHLLocationID, GHLBaseURL string
	ConsultationTeamEmail                string
	// SupportEmail receives support tickets and disputes (issue 29 item 6, issue 32 items 7 and 9).
	SupportEmail string
	// Concierge (issue 29): an OpenAI-compatible chat-completions endpoint writes the answers
	// from the retrieved context when LLMURL is set; ConciergeRateLimit is answers per minute
	// per user or visitor.
	LLMURL, LLMAPIKey, LLMModel string
	LLMTimeout                  time.Duration
	ConciergeRateLimit          int
	// Media uploads (issue 30 item 3): an S3-compatible bucket when S3Bucket is set, else the
	// data directory's media folder.
	S3Endpoint, S3Bucket, S3Region, S3AccessKey, S3SecretKey string
	S3PathStyle                                              bool
}

// option describes one flag and its environment variable for --help.
type option struct {
	flag, env, help string
}

// applyEnv sets every option that has an environment variable from that variable, before the
// command line is parsed (so a flag still wins). A value the option cannot take stops the command
// with the variable named: a typo such as CIRCLE_AUTH_RATE_LIMIT=3o must not run with the default.
func applyEnv(fs *flag.FlagSet, opts []option) error {
	for _, o := range opts {
		if o.env == "" {
			continue
		}
		v, ok := os.LookupEnv(o.env)
		if !ok || v == "" {
			continue
		}
		if err := fs.Set(o.flag, v); err != nil {
			return fmt.Errorf("%s=%q is not a valid value for --%s: %w", o.env, v, o.flag, err)
		}
	}
	return nil
}

// check rejects values every command would otherwise reinterpret silently.
func (c Config) check() error {
	switch c.LogFormat {
	case "text", "json":
	default:
		return fmt.Errorf("log format %q: use text or json (--log-format, CIRCLE_LOG_FORMAT)", c.LogFormat)
	}
	var level slog.Level
	if err := level.UnmarshalText([]byte(c.LogLevel)); err != nil {
		return fmt.Errorf("log level %q: use debug, info, warn or error (--log-level, CIRCLE_LOG_LEVEL)", c.LogLevel)
	}
	if c.DebugAddr != "" {
		if err := checkDebugAddr(c.DebugAddr); err != nil {
			return err
		}
	}
	if c.MemoryLimit != "" {
		if _, err := parseByteSize(c.MemoryLimit); err != nil {
			return fmt.Errorf("memory limit %q (--memory-limit, CIRCLE_MEMORY_LIMIT): %w", c.MemoryLimit, err)
		}
	}
	switch c.SMTPTLS {
	case "", "starttls", "tls", "none":
	default:
		return fmt.Errorf("SMTP TLS mode %q: use starttls, tls or none (--smtp-tls, CIRCLE_SMTP_TLS)", c.SMTPTLS)
	}
	return nil
}

// options registers a subcommand's options: each a flag and its environment variable, the
// flag's name upper-cased after CIRCLE_ with dashes as underscores (--auth-rate-limit,
// CIRCLE_AUTH_RATE_LIMIT), listed with its help line for --help in the order registered.
type options struct {
	fs   *flag.FlagSet
	list *[]option
}

func (o options) add(name, help string) {
	*o.list = append(*o.list, option{name, "CIRCLE_" + strings.ToUpper(strings.ReplaceAll(name, "-", "_")), help})
}

func (o options) stringVar(p *string, name, value, help string) {
	o.fs.StringVar(p, name, value, help)
	o.add(name, help)
}

func (o options) intVar(p *int, name string, value int, help string) {
	o.fs.IntVar(p, name, value, help)
	o.add(name, help)
}

func (o options) boolVar(p *bool, name string, value bool, help string) {
	o.fs.BoolVar(p, name, value, help)
	o.add(name, help)
}

func (o options) durationVar(p *time.Duration, name string, value time.Duration, help string) {
	o.fs.DurationVar(p, name, value, help)
	o.add(name, help)
}

// bindCommon registers the options every subcommand that opens the database shares.
func bindCommon(fs *flag.FlagSet, c *Config, opts *[]option) {
	o := options{fs, opts}
	o.stringVar(&c.DataDir, "data-dir", "./data", "directory for the SQLite file and local media (default ./data)")
	o.stringVar(&c.DatabaseURL, "database-url", "", "database: a SQLite file path (default {data-dir}/circle.db) or a postgres:// URL")
	o.stringVar(&c.LogFormat, "log-format", "text", "log format: text or json (default text)")
	o.stringVar(&c.LogLevel, "log-level", "info", "log level: debug, info, warn or error (default info)")
}

// bindServe registers the serve options.
func bindServe(fs *flag.FlagSet, c *Config, opts *[]option) {
	o := options{fs, opts}
	o.stringVar(&c.Addr, "addr", "127.0.0.1:8080", "listen address (default 127.0.0.1:8080)")
	o.stringVar(&c.DebugAddr, "debug-addr", "", "loopback address (127.0.0.1:6060) serving the Go profiles at /debug/pprof/; unset (default) serves none; keep it private")
	o.stringVar(&c.BaseURL, "base-url", "", "public URL used in e-mails and links (default http://{addr}, localhost for 127.0.0.1)")
	o.boolVar(&c.Demo, "demo", false, "load the demo catalogue and accounts into an empty database and print the accounts (default false)")
	o.durationVar(&c.ShutdownTimeout, "shutdown-timeout", 30*time.Second, "how long in-flight requests may run on SIGINT/SIGTERM (default 30s)")
	o.stringVar(&c.StaffEmails, "staff-emails", "", "comma-separated e-mails that are administrators (never sent to browsers)")
	o.boolVar(&c.TrustProxy, "trust-proxy", false, "read the client address from X-Forwarded-For; only behind your own load balancer (default false)")
	o.stringVar(&c.MetricsToken, "metrics-token", "", "bearer token that lets a scraper read /metrics from another machine; without it /metrics answers loopback callers only")
	o.intVar(&c.AuthRateLimit, "auth-rate-limit", 30, "sign-in, sign-up and reset requests per minute per client address; 0 turns it off (default 30)")
	o.stringVar(&c.RedisURL, "redis-url", "", "redis:// URL: keeps the rate limits every replica shares in Redis instead of the database (default unset: the database)")
	o.stringVar(&c.MemoryLimit, "memory-limit", "", "Go memory limit (512MiB, 2GiB; 0 or off for none); default the container's cgroup memory limit minus a tenth (at least 64 MiB), none outside a container; GOMEMLIMIT wins")
	o.intVar(&c.JobWorkers, "job-workers", jobs.DefaultWorkers, "background jobs this process runs at once (default 4)")
	o.stringVar(&c.SMTPHost, "smtp-host", "", "SMTP server; unset keeps e-mail in the built-in outbox (admins read it in the app)")
	o.intVar(&c.SMTPPort, "smtp-port", 587, "SMTP port (default 587)")
	o.stringVar(&c.SMTPUsername, "smtp-username", "", "SMTP user name (PLAIN auth when set)")
	o.stringVar(&c.SMTPPassword, "smtp-password", "", "SMTP password")
	o.stringVar(&c.SMTPFrom, "smtp-from", "Circle <no-reply@circle.example>", "sender address (default Circle <no-reply@circle.example>)")
	o.stringVar(&c.SMTPTLS, "smtp-tls", "starttls", "starttls (default, required), tls (implicit) or none (local relays only)")
	o.stringVar(&c.GoogleClientID, "google-client-id", "", "Google OAuth client id; with the secret it turns on Continue with Google")
	o.stringVar(&c.GoogleClientSecret, "google-client-secret", "", "Google OAuth client secret")
	o.stringVar(&c.GoogleIssuer, "google-issuer", "https://accounts.google.com", "OpenID Connect issuer (default https://accounts.google.com); the callback is {base-url}/api/auth/google/callback")
	o.stringVar(&c.TurnstileSiteKey, "turnstile-site-key", "", "Cloudflare Turnstile site key; with the secret it replaces the built-in proof-of-work check")
	o.stringVar(&c.TurnstileSecret, "turnstile-secret", "", "Cloudflare Turnstile secret key")
	o.stringVar(&c.TurnstileVerifyURL, "turnstile-verify-url", "https://challenges.cloudflare.com/turnstile/v0/siteverify", "Turnstile siteverify URL (default Cloudflare's)")
	o.stringVar(&c.TurnstileHostname, "turnstile-hostname", "", "site a Turnstile token must be solved on (default the base URL's host; * for any, as Cloudflare's test keys need)")
	o.stringVar(&c.StripeSecretKey, "stripe-secret-key", "", "Stripe secret key (sk_...); set, payments use Stripe Checkout, Billing and the customer portal instead of the built-in test-mode checkout page")
	o.stringVar(&c.StripeWebhookSecret, "stripe-webhook-secret", "", "signing secret (whsec_...) of the webhook endpoint {base-url}/api/webhooks/stripe; required with the Stripe key (built-in checkout: generated and kept in the database when unset)")
	o.stringVar(&c.StripeAPIURL, "stripe-api-url", "", "Stripe API base URL (default Stripe's; point it at stripe-mock for tests)")
	o.stringVar(&c.WebDir, "web-dir", "", "serve the web app from this directory instead of the one built into the binary (development and tests)")
	o.intVar(&c.BotCheckDifficulty, "botcheck-difficulty", 16, "leading zero bits the built-in proof-of-work needs (default 16, about a second in a browser)")
	o.stringVar(&c.GeocoderURL, "geocoder-url", "", "reverse-geocode endpoint of an outside service answering city/locality, principalSubdivision(Code) and postcode (BigDataCloud's shape, e.g. https://api-bdc.net/data/reverse-geocode); unset, the built-in offline table of US cities answers")
	o.stringVar(&c.GeocoderKey, "geocoder-key", "", "API key sent as key= to the reverse-geocode endpoint")
	// Consultations (issue 16)
	o.stringVar(&c.GHLAPIKey, "ghl-api-key", "", "HighLevel (GoHighLevel) private integration token; with the location id, booking contacts are upserted to HighLevel instead of the built-in CRM")
	o.stringVar(&c.GHLLocationID, "ghl-location-id", "", "HighLevel location (sub-account) id the contacts go to")
	o.stringVar(&c.GHLBaseURL, "ghl-base-url", "https://services.leadconnectorhq.com", "HighLevel API v2 base URL (default https://services.leadconnectorhq.com)")
	o.stringVar(&c.ConsultationTeamEmail, "consultation-team-email", "consultations@circle.example", "address of the internal booking notification when the vendor has no contact e-mail (default consultations@circle.example)")
	o.stringVar(&c.SupportEmail, "support-email", "support@circle.example", "address every support ticket and dispute is e-mailed to (default support@circle.example)")
	// Concierge (issue 29)
	o.stringVar(&c.LLMURL, "llm-url", "", "OpenAI-compatible chat-completions endpoint (or its base URL) the concierge sends the retrieved context to; unset, the built-in advisor answers")
	o.stringVar(&c.LLMAPIKey, "llm-api-key", "", "bearer key sent to the LLM endpoint")
	o.stringVar(&c.LLMModel, "llm-model", "gpt-4o-mini", "model name sent to the LLM endpoint (default gpt-4o-mini)")
	o.durationVar(&c.LLMTimeout, "llm-timeout", 8*time.Second, "how long the concierge waits for the model before answering with the built-in advisor (default 8s)")
	o.intVar(&c.ConciergeRateLimit, "concierge-rate-limit", 20, "concierge answers per minute per user or visitor (default 20, burst 10; 0 disables)")
	// Media uploads (issue 30 item 3)
	o.stringVar(&c.S3Bucket, "s3-bucket", "", "S3-compatible bucket that keeps uploaded media; unset, media is kept on the local disk under {data-dir}/media")
	o.stringVar(&c.S3Endpoint, "s3-endpoint", "https://s3.amazonaws.com", "S3 API endpoint URL (default https://s3.amazonaws.com; http:// for a local MinIO turns TLS off)")
	o.stringVar(&c.S3Region, "s3-region", "us-east-1", "S3 region the requests are signed for (default us-east-1)")
	o.stringVar(&c.S3AccessKey, "s3-access-key", "", "S3 access key id")
	o.stringVar(&c.S3SecretKey, "s3-secret-key", "", "S3 secret access key")
	o.boolVar(&c.S3PathStyle, "s3-path-style", false, "address the bucket in the path (MinIO and most self-hosted stores) instead of the host name")
	bindCommon(fs, c, opts)
}

// usage prints a subcommand's help with every option and its environment variable.
func usage(fs *flag.FlagSet, synopsis string, opts []option) func() {
	return func() {
		w := fs.Output()
		fmt.Fprintf(w, "usage: %s\n\noptions (each also read from its environment variable):\n", synopsis)
		for _, o := range opts {
			fmt.Fprintf(w, "  --%-18s %-26s %s\n", o.flag, o.env, o.help)
		}
	}
}

// resolve fills derived defaults.
func (c *Config) resolve() {
	if c.DatabaseURL == "" {
		c.DatabaseURL = filepath.Join(c.DataDir, "circle.db")
	}
	if c.BaseURL == "" && c.Addr != "" {
		host := c.Addr
		if strings.HasPrefix(host, "127.0.0.1:") || strings.HasPrefix(host, ":") || strings.HasPrefix(host, "0.0.0.0:") {
			host = "localhost:" + host[strings.LastIndex(host, ":")+1:]
		}
		c.BaseURL = "http://" + host
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
	if c.TurnstileHostname == "" {
		if u, err := url.Parse(c.BaseURL); err == nil {
			c.TurnstileHostname = u.Hostname()
		}
	}
}
