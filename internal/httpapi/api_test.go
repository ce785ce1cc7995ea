package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"strings"
	"testing"
	"testing/fstest"

	"circle/internal/app"
	"circle/internal/platform"
	"circle/internal/store"
	"circle/internal/store/storetest"
	"circle/internal/testapp"
)

type apiError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Fields  []struct {
		Field, Key, Message string
	} `json:"fields"`
	RequestID string `json:"request_id"`
}

func eachEngine(t *testing.T, fn func(t *testing.T, app *testapp.App)) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) { fn(t, testapp.Start(t, kind)) })
	}
}

func TestF_APP_10_HealthAndReadiness(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) { healthAndReadiness(t, testapp.Start(t, kind, testapp.Options{WarmUp: true})) })
	}
}

func healthAndReadiness(t *testing.T, app *testapp.App) {
	{
		res := app.Get(t, "/healthz")
		if res.Status != 200 || !strings.Contains(string(res.Body), `"status":"ok"`) {
			t.Fatalf("healthz: %d %s", res.Status, res.Body)
		}
		var ready platform.Readiness
		// Ready once the search index and the snapshot are built (a moment after start; the
		// 503 before is TestF_CAT_12_ReadyzWaitsForIndexAndSnapshotAndWritesApplyWithoutRebuild).
		res = app.WaitReady(t)
		res.JSON(t, &ready)
		if res.Status != 200 || ready.Status != "ok" || ready.SchemaVersion < 1 || len(ready.Checks) != 3 || ready.Database != string(app.DB.Kind()) {
			t.Fatalf("readyz: %d %+v", res.Status, ready)
		}
		// A closed database makes the service unready.
		_ = app.DB.Close()
		res = app.Get(t, "/readyz")
		res.JSON(t, &ready)
		if res.Status != http.StatusServiceUnavailable || ready.Status != "unavailable" || ready.Checks[0].OK {
			t.Fatalf("readyz with the database closed: %d %+v", res.Status, ready)
		}
	}
}

func TestF_APP_03_PublicConfig(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testapp.App) {
		var cfg map[string]any
		res := app.Get(t, "/api/config")
		res.JSON(t, &cfg)
		want := map[string]any{
			"marketplace_enabled": true, "auto_heal_enabled": false, "security_monitoring_global": false,
			"top_deals_enabled": true, "maintenance_mode": false, "facilitator_checkout_enabled": false,
			"min_build_version":   "1.0.0",
			"maintenance_message": "The application is currently under maintenance. Please check back soon.",
		}
		for k, v := range want {
			if cfg[k] != v {
				t.Errorf("config %s = %v, want %v", k, cfg[k], v)
			}
		}
		if res.Header.Get("Cache-Control") != "no-store" {
			t.Errorf("config Cache-Control %q", res.Header.Get("Cache-Control"))
		}
	})
}

func TestBadInputGetsA4xxJSONErrorNamingTheField(t *testing.T) {
	eachEngine(t, func(t *testing.T, app *testapp.App) {
		cases := []struct {
			name   string
			method string
			path   string
			body   []byte
			status int
			code   string
			field  string
		}{
			{"malformed JSON", "POST", "/api/client-errors", []byte(`{"message":`), 400, "invalid", ""},
			{"wrong type", "POST", "/api/client-errors", []byte(`{"message":123}`), 422, "invalid", "message"},
			{"missing field", "POST", "/api/client-errors", []byte(`{"url":"/x"}`), 422, "invalid", "message"},
			{"unknown enum", "POST", "/api/client-errors", []byte(`{"message":"x","error_type":"boom"}`), 422, "invalid", "error_type"},
			{"oversize body", "POST", "/api/client-errors", bytes.Repeat([]byte("a"), 2<<20), 413, "too_large", ""},
			{"unknown endpoint", "GET", "/api/nope", nil, 404, "not_found", ""},
			{"wrong method", "DELETE", "/api/config", nil, 404, "not_found", ""},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				res := app.Do(t, c.method, c.path, c.body, nil)
				var e apiError
				res.JSON(t, &e)
				if res.Status != c.status || e.Code != c.code || e.Message == "" || e.RequestID == "" {
					t.Fatalf("got %d %+v, want %d %s", res.Status, e, c.status, c.code)
				}
				if res.Header.Get("X-Request-Id") != e.RequestID {
					t.Fatalf("request id header %q != body %q", res.Header.Get("X-Request-Id"), e.RequestID)
				}
				if c.field != "" && (len(e.Fields) == 0 || e.Fields[0].Field != c.field) {
					t.Fatalf("fields %+v, want field %s", e.Fields, c.field)
				}
			})
		}
		// Nothing was recorded by the refused requests.
		errs, err := store.NewOps(app.DB).RecentClientErrors(t.Context(), 10)
		if err != nil || len(errs) != 0 {
			t.Fatalf("refused requests recorded %d client errors (%v)", len(errs), err)
		}
	})
}

func TestF_APP_05_ClientErrorsAreCappedAndStored(t *testing.T) {
	app := testapp.Start(t, store.SQLite)
	long := strings.Repeat("é", 1500)
	body := []byte(`{"message":"` + long + `","stack":"` + strings.Repeat("s", 5000) + `","section":"global_monitor","url":"/marketplace","metadata":{"status":500}}`)
	res := app.Do(t, "POST", "/api/client-errors", body, http.Header{"User-Agent": {"test-agent"}})
	if res.Status != http.StatusAccepted {
		t.Fatalf("status %d %s", res.Status, res.Body)
	}
	errs, err := store.NewOps(app.DB).RecentClientErrors(t.Context(), 1)
	if err != nil || len(errs) != 1 {
		t.Fatalf("stored %d (%v)", len(errs), err)
	}
	e := errs[0]
	if len([]rune(e.Message)) != 1000 || len(e.Stack) != 4000 || e.ErrorType != "runtime" || e.UserAgent != "test-agent" || e.Metadata != `{"status":500}` {
		t.Fatalf("stored error not capped/defaulted: msg=%d stack=%d type=%s ua=%s meta=%s",
			len([]rune(e.Message)), len(e.Stack), e.ErrorType, e.UserAgent, e.Metadata)
	}
}

func TestSecurityHeadersCompressionAndMetrics(t *testing.T) {
	app := testapp.Start(t, store.SQLite)
	for _, path := range []string{"/", "/api/config", "/api/nope", "/marketplace"} {
		res := app.Get(t, path)
		h := res.Header
		if !strings.Contains(h.Get("Content-Security-Policy"), "default-src 'self'") || h.Get("X-Content-Type-Options") != "nosniff" ||
			h.Get("X-Frame-Options") != "DENY" || h.Get("Referrer-Policy") == "" {
			t.Fatalf("%s: security headers missing: %v", path, h)
		}
	}
	req, _ := http.NewRequest("GET", app.URL+"/api/openapi.json", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("openapi.json not compressed: %v", res.Header)
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	doc, _ := io.ReadAll(zr)
	if !bytes.Contains(doc, []byte(`"openapi":"3.1.0"`)) && !bytes.Contains(doc, []byte(`"openapi": "3.1.0"`)) {
		t.Fatalf("served document is not OpenAPI 3.1: %.200s", doc)
	}
	m := app.Get(t, "/metrics")
	if m.Status != 200 || !strings.Contains(string(m.Body), `circle_http_requests_total{method="GET",route="GET /api/config",status="200"}`) {
		t.Fatalf("metrics missing the request counter:\n%.2000s", m.Body)
	}
}

func TestF_APP_01_SPAServesDeepLinksAndAssets(t *testing.T) {
	web := fstest.MapFS{
		"index.html":        {Data: []byte(`<!doctype html><div id="root"></div>`)},
		"assets/app-abc.js": {Data: []byte(`console.log(1)`)},
		"favicon.svg":       {Data: []byte(`<svg/>`)},
	}
	app := testapp.Start(t, store.SQLite, testapp.Options{Web: web, WebBuilt: true})
	// Every screen of the route table is the app with 200; an unknown path is still the app (it
	// shows its not-found screen) but answers 404, so it is no soft 404 (issue 33).
	for path, status := range map[string]int{"/": 200, "/marketplace": 200, "/admin/accounting": 200, "/legal/terms": 200, "/no/such/page": 404} {
		res := app.Get(t, path)
		if res.Status != status || !strings.Contains(string(res.Body), `<div id="root">`) || res.Header.Get("Cache-Control") != "no-cache" {
			t.Fatalf("%s: %d (want %d) %q %s", path, res.Status, status, res.Header.Get("Cache-Control"), res.Body)
		}
	}
	res := app.Get(t, "/assets/app-abc.js")
	if res.Status != 200 || string(res.Body) != "console.log(1)" || !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
		t.Fatalf("asset: %d %v", res.Status, res.Header)
	}
	if res := app.Get(t, "/assets/gone-123.js"); res.Status != 404 {
		t.Fatalf("missing asset: %d", res.Status)
	}
}

// F-APP-01: a browser that accepts Brotli gets the build's .br copy of an asset (smaller than
// the gzip the server compresses on the fly); one that does not, or refuses br, gets gzip or
// the file as it is; an asset without a copy is served as before.
func TestF_APP_01_SPAServesBrotliAssets(t *testing.T) {
	script := strings.Repeat("console.log('Circle marketplace');\n", 200)
	// The server sends the build's copy as it is, so any bytes stand in for it here.
	compressed := []byte("\x1b\x00 stands in for the Brotli copy")
	web := fstest.MapFS{
		"index.html":           {Data: []byte(`<!doctype html><div id="root"></div>`)},
		"assets/app-abc.js":    {Data: []byte(script)},
		"assets/app-abc.js.br": {Data: compressed},
		"assets/plain-def.css": {Data: []byte(strings.Repeat("a{color:red}", 200))},
	}
	app := testapp.Start(t, store.SQLite, testapp.Options{Web: web, WebBuilt: true})
	get := func(path, acceptEncoding string) testapp.Response {
		return app.Do(t, http.MethodGet, path, nil, http.Header{"Accept-Encoding": {acceptEncoding}})
	}
	for _, ae := range []string{"gzip, deflate, br, zstd", "br;q=0.5", "*", "gzip;q=1, *;q=0.1"} {
		res := get("/assets/app-abc.js", ae)
		if res.Status != 200 || res.Header.Get("Content-Encoding") != "br" || !bytes.Equal(res.Body, compressed) ||
			!strings.HasPrefix(res.Header.Get("Content-Type"), "text/javascript") || !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") ||
			!strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
			t.Fatalf("Accept-Encoding %q: %d %v (%d bytes)", ae, res.Status, res.Header, len(res.Body))
		}
	}
	for _, ae := range []string{"gzip", "gzip, br;q=0", "identity", "br;q=0, *"} {
		res := get("/assets/app-abc.js", ae)
		if res.Status != 200 || res.Header.Get("Content-Encoding") == "br" {
			t.Fatalf("Accept-Encoding %q: %d %v", ae, res.Status, res.Header)
		}
		body := res.Body
		if res.Header.Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			body, _ = io.ReadAll(zr)
		}
		if string(body) != script {
			t.Fatalf("Accept-Encoding %q: body is not the script (%d bytes)", ae, len(body))
		}
	}
	// Without a .br copy the asset is served as before.
	if res := get("/assets/plain-def.css", "br"); res.Status != 200 || res.Header.Get("Content-Encoding") == "br" {
		t.Fatalf("no .br copy: %d %v", res.Status, res.Header)
	}
}

func TestOpenAPIDocumentIsCommitted(t *testing.T) {
	doc, err := app.OpenAPIJSON()
	if err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile("../../api/openapi.json")
	if err != nil {
		t.Fatalf("read committed document: %v", err)
	}
	if !bytes.Equal(doc, committed) {
		t.Fatal("api/openapi.json differs from what the code generates: run `make openapi` and commit it")
	}
}

// A nil pointer to a struct is sent as null, so the document must allow null there (huma only
// does so for scalars); a field with omitempty is left out instead and stays a plain reference.
func TestOpenAPIDocumentAllowsNullObjects(t *testing.T) {
	doc, err := app.OpenAPIJSON()
	if err != nil {
		t.Fatal(err)
	}
	var spec struct {
		Components struct {
			Schemas map[string]struct {
				Properties map[string]struct {
					Ref   string `json:"$ref"`
					AnyOf []struct {
						Ref  string `json:"$ref"`
						Type string `json:"type"`
					} `json:"anyOf"`
				} `json:"properties"`
			} `json:"schemas"`
		} `json:"components"`
	}
	if err := json.Unmarshal(doc, &spec); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ schema, prop, ref string }{
		{"CheckoutSessionView", "order", "OrderView"},
		{"BillingView", "subscription", "SubscriptionView"},
		{"Card", "vendor", "VendorSummary"},
		{"SubscriptionView", "next_charge", "Money"},
	} {
		p := spec.Components.Schemas[c.schema].Properties[c.prop]
		if len(p.AnyOf) != 2 || p.AnyOf[0].Ref != "#/components/schemas/"+c.ref || p.AnyOf[1].Type != "null" {
			t.Errorf("%s.%s: want anyOf [%s, null], got %+v", c.schema, c.prop, c.ref, p)
		}
	}
}

// Issue 26 item 6: every operation of the document the app serves (every area) has a
// description for the API reference.
func TestOperationsAreDescribed(t *testing.T) {
	doc, err := app.OpenAPIJSON()
	if err != nil {
		t.Fatal(err)
	}
	var spec struct {
		Paths map[string]map[string]struct {
			OperationID string `json:"operationId"`
			Description string `json:"description"`
		} `json:"paths"`
	}
	if err := json.Unmarshal(doc, &spec); err != nil {
		t.Fatal(err)
	}
	n := 0
	for path, ops := range spec.Paths {
		for method, op := range ops {
			n++
			if strings.TrimSpace(op.Description) == "" {
				t.Errorf("%s %s (%s) has no description: add it to operationDescriptions in operation_docs.go", method, path, op.OperationID)
			}
		}
	}
	if n < 100 {
		t.Fatalf("the document has %d operations; expected the whole route table", n)
	}
}
