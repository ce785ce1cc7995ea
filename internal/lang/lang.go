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

// Pick is the text in tag's language (Base) of a text kept in English, Spanish and French, in
// English when that translation is empty: English is the one every text has.
func Pick(tag, en, es, fr string) string {
	switch Base(tag) {
	case "es":
		if es != "" {
			return es
		}
	case "fr":
		if fr != "" {
			return fr
		}
	}
	return en
}
