// Package photosize derives the smaller copies of a product photo that phones and grids load
// instead of the original: JPEGs of a few fixed widths, scaled with a good filter.
package photosize

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	_ "image/gif" // decoders of every type an upload may be
	"image/jpeg"
	_ "image/png"

	xdraw "golang.org/x/image/draw"
	_ "golang.org/x/image/webp"
)

// Widths are the widths of the copies, in pixels.
var Widths = []int{320, 640, 1024}

// Valid reports whether w is one of Widths.
func Valid(w int) bool {
	for _, x := range Widths {
		if x == w {
			return true
		}
	}
	return false
}

// ContentType is the type of every copy.
const ContentType = "image/jpeg"

// jpegQuality keeps a copy sharp at a fraction of the original's bytes.
const jpegQuality = 82

// Copies answers the copy of the photo src at each of Widths, by width.
func Copies(src []byte) (map[int][]byte, error) {
	decoding <- struct{}{}
	defer func() { <-decoding }()
	img, err := decode(src)
	if err != nil {
		return nil, err
	}
	out := make(map[int][]byte, len(Widths))
	for _, w := range Widths {
		if out[w], err = scale(img, w); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Scale answers a JPEG copy of the photo src, width pixels wide (never wider than the
// original: a narrower photo keeps its own size), with its aspect ratio kept. Transparent
// parts turn white, as the shop's pages show them.
func Scale(src []byte, width int) ([]byte, error) {
	decoding <- struct{}{}
	defer func() { <-decoding }()
	img, err := decode(src)
	if err != nil {
		return nil, err
	}
	return scale(img, width)
}

// ErrNotScalable is a photo whose pixels cannot be read (or are too many to scale).
var ErrNotScalable = errors.New("photo cannot be scaled")

// PixelsError is a photo that declares more pixels than are decoded. It is ErrNotScalable.
type PixelsError struct {
	Width, Height int
	Max           int // the most pixels a photo of its colour depth may have
}

func (e *PixelsError) Error() string {
	return fmt.Sprintf("%v: %dx%d pixels, more than %d", ErrNotScalable, e.Width, e.Height, e.Max)
}

func (e *PixelsError) Unwrap() error { return ErrNotScalable }

// Check reports whether the photo src can be read whole, as its copies will be: nil, a
// *PixelsError for one with too many pixels, or another ErrNotScalable for one whose pixels
// do not decode (a damaged or cut-off file whose first bytes say it is an image).
//
// An animated WebP is taken on its declared size alone: Go reads no animated WebP (it has no
// smaller copies and is served as stored), but every browser shows it.
func Check(src []byte) error {
	if animatedWebP(src) {
		_, err := config(src)
		return err
	}
	decoding <- struct{}{}
	defer func() { <-decoding }()
	_, err := decode(src)
	return err
}

// animatedWebP reports a WebP whose extended header (VP8X) sets the animation flag.
func animatedWebP(src []byte) bool {
	return len(src) >= 21 && string(src[0:4]) == "RIFF" && string(src[8:16]) == "WEBPVP8X" && src[20]&0x02 != 0
}

// config reads a photo's declared size and refuses one with more pixels than are decoded.
func config(src []byte) (image.Config, error) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(src))
	if err != nil {
		return cfg, fmt.Errorf("%w: %w", ErrNotScalable, err)
	}
	if most := min(maxPixels, maxDecodedBytes/bytesPerPixel(cfg.ColorModel)); cfg.Width*cfg.Height > most {
		return cfg, &PixelsError{Width: cfg.Width, Height: cfg.Height, Max: most}
	}
	return cfg, nil
}

// maxPixels bounds the photos decoded: a small file can declare a huge image (a
// decompression bomb) that would take gigabytes to decode.
const maxPixels = 40_000_000

// maxDecodedBytes bounds the memory one decoded photo takes: 40 million pixels of 16 bits a
// channel would be 320 MB.
const maxDecodedBytes = 160 << 20

// decoding admits the photos decoded at once: each may hold up to maxDecodedBytes, and
// scaling is CPU work that must not crowd out the shop's requests.
var decoding = make(chan struct{}, 2)

func decode(src []byte) (image.Image, error) {
	if _, err := config(src); err != nil {
		return nil, err
	}
	img, _, err := image.Decode(bytes.NewReader(src))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNotScalable, err)
	}
	if b := img.Bounds(); b.Dx() <= 0 || b.Dy() <= 0 {
		return nil, fmt.Errorf("%w: no pixels", ErrNotScalable)
	}
	return img, nil
}

// bytesPerPixel is what a pixel of model takes once decoded.
func bytesPerPixel(model color.Model) int {
	switch model {
	case color.RGBA64Model, color.NRGBA64Model:
		return 8
	case color.Gray16Model:
		return 2
	default:
		return 4
	}
}

func scale(img image.Image, width int) ([]byte, error) {
	b := img.Bounds()
	w := min(width, b.Dx())
	h := max(1, (b.Dy()*w+b.Dx()/2)/b.Dx())
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(dst, dst.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	xdraw.BiLinear.Scale(dst, dst.Bounds(), img, b, xdraw.Over, nil)
	var out bytes.Buffer
	if err := jpeg.Encode(&out, dst, &jpeg.Options{Quality: jpegQuality}); err != nil {
		return nil, fmt.Errorf("encode photo copy: %w", err)
	}
	return out.Bytes(), nil
}
