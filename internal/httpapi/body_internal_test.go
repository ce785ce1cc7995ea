package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
)

// cutReader yields data, then fails as a connection that closed mid-body does.
type cutReader struct {
	r   *bytes.Reader
	err error
}

func (c *cutReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if err == io.EOF {
		return n, c.err
	}
	return n, err
}

// bodyServer is a server with one JSON operation and one raw-body operation (as the webhook),
// both public, logging into logs.
func bodyServer(t testing.TB, logs io.Writer) *Server {
	t.Helper()
	type jsonIn struct {
		Body struct {
			Name string `json:"name" maxLength:"50"`
		}
	}
	type rawIn struct{ RawBody []byte }
	type out struct {
		Body struct {
			OK bool `json:"ok"`
		}
	}
	s, err := New(Deps{Logger: slog.New(slog.NewTextHandler(logs, nil))}, areaFunc(func(r *Router) {
		post(r, "/api/echo", "body-echo", "Echo", "test", public, func(context.Context, *jsonIn) (*out, error) { return &out{}, nil }, maxKB(4))
		post(r, "/api/raw", "body-raw", "Raw", "test", public, func(context.Context, *rawIn) (*out, error) { return &out{}, nil }, maxKB(4))
	}))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestIssue27_BodyReadErrors: issue 27 item 2. Each way a body read fails is the client's: a
// body cut short 400 naming "body", a reset connection 499, a timeout 408; never a 5xx, never
// logged at ERROR.
func TestIssue27_BodyReadErrors(t *testing.T) {
	t.Parallel()
	logs := &syncBuffer{}
	s := bodyServer(t, logs)
	cases := []struct {
		name   string
		err    error
		status int
	}{
		{"cut short", io.ErrUnexpectedEOF, http.StatusBadRequest},
		{"reset", &netOpError{}, statusClientClosedRequest},
		{"cancelled", context.Canceled, statusClientClosedRequest},
		{"timed out", &netOpError{timeout: true}, http.StatusRequestTimeout},
	}
	for _, c := range cases {
		for _, path := range []string{"/api/echo", "/api/raw"} {
			body := `{"name":"Ada Lovelace"}`
			r := httptest.NewRequest(http.MethodPost, path, &cutReader{bytes.NewReader([]byte(body[:8])), c.err})
			r.ContentLength = int64(len(body))
			r.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			s.ServeHTTP(w, r)
			if w.Code != c.status {
				t.Errorf("%s %s: %d %s", c.name, path, w.Code, w.Body)
			}
			if c.status == http.StatusBadRequest && !strings.Contains(w.Body.String(), `"field":"body","key":"validation.body_incomplete"`) {
				t.Errorf("%s %s: %s", c.name, path, w.Body)
			}
		}
	}
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Fatalf("logged at ERROR:\n%s", logs)
	}
}

type netOpError struct{ timeout bool }

func (e *netOpError) Error() string   { return "read tcp: connection reset by peer" }
func (e *netOpError) Timeout() bool   { return e.timeout }
func (e *netOpError) Temporary() bool { return false }

// FuzzIssue27_RequestBodies is the malformed-input fuzz of request bodies through the
// operations' middleware: any bytes, cut off anywhere (the truncated-body case of issue 27 item
// 2), on a JSON and a raw-body operation, never answer a 5xx or log at ERROR; a body cut short
// is always the 400 naming "body".
func FuzzIssue27_RequestBodies(f *testing.F) {
	for _, seed := range []struct {
		body string
		cut  uint16
	}{
		{`{"name":"Ada"}`, 0xffff},        // whole
		{`{"name":"Ada"}`, 5},             // truncated mid-key
		{`{"name":"Ada"}`, 0},             // nothing sent of a declared body
		{`{"name":`, 0xffff},              // malformed, whole
		{`{"name":"a\u0000"}`, 0xffff},    // NUL
		{"{\"name\":\"\xff\"}", 7},        // invalid UTF-8, truncated
		{`[1,2,3]`, 0xffff},               // wrong type
		{strings.Repeat("x", 5000), 4100}, // over the operation's 4 KiB, truncated
	} {
		f.Add([]byte(seed.body), seed.cut)
	}
	logs := &syncBuffer{}
	s := bodyServer(f, logs)
	f.Fuzz(func(t *testing.T, body []byte, cut uint16) {
		truncated := int(cut) < len(body)
		sent := body
		if truncated {
			sent = body[:cut]
		}
		for _, path := range []string{"/api/echo", "/api/raw"} {
			var rd io.Reader = bytes.NewReader(sent)
			if truncated {
				rd = &cutReader{bytes.NewReader(sent), io.ErrUnexpectedEOF}
			}
			r := httptest.NewRequest(http.MethodPost, path, rd)
			r.ContentLength = int64(len(body))
			r.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			s.ServeHTTP(w, r)
			if w.Code >= 500 {
				t.Fatalf("%s %q cut at %d: %d %s", path, body, cut, w.Code, w.Body)
			}
			var e struct {
				Fields []struct{ Field, Key string }
			}
			_ = json.Unmarshal(w.Body.Bytes(), &e)
			if truncated && len(body) <= maxBodyBytes && (w.Code != http.StatusBadRequest || len(e.Fields) != 1 || e.Fields[0].Key != keyBodyIncomplete) {
				t.Fatalf("%s %q cut at %d: %d %s", path, body, cut, w.Code, w.Body)
			}
		}
		if strings.Contains(logs.String(), "level=ERROR") {
			t.Fatalf("logged at ERROR:\n%s", logs)
		}
	})
}
