package httpapi

import (
	"net/http/httptest"
	"testing"
)

// F-AUTH-04: behind the load balancer the rate limit and lockout key on the address the
// balancer saw, so a caller cannot pick a fresh one per request by writing X-Forwarded-For.
func TestF_AUTH_04_ClientAddressIgnoresCallerWrittenForwardedFor(t *testing.T) {
	cases := []struct {
		name       string
		trustProxy bool
		xff        []string
		want       string
	}{
		{"no proxy trusted: the connection", false, []string{"198.51.100.9"}, "203.0.113.1"},
		{"balancer appended the caller", true, []string{"198.51.100.9"}, "198.51.100.9"},
		{"caller forged an entry before it", true, []string{"10.9.9.9, 198.51.100.9"}, "198.51.100.9"},
		{"repeated headers read as one list", true, []string{"10.9.9.9", "198.51.100.9"}, "198.51.100.9"},
		{"unparsable last entry: the connection", true, []string{"198.51.100.9, nonsense"}, "203.0.113.1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = "203.0.113.1:4000"
			for _, v := range c.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			if got := clientIP(r, c.trustProxy); got != c.want {
				t.Fatalf("clientIP = %q, want %q", got, c.want)
			}
		})
	}
}
