package lang

import "testing"

func TestBase(t *testing.T) {
	for tag, want := range map[string]string{"": "en", "en": "en", "es": "es", "es-MX": "es", "FR": "fr", " fr-CA ": "fr", "de": "en"} {
		if got := Base(tag); got != want {
			t.Errorf("Base(%q) = %q, want %q", tag, got, want)
		}
	}
}
