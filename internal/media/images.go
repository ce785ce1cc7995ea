package media

import (
	"bytes"
	"fmt"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"

	"golang.org/x/image/draw"
	"golang.org/x/image/webp"
)

// Variant names: the picture as uploaded (re-encoded, at most OriginalMax on its long side),
// the service detail's size and the marketplace card's. The web app shows cards at 16:9
// (ServiceCard's aspect-[16/9]) and the detail hero at aspect-video, and the demo pictures are
// 800x450: the card is cropped to 16:9 at 800x450, the detail fits within 1600x900.
const (
	VariantOriginal = "original"
	VariantDetail   = "detail"
	VariantCard     = "card"
	// VariantThumb is the square a logo or a photo shows in: avatars of 40 to 56 px (112 px on a
	// 2x screen), cropped round with object-cover. It is made on its first request and kept
	// beside the original (Service.Open), so pictures stored before it existed have one too.
	VariantThumb = "thumb"
)

// Picture sizes.
const (
	OriginalMax         = 2560
	DetailW, DetailH    = 1600, 900
	CardW, CardH        = 800, 450
	ThumbSide           = 128
	MaxImagePixels      = 40_000_000 // a decompression bomb is refused before it is decoded
	jpegQuality         = 85
	minImageSide        = 1
	maxImageSideDecoded = 20_000
)

// Rendition is one re-encoded picture.
type Rendition struct {
	Name          string
	Data          []byte
	Type          Type
	Width, Height int
}

// ErrImage is an image that cannot be read (damaged, or over the size a picture may have).
type ErrImage struct{ Reason string }

func (e *ErrImage) Error() string { return e.Reason }

// Renditions decodes an image of type t and encodes it anew, three times: the original (capped
// at OriginalMax), the detail size and the card size. Encoding from the decoded pixels keeps
// nothing of the file but the picture: EXIF (camera, GPS position), comments and any bytes
// appended after the image are gone. GIFs keep their first frame only. Opaque pictures
// become JPEG; PNG, GIF and pictures with transparency stay PNG.
func Renditions(data []byte, t Type) ([]Rendition, error) {
	img, out, err := decodePicture(data, t)
	if err != nil {
		return nil, err
	}
	b := img.Bounds()
	ow, oh := fit(b.Dx(), b.Dy(), OriginalMax, OriginalMax)
	dw, dh := fit(b.Dx(), b.Dy(), DetailW, DetailH)
	var renditions []Rendition
	for _, r := range []struct {
		name string
		pic  image.Image
	}{
		{VariantOriginal, scale(img, b, ow, oh)},
		{VariantDetail, scale(img, b, dw, dh)},
		{VariantCard, cover(img, CardW, CardH)},
	} {
		enc, err := encode(r.pic, out)
		if err != nil {
			return nil, fmt.Errorf("encode %s picture: %w", r.name, err)
		}
		rb := r.pic.Bounds()
		renditions = append(renditions, Rendition{Name: r.name, Data: enc, Type: out, Width: rb.Dx(), Height: rb.Dy()})
	}
	return renditions, nil
}

// Thumbnail makes the thumb size of a stored picture (its re-encoded original): the centre
// square, scaled down (never up) to ThumbSide, in the original's format.
func Thumbnail(data []byte, t Type) (Rendition, error) {
	img, out, err := decodePicture(data, t)
	if err != nil {
		return Rendition{}, err
	}
	pic := cover(img, ThumbSide, ThumbSide)
	enc, err := encode(pic, out)
	if err != nil {
		return Rendition{}, fmt.Errorf("encode thumb picture: %w", err)
	}
	b := pic.Bounds()
	return Rendition{Name: VariantThumb, Data: enc, Type: out, Width: b.Dx(), Height: b.Dy()}, nil
}

// decodePicture checks a picture's size before decoding it (a decompression bomb is refused
// unread), decodes it upright and says the type its sizes are encoded in: opaque pictures
// become JPEG; PNG, GIF and pictures with transparency stay PNG.
func decodePicture(data []byte, t Type) (image.Image, Type, error) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, Type{}, &ErrImage{"the picture cannot be read: " + err.Error()}
	}
	if cfg.Width < minImageSide || cfg.Height < minImageSide || cfg.Width > maxImageSideDecoded || cfg.Height > maxImageSideDecoded ||
		cfg.Width*cfg.Height > MaxImagePixels {
		return nil, Type{}, &ErrImage{fmt.Sprintf("the picture is %dx%d pixels; at most %d megapixels are accepted", cfg.Width, cfg.Height, MaxImagePixels/1_000_000)}
	}
	img, err := decode(data, t)
	if err != nil {
		return nil, Type{}, &ErrImage{"the picture cannot be read: " + err.Error()}
	}
	if t == TypeJPEG {
		img = orient(img, jpegOrientation(data))
	}
	out := TypeJPEG
	if t == TypePNG || t == TypeGIF || !opaque(img) {
		out = TypePNG
	}
	return img, out, nil
}

func decode(data []byte, t Type) (image.Image, error) {
	r := bytes.NewReader(data)
	switch t {
	case TypePNG:
		return png.Decode(r)
	case TypeJPEG:
		return jpeg.Decode(r)
	case TypeGIF:
		return gif.Decode(r)
	case TypeWebP:
		return webp.Decode(r)
	}
	return nil, fmt.Errorf("%s is not a picture", t.ContentType)
}

func opaque(img image.Image) bool {
	o, ok := img.(interface{ Opaque() bool })
	return ok && o.Opaque()
}

// fit returns w x h scaled down (never up) to fit within maxW x maxH, keeping the proportions.
func fit(w, h, maxW, maxH int) (int, int) {
	if w <= maxW && h <= maxH {
		return w, h
	}
	if w*maxH > h*maxW { // wider than the box
		return maxW, max(1, h*maxW/w)
	}
	return max(1, w*maxH/h), maxH
}

// scale draws the src rectangle of img at w x h.
func scale(img image.Image, src image.Rectangle, w, h int) image.Image {
	dst := image.NewNRGBA(image.Rect(0, 0, w, h))
	if src.Dx() == w && src.Dy() == h {
		draw.Draw(dst, dst.Bounds(), img, src.Min, draw.Src)
		return dst
	}
	draw.BiLinear.Scale(dst, dst.Bounds(), img, src, draw.Src, nil)
	return dst
}

// cover crops img's centre to the w:h proportions and scales it down (never up) to at most w x h.
func cover(img image.Image, w, h int) image.Image {
	b := img.Bounds()
	cw, ch := b.Dx(), b.Dy()
	if cw*h > ch*w { // wider than w:h: keep the full height
		cw = max(1, ch*w/h)
	} else {
		ch = max(1, cw*h/w)
	}
	x0 := b.Min.X + (b.Dx()-cw)/2
	y0 := b.Min.Y + (b.Dy()-ch)/2
	crop := image.Rect(x0, y0, x0+cw, y0+ch)
	if cw <= w && ch <= h {
		return scale(img, crop, cw, ch) // never enlarged
	}
	return scale(img, crop, w, h)
}

func encode(img image.Image, t Type) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	if t == TypeJPEG {
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: jpegQuality})
	} else {
		err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img)
	}
	return buf.Bytes(), err
}
