package store_test

import (
	"context"
	"testing"

	"circle/internal/store"
)

func TestMigrationsAreIdempotentAndVersioned(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		n, err := db.Migrate(ctx)
		if err != nil || n != 0 {
			t.Fatalf("second migrate applied %d, err %v; want 0, nil", n, err)
		}
		applied, latest, err := db.SchemaVersion(ctx)
		if err != nil || applied != latest || latest < 1 {
			t.Fatalf("schema version %d of %d, err %v", applied, latest, err)
		}
	})
}
