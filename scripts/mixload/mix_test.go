package main

import (
	"math/rand/v2"
	"testing"
	"time"
)

// F-APP-10 (issue 17 item 5): the mixed load's scheduler and statistics.
func TestF_APP_10_DeckHasTheExactMix(t *testing.T) {
	d := deck(mix, rand.New(rand.NewPCG(1, 2)))
	if len(d) != 100 {
		t.Fatalf("deck of %d", len(d))
	}
	counts := map[string]int{}
	for _, i := range d {
		counts[mix[i].name]++
	}
	for _, r := range mix {
		if counts[r.name] != r.share {
			t.Errorf("%s: %d of 100, want %d", r.name, counts[r.name], r.share)
		}
	}
}

func TestF_APP_10_ScheduleIsOpenLoop(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	// 500 requests/s: one every 2 ms, whatever the answers do.
	if got := due(start, 500, 0); !got.Equal(start) {
		t.Fatalf("first at %v", got)
	}
	if got := due(start, 500, 1000); !got.Equal(start.Add(2 * time.Second)) {
		t.Fatalf("request 1000 at %v", got)
	}
	// A request due at 10 ms that could only be sent at 60 ms (the connections were busy) and
	// answered at 65 ms took 55 ms, not 5.
	if got := latency(start.Add(10*time.Millisecond), start.Add(65*time.Millisecond)); got != 55*time.Millisecond {
		t.Fatalf("latency %v", got)
	}
}

func TestF_APP_10_Percentiles(t *testing.T) {
	var ds []time.Duration
	for i := 100; i >= 1; i-- {
		ds = append(ds, time.Duration(i)*time.Millisecond)
	}
	for p, want := range map[float64]time.Duration{50: 50 * time.Millisecond, 99: 99 * time.Millisecond, 100: 100 * time.Millisecond, 1: time.Millisecond} {
		if got := percentile(ds, p); got != want {
			t.Errorf("p%v = %v, want %v", p, got, want)
		}
	}
	if got := percentile(nil, 99); got != 0 {
		t.Errorf("empty: %v", got)
	}
	if got := percentile([]time.Duration{7}, 99); got != 7 {
		t.Errorf("one: %v", got)
	}
}
