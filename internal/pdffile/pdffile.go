// Package pdffile writes the frame of a small PDF file: the numbered objects, the
// cross-reference table and the trailer. Callers write the objects (catalog first).
package pdffile

import (
	"bytes"
	"fmt"
)

// Headers a file may start with. Binary adds the comment of four bytes above 127 that tells
// tools the file holds binary data (text in WinAnsi encoding, for example).
const (
	Header       = "%PDF-1.4\n"
	BinaryHeader = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n"
)

// Assemble writes header, then objects as objects 1 to n (object 1 is the document catalog),
// then the cross-reference table of their byte offsets and the trailer.
func Assemble(header string, objects []string) []byte {
	var out bytes.Buffer
	out.WriteString(header)
	offsets := make([]int, len(objects))
	for i, o := range objects {
		offsets[i] = out.Len()
		fmt.Fprintf(&out, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, off := range offsets {
		fmt.Fprintf(&out, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&out, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, xref)
	return out.Bytes()
}
