package httpapi

import (
	"bytes"
	"html/template"
	"net/http"
	"regexp"
	"strings"
)

// shellPage is what a server-rendered page (a service's page, issue 33) puts into the web app's
// index.html: the app still loads and takes over, and a crawler or a link preview reads the
// page without running any script.
type shellPage struct {
	// Status is the answer's status (404 for an unknown service or path).
	Status int
	// Lang is the <html lang> value; "" keeps the shell's.
	Lang string
	// Title and Description replace the shell's <title> and meta description when set.
	Title, Description string
	// Head holds more head elements (canonical, alternates, Open Graph, JSON-LD).
	Head template.HTML
	// Data is the script element handing the app the data the page was rendered from; it goes
	// at the end of the body, so a browser parses and paints the page's content before the
	// data's bytes (130 KB on the marketplace: in the head they held back the first paint).
	Data template.HTML
	// Main is the page's content, inside the shell's <main> (React replaces it when it renders).
	Main template.HTML
	// NoIndex asks search engines not to index the page (signed-in and admin screens).
	NoIndex bool
	// Vary lists the request headers the page depends on.
	Vary []string
	// StartAfterPaint starts the app's scripts once the page's first screen has painted (a page
	// whose first screen is in the HTML): see startAppAfterPaint. AppModules are what the app
	// then needs first (its route's chunks; its data is in the page), preloaded as it starts.
	StartAfterPaint bool
	AppModules      []string
}

// bareShell stands in for index.html in a binary built without the web app, so server-rendered
// pages still answer with their content.
var bareShell = []byte(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Circle</title>
  </head>
  <body>
    <div id="root"><main></main></div>
  </body>
</html>
`)

var (
	shellHTMLTag     = regexp.MustCompile(`<html lang="[^"]*">`)
	shellTitle       = regexp.MustCompile(`<title>[^<]*</title>`)
	shellDescription = regexp.MustCompile(`<meta name="description" content="[^"]*"\s*/?>`)
	shellHeadEnd     = regexp.MustCompile(`</head>`)
	shellMain        = regexp.MustCompile(`<main[^>]*>`)
	shellBodyEnd     = regexp.MustCompile(`</body>`)
	// shellEntry is the app's entry script in index.html, shellModulePreload a module preload
	// (with the line's trailing space).
	shellEntry         = regexp.MustCompile(`<script type="module"[^>]*\ssrc="([^"]+)"[^>]*></script>`)
	shellModulePreload = regexp.MustCompile(`<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*`)
)

// startAppScript is the web app's loader (web/public/start-app.js).
const startAppScript = "/start-app.js"

// startAppAfterPaint puts the loader in place of the app's entry script and module preloads:
// on a page whose first screen is in the HTML, the app's code starts once the page's
// largest pictures have painted, instead of sharing a phone's bandwidth with them (issue 33; in
// Lighthouse's simulation a request started before the largest paint delays it). The loader
// starts the entry and preloads the shell's module preloads and modules. index without
// an entry script is returned as it is.
func startAppAfterPaint(index []byte, modules []string) []byte {
	entry := shellEntry.FindSubmatchIndex(index)
	if entry == nil {
		return index
	}
	app := string(index[entry[2]:entry[3]])
	var preloads []string
	for _, m := range shellModulePreload.FindAllSubmatch(index, -1) {
		preloads = append(preloads, string(m[1]))
	}
	preloads = append(preloads, modules...)
	loader := `<script src="` + startAppScript + `" defer data-app="` + template.HTMLEscapeString(app) + `"`
	if len(preloads) > 0 {
		loader += ` data-modules="` + template.HTMLEscapeString(strings.Join(preloads, " ")) + `"`
	}
	loader += `></script>`
	var b bytes.Buffer
	b.Write(index[:entry[0]])
	b.WriteString(loader)
	b.Write(index[entry[1]:])
	return shellModulePreload.ReplaceAll(b.Bytes(), nil)
}

// fill returns index with the page's parts put in. Each part replaces or follows a landmark of
// index.html; a landmark the file lacks leaves that part out rather than failing the page.
func (p shellPage) fill(index []byte) []byte {
	out := index
	if p.StartAfterPaint {
		out = startAppAfterPaint(out, p.AppModules)
	}
	once := func(re *regexp.Regexp, repl func(match []byte) []byte) {
		loc := re.FindIndex(out)
		if loc == nil {
			return
		}
		var b bytes.Buffer
		b.Write(out[:loc[0]])
		b.Write(repl(out[loc[0]:loc[1]]))
		b.Write(out[loc[1]:])
		out = b.Bytes()
	}
	if p.Lang != "" {
		once(shellHTMLTag, func([]byte) []byte { return []byte(`<html lang="` + template.HTMLEscapeString(p.Lang) + `">`) })
	}
	if p.Title != "" {
		once(shellTitle, func([]byte) []byte { return []byte("<title>" + template.HTMLEscapeString(p.Title) + "</title>") })
	}
	desc := p.Description != "" && shellDescription.Match(out)
	if desc {
		once(shellDescription, func([]byte) []byte {
			return []byte(`<meta name="description" content="` + template.HTMLEscapeString(p.Description) + `" />`)
		})
	}
	var head bytes.Buffer
	if p.NoIndex {
		head.WriteString(`<meta name="robots" content="noindex" />` + "\n")
	}
	if p.Description != "" && !desc {
		head.WriteString(`<meta name="description" content="` + template.HTMLEscapeString(p.Description) + `" />` + "\n")
	}
	head.WriteString(string(p.Head))
	if head.Len() > 0 {
		once(shellHeadEnd, func(m []byte) []byte { return append(head.Bytes(), m...) })
	}
	if p.Main != "" {
		once(shellMain, func(m []byte) []byte { return append(append([]byte{}, m...), p.Main...) })
	}
	if p.Data != "" {
		once(shellBodyEnd, func(m []byte) []byte { return append([]byte(p.Data), m...) })
	}
	return out
}

// write answers the page: index (the web app's index.html, or bareShell) with p's parts.
func (p shellPage) write(w http.ResponseWriter, r *http.Request, index []byte) {
	body := p.fill(index)
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	for _, v := range p.Vary {
		h.Add("Vary", v)
	}
	status := p.Status
	if status == 0 {
		status = http.StatusOK
	}
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}
