// Package lang names the languages the server writes text in: English, Spanish and French.
package lang

import "strings"

// Base is the language of a tag ("es-MX", "FR", " en "): es or fr by prefix, else en.
func Base(tag string) string {
	l := strings.ToLower(strings.TrimSpace(tag))
	switch {
	case strings.HasPrefix(l, "es"):
		return "es"
	case strings.HasPrefix(l, "fr"):
		return "fr"
	}
	return "en"
}
