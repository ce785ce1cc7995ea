package demo

import (
	"embed"
	"io/fs"
	"strings"
)

// assetFiles are the demo's pictures, logos, portraits and documents, drawn by
// scripts/demoart from the data files (an SVG illustration per service picture and funnel
// image, a monogram per vendor, a portrait per representative, a one-page PDF per document).
// Regenerate them after changing a picture address or adding a service, vendor or
// representative:
//
//go:generate go run ../../scripts/demoart -out assets
//go:embed assets
var assetFiles embed.FS

// Files are the files the demo data links to under /demo/, by their path below /demo/
// ("services/nestflow-crm.svg"). Videos under /demo/media/ are not shipped.
func Files() fs.FS {
	sub, err := fs.Sub(assetFiles, "assets")
	if err != nil {
		// fs.Sub fails only on an invalid directory name, and "assets" is valid.
		panic(err)
	}
	return sub
}

// Links are every /demo/ address the data links to (service pictures and funnel media, vendor
// logos, representative photos, content files and thumbnails), in data order, with repeats.
func (d Data) Links() []string {
	var urls []string
	keep := func(u string) {
		if strings.HasPrefix(u, "/demo/") {
			urls = append(urls, u)
		}
	}
	for _, sp := range d.Services {
		keep(sp.Service.ImageURL)
		keep(sp.Service.ProfileImageURL)
		if f := sp.Service.FunnelContent; f != nil {
			for _, m := range f.Media {
				keep(m.URL)
				keep(m.Thumbnail)
			}
		}
	}
	for _, v := range d.Vendors {
		keep(v.LogoURL)
		if v.LocalRepresentative != nil {
			keep(v.LocalRepresentative.PhotoURL)
		}
	}
	for _, r := range d.Representatives {
		keep(r.ProfilePictureURL)
	}
	for _, c := range d.Content {
		keep(c.ContentURL)
		keep(c.ThumbnailURL)
	}
	return urls
}

// IsVideo reports whether a /demo/ address is a funnel video, which the demo does not ship.
func IsVideo(url string) bool {
	return strings.HasPrefix(url, "/demo/media/")
}
