package pdffile

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Each cross-reference entry and startxref point at the bytes they name, after either header.
func TestAssembleOffsets(t *testing.T) {
	objects := []string{"<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"}
	for _, header := range []string{Header, BinaryHeader} {
		out := string(Assemble(header, objects))
		if !strings.HasPrefix(out, header) || !strings.HasSuffix(out, "%%EOF\n") {
			t.Fatalf("file does not start with its header and end with %%%%EOF:\n%q", out)
		}
		start, err := strconv.Atoi(regexp.MustCompile(`startxref\n(\d+)\n`).FindStringSubmatch(out)[1])
		if err != nil || !strings.HasPrefix(out[start:], "xref\n0 3\n") {
			t.Fatalf("startxref %d does not point at the table: %v", start, err)
		}
		entries := regexp.MustCompile(`(\d{10}) 00000 n `).FindAllStringSubmatch(out[start:], -1)
		if len(entries) != len(objects) {
			t.Fatalf("%d entries, want %d", len(entries), len(objects))
		}
		for i, e := range entries {
			off, _ := strconv.Atoi(e[1])
			if want := fmt.Sprintf("%d 0 obj\n%s\nendobj\n", i+1, objects[i]); !strings.HasPrefix(out[off:], want) {
				t.Errorf("entry %d points at %q", i+1, out[off:min(len(out), off+20)])
			}
		}
	}
}
