package marketplace

import (
	"context"
	"time"
)

// CatalogChanged brings this process's copies of the catalogue up to date after a change made
// here or on another replica (internal/broadcast calls it). With the ids of the changed
// services, the search index applies the change without a rebuild (Index.Apply) and a new
// snapshot is built from it, both in the background while searches and the current snapshot
// are served. Without ids (anything may have changed), the next search waits for a rebuilt
// index, the trending lists are recomputed and the snapshot is rebuilt in the background. It
// returns at once.
func (s *Snapshots) CatalogChanged(ids []string) {
	full := len(ids) == 0 || len(ids) > MaxDeltaServices
	// This process's own change (Service.Changed) is already in the index and the trending
	// lists: only the snapshot is left to refresh.
	applied := !full && s.Service.takeSelfApplied(ids)
	if full {
		s.Service.SearchIndex().Invalidate()
		s.Service.InvalidateRanks()
	}
	s.mu.Lock()
	s.changes++
	want := s.changes
	idle := s.current == nil && s.building == nil
	s.mu.Unlock()
	if idle && (full || applied) {
		return // no snapshot to replace: the next request builds one from the changed catalogue
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if !full && !applied {
			s.Service.applyChange(ctx, ids)
		}
		if idle {
			return
		}
		if err := s.refreshAfter(ctx, want); err != nil {
			s.Logger.Error("marketplace snapshot rebuild after a catalogue change failed", "err", err)
		}
	}()
}

// refreshAfter makes the current snapshot one whose build started after change number want:
// it waits for a build under way (which may have read the catalogue before the change) and
// builds again unless a build meanwhile already covers the change. A burst of changes so
// costs one or two builds, not one each.
func (s *Snapshots) refreshAfter(ctx context.Context, want uint64) error {
	for {
		s.mu.Lock()
		if cur := s.current; cur != nil && cur.changes >= want {
			s.mu.Unlock()
			return nil
		}
		b := s.building
		if b == nil {
			done := s.claimBuild() // releases s.mu
			_, err := s.buildClaimed(ctx, done)
			return err
		}
		s.mu.Unlock()
		if err := waitFor(ctx, b); err != nil {
			return err
		}
	}
}
