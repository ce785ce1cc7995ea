package app

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// freeAddr returns a loopback address nothing listens on (just freed).
func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	return addr
}

// get answers status and body; status 0 when nothing answers.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		return 0, err.Error()
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// serveFor runs circle serve with args until the test ends, once /readyz answers.
func serveFor(t *testing.T, addr string, args ...string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	var errOut bytes.Buffer
	wg.Add(1)
	go func() {
		defer wg.Done()
		args = append([]string{"--addr", addr, "--data-dir", t.TempDir(), "--log-level", "error"}, args...)
		if err := cmdServe(ctx, args, io.Discard, &errOut); err != nil {
			t.Errorf("serve: %v", err)
		}
	}()
	t.Cleanup(func() { cancel(); wg.Wait() })
	// Polling readiness: the server starts in the background (a bounded wait, not an assertion).
	for i := 0; ; i++ {
		if code, _ := get(t, "http://"+addr+"/readyz"); code == http.StatusOK {
			return
		}
		if i == 600 {
			t.Fatalf("server not ready: %s", errOut.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

const pprofIndexText = "Types of profiles available"

// CIRCLE_DEBUG_ADDR (issue 17): set, a separate listener serves the profiles; the public
// address never does.
func TestDebugListenerServesProfilesOnlyWhenConfigured(t *testing.T) {
	t.Run("set", func(t *testing.T) {
		addr, debug := freeAddr(t), freeAddr(t)
		serveFor(t, addr, "--debug-addr", debug)
		if code, body := get(t, "http://"+debug+"/debug/pprof/"); code != http.StatusOK || !strings.Contains(body, pprofIndexText) {
			t.Fatalf("debug listener /debug/pprof/: %d %.200s", code, body)
		}
		if code, body := get(t, "http://"+debug+"/debug/pprof/goroutine?debug=1"); code != http.StatusOK || !strings.Contains(body, "goroutine profile") {
			t.Fatalf("goroutine profile: %d %.200s", code, body)
		}
		if _, body := get(t, "http://"+addr+"/debug/pprof/"); strings.Contains(body, pprofIndexText) {
			t.Fatal("the main server serves /debug/pprof/")
		}
	})
	t.Run("unset", func(t *testing.T) {
		addr, debug := freeAddr(t), freeAddr(t)
		serveFor(t, addr)
		if code, body := get(t, "http://"+debug+"/debug/pprof/"); code != 0 {
			t.Fatalf("something answers on the unconfigured debug address: %d %.200s", code, body)
		}
		if _, body := get(t, "http://"+addr+"/debug/pprof/"); strings.Contains(body, pprofIndexText) {
			t.Fatal("the main server serves /debug/pprof/")
		}
		if a, err := serveDebug(context.Background(), "", nil); a != nil || err != nil {
			t.Fatalf("serveDebug without an address: %v %v", a, err)
		}
	})
}

func TestDebugAddressMustBeLoopback(t *testing.T) {
	for addr, ok := range map[string]bool{"127.0.0.1:6060": true, "[::1]:6060": true, "localhost:6060": true,
		"0.0.0.0:6060": false, ":6060": false, "10.0.0.5:6060": false, "example.com:6060": false, "6060": false} {
		if err := checkDebugAddr(addr); (err == nil) != ok {
			t.Errorf("%s: %v", addr, err)
		}
	}
	c := Config{LogFormat: "text", LogLevel: "info", DebugAddr: "0.0.0.0:6060"}
	if err := c.check(); err == nil || !strings.Contains(err.Error(), "CIRCLE_DEBUG_ADDR") {
		t.Fatalf("check: %v", err)
	}
}
