package httpapi

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
	"time"
)

// demoFilesHandler serves the demo catalogue's pictures, logos and documents at the /demo/
// addresses the demo data uses. An unknown file is a 404, never the web app's page, so a
// broken picture shows as broken instead of as HTML.
type demoFilesHandler struct {
	files fs.FS
}

// demoContentTypes are set explicitly: the system's MIME table may lack or differ on them.
var demoContentTypes = map[string]string{
	".svg":  "image/svg+xml",
	".pdf":  "application/pdf",
	".png":  "image/png",
	".jpg":  "image/jpeg",
	".webp": "image/webp",
}

func (h demoFilesHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/demo/")
	if h.files == nil || !fs.ValidPath(name) || name == "." {
		http.NotFound(w, r)
		return
	}
	body, err := fs.ReadFile(h.files, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	ext := path.Ext(name)
	ctype := demoContentTypes[ext]
	if ctype == "" {
		ctype = mime.TypeByExtension(ext)
	}
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	sum := sha256.Sum256(body)
	w.Header().Set("Content-Type", ctype)
	// The files change only with a new binary but their names carry no hash, so a week's cache
	// (then the ETag) rather than the year the web app's hashed assets get.
	w.Header().Set("Cache-Control", "public, max-age=604800")
	w.Header().Set("ETag", `"`+hex.EncodeToString(sum[:12])+`"`)
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(body))
}
