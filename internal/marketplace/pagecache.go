package marketplace

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"sync"
)

// pageCacheMax bounds the search pages kept per version of the pool.
const pageCacheMax = 1024

// EncodedPage is one search answer serialised once per version of the pool: the JSON, its gzip
// and a strong ETag (a hash of the JSON), so repeated searches cost neither encoding nor
// compression, and a client holding the page gets a 304.
type EncodedPage struct {
	JSON []byte
	Gzip []byte
	ETag string
}

// pageCache holds the encoded pages of one version of the pool (the index build and the
// trending lists); a new version empties it.
type pageCache struct {
	mu      sync.Mutex
	index   *indexData
	ranks   uint64
	entries map[string]*EncodedPage
}

// SearchPage answers q as SearchJSON does, encoded and compressed once per version of the pool
// and query (at most pageCacheMax queries per version are kept).
func (s *Service) SearchPage(ctx context.Context, q Query) (*EncodedPage, error) {
	d, err := s.SearchIndex().current(ctx)
	if err != nil {
		return nil, err
	}
	if _, _, err := s.Ranks(ctx); err != nil {
		return nil, err
	}
	s.mu.Lock()
	ranks := s.ranksGen
	s.mu.Unlock()
	key, err := json.Marshal(q)
	if err != nil {
		return nil, fmt.Errorf("search page key: %w", err)
	}
	c := &s.pages
	c.mu.Lock()
	if c.index != d || c.ranks != ranks {
		c.index, c.ranks, c.entries = d, ranks, map[string]*EncodedPage{}
	}
	if p, ok := c.entries[string(key)]; ok {
		c.mu.Unlock()
		return p, nil
	}
	c.mu.Unlock()

	raw, err := s.searchJSON(ctx, d, q)
	if err != nil {
		return nil, err
	}
	p := encodePage(raw, gzip.DefaultCompression)
	c.mu.Lock()
	if c.index == d && c.ranks == ranks {
		if len(c.entries) >= pageCacheMax {
			clear(c.entries)
		}
		c.entries[string(key)] = p
	}
	c.mu.Unlock()
	return p, nil
}
