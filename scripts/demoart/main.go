// Command demoart draws the demo catalogue's pictures: a scene for every service picture and
// funnel image, a monogram logo for every vendor, a portrait for every representative, the
// images and one-page PDFs of vendor content. It reads the URLs from demo.Build, so every
// /demo/ address the demo data uses gets a file, and writes them under -out (the directory
// internal/demo embeds). The output depends only on the demo data: the same data always draws
// the same bytes.
//
//	go generate ./internal/demo   (runs: go run ../../scripts/demoart -out assets)
//
// Videos under /demo/media/ are not drawn; the server answers them 404.
package main

import (
	"flag"
	"fmt"
	"hash/fnv"
	"log"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"circle/internal/demo"
	"circle/internal/pdffile"
)

func main() {
	out := flag.String("out", "internal/demo/assets", "directory to write the files into (replaced)")
	flag.Parse()
	files, err := draw(demo.Build(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)))
	if err != nil {
		log.Fatal(err)
	}
	if err := os.RemoveAll(*out); err != nil {
		log.Fatal(err)
	}
	total := 0
	for name, body := range files {
		p := filepath.Join(*out, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			log.Fatal(err)
		}
		if err := os.WriteFile(p, body, 0o644); err != nil {
			log.Fatal(err)
		}
		total += len(body)
	}
	fmt.Printf("demoart: %d files, %d bytes in %s\n", len(files), total, *out)
}

// draw returns every file by its path under /demo/.
func draw(d demo.Data) (map[string][]byte, error) {
	files := map[string][]byte{}
	add := func(url string, body []byte) {
		name, ok := strings.CutPrefix(url, "/demo/")
		if !ok {
			return
		}
		if _, seen := files[name]; !seen {
			// A funnel image may reuse a service's picture; the first drawing stands.
			files[name] = body
		}
	}

	categoryOfVendor := map[string]string{}
	lobbyOfVendor := map[string]string{}
	rotation := map[string]int{} // services drawn so far per category, so look-alikes differ
	turn := map[string]int{}     // a service's place in its category
	for _, sp := range d.Services {
		s := sp.Service
		if s.VendorID != nil && categoryOfVendor[*s.VendorID] == "" {
			categoryOfVendor[*s.VendorID] = s.Category
			lobbyOfVendor[*s.VendorID] = s.LobbyCategory
		}
		turn[s.ID] = rotation[s.Category]
		rotation[s.Category]++
		add(s.ImageURL, scene(s.ImageURL, s.Category, s.LobbyCategory, turn[s.ID], ""))
	}
	// Funnel images after every card picture: a funnel that shows another service's card
	// picture shows it as the card does, without a caption.
	for _, sp := range d.Services {
		s := sp.Service
		if s.FunnelContent == nil {
			continue
		}
		for j, m := range s.FunnelContent.Media {
			if m.Type == "image" {
				add(m.URL, scene(m.URL, s.Category, s.LobbyCategory, turn[s.ID]+j+1, m.Title))
			}
			if m.Thumbnail != "" {
				add(m.Thumbnail, videoThumbnail())
			}
		}
	}
	vendorName := map[string]string{}
	for _, v := range d.Vendors {
		vendorName[v.ID] = v.Name
		add(v.LogoURL, logo(v.Name))
	}
	for _, r := range d.Representatives {
		add(r.ProfilePictureURL, portrait(r.Name))
	}
	for j, c := range d.Content {
		switch c.ContentType {
		case "image":
			body := scene(c.ContentURL, categoryOfVendor[c.VendorID], lobbyOfVendor[c.VendorID], j, c.Title)
			add(c.ContentURL, body)
		case "document":
			add(c.ContentURL, pdf(c.Title, vendorName[c.VendorID]))
			add(c.ThumbnailURL, documentThumbnail())
		case "video_youtube":
			add(c.ThumbnailURL, videoThumbnail())
		}
	}
	var missing []string
	for _, url := range d.Links() {
		if _, ok := files[strings.TrimPrefix(url, "/demo/")]; !ok && !demo.IsVideo(url) {
			missing = append(missing, url)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("no drawing for %s", strings.Join(missing, ", "))
	}
	return files, nil
}

// rng is a generator seeded by a name, so each picture is stable and different from the others.
func rng(name string) *rand.Rand {
	h := fnv.New64a()
	_, _ = h.Write([]byte(name))
	s := h.Sum64()
	return rand.New(rand.NewPCG(s, s^0x9e3779b97f4a7c15))
}

// palette is the colours of one picture.
type palette struct {
	BG1, BG2, P, S, A, D string
}

var palettes = []palette{
	{"#e0f2fe", "#bae6fd", "#0284c7", "#38bdf8", "#f59e0b", "#0c4a6e"}, // sky
	{"#ccfbf1", "#99f6e4", "#0d9488", "#5eead4", "#f97316", "#134e4a"}, // teal
	{"#ffe4e6", "#fecdd3", "#e11d48", "#fb7185", "#facc15", "#4c0519"}, // rose
	{"#ede9fe", "#ddd6fe", "#7c3aed", "#a78bfa", "#22c55e", "#2e1065"}, // violet
	{"#dcfce7", "#bbf7d0", "#16a34a", "#4ade80", "#f59e0b", "#14532d"}, // green
	{"#fef3c7", "#fde68a", "#d97706", "#fbbf24", "#2563eb", "#451a03"}, // amber
	{"#e0e7ff", "#c7d2fe", "#4f46e5", "#818cf8", "#f43f5e", "#1e1b4b"}, // indigo
	{"#ffedd5", "#fed7aa", "#ea580c", "#fb923c", "#0891b2", "#431407"}, // orange
	{"#f1f5f9", "#e2e8f0", "#334155", "#64748b", "#10b981", "#0f172a"}, // slate
	{"#fae8ff", "#f5d0fe", "#c026d3", "#e879f9", "#0ea5e9", "#4a044e"}, // fuchsia
}

func (p palette) fill(svg string) string {
	return strings.NewReplacer("{P}", p.P, "{S}", p.S, "{A}", p.A, "{D}", p.D, "{W}", "#ffffff", "{L}", p.BG1).Replace(svg)
}

// motifsByCategory names the drawings that fit each service category, the first being the
// main one. Services of one category take turns at the head of the list.
var motifsByCategory = map[string][]string{
	"Mortgage":                 {"coins", "house", "percent", "key"},
	"Finance":                  {"coins", "calculator", "chart"},
	"Accounting":               {"calculator", "coins", "document"},
	"AI Tools":                 {"robot", "sparkle", "phone", "chart"},
	"Title & Escrow":           {"document", "key", "shield"},
	"Legal":                    {"scales", "document", "shield"},
	"Compliance":               {"shield", "document", "key"},
	"Transaction Coordination": {"calendar", "document", "key"},
	"Health Insurance":         {"heart", "shield", "document"},
	"Wellness":                 {"leaf", "heart", "sparkle"},
	"Print Marketing":          {"envelope", "house", "megaphone"},
	"Lead Generation":          {"target", "megaphone", "phone"},
	"Branding":                 {"megaphone", "sign", "sparkle"},
	"Signage":                  {"sign", "house", "megaphone"},
	"Open House":               {"sign", "balloons", "house"},
	"Presentations":            {"chart", "target", "document"},
	"Data & Analytics":         {"chart", "pin", "target"},
	"Websites / IDX":           {"browser", "house", "pin"},
	"SEO":                      {"browser", "magnifier", "target"},
	"CRM":                      {"phone", "calendar", "target"},
	"Dialers":                  {"headset", "phone", "calendar"},
	"Virtual Assistants":       {"headset", "calendar", "phone"},
	"Continuing Education":     {"cap", "document", "chart"},
	"Coaching":                 {"target", "cap", "sparkle"},
	"Client Events":            {"balloons", "calendar", "gift"},
	"Client Gifting":           {"gift", "heart", "house"},
	"Pop-By Kits":              {"gift", "balloons", "heart"},
	"Photography":              {"camera", "drone", "house"},
	"Video Marketing":          {"play", "camera", "megaphone"},
	"Virtual Tours":            {"play", "house", "camera"},
	"Lockboxes":                {"lockbox", "key", "house"},
	"Home Inspection":          {"magnifier", "document", "tools"},
	"Staging":                  {"sofa", "sparkle", "house"},
	"Moving":                   {"truck", "house", "key"},
	"Home Warranty":            {"shield", "house", "tools"},
	"Renovation":               {"tools", "house", "calendar"},
	"Repairs":                  {"tools", "house", "sparkle"},
	"Cleaning":                 {"sparkle", "house", "leaf"},
}

// motifs are drawings in a 200 x 200 box with colour slots {P} primary, {S} secondary,
// {A} accent, {D} dark, {W} white and {L} light.
var motifs = map[string]string{
	"house": `<rect x="128" y="44" width="16" height="40" fill="{D}"/>
<path d="M24 104 L100 38 L176 104 Z" fill="{P}"/>
<rect x="46" y="98" width="108" height="78" rx="4" fill="{W}" stroke="{D}" stroke-width="4"/>
<rect x="87" y="124" width="28" height="52" rx="3" fill="{S}"/><circle cx="109" cy="152" r="3" fill="{D}"/>
<rect x="58" y="112" width="22" height="22" rx="2" fill="{A}"/><rect x="122" y="112" width="22" height="22" rx="2" fill="{A}"/>`,
	"coins": `<ellipse cx="78" cy="160" rx="46" ry="14" fill="{A}" stroke="{D}" stroke-width="3"/>
<ellipse cx="78" cy="142" rx="46" ry="14" fill="{A}" stroke="{D}" stroke-width="3"/>
<ellipse cx="78" cy="124" rx="46" ry="14" fill="{A}" stroke="{D}" stroke-width="3"/>
<ellipse cx="78" cy="106" rx="46" ry="14" fill="{A}" stroke="{D}" stroke-width="3"/>
<circle cx="138" cy="66" r="40" fill="{P}" stroke="{D}" stroke-width="3"/>
<text x="138" y="82" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-weight="700" font-size="46" fill="{W}">$</text>`,
	"percent": `<circle cx="100" cy="100" r="72" fill="{P}"/><circle cx="100" cy="100" r="58" fill="none" stroke="{W}" stroke-width="3" stroke-dasharray="6 8"/>
<circle cx="74" cy="76" r="14" fill="{W}"/><circle cx="126" cy="124" r="14" fill="{W}"/>
<path d="M132 64 L68 136" stroke="{W}" stroke-width="12" stroke-linecap="round"/>`,
	"key": `<circle cx="64" cy="100" r="32" fill="none" stroke="{A}" stroke-width="15"/>
<rect x="92" y="92" width="88" height="16" rx="5" fill="{A}"/>
<rect x="150" y="104" width="12" height="24" rx="2" fill="{A}"/><rect x="128" y="104" width="12" height="16" rx="2" fill="{A}"/>
<circle cx="64" cy="100" r="10" fill="{D}" opacity=".25"/>`,
	"calculator": `<rect x="48" y="24" width="104" height="152" rx="14" fill="{D}"/>
<rect x="60" y="38" width="80" height="32" rx="5" fill="{L}"/>
<rect x="66" y="48" width="52" height="12" rx="3" fill="{P}" opacity=".6"/>
<g fill="{W}"><rect x="60" y="82" width="20" height="18" rx="4"/><rect x="90" y="82" width="20" height="18" rx="4"/><rect x="60" y="108" width="20" height="18" rx="4"/><rect x="90" y="108" width="20" height="18" rx="4"/><rect x="60" y="134" width="20" height="18" rx="4"/><rect x="90" y="134" width="20" height="18" rx="4"/></g>
<rect x="120" y="82" width="20" height="70" rx="4" fill="{A}"/>`,
	"chart": `<rect x="32" y="36" width="136" height="96" rx="8" fill="{D}"/><rect x="40" y="44" width="120" height="78" rx="3" fill="{W}"/>
<rect x="54" y="94" width="14" height="20" rx="2" fill="{P}"/><rect x="76" y="80" width="14" height="34" rx="2" fill="{S}"/><rect x="98" y="86" width="14" height="28" rx="2" fill="{P}"/><rect x="120" y="66" width="14" height="48" rx="2" fill="{A}"/>
<path d="M52 78 L82 64 L104 70 L140 52" fill="none" stroke="{A}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>
<path d="M18 134 H182 L170 150 H30 Z" fill="{S}"/>`,
	"robot": `<line x1="100" y1="54" x2="100" y2="32" stroke="{D}" stroke-width="5"/><circle cx="100" cy="28" r="9" fill="{A}"/>
<rect x="44" y="54" width="112" height="90" rx="24" fill="{P}"/>
<rect x="32" y="84" width="14" height="32" rx="6" fill="{D}"/><rect x="154" y="84" width="14" height="32" rx="6" fill="{D}"/>
<circle cx="76" cy="94" r="15" fill="{W}"/><circle cx="124" cy="94" r="15" fill="{W}"/><circle cx="78" cy="96" r="7" fill="{D}"/><circle cx="126" cy="96" r="7" fill="{D}"/>
<rect x="76" y="120" width="48" height="8" rx="4" fill="{W}"/>
<rect x="70" y="148" width="60" height="28" rx="10" fill="{S}"/>`,
	"sparkle": `<path d="M100 20 C108 80 120 92 180 100 C120 108 108 120 100 180 C92 120 80 108 20 100 C80 92 92 80 100 20 Z" fill="{A}"/>
<path d="M156 28 C159 44 162 47 178 50 C162 53 159 56 156 72 C153 56 150 53 134 50 C150 47 153 44 156 28 Z" fill="{P}"/>
<path d="M44 138 C46 150 50 154 62 156 C50 158 46 162 44 174 C42 162 38 158 26 156 C38 154 42 150 44 138 Z" fill="{S}"/>`,
	"phone": `<rect x="58" y="18" width="84" height="164" rx="16" fill="{D}"/><rect x="66" y="32" width="68" height="134" rx="6" fill="{W}"/>
<rect x="72" y="42" width="46" height="18" rx="9" fill="{P}"/><rect x="84" y="68" width="44" height="18" rx="9" fill="{S}"/>
<rect x="72" y="94" width="38" height="18" rx="9" fill="{P}"/><rect x="90" y="120" width="38" height="18" rx="9" fill="{S}"/>
<rect x="88" y="170" width="24" height="5" rx="2" fill="{W}" opacity=".6"/>
<path d="M146 40 h40 a8 8 0 0 1 8 8 v24 a8 8 0 0 1 -8 8 h-22 l-12 12 v-12 h-6 a8 8 0 0 1 -8 -8 v-24 a8 8 0 0 1 8 -8 z" fill="{A}"/>
<circle cx="156" cy="60" r="4" fill="{W}"/><circle cx="168" cy="60" r="4" fill="{W}"/><circle cx="180" cy="60" r="4" fill="{W}"/>`,
	"document": `<path d="M52 22 H128 L152 46 V176 a6 6 0 0 1 -6 6 H52 a6 6 0 0 1 -6 -6 V28 a6 6 0 0 1 6 -6 Z" fill="{W}" stroke="{D}" stroke-width="4"/>
<path d="M128 22 V46 H152" fill="{L}" stroke="{D}" stroke-width="4" stroke-linejoin="round"/>
<g fill="{D}" opacity=".3"><rect x="62" y="56" width="70" height="8" rx="4"/><rect x="62" y="74" width="60" height="8" rx="4"/><rect x="62" y="92" width="72" height="8" rx="4"/><rect x="62" y="110" width="44" height="8" rx="4"/></g>
<path d="M116 150 l-8 34 l20 -12 l20 12 l-8 -34 z" fill="{P}"/>
<circle cx="128" cy="146" r="24" fill="{A}"/><path d="M117 146 l8 8 l15 -16" fill="none" stroke="{W}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`,
	"scales": `<rect x="94" y="36" width="12" height="128" rx="4" fill="{D}"/><rect x="60" y="162" width="80" height="14" rx="6" fill="{D}"/>
<rect x="30" y="50" width="140" height="10" rx="5" fill="{D}"/><circle cx="100" cy="40" r="10" fill="{A}"/>
<path d="M44 60 L24 118 M44 60 L64 118 M156 60 L136 118 M156 60 L176 118" stroke="{D}" stroke-width="3"/>
<path d="M18 118 h52 a26 22 0 0 1 -52 0 z" fill="{P}"/><path d="M130 118 h52 a26 22 0 0 1 -52 0 z" fill="{S}"/>`,
	"shield": `<path d="M100 20 L164 44 V98 C164 142 134 168 100 182 C66 168 36 142 36 98 V44 Z" fill="{P}"/>
<path d="M100 36 L150 55 V98 C150 132 128 153 100 165 Z" fill="{W}" opacity=".18"/>
<path d="M70 100 l20 21 l42 -46" fill="none" stroke="{W}" stroke-width="13" stroke-linecap="round" stroke-linejoin="round"/>`,
	"calendar": `<rect x="34" y="40" width="132" height="130" rx="12" fill="{W}" stroke="{D}" stroke-width="4"/>
<path d="M34 52 a12 12 0 0 1 12 -12 h108 a12 12 0 0 1 12 12 v22 h-132 z" fill="{P}"/>
<rect x="62" y="26" width="10" height="28" rx="5" fill="{D}"/><rect x="128" y="26" width="10" height="28" rx="5" fill="{D}"/>
<g fill="{D}" opacity=".25"><rect x="50" y="88" width="18" height="16" rx="3"/><rect x="78" y="88" width="18" height="16" rx="3"/><rect x="106" y="88" width="18" height="16" rx="3"/><rect x="134" y="88" width="18" height="16" rx="3"/><rect x="50" y="114" width="18" height="16" rx="3"/><rect x="78" y="114" width="18" height="16" rx="3"/><rect x="50" y="140" width="18" height="16" rx="3"/><rect x="78" y="140" width="18" height="16" rx="3"/></g>
<circle cx="136" cy="138" r="22" fill="{A}"/><path d="M126 138 l7 7 l13 -14" fill="none" stroke="{W}" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`,
	"heart": `<path d="M100 172 C38 128 22 98 22 70 A40 40 0 0 1 100 54 A40 40 0 0 1 178 70 C178 98 162 128 100 172 Z" fill="{P}"/>
<polyline points="36,104 74,104 88,78 106,132 120,94 130,104 164,104" fill="none" stroke="{W}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`,
	"leaf": `<path d="M40 164 C40 84 90 36 170 30 C166 112 120 160 40 164 Z" fill="{P}"/>
<path d="M44 160 C80 120 112 90 150 52" fill="none" stroke="{W}" stroke-width="5" stroke-linecap="round"/>
<path d="M86 116 L80 84 M108 94 L104 66 M96 106 L124 110 M118 84 L144 86" stroke="{W}" stroke-width="3" stroke-linecap="round" opacity=".8"/>
<circle cx="150" cy="150" r="22" fill="{A}"/><circle cx="150" cy="150" r="10" fill="{W}" opacity=".6"/>`,
	"envelope": `<rect x="24" y="52" width="152" height="104" rx="10" fill="{W}" stroke="{D}" stroke-width="4"/>
<path d="M28 58 L100 112 L172 58" fill="none" stroke="{D}" stroke-width="4" stroke-linejoin="round"/>
<rect x="136" y="64" width="26" height="30" rx="3" fill="{A}"/><path d="M143 84 l6 -10 l6 10 z" fill="{W}"/>
<path d="M28 152 L80 106 M172 152 L120 106" stroke="{D}" stroke-width="3" opacity=".5"/>
<path d="M0 30 h30 M8 44 h20 M176 170 h24 M170 184 h18" stroke="{P}" stroke-width="5" stroke-linecap="round"/>`,
	"target": `<circle cx="94" cy="106" r="70" fill="{P}"/><circle cx="94" cy="106" r="52" fill="{W}"/><circle cx="94" cy="106" r="34" fill="{P}"/><circle cx="94" cy="106" r="15" fill="{A}"/>
<path d="M96 104 L168 32" stroke="{D}" stroke-width="6" stroke-linecap="round"/>
<path d="M168 32 l-2 -18 l16 16 z M168 32 l18 2 l-16 -16 z" fill="{D}"/>`,
	"megaphone": `<path d="M44 84 L132 46 V154 L44 116 Z" fill="{P}"/>
<rect x="28" y="80" width="22" height="40" rx="6" fill="{D}"/>
<rect x="128" y="40" width="16" height="120" rx="7" fill="{D}"/>
<path d="M58 118 l10 44 h18 l-8 -36 z" fill="{S}"/>
<path d="M158 76 q14 24 0 48 M170 62 q24 38 0 76" fill="none" stroke="{A}" stroke-width="6" stroke-linecap="round"/>`,
	"sign": `<rect x="44" y="30" width="11" height="150" rx="3" fill="{D}"/><rect x="44" y="40" width="120" height="10" rx="3" fill="{D}"/>
<path d="M72 50 v22 M144 50 v22" stroke="{D}" stroke-width="3"/>
<rect x="58" y="70" width="104" height="64" rx="6" fill="{P}"/>
<text x="110" y="112" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-weight="700" font-size="26" fill="{W}">SOLD</text>
<rect x="68" y="140" width="84" height="16" rx="4" fill="{A}"/>
<rect x="24" y="176" width="152" height="8" rx="4" fill="{S}"/>`,
	"balloons": `<path d="M66 108 q8 36 32 72 M134 104 q-8 40 -34 76 M100 92 q-4 44 0 88" stroke="{D}" stroke-width="2" fill="none"/>
<ellipse cx="66" cy="76" rx="28" ry="34" fill="{P}"/><ellipse cx="134" cy="72" rx="28" ry="34" fill="{A}"/><ellipse cx="100" cy="58" rx="30" ry="36" fill="{S}"/>
<path d="M60 60 q4 -10 12 -12 M128 56 q4 -10 12 -12 M94 40 q4 -10 12 -12" stroke="{W}" stroke-width="4" fill="none" stroke-linecap="round" opacity=".7"/>`,
	"gift": `<rect x="36" y="86" width="128" height="90" rx="8" fill="{P}"/><rect x="28" y="64" width="144" height="30" rx="8" fill="{S}"/>
<rect x="92" y="64" width="16" height="112" fill="{A}"/>
<path d="M100 64 C76 30 50 40 60 58 C66 66 84 66 100 64 Z M100 64 C124 30 150 40 140 58 C134 66 116 66 100 64 Z" fill="{A}" stroke="{D}" stroke-width="2"/>`,
	"pin": `<path d="M100 20 a50 50 0 0 1 50 50 c0 40 -50 100 -50 100 s-50 -60 -50 -100 a50 50 0 0 1 50 -50 z" fill="{P}"/>
<circle cx="100" cy="70" r="20" fill="{W}"/><ellipse cx="100" cy="178" rx="34" ry="8" fill="{D}" opacity=".2"/>`,
	"browser": `<rect x="20" y="34" width="160" height="124" rx="10" fill="{W}" stroke="{D}" stroke-width="4"/>
<path d="M20 44 a10 10 0 0 1 10 -10 h140 a10 10 0 0 1 10 10 v14 h-160 z" fill="{P}"/>
<circle cx="34" cy="46" r="4" fill="{W}"/><circle cx="46" cy="46" r="4" fill="{W}"/><circle cx="58" cy="46" r="4" fill="{W}"/>
<rect x="32" y="68" width="72" height="54" rx="4" fill="{S}"/><path d="M40 116 l18 -22 l14 14 l10 -8 l16 16 z" fill="{W}" opacity=".7"/>
<g fill="{D}" opacity=".3"><rect x="114" y="70" width="54" height="8" rx="4"/><rect x="114" y="86" width="44" height="8" rx="4"/><rect x="114" y="102" width="50" height="8" rx="4"/><rect x="32" y="132" width="136" height="8" rx="4"/></g>
<rect x="114" y="118" width="40" height="10" rx="5" fill="{A}"/>`,
	"magnifier": `<rect x="40" y="92" width="76" height="58" rx="3" fill="{W}" stroke="{D}" stroke-width="3"/><path d="M32 96 L78 58 L124 96 Z" fill="{S}"/>
<rect x="70" y="118" width="16" height="32" fill="{A}"/>
<circle cx="112" cy="94" r="46" fill="{W}" fill-opacity=".35" stroke="{P}" stroke-width="12"/>
<path d="M146 128 L178 162" stroke="{D}" stroke-width="16" stroke-linecap="round"/>`,
	"tools": `<g transform="rotate(-38 100 100)"><rect x="92" y="62" width="16" height="120" rx="6" fill="{S}"/><rect x="60" y="36" width="80" height="32" rx="6" fill="{D}"/></g>
<g transform="rotate(38 100 100)"><rect x="93" y="62" width="14" height="116" rx="7" fill="{A}"/><circle cx="100" cy="50" r="26" fill="{A}"/><rect x="91" y="20" width="18" height="30" rx="3" fill="{W}"/></g>`,
	"sofa": `<rect x="132" y="22" width="44" height="32" rx="3" fill="{W}" stroke="{D}" stroke-width="3"/><path d="M138 48 l12 -14 l8 8 l6 -6 l8 12 z" fill="{S}"/>
<rect x="42" y="76" width="116" height="46" rx="14" fill="{S}"/>
<rect x="30" y="104" width="140" height="42" rx="12" fill="{P}"/>
<rect x="20" y="96" width="26" height="58" rx="10" fill="{P}"/><rect x="154" y="96" width="26" height="58" rx="10" fill="{P}"/>
<rect x="36" y="152" width="8" height="18" rx="2" fill="{D}"/><rect x="156" y="152" width="8" height="18" rx="2" fill="{D}"/>
<rect x="60" y="86" width="30" height="24" rx="8" fill="{A}"/>`,
	"truck": `<rect x="14" y="64" width="116" height="80" rx="6" fill="{P}"/><path d="M130 90 h32 l24 28 v26 h-56 z" fill="{S}"/>
<path d="M140 98 h18 l14 18 h-32 z" fill="{W}"/>
<rect x="28" y="80" width="56" height="12" rx="6" fill="{W}" opacity=".7"/><rect x="28" y="100" width="36" height="10" rx="5" fill="{W}" opacity=".5"/>
<circle cx="52" cy="148" r="17" fill="{D}"/><circle cx="52" cy="148" r="7" fill="{W}"/><circle cx="158" cy="148" r="17" fill="{D}"/><circle cx="158" cy="148" r="7" fill="{W}"/>`,
	"lockbox": `<path d="M68 84 V60 a32 32 0 0 1 64 0 V84" fill="none" stroke="{D}" stroke-width="13"/>
<rect x="46" y="80" width="108" height="100" rx="16" fill="{P}"/>
<rect x="62" y="94" width="76" height="20" rx="4" fill="{W}" opacity=".85"/>
<g fill="{W}"><circle cx="74" cy="130" r="7"/><circle cx="100" cy="130" r="7"/><circle cx="126" cy="130" r="7"/><circle cx="74" cy="156" r="7"/><circle cx="100" cy="156" r="7"/></g><circle cx="126" cy="156" r="7" fill="{A}"/>`,
	"headset": `<path d="M44 112 V96 a56 56 0 0 1 112 0 V112" fill="none" stroke="{D}" stroke-width="12"/>
<rect x="30" y="98" width="30" height="54" rx="12" fill="{P}"/><rect x="140" y="98" width="30" height="54" rx="12" fill="{P}"/>
<path d="M152 150 q0 26 -40 28" fill="none" stroke="{D}" stroke-width="6"/><rect x="92" y="170" width="26" height="16" rx="8" fill="{A}"/>`,
	"camera": `<rect x="62" y="40" width="52" height="24" rx="6" fill="{D}"/>
<rect x="22" y="58" width="156" height="106" rx="16" fill="{D}"/>
<circle cx="100" cy="112" r="40" fill="{W}"/><circle cx="100" cy="112" r="29" fill="{P}"/><circle cx="100" cy="112" r="14" fill="{D}"/><circle cx="90" cy="102" r="7" fill="{W}" opacity=".8"/>
<circle cx="154" cy="78" r="7" fill="{A}"/><rect x="34" y="70" width="22" height="10" rx="3" fill="{S}"/>`,
	"drone": `<path d="M82 98 L44 70 M118 98 L156 70 M82 112 L44 140 M118 112 L156 140" stroke="{D}" stroke-width="7" stroke-linecap="round"/>
<ellipse cx="44" cy="66" rx="30" ry="7" fill="{P}" opacity=".85"/><ellipse cx="156" cy="66" rx="30" ry="7" fill="{P}" opacity=".85"/><ellipse cx="44" cy="144" rx="30" ry="7" fill="{P}" opacity=".85"/><ellipse cx="156" cy="144" rx="30" ry="7" fill="{P}" opacity=".85"/>
<rect x="72" y="88" width="56" height="34" rx="12" fill="{D}"/><circle cx="100" cy="128" r="10" fill="{A}"/><circle cx="100" cy="128" r="4" fill="{D}"/>`,
	"cap": `<rect x="44" y="132" width="112" height="16" rx="3" fill="{S}"/><rect x="50" y="148" width="100" height="26" rx="3" fill="{P}"/><rect x="50" y="156" width="100" height="4" fill="{W}" opacity=".7"/>
<path d="M60 92 V118 C60 132 140 132 140 118 V92 Z" fill="{D}"/>
<path d="M100 40 L184 76 L100 112 L16 76 Z" fill="{D}"/><path d="M100 52 L160 76 L100 100 L40 76 Z" fill="{W}" opacity=".12"/>
<path d="M100 76 L160 96 V130" fill="none" stroke="{A}" stroke-width="4"/><circle cx="160" cy="134" r="8" fill="{A}"/>`,
	"play": `<rect x="22" y="38" width="156" height="110" rx="14" fill="{D}"/>
<circle cx="100" cy="93" r="34" fill="{W}"/><path d="M90 74 L122 93 L90 112 Z" fill="{P}"/>
<rect x="36" y="128" width="128" height="6" rx="3" fill="{W}" opacity=".35"/><rect x="36" y="128" width="58" height="6" rx="3" fill="{A}"/>
<path d="M52 170 a60 16 0 0 0 96 0" fill="none" stroke="{P}" stroke-width="6" stroke-linecap="round"/><path d="M148 170 l-14 -8 l2 14 z" fill="{P}"/>`,
}

// backdrops are lobby-flavoured patterns along the ground of an 800 x 450 scene.
func backdrop(lobby string, p palette, r *rand.Rand) string {
	var b strings.Builder
	switch lobby {
	case "home-property":
		x := -20 + r.IntN(40)
		for x < 800 {
			w := 50 + r.IntN(40)
			h := 34 + r.IntN(40)
			fmt.Fprintf(&b, `<path d="M%d %d l%d %d l%d %d v%d h%d z" fill="%s" opacity=".16"/>`,
				x, 380-h, w/2, -w/3, w/2, w/3, h, -w, p.D)
			x += w + 12 + r.IntN(40)
		}
	case "business-professional":
		for i := 0; i < 9; i++ {
			x := 40 + i*85 + r.IntN(20)
			h := 30 + r.IntN(120)
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="46" height="%d" rx="4" fill="%s" opacity=".12"/>`, x, 380-h, h, p.D)
		}
	case "healthcare-wellness":
		for i := 0; i < 7; i++ {
			x, y := 40+r.IntN(720), 40+r.IntN(320)
			fmt.Fprintf(&b, `<path d="M%d %d h10 v-10 h10 v10 h10 v10 h-10 v10 h-10 v-10 h-10 z" fill="%s" opacity=".2"/>`, x, y, p.S)
		}
	case "community-lifestyle":
		for i := 0; i < 26; i++ {
			x, y := r.IntN(800), r.IntN(360)
			c := []string{p.P, p.S, p.A}[i%3]
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="10" height="5" rx="2" fill="%s" opacity=".45" transform="rotate(%d %d %d)"/>`, x, y, c, r.IntN(180), x, y)
		}
	default:
		for i := 0; i < 6; i++ {
			x := 30 + i*130 + r.IntN(40)
			h := 40 + r.IntN(60)
			fmt.Fprintf(&b, `<path d="M%d 380 q0 %d %d %d q-2 %d -%d %d" fill="none" stroke="%s" stroke-width="4" opacity=".3"/>`,
				x, -h, 10, -h-10, h/2, 10, -10, p.P)
		}
	}
	return b.String()
}

// scene is a 16:9 illustration: the category's main drawing on a white disc over a gradient,
// lobby-flavoured ground, two smaller drawings in badges and, for funnel and content images,
// the image's title on a caption bar.
func scene(seed, category, lobby string, turn int, caption string) []byte {
	r := rng(seed)
	p := palettes[r.IntN(len(palettes))]
	list := motifsByCategory[category]
	if len(list) == 0 {
		list = []string{"house", "key", "sparkle"}
	}
	main := list[turn%len(list)]
	var others []string
	for k := 1; k < len(list) && len(others) < 2; k++ {
		others = append(others, list[(turn+k)%len(list)])
	}

	var b strings.Builder
	angle := r.IntN(4)
	x2, y2 := []string{"1", "1", "0", "1"}[angle], []string{"1", "0", "1", "0.4"}[angle]
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 450" width="800" height="450">`)
	fmt.Fprintf(&b, `<defs><linearGradient id="bg" x1="0" y1="0" x2="%s" y2="%s"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient>`, x2, y2, p.BG1, p.BG2)
	fmt.Fprintf(&b, `<radialGradient id="glow"><stop offset="0" stop-color="#ffffff" stop-opacity=".95"/><stop offset="1" stop-color="#ffffff" stop-opacity=".75"/></radialGradient></defs>`)
	b.WriteString(`<rect width="800" height="450" fill="url(#bg)"/>`)
	for i := 0; i < 3; i++ {
		c := []string{p.P, p.S, p.A}[i]
		fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%d" fill="%s" opacity="0.%02d"/>`, r.IntN(800), r.IntN(300), 60+r.IntN(120), c, 10+r.IntN(10))
	}
	b.WriteString(backdrop(lobby, p, r))
	amp := 20 + r.IntN(30)
	fmt.Fprintf(&b, `<path d="M0 %d C200 %d 420 %d 800 %d V450 H0 Z" fill="%s" opacity=".55"/>`, 372, 372-amp, 372+amp, 360, p.S)
	fmt.Fprintf(&b, `<path d="M0 400 C260 %d 520 %d 800 392 V450 H0 Z" fill="%s" opacity=".35"/>`, 390-amp/2, 410+amp/2, p.P)

	cx := []int{400, 330, 470}[r.IntN(3)]
	fmt.Fprintf(&b, `<ellipse cx="%d" cy="356" rx="120" ry="14" fill="%s" opacity=".18"/>`, cx, p.D)
	fmt.Fprintf(&b, `<circle cx="%d" cy="205" r="138" fill="url(#glow)"/>`, cx)
	fmt.Fprintf(&b, `<g transform="translate(%d 65) scale(1.4)">%s</g>`, cx-140, p.fill(motifs[main]))

	left := cx < 400 || (cx == 400 && r.IntN(2) == 0)
	spots := [][2]int{{cx + 220, 120}, {cx + 250, 290}}
	if !left {
		spots = [][2]int{{cx - 220, 120}, {cx - 250, 290}}
	}
	for i, name := range others {
		x, y := spots[i][0], spots[i][1]
		fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="58" fill="#ffffff" opacity=".88"/>`, x, y)
		fmt.Fprintf(&b, `<g transform="translate(%d %d) scale(0.44)">%s</g>`, x-44, y-44, p.fill(motifs[name]))
	}
	if caption != "" {
		w := 40 + len([]rune(caption))*11
		fmt.Fprintf(&b, `<rect x="24" y="392" width="%d" height="38" rx="19" fill="%s" opacity=".9"/>`, w, p.D)
		fmt.Fprintf(&b, `<text x="44" y="417" font-family="Helvetica, Arial, sans-serif" font-size="18" font-weight="600" fill="#ffffff">%s</text>`, xmlText(caption))
	}
	b.WriteString(`</svg>`)
	return []byte(b.String() + "\n")
}

// logo is a vendor's square monogram: the initials of its name on a gradient roundel.
func logo(name string) []byte {
	r := rng("logo:" + name)
	p := palettes[r.IntN(len(palettes))]
	mono := initials(name)
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160">`)
	fmt.Fprintf(&b, `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient></defs>`, p.P, p.D)
	b.WriteString(`<rect width="160" height="160" fill="url(#g)"/>`)
	switch r.IntN(3) {
	case 0:
		fmt.Fprintf(&b, `<circle cx="80" cy="80" r="62" fill="none" stroke="%s" stroke-width="4" opacity=".8"/>`, p.S)
	case 1:
		fmt.Fprintf(&b, `<path d="M80 14 L146 80 L80 146 L14 80 Z" fill="none" stroke="%s" stroke-width="4" opacity=".7"/>`, p.S)
	default:
		fmt.Fprintf(&b, `<path d="M0 118 Q80 92 160 118 V160 H0 Z" fill="%s" opacity=".45"/>`, p.S)
	}
	fmt.Fprintf(&b, `<circle cx="122" cy="40" r="9" fill="%s"/>`, p.A)
	fmt.Fprintf(&b, `<text x="80" y="98" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="%d" font-weight="700" fill="#ffffff" letter-spacing="1">%s</text>`,
		map[int]int{1: 60, 2: 52}[len(mono)], xmlText(mono))
	b.WriteString(`</svg>`)
	return []byte(b.String() + "\n")
}

// initials are the first letters of a name's first two words, skipping joiners such as "&".
func initials(name string) string {
	var out []rune
	for _, w := range strings.Fields(name) {
		c := []rune(w)[0]
		if (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') {
			out = append(out, []rune(strings.ToUpper(string(c)))...)
		}
		if len(out) == 2 {
			break
		}
	}
	return string(out)
}

var skins = []string{"#f5d0b5", "#e8b48f", "#c98e63", "#a26a42", "#7a4a2a", "#f1c7a3"}
var hairs = []string{"#2b1d14", "#5a3825", "#8b5a2b", "#c89b5a", "#1f1f1f", "#6b6b6b", "#a0522d"}

// portrait is a representative's head-and-shoulders illustration.
func portrait(name string) []byte {
	r := rng("rep:" + name)
	p := palettes[r.IntN(len(palettes))]
	skin := skins[r.IntN(len(skins))]
	hair := hairs[r.IntN(len(hairs))]
	var b strings.Builder
	b.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160">`)
	fmt.Fprintf(&b, `<rect width="160" height="160" fill="%s"/><circle cx="%d" cy="%d" r="40" fill="%s" opacity=".5"/>`, p.BG2, 20+r.IntN(120), 20+r.IntN(40), p.S)
	style := r.IntN(3)
	if style == 1 { // long hair falls behind the shoulders
		fmt.Fprintf(&b, `<path d="M46 70 a34 38 0 0 1 68 0 v50 h-68 z" fill="%s"/>`, hair)
	}
	fmt.Fprintf(&b, `<path d="M22 160 C26 124 50 112 80 112 C110 112 134 124 138 160 Z" fill="%s"/>`, p.P)
	fmt.Fprintf(&b, `<path d="M64 112 L80 132 L96 112 Z" fill="#ffffff"/>`)
	fmt.Fprintf(&b, `<rect x="70" y="92" width="20" height="24" rx="8" fill="%s"/>`, skin)
	fmt.Fprintf(&b, `<ellipse cx="80" cy="72" rx="28" ry="32" fill="%s"/>`, skin)
	switch style {
	case 0:
		fmt.Fprintf(&b, `<path d="M52 70 C50 44 66 36 80 36 C96 36 112 44 108 70 C104 56 92 50 80 52 C68 50 58 56 52 70 Z" fill="%s"/>`, hair)
	case 1:
		fmt.Fprintf(&b, `<path d="M50 74 C46 42 66 34 80 34 C98 34 116 44 110 76 C106 58 98 48 84 48 C72 52 60 58 50 74 Z" fill="%s"/>`, hair)
	default:
		fmt.Fprintf(&b, `<circle cx="80" cy="34" r="13" fill="%s"/><path d="M52 66 C52 46 66 40 80 40 C94 40 108 46 108 66 C100 56 90 52 80 52 C70 52 60 56 52 66 Z" fill="%s"/>`, hair, hair)
	}
	fmt.Fprintf(&b, `<circle cx="70" cy="74" r="3" fill="#2b2b2b"/><circle cx="90" cy="74" r="3" fill="#2b2b2b"/>`)
	fmt.Fprintf(&b, `<path d="M71 88 q9 7 18 0" fill="none" stroke="#8a4b3a" stroke-width="2.5" stroke-linecap="round"/>`)
	b.WriteString(`</svg>`)
	return []byte(b.String() + "\n")
}

// documentThumbnail is the tile shown for every vendor PDF.
func documentThumbnail() []byte {
	return []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180" width="320" height="180">` +
		`<rect width="320" height="180" fill="#f1f5f9"/>` +
		`<path d="M124 22 H182 L206 46 V158 H124 Z" fill="#ffffff" stroke="#334155" stroke-width="3"/>` +
		`<path d="M182 22 V46 H206" fill="#e2e8f0" stroke="#334155" stroke-width="3" stroke-linejoin="round"/>` +
		`<g fill="#94a3b8"><rect x="136" y="58" width="56" height="6" rx="3"/><rect x="136" y="72" width="46" height="6" rx="3"/><rect x="136" y="86" width="56" height="6" rx="3"/></g>` +
		`<rect x="136" y="112" width="48" height="26" rx="5" fill="#dc2626"/>` +
		`<text x="160" y="131" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="15" font-weight="700" fill="#ffffff">PDF</text>` +
		`</svg>` + "\n")
}

// videoThumbnail is the poster of every demo video (a camera on a gradient; the page draws its own
// play button over it): the demo shows no picture from the video host, so it runs offline.
func videoThumbnail() []byte {
	return []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 360" width="480" height="360">` +
		`<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#0f766e"/></linearGradient></defs>` +
		`<rect width="480" height="360" fill="url(#g)"/>` +
		`<g fill="#ffffff" opacity="0.12"><rect x="40" y="250" width="180" height="12" rx="6"/><rect x="40" y="272" width="120" height="12" rx="6"/></g>` +
		`<g fill="none" stroke="#ffffff" stroke-width="6" opacity="0.35"><rect x="150" y="96" width="180" height="120" rx="14"/><path d="M330 136 L380 110 V202 L330 176"/></g>` +
		`</svg>` + "\n")
}

func xmlText(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// pdf is a one-page US Letter document with the title, the vendor and a short note, written
// by hand so the demo needs no PDF library.
func pdf(title, vendor string) []byte {
	lines := []struct {
		size int
		text string
	}{
		{24, title},
		{14, vendor},
		{11, ""},
		{11, "This is a sample document from the Circle demo marketplace."},
		{11, "In a real listing the vendor uploads its own guide, checklist or flyer here;"},
		{11, "agents open it from the vendor's content tiles on the service page."},
	}
	var content strings.Builder
	y := 720
	for _, l := range lines {
		if l.text != "" {
			fmt.Fprintf(&content, "BT /F1 %d Tf 72 %d Td (%s) Tj ET\n", l.size, y, pdfText(l.text))
		}
		y -= l.size + 14
	}
	content.WriteString("0.85 0.88 0.95 rg 72 600 468 4 re f\n")
	objects := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%sendstream", content.Len(), content.String()),
	}
	return pdffile.Assemble(pdffile.Header, objects)
}

// pdfText escapes a PDF string and keeps it to printable ASCII (the demo titles are English).
func pdfText(s string) string {
	var b strings.Builder
	for _, c := range s {
		switch {
		case c == '(' || c == ')' || c == '\\':
			b.WriteByte('\\')
			b.WriteRune(c)
		case c >= 32 && c < 127:
			b.WriteRune(c)
		default:
			b.WriteByte('?')
		}
	}
	return b.String()
}
