package media

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"
	"unicode/utf16"

	"circle/internal/apperr"
)

// Small fixtures, made here: no binary files are committed.

func pngOf(t testing.TB, w, h int, alpha bool) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			a := uint8(255)
			if alpha && x < w/2 {
				a = 100
			}
			img.SetNRGBA(x, y, color.NRGBA{uint8(x), uint8(y), 120, a})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// jpegWithEXIF is a JPEG carrying an APP1 Exif segment (a GPS position, say) and a comment.
func jpegWithEXIF(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 7)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	payload := append([]byte("Exif\x00\x00"), []byte("GPS-SECRET-40.7128N-74.0060W")...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	seg = append(seg, payload...)
	data := buf.Bytes()
	out := append([]byte{}, data[:2]...)
	out = append(out, seg...)
	return append(out, data[2:]...)
}

func pdfOf(body string) []byte {
	return []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n" + body + "\ntrailer << /Root 1 0 R >>\n%%EOF\n")
}

func zipOf(t testing.TB, names ...string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, n := range names {
		w, err := zw.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = w.Write([]byte("<xml/>"))
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// cfbOf is a minimal OLE compound file (one FAT sector, one directory sector) holding one
// stream of the given name.
func cfbOf(stream string) []byte {
	const sec = 512
	le := binary.LittleEndian
	data := make([]byte, 3*sec)
	copy(data, []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1})
	le.PutUint16(data[0x18:], 0x3E)
	le.PutUint16(data[0x1A:], 3)
	le.PutUint16(data[0x1C:], 0xFFFE)
	le.PutUint16(data[0x1E:], 9)
	le.PutUint16(data[0x20:], 6)
	le.PutUint32(data[0x2C:], 1)      // one FAT sector
	le.PutUint32(data[0x30:], 1)      // directory at sector 1
	le.PutUint32(data[0x38:], 0x1000) // mini stream cutoff
	le.PutUint32(data[0x3C:], cfbEndOfChain)
	le.PutUint32(data[0x44:], cfbEndOfChain)
	for i := 0; i < 109; i++ {
		le.PutUint32(data[0x4C+4*i:], cfbFreeSect)
	}
	le.PutUint32(data[0x4C:], 0) // the FAT is sector 0
	fat := data[sec : 2*sec]
	for i := 0; i < sec/4; i++ {
		le.PutUint32(fat[4*i:], cfbFreeSect)
	}
	le.PutUint32(fat[0:], 0xFFFFFFFD)    // FAT sector
	le.PutUint32(fat[4:], cfbEndOfChain) // directory: one sector
	dir := data[2*sec : 3*sec]
	entry := func(off int, name string, typ byte) {
		u := utf16.Encode([]rune(name))
		for i, c := range u {
			le.PutUint16(dir[off+2*i:], c)
		}
		le.PutUint16(dir[off+0x40:], uint16(2*len(u)+2))
		dir[off+0x42] = typ
	}
	entry(0, "Root Entry", 5)
	entry(128, stream, 2)
	return data
}

func mp4Of(brand string) []byte {
	b := make([]byte, 0, 64)
	b = append(b, 0, 0, 0, 0x18)
	b = append(b, []byte("ftyp"+brand)...)
	b = append(b, 0, 0, 2, 0)
	b = append(b, []byte(brand+"mp41")...)
	return append(b, []byte("\x00\x00\x00\x08free")...)
}

// TestF_ENG_05_DetectByContent: every accepted type is read from its bytes; names play no part
// (Detect never sees one); an executable, a script, an XLSX, an Excel compound file and audio
// are refused as the wrong type; truncated PDFs, Office files and boxes are refused as damaged.
func TestF_ENG_05_DetectByContent(t *testing.T) {
	docx := zipOf(t, "[Content_Types].xml", "_rels/.rels", "word/document.xml")
	for _, c := range []struct {
		name string
		data []byte
		want Type
	}{
		{"png", pngOf(t, 4, 4, false), TypePNG},
		{"jpeg", jpegWithEXIF(t, 8, 8), TypeJPEG},
		{"gif", []byte("GIF89a\x01\x00\x01\x00"), TypeGIF},
		{"webp", []byte("RIFF\x24\x00\x00\x00WEBPVP8 "), TypeWebP},
		{"mp4", mp4Of("isom"), TypeMP4},
		{"quicktime", mp4Of("qt  "), TypeMOV},
		{"webm", append([]byte{0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x82, 0x84}, []byte("webm\x42\x87")...), TypeWebM},
		{"pdf", pdfOf("stream"), TypePDF},
		{"doc", cfbOf("WordDocument"), TypeDOC},
		{"ppt", cfbOf("PowerPoint Document"), TypePPT},
		{"docx", docx, TypeDOCX},
		{"pptx", zipOf(t, "[Content_Types].xml", "ppt/presentation.xml", "ppt/slides/slide1.xml"), TypePPTX},
	} {
		got, err := Detect(c.data)
		if err != nil || got != c.want {
			t.Errorf("%s: %+v %v, want %+v", c.name, got, err, c.want)
		}
	}
	exe := append([]byte("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff"), bytes.Repeat([]byte{0}, 200)...)
	for _, c := range []struct {
		name    string
		data    []byte
		damaged bool
	}{
		{"exe renamed .pdf", exe, false},
		{"html", []byte("<!doctype html><script>alert(1)</script>"), false},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`), false},
		{"xlsx", zipOf(t, "[Content_Types].xml", "xl/workbook.xml"), false},
		{"plain zip", zipOf(t, "a.txt"), false},
		{"xls", cfbOf("Workbook"), false},
		{"m4a", mp4Of("M4A "), false},
		{"matroska", append([]byte{0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x82, 0x88}, []byte("matroska")...), false},
		{"empty", nil, false},
		{"pdf cut short", pdfOf("stream")[:40], true},
		{"docx cut short", docx[:len(docx)-30], true},
		{"doc cut short", cfbOf("WordDocument")[:1000], true},
		{"doc header only", cfbOf("WordDocument")[:300], true},
		{"ftyp box cut short", mp4Of("isom")[:12], true},
	} {
		got, err := Detect(c.data)
		if err == nil {
			t.Errorf("%s: accepted as %+v", c.name, got)
			continue
		}
		if IsDamaged(err) != c.damaged {
			t.Errorf("%s: damaged %v, want %v (%v)", c.name, IsDamaged(err), c.damaged, err)
		}
	}
}

// TestF_ENG_05_CheckNamesTheFieldAndLimits: the refusals name the field "file" with their
// keys; each kind has its own size limit (a 12 MB PDF passes, a 12 MB PNG does not).
func TestF_ENG_05_CheckNamesTheFieldAndLimits(t *testing.T) {
	field := func(err error) (apperr.Code, string) {
		e, ok := apperr.As(err)
		if !ok || len(e.Fields) != 1 || e.Fields[0].Field != "file" {
			t.Fatalf("not a field error naming file: %#v", err)
		}
		return e.Code, e.Fields[0].Key
	}
	if c, k := field(func() error { _, err := Check([]byte("MZ\x90\x00 not a pdf")); return err }()); c != apperr.Invalid || k != KeyType {
		t.Errorf("exe: %s %s", c, k)
	}
	if c, k := field(func() error { _, err := Check(pdfOf("x")[:20]); return err }()); c != apperr.Invalid || k != KeyDamaged {
		t.Errorf("truncated pdf: %s %s", c, k)
	}
	big := pdfOf(string(bytes.Repeat([]byte("0"), 12<<20)))
	if got, err := Check(big); err != nil || got != TypePDF {
		t.Errorf("12 MB pdf: %v", err)
	}
	bigPNG := append(pngOf(t, 2, 2, false), bytes.Repeat([]byte{0}, 12<<20)...)
	_, err := Check(bigPNG)
	if c, k := field(err); c != apperr.TooLarge || k != KeyTooLarge {
		t.Errorf("12 MB png: %s %s", c, k)
	}
	if e, _ := apperr.As(err); e.Message != "The file is 12.1 MB; images may be at most 10 MB." {
		t.Errorf("message: %q", e.Message)
	}
	oversize := pdfOf(string(bytes.Repeat([]byte("0"), MaxDocumentBytes)))
	if _, err := Check(oversize); apperr.CodeOf(err) != apperr.TooLarge {
		t.Errorf("26 MB pdf: %v", err)
	}
}

// TestF_ENG_05_ImagesReencodedAndResized: a JPEG's EXIF segment is gone from every size; the
// original is capped at 2560 px, the detail fits 1600x900, the card is a 16:9 crop at 800x450;
// small pictures are never enlarged; transparency keeps PNG; a decompression bomb is refused
// before decoding.
func TestF_ENG_05_ImagesReencodedAndResized(t *testing.T) {
	src := jpegWithEXIF(t, 3000, 2000)
	if !bytes.Contains(src, []byte("GPS-SECRET")) {
		t.Fatal("the fixture has no EXIF")
	}
	rs, err := Renditions(src, TypeJPEG)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][2]int{VariantOriginal: {2560, 1706}, VariantDetail: {1350, 900}, VariantCard: {800, 450}}
	if len(rs) != 3 {
		t.Fatalf("%d renditions", len(rs))
	}
	for _, r := range rs {
		if bytes.Contains(r.Data, []byte("GPS-SECRET")) || bytes.Contains(r.Data, []byte("Exif")) {
			t.Errorf("%s keeps the EXIF segment", r.Name)
		}
		cfg, format, err := image.DecodeConfig(bytes.NewReader(r.Data))
		if err != nil || format != "jpeg" || r.Type != TypeJPEG {
			t.Fatalf("%s: %s %v", r.Name, format, err)
		}
		if w := want[r.Name]; cfg.Width != w[0] || cfg.Height != w[1] || r.Width != w[0] || r.Height != w[1] {
			t.Errorf("%s: %dx%d, want %v", r.Name, cfg.Width, cfg.Height, w)
		}
	}

	small, err := Renditions(pngOf(t, 100, 50, true), TypePNG)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range small {
		if r.Type != TypePNG {
			t.Errorf("%s: %s, want PNG (transparency)", r.Name, r.Type.ContentType)
		}
	}
	if o, c := small[0], small[2]; o.Width != 100 || o.Height != 50 || c.Width != 88 || c.Height != 50 {
		t.Errorf("small: original %dx%d card %dx%d", o.Width, o.Height, c.Width, c.Height)
	}

	// A PNG header claiming 10000x10000 pixels: refused from its header.
	bomb := pngOf(t, 1, 1, false)
	binary.BigEndian.PutUint32(bomb[16:], 10000)
	binary.BigEndian.PutUint32(bomb[20:], 10000)
	var bad *ErrImage
	if _, err := Renditions(bomb, TypePNG); err == nil || !asErrImage(err, &bad) {
		t.Errorf("bomb: %v", err)
	}
	if _, err := Renditions(pngOf(t, 4, 4, false)[:30], TypePNG); !asErrImage(err, &bad) {
		t.Errorf("truncated png: %v", err)
	}
}

// TestF_ENG_05_ExifOrientationApplied: a phone photo stored landscape with orientation 6 (turn
// 90° clockwise) comes out portrait, its top-left corner where the turn puts it, and without
// the EXIF segment.
func TestF_ENG_05_ExifOrientationApplied(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 40, 20))
	for i := range img.Pix {
		img.Pix[i] = 255
	}
	for y := 0; y < 6; y++ { // a dark mark in the top-left corner
		for x := 0; x < 6; x++ {
			img.Set(x, y, color.RGBA{0, 0, 0, 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 95}); err != nil {
		t.Fatal(err)
	}
	// Exif APP1: big-endian TIFF, IFD0 with one entry, orientation (0x0112) SHORT 6.
	tiff := []byte{'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0}
	payload := append([]byte("Exif\x00\x00"), tiff...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	data := append(append(append([]byte{}, buf.Bytes()[:2]...), append(seg, payload...)...), buf.Bytes()[2:]...)
	if jpegOrientation(data) != 6 {
		t.Fatalf("orientation %d", jpegOrientation(data))
	}
	rs, err := Renditions(data, TypeJPEG)
	if err != nil {
		t.Fatal(err)
	}
	o := rs[0]
	if o.Width != 20 || o.Height != 40 || bytes.Contains(o.Data, []byte("Exif")) {
		t.Fatalf("original %dx%d", o.Width, o.Height)
	}
	out, err := jpeg.Decode(bytes.NewReader(o.Data))
	if err != nil {
		t.Fatal(err)
	}
	// Turned clockwise, the top-left mark is now top-right.
	if r, _, _, _ := out.At(17, 2).RGBA(); r > 0x4000 {
		t.Errorf("top-right is light (%x): not turned", r)
	}
	if r, _, _, _ := out.At(2, 2).RGBA(); r < 0xC000 {
		t.Errorf("top-left is dark (%x)", r)
	}
	if jpegOrientation(jpegWithEXIF(t, 8, 8)) != 1 {
		t.Error("an EXIF segment without the tag reads as turned")
	}
}

func asErrImage(err error, target **ErrImage) bool {
	e, ok := err.(*ErrImage)
	if ok {
		*target = e
	}
	return ok
}

func TestF_ENG_05_CleanNameAndDownloadName(t *testing.T) {
	for in, want := range map[string]string{
		`C:\Users\me\Report "Q3".pdf`: "Report Q3.pdf",
		"../../etc/passwd":            "passwd",
		"a\x00b\nc.png":               "abc.png",
		"   ":                         "file",
	} {
		if got := CleanName(in); got != want {
			t.Errorf("CleanName(%q) = %q, want %q", in, got, want)
		}
	}
	f := File{Name: "report.pdf", Key: "k", ContentType: "image/png"}
	v, _ := f.Variant("")
	if got := f.DownloadName(v); got != "report.pdf.png" {
		t.Errorf("download name: %q", got)
	}
	if _, ok := f.Variant("card"); ok {
		t.Error("a document has no card size")
	}
}
