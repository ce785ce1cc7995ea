package httpapi_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"circle/internal/account"
	"circle/internal/demo"
	"circle/internal/store"
	"circle/internal/testapp"
)

// Benchmarks of issue 3 (run by `make bench`; `go test` without -bench skips them): the cost of
// one argon2id hash, sign-in throughput and latency beside it, and a session-validated request.

// benchLatencies collects per-request latencies from parallel goroutines and reports p50/p99.
type benchLatencies struct {
	mu  sync.Mutex
	all []time.Duration
}

func (l *benchLatencies) add(d []time.Duration) {
	l.mu.Lock()
	l.all = append(l.all, d...)
	l.mu.Unlock()
}

func (l *benchLatencies) report(b *testing.B, unit string, scale time.Duration) {
	if len(l.all) == 0 {
		return
	}
	slices.Sort(l.all)
	pct := func(p float64) float64 {
		return float64(l.all[min(len(l.all)-1, int(float64(len(l.all))*p))]) / float64(scale)
	}
	b.ReportMetric(pct(0.50), "p50-"+unit)
	b.ReportMetric(pct(0.99), "p99-"+unit)
}

func benchClient() *http.Client {
	return &http.Client{Transport: &http.Transport{MaxIdleConns: 128, MaxIdleConnsPerHost: 128}}
}

// BenchmarkArgon2idHash is the cost of one password hash (the same work as one check).
func BenchmarkArgon2idHash(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := account.HashPassword(demo.Password); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkArgon2idHashParallel hashes on every CPU at once: the baseline BenchmarkSignIn's
// ns/op compares with (argon2id is memory-bound, so parallel hashes slow each other down).
func BenchmarkArgon2idHashParallel(b *testing.B) {
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := account.HashPassword(demo.Password); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

// BenchmarkSignIn is POST /api/auth/signin against the real server on SQLite, in parallel over
// 16 accounts. hash-ms is the median of one argon2id check measured alone in the same run; the
// target of issue 3 is a sign-in cost no more than 10% above the hash: compare ns/op with
// BenchmarkArgon2idHashParallel (same parallelism), and with -cpu 1 with BenchmarkArgon2idHash.
func BenchmarkSignIn(b *testing.B) {
	a := testapp.Start(b, store.SQLite)
	h, err := acctDemoHash()
	if err != nil {
		b.Fatal(err)
	}
	const accounts = 16
	bodies := make([][]byte, accounts)
	for i := range accounts {
		email := fmt.Sprintf("bench%d@example.com", i)
		acctCreateUser(b, a, email, "Bench User", true)
		bodies[i] = fmt.Appendf(nil, `{"email":%q,"password":%q}`, email, demo.Password)
	}
	var hashes []time.Duration
	for range 5 {
		start := time.Now()
		_, _ = account.CheckPassword(h, demo.Password)
		hashes = append(hashes, time.Since(start))
	}
	slices.Sort(hashes)
	client := benchClient()
	var lat benchLatencies
	var next int
	var nextMu sync.Mutex
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		var mine []time.Duration
		for pb.Next() {
			nextMu.Lock()
			body := bodies[next%accounts]
			next++
			nextMu.Unlock()
			took, ok := timeOK(b, "sign-in", func() (*http.Response, error) {
				return client.Post(a.URL+"/api/auth/signin", "application/json", bytes.NewReader(body))
			})
			if !ok {
				return
			}
			mine = append(mine, took)
		}
		lat.add(mine)
	})
	b.StopTimer()
	lat.report(b, "ms", time.Millisecond)
	b.ReportMetric(float64(hashes[len(hashes)/2])/float64(time.Millisecond), "hash-ms")
}

// timeOK times one request of a benchmark (do sends it) with its answer read through, and
// reports a failure or an answer other than 200 OK (what names the request) on b: ok is then
// false and the caller stops.
func timeOK(b *testing.B, what string, do func() (*http.Response, error)) (took time.Duration, ok bool) {
	start := time.Now()
	res, err := do()
	if err != nil {
		b.Error(err)
		return 0, false
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b.Errorf("%s: %d", what, res.StatusCode)
		return 0, false
	}
	return time.Since(start), true
}

// BenchmarkSessionRequest is GET /api/profile with a session cookie on SQLite, 50 concurrent
// clients each sending as fast as it is answered (a closed loop at saturation, so its p99 is
// mostly queueing; the latency target of issue 3, p99 under 5 ms at 50 connections, is measured
// at fixed rates by scripts/bench.sh with scripts/loadgen).
func BenchmarkSessionRequest(b *testing.B) {
	a := testapp.Start(b, store.SQLite)
	acctCreateUser(b, a, "bench@example.com", "Bench User", true)
	res := acctSignIn(b, a, nil, "bench@example.com", demo.Password)
	if res.Status != http.StatusOK {
		b.Fatalf("sign-in: %d %s", res.Status, res.Body)
	}
	cookie := "circle_session=" + acctCookies(res)["circle_session"].Value
	client := benchClient()
	var lat benchLatencies
	b.SetParallelism(max(1, 50/max(1, runtime.GOMAXPROCS(0))))
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		var mine []time.Duration
		req, _ := http.NewRequest(http.MethodGet, a.URL+"/api/profile", nil)
		req.Header.Set("Cookie", cookie)
		for pb.Next() {
			took, ok := timeOK(b, "profile", func() (*http.Response, error) { return client.Do(req) })
			if !ok {
				return
			}
			mine = append(mine, took)
		}
		lat.add(mine)
	})
	b.StopTimer()
	lat.report(b, "ms", time.Millisecond)
}
