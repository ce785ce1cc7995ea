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
//
// The wall-time ratio also counts this program's own HTTP client, which shares the machine's
// cores with the server during the sign-in phases only. With -server-pid (Linux) it also
// prints the CPU time itself: the server's per sign-in (from /proc/PID/stat) against this
// process's per hash in the hash phases, the median of the rounds' CPU ratios, and the
// client's CPU per sign-in.
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
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
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
	// serverPID, when set, is the server process whose CPU time the sign-in phases read.
	serverPID int
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
	flag.IntVar(&c.serverPID, "server-pid", 0, "the server's process id, to compare CPU time as well (Linux /proc)")
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

// phase is what one phase did: operations completed in the phase's wall time, and the CPU
// time the operations took (the server's for sign-ins, this process's for hashes) and this
// process's own in a sign-in phase (the client's).
type phase struct {
	ops       int64
	failed    int64
	elapsed   time.Duration
	cpu       time.Duration
	clientCPU time.Duration
}

func (p phase) add(q phase) phase {
	return phase{ops: p.ops + q.ops, failed: p.failed + q.failed, elapsed: p.elapsed + q.elapsed,
		cpu: p.cpu + q.cpu, clientCPU: p.clientCPU + q.clientCPU}
}

func perOp(d time.Duration, ops int64) float64 {
	if ops == 0 {
		return 0
	}
	return d.Seconds() * 1000 / float64(ops)
}

// msPerOp is wall time divided by the operations: with n running at once, n times the
// operations' own latency, which makes a phase of sign-ins and one of hashes comparable.
func (p phase) msPerOp() float64 {
	return perOp(p.elapsed, p.ops)
}

type result struct {
	signIn, hash phase
	ratios       []float64
	cpuRatios    []float64 // empty without -server-pid
}

func median(sorted []float64) float64 {
	m := sorted[len(sorted)/2]
	if len(sorted)%2 == 0 {
		m = (sorted[len(sorted)/2-1] + m) / 2
	}
	return m
}

func (r result) String() string {
	slices.Sort(r.ratios)
	line := fmt.Sprintf("signins/s=%.1f signin_ms=%.2f hash_ms=%.2f ratio_pct=%.0f lowest_pct=%.0f highest_pct=%.0f failed=%d",
		float64(r.signIn.ops)/r.signIn.elapsed.Seconds(), r.signIn.msPerOp(), r.hash.msPerOp(),
		100*median(r.ratios), 100*r.ratios[0], 100*r.ratios[len(r.ratios)-1], r.signIn.failed)
	if len(r.cpuRatios) > 0 {
		slices.Sort(r.cpuRatios)
		line += fmt.Sprintf(" signin_cpu_ms=%.2f hash_cpu_ms=%.2f cpu_ratio_pct=%.0f cpu_lowest_pct=%.0f cpu_highest_pct=%.0f client_cpu_ms=%.2f",
			perOp(r.signIn.cpu, r.signIn.ops), perOp(r.hash.cpu, r.hash.ops), 100*median(r.cpuRatios),
			100*r.cpuRatios[0], 100*r.cpuRatios[len(r.cpuRatios)-1], perOp(r.signIn.clientCPU, r.signIn.ops))
	}
	return line
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
	before, err := hashPhase(c)
	if err != nil {
		return res, err
	}
	for range c.rounds {
		s, err := signInPhase(ctx, c, clients, bodies)
		if err != nil {
			return res, err
		}
		after, err := hashPhase(c)
		if err != nil {
			return res, err
		}
		around := before.add(after)
		res.ratios = append(res.ratios, s.msPerOp()/around.msPerOp())
		if c.serverPID != 0 && s.ops > 0 && around.ops > 0 {
			res.cpuRatios = append(res.cpuRatios, perOp(s.cpu, s.ops)/perOp(around.cpu, around.ops))
		}
		res.signIn = res.signIn.add(s)
		res.hash = res.hash.add(before)
		before = after
	}
	res.hash = res.hash.add(before)
	return res, nil
}

// selfCPU is this process's user and system CPU time so far.
func selfCPU() (time.Duration, error) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, fmt.Errorf("getrusage: %w", err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), nil
}

// processCPU is a process's user and system CPU time so far, from /proc/PID/stat.
func processCPU(pid int) (time.Duration, error) {
	raw, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, fmt.Errorf("read the server's CPU time: %w", err)
	}
	d, err := statCPU(string(raw))
	if err != nil {
		return 0, fmt.Errorf("read the server's CPU time from /proc/%d/stat: %w", pid, err)
	}
	return d, nil
}

// statCPU reads utime and stime (fields 14 and 15, in clock ticks of 1/100 s, Linux's USER_HZ)
// from the text of a /proc/PID/stat file.
func statCPU(stat string) (time.Duration, error) {
	// The command name (field 2) is in parentheses and may hold spaces and parentheses itself;
	// count from after the last closing one.
	end := strings.LastIndexByte(stat, ')')
	if end < 0 {
		return 0, errors.New("no command name")
	}
	fields := strings.Fields(stat[end+1:]) // fields[0] is field 3
	if len(fields) < 13 {
		return 0, errors.New("too few fields")
	}
	var ticks int64
	for _, f := range fields[11:13] {
		n, err := strconv.ParseInt(f, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("CPU ticks: %w", err)
		}
		ticks += n
	}
	return time.Duration(ticks) * 10 * time.Millisecond, nil
}

// hashPhase hashes on c.workers goroutines until the phase ends; a hash under way then is
// finished and counted, and the phase's time runs until the last one ends.
func hashPhase(c config) (phase, error) {
	var ops atomic.Int64
	cpuStart, err := selfCPU()
	if err != nil {
		return phase{}, err
	}
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
	elapsed := time.Since(start)
	cpuEnd, err := selfCPU()
	if err != nil {
		return phase{}, err
	}
	return phase{ops: ops.Load(), elapsed: elapsed, cpu: cpuEnd - cpuStart}, nil
}

// signInPhase signs in over every connection until the phase ends, counting as hashPhase does.
func signInPhase(ctx context.Context, c config, clients []*http.Client, bodies [][]byte) (phase, error) {
	var ops, failed, next atomic.Int64
	var serverStart, clientStart time.Duration
	var err error
	if c.serverPID != 0 {
		if serverStart, err = processCPU(c.serverPID); err != nil {
			return phase{}, err
		}
		if clientStart, err = selfCPU(); err != nil {
			return phase{}, err
		}
	}
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
	p := phase{ops: ops.Load(), failed: failed.Load(), elapsed: time.Since(start)}
	if c.serverPID != 0 {
		serverEnd, err := processCPU(c.serverPID)
		if err != nil {
			return phase{}, err
		}
		clientEnd, err := selfCPU()
		if err != nil {
			return phase{}, err
		}
		p.cpu, p.clientCPU = serverEnd-serverStart, clientEnd-clientStart
	}
	return p, nil
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
