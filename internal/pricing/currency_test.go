package pricing

import "testing"

// F-APP-06: the viewer's currency (01§9 "Currency USD, or CAD for Canadian provinces and in
// French"; 03§9), with the header's USD/CAD switch.
func TestF_APP_06_ViewerCurrency(t *testing.T) {
	cases := []struct {
		name, choice, state, lang string
		want                      Currency
	}{
		{"auto, US state, English", "auto", "TX", "en", USD},
		{"auto, nothing known", "", "", "en", USD},
		{"auto, Canadian code", "auto", "ON", "en", CAD},
		{"auto, Canadian name", "auto", "British Columbia", "es", CAD},
		{"auto, French name", "auto", "Québec", "en", CAD},
		{"auto, French without a state", "auto", "", "fr", CAD},
		{"auto, French Canadian tag", "", "", "fr-CA", CAD},
		{"auto, French with a US state", "auto", "NY", "fr", USD},
		{"auto, French in Quebec", "auto", "QC", "fr", CAD},
		{"auto, Spanish without a state", "auto", "", "es", USD},
		{"USD chosen in Ontario", "USD", "ON", "en", USD},
		{"USD chosen in French", "USD", "", "fr", USD},
		{"CAD chosen in Texas", "CAD", "TX", "en", CAD},
		{"lower-case choice", "cad", "TX", "en", CAD},
		{"unknown choice is auto", "EUR", "TX", "en", USD},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := ViewerCurrency(Choice(c.choice), c.state, c.lang); got != c.want {
				t.Fatalf("ViewerCurrency(%q, %q, %q) = %s, want %s", c.choice, c.state, c.lang, got, c.want)
			}
			conv := NewConverter(Choice(c.choice), c.state, 13800, c.lang)
			if conv.Currency != c.want {
				t.Fatalf("NewConverter currency = %s, want %s", conv.Currency, c.want)
			}
		})
	}
}

// F-APP-06: French prices use the fr-CA format, others en-US (03§9), in either currency.
func TestF_APP_06_FrenchFormat(t *testing.T) {
	m := NewConverter(Auto, "", 13800, "fr").Money(1299_00)
	if m.Currency != CAD || m.Cents != 1792_62 || m.Display != "1\u202f793\u00a0C$" {
		t.Fatalf("French visitor: %+v", m)
	}
	m = NewConverter(Choice(USD), "", 13800, "fr").Money(1299_00)
	if m.Display != "1\u202f299\u00a0$" {
		t.Fatalf("French in USD: %q", m.Display)
	}
	if m = NewConverter(Choice(CAD), "TX", 13800, "en").Money(1299_00); m.Display != "C$1,793" {
		t.Fatalf("English in CAD: %q", m.Display)
	}
}

func TestParseChoice(t *testing.T) {
	for in, want := range map[string]Choice{"USD": "USD", " cad ": "CAD", "auto": Auto, "": Auto, "x": Auto} {
		if got := ParseChoice(in); got != want {
			t.Errorf("ParseChoice(%q) = %q, want %q", in, got, want)
		}
	}
}
