package httpapi

import (
	"bytes"
	"encoding/json"
	"html/template"
	"math/rand/v2"
	"net/http"
	"strings"
	"sync"

	"circle/internal/marketplace"
	"circle/internal/media"
)

// The marketplace's first screen in the HTML of / and /marketplace (issue 33 item 4;
// docs/areas/service-pages.md "First screen"): the hero, the search bar, the category blocks and
// the first cards of the default view, rendered by the server from the same snapshot GET
// /api/marketplace/data answers a signed-out visitor in the page's language, so the largest paint
// (the first card's picture) needs no script. The page carries that answer for the app, which
// starts from it instead of asking again and renders the same screen in its place.

// firstScreenDataID is the id of the script element holding the snapshot for the app
// (web/src/features/marketplace/api/get-marketplace-data.ts reads it).
const firstScreenDataID = "circle-marketplace-data"

// firstScreenServicesID is the id of the script element holding the holdout arm's first page of
// cards for the app (web/src/features/marketplace/api/search-services.ts reads it).
const firstScreenServicesID = "circle-marketplace-services"

// firstScreenCards is how many cards the server renders: two rows of the widest grid (the app's
// first pass renders as many, then the rest of the page).
const firstScreenCards = 8

// firstScreenPriorityCards get fetchpriority=high and load eagerly, as the app's first four do.
const firstScreenPriorityCards = 4

// firstScreenQuery reports whether a query leaves the marketplace in its default view: nothing
// but the language and a campaign's fields. Any filter, tab, page, opened service, feature
// switch or ?fresh=1 leaves the page to the app.
func firstScreenQuery(r *http.Request) bool {
	for k := range r.URL.Query() {
		switch {
		case k == "lang", k == "ref", strings.HasPrefix(k, "utm_"), k == "gclid", k == "fbclid":
		default:
			return false
		}
	}
	return true
}

// The ranking experiment's arm (ranking_v1, 03§9: a tenth of browsers see the holdout order).
// The server decides a new visitor's arm on the first page it renders and keeps it in a cookie
// the app adopts (web/src/features/marketplace/model/abTest.ts, which also mirrors an arm it
// assigned itself into the cookie), and renders the first screen in the arm's order: the ranked
// arm's from the snapshot, the holdout arm's from the newest-first page its app asks for. Both
// arms get the same first paint, so the experiment compares the orders and nothing else.
const (
	rankingArmCookie    = "circle_ab_ranking_v1"
	rankingRanked       = "ranked"
	rankingHoldout      = "holdout"
	rankingHoldoutShare = 0.1
	rankingArmMaxAge    = 365 * 24 * 60 * 60
)

// rankingArm is the browser's arm: its cookie's, else drawn now and set in the answer.
func (h *SharePagesArea) rankingArm(w http.ResponseWriter, r *http.Request) string {
	if c, err := r.Cookie(rankingArmCookie); err == nil && (c.Value == rankingRanked || c.Value == rankingHoldout) {
		return c.Value
	}
	arm := rankingRanked
	if rand.Float64() < rankingHoldoutShare {
		arm = rankingHoldout
	}
	// Read by the app's script: not HttpOnly. It names an experiment arm, nothing private.
	http.SetCookie(w, &http.Cookie{Name: rankingArmCookie, Value: arm, Path: "/", MaxAge: rankingArmMaxAge,
		SameSite: http.SameSiteLaxMode, Secure: strings.HasPrefix(h.BaseURL, "https://")})
	return arm
}

// signedInBrowser reports whether the request comes from a browser that has been signed in: it
// carries the session or the signed-in cookie. (Decision: no first screen for them. The app
// shows a member the members' heading and their own prices, so a visitor's screen would be
// replaced by another one and move; the page stays the frame it was, and the app renders.)
func signedInBrowser(r *http.Request) bool {
	for _, name := range []string{accessCookie, signedInCookie, refreshCookie} {
		if c, err := r.Cookie(name); err == nil && c.Value != "" {
			return true
		}
	}
	return false
}

// firstScreenCache keeps the rendered first screen per language and currency (with its rate) for
// the snapshot version it was rendered from (the encoded page's ETag): every visitor of a
// language and currency gets the same bytes.
type firstScreenCache struct {
	mu      sync.Mutex
	entries map[string]firstScreenEntry
}

type firstScreenEntry struct {
	etag string
	main template.HTML
	data template.HTML
}

// firstScreen is the first screen of / or /marketplace for this request, or false when the app
// renders the page alone (a signed-in browser, a view other than the default, no snapshot, no
// words for the language).
func (h *SharePagesArea) firstScreen(w http.ResponseWriter, r *http.Request) (shellPage, bool) {
	if h.Snapshots == nil || h.spa == nil || !firstScreenQuery(r) || signedInBrowser(r) {
		return shellPage{}, false
	}
	arm := h.rankingArm(w, r)
	l := requestLanguage(r)
	words := h.spa.words[l]
	if words == nil {
		return shellPage{}, false
	}
	money, ok := h.visitorMoney(r, l)
	if !ok {
		return shellPage{}, false
	}
	b, err := h.Snapshots.Get(r.Context())
	if err != nil {
		return shellPage{}, false
	}
	page, err := b.ForLang(l)
	if err != nil {
		return shellPage{}, false
	}
	// The holdout arm's cards are the newest-first page its app asks for (holdoutFirstPage).
	etag, services := page.ETag, []byte(nil)
	if arm == rankingHoldout {
		holdout, err := h.holdoutFirstPage(r, l)
		if err != nil {
			return shellPage{}, false
		}
		etag, services = page.ETag+"|"+holdout.ETag, holdout.JSON
	}
	key := l + "|" + arm + "|" + money.key()
	h.firstScreens.mu.Lock()
	e, ok := h.firstScreens.entries[key]
	h.firstScreens.mu.Unlock()
	if !ok || e.etag != etag {
		main, data, err := renderFirstScreen(page.JSON, services, words, money)
		if err != nil {
			if h.Logger != nil {
				h.Logger.ErrorContext(r.Context(), "first screen", "err", err)
			}
			return shellPage{}, false
		}
		e = firstScreenEntry{etag: etag, main: main, data: data}
		h.firstScreens.mu.Lock()
		if h.firstScreens.entries == nil {
			h.firstScreens.entries = map[string]firstScreenEntry{}
		}
		h.firstScreens.entries[key] = e
		h.firstScreens.mu.Unlock()
	}
	// The visitor's own currency answer (their choice is in it), beside the shared bytes.
	currency, err := json.Marshal(money.view)
	if err != nil {
		return shellPage{}, false
	}
	title := words.t("marketplace.title") + " | " + words.t("common.appName")
	return shellPage{Lang: l, Title: title, Data: e.data + appData(firstScreenCurrencyID, l, currency), Main: e.main, Vary: []string{"Accept-Language", "Cookie"}}, true
}

// renderFirstScreen renders the snapshot's encoding (the bytes GET /api/marketplace/data answers)
// in words' language with money's prices, and the script element that hands the app those bytes.
// For the ranking experiment's holdout arm, servicesJSON is the page of cards its app shows
// instead of the snapshot's ranked one (the bytes GET /api/marketplace/services answers), handed
// to the app beside the snapshot; nil for the ranked arm.
func renderFirstScreen(snapshotJSON, servicesJSON []byte, words *screenWords, money firstScreenMoney) (main, data template.HTML, err error) {
	var snap marketplace.Snapshot
	if err := json.Unmarshal(snapshotJSON, &snap); err != nil {
		return "", "", err
	}
	data = appData(firstScreenDataID, words.lang, snapshotJSON)
	if servicesJSON != nil {
		if err := json.Unmarshal(servicesJSON, &snap.FirstPage); err != nil {
			return "", "", err
		}
		data += appData(firstScreenServicesID, words.lang, servicesJSON)
	}
	view := firstScreenViewOf(snap, words, money)
	var b bytes.Buffer
	if err := firstScreenTemplate.Execute(&b, view); err != nil {
		return "", "", err
	}
	return template.HTML(b.String()), data, nil
}

// appData is a script element handing the app JSON the page was rendered from, marked with the
// page's language (the app takes it only in that language).
func appData(id, lang string, payload []byte) template.HTML {
	// Inside a script element only "</" could end it early; the encoder writes < as \u003c
	// already, and this keeps that true for any encoding.
	payload = bytes.ReplaceAll(payload, []byte("<"), []byte(`\u003c`))
	return template.HTML(`<script type="application/json" id="` + id + `" data-lang="` + lang + `">` + string(payload) + "</script>\n")
}

// holdoutFirstPage is the holdout arm's first page of cards in language l, encoded as GET
// /api/marketplace/services answers the query its app sends for the default view
// (MarketplacePage.tsx: toServiceQuery of the default filters, ab=holdout).
func (h *SharePagesArea) holdoutFirstPage(r *http.Request, l string) (*marketplace.EncodedPage, error) {
	q, err := marketplace.Parse(marketplace.RawQuery{Sort: "ranked", Page: 1, PageSize: marketplace.DefaultPageSize, AB: rankingHoldout, Lang: l})
	if err != nil {
		return nil, err
	}
	return h.Market.SearchPage(r.Context(), q)
}

// firstScreenView is what the template reads.
type firstScreenView struct {
	W       *screenWords
	Claims  []heroClaim
	Tabs    []string
	Sorts   []string
	Groups  []blockGroupView
	Summary string
	Cards   []cardView
}

type heroClaim struct{ Title, Body, Tone, Icon string }

type blockGroupView struct {
	Title, ListClass string
	Blocks           []blockView
}

type blockView struct{ Name, Count string }

type cardView struct {
	ID, Slug, Title, Vendor, Logo, Initials, Image, ImageAlt, Description string
	Verified, Priority, SeeMore                                           bool
	Badges                                                                []badgeView
	RatingLabel, RatingValue, RatingCount                                 string
	// StarsStyle is built from two numbers only, so the template may write it as CSS.
	StarsStyle  template.CSS
	Price       priceView
	Interest    bool
	Placeholder placeholderView
}

type badgeView struct{ Label, Tone, Icon string }

type placeholderView struct{ Tone, Icon, Category string }

type priceView struct {
	Kind, Label                    string
	Quote, Free                    bool
	Amount, Suffix, Was, Save      string
	ProUpsell, CopayFrom, Duration string
}

// firstScreenViewOf lays the snapshot out as the app's marketplace page does for a signed-out
// visitor (MarketplacePage.tsx, FilterBar.tsx, CategoryBlocks.tsx, ServiceCard.tsx).
func firstScreenViewOf(snap marketplace.Snapshot, w *screenWords, money firstScreenMoney) firstScreenView {
	v := firstScreenView{W: w,
		Claims: []heroClaim{
			{"marketplace.hero.claims.savings.title", "marketplace.hero.claims.savings.body", "bg-savings-soft text-savings-strong", "badgePercent"},
			{"marketplace.hero.claims.data.title", "marketplace.hero.claims.data.body", "bg-primary-soft text-primary", "chart"},
			{"marketplace.hero.claims.copay.title", "marketplace.hero.claims.copay.body", "bg-pro-soft text-pro-strong", "handCoins"},
		},
		Tabs:  []string{"services", "products", "vendors"},
		Sorts: []string{"ranked", "newest", "priceLow", "priceHigh"},
	}
	counts := map[string]int{}
	for _, b := range snap.CategoryBlocks {
		counts[b.Tag] = b.Count
	}
	for _, g := range categoryBlockGroups {
		gv := blockGroupView{Title: w.t(g.title), ListClass: g.listClass}
		for _, b := range g.blocks {
			gv.Blocks = append(gv.Blocks, blockView{Name: w.t("marketplace.blocks.names." + b.key), Count: w.t("marketplace.blocks.count", "count", counts[b.tag])})
		}
		v.Groups = append(v.Groups, gv)
	}
	pages := max(snap.FirstPage.Pages, 1)
	v.Summary = w.t("marketplace.results.summary", "page", 1, "pages", pages, "total", snap.FirstPage.Total)
	for i, c := range snap.FirstPage.Services {
		if i == firstScreenCards {
			break
		}
		v.Cards = append(v.Cards, cardViewOf(c, w, money, i < firstScreenPriorityCards))
	}
	return v
}

// descriptionPreviewChars is the card's DESCRIPTION_PREVIEW_CHARS: longer ones are cut, with
// See more.
const descriptionPreviewChars = 100

func cardViewOf(c marketplace.Card, w *screenWords, money firstScreenMoney, priority bool) cardView {
	title := c.Title
	vendor := w.t("marketplace.card.unknownVendor")
	nameForInitials := title
	logo := c.ProfileImageURL
	if c.Vendor != nil {
		if c.Vendor.Name != "" {
			vendor = c.Vendor.Name
			nameForInitials = c.Vendor.Name
		}
		if c.Vendor.LogoURL != "" {
			logo = c.Vendor.LogoURL
		}
	}
	desc := c.Description
	// The sizes the app's card asks for (ServiceImage, Avatar): an uploaded picture's card size
	// and a logo's thumb, not the stored original, and the same bytes once the app takes over.
	cv := cardView{ID: c.ID, Title: title, Vendor: vendor, Logo: media.Sized(logo, media.VariantThumb), Initials: cardInitials(nameForInitials),
		Image:    media.Sized(c.ImageURL, media.VariantCard),
		ImageAlt: w.t("marketplace.card.imageAlt", "title", title), Verified: c.IsVerified, Priority: priority,
		Interest: !c.IsVerified}
	if len([]rune(desc)) > descriptionPreviewChars {
		cv.Description = truncateWords(desc, descriptionPreviewChars)
		cv.SeeMore = true
	} else {
		cv.Description = desc
	}
	for _, id := range visibleBadges(c.Badges, 3) {
		b := cardBadges[id]
		cv.Badges = append(cv.Badges, badgeView{Label: w.t(b.key), Tone: b.tone, Icon: b.icon})
	}
	if c.Rating.TotalReviews > 0 {
		value := roundTenth(c.Rating.AverageRating)
		cv.RatingLabel = w.t("marketplace.rating.label", "rating", value, "count", c.Rating.TotalReviews)
		cv.RatingValue = value
		cv.RatingCount = "(" + itoa(c.Rating.TotalReviews) + ")"
		pct := min(max(c.Rating.AverageRating/5*100, 0), 100)
		cv.StarsStyle = template.CSS("background-image:linear-gradient(90deg, var(--color-pro) " + cssNumber(pct) + "%, var(--color-border-strong) " + cssNumber(pct) + "%)")
	}
	cv.Price = priceViewOf(c, w, money)
	cv.Placeholder = placeholderOf(c)
	return cv
}

// priceViewOf is the card's PriceBlock for a visitor: the member offer of the one quote, in the
// visitor's currency.
func priceViewOf(c marketplace.Card, w *screenWords, m firstScreenMoney) priceView {
	o := c.Offers.Member
	kind := string(o.Kind)
	p := priceView{Kind: kind, Label: w.t(priceLabelKeys[kind])}
	money := m.format
	suffix := ""
	switch c.PriceSuffix {
	case "/yr":
		suffix = w.t("marketplace.price.suffix.yr")
	case "":
	default:
		suffix = w.t("marketplace.price.suffix.mo")
	}
	switch {
	case kind == "quote" || o.Cents == nil:
		p.Quote = true
		p.Label = w.t(priceLabelKeys[kind])
	case *o.Cents == 0:
		p.Free = true
	default:
		p.Amount, p.Suffix = money(*o.Cents), suffix
		if o.RetailCents != nil && *o.RetailCents > *o.Cents {
			p.Was = money(*o.RetailCents)
		}
		if o.SavingsPercent > 0 {
			p.Save = w.t("marketplace.price.save", "percent", o.SavingsPercent)
		}
	}
	if o.ProCents != nil {
		p.ProUpsell = w.t("marketplace.price.proUpsell", "price", money(*o.ProCents)+suffix)
	}
	if o.CopayFromCents != nil {
		p.CopayFrom = w.t("marketplace.price.copayFrom", "price", money(*o.CopayFromCents)+suffix)
	}
	if c.ShowDuration && c.PriceDuration != "" && (o.Cents == nil || *o.Cents != 0) {
		if key := durationKey(c.PriceDuration); key != "" {
			p.Duration = w.t(key)
		} else {
			p.Duration = c.PriceDuration
		}
	}
	return p
}
