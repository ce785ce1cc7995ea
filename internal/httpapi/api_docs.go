package httpapi

import (
	"fmt"
	"html"
	"io/fs"
	"net/http"
	"path"
)

// The API reference page (issue 26 item 6): Redoc renders the API document that huma serves at
// /api/openapi.json. Redoc's standalone bundle comes from npm and is copied into the web build
// (web/scripts/copy-api-reference.mjs) as a hashed asset, so the page needs no outside host and
// the main app's bundle does not carry it.

const (
	apiDocsPath    = "/api/docs"
	apiDocsSpecURL = "/api/openapi.json"
	// apiDocsScriptGlob finds the copied bundle among the built assets.
	apiDocsScriptGlob = "assets/redoc.standalone-*.js"
)

// apiDocsPolicy is the app's Content-Security-Policy plus one source: Redoc runs its search
// index in a Web Worker it creates from a blob: URL, which default-src 'self' refuses. The
// worker is Redoc's own code from the bundle; nothing else is relaxed, and only on this page.
const apiDocsPolicy = contentSecurityPolicy + "; worker-src 'self' blob:"

// apiDocsHandler serves the reference page; without the viewer in the web build it says so and
// links the raw document.
type apiDocsHandler struct {
	page []byte
}

func newAPIDocsHandler(web fs.FS, built bool) (*apiDocsHandler, error) {
	if !built {
		return &apiDocsHandler{page: apiDocsNotBuiltPage}, nil
	}
	matches, err := fs.Glob(web, apiDocsScriptGlob)
	if err != nil {
		return nil, fmt.Errorf("find the API reference script: %w", err)
	}
	switch len(matches) {
	case 0:
		// A web build made without the copy step (tests' stand-in builds among them).
		return &apiDocsHandler{page: apiDocsNotBuiltPage}, nil
	case 1:
	default:
		return nil, fmt.Errorf("the web build has %d files %s, want 1 (web/scripts/copy-api-reference.mjs)", len(matches), apiDocsScriptGlob)
	}
	return &apiDocsHandler{page: apiDocsPage("/" + path.Clean(matches[0]))}, nil
}

// apiDocsPage is the page: no inline script; Redoc reads its options from the element's
// attributes.
func apiDocsPage(scriptURL string) []byte {
	return []byte(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Circle API reference</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<meta name="description" content="Reference of the Circle JSON API: every operation, its parameters, answers and who may call it.">
<style>body { margin: 0; }</style>
</head>
<body>
<redoc spec-url="` + apiDocsSpecURL + `" required-props-first="true" expand-responses="200,201"></redoc>
<noscript><p>The reference needs JavaScript. The API document itself is at <a href="` + apiDocsSpecURL + `">` + apiDocsSpecURL + `</a>.</p></noscript>
<script src="` + html.EscapeString(scriptURL) + `"></script>
</body>
</html>
`)
}

var apiDocsNotBuiltPage = []byte(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Circle API reference</title></head>
<body><main><h1>Circle API reference</h1><p>The reference viewer is not in this binary's web build (run <code>make build</code>). The API document is at <a href="` + apiDocsSpecURL + `">` + apiDocsSpecURL + `</a>.</p></main></body></html>`)

func (h *apiDocsHandler) ServeHTTP(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Security-Policy", apiDocsPolicy)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(h.page)
}
