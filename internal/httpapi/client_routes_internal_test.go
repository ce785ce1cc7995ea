package httpapi

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// routeDecl finds each route declaration of routes.tsx: { path, handle: declare(access) } (or
// handle: { ...declare(access), ... }), screen(path, title, element, access) and ...legal(doc).
var routeDecl = regexp.MustCompile(`path: '([^']+)',\s*handle: (?:\{ \.\.\.)?declare\('(\w+)'|` +
	`screen\('([^']+)', '[^']*', <[^>]*>, '(\w+)'|\.\.\.legal\('([^']+)'\)`)

// Issue 33 (F-APP-02): the server's list of client routes is the web app's route table: same
// paths, same order, same access. A route added to routes.tsx without its line here fails.
func TestClientRoutesMatchTheWebApp(t *testing.T) {
	src, err := os.ReadFile("../../web/src/app/routes.tsx")
	if err != nil {
		t.Fatal(err)
	}
	s := string(src)
	var got []clientRoute
	matches := routeDecl.FindAllStringSubmatch(s, -1)
	for _, m := range matches {
		switch {
		case m[1] != "":
			got = append(got, clientRoute{m[1], m[2]})
		case m[3] != "":
			got = append(got, clientRoute{m[3], m[4]})
		default:
			got = append(got, clientRoute{"/legal/" + m[5], "visitor"}, clientRoute{"/" + m[5], "visitor"})
		}
	}
	// Every declaration was read: as many as the file has call sites and path keys.
	sites := strings.Count(s, "path: '") + strings.Count(s, "screen('") + strings.Count(s, "...legal('")
	if len(matches) != sites {
		t.Fatalf("read %d route declarations of %d in routes.tsx: the pattern here needs the new form", len(matches), sites)
	}
	if len(got) == 0 || got[len(got)-1].path != "*" {
		t.Fatalf("routes.tsx no longer ends with its catch-all: %v", got)
	}
	got = got[:len(got)-1]
	if len(got) != len(clientRoutes) {
		t.Fatalf("routes.tsx has %d routes, clientRoutes %d:\n%v\n%v", len(got), len(clientRoutes), got, clientRoutes)
	}
	for i := range got {
		if got[i] != clientRoutes[i] {
			t.Errorf("route %d: routes.tsx %v, clientRoutes %v", i, got[i], clientRoutes[i])
		}
	}
}

func TestMatchClientRoute(t *testing.T) {
	for p, want := range map[string]string{
		"/": "/", "/marketplace": "/marketplace", "/marketplace/": "/marketplace", "/admin/anything/deep": "/admin/*",
		"/partner-checkout/tok": "/partner-checkout/:token", "/services/x--y": "/services/:slug", "/Terms": "/terms",
		"/nope": "", "/partner-checkout": "", "/marketplace/x": "",
	} {
		r, ok := matchClientRoute(p)
		if ok != (want != "") || r.path != want {
			t.Errorf("%s: %v %v, want %q", p, r, ok, want)
		}
	}
	if r, _ := matchClientRoute("/orders"); !clientPageNoIndex(r) {
		t.Error("/orders is indexed")
	}
	if r, _ := matchClientRoute("/pricing"); clientPageNoIndex(r) {
		t.Error("/pricing is not indexed")
	}
}
