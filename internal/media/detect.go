// Package media is the media uploader's domain (issue 30 item 3, F-ENG-05; 03§2, 03§5, 03§7):
// what a file is, read from its bytes (never from its name or the type the browser declared);
// the size limit of each kind; images re-encoded (which drops EXIF and anything else riding in
// the file) and resized to the card and detail sizes; where the bytes are kept (Storage: the
// local disk, or an S3-compatible bucket); and the service that uploads, lists, serves and
// deletes a member's files. docs/areas/media.md records the limits and the decisions.
package media

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"unicode/utf16"
)

// Kind is what a file is for: the uploader's three groups, each with its own size limit.
type Kind string

const (
	KindImage    Kind = "image"
	KindVideo    Kind = "video"
	KindDocument Kind = "document"
)

// Type is a detected file type: its kind, content type and file extension.
type Type struct {
	Kind        Kind
	ContentType string
	Ext         string
}

// The accepted types (03§2, "Uploads and funnel defaults": image, video, pdf, doc, docx, ppt,
// pptx).
var (
	TypePNG  = Type{KindImage, "image/png", ".png"}
	TypeJPEG = Type{KindImage, "image/jpeg", ".jpg"}
	TypeWebP = Type{KindImage, "image/webp", ".webp"}
	TypeGIF  = Type{KindImage, "image/gif", ".gif"}
	TypeMP4  = Type{KindVideo, "video/mp4", ".mp4"}
	TypeMOV  = Type{KindVideo, "video/quicktime", ".mov"}
	TypeWebM = Type{KindVideo, "video/webm", ".webm"}
	TypePDF  = Type{KindDocument, "application/pdf", ".pdf"}
	TypeDOC  = Type{KindDocument, "application/msword", ".doc"}
	TypePPT  = Type{KindDocument, "application/vnd.ms-powerpoint", ".ppt"}
	TypeDOCX = Type{KindDocument, "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ".docx"}
	TypePPTX = Type{KindDocument, "application/vnd.openxmlformats-officedocument.presentationml.presentation", ".pptx"}
)

// Types lists every accepted type.
var Types = []Type{TypePNG, TypeJPEG, TypeWebP, TypeGIF, TypeMP4, TypeMOV, TypeWebM, TypePDF, TypeDOC, TypePPT, TypeDOCX, TypePPTX}

// TypeOf returns the accepted type of a content type.
func TypeOf(contentType string) (Type, bool) {
	for _, t := range Types {
		if t.ContentType == contentType {
			return t, true
		}
	}
	return Type{}, false
}

// errUnknown and errDamaged are Detect's two refusals; the service words them for the caller.
type detectError struct {
	damaged bool
	reason  string
}

func (e *detectError) Error() string { return e.reason }

// IsDamaged reports whether Detect refused a file that starts like an accepted type but is cut
// short or broken (as opposed to a type that is not accepted at all).
func IsDamaged(err error) bool {
	d, ok := err.(*detectError)
	return ok && d.damaged
}

func unknown(reason string) error { return &detectError{reason: reason} }
func damaged(format string, a ...any) error {
	return &detectError{damaged: true, reason: fmt.Sprintf(format, a...)}
}

// Detect reads what data is from its bytes: the signature at its start and, for containers,
// enough of the structure to tell a Word file from a PowerPoint one and a whole file from a
// truncated one. Whatever is not one of Types is refused, whatever its name says (an .exe
// renamed .pdf starts with MZ, not %PDF-).
func Detect(data []byte) (Type, error) {
	switch {
	case len(data) == 0:
		return Type{}, unknown("the file is empty")
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return TypePNG, nil
	case bytes.HasPrefix(data, []byte{0xFF, 0xD8, 0xFF}):
		return TypeJPEG, nil
	case bytes.HasPrefix(data, []byte("GIF87a")), bytes.HasPrefix(data, []byte("GIF89a")):
		return TypeGIF, nil
	case len(data) >= 12 && string(data[0:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		return TypeWebP, nil
	case len(data) >= 12 && string(data[4:8]) == "ftyp":
		return detectISO(data)
	case bytes.HasPrefix(data, []byte{0x1A, 0x45, 0xDF, 0xA3}):
		return detectEBML(data)
	case bytes.HasPrefix(data, []byte("%PDF-")):
		return detectPDF(data)
	case bytes.HasPrefix(data, []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}):
		return detectOLE(data)
	case bytes.HasPrefix(data, []byte("PK\x03\x04")):
		return detectOOXML(data)
	}
	return Type{}, unknown("unrecognised content")
}

// detectISO tells MP4 from QuickTime by the ftyp box's major brand; audio-only brands are not
// videos.
func detectISO(data []byte) (Type, error) {
	size := binary.BigEndian.Uint32(data[0:4])
	if size < 16 || int(size) > len(data) {
		return Type{}, damaged("the ftyp box is cut short")
	}
	switch brand := string(data[8:12]); brand {
	case "qt  ":
		return TypeMOV, nil
	case "M4A ", "M4B ", "M4P ", "F4A ", "F4B ":
		return Type{}, unknown("an audio file (" + strings.TrimSpace(brand) + ")")
	}
	return TypeMP4, nil
}

// detectEBML accepts the WebM document type of an EBML file (Matroska in general is not
// accepted: browsers play WebM).
func detectEBML(data []byte) (Type, error) {
	head := data[:min(len(data), 64)]
	if bytes.Contains(head, []byte("webm")) {
		return TypeWebM, nil
	}
	if bytes.Contains(head, []byte("matroska")) {
		return Type{}, unknown("a Matroska video (WebM is accepted)")
	}
	return Type{}, damaged("an EBML header without a document type")
}

// detectPDF needs the end-of-file marker within the last kilobyte: a PDF cut short (an upload
// that stopped part-way) is refused.
func detectPDF(data []byte) (Type, error) {
	tail := data[max(0, len(data)-1024):]
	if !bytes.Contains(tail, []byte("%%EOF")) {
		return Type{}, damaged("the PDF has no end-of-file marker")
	}
	return TypePDF, nil
}

// detectOOXML opens the zip's central directory (at its end, so a truncated file fails) and
// needs [Content_Types].xml and the main part's folder: word/ for DOCX, ppt/ for PPTX. Other
// zips (XLSX, plain archives) are refused. Nothing is decompressed.
func detectOOXML(data []byte) (Type, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return Type{}, damaged("the zip archive cannot be read: %v", err)
	}
	var types, word, ppt bool
	for _, f := range zr.File {
		switch {
		case f.Name == "[Content_Types].xml":
			types = true
		case strings.HasPrefix(f.Name, "word/"):
			word = true
		case strings.HasPrefix(f.Name, "ppt/"):
			ppt = true
		}
	}
	switch {
	case types && word && !ppt:
		return TypeDOCX, nil
	case types && ppt && !word:
		return TypePPTX, nil
	}
	return Type{}, unknown("a zip archive that is not a Word or PowerPoint document")
}

// OLE compound file constants (MS-CFB).
const (
	cfbFreeSect   = 0xFFFFFFFF
	cfbEndOfChain = 0xFFFFFFFE
	cfbMaxSectors = 1 << 20
)

// detectOLE reads the compound file's directory (MS-CFB): a Word 97-2003 document has a
// WordDocument stream, a PowerPoint 97-2003 one a "PowerPoint Document" stream. Excel and
// other compound files are refused; a directory that points past the end of the file is a
// damaged (truncated) file.
func detectOLE(data []byte) (Type, error) {
	names, err := cfbStreamNames(data)
	if err != nil {
		return Type{}, err
	}
	switch {
	case names["WordDocument"]:
		return TypeDOC, nil
	case names["PowerPoint Document"]:
		return TypePPT, nil
	}
	return Type{}, unknown("an Office 97-2003 file that is not a Word or PowerPoint document")
}

func cfbStreamNames(data []byte) (map[string]bool, error) {
	if len(data) < 512 {
		return nil, damaged("the compound file header is cut short")
	}
	le := binary.LittleEndian
	shift := le.Uint16(data[0x1E:])
	if shift != 9 && shift != 12 {
		return nil, damaged("the compound file has sector shift %d", shift)
	}
	secSize := 1 << shift
	sector := func(n uint32) ([]byte, error) {
		off := (int64(n) + 1) * int64(secSize)
		if n >= cfbMaxSectors || off+int64(secSize) > int64(len(data)) {
			return nil, damaged("the compound file points past its end (sector %d)", n)
		}
		return data[off : off+int64(secSize)], nil
	}
	// The FAT's own sectors: 109 in the header, the rest in the DIFAT chain.
	numFAT := le.Uint32(data[0x2C:])
	if numFAT > cfbMaxSectors/(uint32(secSize)/4) {
		return nil, damaged("the compound file declares %d FAT sectors", numFAT)
	}
	var fatSectors []uint32
	for i := 0; i < 109 && uint32(len(fatSectors)) < numFAT; i++ {
		fatSectors = append(fatSectors, le.Uint32(data[0x4C+4*i:]))
	}
	next := le.Uint32(data[0x44:])
	for hops := 0; uint32(len(fatSectors)) < numFAT; hops++ {
		if next == cfbEndOfChain || next == cfbFreeSect || hops > cfbMaxSectors {
			return nil, damaged("the compound file's DIFAT chain ends early")
		}
		s, err := sector(next)
		if err != nil {
			return nil, err
		}
		per := secSize/4 - 1
		for i := 0; i < per && uint32(len(fatSectors)) < numFAT; i++ {
			fatSectors = append(fatSectors, le.Uint32(s[4*i:]))
		}
		next = le.Uint32(s[4*per:])
	}
	fat := make([]uint32, 0, len(fatSectors)*secSize/4)
	for _, fs := range fatSectors {
		s, err := sector(fs)
		if err != nil {
			return nil, err
		}
		for i := 0; i < secSize/4; i++ {
			fat = append(fat, le.Uint32(s[4*i:]))
		}
	}
	names := map[string]bool{}
	dir := le.Uint32(data[0x30:])
	for hops := 0; dir != cfbEndOfChain; hops++ {
		if hops > len(fat) || int(dir) >= len(fat) {
			return nil, damaged("the compound file's directory chain is broken")
		}
		s, err := sector(dir)
		if err != nil {
			return nil, err
		}
		for off := 0; off+128 <= secSize; off += 128 {
			e := s[off : off+128]
			n := int(le.Uint16(e[0x40:]))
			if e[0x42] != 2 || n < 2 || n > 64 {
				continue // not a stream, or an empty slot
			}
			u := make([]uint16, n/2-1)
			for i := range u {
				u[i] = le.Uint16(e[2*i:])
			}
			names[string(utf16.Decode(u))] = true
		}
		dir = fat[dir]
	}
	return names, nil
}
