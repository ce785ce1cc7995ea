package marketplace

import (
	"context"
	"time"
)

// warmRetryMax bounds the pause between failed start-up builds.
const warmRetryMax = 30 * time.Second

// Warm builds the search index and, from it, the snapshot, so that the first search and the
// first /api/marketplace/data are answered from memory; Warmed reports true once both are built.
// The index build streams the active services and reads their ratings, tags and vendors side by
// side (buildIndex); the snapshot then reads only the listed vendors and the trending inputs. A
// failed build is tried again with a growing pause until ctx ends (readiness stays false). Run
// it once, beside the server (internal/app runs it with the jobs).
func (s *Snapshots) Warm(ctx context.Context) {
	pause := time.Second
	for {
		start := time.Now()
		_, err := s.ensure(ctx)
		if err == nil {
			s.warmed.Store(true)
			s.Logger.Info("marketplace ready: search index and snapshot built", "ms", time.Since(start).Milliseconds())
			return
		}
		if ctx.Err() != nil {
			return
		}
		s.Logger.Error("marketplace warm-up failed; trying again", "in", pause, "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(pause):
		}
		pause = min(2*pause, warmRetryMax)
	}
}

// Warmed reports whether Warm has built the search index and the snapshot.
func (s *Snapshots) Warmed() bool { return s.warmed.Load() }
