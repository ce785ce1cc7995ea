package httpapi_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"html"
	"image/png"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"circle/internal/catalog"
	"circle/internal/demo"
	"circle/internal/detail"
	"circle/internal/marketplace"
	"circle/internal/pricing"
	"circle/internal/store/storetest"
	"circle/internal/testapp"
)

// shareApp runs the server with the web app's own index.html (as `make build` embeds it, the
// scripts aside) and the demo catalogue.
func shareApp(t *testing.T, kind string) *testapp.App {
	t.Helper()
	return shareAppWith(t, kind, testapp.Options{})
}

// shareAppWith is shareApp with more options (a clock).
func shareAppWith(t *testing.T, kind string, o testapp.Options) *testapp.App {
	t.Helper()
	index, err := os.ReadFile("../../web/index.html")
	if err != nil {
		t.Fatal(err)
	}
	web := fstest.MapFS{"index.html": {Data: index}}
	for _, k := range storetest.Engines {
		if string(k) == kind {
			o.Web, o.WebBuilt = web, true
			a := testapp.Start(t, k, o)
			a.LoadDemo(t)
			return a
		}
	}
	t.Fatalf("no engine %s", kind)
	return nil
}

var (
	jsonLDBlock  = regexp.MustCompile(`(?s)<script type="application/ld\+json">(.*?)</script>`)
	appDataBlock = regexp.MustCompile(`(?s)<script type="application/json" id="circle-service-page">(.*?)</script>`)
)

const hdrID = "svc-listingloop-hdr-photos"

// F-CAT-08 (issue 33): a service's page, read without JavaScript, has its title, vendor,
// picture, the visitor's price from the quote, rating, packages, the link-preview tags and the
// structured data; the web app still loads on it and finds the detail answer in it.
func TestF_CAT_08_ServicePageIsServerRendered(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			a := shareApp(t, string(kind))
			var d detail.ServiceDetail
			a.Get(t, "/api/services/"+hdrID).JSON(t, &d)
			slug := catalog.PageSlug(hdrID, d.Service.Title)
			if slug != "hdr-listing-photography--"+hdrID {
				t.Fatalf("slug %q", slug)
			}
			res := a.Get(t, "/services/"+slug)
			if res.Status != http.StatusOK {
				t.Fatalf("service page: %d %s", res.Status, res.Body)
			}
			body := string(res.Body)
			price := pricing.Display(*d.Service.Offers.Member.Cents, pricing.USD, "en")
			pageURL := a.URL + "/services/" + slug
			for _, want := range []string{
				"<title>" + d.Service.Title + " · Circle</title>",
				"<h1 class=\"text-2xl font-bold tracking-tight text-fg\">" + d.Service.Title + "</h1>",
				"by " + d.Vendor.Name, price, `src="` + d.Service.ImageURL + `"`,
				fmt.Sprintf("from %d reviews", d.Service.Rating.TotalReviews),
				`<link rel="canonical" href="` + pageURL + `" />`,
				`<link rel="alternate" hreflang="es" href="` + pageURL + `?lang=es" />`,
				`<link rel="alternate" hreflang="x-default" href="` + pageURL + `" />`,
				`<meta property="og:title" content="` + d.Service.Title + `" />`,
				`<meta property="og:image" content="` + pageURL + `/share.png?lang=en&amp;v=`,
				`<meta name="twitter:card" content="summary_large_image" />`,
				`<meta name="description" content="` + d.Service.Description[:40],
				d.Packages[0].Name,
				// The app still loads, once the picture (the largest paint) is in.
				`<script src="/start-app.js" defer data-app="/src/main.tsx"></script>`,
				`width="1200" height="514" fetchpriority="high"`,
			} {
				if !strings.Contains(body, want) {
					t.Errorf("page lacks %q", want)
				}
			}
			if d.Service.Rating.TotalReviews == 0 {
				t.Fatal("the demo service has no reviews: the rating is not tested")
			}
			if strings.Contains(body, `content="noindex"`) {
				t.Error("a service page is not indexed")
			}
			// JSON-LD: a Product with its Offer (cents made decimal) and rating, the vendor as an
			// Organization, the breadcrumb trail.
			m := jsonLDBlock.FindStringSubmatch(body)
			if m == nil {
				t.Fatal("no JSON-LD")
			}
			var ld struct {
				Context string           `json:"@context"`
				Graph   []map[string]any `json:"@graph"`
			}
			if err := json.Unmarshal([]byte(m[1]), &ld); err != nil {
				t.Fatalf("JSON-LD does not parse: %v\n%s", err, m[1])
			}
			types := map[string]map[string]any{}
			for _, n := range ld.Graph {
				types[n["@type"].(string)] = n
			}
			product, org, crumbs := types["Product"], types["Organization"], types["BreadcrumbList"]
			if ld.Context != "https://schema.org" || product == nil || org == nil || crumbs == nil {
				t.Fatalf("JSON-LD graph: %s", m[1])
			}
			offer := product["offers"].(map[string]any)
			cents := *d.Service.Offers.Member.Cents
			if offer["price"] != fmt.Sprintf("%d.%02d", cents/100, cents%100) || offer["priceCurrency"] != "USD" || offer["@type"] != "Offer" {
				t.Errorf("offer %v, want %d cents in USD", offer, cents)
			}
			rating := product["aggregateRating"].(map[string]any)
			if rating["ratingValue"] != d.Service.Rating.AverageRating || int(rating["reviewCount"].(float64)) != d.Service.Rating.TotalReviews {
				t.Errorf("aggregateRating %v, want %v", rating, d.Service.Rating)
			}
			if org["name"] != d.Vendor.Name || product["name"] != d.Service.Title {
				t.Errorf("organization %v, product name %v", org, product["name"])
			}
			if items := crumbs["itemListElement"].([]any); len(items) != 3 || items[2].(map[string]any)["item"] != pageURL {
				t.Errorf("breadcrumbs %v", items)
			}
			// The app's data: the detail answer the page was rendered from, for a visitor.
			m = appDataBlock.FindStringSubmatch(body)
			if m == nil {
				t.Fatal("no app data")
			}
			var data struct {
				Viewer string                `json:"viewer"`
				Detail *detail.ServiceDetail `json:"detail"`
			}
			if err := json.Unmarshal([]byte(m[1]), &data); err != nil || data.Viewer != "visitor" || data.Detail == nil || data.Detail.Service.ID != hdrID {
				t.Fatalf("app data %v %+v", err, data)
			}

			// Spanish: by ?lang= and by Accept-Language.
			es := a.Get(t, "/services/"+slug+"?lang=es")
			for _, want := range []string{`<html lang="es">`, d.Service.TitleEs, "por " + d.Vendor.Name, `<link rel="canonical" href="` + pageURL + `?lang=es" />`} {
				if !strings.Contains(string(es.Body), want) {
					t.Errorf("?lang=es lacks %q", want)
				}
			}
			fr := a.Do(t, http.MethodGet, "/services/"+slug, nil, http.Header{"Accept-Language": {"fr-CA,fr;q=0.9"}})
			if !strings.Contains(string(fr.Body), `<html lang="fr">`) || !strings.Contains(string(fr.Body), d.Service.TitleFr) {
				t.Errorf("Accept-Language fr: not French")
			}

			// Another title part, or the id alone, redirects permanently to the page.
			for _, p := range []string{"/services/old-name--" + hdrID + "?utm_medium=share", "/services/" + hdrID + "?utm_medium=share"} {
				r := a.Get(t, p)
				if r.Status != http.StatusMovedPermanently || r.Header.Get("Location") != "/services/"+slug+"?utm_medium=share" {
					t.Errorf("%s: %d to %q", p, r.Status, r.Header.Get("Location"))
				}
			}
			// An unknown service is a 404 page that asks not to be indexed.
			nf := a.Get(t, "/services/nothing--svc-does-not-exist")
			if nf.Status != http.StatusNotFound || !strings.Contains(string(nf.Body), `<meta name="robots" content="noindex" />`) ||
				!strings.Contains(string(nf.Body), "Service not found") {
				t.Errorf("unknown service: %d %s", nf.Status, nf.Body)
			}

			// An old shared link (the share menu's before the service pages: view=funnel with its
			// UTM fields and ref) moves for good to the service's page, keeping those fields.
			for _, p := range []string{"/marketplace", "/"} {
				old := a.Get(t, p+"?service="+hdrID+"&view=funnel&utm_source=x&utm_medium=share&utm_campaign=deal_share&ref=usr-1")
				want := "/services/" + slug + "?ref=usr-1&utm_campaign=deal_share&utm_medium=share&utm_source=x"
				if old.Status != http.StatusMovedPermanently || old.Header.Get("Location") != want {
					t.Errorf("old shared link on %s: %d to %q, want %q", p, old.Status, old.Header.Get("Location"), want)
				}
			}
			// The app's own address of the details (no UTM field: a dialog reloaded) stays the
			// marketplace page, with the service's head so it previews too.
			own := a.Get(t, "/marketplace?service="+hdrID+"&view=funnel")
			for _, want := range []string{`<meta property="og:title" content="` + d.Service.Title + `" />`, `<link rel="canonical" href="` + pageURL + `" />`,
				`<script type="application/ld+json">`} {
				if own.Status != http.StatusOK || !strings.Contains(string(own.Body), want) {
					t.Errorf("the app's details address (%d) lacks %q", own.Status, want)
				}
			}
			if strings.Contains(string(own.Body), `data-server-page="service"`) {
				t.Error("the marketplace address has the service page's content: the marketplace renders it")
			}
			// An old shared link to a service that is gone stays: the marketplace says so.
			if gone := a.Get(t, "/marketplace?service=svc-does-not-exist&view=funnel&utm_medium=share"); gone.Status != http.StatusOK {
				t.Errorf("old link to an unknown service: %d", gone.Status)
			}
		})
	}
}

// F-CAT-08 (issue 33): the share picture is a 1200 x 630 PNG, the same bytes while nothing it
// draws changes (ETag, 304), a 404 for an unknown service.
func TestF_CAT_08_SharePicture(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			a := shareApp(t, string(kind))
			slug := catalog.PageSlug(hdrID, "HDR Listing Photography")
			res := a.Get(t, "/services/"+slug+"/share.png")
			if res.Status != http.StatusOK || res.Header.Get("Content-Type") != "image/png" {
				t.Fatalf("share.png: %d %s", res.Status, res.Header.Get("Content-Type"))
			}
			img, err := png.Decode(bytes.NewReader(res.Body))
			if err != nil {
				t.Fatalf("share.png does not decode: %v", err)
			}
			if b := img.Bounds(); b.Dx() != 1200 || b.Dy() != 630 {
				t.Fatalf("share.png is %v", b)
			}
			// The service's picture (an SVG drawing in the demo) fills the left part: many
			// colours there, not the brand blue alone.
			colours := map[[3]uint32]bool{}
			for y := 0; y < 630; y += 7 {
				for x := 0; x < 560; x += 7 {
					r, g, b, _ := img.At(x, y).RGBA()
					colours[[3]uint32{r >> 8, g >> 8, b >> 8}] = true
				}
			}
			if len(colours) < 20 {
				t.Errorf("the share picture's left part has %d colours: the service's picture is not drawn", len(colours))
			}
			if os.Getenv("SHARE_PNG_OUT") != "" {
				_ = os.WriteFile(os.Getenv("SHARE_PNG_OUT"), res.Body, 0o600)
			}
			etag := res.Header.Get("ETag")
			again := a.Do(t, http.MethodGet, "/services/"+slug+"/share.png", nil, http.Header{"If-None-Match": {etag}})
			if etag == "" || again.Status != http.StatusNotModified {
				t.Errorf("ETag %q, again %d", etag, again.Status)
			}
			if es := a.Get(t, "/services/"+slug+"/share.png?lang=es"); es.Header.Get("ETag") == etag {
				t.Error("the Spanish picture has the English one's version")
			}
			if nf := a.Get(t, "/services/x--svc-does-not-exist/share.png"); nf.Status != http.StatusNotFound {
				t.Errorf("unknown service's picture: %d", nf.Status)
			}
		})
	}
}

// Issue 33 (F-APP-02): robots.txt and sitemap.xml are real files; the sitemap lists every
// listed service's page; an address no screen opens is a 404 (the app's page all the same);
// signed-in and admin screens ask not to be indexed.
func TestIssue33_CrawlingFiles(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			a := shareApp(t, string(kind))
			robots := a.Get(t, "/robots.txt")
			if robots.Status != http.StatusOK || !strings.HasPrefix(robots.Header.Get("Content-Type"), "text/plain") {
				t.Fatalf("robots.txt: %d %s", robots.Status, robots.Header.Get("Content-Type"))
			}
			for _, want := range []string{"User-agent: *\n", "Disallow: /api/\n", "Disallow: /admin\n", "Disallow: /orders\n",
				"Disallow: /consultation-prep/\n", "Disallow: /partner-checkout/\n", "Disallow: /payment-success\n",
				"Sitemap: " + a.URL + "/sitemap.xml\n"} {
				if !strings.Contains(string(robots.Body), want) {
					t.Errorf("robots.txt lacks %q:\n%s", want, robots.Body)
				}
			}
			if strings.Contains(string(robots.Body), "Disallow: /services") || strings.Contains(string(robots.Body), "Disallow: /marketplace") {
				t.Errorf("robots.txt hides the catalogue:\n%s", robots.Body)
			}

			sm := a.Get(t, "/sitemap.xml")
			if sm.Status != http.StatusOK || !strings.HasPrefix(sm.Header.Get("Content-Type"), "application/xml") {
				t.Fatalf("sitemap.xml: %d %s", sm.Status, sm.Header.Get("Content-Type"))
			}
			var set struct {
				XMLName xml.Name `xml:"http://www.sitemaps.org/schemas/sitemap/0.9 urlset"`
				URLs    []struct {
					Loc     string `xml:"loc"`
					LastMod string `xml:"lastmod"`
				} `xml:"url"`
			}
			if err := xml.Unmarshal(sm.Body, &set); err != nil {
				t.Fatalf("sitemap.xml does not parse: %v", err)
			}
			locs := map[string]string{}
			for _, u := range set.URLs {
				locs[u.Loc] = u.LastMod
			}
			var all []marketplace.Card
			for page := 1; ; page++ {
				var p marketplace.Page
				a.Get(t, fmt.Sprintf("/api/marketplace/services?page_size=50&page=%d", page)).JSON(t, &p)
				all = append(all, p.Services...)
				if int64(len(all)) >= p.Total || len(p.Services) == 0 {
					break
				}
			}
			if len(all) < 60 {
				t.Fatalf("%d active services", len(all))
			}
			for _, s := range all {
				lastmod, ok := locs[a.URL+"/services/"+catalog.PageSlug(s.ID, s.Title)]
				if !ok || len(lastmod) != len("2006-01-02") {
					t.Errorf("sitemap lacks %s (%q)", s.ID, lastmod)
				}
			}
			for _, p := range []string{"/", "/marketplace", "/marketplace?category=home-property", "/terms", "/privacy"} {
				if _, ok := locs[a.URL+p]; !ok {
					t.Errorf("sitemap lacks %s", p)
				}
			}
			if len(set.URLs) != len(all)+15 {
				t.Errorf("sitemap has %d addresses for %d services", len(set.URLs), len(all))
			}

			for _, c := range []struct {
				path    string
				status  int
				noindex bool
			}{
				{"/", 200, false}, {"/marketplace?q=crm", 200, false}, {"/terms", 200, false},
				{"/partner-checkout/abc", 200, true}, {"/payment-success", 200, true},
				{"/orders", 200, true}, {"/admin/outbox", 200, true}, {"/admin/anything", 200, true}, {"/auth", 200, true},
				{"/no-such-page", 404, true}, {"/marketplace/extra", 404, true}, {"/services", 404, true},
			} {
				res := a.Get(t, c.path)
				body := string(res.Body)
				if res.Status != c.status || strings.Contains(body, `content="noindex"`) != c.noindex || !strings.Contains(body, `<div id="root">`) {
					t.Errorf("%s: %d noindex=%v, want %d noindex=%v", c.path, res.Status, strings.Contains(body, "noindex"), c.status, c.noindex)
				}
			}
		})
	}
}

var ogImage = regexp.MustCompile(`<meta property="og:image" content="([^"]+)" />`)

// F-CAT-08 (issue 33): a change the vendor publishes through the one catalogue write path (a new
// price, and a title with characters HTML escapes) shows on the service's page at once: the page has the new price (the
// visitor's, whoever asks: a Pro member's page too), the old address moves to the new slug,
// og:image names a new version and the share picture's bytes change; the sitemap lists the new
// address with the change's date as lastmod. A deactivated service's page, picture and sitemap
// line are gone (404).
func TestF_CAT_08_PublishedChangeRefreshesThePage(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			clock := testapp.NewClock(time.Date(2031, 3, 14, 15, 0, 0, 0, time.UTC))
			a := shareAppWith(t, string(kind), testapp.Options{Clock: clock})
			vendor := a.SignIn(t, "vendor@demo.test", demo.Password)
			pro := a.SignIn(t, "pro@demo.test", demo.Password)
			const svc = "svc-closingbell-tc"
			const newTitle = `Closing & "Coordination" in <5 Days`
			const escapedTitle = "Closing &amp; &#34;Coordination&#34; in &lt;5 Days"
			oldSlug := catalog.PageSlug(svc, "Contract-to-Close Transaction Coordination")
			before := a.Get(t, "/services/"+oldSlug)
			if before.Status != http.StatusOK || !strings.Contains(string(before.Body), pricing.Display(39500, pricing.USD, "en")) {
				t.Fatalf("page before the change: %d", before.Status)
			}
			oldImage := html.UnescapeString(ogImage.FindStringSubmatch(string(before.Body))[1])
			oldPicture := a.Get(t, "/services/"+oldSlug+"/share.png")

			// A minute on (the demo was loaded at the clock's time: the catalogue's fingerprint,
			// the newest updated_at, must move for the index to take the change).
			clock.Advance(time.Minute)

			form := map[string]any{"title": newTitle, "description": "A licensed coordinator manages every deadline.",
				"categories": []string{"cat:transaction-coordinator", "cat:productivity"}, "retail_price": "$412", "pro_price": "$380",
				"billing_period": "one_time", "copay_allowed": true, "split_limit": 40,
				"packages": []map[string]any{{"name": "One side", "price": "$412", "features": []string{"File opened within 24 hours"}, "popular": true},
					{"name": "Dual agency", "price": "$595"}}}
			if res := engSend(t, a, vendor, http.MethodPut, "/api/vendor/services/"+svc, form); res.Status != http.StatusOK {
				t.Fatalf("edit: %d %s", res.Status, res.Body)
			}
			if res := engSend(t, a, vendor, http.MethodPost, "/api/vendor/services/"+svc+"/publish", nil); res.Status != http.StatusOK {
				t.Fatalf("publish: %d %s", res.Status, res.Body)
			}
			slug := catalog.PageSlug(svc, newTitle)
			if r := a.Get(t, "/services/"+oldSlug+"?utm_medium=share"); r.Status != http.StatusMovedPermanently ||
				r.Header.Get("Location") != "/services/"+slug+"?utm_medium=share" {
				t.Errorf("the old address: %d to %q", r.Status, r.Header.Get("Location"))
			}
			after := a.Get(t, "/services/"+slug)
			body := string(after.Body)
			newPrice := pricing.Display(41200, pricing.USD, "en")
			if after.Status != http.StatusOK || !strings.Contains(body, `data-field="price">`+newPrice) ||
				!strings.Contains(body, "<title>"+escapedTitle+" · Circle</title>") || !strings.Contains(body, `"price":"412.00"`) {
				t.Fatalf("page after the change (%d) lacks the new title or price %s", after.Status, newPrice)
			}
			// The title is escaped everywhere: the heading, the tags, the JSON-LD and the app data.
			if strings.Contains(body, "<5") || !strings.Contains(body, `tracking-tight text-fg">`+escapedTitle+"</h1>") ||
				!strings.Contains(body, `<meta property="og:title" content="`+escapedTitle+`" />`) {
				t.Errorf("the title is not escaped as HTML")
			}
			for _, m := range [][]string{jsonLDBlock.FindStringSubmatch(body), appDataBlock.FindStringSubmatch(body)} {
				var v any
				if m == nil || strings.ContainsAny(m[1], "<>") || json.Unmarshal([]byte(m[1]), &v) != nil || !strings.Contains(fmt.Sprint(v), newTitle) {
					t.Errorf("a JSON block is not escaped or lacks the title: %v", m)
				}
			}
			newImage := html.UnescapeString(ogImage.FindStringSubmatch(body)[1])
			if newImage == oldImage {
				t.Errorf("og:image kept its version after a price change: %s", newImage)
			}
			u, _ := url.Parse(newImage)
			picture := a.Get(t, u.RequestURI())
			if picture.Status != http.StatusOK || bytes.Equal(picture.Body, oldPicture.Body) || picture.Header.Get("ETag") == oldPicture.Header.Get("ETag") {
				t.Errorf("the share picture did not change: %d", picture.Status)
			}
			if img, err := png.Decode(bytes.NewReader(picture.Body)); err != nil || img.Bounds().Dx() != 1200 || img.Bounds().Dy() != 630 {
				t.Errorf("the new share picture: %v", err)
			}

			// A Pro member's page shows the visitor's price too (the app shows the member's own).
			var proDetail detail.ServiceDetail
			engSend(t, a, pro, http.MethodGet, "/api/services/"+svc, nil).JSON(t, &proDetail)
			proPage := string(engSend(t, a, pro, http.MethodGet, "/services/"+slug, nil).Body)
			if !strings.Contains(proPage, `data-field="price">`+newPrice) {
				t.Errorf("a Pro member's page lacks the visitor's price %s", newPrice)
			}
			if pc := proDetail.Service.Offers.Pro.Cents; pc == nil || *pc == 41200 {
				t.Logf("the Pro offer equals the visitor's here (%v): the check above is weak", pc)
			} else if strings.Contains(proPage, `data-field="price">`+pricing.Display(*pc, pricing.USD, "en")) {
				t.Errorf("a Pro member's page shows the Pro price")
			}

			locs := sitemapLocs(t, a)
			if locs[a.URL+"/services/"+slug] != "2031-03-14" || locs[a.URL+"/"] != "2031-03-14" {
				t.Errorf("sitemap lastmod of the changed service %q, of home %q; want 2031-03-14", locs[a.URL+"/services/"+slug], locs[a.URL+"/"])
			}
			if _, ok := locs[a.URL+"/services/"+oldSlug]; ok {
				t.Error("the sitemap still lists the old address")
			}

			// Deactivated (a minute on again): no page, no picture, not in the sitemap.
			clock.Advance(time.Minute)
			if res := engSend(t, a, vendor, http.MethodPost, "/api/vendor/services/"+svc+"/active", map[string]bool{"active": false}); res.Status != http.StatusOK {
				t.Fatalf("deactivate: %d %s", res.Status, res.Body)
			}
			if r := a.Get(t, "/services/"+slug); r.Status != http.StatusNotFound {
				t.Errorf("an inactive service's page: %d", r.Status)
			}
			if r := a.Get(t, "/services/"+slug+"/share.png"); r.Status != http.StatusNotFound {
				t.Errorf("an inactive service's picture: %d", r.Status)
			}
			if _, ok := sitemapLocs(t, a)[a.URL+"/services/"+slug]; ok {
				t.Error("the sitemap lists an inactive service")
			}
		})
	}
}

// sitemapLocs reads sitemap.xml: each address with its lastmod.
func sitemapLocs(t *testing.T, a *testapp.App) map[string]string {
	t.Helper()
	var set struct {
		URLs []struct {
			Loc     string `xml:"loc"`
			LastMod string `xml:"lastmod"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal(a.Get(t, "/sitemap.xml").Body, &set); err != nil {
		t.Fatalf("sitemap.xml: %v", err)
	}
	out := map[string]string{}
	for _, u := range set.URLs {
		out[u.Loc] = u.LastMod
	}
	return out
}
