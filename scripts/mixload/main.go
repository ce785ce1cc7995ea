// Command mixload runs issue 17's mixed open-loop load against a running Circle: browse 60%
// (ranked, category and newest list pages), search 15%, service detail 15%, cart 5% (a signed-in
// agent's cart) and sign-in 5%, at a fixed rate. Request k is due at start + k/rate whatever the
// answers do (open loop); its latency runs from when it was due, so a request that waited for a
// connection or behind a slow answer counts the wait (no coordinated omission).
//
// It prints p50/p99 per route beside the previous run's figures kept in -state (a JSON file;
// make bench keeps them under the gitignored .bench/), plus the start-up time to ready (-ready-ms,
// measured by the caller) and the server's RSS after the load (-pid).
//
//	go run ./scripts/mixload -base http://127.0.0.1:8080 -rate 500 -d 20s -pid 1234 -state .bench/mix.json
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

type config struct {
	base, password, accounts, label, state string
	rate                                   float64
	duration, warmup                       time.Duration
	conns, nAccounts, pid                  int
	readyMS                                float64
}

// figures are one run's results, as kept in the state file.
type figures struct {
	Label   string                `json:"label"`
	At      time.Time             `json:"at"`
	Rate    float64               `json:"rate"`
	ReadyMS float64               `json:"ready_ms"`
	RSSMB   float64               `json:"rss_mb"`
	Routes  map[string]routeStats `json:"routes"`
}

type routeStats struct {
	Requests int     `json:"requests"`
	Failed   int     `json:"failed"`
	P50MS    float64 `json:"p50_ms"`
	P99MS    float64 `json:"p99_ms"`
	MaxMS    float64 `json:"max_ms"`
}

func main() {
	var c config
	flag.StringVar(&c.base, "base", "http://127.0.0.1:8080", "server base URL")
	flag.Float64Var(&c.rate, "rate", 500, "requests per second in total")
	flag.DurationVar(&c.duration, "d", 20*time.Second, "measured duration")
	flag.DurationVar(&c.warmup, "warmup", 3*time.Second, "unmeasured load before the measurement")
	flag.IntVar(&c.conns, "c", 64, "most requests in flight (connections)")
	flag.StringVar(&c.accounts, "accounts", "agent%06d@scale.demo.test", "e-mail pattern of the sign-in and cart accounts (circle seed --scale makes them)")
	flag.IntVar(&c.nAccounts, "n-accounts", 200, "accounts used")
	flag.StringVar(&c.password, "password", "CircleDemo1!", "their password")
	flag.IntVar(&c.pid, "pid", 0, "server process id, for its RSS after the load")
	flag.Float64Var(&c.readyMS, "ready-ms", 0, "start-up time to /readyz 200, measured by the caller")
	flag.StringVar(&c.label, "label", "", "what was measured (engine, services)")
	flag.StringVar(&c.state, "state", "", "JSON file with the previous run's figures (read, then replaced)")
	flag.Parse()
	if err := run(c); err != nil {
		fmt.Fprintln(os.Stderr, "mixload:", err)
		os.Exit(1)
	}
}

// cartAccounts are the accounts signed in once for the cart requests (the first ones).
const cartAccounts = 32

type job struct {
	route int
	due   time.Time
	n     int
}

type sample struct {
	route int
	lat   time.Duration
	ok    bool
}

func run(c config) error {
	client := &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{
		MaxIdleConnsPerHost: c.conns, MaxConnsPerHost: c.conns, DisableCompression: true}}
	ids, err := serviceIDs(client, c.base)
	if err != nil {
		return err
	}
	cookies := make([]string, 0, cartAccounts)
	for i := range cartAccounts {
		ck, err := signIn(client, c, i)
		if err != nil {
			return fmt.Errorf("sign in %s: %w", fmt.Sprintf(c.accounts, i), err)
		}
		cookies = append(cookies, ck)
	}
	words := []string{"crm", "marketing", "photo", "insurance", "coaching", "video", "staging", "leads", "signs", "tours"}
	cats := []string{"home-property", "business-professional", "healthcare-wellness", "community-lifestyle", "growth-emerging"}

	rng := rand.New(rand.NewPCG(17, 5))
	order := deck(mix, rng)
	start := time.Now().Add(200 * time.Millisecond)
	measureFrom := start.Add(c.warmup)
	end := measureFrom.Add(c.duration)
	jobs := make(chan job, int(c.rate*(c.warmup+c.duration).Seconds())+1)
	samples := make(chan sample, cap(jobs))
	var wg sync.WaitGroup
	for range c.conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				req := request(c, j, ids, cookies, words, cats)
				ok := send(client, req)
				if !j.due.Before(measureFrom) {
					samples <- sample{j.route, latency(j.due, time.Now()), ok}
				}
			}
		}()
	}
	for k := 0; ; k++ {
		d := due(start, c.rate, k)
		if !d.Before(end) {
			break
		}
		if wait := time.Until(d); wait > 0 {
			time.Sleep(wait)
		}
		jobs <- job{route: order[k%len(order)], due: d, n: k}
	}
	close(jobs)
	wg.Wait()
	close(samples)

	lats := make([][]time.Duration, len(mix))
	failed := make([]int, len(mix))
	for s := range samples {
		if !s.ok {
			failed[s.route]++
		}
		lats[s.route] = append(lats[s.route], s.lat)
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	now := figures{Label: c.label, At: time.Now().UTC(), Rate: c.rate, ReadyMS: c.readyMS, RSSMB: rssMB(c.pid), Routes: map[string]routeStats{}}
	for i, r := range mix {
		now.Routes[r.name] = routeStats{Requests: len(lats[i]), Failed: failed[i],
			P50MS: ms(percentile(lats[i], 50)), P99MS: ms(percentile(lats[i], 99)), MaxMS: ms(percentile(lats[i], 100))}
	}
	var prev *figures
	if c.state != "" {
		if raw, err := os.ReadFile(c.state); err == nil {
			var p figures
			if json.Unmarshal(raw, &p) == nil {
				prev = &p
			}
		}
	}
	fmt.Print(table(now, prev))
	if c.state != "" {
		raw, _ := json.MarshalIndent(now, "", "  ")
		if err := os.MkdirAll(filepath.Dir(c.state), 0o755); err != nil {
			return err
		}
		return os.WriteFile(c.state, raw, 0o644)
	}
	return nil
}

// table prints this run beside the previous one (when there is one).
func table(now figures, prev *figures) string {
	var b strings.Builder
	prevAt := "no previous run"
	if prev != nil {
		prevAt = "previous run " + prev.At.Format("2006-01-02 15:04 UTC")
	}
	fmt.Fprintf(&b, "mixed open-loop load %s at %.0f req/s (%s)\n", now.Label, now.Rate, prevAt)
	fmt.Fprintf(&b, "%-8s %8s %7s %10s %10s %10s | %10s %10s\n", "route", "requests", "failed", "p50 ms", "p99 ms", "max ms", "prev p50", "prev p99")
	for _, r := range mix {
		s := now.Routes[r.name]
		p50, p99 := "-", "-"
		if prev != nil {
			if ps, ok := prev.Routes[r.name]; ok {
				p50, p99 = fmt.Sprintf("%.2f", ps.P50MS), fmt.Sprintf("%.2f", ps.P99MS)
			}
		}
		fmt.Fprintf(&b, "%-8s %8d %7d %10.2f %10.2f %10.2f | %10s %10s\n", r.name, s.Requests, s.Failed, s.P50MS, s.P99MS, s.MaxMS, p50, p99)
	}
	pr, pm := "-", "-"
	if prev != nil {
		pr, pm = fmt.Sprintf("%.0f", prev.ReadyMS), fmt.Sprintf("%.0f", prev.RSSMB)
	}
	fmt.Fprintf(&b, "start-up to ready: %.0f ms (prev %s); RSS after the load: %.0f MB (prev %s)\n", now.ReadyMS, pr, now.RSSMB, pm)
	return b.String()
}

func request(c config, j job, ids, cookies, words, cats []string) *http.Request {
	var req *http.Request
	switch mix[j.route].name {
	case "browse":
		var q string
		switch j.n % 3 {
		case 0:
			q = fmt.Sprintf("sort=ranked&page=%d&page_size=50", 1+j.n%5)
		case 1:
			q = fmt.Sprintf("category=%s&sort=ranked&page=%d&page_size=50", cats[j.n%len(cats)], 1+j.n%3)
		default:
			q = fmt.Sprintf("sort=newest&page=%d&page_size=25", 1+j.n%10)
		}
		req, _ = http.NewRequest(http.MethodGet, c.base+"/api/marketplace/services?"+q, nil)
	case "search":
		req, _ = http.NewRequest(http.MethodGet, c.base+"/api/marketplace/services?q="+words[j.n%len(words)]+"&page_size=50", nil)
	case "detail":
		req, _ = http.NewRequest(http.MethodGet, c.base+"/api/services/"+ids[j.n%len(ids)], nil)
	case "cart":
		req, _ = http.NewRequest(http.MethodGet, c.base+"/api/cart", nil)
		req.Header.Set("Cookie", "circle_session="+cookies[j.n%len(cookies)])
	case "signin":
		// Accounts after the cart's, so no sign-in ends a session the cart requests use.
		body, _ := json.Marshal(map[string]string{"email": fmt.Sprintf(c.accounts, cartAccounts+j.n%c.nAccounts), "password": c.password})
		req, _ = http.NewRequest(http.MethodPost, c.base+"/api/auth/signin", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept-Encoding", "gzip")
	return req
}

func send(client *http.Client, req *http.Request) bool {
	res, err := client.Do(req)
	if err != nil {
		return false
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode >= 200 && res.StatusCode < 300
}

// serviceIDs lists services for the detail requests (the first pages of the newest).
func serviceIDs(client *http.Client, base string) ([]string, error) {
	var ids []string
	for page := 1; page <= 5; page++ {
		res, err := client.Get(fmt.Sprintf("%s/api/marketplace/services?sort=newest&page=%d&page_size=100", base, page))
		if err != nil {
			return nil, err
		}
		var p struct {
			Services []struct {
				ID string `json:"id"`
			} `json:"services"`
		}
		err = json.NewDecoder(res.Body).Decode(&p)
		res.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("service list: %w", err)
		}
		for _, s := range p.Services {
			ids = append(ids, s.ID)
		}
	}
	if len(ids) == 0 {
		return nil, errors.New("no services")
	}
	return ids, nil
}

func signIn(client *http.Client, c config, i int) (string, error) {
	body, _ := json.Marshal(map[string]string{"email": fmt.Sprintf(c.accounts, i), "password": c.password})
	res, err := client.Post(c.base+"/api/auth/signin", "application/json", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, res.Body)
	for _, ck := range res.Cookies() {
		if ck.Name == "circle_session" {
			return ck.Value, nil
		}
	}
	return "", fmt.Errorf("status %d, no session cookie", res.StatusCode)
}

// rssMB is the process's resident set in MB (Linux /proc), 0 when unknown.
func rssMB(pid int) float64 {
	if pid <= 0 {
		return 0
	}
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			var kb float64
			fmt.Sscan(f[1], &kb)
			return kb / 1024
		}
	}
	return 0
}
