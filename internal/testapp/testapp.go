// Package testapp boots the real HTTP server, wired exactly as `circle serve` wires it, on a
// fresh database and a random loopback port for API tests.
package testapp

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"circle/internal/account"
	"circle/internal/app"
	"circle/internal/clocktest"
	"circle/internal/demo"
	"circle/internal/jobs"
	"circle/internal/store"
	"circle/internal/store/storetest"
)

// App is a running server.
type App struct {
	URL    string
	DB     *store.DB
	Client *http.Client
	Config app.Config
	// Clock is the app's clock when the test gave one (Options.Clock), else nil.
	Clock *Clock
	// Jobs is the app's background jobs runner (running until the test ends).
	Jobs *jobs.Runner

	warmGate chan struct{} // Options.WarmAfterLoad's gate, opened by Warm
	warmOnce sync.Once
}

// Clock is a clock a test moves by hand; the whole app (store, services, jobs) reads it.
type Clock = clocktest.Clock

// NewClock returns a clock stopped at start.
func NewClock(start time.Time) *Clock { return clocktest.New(start) }

// Options change how Start builds the app.
type Options struct {
	// Config changes the configuration before the server is built (BaseURL and database are set).
	Config func(*app.Config)
	// Web replaces the embedded web app.
	Web      fs.FS
	WebBuilt bool
	// Clock, when set, is the time of the whole app instead of the wall clock.
	Clock *Clock
	// Jobs, when set, registers more job handlers before the runner starts.
	Jobs func(*jobs.Runner)
	// ManualJobs keeps the runner from running by itself: the test runs what is due with
	// App.Jobs.RunDue, so it decides what happens before a job runs.
	ManualJobs bool
	// WarmUp builds the search index and the marketplace snapshot at start, as `circle serve`
	// does (readiness waits for it). Without it they are built on the first request that needs
	// them, so a test may load its rows after Start (and /readyz stays 503).
	WarmUp bool
	// WarmAfterLoad holds that start-up build until the test calls App.Warm, once it has loaded
	// its rows after Start (the demo, say): the index and the snapshot are then built from them,
	// as `circle serve --demo` builds them, and /readyz answers 200.
	WarmAfterLoad bool
	// Server, when set, changes the server options (after Web, Clock and WarmUp are set).
	Server func(*app.ServerOptions)
	// Log, when set, receives the server's log lines (text, every level); else they are dropped.
	Log *LogBuffer
}

// LogBuffer collects the server's log lines for a test to read; it is safe for the server's
// concurrent writes.
type LogBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *LogBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// String returns every line written so far.
func (b *LogBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// Start runs the server on a fresh database of the given engine until the test ends.
func Start(t testing.TB, kind store.Kind, opts ...Options) *App {
	t.Helper()
	var o Options
	if len(opts) > 0 {
		o = opts[0]
	}
	return start(t, storetest.Open(t, kind, storeOptions(o)...), o)
}

func storeOptions(o Options) []store.Option {
	if o.Clock != nil {
		return []store.Option{store.WithClock(o.Clock.Now)}
	}
	return nil
}

// start runs the server on db until the test ends.
func start(t testing.TB, db *store.DB, o Options) *App {
	t.Helper()
	serverOpts := app.ServerOptions{Web: o.Web, WebBuilt: o.WebBuilt}
	if o.Clock != nil {
		serverOpts.Now = o.Clock.Now
	}
	var warmGate chan struct{}
	switch {
	case o.WarmAfterLoad:
		warmGate = make(chan struct{}) // opened by App.Warm
		serverOpts.WarmUpGate = warmGate
	case !o.WarmUp:
		serverOpts.WarmUpGate = make(chan struct{}) // never opened
	}
	if o.Server != nil {
		o.Server(&serverOpts)
	}
	ts := httptest.NewUnstartedServer(nil)
	base := "http://" + ts.Listener.Addr().String()
	cfg := app.Config{
		BaseURL: base, LogLevel: "error", AuthRateLimit: 0, BotCheckDifficulty: 4,
		SMTPPort: 587, SMTPTLS: "starttls", GoogleIssuer: "https://accounts.google.com",
		// Uploads land in the test's own directory, never in the package's source folder.
		DataDir: t.TempDir(),
	}
	if o.Config != nil {
		o.Config(&cfg)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	if o.Log != nil {
		logger = slog.New(slog.NewTextHandler(o.Log, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	srv, runner, err := app.NewServer(context.Background(), cfg, db, logger, serverOpts)
	if err != nil {
		t.Fatalf("testapp: %v", err)
	}
	if o.Jobs != nil {
		o.Jobs(runner)
	}
	// The background jobs run as under `circle serve`, and stop before the database closes.
	if !o.ManualJobs {
		jobsCtx, stopJobs := context.WithCancel(context.Background())
		jobsDone := make(chan struct{})
		go func() { defer close(jobsDone); runner.Run(jobsCtx) }()
		t.Cleanup(func() { stopJobs(); <-jobsDone })
	}
	ts.Config.Handler = srv
	ts.Start()
	t.Cleanup(ts.Close)
	return &App{URL: ts.URL, DB: db, Client: NewClient(), Config: cfg, Clock: o.Clock, Jobs: runner, warmGate: warmGate}
}

// Warm lets the start-up build held by Options.WarmAfterLoad run (call it once the test's rows
// are loaded) and waits until /readyz answers 200; it returns that answer.
func (a *App) Warm(t testing.TB) Response {
	t.Helper()
	if a.warmGate == nil {
		t.Fatal("testapp: Warm needs Options.WarmAfterLoad")
	}
	a.warmOnce.Do(func() { close(a.warmGate) })
	return a.WaitReady(t)
}

// WaitReady waits up to 30 s for /readyz to answer 200 (the start-up build done) and returns
// that answer.
func (a *App) WaitReady(t testing.TB) Response {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		res := a.Get(t, "/readyz")
		if res.Status == http.StatusOK {
			return res
		}
		if time.Now().After(deadline) {
			t.Fatalf("/readyz did not answer 200 within 30 s of the start-up build: %d %s", res.Status, res.Body)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// NewClient returns a client with its own cookie jar (one browser).
func NewClient() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
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

// Do sends a request with a raw body from the app's default client.
func (a *App) Do(t testing.TB, method, path string, body []byte, header http.Header) Response {
	t.Helper()
	return a.DoWith(t, a.Client, method, path, body, header)
}

// DoWith sends a request with the given client (another browser).
func (a *App) DoWith(t testing.TB, c *http.Client, method, path string, body []byte, header http.Header) Response {
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
	res, err := c.Do(req)
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

// PostJSON sends v as JSON with client c (nil means the default client).
func (a *App) PostJSON(t testing.TB, c *http.Client, path string, v any) Response {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if c == nil {
		c = a.Client
	}
	return a.DoWith(t, c, http.MethodPost, path, b, nil)
}

var (
	demoHashOnce sync.Once
	demoHash     string
)

// LoadDemo loads the demo catalogue and accounts (password demo.Password) into the app's
// database. The password is hashed once per test binary.
func (a *App) LoadDemo(t testing.TB) demo.Data {
	t.Helper()
	demoHashOnce.Do(func() {
		h, err := account.HashPassword(demo.Password)
		if err != nil {
			panic(err)
		}
		demoHash = h
	})
	d := demo.Build(a.DB.Now())
	if _, err := demo.Load(context.Background(), a.DB, d, demoHash); err != nil {
		t.Fatalf("load demo: %v", err)
	}
	return d
}

// SignIn signs a new browser in and returns its client.
func (a *App) SignIn(t testing.TB, email, password string) *http.Client {
	t.Helper()
	c := NewClient()
	res := a.PostJSON(t, c, "/api/auth/signin", map[string]string{"email": email, "password": password})
	if res.Status != http.StatusOK {
		t.Fatalf("sign in %s: %d %s", email, res.Status, res.Body)
	}
	return c
}
