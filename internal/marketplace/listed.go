package marketplace

import (
	"context"
	"time"
)

// ListedService is an active service as the sitemap names it (issue 33): its id, English
// title, lobby category and when it last changed.
type ListedService struct {
	ID            string
	Title         string
	LobbyCategory string
	UpdatedAt     time.Time
}

// Listed returns every active service in the ranked order, read from the in-memory index: it
// follows the catalogue's changes as searches do (a published change, another replica's within
// IndexCheckInterval).
func (s *Service) Listed(ctx context.Context) ([]ListedService, error) {
	d, err := s.SearchIndex().current(ctx)
	if err != nil {
		return nil, err
	}
	entries := d.rankedEntries()
	out := make([]ListedService, 0, len(entries))
	for _, e := range entries {
		if e == nil {
			continue
		}
		out = append(out, ListedService{ID: e.svc.ID, Title: e.svc.Title, LobbyCategory: e.svc.LobbyCategory, UpdatedAt: e.svc.UpdatedAt})
	}
	return out, nil
}
