// Package demo loads a demo catalogue into an empty shop: clothing categories, products with
// photos drawn here in Go, a demo administrator and a demo shopper.
package demo

import (
	"bytes"
	"context"
	"fmt"
	"image/color"
	"strings"

	"shop"
)

// The demo accounts.
const (
	AdminEmail      = "admin@shop.test"
	AdminPassword   = "admin123"
	ShopperEmail    = "shopper@shop.test"
	ShopperPassword = "shopper123"
)

type item struct {
	name   string
	detail string // what sets it apart, part of its description
	colour string
	rgb    color.RGBA
	price  shop.Paise
	stock  int
}

type category struct {
	name    string
	garment Garment
	about   string // the category's sentence, ending each description
	items   []item
}

// catalogue is the demo catalogue: 8 categories of 6 products.
var catalogue = []category{
	{"T-Shirts", TShirt, "Pre-shrunk and bio-washed, so it keeps its shape and softness wash after wash.", []item{
		{"Classic Crew Neck Tee", "A 180 GSM combed cotton crew neck with a regular fit", "Navy Blue", rgb(31, 58, 122), 49900, 40},
		{"Everyday Pocket Tee", "A relaxed cotton tee with a chest pocket and dropped shoulders", "Olive Green", rgb(104, 112, 58), 59900, 35},
		{"Organic Slub Tee", "An organic slub cotton tee with a textured, lived-in feel", "Terracotta", rgb(190, 95, 62), 69900, 25},
		{"Striped Breton Tee", "A heavyweight tee inspired by the French sailor classic", "Ecru", rgb(226, 214, 190), 79900, 20},
		{"Athletic Dry-Fit Tee", "A quick-dry polyester tee with mesh panels for workouts", "Electric Blue", rgb(30, 110, 220), 89900, 30},
		{"Oversized Graphic Tee", "A boxy, oversized tee in thick jersey with a small chest print", "Jet Black", rgb(28, 28, 32), 74900, 28},
	}},
	{"Shirts", Shirt, "Finished with a curved hem, spare buttons and a collar that holds its shape.", []item{
		{"Oxford Button-Down Shirt", "A crisp cotton oxford with a button-down collar for office days", "Sky Blue", rgb(135, 180, 225), 149900, 22},
		{"Linen Summer Shirt", "A breezy pure linen shirt that keeps you cool in the hottest months", "Sand Beige", rgb(214, 196, 160), 179900, 18},
		{"Slim Fit Formal Shirt", "A wrinkle-resistant poplin shirt with a sharp spread collar", "White", rgb(236, 236, 232), 129900, 30},
		{"Flannel Check Shirt", "A brushed cotton flannel in a soft check for cool evenings", "Maroon", rgb(128, 30, 44), 159900, 16},
		{"Mandarin Collar Shirt", "A band-collar cotton shirt that pairs with jeans or a nehru jacket", "Sage Green", rgb(140, 164, 130), 139900, 20},
		{"Denim Work Shirt", "A rugged chambray work shirt with twin chest pockets", "Indigo", rgb(52, 70, 120), 169900, 14},
	}},
	{"Jeans & Trousers", Trousers, "Cut with a mid rise and finished with reinforced seams and a YKK zip.", []item{
		{"Slim Fit Stretch Jeans", "Stretch denim jeans with a slim leg that moves with you", "Dark Indigo", rgb(38, 52, 92), 199900, 30},
		{"Straight Fit Raw Denim", "Unwashed 14 oz selvedge-style denim that fades to your wear", "Raw Blue", rgb(30, 40, 70), 289900, 12},
		{"Relaxed Chinos", "Cotton twill chinos with a relaxed fit for weekends", "Khaki", rgb(190, 170, 120), 169900, 25},
		{"Tailored Formal Trousers", "Poly-viscose trousers with a crease that survives a long day", "Charcoal", rgb(60, 62, 68), 189900, 20},
		{"Cargo Utility Pants", "Ripstop cargo pants with six pockets and adjustable hems", "Olive", rgb(96, 104, 60), 219900, 18},
		{"Linen Drawstring Trousers", "Airy linen-blend trousers with an elastic drawstring waist", "Off White", rgb(232, 226, 210), 159900, 15},
	}},
	{"Dresses", Dress, "Fully lined where it matters, with a concealed side zip.", []item{
		{"Floral Wrap Dress", "A flowing viscose wrap dress with a flattering tie waist", "Rose Pink", rgb(214, 110, 140), 249900, 14},
		{"Cotton Shirt Dress", "A belted cotton shirt dress with roll-up sleeves", "Powder Blue", rgb(150, 185, 215), 219900, 16},
		{"Tiered Maxi Dress", "A tiered, floor-length maxi dress made for summer evenings", "Mustard", rgb(214, 164, 44), 279900, 10},
		{"Little Black Dress", "A timeless crepe sheath dress that goes from desk to dinner", "Black", rgb(24, 24, 28), 299900, 12},
		{"Linen Midi Dress", "A square-neck linen midi dress with patch pockets", "Emerald", rgb(30, 120, 90), 269900, 11},
		{"Polka Dot Skater Dress", "A fit-and-flare skater dress with a playful swing", "Crimson", rgb(180, 30, 50), 189900, 18},
	}},
	{"Jackets", Jacket, "Built with a breathable lining and inner pocket for your phone.", []item{
		{"Classic Denim Jacket", "A trucker-style denim jacket that only gets better with age", "Mid Blue", rgb(70, 105, 160), 279900, 15},
		{"Quilted Puffer Jacket", "A lightweight quilted puffer that packs into its own pocket", "Bottle Green", rgb(30, 80, 56), 389900, 10},
		{"Faux Leather Biker Jacket", "A vegan leather biker jacket with an asymmetric zip", "Black", rgb(30, 30, 34), 449900, 8},
		{"Cotton Bomber Jacket", "A cotton bomber with ribbed cuffs and a clean zip front", "Navy", rgb(34, 46, 86), 299900, 14},
		{"Nehru Jacket", "A sleeveless-look festive Nehru jacket in textured jacquard", "Wine", rgb(110, 30, 50), 259900, 12},
		{"Windcheater Rain Jacket", "A water-repellent windcheater with a packable hood for monsoon days", "Mustard Yellow", rgb(220, 170, 40), 229900, 20},
	}},
	{"Kurtas", Kurta, "Handwoven in India and finished with a comfortable straight cut.", []item{
		{"Cotton Straight Kurta", "A breathable cotton kurta for everyday wear and office Fridays", "Saffron", rgb(230, 140, 40), 129900, 25},
		{"Chikankari Kurta", "A Lucknowi chikankari kurta with delicate hand embroidery", "Ivory", rgb(236, 230, 214), 249900, 12},
		{"Silk Blend Festive Kurta", "A silk-blend kurta with a subtle sheen for weddings and pujas", "Royal Blue", rgb(40, 70, 170), 319900, 10},
		{"Block Print Kurta", "A hand block-printed cotton kurta from Jaipur artisans", "Indigo", rgb(48, 60, 120), 159900, 18},
		{"Khadi Short Kurta", "A short khadi kurta that pairs with jeans for a smart casual look", "Earth Brown", rgb(130, 90, 60), 109900, 22},
		{"Linen Pathani Kurta", "A structured linen Pathani kurta with a collar and chest pocket", "Bottle Green", rgb(36, 90, 64), 229900, 14},
	}},
	{"Hoodies & Sweatshirts", Hoodie, "Made of brushed fleece that is soft inside and keeps its colour.", []item{
		{"Essential Pullover Hoodie", "A 320 GSM cotton-rich hoodie with a kangaroo pocket", "Heather Grey", rgb(140, 140, 146), 179900, 30},
		{"Zip-Up Track Hoodie", "A full-zip hoodie with side pockets for runs and travel", "Black", rgb(30, 30, 34), 199900, 24},
		{"Oversized College Hoodie", "A roomy hoodie with a double-layer hood for lazy Sundays", "Forest Green", rgb(40, 90, 60), 219900, 18},
		{"Crew Neck Sweatshirt", "A classic crew sweatshirt with ribbed cuffs and hem", "Dusty Pink", rgb(208, 150, 156), 159900, 22},
		{"Half-Zip Fleece", "A half-zip polar fleece for cold mornings and hill trips", "Burgundy", rgb(120, 32, 48), 229900, 16},
		{"Tie-Dye Hoodie", "A hand-dyed hoodie where no two swirls are quite the same", "Lavender", rgb(170, 150, 210), 209900, 12},
	}},
	{"Skirts", Skirt, "Sits at the natural waist with a hidden zip and a soft lining.", []item{
		{"Pleated Midi Skirt", "A flowing pleated midi skirt with a satin finish", "Champagne", rgb(222, 200, 160), 169900, 14},
		{"Denim A-Line Skirt", "A structured denim A-line skirt with front pockets", "Light Blue", rgb(130, 165, 205), 149900, 18},
		{"Flared Cotton Skirt", "A twirl-ready cotton skirt with a wide flare", "Coral", rgb(236, 112, 96), 119900, 20},
		{"Printed Wrap Skirt", "A printed rayon wrap skirt with an adjustable tie", "Teal", rgb(30, 128, 130), 139900, 16},
		{"Tailored Pencil Skirt", "A stretch pencil skirt cut to sit just above the knee", "Black", rgb(26, 26, 30), 129900, 15},
		{"Tiered Boho Skirt", "A tiered boho maxi skirt with a comfortable elastic waist", "Rust", rgb(170, 80, 40), 159900, 12},
	}},
}

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 255} }

// Counts of the demo catalogue.
var (
	CategoryCount = len(catalogue)
	ProductCount  = func() int {
		n := 0
		for _, c := range catalogue {
			n += len(c.items)
		}
		return n
	}()
)

// Services are what Seed writes through.
type Services struct {
	Users      shop.UserService
	Categories shop.CategoryService
	Products   shop.ProductService
}

// Seed loads the demo catalogue and accounts when the shop has no products, and reports
// whether it did. A shop with any product is left as it is, so a second start adds nothing.
func Seed(ctx context.Context, s Services) (bool, error) {
	n, err := s.Products.ProductCount(ctx)
	if err != nil {
		return false, fmt.Errorf("count products: %w", err)
	}
	if n > 0 {
		return false, nil
	}
	if _, err := s.Users.EnsureAdmin(ctx, AdminEmail, AdminPassword, "Demo Admin"); err != nil {
		return false, err
	}
	_, err = s.Users.Register(ctx, shop.Registration{Name: "Demo Shopper", Email: ShopperEmail, Password: ShopperPassword,
		Phone: "9876543210", Address: "221 MG Road, Bengaluru 560001", Answer: "blue"})
	if err != nil && shop.ErrorCode(err) != shop.ECONFLICT {
		return false, fmt.Errorf("create demo shopper: %w", err)
	}
	existing, err := s.Categories.Categories(ctx)
	if err != nil {
		return false, err
	}
	for _, c := range catalogue {
		catID, err := ensureCategory(ctx, s.Categories, existing, c.name)
		if err != nil {
			return false, err
		}
		for _, it := range c.items {
			photo, err := Photo(c.garment, it.rgb)
			if err != nil {
				return false, fmt.Errorf("draw %s: %w", it.name, err)
			}
			in := shop.ProductInput{Name: it.name, Description: fmt.Sprintf("%s, in %s. %s", it.detail, strings.ToLower(it.colour), c.about),
				Price: it.price, Quantity: it.stock, Shipping: true, CategoryID: catID}
			up := &shop.PhotoUpload{ContentType: "image/jpeg", Size: int64(len(photo)), Body: bytes.NewReader(photo)}
			if _, err := s.Products.CreateProduct(ctx, in, up); err != nil {
				return false, fmt.Errorf("create demo product %s: %w", it.name, err)
			}
		}
	}
	return true, nil
}

// ensureCategory answers the id of the category with this name, creating it when needed.
func ensureCategory(ctx context.Context, cs shop.CategoryService, existing []*shop.Category, name string) (string, error) {
	for _, c := range existing {
		if strings.EqualFold(c.Name, name) {
			return c.ID, nil
		}
	}
	c, err := cs.CreateCategory(ctx, name)
	if err != nil {
		return "", fmt.Errorf("create demo category %s: %w", name, err)
	}
	return c.ID, nil
}
