package httpapi

import (
	"encoding/json"
	"io/fs"
	"maps"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// The marketplace (home and /marketplace) starts its data request and its route's chunks with
// the HTML (issue 18 item 5): the page's Link header preloads GET /api/marketplace/data and
// modulepreloads the route's JavaScript, so neither waits for the entry script to run (on this
// machine the data request started 2 s after navigation, after four rounds of script loading).
// A shared service link (?service=ID) also starts the service's details and the details
// dialog's chunks: otherwise they wait for the marketplace to render, then for the dialog's
// code, two round trips one after the other.
const (
	marketplaceRouteModule = "src/features/marketplace/MarketplacePage.tsx"
	detailModule           = "src/features/detail/DetailView.tsx"
	servicePageModule      = "src/app/screens/ServicePageScreen.tsx"
)

// marketplaceDataPath is the marketplace's data; marketplaceDataPreload the Link entry that
// starts its request.
const (
	marketplaceDataPath    = "/api/marketplace/data"
	marketplaceDataPreload = "<" + marketplaceDataPath + ">; rel=preload; as=fetch; crossorigin=anonymous"
)

// preloadPaths are the pages the marketplace serves.
var preloadPaths = []string{"/", "/marketplace"}

// preloadServiceID is what a ?service= value must look like to be preloaded: the web app puts
// it in the request path as it is (encodeURIComponent changes none of these characters), so the
// preload's address is the one the app asks for.
var preloadServiceID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,100}$`)

// viteChunk is one entry of Vite's build manifest (dist/.vite/manifest.json).
type viteChunk struct {
	File    string   `json:"file"`
	Imports []string `json:"imports"`
	IsEntry bool     `json:"isEntry"`
	CSS     []string `json:"css"`
}

// marketplacePreload holds the JavaScript files of the marketplace route, of the details dialog
// over it and of a service's page (without the entry's), read once from the build manifest.
type marketplacePreload struct {
	route       []string
	detail      []string
	servicePage []string
}

// modulePreloads are Link header entries that modulepreload files.
func modulePreloads(files []string) []string {
	links := make([]string, len(files))
	for i, f := range files {
		links[i] = "</" + f + ">; rel=modulepreload"
	}
	return links
}

// readMarketplacePreload reads the build manifest; nil without one (the pages still work, they
// just start later).
func readMarketplacePreload(files fs.FS) *marketplacePreload {
	b, err := fs.ReadFile(files, ".vite/manifest.json")
	if err != nil {
		return nil
	}
	var manifest map[string]viteChunk
	if json.Unmarshal(b, &manifest) != nil {
		return nil
	}
	if _, ok := manifest[marketplaceRouteModule]; !ok {
		return nil
	}
	// What the entry loads already (index.html lists it) is left out.
	loaded := map[string]bool{}
	var markEntry func(key string)
	markEntry = func(key string) {
		if loaded[key] {
			return
		}
		loaded[key] = true
		for _, imp := range manifest[key].Imports {
			markEntry(imp)
		}
	}
	for key, c := range manifest {
		if c.IsEntry {
			markEntry(key)
		}
	}
	// chunks returns the JavaScript files of the modules and of what they import, leaving out
	// what is in seen, and adds them to it.
	chunks := func(seen map[string]bool, modules ...string) []string {
		var files []string
		var walk func(key string)
		walk = func(key string) {
			c, ok := manifest[key]
			if !ok || seen[key] {
				return
			}
			seen[key] = true
			if strings.HasSuffix(c.File, ".js") {
				files = append(files, c.File)
			}
			for _, imp := range c.Imports {
				walk(imp)
			}
		}
		for _, m := range modules {
			walk(m)
		}
		sort.Strings(files)
		return files
	}
	// The details follow the marketplace's chunks on a marketplace page; a service's page has
	// the details alone.
	afterRoute := maps.Clone(loaded)
	route := chunks(afterRoute, marketplaceRouteModule)
	detail := chunks(afterRoute, detailModule)
	servicePage := chunks(maps.Clone(loaded), servicePageModule, detailModule)
	return &marketplacePreload{route: route, detail: detail, servicePage: servicePage}
}

// link is the Link header of a marketplace page with this query. With ?fresh=1 the page loads
// its data itself, past every cache, so a data preload would be a second request it never
// uses (only the chunks are kept).
func (p *marketplacePreload) link(query url.Values) string {
	fresh := query.Get("fresh") == "1"
	var links []string
	if !fresh {
		links = append(links, marketplaceDataPreload)
	}
	links = append(links, modulePreloads(p.route)...)
	if id := query.Get("service"); preloadServiceID.MatchString(id) {
		if !fresh {
			links = append(links, "</api/services/"+id+">; rel=preload; as=fetch; crossorigin=anonymous")
		}
		links = append(links, modulePreloads(p.detail)...)
	}
	return strings.Join(links, ", ")
}

// servicePageModules are the chunks a service's page (/services/{slug}) preloads as the app
// starts: its screen's and the details'. The details' data is in the page (share_pages.go),
// not fetched.
func (p *marketplacePreload) servicePageModules() []string { return rootPaths(p.servicePage) }

// routeModules are the marketplace route's chunks, preloaded as the app starts on a page whose
// first screen is in the HTML (its data is in the page).
func (p *marketplacePreload) routeModules() []string { return rootPaths(p.route) }

// rootPaths makes build file names addresses.
func rootPaths(files []string) []string {
	paths := make([]string, len(files))
	for i, f := range files {
		paths[i] = "/" + f
	}
	return paths
}

// isPreloadPath reports whether a page is one of the marketplace's.
func isPreloadPath(p string) bool {
	return slices.Contains(preloadPaths, p)
}
