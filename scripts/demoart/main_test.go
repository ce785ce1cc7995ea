package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"testing"
	"time"

	"circle/internal/demo"
)

// The committed files are what the generator draws from today's data: a changed picture
// address, a new service or a new representative fails here until go generate runs.
func TestShippedFilesAreUpToDate(t *testing.T) {
	want, err := draw(demo.Build(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)))
	if err != nil {
		t.Fatal(err)
	}
	shipped := map[string]bool{}
	err = fs.WalkDir(demo.Files(), ".", func(name string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		shipped[name] = true
		body, err := fs.ReadFile(demo.Files(), name)
		if err != nil {
			return err
		}
		if w, ok := want[name]; !ok {
			t.Errorf("%s is shipped but nothing links to it", name)
		} else if !bytes.Equal(body, w) {
			t.Errorf("%s differs from what the generator draws; run go generate ./internal/demo", name)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for name := range want {
		if !shipped[name] {
			t.Errorf("%s is drawn but not shipped; run go generate ./internal/demo", name)
		}
	}
}

func TestPDFIsWellFormed(t *testing.T) {
	b := pdf("203(k) contractor checklist", "Summit Ridge Mortgage Group")
	if !bytes.HasPrefix(b, []byte("%PDF-1.4\n")) || !bytes.HasSuffix(b, []byte("%%EOF\n")) {
		t.Fatalf("not a PDF: %q", b[:20])
	}
	// Every xref offset points at its object.
	xref := bytes.Index(b, []byte("xref\n"))
	lines := bytes.Split(b[xref:], []byte("\n"))[3:8]
	for i, l := range lines {
		var off int
		if _, err := fmt.Sscanf(string(l), "%010d", &off); err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("%d 0 obj", i+1); !bytes.HasPrefix(b[off:], []byte(want)) {
			t.Errorf("xref %d points at %q", i+1, b[off:off+10])
		}
	}
	if !bytes.Contains(b, []byte(`(203\(k\) contractor checklist)`)) {
		t.Error("title not escaped")
	}
}

// Every category of the demo data has drawings, and every drawing named exists.
func TestEveryCategoryHasDrawings(t *testing.T) {
	for _, sp := range demo.Build(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)).Services {
		if len(motifsByCategory[sp.Service.Category]) == 0 {
			t.Errorf("category %q of %s has no drawings", sp.Service.Category, sp.Service.ID)
		}
	}
	for category, names := range motifsByCategory {
		for _, name := range names {
			if motifs[name] == "" {
				t.Errorf("category %q names drawing %q, which does not exist", category, name)
			}
		}
	}
}
