package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"circle/internal/store"
	"circle/internal/store/storetest"
	"circle/internal/testapp"
)

// engineEach runs fn on every engine (SQLite, PostgreSQL), in parallel subtests.
func engineEach(t *testing.T, fn func(t *testing.T, kind store.Kind)) {
	t.Helper()
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			fn(t, kind)
		})
	}
}

// demoEach runs fn on every engine in parallel subtests, each on its own app with the demo
// catalogue loaded: the set-up most API scenarios share.
func demoEach(t *testing.T, fn func(t *testing.T, a *testapp.App)) {
	t.Helper()
	engineEach(t, func(t *testing.T, kind store.Kind) {
		a := testapp.Start(t, kind)
		a.LoadDemo(t)
		fn(t, a)
	})
}

// okJSON decodes an answer that must be 200 OK into a T; what names it in the failure.
func okJSON[T any](t testing.TB, what string, res testapp.Response) T {
	t.Helper()
	return statusJSON[T](t, what, res, http.StatusOK)
}

// statusJSON decodes an answer that must have the given status into a T; what names it in the
// failure.
func statusJSON[T any](t testing.TB, what string, res testapp.Response, status int) T {
	t.Helper()
	if res.Status != status {
		t.Fatalf("%s: status %d, want %d: %s", what, res.Status, status, res.Body)
	}
	var v T
	res.JSON(t, &v)
	return v
}

// sendJSON sends body (nil: no body) as JSON, with c's cookies (nil: a client without any) and
// the extra header h.
func sendJSON(t *testing.T, a *testapp.App, c *http.Client, method, path string, body any, h http.Header) testapp.Response {
	t.Helper()
	var raw []byte
	if body != nil {
		var err error
		if raw, err = json.Marshal(body); err != nil {
			t.Fatal(err)
		}
	}
	if c == nil {
		c = &http.Client{}
	}
	return a.DoWith(t, c, method, path, raw, h)
}

// countWhere counts the rows of table that match where (a bun condition with its args).
func countWhere(t *testing.T, a *testapp.App, table, where string, args ...any) int {
	t.Helper()
	n, err := a.DB.Bun().NewSelect().Table(table).Where(where, args...).Count(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return int(n)
}

// wantContains fails the test, naming what, unless body holds every one of wants.
func wantContains(t *testing.T, what, body string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(body, w) {
			t.Fatalf("%s lacks %q:\n%s", what, w, body)
		}
	}
}
