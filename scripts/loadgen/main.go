// Command loadgen measures latency at a fixed request rate over a fixed number of keep-alive
// connections (an open-loop load, as opposed to wrk's closed loop, where each connection sends
// its next request only when the last one has answered).
//
// A closed loop at full speed measures the queue, not the server: with 50 connections on a
// 2-core machine shared with the load generator, Little's law puts the median near
// 50 / throughput and the tail at the scheduler's time slices, even for a handler that does
// nothing. loadgen instead sends rate requests per second spread evenly over the connections
// and times each from the moment it was due, so a slow answer that delays the next request on
// its connection counts against the server (no coordinated omission), while the generator's
// own late wake-ups do not.
//
//	go run ./scripts/loadgen -url http://127.0.0.1:8080/api/profile -c 50 -rate 5000 -d 10s -H 'Cookie: circle_session=...'
//
// It prints one line: achieved requests/s, p50, p90, p99, p99.9, max (milliseconds) and the
// count of failed or non-2xx answers.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"time"
)

type headerList []string

func (h *headerList) String() string     { return strings.Join(*h, ", ") }
func (h *headerList) Set(v string) error { *h = append(*h, v); return nil }

type config struct {
	url      string
	conns    int
	rate     float64
	duration time.Duration
	warmup   time.Duration
	headers  http.Header
}

func main() {
	var c config
	var headers headerList
	flag.StringVar(&c.url, "url", "", "URL to GET")
	flag.IntVar(&c.conns, "c", 50, "connections (each one sends its share of the rate)")
	flag.Float64Var(&c.rate, "rate", 1000, "requests per second in total")
	flag.DurationVar(&c.duration, "d", 10*time.Second, "measured duration")
	flag.DurationVar(&c.warmup, "warmup", 2*time.Second, "unmeasured load before the measurement")
	flag.Var(&headers, "H", "request header 'Name: value' (repeatable)")
	flag.Parse()
	if c.url == "" || c.conns < 1 || c.rate <= 0 || c.duration <= 0 {
		fmt.Fprintln(os.Stderr, "loadgen: -url, -c >= 1, -rate > 0 and -d > 0 are required")
		os.Exit(2)
	}
	c.headers = http.Header{}
	for _, h := range headers {
		name, value, ok := strings.Cut(h, ":")
		if !ok {
			fmt.Fprintf(os.Stderr, "loadgen: header %q is not 'Name: value'\n", h)
			os.Exit(2)
		}
		c.headers.Add(strings.TrimSpace(name), strings.TrimSpace(value))
	}
	res, err := run(context.Background(), c)
	if err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
	fmt.Println(res)
}

type result struct {
	requests  int
	failed    int
	elapsed   time.Duration
	latencies []time.Duration
}

func (r result) String() string {
	slices.Sort(r.latencies)
	pct := func(p float64) string {
		if len(r.latencies) == 0 {
			return "-"
		}
		d := r.latencies[min(len(r.latencies)-1, int(float64(len(r.latencies))*p))]
		return fmt.Sprintf("%.2fms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("requests/s=%.1f p50=%s p90=%s p99=%s p99.9=%s max=%s failed=%d",
		float64(r.requests)/r.elapsed.Seconds(), pct(0.50), pct(0.90), pct(0.99), pct(0.999), pct(1), r.failed)
}

// run drives c.conns workers. Worker i owns one connection and sends request k at
// start + (k*conns + i) / rate, so the connections' requests interleave evenly.
func run(ctx context.Context, c config) (result, error) {
	interval := time.Duration(float64(c.conns) / c.rate * float64(time.Second))
	start := time.Now().Add(100 * time.Millisecond)
	measureFrom := start.Add(c.warmup)
	end := measureFrom.Add(c.duration)
	var mu sync.Mutex
	var total result
	var wg sync.WaitGroup
	errCh := make(chan error, c.conns)
	for i := range c.conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mine, err := worker(ctx, c, start.Add(time.Duration(float64(i)/c.rate*float64(time.Second))), interval, measureFrom, end)
			if err != nil {
				errCh <- err
				return
			}
			mu.Lock()
			total.requests += mine.requests
			total.failed += mine.failed
			total.latencies = append(total.latencies, mine.latencies...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	close(errCh)
	if err := <-errCh; err != nil {
		return total, err
	}
	total.elapsed = c.duration
	return total, nil
}

func worker(ctx context.Context, c config, first time.Time, interval time.Duration, measureFrom, end time.Time) (result, error) {
	// One transport per worker: exactly one keep-alive connection each.
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1, MaxConnsPerHost: 1, DisableCompression: true}}
	defer client.CloseIdleConnections()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.url, nil)
	if err != nil {
		return result{}, fmt.Errorf("build request: %w", err)
	}
	req.Header = c.headers.Clone()
	var out result
	var lastDone time.Time
	for due := first; due.Before(end); due = due.Add(interval) {
		if wait := time.Until(due); wait > 0 {
			time.Sleep(wait)
		}
		sent := time.Now()
		// Time from when the request was due only when the previous answer held it back;
		// when this goroutine merely woke late, the delay is the generator's, not the server's.
		from := sent
		if lastDone.After(due) {
			from = due
		}
		ok, err := send(client, req)
		if err != nil && errors.Is(err, context.Canceled) {
			return out, err
		}
		lastDone = time.Now()
		if due.Before(measureFrom) {
			continue
		}
		out.requests++
		if !ok {
			out.failed++
			continue
		}
		out.latencies = append(out.latencies, lastDone.Sub(from))
	}
	return out, nil
}

func send(client *http.Client, req *http.Request) (bool, error) {
	res, err := client.Do(req)
	if err != nil {
		return false, err
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode >= 200 && res.StatusCode < 300, nil
}
