package marketplace_test

import (
	"context"
	"io"
	"log/slog"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"circle/internal/catalog"
	"circle/internal/demo/demotest"
	"circle/internal/marketplace"
	"circle/internal/store"
)

// countingStore counts finished snapshot builds (each one saves the cache row once) and the
// most builds seen running at the same time.
type countingStore struct {
	store.Catalog
	builds, running, maxRunning atomic.Int32
}

func (c *countingStore) ListedVendors(ctx context.Context, limit int) ([]catalog.Vendor, error) {
	n := c.running.Add(1)
	for {
		m := c.maxRunning.Load()
		if n <= m || c.maxRunning.CompareAndSwap(m, n) {
			break
		}
	}
	// Hold the build open long enough that every caller arrives while it runs.
	time.Sleep(50 * time.Millisecond)
	return c.Catalog.ListedVendors(ctx, limit)
}

func (c *countingStore) SaveMarketplaceCache(ctx context.Context, key string, data []byte, expires time.Time) error {
	c.running.Add(-1)
	c.builds.Add(1)
	return c.Catalog.SaveMarketplaceCache(ctx, key, data, expires)
}

// getAll calls get from n goroutines at once and returns the distinct snapshots they got.
func getAll(t *testing.T, n int, get func(context.Context) (*marketplace.Built, error)) map[*marketplace.Built]bool {
	t.Helper()
	var wg sync.WaitGroup
	var mu sync.Mutex
	got := map[*marketplace.Built]bool{}
	for range n {
		wg.Go(func() {
			b, err := get(t.Context())
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			got[b] = true
			mu.Unlock()
		})
	}
	wg.Wait()
	return got
}

func TestF_CAT_06_FirstRequestsShareOneSnapshotBuild(t *testing.T) {
	demotest.Each(t, func(t *testing.T, db *store.DB) {
		counting := &countingStore{Catalog: store.NewCatalog(db)}
		snaps := &marketplace.Snapshots{
			Service: &marketplace.Service{Store: store.NewMarketplaceStore(db), Now: time.Now}, Store: counting,
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		}

		// A crowd of first requests (a restart): one build, one snapshot for all.
		if got := getAll(t, 16, snaps.Get); len(got) != 1 || counting.builds.Load() != 1 {
			t.Fatalf("16 first requests: %d snapshots from %d builds, want 1 from 1", len(got), counting.builds.Load())
		}
		// After the cache is cleared, the same again.
		if err := snaps.Clear(t.Context()); err != nil {
			t.Fatal(err)
		}
		if got := getAll(t, 16, snaps.Get); len(got) != 1 || counting.builds.Load() != 2 {
			t.Fatalf("16 requests after a clear: %d snapshots, %d builds in all, want 1 and 2", len(got), counting.builds.Load())
		}
		// Refresh always builds anew, one build at a time.
		getAll(t, 3, snaps.Refresh)
		if counting.builds.Load() != 5 || counting.maxRunning.Load() != 1 {
			t.Fatalf("3 refreshes: %d builds in all (want 5), at most %d at once (want 1)", counting.builds.Load(), counting.maxRunning.Load())
		}
	})
}

// pausingStore holds the first snapshot build inside ListedVendors until released.
type pausingStore struct {
	store.Catalog
	entered, release chan struct{}
	lists, saves     atomic.Int32
}

func (p *pausingStore) ListedVendors(ctx context.Context, limit int) ([]catalog.Vendor, error) {
	if p.lists.Add(1) == 1 {
		close(p.entered)
		<-p.release
	}
	return p.Catalog.ListedVendors(ctx, limit)
}

func (p *pausingStore) SaveMarketplaceCache(ctx context.Context, key string, data []byte, expires time.Time) error {
	p.saves.Add(1)
	return p.Catalog.SaveMarketplaceCache(ctx, key, data, expires)
}

// F-CAT-06: a build that read the catalogue before Clear Cache does not put that snapshot
// back afterwards; it builds again.
func TestF_CAT_06_ClearDuringBuildIsNotUndone(t *testing.T) {
	demotest.Each(t, func(t *testing.T, db *store.DB) {
		pausing := &pausingStore{Catalog: store.NewCatalog(db), entered: make(chan struct{}), release: make(chan struct{})}
		snaps := &marketplace.Snapshots{
			Service: &marketplace.Service{Store: store.NewMarketplaceStore(db), Now: time.Now}, Store: pausing,
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		}
		type result struct {
			b   *marketplace.Built
			err error
		}
		done := make(chan result, 1)
		go func() {
			b, err := snaps.Refresh(t.Context())
			done <- result{b, err}
		}()
		<-pausing.entered
		if err := snaps.Clear(t.Context()); err != nil {
			t.Fatal(err)
		}
		close(pausing.release)
		r := <-done
		if r.err != nil {
			t.Fatal(r.err)
		}
		if pausing.lists.Load() != 2 || pausing.saves.Load() != 1 {
			t.Fatalf("%d builds read the catalogue and %d saved, want 2 and 1 (the one begun before the clear is dropped)",
				pausing.lists.Load(), pausing.saves.Load())
		}
		if snaps.Current() != r.b {
			t.Fatal("the snapshot built after the clear is not the current one")
		}
	})
}

// savingStore reports each snapshot saved to the cache table.
type savingStore struct {
	store.Catalog
	saved chan struct{}
}

func (s *savingStore) SaveMarketplaceCache(ctx context.Context, key string, data []byte, expires time.Time) error {
	err := s.Catalog.SaveMarketplaceCache(ctx, key, data, expires)
	s.saved <- struct{}{}
	return err
}

// The snapshot watcher (a local job on every replica): a changed catalogue fingerprint,
// whichever replica changed it, rebuilds this process's snapshot before it expires.
func TestSnapshotCheckFingerprintRebuildsAfterACatalogueChange(t *testing.T) {
	demotest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := t.Context()
		saving := &savingStore{Catalog: store.NewCatalog(db), saved: make(chan struct{}, 4)}
		snaps := &marketplace.Snapshots{
			Service: &marketplace.Service{Store: store.NewMarketplaceStore(db), Now: time.Now}, Store: saving,
			Logger: slog.New(slog.NewTextHandler(io.Discard, nil)),
		}
		if err := snaps.CheckFingerprint(ctx); err != nil || snaps.Current() != nil {
			t.Fatalf("check without a snapshot: %v, current %v (want nothing built)", err, snaps.Current())
		}
		waitSaved := func() {
			t.Helper()
			select {
			case <-saving.saved:
			case <-time.After(30 * time.Second):
				t.Fatal("no snapshot was saved within 30 s")
			}
		}
		first, err := snaps.Get(ctx)
		if err != nil {
			t.Fatal(err)
		}
		waitSaved()
		// Another replica edits a service.
		if _, err := db.Bun().NewRaw("UPDATE services SET updated_at = ? WHERE id = (SELECT min(id) FROM services)", db.Now().Add(time.Hour)).Exec(ctx); err != nil {
			t.Fatal(err)
		}
		fp, err := store.NewCatalog(db).CatalogFingerprint(ctx)
		if err != nil || fp == first.Fingerprint {
			t.Fatalf("fingerprint %q after the edit (was %q): %v", fp, first.Fingerprint, err)
		}
		if err := snaps.CheckFingerprint(ctx); err != nil {
			t.Fatal(err)
		}
		waitSaved() // the rebuild the check started; it becomes current right after its save
		deadline := time.Now().Add(10 * time.Second)
		for snaps.Current() == first && time.Now().Before(deadline) {
			runtime.Gosched()
		}
		if cur := snaps.Current(); cur == first || cur.Fingerprint != fp {
			t.Fatalf("after the check the snapshot has fingerprint %q, want a new one with %q", cur.Fingerprint, fp)
		}
	})
}
