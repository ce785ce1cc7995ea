package httpapi

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	_ "image/jpeg" // service pictures may be JPEG
	"image/png"
	"io"
	"io/fs"
	"math"
	"net/http"
	"path"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/srwiley/oksvg"
	"github.com/srwiley/rasterx"
	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"circle/internal/apperr"
	"circle/internal/catalog"
	"circle/internal/marketplace"
	"circle/internal/pricing"
)

// The share picture (issue 33): 1200 x 630, the size link previews (Open Graph, Twitter's large
// card) show, drawn by the server from the service's picture, title, price and rating.
const (
	sharePictureWidth     = 1200
	sharePictureHeight    = 630
	sharePictureCacheSize = 512
)

// sharePicture is what a share picture shows; equal values draw equal pictures, so its version
// keys the cache and the og:image address (a published price change gives a new address, which
// link previews fetch again).
type sharePicture struct {
	Lang, Title, Price, Rating, Image string
}

// sharePictureOf is the picture of a service's card in a language: the visitor's price (the
// member offer of the one quote) and the rating.
func sharePictureOf(card marketplace.Card, l string) sharePicture {
	t := sharePageTexts[l]
	c := card.Localized(l)
	p := sharePicture{Lang: l, Title: c.Title, Image: c.ImageURL, Price: t.Quote}
	if o := c.Offers.Member; o.Cents != nil {
		p.Price = pricing.Display(*o.Cents, pricing.USD, l) + periodText(t, c.PriceSuffix)
	}
	if n := c.Rating.TotalReviews; n > 0 {
		count := fmt.Sprintf(t.ReviewOther, n)
		if n == 1 {
			count = fmt.Sprintf(t.ReviewOne, n)
		}
		// The Go fonts have no star: the average is written out of 5.
		p.Rating = strconv.FormatFloat(c.Rating.AverageRating, 'f', 1, 64) + " / 5 · " + count
	}
	return p
}

func (p sharePicture) version() string {
	return sharePictureVersion(p.Lang, p.Title, p.Price, p.Rating, p.Image)
}

// sharePictureCache keeps the newest drawn pictures by version (at most max; the oldest goes).
type sharePictureCache struct {
	mu    sync.Mutex
	max   int
	order []string
	png   map[string][]byte
}

func newSharePictureCache(max int) *sharePictureCache {
	return &sharePictureCache{max: max, png: map[string][]byte{}}
}

func (c *sharePictureCache) get(key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.png[key]
	return b, ok
}

func (c *sharePictureCache) put(key string, b []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.png[key]; ok {
		return
	}
	if len(c.order) >= c.max {
		delete(c.png, c.order[0])
		c.order = c.order[1:]
	}
	c.order = append(c.order, key)
	c.png[key] = b
}

// sharePicture answers /services/{slug}/share.png: the picture of the service as it is now,
// cached per drawn content (ETag: its version).
func (h *SharePagesArea) sharePicture(w http.ResponseWriter, r *http.Request) {
	cards, _, err := h.Detail.ServiceCards(r.Context(), []string{catalog.PageSlugID(r.PathValue("slug"))})
	if err != nil && apperr.CodeOf(err) != apperr.NotFound {
		h.failed(w, r, err)
		return
	}
	if len(cards) == 0 {
		http.NotFound(w, r)
		return
	}
	pic := sharePictureOf(cards[0], requestLanguage(r))
	key := pic.version()
	etag := `"` + key + `"`
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Cache-Control", "public, max-age=300")
	w.Header().Set("ETag", etag)
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	b, ok := h.pictures.get(key)
	if !ok {
		if b, err = drawSharePicture(pic, h.DemoFiles); err != nil {
			h.failed(w, r, err)
			return
		}
		h.pictures.put(key, b)
	}
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	if r.Method != http.MethodHead {
		_, _ = w.Write(b)
	}
}

var shareFonts = sync.OnceValues(func() (map[string]*opentype.Font, error) {
	out := map[string]*opentype.Font{}
	for name, ttf := range map[string][]byte{"regular": goregular.TTF, "bold": gobold.TTF} {
		f, err := opentype.Parse(ttf)
		if err != nil {
			return nil, fmt.Errorf("share picture font: %w", err)
		}
		out[name] = f
	}
	return out, nil
})

// Colours of the picture: the app's primary blue and its text colours (web/src/index.css).
var (
	shareInk     = color.RGBA{0x0f, 0x17, 0x2a, 0xff}
	sharePrimary = color.RGBA{0x1d, 0x4e, 0xd8, 0xff}
	sharePanel   = color.RGBA{0xff, 0xff, 0xff, 0xff}
	shareStar    = color.RGBA{0xb4, 0x53, 0x09, 0xff}
)

// drawSharePicture draws the picture: the service's picture (a PNG, JPEG or SVG drawing of the
// demo files, scaled to cover and cropped) on the left, the brand, title, price and rating on
// the right. A picture the server cannot read (an outside address: never fetched) leaves the
// brand's colour.
func drawSharePicture(p sharePicture, files fs.FS) ([]byte, error) {
	fonts, err := shareFonts()
	if err != nil {
		return nil, err
	}
	img := image.NewRGBA(image.Rect(0, 0, sharePictureWidth, sharePictureHeight))
	draw.Draw(img, img.Bounds(), &image.Uniform{sharePanel}, image.Point{}, draw.Src)
	left := image.Rect(0, 0, 560, sharePictureHeight)
	draw.Draw(img, left, &image.Uniform{sharePrimary}, image.Point{}, draw.Src)
	if src := loadSharePicture(p.Image, files, left.Dx(), left.Dy()); src != nil {
		coverInto(img, left, src)
	}
	face := func(name string, size float64) (font.Face, error) {
		return opentype.NewFace(fonts[name], &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
	}
	x := 600
	y := 90
	brand, err := face("bold", 34)
	if err != nil {
		return nil, err
	}
	drawText(img, brand, sharePrimary, x, y, "Circle")
	title, err := face("bold", 52)
	if err != nil {
		return nil, err
	}
	lines := wrapText(title, p.Title, sharePictureWidth-x-50, 4)
	y += 90
	for _, l := range lines {
		drawText(img, title, shareInk, x, y, l)
		y += 62
	}
	price, err := face("bold", 46)
	if err != nil {
		return nil, err
	}
	y += 30
	drawText(img, price, shareInk, x, y, p.Price)
	if p.Rating != "" {
		rating, err := face("regular", 34)
		if err != nil {
			return nil, err
		}
		drawText(img, rating, shareStar, x, y+64, p.Rating)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, fmt.Errorf("share picture: %w", err)
	}
	return b.Bytes(), nil
}

// loadSharePicture reads a /demo/ picture: a PNG or JPEG the image package decodes, or an SVG
// drawing rasterised at least w x h (to be cropped to cover it); nil otherwise.
func loadSharePicture(u string, files fs.FS, w, h int) image.Image {
	name, ok := strings.CutPrefix(u, "/demo/")
	if !ok || files == nil || !fs.ValidPath(name) {
		return nil
	}
	f, err := files.Open(name)
	if err != nil {
		return nil
	}
	defer f.Close()
	if strings.EqualFold(path.Ext(name), ".svg") {
		b, err := io.ReadAll(io.LimitReader(f, maxSVGBytes))
		if err != nil {
			return nil
		}
		return rasterizeSVG(b, w, h)
	}
	src, _, err := image.Decode(f)
	if err != nil {
		return nil
	}
	return src
}

// maxSVGSide bounds a rasterised drawing (a drawing with a tiny viewBox would ask for a huge
// one); maxSVGBytes the drawing read.
const (
	maxSVGSide  = 2400
	maxSVGBytes = 1 << 20
)

// svgOneScale is a one-argument scale() of a transform: the SVG library reads scale(s) as
// scale(s, 0) (flattening everything in the group), so it is written scale(s s) first.
var svgOneScale = regexp.MustCompile(`scale\(\s*([-+0-9.eE]+)\s*\)`)

// rasterizeSVG draws an SVG at the smallest size that covers w x h, keeping its proportions;
// nil when it cannot (unreadable, no size, or a panic in the SVG library on odd input).
func rasterizeSVG(svg []byte, w, h int) (out image.Image) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	svg = svgOneScale.ReplaceAll(svg, []byte("scale($1 $1)"))
	icon, err := oksvg.ReadIconStream(bytes.NewReader(svg), oksvg.IgnoreErrorMode)
	if err != nil || icon.ViewBox.W <= 0 || icon.ViewBox.H <= 0 {
		return nil
	}
	scale := math.Max(float64(w)/icon.ViewBox.W, float64(h)/icon.ViewBox.H)
	rw, rh := int(math.Ceil(icon.ViewBox.W*scale)), int(math.Ceil(icon.ViewBox.H*scale))
	if rw > maxSVGSide || rh > maxSVGSide {
		return nil
	}
	img := image.NewRGBA(image.Rect(0, 0, rw, rh))
	icon.SetTarget(0, 0, float64(rw), float64(rh))
	icon.Draw(rasterx.NewDasher(rw, rh, rasterx.NewScannerGV(rw, rh, img, img.Bounds())), 1)
	return img
}

// coverInto scales src to cover dst's rectangle r (keeping its proportions) and crops the rest.
func coverInto(dst *image.RGBA, r image.Rectangle, src image.Image) {
	sb := src.Bounds()
	if sb.Dx() == 0 || sb.Dy() == 0 {
		return
	}
	// The source rectangle with r's proportions, centred.
	sw, sh := sb.Dx(), sb.Dy()
	if sw*r.Dy() > sh*r.Dx() {
		w := sh * r.Dx() / r.Dy()
		sb = image.Rect(sb.Min.X+(sw-w)/2, sb.Min.Y, sb.Min.X+(sw-w)/2+w, sb.Max.Y)
	} else {
		h := sw * r.Dy() / r.Dx()
		sb = image.Rect(sb.Min.X, sb.Min.Y+(sh-h)/2, sb.Max.X, sb.Min.Y+(sh-h)/2+h)
	}
	xdraw.CatmullRom.Scale(dst, r, src, sb, xdraw.Src, nil)
}

func drawText(dst *image.RGBA, face font.Face, c color.Color, x, y int, s string) {
	d := font.Drawer{Dst: dst, Src: &image.Uniform{c}, Face: face, Dot: fixed.P(x, y)}
	d.DrawString(s)
}

// wrapText breaks s into at most max lines no wider than width, the last cut with an ellipsis.
func wrapText(face font.Face, s string, width, max int) []string {
	var lines []string
	cur := ""
	fits := func(t string) bool { return font.MeasureString(face, t).Ceil() <= width }
	for _, w := range strings.Fields(s) {
		next := w
		if cur != "" {
			next = cur + " " + w
		}
		if fits(next) || cur == "" {
			cur = next
			continue
		}
		lines = append(lines, cur)
		cur = w
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	if len(lines) > max {
		lines = lines[:max]
		last := lines[max-1]
		for last != "" && !fits(last+"…") {
			r := []rune(last)
			last = strings.TrimSpace(string(r[:len(r)-1]))
		}
		lines[max-1] = last + "…"
	}
	return lines
}
