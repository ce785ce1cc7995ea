package main

import (
	"testing"
	"time"
)

func TestStatCPUReadsUserAndSystemTicks(t *testing.T) {
	// A command name with spaces and a parenthesis; utime 250 and stime 37 ticks.
	stat := "4242 (circle (x) y) S 1 4242 4242 0 -1 4194560 5000 0 0 0 250 37 0 0 20 0 9 0 100 0 0"
	got, err := statCPU(stat)
	if err != nil {
		t.Fatal(err)
	}
	if want := 2870 * time.Millisecond; got != want {
		t.Fatalf("statCPU = %v, want %v", got, want)
	}
	for _, bad := range []string{"", "4242 (circle) S 1 2 3", "4242 (circle) S 1 4242 4242 0 -1 4194560 5000 0 0 0 x 37"} {
		if _, err := statCPU(bad); err == nil {
			t.Errorf("statCPU(%q) took a malformed line", bad)
		}
	}
}
