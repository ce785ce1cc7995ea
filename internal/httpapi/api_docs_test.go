package httpapi_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"circle/internal/store"
	"circle/internal/testapp"
)

// Issue 26 item 6: /api/docs is the API reference page. It loads the Redoc bundle the web build
// carries (no outside host) and points it at the served API document; only this page lets a
// script start a blob: worker (Redoc's search).
func TestIssue26_APIDocsPageServesTheReferenceAndItsScript(t *testing.T) {
	web := fstest.MapFS{
		"index.html":                            {Data: []byte(`<!doctype html><div id="root"></div>`)},
		"assets/redoc.standalone-0123456789.js": {Data: []byte(`/* Redoc */`)},
	}
	app := testapp.Start(t, store.SQLite, testapp.Options{Web: web, WebBuilt: true})

	res := app.Get(t, "/api/docs")
	page := string(res.Body)
	if res.Status != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "text/html") ||
		!strings.Contains(page, `<redoc spec-url="/api/openapi.json"`) ||
		!strings.Contains(page, `<script src="/assets/redoc.standalone-0123456789.js"></script>`) ||
		strings.Contains(page, "https://") {
		t.Fatalf("/api/docs: %d %v\n%s", res.Status, res.Header, page)
	}
	csp := res.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self' ") || !strings.Contains(csp, "worker-src 'self' blob:") {
		t.Fatalf("/api/docs policy: %s", csp)
	}
	if other := app.Get(t, "/marketplace").Header.Get("Content-Security-Policy"); strings.Contains(other, "worker-src") {
		t.Fatalf("the app's own pages got the reference page's policy: %s", other)
	}

	script := app.Get(t, "/assets/redoc.standalone-0123456789.js")
	if script.Status != 200 || string(script.Body) != `/* Redoc */` || !strings.HasPrefix(script.Header.Get("Content-Type"), "text/javascript") {
		t.Fatalf("script: %d %v", script.Status, script.Header)
	}
	doc := app.Get(t, "/api/openapi.json")
	if doc.Status != 200 || !strings.Contains(string(doc.Body), `"operationId":"sign-in"`) {
		t.Fatalf("document: %d %.200s", doc.Status, doc.Body)
	}

	// A build without the viewer still answers, with a link to the document.
	bare := testapp.Start(t, store.SQLite, testapp.Options{Web: fstest.MapFS{"index.html": {Data: []byte(`<!doctype html>`)}}, WebBuilt: true})
	if res := bare.Get(t, "/api/docs"); res.Status != 200 || !strings.Contains(string(res.Body), `href="/api/openapi.json"`) {
		t.Fatalf("/api/docs without the viewer: %d %s", res.Status, res.Body)
	}
}
