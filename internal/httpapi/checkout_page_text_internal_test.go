package httpapi

import (
	"reflect"
	"testing"
	"time"

	"circle/internal/billing"
	"circle/internal/payments"
)

// TestF_APP_06_PaymentPageTextComplete: every string of the built-in payment pages exists in
// en, es and fr, every card message and test card result the page can show is translated, and
// Spanish and French differ from English.
func TestF_APP_06_PaymentPageTextComplete(t *testing.T) {
	en := pageTexts["en"]
	for _, l := range []string{"en", "es", "fr"} {
		pt, ok := pageTexts[l]
		if !ok || pt.Lang != l {
			t.Fatalf("no %s text", l)
		}
		v := reflect.ValueOf(pt)
		for i := 0; i < v.NumField(); i++ {
			name, f := v.Type().Field(i).Name, v.Field(i)
			switch f.Kind() {
			case reflect.String:
				if f.String() == "" {
					t.Errorf("%s.%s is empty", l, name)
				}
				if l != "en" && name != "Lang" && f.String() == reflect.ValueOf(en).Field(i).String() && !sameInEveryLanguage[name] {
					t.Errorf("%s.%s is the English %q", l, name, f.String())
				}
			case reflect.Array:
				for j := 0; j < f.Len(); j++ {
					if f.Index(j).String() == "" {
						t.Errorf("%s.%s[%d] is empty", l, name, j)
					}
				}
			}
		}
		for _, iv := range []string{billing.IntervalMonth, billing.IntervalYear} {
			if pt.Per[iv] == "" || pt.Billed[iv] == "" {
				t.Errorf("%s: no text for the %s interval", l, iv)
			}
		}
		for _, st := range []string{billing.StatusIncomplete, billing.StatusActive, billing.StatusPastDue, billing.StatusPaused, billing.StatusCanceled, billing.StatusExpired} {
			if pt.Statuses[st] == "" {
				t.Errorf("%s: no text for status %s", l, st)
			}
		}
		if l == "en" {
			continue
		}
		msgs := []string{payments.MsgCardNumberInvalid, payments.MsgCardNotTest, payments.MsgExpiryInvalid, payments.MsgExpiryPast,
			payments.MsgCVCInvalid, payments.MsgNameRequired}
		for _, c := range payments.TestCards {
			if c.Message != "" {
				msgs = append(msgs, c.Message)
			}
			if pt.CardResults[c.Result] == "" {
				t.Errorf("%s: test card result %q is not translated", l, c.Result)
			}
		}
		for _, m := range msgs {
			if s := pt.cardError(m); s == m || s == "" {
				t.Errorf("%s: card message %q is not translated", l, m)
			}
		}
	}
	// English shows the payments messages as they are.
	if en.cardError(payments.MsgCardNotTest) != payments.MsgCardNotTest || en.cardResult("succeeds") != "succeeds" {
		t.Error("English card text changed")
	}
}

// Strings that are the same word in Spanish or French.
var sameInEveryLanguage = map[string]bool{"Total": true, "Plan": true, "Description": true}

func TestPageDates(t *testing.T) {
	d := time.Date(2026, time.March, 1, 12, 0, 0, 0, time.UTC)
	for l, want := range map[string][2]string{
		"en": {"March 1, 2026", "Mar 1, 2026"},
		"es": {"1 de marzo de 2026", "1 mar 2026"},
		"fr": {"1er mars 2026", "1er mars 2026"},
	} {
		pt := pageTexts[l]
		if got := [2]string{pt.date(d), pt.shortDate(d)}; got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
}

func TestAcceptLanguage(t *testing.T) {
	for header, want := range map[string]string{
		"":                             "",
		"es-MX":                        "es",
		"fr":                           "fr",
		"FR-ca, en;q=0.8":              "fr",
		"en-US,en;q=0.9,es;q=0.8":      "en",
		"de-DE, it;q=0.9":              "",
		"de, es;q=0.5":                 "es",
		"en;q=0.3, fr;q=0.9":           "fr",
		"es;q=0, fr;q=0.1":             "fr",
		"es;q=abc":                     "",
		"*":                            "",
		"estonian":                     "",
		"es-419 ; q=0.7 , en ; q=0.5":  "es",
		" fr-CH ;level=1; q=0.4, de":   "fr",
		"en-GB;q=0.8, es-ES;q=0.8, fr": "fr",
	} {
		if got := acceptLanguage(header); got != want {
			t.Errorf("acceptLanguage(%q) = %q, want %q", header, got, want)
		}
	}
}
