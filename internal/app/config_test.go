package app

import "testing"

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
