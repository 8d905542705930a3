package demo

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"sort"
)

// PhotoSize is the side of a generated photo in pixels.
const PhotoSize = 640

// Garment is a silhouette the photo generator can draw.
type Garment int

// The silhouettes, one per kind of clothing.
const (
	TShirt Garment = iota
	Shirt
	Trousers
	Dress
	Jacket
	Kurta
	Hoodie
	Skirt
	Bag
)

// pt is a point on a 100x100 design grid, scaled to the photo.
type pt struct{ x, y float64 }

// canvas draws filled shapes on an RGBA image.
type canvas struct {
	img   *image.RGBA
	scale float64
}

// Photo draws a garment in colour c on a soft background and encodes it as JPEG.
func Photo(g Garment, c color.RGBA) ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, PhotoSize, PhotoSize))
	cv := &canvas{img: img, scale: PhotoSize / 100.0}
	cv.background(c)
	shadow := color.RGBA{0, 0, 0, 40}
	dark := shade(c, 0.72)
	light := shade(c, 1.18)
	draw := func(col color.RGBA, poly ...pt) { cv.fill(col, poly) }
	withShadow := func(poly ...pt) {
		cv.fill(shadow, offset(poly, 1.4, 1.8))
		cv.fill(c, poly)
	}
	switch g {
	case TShirt:
		withShadow(teeBody...)
		draw(dark, pt{40, 18}, pt{44, 22}, pt{50, 24}, pt{56, 22}, pt{60, 18}, pt{57, 18}, pt{50, 21.5}, pt{43, 18})
		draw(dark, pt{18, 37}, pt{25.5, 41.5}, pt{24.5, 43}, pt{17, 38.5})
		draw(dark, pt{82, 37}, pt{74.5, 41.5}, pt{75.5, 43}, pt{83, 38.5})
	case Shirt, Jacket:
		withShadow(longSleeveBody...)
		if g == Jacket {
			draw(dark, pt{40, 17}, pt{50, 40}, pt{60, 17}, pt{64, 20}, pt{52, 44}, pt{48, 44}, pt{36, 20})
			draw(shade(c, 0.5), pt{49.4, 40}, pt{50.6, 40}, pt{50.6, 86}, pt{49.4, 86})
			draw(dark, pt{34, 62}, pt{44, 62}, pt{44, 64}, pt{34, 64})
			draw(dark, pt{56, 62}, pt{66, 62}, pt{66, 64}, pt{56, 64})
		} else {
			draw(light, pt{40, 16}, pt{50, 26}, pt{45, 30}, pt{37, 20})
			draw(light, pt{60, 16}, pt{50, 26}, pt{55, 30}, pt{63, 20})
			draw(dark, pt{49.5, 26}, pt{50.5, 26}, pt{50.5, 86}, pt{49.5, 86})
			for y := 34.0; y < 84; y += 9 {
				cv.circle(color.RGBA{245, 245, 240, 255}, 51.8, y, 0.9)
			}
			draw(dark, pt{56, 36}, pt{64, 36}, pt{64, 44}, pt{56, 44})
		}
		draw(dark, pt{12.5, 70}, pt{21.5, 72}, pt{21.2, 74}, pt{12.2, 72})
		draw(dark, pt{87.5, 70}, pt{78.5, 72}, pt{78.8, 74}, pt{87.8, 72})
	case Hoodie:
		cv.fill(shadow, offset(hood, 1.4, 1.8))
		draw(dark, hood...)
		withShadow(longSleeveBody...)
		draw(shade(c, 0.6), pt{42, 20}, pt{50, 27}, pt{58, 20}, pt{56, 19}, pt{50, 24}, pt{44, 19})
		draw(dark, pt{36, 62}, pt{64, 62}, pt{68, 78}, pt{32, 78})
		draw(color.RGBA{240, 240, 235, 255}, pt{46, 26}, pt{46.8, 26}, pt{46.8, 40}, pt{46, 40})
		draw(color.RGBA{240, 240, 235, 255}, pt{53.2, 26}, pt{54, 26}, pt{54, 40}, pt{53.2, 40})
		draw(dark, pt{30, 84}, pt{70, 84}, pt{70, 88}, pt{30, 88})
	case Kurta:
		withShadow(kurtaBody...)
		draw(dark, pt{49.3, 18}, pt{50.7, 18}, pt{50.7, 40}, pt{49.3, 40})
		for y := 24.0; y < 40; y += 5 {
			cv.circle(shade(c, 1.4), 50, y, 0.8)
		}
		draw(light, pt{33, 92}, pt{67, 92}, pt{67, 95}, pt{33, 95})
	case Dress:
		withShadow(dressBody...)
		draw(dark, pt{39, 44}, pt{61, 44}, pt{61.5, 48}, pt{38.5, 48})
		draw(light, pt{50, 50}, pt{52, 50}, pt{62, 90}, pt{58, 90})
	case Trousers:
		withShadow(trouserBody...)
		draw(dark, pt{32, 14}, pt{68, 14}, pt{68, 20}, pt{32, 20})
		draw(shade(c, 0.55), pt{49.5, 20}, pt{50.5, 20}, pt{50.5, 34}, pt{49.5, 34})
		draw(dark, pt{34, 22}, pt{42, 22}, pt{37, 30})
		draw(dark, pt{66, 22}, pt{58, 22}, pt{63, 30})
	case Bag:
		draw(dark, bagHandle...)
		withShadow(bagBody...)
		draw(dark, pt{26, 40}, pt{74, 40}, pt{74, 43}, pt{26, 43})
	case Skirt:
		withShadow(skirtBody...)
		draw(dark, pt{34, 24}, pt{66, 24}, pt{66, 30}, pt{34, 30})
		for _, x := range []float64{42, 50, 58} {
			draw(dark, pt{x - 0.4, 30}, pt{x + 0.4, 30}, pt{x + 0.4 + (x-50)*0.35, 80}, pt{x - 0.4 + (x-50)*0.35, 80})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

var (
	teeBody = []pt{{40, 18}, {44, 22}, {50, 24}, {56, 22}, {60, 18}, {72, 22}, {84, 38}, {76, 43}, {70, 36},
		{70, 84}, {30, 84}, {30, 36}, {24, 43}, {16, 38}, {28, 22}}
	longSleeveBody = []pt{{40, 17}, {44, 21}, {50, 23}, {56, 21}, {60, 17}, {71, 21}, {79, 40}, {88, 72}, {79, 74},
		{71, 46}, {69, 40}, {70, 86}, {30, 86}, {31, 40}, {29, 46}, {21, 74}, {12, 72}, {21, 40}, {29, 21}}
	hood        = []pt{{38, 22}, {37, 10}, {43, 4}, {50, 3}, {57, 4}, {63, 10}, {62, 22}}
	kurtaBody   = []pt{{41, 16}, {45, 19}, {50, 20}, {55, 19}, {59, 16}, {69, 20}, {76, 40}, {83, 62}, {75, 64}, {68, 44}, {68, 70}, {69, 95}, {31, 95}, {32, 70}, {32, 44}, {25, 64}, {17, 62}, {24, 40}, {31, 20}}
	dressBody   = []pt{{40, 10}, {42, 10}, {44, 18}, {50, 22}, {56, 18}, {58, 10}, {60, 10}, {61, 20}, {61, 44}, {80, 90}, {20, 90}, {39, 44}, {39, 20}}
	trouserBody = []pt{{32, 14}, {68, 14}, {70, 60}, {71, 92}, {55, 92}, {50, 38}, {45, 92}, {29, 92}, {30, 60}}
	skirtBody   = []pt{{34, 24}, {66, 24}, {66, 30}, {80, 80}, {20, 80}, {34, 30}}
	bagBody     = []pt{{24, 34}, {76, 34}, {80, 88}, {20, 88}}
	bagHandle   = []pt{{36, 34}, {38, 18}, {50, 12}, {62, 18}, {64, 34}, {60, 34}, {58, 21}, {50, 16.5}, {42, 21}, {40, 34}}
)

// background paints a soft vertical gradient in a pale tint of the garment's complement.
func (cv *canvas) background(c color.RGBA) {
	tint := color.RGBA{255 - c.R/3, 255 - c.G/3, 255 - c.B/3, 255}
	top := mix(color.RGBA{250, 248, 244, 255}, tint, 0.25)
	bottom := mix(color.RGBA{236, 232, 226, 255}, tint, 0.35)
	b := cv.img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		row := mix(top, bottom, float64(y)/float64(b.Dy()))
		off := cv.img.PixOffset(0, y)
		for x := 0; x < b.Dx(); x++ {
			p := cv.img.Pix[off+4*x : off+4*x+4 : off+4*x+4]
			p[0], p[1], p[2], p[3] = row.R, row.G, row.B, 255
		}
	}
}

// fill paints a polygon (even-odd rule) in col, blending by col's alpha.
func (cv *canvas) fill(col color.RGBA, poly []pt) {
	n := len(poly)
	minY, maxY := math.Inf(1), math.Inf(-1)
	ps := make([]pt, n)
	for i, p := range poly {
		ps[i] = pt{p.x * cv.scale, p.y * cv.scale}
		minY, maxY = math.Min(minY, ps[i].y), math.Max(maxY, ps[i].y)
	}
	b := cv.img.Bounds()
	xs := make([]float64, 0, 8)
	for y := max(int(minY), b.Min.Y); y <= min(int(maxY), b.Max.Y-1); y++ {
		fy := float64(y) + 0.5
		xs = xs[:0]
		for i := range n {
			a, c := ps[i], ps[(i+1)%n]
			if (a.y <= fy) != (c.y <= fy) {
				xs = append(xs, a.x+(fy-a.y)*(c.x-a.x)/(c.y-a.y))
			}
		}
		sort.Float64s(xs)
		for i := 0; i+1 < len(xs); i += 2 {
			for x := max(int(math.Round(xs[i])), b.Min.X); x < min(int(math.Round(xs[i+1])), b.Max.X); x++ {
				cv.blend(x, y, col)
			}
		}
	}
}

// circle paints a disc of radius r (design units) at (x, y).
func (cv *canvas) circle(col color.RGBA, x, y, r float64) {
	const steps = 16
	poly := make([]pt, steps)
	for i := range poly {
		a := 2 * math.Pi * float64(i) / steps
		poly[i] = pt{x + r*math.Cos(a), y + r*math.Sin(a)}
	}
	cv.fill(col, poly)
}

func (cv *canvas) blend(x, y int, col color.RGBA) {
	off := cv.img.PixOffset(x, y)
	p := cv.img.Pix[off : off+4 : off+4]
	a := float64(col.A) / 255
	p[0] = uint8(float64(p[0])*(1-a) + float64(col.R)*a)
	p[1] = uint8(float64(p[1])*(1-a) + float64(col.G)*a)
	p[2] = uint8(float64(p[2])*(1-a) + float64(col.B)*a)
}

func offset(poly []pt, dx, dy float64) []pt {
	out := make([]pt, len(poly))
	for i, p := range poly {
		out[i] = pt{p.x + dx, p.y + dy}
	}
	return out
}

// shade scales a colour's brightness by f, keeping it opaque.
func shade(c color.RGBA, f float64) color.RGBA {
	ch := func(v uint8) uint8 { return uint8(math.Min(255, float64(v)*f+boolf(f > 1)*18)) }
	return color.RGBA{ch(c.R), ch(c.G), ch(c.B), 255}
}

func boolf(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func mix(a, b color.RGBA, t float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 255}
}
