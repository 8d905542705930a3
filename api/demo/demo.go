// Package demo loads a demo catalogue into an empty shop: clothing categories, products with
// photos drawn here in Go, a demo administrator and a demo shopper.
package demo

import (
	"bytes"
	"context"
	"fmt"
	"image/color"
	"slices"
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
	more   []string // other colours it comes in
}

type category struct {
	name    string
	garment Garment
	about   string   // the category's sentence, ending each description
	sizes   []string // the sizes every item of the category comes in; none for one-size items
	items   []item
}

// The sizes of the demo's clothes.
var (
	letterSizes = []string{"XS", "S", "M", "L", "XL", "XXL"}
	waistSizes  = []string{"28", "30", "32", "34", "36", "38"}
	kidsAges    = []string{"2-3Y", "4-5Y", "6-7Y", "8-9Y", "10-11Y"}
)

// catalogue is the demo catalogue: 10 categories of 6 products. Every garment comes in sizes
// (letters; waists for trousers; ages for kids), many in two or three colours, and some
// combinations are sold out. Bags are one size, sold as one thing.
var catalogue = []category{
	{"T-Shirts", TShirt, "Pre-shrunk and bio-washed, so it keeps its shape and softness wash after wash.", letterSizes, []item{
		{"Classic Crew Neck Tee", "A 180 GSM combed cotton crew neck with a regular fit", "Navy Blue", rgb(31, 58, 122), 49900, 40, []string{"White", "Heather Grey"}},
		{"Everyday Pocket Tee", "A relaxed cotton tee with a chest pocket and dropped shoulders", "Olive Green", rgb(104, 112, 58), 59900, 35, []string{"Black"}},
		{"Organic Slub Tee", "An organic slub cotton tee with a textured, lived-in feel", "Terracotta", rgb(190, 95, 62), 69900, 25, nil},
		{"Striped Breton Tee", "A heavyweight tee inspired by the French sailor classic", "Ecru", rgb(226, 214, 190), 79900, 20, nil},
		{"Athletic Dry-Fit Tee", "A quick-dry polyester tee with mesh panels for workouts", "Electric Blue", rgb(30, 110, 220), 89900, 30, nil},
		{"Oversized Graphic Tee", "A boxy, oversized tee in thick jersey with a small chest print", "Jet Black", rgb(28, 28, 32), 74900, 28, []string{"White"}},
	}},
	{"Shirts", Shirt, "Finished with a curved hem, spare buttons and a collar that holds its shape.", letterSizes, []item{
		{"Oxford Button-Down Shirt", "A crisp cotton oxford with a button-down collar for office days", "Sky Blue", rgb(135, 180, 225), 149900, 22, []string{"White", "Pink"}},
		{"Linen Summer Shirt", "A breezy pure linen shirt that keeps you cool in the hottest months", "Sand Beige", rgb(214, 196, 160), 179900, 18, []string{"Sage Green"}},
		{"Slim Fit Formal Shirt", "A wrinkle-resistant poplin shirt with a sharp spread collar", "White", rgb(236, 236, 232), 129900, 30, nil},
		{"Flannel Check Shirt", "A brushed cotton flannel in a soft check for cool evenings", "Maroon", rgb(128, 30, 44), 159900, 16, nil},
		{"Mandarin Collar Shirt", "A band-collar cotton shirt that pairs with jeans or a nehru jacket", "Sage Green", rgb(140, 164, 130), 139900, 20, nil},
		{"Denim Work Shirt", "A rugged chambray work shirt with twin chest pockets", "Indigo", rgb(52, 70, 120), 169900, 14, nil},
	}},
	{"Jeans & Trousers", Trousers, "Cut with a mid rise and finished with reinforced seams and a YKK zip.", waistSizes, []item{
		{"Slim Fit Stretch Jeans", "Stretch denim jeans with a slim leg that moves with you", "Dark Indigo", rgb(38, 52, 92), 199900, 30, []string{"Black", "Light Wash"}},
		{"Straight Fit Raw Denim", "Unwashed 14 oz selvedge-style denim that fades to your wear", "Raw Blue", rgb(30, 40, 70), 289900, 12, nil},
		{"Relaxed Chinos", "Cotton twill chinos with a relaxed fit for weekends", "Khaki", rgb(190, 170, 120), 169900, 25, []string{"Navy"}},
		{"Tailored Formal Trousers", "Poly-viscose trousers with a crease that survives a long day", "Charcoal", rgb(60, 62, 68), 189900, 20, nil},
		{"Cargo Utility Pants", "Ripstop cargo pants with six pockets and adjustable hems", "Olive", rgb(96, 104, 60), 219900, 18, nil},
		{"Linen Drawstring Trousers", "Airy linen-blend trousers with an elastic drawstring waist", "Off White", rgb(232, 226, 210), 159900, 15, nil},
	}},
	{"Dresses", Dress, "Fully lined where it matters, with a concealed side zip.", letterSizes[:5], []item{
		{"Floral Wrap Dress", "A flowing viscose wrap dress with a flattering tie waist", "Rose Pink", rgb(214, 110, 140), 249900, 14, []string{"Navy"}},
		{"Cotton Shirt Dress", "A belted cotton shirt dress with roll-up sleeves", "Powder Blue", rgb(150, 185, 215), 219900, 16, nil},
		{"Tiered Maxi Dress", "A tiered, floor-length maxi dress made for summer evenings", "Mustard", rgb(214, 164, 44), 279900, 10, nil},
		{"Little Black Dress", "A timeless crepe sheath dress that goes from desk to dinner", "Black", rgb(24, 24, 28), 299900, 12, []string{"Red"}},
		{"Linen Midi Dress", "A square-neck linen midi dress with patch pockets", "Emerald", rgb(30, 120, 90), 269900, 11, nil},
		{"Polka Dot Skater Dress", "A fit-and-flare skater dress with a playful swing", "Crimson", rgb(180, 30, 50), 189900, 18, nil},
	}},
	{"Jackets", Jacket, "Built with a breathable lining and inner pocket for your phone.", letterSizes[1:], []item{
		{"Classic Denim Jacket", "A trucker-style denim jacket that only gets better with age", "Mid Blue", rgb(70, 105, 160), 279900, 15, []string{"Black"}},
		{"Quilted Puffer Jacket", "A lightweight quilted puffer that packs into its own pocket", "Bottle Green", rgb(30, 80, 56), 389900, 10, nil},
		{"Faux Leather Biker Jacket", "A vegan leather biker jacket with an asymmetric zip", "Black", rgb(30, 30, 34), 449900, 8, nil},
		{"Cotton Bomber Jacket", "A cotton bomber with ribbed cuffs and a clean zip front", "Navy", rgb(34, 46, 86), 299900, 14, []string{"Olive"}},
		{"Nehru Jacket", "A sleeveless-look festive Nehru jacket in textured jacquard", "Wine", rgb(110, 30, 50), 259900, 12, nil},
		{"Windcheater Rain Jacket", "A water-repellent windcheater with a packable hood for monsoon days", "Mustard Yellow", rgb(220, 170, 40), 229900, 20, nil},
	}},
	{"Kurtas", Kurta, "Handwoven in India and finished with a comfortable straight cut.", letterSizes[1:], []item{
		{"Cotton Straight Kurta", "A breathable cotton kurta for everyday wear and office Fridays", "Saffron", rgb(230, 140, 40), 129900, 25, []string{"White", "Sky Blue"}},
		{"Chikankari Kurta", "A Lucknowi chikankari kurta with delicate hand embroidery", "Ivory", rgb(236, 230, 214), 249900, 12, nil},
		{"Silk Blend Festive Kurta", "A silk-blend kurta with a subtle sheen for weddings and pujas", "Royal Blue", rgb(40, 70, 170), 319900, 10, nil},
		{"Block Print Kurta", "A hand block-printed cotton kurta from Jaipur artisans", "Indigo", rgb(48, 60, 120), 159900, 18, nil},
		{"Khadi Short Kurta", "A short khadi kurta that pairs with jeans for a smart casual look", "Earth Brown", rgb(130, 90, 60), 109900, 22, nil},
		{"Linen Pathani Kurta", "A structured linen Pathani kurta with a collar and chest pocket", "Bottle Green", rgb(36, 90, 64), 229900, 14, nil},
	}},
	{"Hoodies & Sweatshirts", Hoodie, "Made of brushed fleece that is soft inside and keeps its colour.", letterSizes, []item{
		{"Essential Pullover Hoodie", "A 320 GSM cotton-rich hoodie with a kangaroo pocket", "Heather Grey", rgb(140, 140, 146), 179900, 30, []string{"Black", "Navy"}},
		{"Zip-Up Track Hoodie", "A full-zip hoodie with side pockets for runs and travel", "Black", rgb(30, 30, 34), 199900, 24, nil},
		{"Oversized College Hoodie", "A roomy hoodie with a double-layer hood for lazy Sundays", "Forest Green", rgb(40, 90, 60), 219900, 18, nil},
		{"Crew Neck Sweatshirt", "A classic crew sweatshirt with ribbed cuffs and hem", "Dusty Pink", rgb(208, 150, 156), 159900, 22, []string{"Grey"}},
		{"Half-Zip Fleece", "A half-zip polar fleece for cold mornings and hill trips", "Burgundy", rgb(120, 32, 48), 229900, 16, nil},
		{"Tie-Dye Hoodie", "A hand-dyed hoodie where no two swirls are quite the same", "Lavender", rgb(170, 150, 210), 209900, 12, nil},
	}},
	{"Skirts", Skirt, "Sits at the natural waist with a hidden zip and a soft lining.", letterSizes[:5], []item{
		{"Pleated Midi Skirt", "A flowing pleated midi skirt with a satin finish", "Champagne", rgb(222, 200, 160), 169900, 14, nil},
		{"Denim A-Line Skirt", "A structured denim A-line skirt with front pockets", "Light Blue", rgb(130, 165, 205), 149900, 18, []string{"Black"}},
		{"Flared Cotton Skirt", "A twirl-ready cotton skirt with a wide flare", "Coral", rgb(236, 112, 96), 119900, 20, nil},
		{"Printed Wrap Skirt", "A printed rayon wrap skirt with an adjustable tie", "Teal", rgb(30, 128, 130), 139900, 16, nil},
		{"Tailored Pencil Skirt", "A stretch pencil skirt cut to sit just above the knee", "Black", rgb(26, 26, 30), 129900, 15, []string{"Navy"}},
		{"Tiered Boho Skirt", "A tiered boho maxi skirt with a comfortable elastic waist", "Rust", rgb(170, 80, 40), 159900, 12, nil},
	}},
	{"Kids", TShirt, "Soft on young skin, with room to grow and colours that survive the playground.", kidsAges, []item{
		{"Kids' Dino Print Tee", "A cotton tee with a friendly dinosaur print", "Sunshine Yellow", rgb(240, 200, 60), 39900, 30, []string{"Sky Blue"}},
		{"Kids' Striped Polo", "A pique polo with contrast stripes for school picnics", "Red", rgb(200, 50, 50), 49900, 24, nil},
		{"Kids' Everyday Tee", "A pack-favourite crew neck tee in soft slub cotton", "Mint", rgb(150, 210, 180), 29900, 36, []string{"Peach", "Grey"}},
		{"Kids' Rocket Tee", "A glow-in-the-dark rocket print on a roomy tee", "Navy", rgb(34, 46, 86), 44900, 18, nil},
		{"Kids' Rainbow Tee", "A tee with a hand-drawn rainbow across the chest", "White", rgb(236, 236, 232), 34900, 20, nil},
		{"Kids' Football Jersey", "A breathable mesh jersey for the school team", "Green", rgb(40, 140, 70), 54900, 16, []string{"Blue"}},
	}},
	{"Bags", Bag, "One size, sturdy stitching and an inner pocket for keys.", nil, []item{
		{"Cotton Tote Bag", "A heavy canvas tote that carries a week of groceries", "Natural", rgb(222, 208, 178), 39900, 40, nil},
		{"Jute Market Bag", "A handwoven jute bag with cotton-lined handles", "Jute Brown", rgb(170, 130, 80), 44900, 30, nil},
		{"Quilted Sling Bag", "A small quilted sling bag for a phone, wallet and keys", "Plum", rgb(110, 50, 90), 99900, 15, nil},
		{"Canvas Laptop Sleeve", "A padded canvas sleeve for a 14-inch laptop", "Charcoal", rgb(60, 62, 68), 89900, 20, nil},
		{"Leather Weekender Bag", "A roomy leather weekender for two nights away", "Tan", rgb(176, 112, 60), 499900, 6, nil},
		{"Printed Drawstring Pouch", "A block-printed pouch for chargers and odds and ends", "Indigo", rgb(48, 60, 120), 19900, 50, nil},
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

// Seed loads the demo catalogue and accounts into a shop without products, and reports
// whether it did. A seed cut short (the first start stopped while it ran) is finished by the
// next start: the demo shopper's account is made last, so a shop holding only demo products
// and no demo shopper is one whose seed did not end. Any other shop with products is left as
// it is, so a second start adds nothing, and products deleted from the demo stay deleted.
func Seed(ctx context.Context, s Services) (bool, error) {
	made, _, err := s.Products.Products(ctx, 1, 100)
	if err != nil {
		return false, fmt.Errorf("list products: %w", err)
	}
	if len(made) > 0 {
		if resume, err := cutShort(ctx, s, made); err != nil || !resume {
			return false, err
		}
	}
	if _, err := s.Users.EnsureAdmin(ctx, AdminEmail, AdminPassword, "Demo Admin"); err != nil {
		return false, err
	}
	existing, err := s.Categories.Categories(ctx)
	if err != nil {
		return false, err
	}
	for ci, c := range catalogue {
		catID, err := ensureCategory(ctx, s.Categories, existing, c.name)
		if err != nil {
			return false, err
		}
		for ii, it := range c.items {
			p := madeNamed(made, it.name)
			if p == nil {
				if p, err = createItem(ctx, s, c, it, catID); err != nil {
					return false, err
				}
			}
			if len(c.sizes) == 0 || len(p.Variants) > 0 {
				continue
			}
			if _, err := s.Products.SetVariants(ctx, p.ID, variants(fmt.Sprintf("CS%d%d", ci+1, ii+1), c.sizes, it)); err != nil {
				return false, fmt.Errorf("set the sizes of demo product %s: %w", it.name, err)
			}
		}
	}
	_, err = s.Users.Register(ctx, shop.Registration{Name: "Demo Shopper", Email: ShopperEmail, Password: ShopperPassword,
		Phone: "9876543210", Address: "221 MG Road, Bengaluru 560001", Answer: "blue"})
	if err != nil && shop.ErrorCode(err) != shop.ECONFLICT {
		return false, fmt.Errorf("create demo shopper: %w", err)
	}
	return true, nil
}

// cutShort reports whether the products made are those of a demo seed that did not end: all
// of them the demo's, and no demo shopper yet (see Seed).
func cutShort(ctx context.Context, s Services, made []*shop.Product) (bool, error) {
	if len(made) >= ProductCount {
		return false, nil
	}
	for _, p := range made {
		if !demoNames[p.Name] {
			return false, nil
		}
	}
	_, err := s.Users.Authenticate(ctx, ShopperEmail, ShopperPassword)
	switch shop.ErrorCode(err) {
	case "":
		return false, nil
	case shop.EUNAUTHORIZED:
		return true, nil
	}
	return false, fmt.Errorf("look for the demo shopper: %w", err)
}

// madeNamed answers the product of made named name, or nil.
func madeNamed(made []*shop.Product, name string) *shop.Product {
	for _, p := range made {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// createItem makes demo item it of category c, with its photo.
func createItem(ctx context.Context, s Services, c category, it item, catID string) (*shop.Product, error) {
	photo, err := Photo(c.garment, it.rgb)
	if err != nil {
		return nil, fmt.Errorf("draw %s: %w", it.name, err)
	}
	in := shop.ProductInput{Name: it.name, Description: fmt.Sprintf("%s, in %s. %s", it.detail, strings.ToLower(it.colour), c.about),
		Price: it.price, Quantity: it.stock, Shipping: true, CategoryID: catID}
	up := &shop.PhotoUpload{ContentType: "image/jpeg", Size: int64(len(photo)), Body: bytes.NewReader(photo)}
	p, err := s.Products.CreateProduct(ctx, in, up)
	if err != nil {
		return nil, fmt.Errorf("create demo product %s: %w", it.name, err)
	}
	return p, nil
}

// demoNames are the names of the demo's products.
var demoNames = func() map[string]bool {
	names := map[string]bool{}
	for _, c := range catalogue {
		for _, it := range c.items {
			names[it.name] = true
		}
	}
	return names
}()

// variants are an item's sizes in each of its colours. The stock varies from one combination
// to the next, the same at every seed: about one in six is sold out and a few have 1 to 3
// left. The two largest sizes cost a little more.
func variants(code string, sizes []string, it item) shop.VariantsInput {
	colours := append([]string{it.colour}, it.more...)
	in := shop.VariantsInput{Options: []shop.Option{{Name: "Size", Values: slices.Clone(sizes)}}}
	if len(colours) > 1 {
		in.Options = append(in.Options, shop.Option{Name: "Colour", Values: slices.Clone(colours)})
	}
	perVariant := max(1, it.stock/len(sizes))
	for k, combo := range combinations(sizes, colours) {
		q := (len(it.name) + 5*k) % 6 * perVariant / 3
		v := shop.VariantInput{SKU: fmt.Sprintf("%s-%s-%d", code, combo[0], k+1), Options: map[string]string{"Size": combo[0]}, Quantity: &q}
		if len(colours) > 1 {
			v.Options["Colour"] = combo[1]
		}
		if i := slices.Index(sizes, combo[0]); i >= len(sizes)-2 && len(sizes) > 4 {
			price := (it.price + 10000).Rupees()
			v.Price = &price
		}
		in.Variants = append(in.Variants, v)
	}
	return in
}

// combinations pairs every size with every colour, colour by colour.
func combinations(sizes, colours []string) [][2]string {
	var out [][2]string
	for _, c := range colours {
		for _, s := range sizes {
			out = append(out, [2]string{s, c})
		}
	}
	return out
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
