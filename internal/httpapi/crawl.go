package httpapi

import (
	"encoding/xml"
	"net/http"
	"net/url"
	"strings"
	"time"

	"circle/internal/catalog"
)

// robots answers /robots.txt: every crawler may read the catalogue, not the API, the payment
// pages or the screens of signed-in members, vendors and administrators (the client routes
// that are not indexed, clientPageNoIndex); the sitemap's address.
func (h *SharePagesArea) robots(w http.ResponseWriter, r *http.Request) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	seen := map[string]bool{}
	disallow := func(p string) {
		if !seen[p] {
			seen[p] = true
			b.WriteString("Disallow: " + p + "\n")
		}
	}
	for _, p := range []string{"/api/", "/checkout/", "/billing-portal/", "/vendor-card/"} {
		disallow(p)
	}
	for _, cr := range clientRoutes {
		if clientPageNoIndex(cr) {
			disallow(robotsPrefix(cr.path))
		}
	}
	b.WriteString("Allow: /\n\nSitemap: " + h.base(r) + "/sitemap.xml\n")
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	if r.Method != http.MethodHead {
		_, _ = w.Write([]byte(b.String()))
	}
}

// robotsPrefix is the part of a route pattern before its first parameter or wildcard.
func robotsPrefix(p string) string {
	if i := strings.IndexAny(p, ":*"); i >= 0 {
		return p[:i]
	}
	return p
}

// sitemapURL is one <url> of the sitemap.
type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

type sitemapURLSet struct {
	XMLName xml.Name     `xml:"urlset"`
	NS      string       `xml:"xmlns,attr"`
	URLs    []sitemapURL `xml:"url"`
}

// sitemapLegalPages are the legal documents' addresses (the short ones the footer links).
var sitemapLegalPages = []string{"/terms", "/privacy", "/cookies", "/buyer-protection", "/seller-agreement", "/prohibited-items"}

// sitemap answers /sitemap.xml: the home and marketplace pages, each lobby category, every
// listed service's page with when it last changed (read from the search index, so a published
// change is in the next answer), the pricing and the legal pages.
func (h *SharePagesArea) sitemap(w http.ResponseWriter, r *http.Request) {
	listed, err := h.Market.Listed(r.Context())
	if err != nil {
		h.failed(w, r, err)
		return
	}
	base := h.base(r)
	day := func(t time.Time) string {
		if t.IsZero() {
			return ""
		}
		return t.UTC().Format("2006-01-02")
	}
	var newest time.Time
	newestIn := map[string]time.Time{}
	for _, s := range listed {
		if s.UpdatedAt.After(newest) {
			newest = s.UpdatedAt
		}
		if s.UpdatedAt.After(newestIn[s.LobbyCategory]) {
			newestIn[s.LobbyCategory] = s.UpdatedAt
		}
	}
	set := sitemapURLSet{NS: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	set.URLs = append(set.URLs, sitemapURL{Loc: base + "/", LastMod: day(newest)}, sitemapURL{Loc: base + "/marketplace", LastMod: day(newest)},
		sitemapURL{Loc: base + "/lobby"})
	for _, c := range catalog.LobbyCategories {
		set.URLs = append(set.URLs, sitemapURL{Loc: base + "/marketplace?category=" + url.QueryEscape(c.Slug), LastMod: day(newestIn[c.Slug])})
	}
	for _, s := range listed {
		set.URLs = append(set.URLs, sitemapURL{Loc: base + "/services/" + catalog.PageSlug(s.ID, s.Title), LastMod: day(s.UpdatedAt)})
	}
	set.URLs = append(set.URLs, sitemapURL{Loc: base + "/pricing"})
	for _, p := range sitemapLegalPages {
		set.URLs = append(set.URLs, sitemapURL{Loc: base + p})
	}
	out, err := xml.MarshalIndent(set, "", "  ")
	if err != nil {
		h.failed(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	if r.Method != http.MethodHead {
		_, _ = w.Write([]byte(xml.Header))
		_, _ = w.Write(out)
	}
}
