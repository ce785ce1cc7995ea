package accounting

import (
	"encoding/json"
	"os"
	"testing"
)

// TestF_AREA_03_EverySourceHasALabel: the accounting screen names each entry's and mismatch's
// source by its label; a source without one showed a missing translation key in the browser.
func TestF_AREA_03_EverySourceHasALabel(t *testing.T) {
	for _, lang := range []string{"en", "es", "fr"} {
		raw, err := os.ReadFile("../../web/src/locales/" + lang + "/accounting.json")
		if err != nil {
			t.Fatal(err)
		}
		var words struct {
			Sources map[string]string `json:"sources"`
		}
		if err := json.Unmarshal(raw, &words); err != nil {
			t.Fatal(err)
		}
		for _, s := range Sources {
			if words.Sources[s] == "" {
				t.Errorf("%s: no label for the source %q (accounting.sources.%s)", lang, s, s)
			}
		}
	}
}
