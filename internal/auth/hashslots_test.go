package auth

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// F-AUTH-02: password hashes run at most one per CPU; callers queue and give up with their request.
func TestF_AUTH_02_PasswordHashesRunOnePerSlot(t *testing.T) {
	s := &Service{hashSlots: make(chan struct{}, 2)}
	var running, most atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			err := s.withHashSlot(t.Context(), func() {
				n := running.Add(1)
				for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
				}
				time.Sleep(20 * time.Millisecond)
				running.Add(-1)
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if most.Load() != 2 {
		t.Fatalf("at most %d hashes ran at once, want 2", most.Load())
	}

	// Every slot taken: a caller whose request ends stops waiting and hashes nothing.
	s.hashSlots <- struct{}{}
	s.hashSlots <- struct{}{}
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Millisecond)
	defer cancel()
	ran := false
	if err := s.withHashSlot(ctx, func() { ran = true }); err == nil || ran {
		t.Fatalf("with every slot taken: err %v, ran %v; want the context's error and no hash", err, ran)
	}
}
