package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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

// Under a memory budget the GC headroom shrinks to a quarter of it, so a small budget is not
// spent on garbage; without one it stays gcHeadroom.
func TestHeapHeadroomUnderABudget(t *testing.T) {
	cases := map[int64]uint64{0: gcHeadroom, 4 << 30: gcHeadroom, 1 << 30: gcHeadroom, 512 << 20: 128 << 20, 256 << 20: 64 << 20}
	for limit, want := range cases {
		if got := heapHeadroom(limit); got != want {
			t.Errorf("heapHeadroom(%d MiB) = %d MiB, want %d MiB", limit>>20, got>>20, want>>20)
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
