package httpapi

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"circle/internal/appconfig"
	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/detail"
	"circle/internal/marketplace"
	"circle/internal/pricing"
)

// SharePagesArea is what the server renders for link previews and search engines (issue 33;
// docs/areas/service-pages.md): a page per service at /services/{slug} from the same detail answer
// the API gives, its share picture, and the head of old ?service= links, robots.txt and the
// sitemap. The pages are the web app's index.html with the service put in: the app loads on
// them and takes over from the data the page carries.
type SharePagesArea struct {
	Detail *detail.Service
	Market *marketplace.Service
	// BaseURL is the public address absolute links start with ("" takes the request's host).
	BaseURL string
	// DemoFiles are the demo pictures (/demo/...) the share picture draws from.
	DemoFiles fs.FS
	Logger    *slog.Logger
	// Snapshots is the marketplace's snapshot, the first screen of / and /marketplace is rendered
	// from (first_screen.go); nil leaves those pages to the app.
	Snapshots *marketplace.Snapshots
	// Config gives the admin-set USD to CAD rate the first screen's Canadian prices use.
	Config interface {
		Config(ctx context.Context) (appconfig.Config, error)
	}

	spa          *spaHandler
	pictures     *sharePictureCache
	firstScreens firstScreenCache
}

// Register declares the pages (not API operations: they answer HTML, XML, text and PNG).
func (h *SharePagesArea) Register(r *Router) {
	h.spa = r.spa
	h.pictures = newSharePictureCache(sharePictureCacheSize)
	if r.spa != nil {
		r.spa.serviceHead = h.legacyHead
		r.spa.serviceRedirect = h.legacyRedirect
		r.spa.firstScreen = h.firstScreen
	}
	r.Page("GET /services/{slug}", h.servicePage)
	r.Page("GET /services/{slug}/share.png", h.sharePicture)
	r.Page("GET /robots.txt", h.robots)
	r.Page("GET /sitemap.xml", h.sitemap)
}

// sharePageDataID is the id of the script element holding the page's detail answer for the app
// (web/src/app/servicePage.ts reads it).
const sharePageDataID = "circle-service-page"

// servicePageData is what the page hands the web app: the detail answer it rendered, for whom.
type servicePageData struct {
	// Viewer is the detail query's viewer key: the signed-in user's id, else "visitor".
	Viewer string                `json:"viewer"`
	Lang   string                `json:"lang"`
	Slug   string                `json:"slug"`
	Detail *detail.ServiceDetail `json:"detail"`
}

// base is the public address links start with.
func (h *SharePagesArea) base(r *http.Request) string {
	if h.BaseURL != "" {
		return strings.TrimRight(h.BaseURL, "/")
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// index is the web app's index.html, or the bare shell without a built app.
func (h *SharePagesArea) index() []byte {
	if h.spa != nil && h.spa.built {
		return h.spa.index
	}
	return bareShell
}

// servicePage answers /services/{slug}: the service's page in the visitor's language, a
// permanent redirect to the current slug when the title part is not the service's (a renamed
// service, a hand-typed link), or 404 for a service that is not listed.
func (h *SharePagesArea) servicePage(w http.ResponseWriter, r *http.Request) {
	slug := r.PathValue("slug")
	l := requestLanguage(r)
	c, err := detailCaller(r.Context())
	if err != nil {
		h.failed(w, r, err)
		return
	}
	d, err := h.Detail.ServiceDetail(r.Context(), catalog.PageSlugID(slug), c)
	if err != nil {
		if code := apperr.CodeOf(err); code == apperr.NotFound || code == apperr.Invalid {
			h.serviceNotFound(w, r, l)
			return
		}
		h.failed(w, r, err)
		return
	}
	if want := catalog.PageSlug(d.Service.ID, d.Service.Title); slug != want {
		target := "/services/" + want
		if r.URL.RawQuery != "" {
			target += "?" + r.URL.RawQuery
		}
		http.Redirect(w, r, target, http.StatusMovedPermanently)
		return
	}
	view := h.viewOf(r, d, l)
	page := view.shellPage(true)
	page.Data = view.appData(c)
	// The page's first screen is in the HTML: the app, with the details' chunks (their data is
	// in the page), starts once the service's picture (the largest paint) is in.
	page.StartAfterPaint = true
	if h.spa != nil && h.spa.preload != nil {
		page.AppModules = h.spa.preload.servicePageModules()
	}
	page.write(w, r, h.index())
}

// legacyRedirect is where an old shared link moves for good: a link the share menu sent before
// the service pages (/marketplace?service=ID&view=funnel&utm_...&ref=..., or on /) answers 301
// to the service's page, keeping every other query field (the UTM fields, ref, lang). Only a
// shared link moves: one with a UTM field or ref. The app's own addresses (a details dialog
// open over the marketplace, reloaded; the saved list's links) have neither and stay as they
// are, with the service's head (legacyHead). An unknown or inactive service stays too (the
// marketplace says it is not found).
func (h *SharePagesArea) legacyRedirect(r *http.Request) (string, bool) {
	q := r.URL.Query()
	id := q.Get("service")
	if q.Get("view") != "funnel" || !preloadServiceID.MatchString(id) || !sharedLinkQuery(q) {
		return "", false
	}
	cards, _, err := h.Detail.ServiceCards(r.Context(), []string{id})
	if err != nil || len(cards) == 0 {
		return "", false
	}
	q.Del("service")
	q.Del("view")
	target := "/services/" + catalog.PageSlug(cards[0].ID, cards[0].Title)
	if len(q) > 0 {
		target += "?" + q.Encode()
	}
	return target, true
}

// sharedLinkQuery reports whether a query is a shared link's: it has a UTM field or ref.
func sharedLinkQuery(q url.Values) bool {
	for k := range q {
		if strings.HasPrefix(k, "utm_") || k == "ref" {
			return true
		}
	}
	return false
}

// legacyHead is the head of an old shared link (/?service=ID&view=funnel, /marketplace?service=ID):
// the app's marketplace page as before, with the service's title, description, canonical
// address (its /services page), Open Graph and JSON-LD, so those links preview too.
func (h *SharePagesArea) legacyHead(r *http.Request) (shellPage, bool) {
	id := r.URL.Query().Get("service")
	if !preloadServiceID.MatchString(id) {
		return shellPage{}, false
	}
	c, err := detailCaller(r.Context())
	if err != nil {
		return shellPage{}, false
	}
	// As a visitor: no view is recorded (the app's own detail request records it as before).
	d, err := h.Detail.ServiceDetail(r.Context(), id, detail.Caller{Lang: c.Lang})
	if err != nil {
		return shellPage{}, false
	}
	return h.viewOf(r, d, requestLanguage(r)).shellPage(false), true
}

// failed answers a page that could not be read.
func (h *SharePagesArea) failed(w http.ResponseWriter, r *http.Request, err error) {
	if h.Logger != nil {
		h.Logger.ErrorContext(r.Context(), "service page", "path", r.URL.Path, "err", err)
	}
	http.Error(w, "Something went wrong. Please try again.", http.StatusInternalServerError)
}

// serviceNotFound answers a slug that names no listed service: 404, the app's shell (its
// not-found screen), not indexed.
func (h *SharePagesArea) serviceNotFound(w http.ResponseWriter, r *http.Request, l string) {
	t := sharePageTexts[l]
	main, _ := renderTemplate(notFoundTemplate, map[string]string{"Title": t.NotFound, "Body": t.NotFoundBody, "Home": t.Marketplace})
	shellPage{Status: http.StatusNotFound, Lang: l, Title: t.NotFound + " · Circle", NoIndex: true, Main: main,
		Vary: []string{"Accept-Language"}}.write(w, r, h.index())
}

// serviceView is one service's page as rendered for one visitor in one language.
type serviceView struct {
	T           sharePageText
	Base        string
	Slug        string
	URL         string // the canonical address of this language's page
	Title       string
	Description string
	Vendor      *detail.VendorInfo
	Image       string // absolute
	// Picture is the page's own picture as stored: a path stays relative, so the picture loads
	// on whichever of the site's addresses the page was asked on (the CSP allows the page's own).
	Picture    string
	ShareImage string // absolute, versioned
	Price      string // "" when the service asks for a quote
	PriceCents *int64
	Period     string
	Rating     marketplace.Rating
	RatingText string
	Packages   []servicePackageView
	Category   catalog.LobbyCategory
	Detail     *detail.ServiceDetail
	Alternates []alternateLink
}

type servicePackageView struct {
	Name, Description, Price string
	Popular                  bool
	Features                 []string
}

type alternateLink struct{ Lang, URL string }

// viewOf is the page of d in language l, with the signed-out visitor's price.
func (h *SharePagesArea) viewOf(r *http.Request, d detail.ServiceDetail, l string) serviceView {
	t := sharePageTexts[l]
	card := d.Service.Localized(l)
	base := h.base(r)
	slug := catalog.PageSlug(d.Service.ID, d.Service.Title)
	v := serviceView{T: t, Base: base, Slug: slug, Title: card.Title, Description: strings.TrimSpace(card.Description),
		Vendor: d.Vendor, Rating: card.Rating, Detail: &d}
	v.URL = pageURL(base, slug, l)
	for _, al := range pageLanguages {
		v.Alternates = append(v.Alternates, alternateLink{al, pageURL(base, slug, al)})
	}
	v.Image = absURL(base, card.ImageURL)
	v.Picture = card.ImageURL
	// The signed-out visitor's price (the member offer of the one quote), whoever asks: the page
	// is what a link preview and a search engine read; the app shows the viewer's own offer.
	offer := card.Offers.Member
	if offer.Cents != nil {
		v.PriceCents = offer.Cents
		v.Price = pricing.Display(*offer.Cents, pricing.USD, l)
		v.Period = periodText(t, card.PriceSuffix)
	}
	if card.Rating.TotalReviews > 0 {
		v.RatingText = fmt.Sprintf(t.Rated, strconv.FormatFloat(card.Rating.AverageRating, 'f', 1, 64), card.Rating.TotalReviews)
	}
	for _, p := range d.Packages {
		pv := servicePackageView{Name: p.Name, Description: p.Description, Popular: p.Popular}
		switch {
		case p.RequestPricing || p.PriceCents == nil:
			pv.Price = t.RequestPricing
		default:
			pv.Price = pricing.Display(*p.PriceCents, pricing.USD, l) + periodText(t, p.PriceSuffix)
		}
		for _, f := range p.Features {
			if f.Included && f.Text != "" {
				pv.Features = append(pv.Features, f.Text)
			}
		}
		v.Packages = append(v.Packages, pv)
	}
	for _, lc := range catalog.LobbyCategories {
		if lc.Slug == card.LobbyCategory {
			v.Category = lc
		}
	}
	v.ShareImage = base + "/services/" + slug + "/share.png?lang=" + l + "&v=" + sharePictureOf(d.Service, l).version()
	return v
}

// periodText is a price's period: per month, per year, or a one-time payment.
func periodText(t sharePageText, suffix string) string {
	switch suffix {
	case "/mo":
		return t.PerMonth
	case "/yr":
		return t.PerYear
	}
	return " · " + t.OneTime
}

// pageURL is a service page's address in a language (English has no ?lang=).
func pageURL(base, slug, l string) string {
	u := base + "/services/" + slug
	if l != "en" {
		u += "?lang=" + l
	}
	return u
}

// absURL makes a picture's address absolute.
func absURL(base, u string) string {
	if u == "" || strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "https://") {
		return u
	}
	return base + "/" + strings.TrimPrefix(u, "/")
}

// shellPage is the view as the shell's parts. body adds the page's content to <main>.
func (v serviceView) shellPage(body bool) shellPage {
	desc := v.Description
	if desc == "" {
		desc = v.Title
	}
	title := v.Title + " · Circle"
	head, err := renderTemplate(serviceHeadTemplate, struct {
		serviceView
		PageTitle, MetaDescription string
		JSONLD                     template.JS
	}{v, title, truncateRunes(desc, 200), v.jsonLD()})
	if err != nil {
		head = ""
	}
	p := shellPage{Lang: v.T.Lang, Title: title, Description: truncateRunes(desc, 200), Head: head, Vary: []string{"Accept-Language", "Cookie"}}
	if body {
		p.Main, _ = renderTemplate(serviceMainTemplate, v)
	}
	return p
}

// appData is the script element that hands the web app the detail answer the page was
// rendered from, so it starts from it instead of asking again.
func (v serviceView) appData(c detail.Caller) template.HTML {
	viewerKey := "visitor"
	if c.UserID != "" {
		viewerKey = c.UserID
	}
	b, err := json.Marshal(servicePageData{Viewer: viewerKey, Lang: v.T.Lang, Slug: v.Slug, Detail: v.Detail})
	if err != nil {
		return ""
	}
	// json.Marshal writes <, > and & as \u escapes: nothing in it can close the element.
	return template.HTML(`<script type="application/json" id="` + sharePageDataID + `">` + string(b) + "</script>\n")
}

// jsonLD is the page's structured data: the service as a schema.org Product with its Offer and
// AggregateRating, the vendor as an Organization, and the breadcrumb trail.
func (v serviceView) jsonLD() template.JS {
	product := map[string]any{
		"@type": "Product", "@id": v.URL + "#service", "name": v.Title, "url": v.URL, "sku": v.Detail.Service.ID,
		"category": v.Detail.Service.Category,
	}
	if v.Description != "" {
		product["description"] = v.Description
	}
	if v.Image != "" {
		product["image"] = []string{v.Image}
	}
	graph := []any{product}
	if v.Vendor != nil {
		org := map[string]any{"@type": "Organization", "@id": v.Base + "/#vendor-" + v.Vendor.ID, "name": v.Vendor.Name}
		if v.Vendor.WebsiteURL != "" {
			org["url"] = v.Vendor.WebsiteURL
		}
		if v.Vendor.LogoURL != "" {
			org["logo"] = absURL(v.Base, v.Vendor.LogoURL)
		}
		graph = append(graph, org)
		product["brand"] = map[string]any{"@id": org["@id"]}
	}
	if v.PriceCents != nil {
		offer := map[string]any{"@type": "Offer", "price": decimalPrice(*v.PriceCents), "priceCurrency": "USD",
			"availability": "https://schema.org/InStock", "url": v.URL}
		if v.Vendor != nil {
			offer["seller"] = map[string]any{"@id": v.Base + "/#vendor-" + v.Vendor.ID}
		}
		product["offers"] = offer
	}
	if v.Rating.TotalReviews > 0 {
		product["aggregateRating"] = map[string]any{"@type": "AggregateRating", "ratingValue": v.Rating.AverageRating,
			"reviewCount": v.Rating.TotalReviews, "bestRating": 5, "worstRating": 1}
	}
	crumbs := []any{map[string]any{"@type": "ListItem", "position": 1, "name": v.T.Marketplace, "item": v.Base + "/marketplace"}}
	if v.Category.Slug != "" {
		crumbs = append(crumbs, map[string]any{"@type": "ListItem", "position": 2, "name": v.Category.Name,
			"item": v.Base + "/marketplace?category=" + url.QueryEscape(v.Category.Slug)})
	}
	crumbs = append(crumbs, map[string]any{"@type": "ListItem", "position": len(crumbs) + 1, "name": v.Title, "item": v.URL})
	graph = append(graph, map[string]any{"@type": "BreadcrumbList", "itemListElement": crumbs})
	b, err := json.Marshal(map[string]any{"@context": "https://schema.org", "@graph": graph})
	if err != nil {
		return ""
	}
	// json.Marshal writes <, > and & as \u escapes: nothing in it can close the element.
	return template.JS(b)
}

// decimalPrice writes cents as schema.org wants a price: a plain decimal ("1234.50").
func decimalPrice(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s%d.%02d", sign, cents/100, cents%100)
}

// truncateRunes cuts s to at most n characters, with an ellipsis when cut.
func truncateRunes(s string, n int) string {
	r := []rune(strings.TrimSpace(s))
	if len(r) <= n {
		return string(r)
	}
	return strings.TrimSpace(string(r[:n-1])) + "…"
}

func renderTemplate(t *template.Template, data any) (template.HTML, error) {
	var b bytes.Buffer
	if err := t.Execute(&b, data); err != nil {
		return "", err
	}
	return template.HTML(b.String()), nil
}

var serviceHeadTemplate = template.Must(template.New("head").Parse(`<link rel="canonical" href="{{.URL}}" />
{{range .Alternates}}<link rel="alternate" hreflang="{{.Lang}}" href="{{.URL}}" />
{{end}}<link rel="alternate" hreflang="x-default" href="{{(index .Alternates 0).URL}}" />
<meta property="og:type" content="product" />
<meta property="og:site_name" content="Circle" />
<meta property="og:locale" content="{{.T.Locale}}" />
<meta property="og:title" content="{{.Title}}" />
<meta property="og:description" content="{{.MetaDescription}}" />
<meta property="og:url" content="{{.URL}}" />
<meta property="og:image" content="{{.ShareImage}}" />
<meta property="og:image:type" content="image/png" />
<meta property="og:image:width" content="1200" />
<meta property="og:image:height" content="630" />
<meta property="og:image:alt" content="{{.Title}}" />
{{if .Price}}<meta property="product:price:amount" content="{{.PriceDecimal}}" />
<meta property="product:price:currency" content="USD" />
{{end}}<meta name="twitter:card" content="summary_large_image" />
<meta name="twitter:title" content="{{.Title}}" />
<meta name="twitter:description" content="{{.MetaDescription}}" />
<meta name="twitter:image" content="{{.ShareImage}}" />
<meta name="twitter:image:alt" content="{{.Title}}" />
<script type="application/ld+json">{{.JSONLD}}</script>
`))

// PriceDecimal is the headline price for product:price:amount.
func (v serviceView) PriceDecimal() string {
	if v.PriceCents == nil {
		return ""
	}
	return decimalPrice(*v.PriceCents)
}

var serviceMainTemplate = template.Must(template.New("main").Parse(`<article class="mx-auto flex w-full max-w-7xl flex-col gap-4 px-4 py-6" data-server-page="service">
<nav aria-label="Breadcrumb" class="text-sm text-fg-muted"><a href="/marketplace">{{.T.Marketplace}}</a>{{if .Category.Slug}} › <a href="/marketplace?category={{.Category.Slug}}">{{.Category.Name}}</a>{{end}}</nav>
{{if .Picture}}<img src="{{.Picture}}" alt="{{.Title}}" width="1200" height="514" fetchpriority="high" class="aspect-[21/9] w-full rounded-card bg-surface-sunken object-cover" />{{end}}
<h1 class="text-2xl font-bold tracking-tight text-fg">{{.Title}}</h1>
{{if .Vendor}}<p class="text-base text-fg-muted" data-field="vendor">{{printf .T.By .Vendor.Name}}</p>{{end}}
<p class="text-xl font-semibold text-fg" data-field="price">{{if .Price}}{{.Price}}{{.Period}}{{else}}{{.T.Quote}}{{end}}</p>
<p class="text-sm text-fg-muted" data-field="rating">{{if .RatingText}}★ {{.RatingText}}{{else}}{{.T.NoReviews}}{{end}}</p>
{{if .Description}}<p class="text-base text-fg" data-field="description">{{.Description}}</p>{{end}}
{{if .Packages}}<section aria-labelledby="server-packages"><h2 id="server-packages" class="text-lg font-semibold text-fg">{{.T.Packages}}</h2>
<ul class="mt-2 grid gap-3 md:grid-cols-3">{{range .Packages}}<li class="rounded-card border border-border p-4"><h3 class="font-semibold">{{.Name}}{{if .Popular}} · {{$.T.MostPopular}}{{end}}</h3><p class="font-semibold">{{.Price}}</p>{{if .Description}}<p class="text-sm text-fg-muted">{{.Description}}</p>{{end}}{{if .Features}}<ul class="mt-2 list-disc pl-5 text-sm">{{range .Features}}<li>{{.}}</li>{{end}}</ul>{{end}}</li>{{end}}</ul></section>{{end}}
</article>`))

var notFoundTemplate = template.Must(template.New("notfound").Parse(`<div class="mx-auto flex w-full max-w-7xl flex-col items-center gap-4 px-4 py-16 text-center" data-server-page="not-found">
<h1 class="text-2xl font-bold text-fg">{{.Title}}</h1><p class="text-fg-muted">{{.Body}}</p><a href="/marketplace" class="text-primary">{{.Home}}</a></div>`))

// sharePictureVersion names what a share picture draws: equal parts draw equal pictures.
func sharePictureVersion(parts ...string) string {
	h := sha256.Sum256([]byte(strings.Join(parts, "\x00")))
	return hex.EncodeToString(h[:6])
}
