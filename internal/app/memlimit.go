package app

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
)

// cgroupRoot is where a container's own cgroup is mounted (cgroup v2; v1 has one directory per
// controller below it).
const cgroupRoot = "/sys/fs/cgroup"

// Headroom left between the container's memory limit and the Go memory limit, for what the Go
// limit does not count (SQLite's page cache in modernc's allocator, thread stacks, the binary):
// a tenth of the limit, at least 64 MiB, never more than half.
const (
	memoryHeadroomMin     = 64 << 20
	memoryHeadroomPercent = 10
)

// memoryBudget is the Go memory limit serve runs with and where it came from.
type memoryBudget struct {
	// Bytes is the limit; 0 means none (Go's default, no limit).
	Bytes int64
	// Source is "GOMEMLIMIT", "flag" (--memory-limit or CIRCLE_MEMORY_LIMIT), "cgroup" or
	// "none".
	Source string
	// Container is the cgroup limit the budget was derived from (0 when none was read).
	Container int64
}

// chooseMemoryBudget picks the Go memory limit: GOMEMLIMIT in the environment wins (the
// runtime has already applied it), then --memory-limit / CIRCLE_MEMORY_LIMIT ("0" or "off" for
// none), then the container's cgroup limit minus headroom, else none.
func chooseMemoryBudget(flagValue string, getenv func(string) (string, bool), root string) (memoryBudget, error) {
	if v, ok := getenv("GOMEMLIMIT"); ok && v != "" {
		// The runtime read it at start (and would have refused a bad one); applyMemoryBudget
		// reads the value back.
		return memoryBudget{Source: "GOMEMLIMIT"}, nil
	}
	if flagValue != "" {
		n, err := parseByteSize(flagValue)
		if err != nil {
			return memoryBudget{}, fmt.Errorf("memory limit %q (--memory-limit, CIRCLE_MEMORY_LIMIT): %w", flagValue, err)
		}
		if n == 0 {
			return memoryBudget{Source: "none"}, nil
		}
		return memoryBudget{Bytes: n, Source: "flag"}, nil
	}
	limit, err := cgroupMemoryLimit(root)
	if err != nil || limit == 0 {
		// An unreadable cgroup is not fatal: the server runs as it would outside a container.
		return memoryBudget{Source: "none"}, nil
	}
	return memoryBudget{Bytes: limit - memoryHeadroom(limit), Source: "cgroup", Container: limit}, nil
}

// memoryHeadroom is what is left for memory the Go limit does not count under a container
// limit of limit bytes.
func memoryHeadroom(limit int64) int64 {
	h := max(limit/100*memoryHeadroomPercent, memoryHeadroomMin)
	return min(h, limit/2)
}

// cgroupMemoryLimit reads the container's memory limit below root: cgroup v2's memory.max,
// else cgroup v1's memory/memory.limit_in_bytes. 0 means no limit ("max", or v1's near-2^63
// "unlimited"); an error means neither file could be read.
func cgroupMemoryLimit(root string) (int64, error) {
	v2, err := os.ReadFile(filepath.Join(root, "memory.max"))
	if err == nil {
		return parseCgroupLimit(string(v2))
	}
	v1, err1 := os.ReadFile(filepath.Join(root, "memory", "memory.limit_in_bytes"))
	if err1 != nil {
		return 0, fmt.Errorf("read cgroup memory limit: %w", errors.Join(err, err1))
	}
	return parseCgroupLimit(string(v1))
}

// parseCgroupLimit reads one cgroup limit file's value.
func parseCgroupLimit(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "max" {
		return 0, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("cgroup memory limit %q is not a number of bytes", s)
	}
	// cgroup v1 says "unlimited" with the largest page-aligned int64 (and some kernels with
	// values near it); no machine has 1 EiB of memory.
	if n >= 1<<60 {
		return 0, nil
	}
	return n, nil
}

// byteUnits are the suffixes parseByteSize takes: GOMEMLIMIT's binary ones (B, KiB, MiB, GiB,
// TiB) and their decimal counterparts.
var byteUnits = []struct {
	suffix string
	size   int64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
	{"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12},
	{"B", 1},
}

// parseByteSize reads a size such as "512MiB", "1.5GiB", "800MB" or "536870912" (bytes).
// "0" and "off" mean no limit (0).
func parseByteSize(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if strings.EqualFold(s, "off") {
		return 0, nil
	}
	num, size := s, int64(1)
	for _, u := range byteUnits {
		if strings.HasSuffix(strings.ToLower(s), strings.ToLower(u.suffix)) {
			num, size = strings.TrimSpace(s[:len(s)-len(u.suffix)]), u.size
			break
		}
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || f < 0 || math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, fmt.Errorf("use a size such as 512MiB, 2GiB or a number of bytes (0 or off for none)")
	}
	n := f * float64(size)
	if n >= math.MaxInt64 {
		return 0, fmt.Errorf("%s is too large", s)
	}
	return int64(n), nil
}

// formatBytes prints a size in MiB or GiB when it is a whole number of them, else in bytes.
func formatBytes(n int64) string {
	switch {
	case n > 0 && n%(1<<30) == 0:
		return strconv.FormatInt(n>>30, 10) + "GiB"
	case n > 0 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + "MiB"
	default:
		return strconv.FormatInt(n, 10) + "B"
	}
}

// applyMemoryBudget sets the Go memory limit the budget names and returns the limit in force
// (0 for none). A GOMEMLIMIT the runtime already applied is only read back.
func applyMemoryBudget(b memoryBudget) int64 {
	if b.Source != "GOMEMLIMIT" && b.Bytes > 0 {
		debug.SetMemoryLimit(b.Bytes)
	}
	if n := debug.SetMemoryLimit(-1); n != math.MaxInt64 {
		return n
	}
	return 0
}
