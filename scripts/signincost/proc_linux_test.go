//go:build linux

package main

import (
	"os"
	"testing"
	"time"
)

func TestProcessCPUAgreesWithRusage(t *testing.T) {
	// Spin until this process has used 200 ms of CPU (wall time says little on a busy machine).
	for {
		used, err := selfCPU()
		if err != nil {
			t.Fatal(err)
		}
		if used >= 200*time.Millisecond {
			break
		}
	}
	fromProc, err := processCPU(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	fromRusage, err := selfCPU()
	if err != nil {
		t.Fatal(err)
	}
	// /proc counts whole ticks of 10 ms, sampled a little earlier than getrusage.
	if fromProc < 150*time.Millisecond || fromProc > fromRusage+20*time.Millisecond || fromRusage-fromProc > 50*time.Millisecond {
		t.Fatalf("/proc says %v of CPU, getrusage %v", fromProc, fromRusage)
	}
}
