// Package testapp boots the real HTTP server on a fresh database and a random loopback port
// for API tests.
package testapp

import (
	"bytes"
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"circle/internal/httpapi"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

// App is a running server.
type App struct {
	URL    string
	DB     *store.DB
	Client *http.Client
}

// Options change how Start builds the app.
type Options struct {
	Web      fs.FS
	WebBuilt bool
}

// Start runs the server on a fresh database of the given engine until the test ends.
func Start(t testing.TB, kind store.Kind, opts ...Options) *App {
	t.Helper()
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	db := storetest.Open(t, kind)
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	srv, err := httpapi.New(httpapi.Deps{
		DB: db, Logger: logger, Version: "test", StartedAt: time.Now(), Web: o.Web, WebBuilt: o.WebBuilt,
	})
	if err != nil {
		t.Fatalf("testapp: %v", err)
	}
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	return &App{URL: ts.URL, DB: db, Client: ts.Client()}
}

// Response is a finished request.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into v and fails the test when it is not JSON.
func (r Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("response is not JSON (%v): %s", err, r.Body)
	}
}

// Do sends a request with a raw body and returns the response.
func (a *App) Do(t testing.TB, method, path string, body []byte, header http.Header) Response {
	t.Helper()
	req, err := http.NewRequest(method, a.URL+path, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		req.Header[k] = v
	}
	res, err := a.Client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return Response{Status: res.StatusCode, Header: res.Header, Body: b}
}

// Get sends a GET.
func (a *App) Get(t testing.TB, path string) Response { return a.Do(t, http.MethodGet, path, nil, nil) }
