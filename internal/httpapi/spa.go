package httpapi

import (
	"bytes"
	"io"
	"io/fs"
	"net/http"
	"path"
	"slices"
	"strings"
	"time"
)

// spaHandler serves the built web app: real files as they are (hashed assets cached for a
// year), and index.html for every other path so client-side routes deep-link on a hard reload.
type spaHandler struct {
	files fs.FS
	index []byte
	built bool
	// preload is what the marketplace's pages preload (spa_preload.go); nil without a manifest.
	preload *marketplacePreload
	// serviceHead, when set, gives an old shared link (/?service=ID) its service's head
	// (SharePagesArea.legacyHead); false leaves the page as it is.
	serviceHead func(r *http.Request) (shellPage, bool)
	// serviceRedirect, when set, is where an old shared link (?service=ID&view=funnel with its
	// UTM fields) moves permanently (SharePagesArea.legacyRedirect); false: it stays.
	serviceRedirect func(r *http.Request) (string, bool)
	// firstScreen, when set, is the marketplace's first screen for / and /marketplace
	// (SharePagesArea.firstScreen, issue 33 item 4); false leaves the page to the app.
	firstScreen func(w http.ResponseWriter, r *http.Request) (shellPage, bool)
	// words are the web app's words the first screen is written in, per language (read from
	// the build's .locales folder).
	words map[string]*screenWords
}

func newSPAHandler(files fs.FS, built bool) (*spaHandler, error) {
	h := &spaHandler{files: files, built: built}
	if built {
		b, err := fs.ReadFile(files, "index.html")
		if err != nil {
			return nil, err
		}
		h.index = b
		h.preload = readMarketplacePreload(files)
		h.words = readScreenWords(files, ".locales", pageLanguages, firstScreenNamespaces)
	}
	return h, nil
}

var notBuiltPage = []byte(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Circle</title></head>
<body><main><h1>Circle</h1><p>The web app is not built into this binary. Run <code>make build</code> (or <code>make run</code>) to build it.</p></main></body></html>`)

func (h *spaHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		writeError(w, r, http.StatusMethodNotAllowed, "method not allowed")
		return
	}
	if !h.built {
		status := http.StatusOK
		if _, known := matchClientRoute(path.Clean("/" + r.URL.Path)); !known {
			status = http.StatusNotFound
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(status)
		_, _ = w.Write(notBuiltPage)
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	if strings.HasPrefix(name, ".") {
		// Build metadata (.vite/manifest.json, read by spa_preload.go) is not served.
		http.NotFound(w, r)
		return
	}
	if name != "" && name != "index.html" {
		if f, err := h.files.Open(name); err == nil {
			defer f.Close()
			if st, err := f.Stat(); err == nil && !st.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
					if h.serveBrotli(w, r, name) {
						return
					}
				} else {
					w.Header().Set("Cache-Control", "public, max-age=3600")
				}
				if rs, ok := f.(io.ReadSeeker); ok {
					http.ServeContent(w, r, st.Name(), st.ModTime(), rs)
					return
				}
			}
		} else if path.Ext(name) != "" && strings.HasPrefix(name, "assets/") {
			// A missing hashed asset is a real 404 (an old tab asking for a replaced chunk),
			// not a page.
			http.NotFound(w, r)
			return
		}
	}
	clean := path.Clean("/" + r.URL.Path)
	if isPreloadPath(clean) && h.serviceRedirect != nil {
		if target, ok := h.serviceRedirect(r); ok {
			http.Redirect(w, r, target, http.StatusMovedPermanently)
			return
		}
	}
	w.Header().Set("Cache-Control", "no-cache")
	// The marketplace's first screen in the HTML (issue 33 item 4): the page carries its data and
	// paints its first cards without script, so nothing is preloaded ahead of that paint; the
	// app starts once that screen has painted (shellPage.StartAfterPaint).
	if isPreloadPath(clean) && h.firstScreen != nil {
		if page, ok := h.firstScreen(w, r); ok {
			page.StartAfterPaint = true
			if h.preload != nil {
				page.AppModules = h.preload.routeModules()
			}
			page.write(w, r, h.index)
			return
		}
	}
	if h.preload != nil && isPreloadPath(clean) {
		w.Header().Set("Link", h.preload.link(r.URL.Query()))
	}
	// Issue 33: an address no screen of the app opens answers 404 (the app shows its not-found
	// screen all the same); signed-in and admin screens ask not to be indexed; an old shared
	// service link carries the service's head.
	route, known := matchClientRoute(clean)
	if clean == "/index.html" {
		known = true
	}
	page := shellPage{}
	switch {
	case !known:
		page = shellPage{Status: http.StatusNotFound, NoIndex: true}
	case clientPageNoIndex(route):
		page.NoIndex = true
	case isPreloadPath(clean) && r.URL.Query().Has("service") && h.serviceHead != nil:
		if p, ok := h.serviceHead(r); ok {
			page = p
		}
	}
	if page.Status == 0 && !page.NoIndex && page.Head == "" {
		http.ServeContent(w, r, "index.html", time.Time{}, bytes.NewReader(h.index))
		return
	}
	page.write(w, r, h.index)
}

// serveBrotli sends the build's Brotli copy of an asset (name.br, written by
// web/scripts/compress-assets.mjs) to a browser that accepts br, and reports whether it did.
// The compression middleware leaves a response that has a Content-Encoding alone.
func (h *spaHandler) serveBrotli(w http.ResponseWriter, r *http.Request, name string) bool {
	if !slices.Contains(w.Header().Values("Vary"), "Accept-Encoding") {
		w.Header().Add("Vary", "Accept-Encoding")
	}
	if !acceptsEncoding(r.Header.Get("Accept-Encoding"), "br") {
		return false
	}
	f, err := h.files.Open(name + ".br")
	if err != nil {
		return false
	}
	defer f.Close()
	rs, ok := f.(io.ReadSeeker)
	if !ok {
		return false
	}
	w.Header().Set("Content-Encoding", "br")
	// Served under the asset's own name, so its Content-Type is the script's or style sheet's.
	http.ServeContent(w, r, path.Base(name), time.Time{}, rs)
	return true
}

// acceptsEncoding reports whether an Accept-Encoding header accepts coding: named with a
// q-value above 0, or not named and "*" accepted.
func acceptsEncoding(header, coding string) bool {
	named, star := -1.0, -1.0
	for _, w := range headerQualities(header) {
		switch w.token {
		case coding:
			named = w.q
		case "*":
			star = w.q
		}
	}
	if named >= 0 {
		return named > 0
	}
	return star > 0
}
