package app

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"testing"
	"time"

	"circle/internal/store"
	"circle/internal/store/storetest"
)

// TestIssue27_ShutdownOrder: issue 27 "Also". At SIGTERM the server stops accepting first; a
// request in flight (read on a kept-alive connection that served one before) finishes and
// answers, its database still open; the background jobs stop only after it; run returns (the
// database closes) last. No sleeps: the handler waits on a channel while Shutdown runs.
func TestIssue27_ShutdownOrder(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) { shutdownOrder(t, storetest.Open(t, kind)) })
	}
}

func shutdownOrder(t *testing.T, db *store.DB) {
	var mu sync.Mutex
	var events []string
	event := func(e string) { mu.Lock(); events = append(events, e); mu.Unlock() }

	entered, release := make(chan struct{}), make(chan struct{})
	mux := http.NewServeMux()
	mux.HandleFunc("GET /ok", func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "ok") })
	mux.HandleFunc("GET /block", func(w http.ResponseWriter, r *http.Request) {
		close(entered)
		<-release
		// The request's work after SIGTERM still reaches the database.
		var n int
		if err := db.Bun().NewSelect().ColumnExpr("1").Scan(r.Context(), &n); err != nil || n != 1 {
			http.Error(w, "database: "+err.Error(), http.StatusInternalServerError)
			return
		}
		event("request done")
		_, _ = io.WriteString(w, "done")
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	listenerClosed := make(chan struct{})
	srv.RegisterOnShutdown(func() { close(listenerClosed) })
	jobs := func(ctx context.Context) { <-ctx.Done(); event("jobs stopped") }
	ctx, sigterm := context.WithCancel(context.Background())
	runErr := make(chan error, 1)
	go func() {
		err := serving{server: srv, ln: ln, jobs: jobs, grace: time.Minute, logger: slog.New(slog.NewTextHandler(io.Discard, nil))}.run(ctx)
		event("run returned: the database closes")
		runErr <- err
	}()

	// One kept-alive connection: a first request answered, then a second one read and running.
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	br := bufio.NewReader(conn)
	get := func(path string) {
		if _, err := io.WriteString(conn, "GET "+path+" HTTP/1.1\r\nHost: circle\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
	}
	get("/ok")
	if res, err := http.ReadResponse(br, nil); err != nil || res.StatusCode != 200 {
		t.Fatalf("first request: %v %v", res, err)
	} else {
		_, _ = io.Copy(io.Discard, res.Body)
	}
	get("/block")
	<-entered

	sigterm()
	<-listenerClosed
	if c, err := net.Dial("tcp", ln.Addr().String()); err == nil {
		c.Close()
		t.Fatal("a new connection was accepted after SIGTERM")
	}
	select {
	case err := <-runErr:
		t.Fatalf("run returned with a request in flight: %v", err)
	default:
	}
	close(release)
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatalf("the in-flight request met a closed connection: %v", err)
	}
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || string(body) != "done" || !res.Close {
		t.Fatalf("in-flight answer: %d %q close=%v", res.StatusCode, body, res.Close)
	}
	if err := <-runErr; err != nil {
		t.Fatalf("run: %v", err)
	}
	mu.Lock()
	defer mu.Unlock()
	want := []string{"request done", "jobs stopped", "run returned: the database closes"}
	if len(events) != len(want) {
		t.Fatalf("order %q, want %q", events, want)
	}
	for i := range want {
		if events[i] != want[i] {
			t.Fatalf("order %q, want %q", events, want)
		}
	}
}
