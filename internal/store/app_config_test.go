package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"circle/internal/appconfig"
	"circle/internal/store"
)

func TestF_APP_03_AppConfigDefaultsAndSave(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		got, err := db.GetConfig(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want := appconfig.Defaults()
		want.UpdatedAt = got.UpdatedAt
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("defaults:\n got %+v\nwant %+v", got, want)
		}
		bust := time.Date(2026, 11, 22, 10, 30, 0, 0, time.UTC)
		got.MaintenanceMode = true
		got.MaintenanceMessage = "Back at noon."
		got.MinBuildVersion = "1.2.0"
		got.ForceCacheBustAfter = &bust
		if err := db.SaveConfig(ctx, got); err != nil {
			t.Fatal(err)
		}
		again, err := db.GetConfig(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if !again.MaintenanceMode || again.MaintenanceMessage != "Back at noon." || again.MinBuildVersion != "1.2.0" ||
			again.ForceCacheBustAfter == nil || !again.ForceCacheBustAfter.Equal(bust) {
			t.Fatalf("saved config not read back: %+v", again)
		}
	})
}
