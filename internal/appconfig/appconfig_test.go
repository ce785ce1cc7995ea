package appconfig

import (
	"testing"
	"time"
)

func TestF_APP_03_CompareVersions(t *testing.T) {
	cases := []struct {
		a, b string
		want int
	}{
		{"1.0.0", "1.0.0", 0}, {"1.0", "1.0.0", 0}, {"1", "1.0.0", 0},
		{"1.0.1", "1.0.0", 1}, {"1.10.0", "1.9.0", 1}, {"2", "1.99.99", 1},
		{"1.0.0", "1.0.1", -1}, {"0.9", "1.0.0", -1}, {"1.2", "1.10", -1},
	}
	for _, c := range cases {
		if got := CompareVersions(c.a, c.b); got != c.want {
			t.Errorf("CompareVersions(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestF_APP_03_SetValidatesEachField(t *testing.T) {
	now := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	c := Defaults()
	for _, ok := range [][2]string{
		{"maintenance_mode", "true"}, {"min_build_version", "1.2.3"}, {"force_cache_bust_after", "now"},
		{"marketplace_enabled", "false"}, {"usd_to_cad_rate_e4", "13650"}, {"maintenance_message", "Back soon."},
	} {
		if err := c.Set(ok[0], ok[1], now); err != nil {
			t.Fatalf("Set(%s=%s): %v", ok[0], ok[1], err)
		}
	}
	if !c.MaintenanceMode || c.MinBuildVersion != "1.2.3" || c.ForceCacheBustAfter == nil || !c.ForceCacheBustAfter.Equal(now) ||
		c.MarketplaceEnabled || c.USDToCADRateE4 != 13650 || c.MaintenanceMessage != "Back soon." {
		t.Fatalf("fields not set: %+v", c)
	}
	before := c
	for _, bad := range [][2]string{
		{"maintenance_mode", "maybe"}, {"min_build_version", "1.x"}, {"min_build_version", "1..2"},
		{"force_cache_bust_after", "yesterday"}, {"usd_to_cad_rate_e4", "1"}, {"nope", "1"},
	} {
		if err := c.Set(bad[0], bad[1], now); err == nil {
			t.Errorf("Set(%s=%s) accepted", bad[0], bad[1])
		}
	}
	if c.MaintenanceMode != before.MaintenanceMode || c.MinBuildVersion != before.MinBuildVersion {
		t.Fatal("a refused Set changed the config")
	}
}

func FuzzCompareVersions(f *testing.F) {
	for _, s := range []string{"1.0.0", "1", "10.2", "", "1..2", "999999999999999999999.1"} {
		f.Add(s, "1.0.0")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		x, y := CompareVersions(a, b), CompareVersions(b, a)
		if x != -y {
			t.Fatalf("not antisymmetric: %q %q -> %d %d", a, b, x, y)
		}
		if CompareVersions(a, a) != 0 {
			t.Fatalf("%q not equal to itself", a)
		}
	})
}
