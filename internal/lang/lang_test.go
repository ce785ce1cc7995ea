package lang

import "testing"

// TestBase also checks Pick, which takes the same language when every translation is there.
func TestBase(t *testing.T) {
	for tag, want := range map[string]string{"": "en", "en": "en", "es": "es", "es-MX": "es", "FR": "fr", " fr-CA ": "fr", "de": "en"} {
		if got := Base(tag); got != want {
			t.Errorf("Base(%q) = %q, want %q", tag, got, want)
		}
		if got := Pick(tag, "en", "es", "fr"); got != want {
			t.Errorf("Pick(%q, en, es, fr) = %q, want %q", tag, got, want)
		}
	}
	// A missing translation falls back to English.
	if es, fr := Pick("es", "en", "", "fr"), Pick("fr", "en", "es", ""); es != "en" || fr != "en" {
		t.Errorf("Pick without the translation: es %q, fr %q, want en", es, fr)
	}
}
