package app

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
)

// circle config set accepts its options before, between or after the KEY=VALUE pairs.
func TestConfigSetTakesOptionsAnywhere(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	run := func(args ...string) map[string]any {
		t.Helper()
		var out, errOut bytes.Buffer
		if err := cmdConfig(ctx, args, &out, &errOut); err != nil {
			t.Fatalf("config %v: %v (%s)", args, err, errOut.String())
		}
		var cfg map[string]any
		if err := json.Unmarshal(out.Bytes(), &cfg); err != nil {
			t.Fatalf("config %v printed %q: %v", args, out.String(), err)
		}
		return cfg
	}
	if cfg := run("set", "maintenance_mode=true", "--data-dir", dir); cfg["maintenance_mode"] != true {
		t.Fatalf("pairs then options: %v", cfg["maintenance_mode"])
	}
	if cfg := run("set", "--data-dir", dir, "maintenance_mode=false", "top_deals_enabled=false"); cfg["maintenance_mode"] != false || cfg["top_deals_enabled"] != false {
		t.Fatalf("options then pairs: %v %v", cfg["maintenance_mode"], cfg["top_deals_enabled"])
	}
	if cfg := run("get", "--data-dir", dir); cfg["top_deals_enabled"] != false {
		t.Fatalf("get after set: %v", cfg["top_deals_enabled"])
	}
	var out, errOut bytes.Buffer
	if err := cmdConfig(ctx, []string{"set", "--data-dir", dir, "not-a-pair"}, &out, &errOut); err == nil {
		t.Fatal("a value without = was accepted")
	}
	if err := cmdConfig(ctx, []string{"get", "maintenance_mode=true", "--data-dir", dir}, &out, &errOut); err == nil {
		t.Fatal("config get accepted a pair")
	}
}

// The GC percent keeps the headroom between the live heap and the next collection, within 40..1000.
func TestF_APP_10_GCPercentKeepsHeadroom(t *testing.T) {
	cases := map[uint64]int{0: 1000, 1 << 20: 1000, 64 << 20: 400, 128 << 20: 200, 256 << 20: 100, 1 << 30: 40, 2 << 30: 40}
	for live, want := range cases {
		if got := gcPercentFor(live, gcHeadroom); got != want {
			t.Errorf("gcPercentFor(%d MiB) = %d, want %d", live>>20, got, want)
		}
	}
}
