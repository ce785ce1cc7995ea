package httpapi_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"circle/internal/demo"
	"circle/internal/store"
	"circle/internal/testapp"
)

// Every picture, logo, portrait and document the demo data links to is served by the real
// server as an image or a PDF; an unknown /demo/ file is a 404, not the web app's page.
func TestDemoPicturesAndDocumentsAreServed(t *testing.T) {
	web := fstest.MapFS{"index.html": {Data: []byte(`<!doctype html><div id="root"></div>`)}}
	app := testapp.Start(t, store.SQLite, testapp.Options{Web: web, WebBuilt: true})
	d := app.LoadDemo(t)
	checked := map[string]bool{}
	kinds := map[string]int{}
	for _, u := range d.Links() {
		if checked[u] {
			continue
		}
		checked[u] = true
		res := app.Get(t, u)
		ctype := res.Header.Get("Content-Type")
		if demo.IsVideo(u) {
			// The demo ships no videos; the player shows its own error, never HTML.
			if res.Status != 404 || strings.Contains(string(res.Body), `id="root"`) {
				t.Errorf("%s: %d %s, want a plain 404", u, res.Status, ctype)
			}
			continue
		}
		if res.Status != 200 || (ctype != "image/svg+xml" && ctype != "application/pdf") {
			t.Errorf("%s: %d %q, want 200 with an image or a PDF", u, res.Status, ctype)
			continue
		}
		if !strings.Contains(res.Header.Get("Cache-Control"), "max-age=") || res.Header.Get("ETag") == "" {
			t.Errorf("%s: cache headers %v", u, res.Header)
		}
		head := string(res.Body[:min(len(res.Body), 8)])
		if (ctype == "application/pdf") != strings.HasPrefix(head, "%PDF-") || (ctype == "image/svg+xml") != strings.HasPrefix(head, "<svg") {
			t.Errorf("%s: %s body starts %q", u, ctype, head)
		}
		kinds[strings.Split(u, "/")[2]]++
	}
	for _, dir := range []string{"services", "logos", "reps", "content"} {
		if kinds[dir] == 0 {
			t.Errorf("no /demo/%s/ file checked", dir)
		}
	}
	for _, u := range []string{"/demo/services/no-such-service.svg", "/demo/logos/", "/demo/nothing"} {
		res := app.Get(t, u)
		if res.Status != 404 || strings.Contains(string(res.Body), `id="root"`) {
			t.Errorf("%s: %d %s, want a plain 404", u, res.Status, res.Body)
		}
	}
}
