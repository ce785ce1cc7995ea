package httpapi

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

// F-CAT-02: the marketplace's HTML starts its data request and modulepreloads the route's own
// chunks (not the entry's, which index.html loads); other pages get no Link header.
func TestSPAPreloadsTheMarketplace(t *testing.T) {
	files := fstest.MapFS{
		"index.html": {Data: []byte("<!doctype html><title>Circle</title>")},
		".vite/manifest.json": {Data: []byte(`{
			"index.html": {"file": "assets/index-A.js", "isEntry": true, "imports": ["_react-R.js"]},
			"_react-R.js": {"file": "assets/react-R.js"},
			"_card-C.js": {"file": "assets/card-C.js", "imports": ["_react-R.js", "_icon-I.js"]},
			"_icon-I.js": {"file": "assets/icon-I.js"},
			"src/features/marketplace/MarketplacePage.tsx": {"file": "assets/MarketplacePage-M.js", "imports": ["index.html", "_card-C.js", "_react-R.js"], "css": ["assets/m.css"]},
			"_dates-D.js": {"file": "assets/dates-D.js"},
			"src/features/detail/DetailView.tsx": {"file": "assets/DetailView-V.js", "imports": ["index.html", "_card-C.js", "_dates-D.js"]},
			"src/app/screens/ServicePageScreen.tsx": {"file": "assets/ServicePageScreen-S.js", "imports": ["index.html", "_react-R.js"]}
		}`)},
	}
	h, err := newSPAHandler(files, true)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/", "/marketplace", "/marketplace?q=crm"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, p, nil))
		link := rec.Header().Get("Link")
		want := "</api/marketplace/data>; rel=preload; as=fetch; crossorigin=anonymous, </assets/MarketplacePage-M.js>; rel=modulepreload, " +
			"</assets/card-C.js>; rel=modulepreload, </assets/icon-I.js>; rel=modulepreload"
		if link != want {
			t.Errorf("%s: Link = %q, want %q", p, link, want)
		}
		if !strings.Contains(rec.Body.String(), "<title>Circle</title>") {
			t.Errorf("%s: not the app's page", p)
		}
	}
	// ?fresh=1 loads the data past every cache: the chunks are preloaded, the data is not.
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/marketplace?fresh=1&q=crm", nil))
	if link, want := rec.Header().Get("Link"), "</assets/MarketplacePage-M.js>; rel=modulepreload, </assets/card-C.js>; rel=modulepreload, </assets/icon-I.js>; rel=modulepreload"; link != want {
		t.Errorf("fresh=1: Link = %q, want %q", link, want)
	}
	// A shared service link also starts the service's details and the dialog's own chunks (not
	// those the route preloads already); an id the app would not ask for as it is gets none.
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/marketplace?service=svc-nestflow-crm&view=funnel", nil))
	if link, want := rec.Header().Get("Link"), "</api/marketplace/data>; rel=preload; as=fetch; crossorigin=anonymous, </assets/MarketplacePage-M.js>; rel=modulepreload, "+
		"</assets/card-C.js>; rel=modulepreload, </assets/icon-I.js>; rel=modulepreload, "+
		"</api/services/svc-nestflow-crm>; rel=preload; as=fetch; crossorigin=anonymous, </assets/DetailView-V.js>; rel=modulepreload, </assets/dates-D.js>; rel=modulepreload"; link != want {
		t.Errorf("?service=: Link = %q, want %q", link, want)
	}
	for _, q := range []string{"service=a%2Fb", "service=a%3E%2C%3C%2Fx", "service="} {
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/?"+q, nil))
		if link := rec.Header().Get("Link"); strings.Contains(link, "/api/services/") || strings.Contains(link, "DetailView") {
			t.Errorf("?%s: Link = %q, want no details preload", q, link)
		}
	}
	// A service's page preloads the same as the app starts, after its picture (issue 33): the
	// loader's list, its screen's chunks and all the details' (the marketplace is not under it,
	// and the details' data is in the page).
	if got, want := strings.Join(h.preload.servicePageModules(), " "), "/assets/DetailView-V.js /assets/ServicePageScreen-S.js /assets/card-C.js /assets/dates-D.js /assets/icon-I.js"; got != want {
		t.Errorf("service page modules = %q, want %q", got, want)
	}
	for _, p := range []string{"/orders", "/marketplacex", "/auth"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, p, nil))
		if link := rec.Header().Get("Link"); link != "" {
			t.Errorf("%s: Link = %q, want none", p, link)
		}
	}
	// The manifest itself is not served (nor any other dot path).
	for _, p := range []string{"/.vite/manifest.json", "/.vite/", "/.env"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, p, nil))
		if rec.Code != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", p, rec.Code)
		}
	}
	// Without a manifest the pages are served as before, without preloads.
	bare, err := newSPAHandler(fstest.MapFS{"index.html": {Data: []byte("x")}}, true)
	if err != nil {
		t.Fatal(err)
	}
	rec = httptest.NewRecorder()
	bare.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/marketplace", nil))
	if rec.Code != http.StatusOK || rec.Header().Get("Link") != "" {
		t.Errorf("without a manifest: %d %q", rec.Code, rec.Header().Get("Link"))
	}
}
