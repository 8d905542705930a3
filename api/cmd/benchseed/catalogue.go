package main

import (
	"fmt"
	"strings"

	"shop"
)

var (
	categoryNames = []string{"Shirts", "T-Shirts", "Trousers", "Jeans", "Dresses", "Skirts", "Jackets", "Coats",
		"Hoodies", "Sweaters", "Kurtas", "Sarees", "Shorts", "Activewear", "Nightwear", "Blazers", "Polos",
		"Cardigans", "Jumpsuits", "Vests"}
	fits      = []string{"Slim Fit", "Regular Fit", "Relaxed", "Oversized", "Tailored", "Cropped", "Classic"}
	colours   = []string{"Navy", "Black", "White", "Olive", "Maroon", "Beige", "Sky Blue", "Charcoal", "Mustard", "Rust", "Teal"}
	materials = []string{"Linen", "Cotton", "Wool", "Denim", "Silk", "Corduroy", "Fleece", "Khadi", "Chambray"}
	garments  = []string{"Shirt", "T-Shirt", "Trousers", "Dress", "Jacket", "Kurta", "Hoodie", "Skirt", "Blazer", "Sweater", "Shorts", "Coat", "Polo"}
	seasons   = []string{"summer", "monsoon", "winter", "festive evenings", "the office", "weekends"}
)

// categoryName is the i-th category; after the list runs out, numbered names.
func categoryName(i int) string {
	if i < len(categoryNames) {
		return categoryNames[i]
	}
	return fmt.Sprintf("Collection %d", i+1)
}

// garment is one bench product's text.
type garment struct {
	name, description string
	price             shop.Paise
}

// garmentOf is the i-th product: a name made of a fit, colour, material and garment, unique
// by its style number; a description of about 200 characters; a price with paise.
func garmentOf(i int) garment {
	fit, col := fits[i%len(fits)], colours[(i/7)%len(colours)]
	mat, g := materials[(i/3)%len(materials)], garments[(i/11)%len(garments)]
	season := seasons[(i/5)%len(seasons)]
	name := fmt.Sprintf("%s %s %s %s %d", fit, col, mat, g, 1000+i)
	desc := fmt.Sprintf("A %s %s %s in %s, cut for %s. Breathable, easy to wash and made to last; "+
		"pairs well with the rest of the collection. Style %d.", strings.ToLower(fit), strings.ToLower(mat),
		strings.ToLower(g), strings.ToLower(col), season, 1000+i)
	return garment{name: name, description: desc, price: shop.Paise((299+(i*37)%4700)*100 + i%100)}
}
