package prepcourse

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"circle/internal/pdffile"
)

// A small PDF 1.4 writer for the Consultation Guide: US Letter pages of wrapped text in the
// standard Helvetica fonts (WinAnsiEncoding, which covers the accented letters of English,
// Spanish and French), framed by pdffile with a correct cross-reference table. No outside library.

const (
	pageW, pageH  = 612.0, 792.0
	margin        = 56.0
	bodySize      = 11.0
	lineGap       = 1.45
	avgCharFactor = 0.5 // Helvetica's average advance is about half the font size
)

// pdfLine is one line of text with its font and size.
type pdfLine struct {
	text string
	bold bool
	size float64
	// gap is extra space above the line, in points.
	gap float64
}

// pdfDoc collects lines and lays them out on pages.
type pdfDoc struct {
	lines []pdfLine
}

func (d *pdfDoc) heading(s string, size float64, gap float64) {
	for i, l := range wrap(s, size) {
		g := 0.0
		if i == 0 {
			g = gap
		}
		d.lines = append(d.lines, pdfLine{text: l, bold: true, size: size, gap: g})
	}
}

func (d *pdfDoc) para(s string, gap float64) {
	for i, l := range wrap(s, bodySize) {
		g := 0.0
		if i == 0 {
			g = gap
		}
		d.lines = append(d.lines, pdfLine{text: l, size: bodySize, gap: g})
	}
}

// wrap breaks s into lines that fit the text width at size.
func wrap(s string, size float64) []string {
	maxChars := int((pageW - 2*margin) / (size * avgCharFactor))
	var out []string
	line := ""
	for _, w := range strings.Fields(s) {
		switch {
		case line == "":
			line = w
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(w) <= maxChars:
			line += " " + w
		default:
			out = append(out, line)
			line = w
		}
	}
	if line != "" {
		out = append(out, line)
	}
	if len(out) == 0 {
		out = []string{""}
	}
	return out
}

// winAnsi maps the runes outside Latin-1 that the guide may use to their WinAnsiEncoding bytes.
var winAnsi = map[rune]byte{'€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '•': 0x95, '–': 0x96, '—': 0x97,
	'‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, 'œ': 0x9C, 'Œ': 0x8C}

// pdfString encodes s as a PDF literal string in WinAnsiEncoding.
func pdfString(s string) string {
	var b strings.Builder
	b.WriteByte('(')
	for _, r := range s {
		var c byte
		switch {
		case r == '(' || r == ')' || r == '\\':
			b.WriteByte('\\')
			c = byte(r)
		case r == '\u00a0' || r == '\u202f':
			c = ' '
		case r < 0x80 || (r >= 0xA0 && r <= 0xFF):
			c = byte(r)
		default:
			if m, ok := winAnsi[r]; ok {
				c = m
			} else {
				c = '?'
			}
		}
		if c < 0x20 || c > 0x7E {
			fmt.Fprintf(&b, "\\%03o", c)
			continue
		}
		b.WriteByte(c)
	}
	b.WriteByte(')')
	return b.String()
}

// render lays the lines out on pages and writes the PDF.
func (d *pdfDoc) render(footer string) []byte {
	// Content streams, one per page.
	var pages []string
	var cur strings.Builder
	y := pageH - margin
	pageNo := 1
	flush := func() {
		fmt.Fprintf(&cur, "BT /F1 9 Tf %.2f %.2f Td %s Tj ET\n", margin, margin/2, pdfString(fmt.Sprintf("%s - %d", footer, pageNo)))
		pages = append(pages, cur.String())
		cur.Reset()
		y = pageH - margin
		pageNo++
	}
	for _, l := range d.lines {
		step := l.size*lineGap + l.gap
		if y-step < margin {
			flush()
			step = l.size * lineGap
		}
		y -= step
		font := "F1"
		if l.bold {
			font = "F2"
		}
		fmt.Fprintf(&cur, "BT /%s %.1f Tf %.2f %.2f Td %s Tj ET\n", font, l.size, margin, y, pdfString(l.text))
	}
	flush()

	// Objects: 1 catalog, 2 pages, 3 Helvetica, 4 Helvetica-Bold, then a page and its
	// content stream for each page.
	var objs []string
	kids := make([]string, len(pages))
	for i := range pages {
		kids[i] = fmt.Sprintf("%d 0 R", 5+2*i)
	}
	objs = append(objs,
		"<< /Type /Catalog /Pages 2 0 R >>",
		fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", strings.Join(kids, " "), len(pages)),
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
	)
	for i, content := range pages {
		objs = append(objs,
			fmt.Sprintf("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %.0f %.0f] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents %d 0 R >>", pageW, pageH, 6+2*i),
			fmt.Sprintf("<< /Length %d >>\nstream\n%sendstream", len(content), content),
		)
	}
	return pdffile.Assemble(pdffile.BinaryHeader, objs)
}
