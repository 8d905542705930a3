package photosize_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"

	"shop/photosize"
)

func encoded(t *testing.T, w, h int, asPNG bool) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.NRGBA{R: uint8(x), G: uint8(y), B: 90, A: 255})
		}
	}
	img.Set(0, 0, color.NRGBA{}) // a transparent pixel
	var buf bytes.Buffer
	var err error
	if asPNG {
		err = png.Encode(&buf, img)
	} else {
		err = jpeg.Encode(&buf, img, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestScaleKeepsTheAspectAndNeverEnlarges(t *testing.T) {
	for _, tc := range []struct {
		name         string
		src          []byte
		width        int
		wantW, wantH int
	}{
		{"jpeg down", encoded(t, 1600, 1200, false), 640, 640, 480},
		{"png down", encoded(t, 800, 1000, true), 320, 320, 400},
		{"narrower than asked", encoded(t, 500, 250, false), 1024, 500, 250},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := photosize.Scale(tc.src, tc.width)
			if err != nil {
				t.Fatal(err)
			}
			img, format, err := image.Decode(bytes.NewReader(out))
			if err != nil || format != "jpeg" {
				t.Fatalf("copy is not a JPEG: %v %q", err, format)
			}
			if b := img.Bounds(); b.Dx() != tc.wantW || b.Dy() != tc.wantH {
				t.Errorf("copy is %dx%d, want %dx%d", b.Dx(), b.Dy(), tc.wantW, tc.wantH)
			}
		})
	}
	if _, err := photosize.Scale([]byte("not an image"), 320); err == nil {
		t.Error("scaled bytes that are no image")
	}
}

// pngHeader is the start of a PNG declaring w x h pixels of the given bit depth and colour
// type: all that image.DecodeConfig reads.
func pngHeader(w, h uint32, depth, colourType byte) []byte {
	ihdr := binary.BigEndian.AppendUint32([]byte("IHDR"), w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, depth, colourType, 0, 0, 0)
	out := append([]byte("\x89PNG\r\n\x1a\n"), binary.BigEndian.AppendUint32(nil, uint32(len(ihdr)-4))...)
	out = append(out, ihdr...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(ihdr))
}

// A small file may declare an image that would take hundreds of megabytes to decode: it is
// refused from its header, before any pixel is read.
func TestPhotosTooBigToDecodeAreRefused(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  []byte
		size string
	}{
		{"49 megapixels", pngHeader(7000, 7000, 8, 6), "7000x7000 pixels"},
		{"40 megapixels of 16 bits a channel (320 MB)", pngHeader(6300, 6300, 16, 6), "6300x6300 pixels"},
		{"100000 x 100000", pngHeader(100000, 100000, 8, 2), "100000x100000 pixels"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, _, err := image.DecodeConfig(bytes.NewReader(tc.src)); err != nil {
				t.Fatalf("the header does not read as a PNG: %v", err)
			}
			// Refused for its size, not for the pixels missing after the header.
			if _, err := photosize.Copies(tc.src); !errors.Is(err, photosize.ErrNotScalable) || !strings.Contains(err.Error(), tc.size) {
				t.Fatalf("copies: %v, want ErrNotScalable for %s", err, tc.size)
			}
		})
	}
	// 16 bits a channel within the bound still scales.
	img := image.NewNRGBA64(image.Rect(0, 0, 64, 48))
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if copies, err := photosize.Copies(buf.Bytes()); err != nil || len(copies) != len(photosize.Widths) {
		t.Fatalf("a small 16-bit photo: %d copies, %v", len(copies), err)
	}
}

// Check reads a photo whole: a file that only starts like an image, or is cut short, is not
// one, and one declaring too many pixels says how many it may have.
func TestCheck(t *testing.T) {
	var gifBuf bytes.Buffer
	if err := gif.Encode(&gifBuf, image.NewPaletted(image.Rect(0, 0, 8, 6), color.Palette{color.Black, color.White}), nil); err != nil {
		t.Fatal(err)
	}
	webp := []byte("RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00")
	pngPhoto, jpegPhoto := encoded(t, 40, 30, true), encoded(t, 40, 30, false)
	for _, tc := range []struct {
		name    string
		src     []byte
		wantErr bool
	}{
		{"png", pngPhoto, false},
		{"jpeg", jpegPhoto, false},
		{"gif", gifBuf.Bytes(), false},
		{"webp", webp, false},
		{"animated webp", animatedWebP(8, 6), false},
		{"png with bytes after its end", append(bytes.Clone(pngPhoto), "trailing"...), false},
		{"png header then junk", append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{7}, 200)...), true},
		{"gif header then junk", append([]byte("GIF89a\x01\x00\x01\x00\x00\x00\x00"), bytes.Repeat([]byte{7}, 200)...), true},
		{"jpeg header then junk", append([]byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00"), bytes.Repeat([]byte{7}, 200)...), true},
		{"webp header then zeros", append([]byte("RIFF\x10\x00\x00\x00WEBPVP8 "), make([]byte, 100)...), true},
		{"png cut short", pngPhoto[:len(pngPhoto)/2], true},
		{"jpeg cut short", jpegPhoto[:len(jpegPhoto)/2], true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := photosize.Check(tc.src)
			var pixels *photosize.PixelsError
			if (err != nil) != tc.wantErr || (err != nil && (!errors.Is(err, photosize.ErrNotScalable) || errors.As(err, &pixels))) {
				t.Fatalf("Check = %v, want an error %v (ErrNotScalable, not for its pixels)", err, tc.wantErr)
			}
		})
	}
	for _, tc := range []struct {
		src     []byte
		w, h    int
		wantMax int
	}{
		{pngHeader(8000, 6000, 8, 6), 8000, 6000, 40_000_000},
		{pngHeader(5000, 5000, 16, 6), 5000, 5000, 20_971_520}, // 16 bits a channel: 8 bytes a pixel
	} {
		var pixels *photosize.PixelsError
		if err := photosize.Check(tc.src); !errors.As(err, &pixels) || !errors.Is(err, photosize.ErrNotScalable) ||
			pixels.Width != tc.w || pixels.Height != tc.h || pixels.Max != tc.wantMax {
			t.Errorf("Check of %dx%d = %v, want a PixelsError of at most %d", tc.w, tc.h, err, tc.wantMax)
		}
	}
}

// animatedWebP is the start of an animated WebP of width x height: the extended header with
// the animation flag and the animation's header, as far as a size is read.
func animatedWebP(width, height int) []byte {
	w, h := width-1, height-1
	vp8x := []byte{0x02, 0, 0, 0, byte(w), byte(w >> 8), byte(w >> 16), byte(h), byte(h >> 8), byte(h >> 16)}
	out := []byte("RIFF\x1e\x00\x00\x00WEBPVP8X\x0a\x00\x00\x00")
	out = append(out, vp8x...)
	return append(out, "ANIM\x06\x00\x00\x00\xff\xff\xff\xff\x00\x00"...)
}

// An animated WebP, which Go cannot decode, is taken on its declared size, and refused when
// that size is too large.
func TestCheckTakesAnimatedWebPOnItsSize(t *testing.T) {
	if err := photosize.Check(animatedWebP(386, 395)); err != nil {
		t.Fatalf("Check(animated WebP) = %v, want nil", err)
	}
	var pixels *photosize.PixelsError
	if err := photosize.Check(animatedWebP(10000, 10000)); !errors.As(err, &pixels) {
		t.Fatalf("Check(animated WebP of 10000 x 10000) = %v, want a *PixelsError", err)
	}
}
