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

// bindCommon registers the options every subcommand that opens the database shares.
func bindCommon(fs *flag.FlagSet, c *Config, opts *[]option) {
	add := func(name, env, help string) { *opts = append(*opts, option{name, env, help}) }
	fs.StringVar(&c.DataDir, "data-dir", "./data", "directory for the SQLite file and local media")
	add("data-dir", "CIRCLE_DATA_DIR", "directory for the SQLite file and local media (default ./data)")
	fs.StringVar(&c.DatabaseURL, "database-url", "", "database URL")
	add("database-url", "CIRCLE_DATABASE_URL", "database: a SQLite file path (default {data-dir}/circle.db) or a postgres:// URL")
	fs.StringVar(&c.LogFormat, "log-format", "text", "log format: text or json")
	add("log-format", "CIRCLE_LOG_FORMAT", "log format: text or json (default text)")
	fs.StringVar(&c.LogLevel, "log-level", "info", "log level: debug, info, warn or error")
	add("log-level", "CIRCLE_LOG_LEVEL", "log level: debug, info, warn or error (default info)")
}

// bindServe registers the serve options.
func bindServe(fs *flag.FlagSet, c *Config, opts *[]option) {
	add := func(name, env, help string) { *opts = append(*opts, option{name, env, help}) }
	fs.StringVar(&c.Addr, "addr", "127.0.0.1:8080", "listen address")
	add("addr", "CIRCLE_ADDR", "listen address (default 127.0.0.1:8080)")
	fs.StringVar(&c.DebugAddr, "debug-addr", "", "loopback address for /debug/pprof")
	add("debug-addr", "CIRCLE_DEBUG_ADDR", "loopback address (127.0.0.1:6060) serving the Go profiles at /debug/pprof/; unset (default) serves none; keep it private")
	fs.StringVar(&c.BaseURL, "base-url", "", "public URL")
	add("base-url", "CIRCLE_BASE_URL", "public URL used in e-mails and links (default http://{addr}, localhost for 127.0.0.1)")
	fs.BoolVar(&c.Demo, "demo", false, "load the demo catalogue and accounts into an empty database")
	add("demo", "CIRCLE_DEMO", "load the demo catalogue and accounts into an empty database and print the accounts (default false)")
	fs.DurationVar(&c.ShutdownTimeout, "shutdown-timeout", 30*time.Second, "grace period for in-flight requests")
	add("shutdown-timeout", "CIRCLE_SHUTDOWN_TIMEOUT", "how long in-flight requests may run on SIGINT/SIGTERM (default 30s)")
	fs.StringVar(&c.StaffEmails, "staff-emails", "", "administrator e-mails")
	add("staff-emails", "CIRCLE_STAFF_EMAILS", "comma-separated e-mails that are administrators (never sent to browsers)")
	fs.BoolVar(&c.TrustProxy, "trust-proxy", false, "read the client address from X-Forwarded-For")
	add("trust-proxy", "CIRCLE_TRUST_PROXY", "read the client address from X-Forwarded-For; only behind your own load balancer (default false)")
	fs.StringVar(&c.MetricsToken, "metrics-token", "", "bearer token for /metrics")
	add("metrics-token", "CIRCLE_METRICS_TOKEN", "bearer token that lets a scraper read /metrics from another machine; without it /metrics answers loopback callers only")
	fs.IntVar(&c.AuthRateLimit, "auth-rate-limit", 30, "auth requests per minute per IP")
	add("auth-rate-limit", "CIRCLE_AUTH_RATE_LIMIT", "sign-in, sign-up and reset requests per minute per client address; 0 turns it off (default 30)")
	fs.StringVar(&c.RedisURL, "redis-url", "", "Redis for the rate limits")
	add("redis-url", "CIRCLE_REDIS_URL", "redis:// URL: keeps the rate limits every replica shares in Redis instead of the database (default unset: the database)")
	fs.StringVar(&c.MemoryLimit, "memory-limit", "", "Go memory limit, e.g. 512MiB")
	add("memory-limit", "CIRCLE_MEMORY_LIMIT", "Go memory limit (512MiB, 2GiB; 0 or off for none); default the container's cgroup memory limit minus a tenth (at least 64 MiB), none outside a container; GOMEMLIMIT wins")
	fs.IntVar(&c.JobWorkers, "job-workers", jobs.DefaultWorkers, "background jobs run at once")
	add("job-workers", "CIRCLE_JOB_WORKERS", "background jobs this process runs at once (default 4)")
	fs.StringVar(&c.SMTPHost, "smtp-host", "", "SMTP host")
	add("smtp-host", "CIRCLE_SMTP_HOST", "SMTP server; unset keeps e-mail in the built-in outbox (admins read it in the app)")
	fs.IntVar(&c.SMTPPort, "smtp-port", 587, "SMTP port")
	add("smtp-port", "CIRCLE_SMTP_PORT", "SMTP port (default 587)")
	fs.StringVar(&c.SMTPUsername, "smtp-username", "", "SMTP user")
	add("smtp-username", "CIRCLE_SMTP_USERNAME", "SMTP user name (PLAIN auth when set)")
	fs.StringVar(&c.SMTPPassword, "smtp-password", "", "SMTP password")
	add("smtp-password", "CIRCLE_SMTP_PASSWORD", "SMTP password")
	fs.StringVar(&c.SMTPFrom, "smtp-from", "Circle <no-reply@circle.example>", "sender")
	add("smtp-from", "CIRCLE_SMTP_FROM", "sender address (default Circle <no-reply@circle.example>)")
	fs.StringVar(&c.SMTPTLS, "smtp-tls", "starttls", "starttls, tls or none")
	add("smtp-tls", "CIRCLE_SMTP_TLS", "starttls (default, required), tls (implicit) or none (local relays only)")
	fs.StringVar(&c.GoogleClientID, "google-client-id", "", "Google OAuth client id")
	add("google-client-id", "CIRCLE_GOOGLE_CLIENT_ID", "Google OAuth client id; with the secret it turns on Continue with Google")
	fs.StringVar(&c.GoogleClientSecret, "google-client-secret", "", "Google OAuth client secret")
	add("google-client-secret", "CIRCLE_GOOGLE_CLIENT_SECRET", "Google OAuth client secret")
	fs.StringVar(&c.GoogleIssuer, "google-issuer", "https://accounts.google.com", "OpenID issuer")
	add("google-issuer", "CIRCLE_GOOGLE_ISSUER", "OpenID Connect issuer (default https://accounts.google.com); the callback is {base-url}/api/auth/google/callback")
	fs.StringVar(&c.TurnstileSiteKey, "turnstile-site-key", "", "Turnstile site key")
	add("turnstile-site-key", "CIRCLE_TURNSTILE_SITE_KEY", "Cloudflare Turnstile site key; with the secret it replaces the built-in proof-of-work check")
	fs.StringVar(&c.TurnstileSecret, "turnstile-secret", "", "Turnstile secret")
	add("turnstile-secret", "CIRCLE_TURNSTILE_SECRET", "Cloudflare Turnstile secret key")
	fs.StringVar(&c.TurnstileVerifyURL, "turnstile-verify-url", "https://challenges.cloudflare.com/turnstile/v0/siteverify", "siteverify URL")
	add("turnstile-verify-url", "CIRCLE_TURNSTILE_VERIFY_URL", "Turnstile siteverify URL (default Cloudflare's)")
	fs.StringVar(&c.TurnstileHostname, "turnstile-hostname", "", "site a Turnstile token must be solved on")
	add("turnstile-hostname", "CIRCLE_TURNSTILE_HOSTNAME", "site a Turnstile token must be solved on (default the base URL's host; * for any, as Cloudflare's test keys need)")
	fs.StringVar(&c.StripeSecretKey, "stripe-secret-key", "", "Stripe secret key")
	add("stripe-secret-key", "CIRCLE_STRIPE_SECRET_KEY", "Stripe secret key (sk_...); set, payments use Stripe Checkout, Billing and the customer portal instead of the built-in test-mode checkout page")
	fs.StringVar(&c.StripeWebhookSecret, "stripe-webhook-secret", "", "Stripe webhook signing secret")
	add("stripe-webhook-secret", "CIRCLE_STRIPE_WEBHOOK_SECRET", "signing secret (whsec_...) of the webhook endpoint {base-url}/api/webhooks/stripe; required with the Stripe key (built-in checkout: generated and kept in the database when unset)")
	fs.StringVar(&c.StripeAPIURL, "stripe-api-url", "", "Stripe API base URL")
	add("stripe-api-url", "CIRCLE_STRIPE_API_URL", "Stripe API base URL (default Stripe's; point it at stripe-mock for tests)")
	fs.IntVar(&c.BotCheckDifficulty, "botcheck-difficulty", 16, "proof-of-work bits")
	fs.StringVar(&c.WebDir, "web-dir", "", "serve the web app from this directory")
	add("web-dir", "CIRCLE_WEB_DIR", "serve the web app from this directory instead of the one built into the binary (development and tests)")
	add("botcheck-difficulty", "CIRCLE_BOTCHECK_DIFFICULTY", "leading zero bits the built-in proof-of-work needs (default 16, about a second in a browser)")
	fs.StringVar(&c.GeocoderURL, "geocoder-url", "", "reverse-geocode endpoint")
	add("geocoder-url", "CIRCLE_GEOCODER_URL", "reverse-geocode endpoint of an outside service answering city/locality, principalSubdivision(Code) and postcode (BigDataCloud's shape, e.g. https://api-bdc.net/data/reverse-geocode); unset, the built-in offline table of US cities answers")
	fs.StringVar(&c.GeocoderKey, "geocoder-key", "", "reverse-geocode API key")
	add("geocoder-key", "CIRCLE_GEOCODER_KEY", "API key sent as key= to the reverse-geocode endpoint")
	// Consultations (issue 16)
	fs.StringVar(&c.GHLAPIKey, "ghl-api-key", "", "HighLevel private integration token")
	add("ghl-api-key", "CIRCLE_GHL_API_KEY", "HighLevel (GoHighLevel) private integration token; with the location id, booking contacts are upserted to HighLevel instead of the built-in CRM")
	fs.StringVar(&c.GHLLocationID, "ghl-location-id", "", "HighLevel location (sub-account) id")
	add("ghl-location-id", "CIRCLE_GHL_LOCATION_ID", "HighLevel location (sub-account) id the contacts go to")
	fs.StringVar(&c.GHLBaseURL, "ghl-base-url", "https://services.leadconnectorhq.com", "HighLevel API base URL")
	add("ghl-base-url", "CIRCLE_GHL_BASE_URL", "HighLevel API v2 base URL (default https://services.leadconnectorhq.com)")
	fs.StringVar(&c.ConsultationTeamEmail, "consultation-team-email", "consultations@circle.example", "consultation team address")
	add("consultation-team-email", "CIRCLE_CONSULTATION_TEAM_EMAIL", "address of the internal booking notification when the vendor has no contact e-mail (default consultations@circle.example)")
	fs.StringVar(&c.SupportEmail, "support-email", "support@circle.example", "support address")
	add("support-email", "CIRCLE_SUPPORT_EMAIL", "address every support ticket and dispute is e-mailed to (default support@circle.example)")
	// Concierge (issue 29)
	fs.StringVar(&c.LLMURL, "llm-url", "", "OpenAI-compatible chat-completions URL")
	add("llm-url", "CIRCLE_LLM_URL", "OpenAI-compatible chat-completions endpoint (or its base URL) the concierge sends the retrieved context to; unset, the built-in advisor answers")
	fs.StringVar(&c.LLMAPIKey, "llm-api-key", "", "bearer key of the LLM endpoint")
	add("llm-api-key", "CIRCLE_LLM_API_KEY", "bearer key sent to the LLM endpoint")
	fs.StringVar(&c.LLMModel, "llm-model", "gpt-4o-mini", "model name sent to the LLM endpoint")
	add("llm-model", "CIRCLE_LLM_MODEL", "model name sent to the LLM endpoint (default gpt-4o-mini)")
	fs.DurationVar(&c.LLMTimeout, "llm-timeout", 8*time.Second, "LLM answer timeout")
	add("llm-timeout", "CIRCLE_LLM_TIMEOUT", "how long the concierge waits for the model before answering with the built-in advisor (default 8s)")
	fs.IntVar(&c.ConciergeRateLimit, "concierge-rate-limit", 20, "concierge answers per minute per user or visitor")
	add("concierge-rate-limit", "CIRCLE_CONCIERGE_RATE_LIMIT", "concierge answers per minute per user or visitor (default 20, burst 10; 0 disables)")
	// Media uploads (issue 30 item 3)
	fs.StringVar(&c.S3Bucket, "s3-bucket", "", "S3-compatible bucket for uploaded media")
	add("s3-bucket", "CIRCLE_S3_BUCKET", "S3-compatible bucket that keeps uploaded media; unset, media is kept on the local disk under {data-dir}/media")
	fs.StringVar(&c.S3Endpoint, "s3-endpoint", "https://s3.amazonaws.com", "S3 endpoint URL")
	add("s3-endpoint", "CIRCLE_S3_ENDPOINT", "S3 API endpoint URL (default https://s3.amazonaws.com; http:// for a local MinIO turns TLS off)")
	fs.StringVar(&c.S3Region, "s3-region", "us-east-1", "S3 region")
	add("s3-region", "CIRCLE_S3_REGION", "S3 region the requests are signed for (default us-east-1)")
	fs.StringVar(&c.S3AccessKey, "s3-access-key", "", "S3 access key id")
	add("s3-access-key", "CIRCLE_S3_ACCESS_KEY", "S3 access key id")
	fs.StringVar(&c.S3SecretKey, "s3-secret-key", "", "S3 secret access key")
	add("s3-secret-key", "CIRCLE_S3_SECRET_KEY", "S3 secret access key")
	fs.BoolVar(&c.S3PathStyle, "s3-path-style", false, "path-style S3 bucket addressing")
	add("s3-path-style", "CIRCLE_S3_PATH_STYLE", "address the bucket in the path (MinIO and most self-hosted stores) instead of the host name")
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
