package httpapi

import (
	"strconv"
	"strings"
)

// weightedToken is one entry of an HTTP header list with quality values (Accept-Language,
// Accept-Encoding): the token lowercased, and its q (1 when not given, 0 when not a number from
// 0 to 1).
type weightedToken struct {
	token string
	q     float64
}

// headerQualities splits a header such as "fr-CA, en;q=0.8" or "gzip, br;q=0" into its tokens
// and their quality values, in the header's order.
func headerQualities(header string) []weightedToken {
	var out []weightedToken
	for _, part := range strings.Split(header, ",") {
		token, params, _ := strings.Cut(part, ";")
		token = strings.ToLower(strings.TrimSpace(token))
		if token == "" {
			continue
		}
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
				continue
			}
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && f >= 0 && f <= 1 {
				q = f
			} else {
				q = 0
			}
		}
		out = append(out, weightedToken{token: token, q: q})
	}
	return out
}
