package photosize_test

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
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
