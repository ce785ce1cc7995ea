package app

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// Issue 17 item 4: --memory-limit / CIRCLE_MEMORY_LIMIT sizes, as GOMEMLIMIT writes them and
// in decimal units.
func TestParseByteSize(t *testing.T) {
	good := map[string]int64{
		"512MiB": 512 << 20, "2GiB": 2 << 30, "1.5GiB": 3 << 29, "64KiB": 64 << 10, "1TiB": 1 << 40,
		"800MB": 800e6, "1GB": 1e9, "123": 123, "4096B": 4096, " 256 mib ": 256 << 20, "0": 0, "off": 0, "OFF": 0,
	}
	for in, want := range good {
		if got, err := parseByteSize(in); err != nil || got != want {
			t.Errorf("parseByteSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "MiB", "-1MiB", "12 parsecs", "1e30GiB", "NaN", "512Mi"} {
		if got, err := parseByteSize(in); err == nil {
			t.Errorf("parseByteSize(%q) = %d, want an error", in, got)
		}
	}
}

// cgroupDir is a fake /sys/fs/cgroup holding the given files.
func cgroupDir(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, body := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// The container's limit comes from cgroup v2's memory.max, else cgroup v1's
// memory.limit_in_bytes; "max" and v1's "unlimited" value mean none.
func TestCgroupMemoryLimit(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]string
		want  int64
		err   bool
	}{
		{"v2 limit", map[string]string{"memory.max": "1073741824\n"}, 1 << 30, false},
		{"v2 unlimited", map[string]string{"memory.max": "max\n"}, 0, false},
		{"v2 wins over v1", map[string]string{"memory.max": "536870912\n", "memory/memory.limit_in_bytes": "1073741824\n"}, 512 << 20, false},
		{"v1 limit", map[string]string{"memory/memory.limit_in_bytes": "268435456\n"}, 256 << 20, false},
		{"v1 unlimited", map[string]string{"memory/memory.limit_in_bytes": "9223372036854771712\n"}, 0, false},
		{"garbage", map[string]string{"memory.max": "lots\n"}, 0, true},
		{"no cgroup files", nil, 0, true},
	}
	for _, c := range cases {
		got, err := cgroupMemoryLimit(cgroupDir(t, c.files))
		if got != c.want || (err != nil) != c.err {
			t.Errorf("%s: %d, %v; want %d (error %v)", c.name, got, err, c.want, c.err)
		}
	}
}

// GOMEMLIMIT wins, then the flag (0/off: none), then the cgroup limit minus headroom (a tenth,
// at least 64 MiB, at most half), else none.
func TestChooseMemoryBudget(t *testing.T) {
	env := func(vars map[string]string) func(string) (string, bool) {
		return func(k string) (string, bool) { v, ok := vars[k]; return v, ok }
	}
	limited := cgroupDir(t, map[string]string{"memory.max": "2147483648\n"})
	small := cgroupDir(t, map[string]string{"memory.max": "268435456\n"})
	tiny := cgroupDir(t, map[string]string{"memory.max": "100000000\n"})
	none := cgroupDir(t, nil)
	noEnv := env(nil)
	cases := []struct {
		name, flag string
		getenv     func(string) (string, bool)
		root       string
		want       memoryBudget
	}{
		{"GOMEMLIMIT wins", "512MiB", env(map[string]string{"GOMEMLIMIT": "300MiB"}), limited, memoryBudget{Source: "GOMEMLIMIT"}},
		{"flag over cgroup", "512MiB", noEnv, limited, memoryBudget{Bytes: 512 << 20, Source: "flag"}},
		{"flag off", "off", noEnv, limited, memoryBudget{Source: "none"}},
		{"flag 0", "0", noEnv, limited, memoryBudget{Source: "none"}},
		{"cgroup 2 GiB keeps a tenth", "", noEnv, limited, memoryBudget{Bytes: 2<<30 - (2<<30)/100*10, Source: "cgroup", Container: 2 << 30}},
		{"cgroup 256 MiB keeps 64 MiB", "", noEnv, small, memoryBudget{Bytes: 192 << 20, Source: "cgroup", Container: 256 << 20}},
		{"cgroup 100 MB keeps half", "", noEnv, tiny, memoryBudget{Bytes: 50_000_000, Source: "cgroup", Container: 100_000_000}},
		{"empty GOMEMLIMIT ignored", "", env(map[string]string{"GOMEMLIMIT": ""}), small, memoryBudget{Bytes: 192 << 20, Source: "cgroup", Container: 256 << 20}},
		{"no container", "", noEnv, none, memoryBudget{Source: "none"}},
	}
	for _, c := range cases {
		got, err := chooseMemoryBudget(c.flag, c.getenv, c.root)
		if err != nil || got != c.want {
			t.Errorf("%s: %+v, %v; want %+v", c.name, got, err, c.want)
		}
	}
	if _, err := chooseMemoryBudget("lots", noEnv, none); err == nil {
		t.Error("a bad --memory-limit was accepted")
	}
}

// Under a memory limit the GC headroom shrinks to a quarter of it, so a small budget is not
// spent on garbage; without one it keeps the heap within defaultHeapBudget (issue 17: RSS under
// 500 MB at 50,000 services). Never under 40% of the live heap.
func TestF_APP_10_HeapHeadroomUnderABudget(t *testing.T) {
	const mib = 1 << 20
	cases := []struct {
		live  uint64
		limit int64
		want  uint64
	}{
		{40 * mib, 0, gcHeadroom},       // 5,000 services: room for sign-ins' garbage
		{64 * mib, 0, gcHeadroom},       // the budget still has room for all of it
		{160 * mib, 0, 160 * mib},       // the rest of the 320 MiB budget
		{240 * mib, 0, 96 * mib},        // 50,000 services: 40% of the live heap, past the budget
		{1000 * mib, 0, 400 * mib},      // far past it: GOGC=40, not collections back to back
		{40 * mib, 4 << 30, gcHeadroom}, // a big limit
		{40 * mib, 1 << 30, gcHeadroom},
		{40 * mib, 512 * mib, 128 * mib}, // a quarter of a small one
		{40 * mib, 256 * mib, 64 * mib},
		{800 * mib, 1 << 30, 320 * mib}, // 40% of the live heap again
	}
	for _, c := range cases {
		if got := heapHeadroom(c.live, c.limit); got != c.want {
			t.Errorf("heapHeadroom(live %d MiB, limit %d MiB) = %d MiB, want %d MiB", c.live>>20, c.limit>>20, got>>20, c.want>>20)
		}
	}
	if formatBytes(512<<20) != "512MiB" || formatBytes(2<<30) != "2GiB" || formatBytes(1000) != "1000B" || memoryLimitText(0) != "none" {
		t.Error("formatBytes")
	}
}

// A CIRCLE_MEMORY_LIMIT serve cannot read stops it, naming the option.
func TestConfigRejectsABadMemoryLimit(t *testing.T) {
	c := Config{LogFormat: "text", LogLevel: "info", SMTPTLS: "starttls", MemoryLimit: "lots"}
	if err := c.check(); err == nil || !strings.Contains(err.Error(), "CIRCLE_MEMORY_LIMIT") {
		t.Fatalf("check: %v", err)
	}
	c.MemoryLimit = "512MiB"
	if err := c.check(); err != nil {
		t.Fatalf("check 512MiB: %v", err)
	}
}

// The GC headroom is reset after every collection: the notifier fires once per cycle.
func TestF_APP_10_NotifyAfterEachGC(t *testing.T) {
	collected := make(chan struct{}, 1)
	notifyAfterEachGC(t.Context(), collected)
	for i := range 3 {
		runtime.GC()
		select {
		case <-collected:
		case <-time.After(10 * time.Second):
			t.Fatalf("no notice after collection %d", i+1)
		}
	}
}
