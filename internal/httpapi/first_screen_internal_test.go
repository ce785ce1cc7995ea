package httpapi

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"circle/internal/marketplace"
	"circle/internal/pricing"
)

func testWords(t *testing.T) map[string]*screenWords {
	t.Helper()
	w := readScreenWords(os.DirFS("../../web/src"), "locales", pageLanguages, firstScreenNamespaces)
	if len(w) != 3 {
		t.Fatalf("catalogues read: %d", len(w))
	}
	return w
}

// usdMoney formats in US dollars, a visitor's currency on auto in English.
func usdMoney(lang string) firstScreenMoney {
	return firstScreenMoney{conv: pricing.Converter{Currency: pricing.USD, Lang: lang}}
}

// F-CAT-01: the server's words are the app's, with i18next's interpolation and plural forms.
func TestF_CAT_01_FirstScreenWords(t *testing.T) {
	w := testWords(t)
	for _, c := range []struct{ lang, got, want string }{
		{"en", w["en"].t("marketplace.blocks.count", "count", 1), "1 service"},
		{"en", w["en"].t("marketplace.blocks.count", "count", 0), "0 services"},
		{"fr", w["fr"].t("marketplace.blocks.count", "count", 0), strings.ReplaceAll(w["fr"].words["marketplace.blocks.count_one"], "{{count}}", "0")},
		{"es", w["es"].t("marketplace.results.summary", "page", 1, "pages", 3, "total", 120),
			strings.NewReplacer("{{page}}", "1", "{{pages}}", "3", "{{total}}", "120").Replace(w["es"].words["marketplace.results.summary"])},
		{"en", w["en"].t("common.appName"), "Circle"},
		{"en", w["en"].t("marketplace.no.such.key"), "marketplace.no.such.key"},
	} {
		if c.got != c.want {
			t.Errorf("%s: %q, want %q", c.lang, c.got, c.want)
		}
	}
}

// F-CAT-01: card titles, descriptions and vendor names are escaped in the HTML, the app's data
// cannot end its script element, and the price is the member offer of the quote, in the
// language's format and the visitor's currency (F-APP-06: C$ converted at the rate, marked ≈).
func TestF_CAT_01_FirstScreenEscapesAndPrices(t *testing.T) {
	w := testWords(t)
	cents, retail, pro := int64(129900), int64(150000), int64(99900)
	card := marketplace.Card{ID: "svc-x", Title: `Yard <b>"Signs"</b> & </script><script>alert(1)</script>`,
		Description: "<img src=x onerror=alert(1)>", ImageURL: "/demo/x.svg", PriceSuffix: "/mo", IsVerified: true,
		Vendor: &marketplace.VendorSummary{Name: "A&B <Vendor>"},
		Offers: marketplace.CardOffers{Member: marketplace.CardOffer{Kind: "retail", Cents: &cents, ProCents: &pro, RetailCents: &retail, SavingsPercent: 13}}}
	card.Rating.AverageRating, card.Rating.TotalReviews = 4.25, 12
	snap := marketplace.Snapshot{FirstPage: marketplace.Page{Services: []marketplace.Card{card}, Total: 1, Pages: 1}}
	raw, err := json.Marshal(snap)
	if err != nil {
		t.Fatal(err)
	}
	// A raw "<" as an encoder without HTML escaping would write it.
	raw = []byte(strings.ReplaceAll(string(raw), `\u003c`, "<"))
	cad := func(l string) firstScreenMoney {
		return firstScreenMoney{conv: pricing.Converter{Currency: pricing.CAD, RateE4: 13800, Lang: l}}
	}
	moneys := map[string]firstScreenMoney{"en": usdMoney("en"), "fr": usdMoney("fr"), "en CAD": cad("en"), "fr CAD": cad("fr")}
	for _, l := range []string{"en", "fr", "en CAD", "fr CAD"} {
		main, data, err := renderFirstScreen(raw, nil, w[l[:2]], moneys[l])
		if err != nil {
			t.Fatal(err)
		}
		m := string(main)
		for _, bad := range []string{"<b>", "</script>", "<img src=x", "<Vendor>"} {
			if strings.Contains(m, bad) {
				t.Errorf("%s: %q unescaped in the HTML", l, bad)
			}
		}
		if !strings.Contains(m, "Yard &lt;b&gt;&#34;Signs&#34;&lt;/b&gt; &amp; &lt;/script&gt;") || !strings.Contains(m, "A&amp;B &lt;Vendor&gt;") {
			t.Errorf("%s: title or vendor missing", l)
		}
		if strings.Count(string(data), "</script") != 1 || strings.Contains(string(data), "<b>") {
			t.Errorf("%s: the app's data can end its element: %s", l, data)
		}
		var back marketplace.Snapshot
		body := string(data)
		body = body[strings.Index(body, ">")+1 : strings.LastIndex(body, "</script>")]
		if err := json.Unmarshal([]byte(body), &back); err != nil || back.FirstPage.Services[0].Title != card.Title {
			t.Errorf("%s: the app's data does not read back: %v", l, err)
		}
		// As the app's formatMoney writes them: C$ converted at the rate (1,299 x 1.38 = 1,792.62)
		// and marked approximate, the struck-through retail and the Pro upsell too.
		frMonth := w["fr"].words["marketplace.price.suffix.mo"]
		want := map[string][]string{
			"en":     {`data-field="price">$1,299<span class="text-sm font-medium text-fg-muted">/mo</span>`, `</span>$1,500</s>`, `>Pro $999/mo<`},
			"fr":     {"data-field=\"price\">1\u202f299\u00a0$<span class=\"text-sm font-medium text-fg-muted\">" + frMonth + "</span>", "</span>1\u202f500\u00a0$</s>"},
			"en CAD": {`data-field="price">≈ C$1,793<span class="text-sm font-medium text-fg-muted">/mo</span>`, `</span>≈ C$2,070</s>`, `>Pro ≈ C$1,379/mo<`},
			"fr CAD": {"data-field=\"price\">≈ 1\u202f793\u00a0C$<span class=\"text-sm font-medium text-fg-muted\">" + frMonth + "</span>", "</span>≈ 2\u202f070\u00a0C$</s>"},
		}[l]
		for _, want := range want {
			if !strings.Contains(m, want) {
				t.Errorf("%s: price: want %s", l, want)
			}
		}
		if !strings.Contains(m, `fetchpriority="high"`) || !strings.Contains(m, `width="640" height="360"`) {
			t.Errorf("%s: the first picture is not fetched first or has no size", l)
		}
		if !strings.Contains(m, `var(--color-pro) 85%`) || !strings.Contains(m, ">4.3<") {
			t.Errorf("%s: rating", l)
		}
	}
}

// F-CAT-01: an uploaded picture shows in the first screen in the size the app's card asks for
// (the 800x450 card size; a logo's 128 px thumb), not the stored original of up to 2560 px,
// so the app takes over with the same bytes; a demo path stays as it is.
func TestF_CAT_01_FirstScreenPictureSizes(t *testing.T) {
	w := testWords(t)
	const logo, picture = "/api/media/019a0c4e-7f00-7000-8000-00000000000a/file", "/api/media/019a0c4e-7f00-7000-8000-00000000000b/file"
	for _, c := range []struct {
		logo, image, wantLogo, wantImage string
	}{
		{logo, picture, logo + "?variant=thumb", picture + "?variant=card"},
		{"/demo/logos/x.svg", "/demo/services/x.svg", "/demo/logos/x.svg", "/demo/services/x.svg"},
	} {
		card := marketplace.Card{ID: "svc-x", Title: "Yard signs", ImageURL: c.image, Vendor: &marketplace.VendorSummary{Name: "Acme", LogoURL: c.logo}}
		cv := cardViewOf(card, w["en"], usdMoney("en"), true)
		if cv.Logo != c.wantLogo || cv.Image != c.wantImage {
			t.Errorf("logo %q image %q, want %q and %q", cv.Logo, cv.Image, c.wantLogo, c.wantImage)
		}
	}
}
