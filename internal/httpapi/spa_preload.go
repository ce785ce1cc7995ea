package httpapi

import (
	"encoding/json"
	"io/fs"
	"net/url"
	"sort"
	"strings"
)

// The marketplace (home and /marketplace) starts its data request and its route's chunks with
// the HTML (issue 18 item 5): the page's Link header preloads GET /api/marketplace/data and
// modulepreloads the route's JavaScript, so neither waits for the entry script to run (on this
// machine the data request started 2 s after navigation, after four rounds of script loading).
const marketplaceRouteModule = "src/features/marketplace/MarketplacePage.tsx"

// marketplaceDataPreload is the Link entry that starts the data request.
const marketplaceDataPreload = "</api/marketplace/data>; rel=preload; as=fetch; crossorigin=anonymous"

// preloadPaths are the pages the marketplace serves.
var preloadPaths = []string{"/", "/marketplace"}

// viteChunk is one entry of Vite's build manifest (dist/.vite/manifest.json).
type viteChunk struct {
	File    string   `json:"file"`
	Imports []string `json:"imports"`
	IsEntry bool     `json:"isEntry"`
	CSS     []string `json:"css"`
}

// preloadLinks reads the build manifest and returns the Link header of each preloaded page;
// nil without a manifest (the page still works, it just starts later).
func preloadLinks(files fs.FS) map[string]string {
	b, err := fs.ReadFile(files, ".vite/manifest.json")
	if err != nil {
		return nil
	}
	var manifest map[string]viteChunk
	if json.Unmarshal(b, &manifest) != nil {
		return nil
	}
	route, ok := manifest[marketplaceRouteModule]
	if !ok {
		return nil
	}
	// What the entry loads already (index.html lists it) is left out.
	inEntry := map[string]bool{}
	var markEntry func(key string)
	markEntry = func(key string) {
		if inEntry[key] {
			return
		}
		inEntry[key] = true
		for _, imp := range manifest[key].Imports {
			markEntry(imp)
		}
	}
	for key, c := range manifest {
		if c.IsEntry {
			markEntry(key)
		}
	}
	files2 := map[string]bool{route.File: true}
	seen := map[string]bool{}
	var walk func(key string)
	walk = func(key string) {
		if seen[key] || inEntry[key] {
			return
		}
		seen[key] = true
		c, ok := manifest[key]
		if !ok {
			return
		}
		files2[c.File] = true
		for _, imp := range c.Imports {
			walk(imp)
		}
	}
	for _, imp := range route.Imports {
		walk(imp)
	}
	chunks := make([]string, 0, len(files2))
	for f := range files2 {
		if strings.HasSuffix(f, ".js") {
			chunks = append(chunks, f)
		}
	}
	sort.Strings(chunks)
	links := []string{marketplaceDataPreload}
	for _, f := range chunks {
		links = append(links, "</"+f+">; rel=modulepreload")
	}
	header := strings.Join(links, ", ")
	out := make(map[string]string, len(preloadPaths))
	for _, p := range preloadPaths {
		out[p] = header
	}
	return out
}

// pageLink is the Link header of a page: with ?fresh=1 the page loads its data itself, past
// every cache, so a preload would be a second request it never uses (only the chunks are kept).
func pageLink(link string, query url.Values) string {
	if query.Get("fresh") == "1" {
		return strings.TrimPrefix(strings.TrimPrefix(link, marketplaceDataPreload), ", ")
	}
	return link
}
