package app

import (
	"bytes"
	"context"
	"flag"
	"io"
	"strings"
	"testing"
	"time"
)

// F-AUTH-05: a Turnstile token must be solved on the site's own host unless configured
// otherwise.
func TestF_AUTH_05_TurnstileHostnameDefaultsToTheBaseURLHost(t *testing.T) {
	cases := []struct {
		cfg  Config
		want string
	}{
		{Config{BaseURL: "https://circle.example/"}, "circle.example"},
		{Config{BaseURL: "https://circle.example:8443"}, "circle.example"},
		{Config{Addr: "127.0.0.1:8080"}, "localhost"},
		{Config{BaseURL: "https://circle.example", TurnstileHostname: "*"}, "*"},
		{Config{BaseURL: "https://circle.example", TurnstileHostname: "www.circle.example"}, "www.circle.example"},
	}
	for _, c := range cases {
		c.cfg.resolve()
		if c.cfg.TurnstileHostname != c.want {
			t.Errorf("base %q: Turnstile hostname %q, want %q", c.cfg.BaseURL, c.cfg.TurnstileHostname, c.want)
		}
	}
}

// A value the option cannot take stops the server with the variable named instead of running
// with the default; a valid one is taken, and a flag on the command line still wins.
func TestConfigFromEnvironment(t *testing.T) {
	for _, tc := range []struct{ env, value, want string }{
		{"CIRCLE_AUTH_RATE_LIMIT", "3o", `CIRCLE_AUTH_RATE_LIMIT="3o"`},
		{"CIRCLE_TRUST_PROXY", "yes please", `CIRCLE_TRUST_PROXY="yes please"`},
		{"CIRCLE_SHUTDOWN_TIMEOUT", "30", `CIRCLE_SHUTDOWN_TIMEOUT="30"`},
		{"CIRCLE_LOG_FORMAT", "xml", `log format "xml"`},
		{"CIRCLE_LOG_LEVEL", "loud", `log level "loud"`},
		{"CIRCLE_SMTP_TLS", "ssl", `SMTP TLS mode "ssl"`},
	} {
		t.Run(tc.env, func(t *testing.T) {
			t.Setenv(tc.env, tc.value)
			t.Setenv("CIRCLE_DATA_DIR", t.TempDir())
			var out, errOut bytes.Buffer
			err := cmdServe(context.Background(), nil, &out, &errOut)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("serve with %s=%q: err %v, want it to mention %s", tc.env, tc.value, err, tc.want)
			}
		})
	}

	t.Setenv("CIRCLE_AUTH_RATE_LIMIT", "7")
	t.Setenv("CIRCLE_SHUTDOWN_TIMEOUT", "5s")
	var c Config
	var opts []option
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	bindServe(fs, &c, &opts)
	if err := parse(fs, opts, []string{"--shutdown-timeout", "9s"}, io.Discard); err != nil {
		t.Fatal(err)
	}
	if c.AuthRateLimit != 7 || c.ShutdownTimeout != 9*time.Second {
		t.Fatalf("auth rate limit %d (want 7 from the environment), shutdown timeout %v (want 9s from the flag)", c.AuthRateLimit, c.ShutdownTimeout)
	}
}
