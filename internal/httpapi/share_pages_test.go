package httpapi_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"image/png"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"circle/internal/catalog"
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
	index, err := os.ReadFile("../../web/index.html")
	if err != nil {
		t.Fatal(err)
	}
	web := fstest.MapFS{"index.html": {Data: index}}
	for _, k := range storetest.Engines {
		if string(k) == kind {
			a := testapp.Start(t, k, testapp.Options{Web: web, WebBuilt: true})
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
				"by " + d.Vendor.Name, price, `src="` + a.URL + d.Service.ImageURL + `"`,
				fmt.Sprintf("from %d reviews", d.Service.Rating.TotalReviews),
				`<link rel="canonical" href="` + pageURL + `" />`,
				`<link rel="alternate" hreflang="es" href="` + pageURL + `?lang=es" />`,
				`<link rel="alternate" hreflang="x-default" href="` + pageURL + `" />`,
				`<meta property="og:title" content="` + d.Service.Title + `" />`,
				`<meta property="og:image" content="` + pageURL + `/share.png?lang=en&amp;v=`,
				`<meta name="twitter:card" content="summary_large_image" />`,
				`<meta name="description" content="` + d.Service.Description[:40],
				d.Packages[0].Name,
				`<script type="module" src="/src/main.tsx"></script>`, // the app still loads
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

			// An old shared link keeps the marketplace page, with the service's head.
			old := a.Get(t, "/marketplace?service="+hdrID+"&view=funnel&utm_source=x")
			for _, want := range []string{`<meta property="og:title" content="` + d.Service.Title + `" />`, `<link rel="canonical" href="` + pageURL + `" />`,
				`<script type="application/ld+json">`} {
				if old.Status != http.StatusOK || !strings.Contains(string(old.Body), want) {
					t.Errorf("old link (%d) lacks %q", old.Status, want)
				}
			}
			if strings.Contains(string(old.Body), `data-server-page="service"`) {
				t.Error("the old link's page has the service page's content: the marketplace renders it")
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
				"Disallow: /consultation-prep/\n", "Sitemap: " + a.URL + "/sitemap.xml\n"} {
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
				{"/", 200, false}, {"/marketplace?q=crm", 200, false}, {"/terms", 200, false}, {"/partner-checkout/abc", 200, false},
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

var _ = url.Values{}
