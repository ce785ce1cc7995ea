// Command signincost compares the cost of a sign-in with the cost of the argon2id hash inside
// it, measured in alternating phases on the same machine.
//
// Measured minutes apart, the two drift apart on a shared virtual machine: here the same hash
// benchmark ranges over ±8% from one run to the next, which swamps a 10% target. So the
// comparison alternates short phases, a hash phase (account.HashPassword, the server's own
// parameters, on -workers goroutines in this process while the server idles) then a sign-in
// phase (POST /api/auth/signin over -c keep-alive connections, each sending its next request
// when the last one answered), for -rounds rounds, and compares each sign-in phase with the
// hash phases on either side of it.
//
//	go run ./scripts/signincost -base http://127.0.0.1:8080 -accounts 64 -c 8 -workers 2
//
// It prints one line: sign-ins/s, ms per sign-in (wall time divided by the sign-ins, so
// with -c 1 one sign-in's latency), ms per hash the same way with -workers, the median of the
// rounds' ratios and the lowest and highest, and failed sign-ins.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"circle/internal/account"
)

type config struct {
	base     string
	email    string
	password string
	accounts int
	conns    int
	workers  int
	rounds   int
	phase    time.Duration
}

func main() {
	var c config
	flag.StringVar(&c.base, "base", "", "server address, e.g. http://127.0.0.1:8080")
	flag.StringVar(&c.email, "email", "bench%d@example.com", "account e-mail, %d numbered from 1")
	flag.StringVar(&c.password, "password", "BenchPass1!x", "the accounts' password")
	flag.IntVar(&c.accounts, "accounts", 64, "accounts to sign in, in turn")
	flag.IntVar(&c.conns, "c", 8, "sign-in connections")
	flag.IntVar(&c.workers, "workers", 2, "goroutines hashing at once in the hash phases")
	flag.IntVar(&c.rounds, "rounds", 6, "rounds of hash phase then sign-in phase (one more hash phase closes)")
	flag.DurationVar(&c.phase, "phase", 2*time.Second, "length of each phase")
	flag.Parse()
	if c.base == "" || c.accounts < 1 || c.conns < 1 || c.workers < 1 || c.rounds < 1 || c.phase <= 0 {
		fmt.Fprintln(os.Stderr, "signincost: -base, and -accounts, -c, -workers, -rounds, -phase above zero are required")
		os.Exit(2)
	}
	res, err := run(context.Background(), c)
	if err != nil {
		fmt.Fprintln(os.Stderr, "signincost:", err)
		os.Exit(1)
	}
	fmt.Println(res)
}

// phase is what one phase did: operations completed in the phase's wall time.
type phase struct {
	ops     int64
	failed  int64
	elapsed time.Duration
}

// msPerOp is wall time divided by the operations: with n running at once, n times the
// operations' own latency, which makes a phase of sign-ins and one of hashes comparable.
func (p phase) msPerOp() float64 {
	if p.ops == 0 {
		return 0
	}
	return p.elapsed.Seconds() * 1000 / float64(p.ops)
}

type result struct {
	signIn, hash phase
	ratios       []float64
}

func (r result) String() string {
	slices.Sort(r.ratios)
	median := r.ratios[len(r.ratios)/2]
	if len(r.ratios)%2 == 0 {
		median = (r.ratios[len(r.ratios)/2-1] + median) / 2
	}
	return fmt.Sprintf("signins/s=%.1f signin_ms=%.2f hash_ms=%.2f ratio_pct=%.0f lowest_pct=%.0f highest_pct=%.0f failed=%d",
		float64(r.signIn.ops)/r.signIn.elapsed.Seconds(), r.signIn.msPerOp(), r.hash.msPerOp(),
		100*median, 100*r.ratios[0], 100*r.ratios[len(r.ratios)-1], r.signIn.failed)
}

func run(ctx context.Context, c config) (result, error) {
	var res result
	bodies := make([][]byte, c.accounts)
	for i := range bodies {
		bodies[i] = fmt.Appendf(nil, `{"email":%q,"password":%q}`, fmt.Sprintf(c.email, i+1), c.password)
	}
	clients := make([]*http.Client, c.conns)
	for i := range clients {
		clients[i] = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1, MaxConnsPerHost: 1}}
		defer clients[i].CloseIdleConnections()
	}
	// One unmeasured round warms connections, caches and the server's heap.
	if _, err := signInPhase(ctx, c, clients, bodies); err != nil {
		return res, err
	}
	before := hashPhase(c)
	for range c.rounds {
		s, err := signInPhase(ctx, c, clients, bodies)
		if err != nil {
			return res, err
		}
		after := hashPhase(c)
		around := phase{ops: before.ops + after.ops, elapsed: before.elapsed + after.elapsed}
		res.ratios = append(res.ratios, s.msPerOp()/around.msPerOp())
		res.signIn.ops += s.ops
		res.signIn.failed += s.failed
		res.signIn.elapsed += s.elapsed
		res.hash.ops += before.ops
		res.hash.elapsed += before.elapsed
		before = after
	}
	res.hash.ops += before.ops
	res.hash.elapsed += before.elapsed
	return res, nil
}

// hashPhase hashes on c.workers goroutines until the phase ends; a hash under way then is
// finished and counted, and the phase's time runs until the last one ends.
func hashPhase(c config) phase {
	var ops atomic.Int64
	start := time.Now()
	end := start.Add(c.phase)
	var wg sync.WaitGroup
	for range c.workers {
		wg.Go(func() {
			for time.Now().Before(end) {
				if _, err := account.HashPassword(c.password); err != nil {
					panic(err) // only a failing system random source gets here
				}
				ops.Add(1)
			}
		})
	}
	wg.Wait()
	return phase{ops: ops.Load(), elapsed: time.Since(start)}
}

// signInPhase signs in over every connection until the phase ends, counting as hashPhase does.
func signInPhase(ctx context.Context, c config, clients []*http.Client, bodies [][]byte) (phase, error) {
	var ops, failed, next atomic.Int64
	start := time.Now()
	end := start.Add(c.phase)
	errCh := make(chan error, len(clients))
	var wg sync.WaitGroup
	for _, client := range clients {
		wg.Go(func() {
			for time.Now().Before(end) {
				body := bodies[int(next.Add(1))%len(bodies)]
				ok, err := signIn(ctx, client, c.base, body)
				if err != nil {
					errCh <- err
					return
				}
				ops.Add(1)
				if !ok {
					failed.Add(1)
				}
			}
		})
	}
	wg.Wait()
	close(errCh)
	if err := <-errCh; err != nil {
		return phase{}, err
	}
	return phase{ops: ops.Load(), failed: failed.Load(), elapsed: time.Since(start)}, nil
}

func signIn(ctx context.Context, client *http.Client, base string, body []byte) (bool, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/api/auth/signin", bytes.NewReader(body))
	if err != nil {
		return false, fmt.Errorf("build sign-in request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	res, err := client.Do(req)
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return false, err
		}
		return false, fmt.Errorf("sign in: %w", err)
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode == http.StatusOK, nil
}
