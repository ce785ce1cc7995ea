package appconfig

import (
	"encoding/json"
	"testing"
	"time"

	"circle/internal/audit"
)

// TestF_AREA_03_ConfigViewLatestChangePerKey: each key's latest change is the newest entry that
// changed it; a key no entry changed has none; the command line is "system".
func TestF_AREA_03_ConfigViewLatestChangePerKey(t *testing.T) {
	row := func(c Config) json.RawMessage { b, _ := json.Marshal(c); return b }
	c0 := Defaults()
	c1 := c0
	c1.FlagTopDeals = true
	c2 := c1
	c2.MaintenanceMessage = "Back at noon"
	t1, t2 := time.Date(2026, 5, 1, 9, 0, 0, 0, time.UTC), time.Date(2026, 5, 2, 9, 0, 0, 0, time.UTC)
	newest := []audit.Record{
		{ActorID: "", Before: row(c1), After: row(c2), At: t2},
		{ActorID: "usr-a", ActorEmail: "a@example.test", Before: row(c0), After: row(c1), At: t1},
	}
	by := map[string]ConfigEntry{}
	for _, e := range View(c2, newest) {
		by[e.Key] = e
	}
	if len(by) != len(Keys) {
		t.Fatalf("%d entries, want %d", len(by), len(Keys))
	}
	if e := by["flag_top_deals"]; e.Value != "true" || !e.Flag || e.Kind != "boolean" || e.ChangedBy != "a@example.test" || !e.ChangedAt.Equal(t1) {
		t.Fatalf("flag: %+v", e)
	}
	if e := by["maintenance_message"]; e.Value != "Back at noon" || e.Kind != "text" || e.ChangedBy != "system" || !e.ChangedAt.Equal(t2) {
		t.Fatalf("message: %+v", e)
	}
	if e := by["academy"]; e.Key != "" {
		t.Fatalf("unexpected key %+v", e)
	}
	if e := by["flag_academy"]; e.ChangedAt != nil || e.Value != "true" || e.Description == "" {
		t.Fatalf("unchanged: %+v", e)
	}
	if e := by["force_cache_bust_after"]; e.Value != "" || e.Kind != "timestamp" {
		t.Fatalf("timestamp: %+v", e)
	}
}
