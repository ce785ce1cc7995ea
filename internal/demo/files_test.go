package demo

import (
	"io/fs"
	"strings"
	"testing"
)

func TestDemoLinksAreShippedFiles(t *testing.T) {
	d := demoData(t)
	files := Files()
	links := d.Links()
	if len(links) < 200 {
		t.Fatalf("only %d /demo/ links; the walk misses some", len(links))
	}
	for _, u := range links {
		name := strings.TrimPrefix(u, "/demo/")
		_, err := fs.Stat(files, name)
		switch {
		case IsVideo(u) && err == nil:
			t.Errorf("%s is shipped; IsVideo and the server's 404 for videos are out of date", u)
		case !IsVideo(u) && err != nil:
			t.Errorf("%s is linked but not shipped: %v (run go generate ./internal/demo)", u, err)
		}
	}
}

func TestEveryServiceHasItsOwnPictureAndEveryVendorALogo(t *testing.T) {
	d := demoData(t)
	files := Files()
	seen := map[string]string{}
	for _, sp := range d.Services {
		s := sp.Service
		body, err := fs.ReadFile(files, strings.TrimPrefix(s.ImageURL, "/demo/"))
		if err != nil {
			t.Errorf("%s picture %s: %v", s.ID, s.ImageURL, err)
			continue
		}
		if other, dup := seen[string(body)]; dup {
			t.Errorf("%s has the same picture as %s", s.ID, other)
		}
		seen[string(body)] = s.ID
	}
	for _, v := range d.Vendors {
		if !strings.HasPrefix(v.LogoURL, "/demo/logos/") {
			t.Errorf("%s logo %q", v.ID, v.LogoURL)
			continue
		}
		if _, err := fs.Stat(files, strings.TrimPrefix(v.LogoURL, "/demo/")); err != nil {
			t.Errorf("%s logo: %v", v.ID, err)
		}
	}
}
