package httpapi_test

import (
	"encoding/json"
	"fmt"
	"image/color"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"shop/httpapi"
)

// builtIndex stands for the client's built index.html: an empty root and a head.
const builtIndex = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Clothing Shop</title>` +
	`</head><body><div id="root"></div><script defer src="/first-call.js"></script></body></html>`

// firstScreenApp is a shop serving builtIndex in the given currency (empty: the default).
func firstScreenApp(t *testing.T, currency string) *app {
	t.Helper()
	dist := t.TempDir()
	if err := os.WriteFile(filepath.Join(dist, "index.html"), []byte(builtIndex), 0o644); err != nil {
		t.Fatal(err)
	}
	return newApp(t, func(d *httpapi.Deps) { d.ClientDist, d.Currency = dist, currency })
}

// page opens a storefront address as a browser does and answers the page.
func (a *app) page(path string) string {
	a.t.Helper()
	rec := a.do(request{method: "GET", path: path})
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
		a.t.Fatalf("%s: %d %q", path, rec.Code, rec.Header().Get("Content-Type"))
	}
	if cc := rec.Header().Get("Cache-Control"); cc != "no-cache" {
		a.t.Fatalf("%s: Cache-Control %q, want no-cache (the page follows the catalogue)", path, cc)
	}
	return rec.Body.String()
}

var answersBlock = regexp.MustCompile(`(?s)<script type="application/json" id="first-answers">(.*?)</script>`)

// drawnAnswers are the answers a page carries, by address; each must be the API's own answer.
func (a *app) drawnAnswers(page string) map[string]any {
	a.t.Helper()
	m := answersBlock.FindStringSubmatch(page)
	if m == nil {
		a.t.Fatalf("no answers in the page: %.300s", page)
	}
	var answers map[string]any
	if err := json.Unmarshal([]byte(m[1]), &answers); err != nil {
		a.t.Fatalf("answers: %v in %.200s", err, m[1])
	}
	for address, drawn := range answers {
		api := object(a.t, a.do(request{method: "GET", path: address}))
		if !reflect.DeepEqual(drawn, any(api)) {
			a.t.Errorf("the page's answer for %s differs from the API's:\n%v\n%v", address, drawn, api)
		}
	}
	return answers
}

var (
	preloadLink = regexp.MustCompile(`<link rel="preload" as="image" imagesrcset="([^"]+)" imagesizes="([^"]+)" fetchpriority="high">`)
	firstPhoto  = regexp.MustCompile(`<img loading="eager" fetchpriority="high" sizes="([^"]+)" alt="[^"]*" srcset="([^"]+)"`)
)

// preloadsItsFirstPhoto checks the head asks for the first product photo before anything else,
// in the copy its card picks (the same srcset and sizes).
func preloadsItsFirstPhoto(t *testing.T, page string) {
	t.Helper()
	link, photo := preloadLink.FindStringSubmatch(page), firstPhoto.FindStringSubmatch(rootOf(t, page))
	if link == nil || photo == nil || link[1] != photo[2] || link[2] != photo[1] {
		t.Fatalf("the preloaded photo %q is not the first card's %q", link, photo)
	}
	if strings.Index(page, "<link rel=\"preload\"") > strings.Index(page, "<script defer") {
		t.Error("the photo is asked for after the scripts")
	}
}

// rootOf is what a page holds inside its root element.
func rootOf(t *testing.T, page string) string {
	t.Helper()
	start := strings.Index(page, `<div id="root">`)
	end := strings.LastIndex(page, "</div><script defer")
	if start < 0 || end < start {
		t.Fatalf("no root in %.300s", page)
	}
	return page[start+len(`<div id="root">`) : end]
}

// TestFirstScreenOfTheHomeAndTheShop: the home and the shop come with their first screen drawn
// from the catalogue, the shop's texts as the client shows them, user text escaped, and the
// answers of the screen's calls; every other address gets the page as built.
func TestFirstScreenOfTheHomeAndTheShop(t *testing.T) {
	a := firstScreenApp(t, "")
	admin := a.signUpAdmin()
	bags, _ := a.createCategory(admin, "Bags & Belts")
	a.createCategory(admin, "Dresses")
	a.createCategory(admin, "Jackets")
	a.createCategory(admin, "Shirts")
	for i := range 6 {
		tote := productFields(bags, fmt.Sprintf("Tote %d", i))
		if i == 5 {
			tote["quantity"] = "0" // sold out: its card says so and cannot add it
		}
		a.createProduct(admin, tote, nil)
	}
	hostile := productFields(bags, `Sling </script><img src=x onerror=alert(1)> "Bag"`)
	// 58 characters, then an emoji (two UTF-16 units, one code point) and ">": a 60-character
	// preview ends after the ">".
	hostile["description"] = strings.Repeat("d", 57) + "<😀>" + " and the rest"
	hostile["price"] = "1499.5"
	newest := a.createProduct(admin, hostile, &photoFile{bytes: pngPhoto(t, color.RGBA{R: 200, A: 255})})
	id := newest["_id"].(string)

	t.Run("home", func(t *testing.T) {
		page := a.page("/")
		answers := a.drawnAnswers(page)
		for _, address := range []string{"/api/v1/product/product-list/1", "/api/v1/category/get-category", "/api/v1/config"} {
			if answers[address] == nil {
				t.Errorf("no answer for %s", address)
			}
		}
		preloadsItsFirstPhoto(t, page)
		root := rootOf(t, page)
		for _, want := range []string{
			`<a href="#main" class="skip-link">Skip to content</a>`, `<h1 class="visually-hidden">Clothing Shop</h1>`,
			`<h2 id="featured-heading">Trending Now</h2>`, `<h2 id="tiles-heading">Shop by Category</h2>`,
			`Sling &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &#34;Bag&#34;`, `<span class="tile__price">₹1499.5</span>`,
			`<span class="tile__price">₹799.5</span>`, `<a class="tile__label" href="/product/tote-5" dir="auto">Tote 5</a>`,
			`<a href="/category/bags-and-belts" dir="auto">Bags &amp; Belts</a>`, `<a href="/category/jackets" dir="auto">Jackets</a>`,
			`<img loading="eager" fetchpriority="high" sizes="(max-width: 599px) calc((100vw - 32px) * 0.75), 300px"`,
			`srcset="/api/v1/product/product-photo/` + id + `?w=320&amp;v=`, `© Sanjay 2024. All rights reserved`,
		} {
			if !strings.Contains(root, want) {
				t.Errorf("the home's first screen lacks %q", want)
			}
		}
		if got := strings.Count(root, `class="tile"`); got != 3 {
			t.Errorf("%d trending tiles, want 3", got)
		}
		if got := strings.Count(root, `class="category-tile"`); got != 3 {
			t.Errorf("%d category tiles, want 3", got)
		}
		if strings.Contains(root, "Shirts") || strings.Count(root, `fetchpriority="high"`) != 2 {
			t.Error("the home shows 3 categories, and only the first banner and photo load first")
		}
	})

	t.Run("shop", func(t *testing.T) {
		page := a.page("/shop")
		answers := a.drawnAnswers(page)
		if answers["/api/v1/product/browse?page=1&limit=6&sort=newest"] == nil {
			t.Errorf("no answer for the first page: %v", answers)
		}
		preloadsItsFirstPhoto(t, page)
		root := rootOf(t, page)
		for _, want := range []string{
			`<h1 class="page-title">All Products</h1>`, `<p class="result-count" id="result-count" aria-live="polite" aria-atomic="true">7 product(s)</p>`,
			`<legend>Category</legend>`, `<span dir="auto">Bags &amp; Belts</span><span class="filters__count">(7)</span>`,
			`placeholder="₹799.5"`, `placeholder="₹1499.5"`, `Show 7 results`,
			`<option value="newest" selected>Newest first</option>`,
			`<article aria-label="Sling &lt;/script&gt;&lt;img src=x onerror=alert(1)&gt; &#34;Bag&#34;" class="product-card">`,
			`<p class="product-card__text" dir="auto">` + strings.Repeat("d", 57) + `&lt;😀&gt;...</p>`,
			`<span class="product-card__price">₹1499.5</span>`, `<a class="btn" href="/product/tote-5">More Details</a>`,
			`<button type="button" class="btn btn--primary">Add to Cart</button>`,
			`<p class="product-card__text" dir="auto">A well made garment in soft cotton for every day....</p>` +
				`<p class="product-card__sold-out" id="sold-out-tote-5">Sold out</p>`,
			`<button type="button" class="btn btn--primary" disabled aria-describedby="sold-out-tote-5">Add to Cart</button>`,
			// A product without a photo shows the placeholder and asks nothing of the API.
			`<img loading="lazy" decoding="async" alt="Tote 5" src="/placeholder.svg">`,
			`<button type="button" class="btn" aria-busy="false">Load more</button>`,
		} {
			if !strings.Contains(root, want) {
				t.Errorf("the shop's first screen lacks %q", want)
			}
		}
		if got := strings.Count(root, `class="product-card"`); got != 6 {
			t.Errorf("%d cards, want the first page of 6", got)
		}
		if got := strings.Count(root, "Sold out"); got != 1 {
			t.Errorf("%d cards say Sold out, want the one with no stock", got)
		}
		if strings.Count(root, `fetchpriority="high"`) != 1 || !strings.Contains(root, `alt="Sling &lt;/script&gt;`) {
			t.Error("the first card's photo alone loads first")
		}
	})

	t.Run("no-script-from-user-text", func(t *testing.T) {
		for _, path := range []string{"/", "/shop"} {
			page := a.page(path)
			if got := strings.Count(page, "<script"); got != 2 || strings.Contains(page, "<img src=x") {
				t.Errorf("%s: %d script elements (want the answers and first-call.js): user text got out", path, got)
			}
		}
	})

	t.Run("other-addresses-as-built", func(t *testing.T) {
		for _, path := range []string{"/cart", "/shop?size=M", "/?utm=x", "/shop/", "/about"} {
			if page := a.page(path); page != builtIndex {
				t.Errorf("%s: got %.200s, want the page as built", path, page)
			}
		}
	})
}

// TestFirstScreenOnlyWithProductsAndAKnownSign: an empty catalogue, or a currency whose sign the
// client would write otherwise, gets the page as built; a known sign is drawn.
func TestFirstScreenOnlyWithProductsAndAKnownSign(t *testing.T) {
	a := firstScreenApp(t, "usd")
	for _, path := range []string{"/", "/shop"} {
		if page := a.page(path); page != builtIndex {
			t.Errorf("empty catalogue %s: got %.200s", path, page)
		}
	}
	admin := a.signUpAdmin()
	cat, _ := a.createCategory(admin, "Shirts")
	a.createProduct(admin, productFields(cat, "Oxford Shirt"), nil)
	if root := rootOf(t, a.page("/shop")); !strings.Contains(root, `<span class="product-card__price">$799.5</span>`) {
		t.Errorf("usd prices: %.400s", root)
	}

	b := firstScreenApp(t, "chf")
	admin = b.signUpAdmin()
	cat, _ = b.createCategory(admin, "Shirts")
	b.createProduct(admin, productFields(cat, "Oxford Shirt"), nil)
	if page := b.page("/"); page != builtIndex {
		t.Errorf("chf: got %.200s, want the page as built", page)
	}
}

// TestFirstScreenCollapsesLongFilterLists: a filter list of more than 8 values is drawn as the
// client first draws it, its first 8 values and a Show all button naming the list; a shorter
// list has no button.
func TestFirstScreenCollapsesLongFilterLists(t *testing.T) {
	a := firstScreenApp(t, "")
	admin := a.signUpAdmin()
	cat, _ := a.createCategory(admin, "Jeans")
	id := a.createProduct(admin, productFields(cat, "Straight Jeans"), nil)["_id"].(string)
	waists := []string{"26", "27", "28", "29", "30", "31", "32", "33", "34", "36"}
	variants := make([]any, len(waists))
	for i, w := range waists {
		variants[i] = map[string]any{
			"sku": "JEAN-" + w, "options": map[string]string{"Size": w, "Colour": "Indigo"}, "quantity": 1,
		}
	}
	expect(t, a.setVariants(admin, id, map[string]any{"options": []any{
		map[string]any{"name": "Size", "values": waists},
		map[string]any{"name": "Colour", "values": []string{"Indigo"}},
	}, "variants": variants}), http.StatusOK)

	root := rootOf(t, a.page("/shop"))
	sizes := regexp.MustCompile(`<legend>Size</legend><ul class="filters__values" id="product-filters-size">(.*?)</ul>` +
		`(<button[^>]*>[^<]*</button>)?</fieldset>`).FindStringSubmatch(root)
	if sizes == nil {
		t.Fatalf("no Size list in %.2000s", root)
	}
	if got := strings.Count(sizes[1], `<input type="checkbox">`); got != 8 || strings.Contains(sizes[1], "<span>34</span>") {
		t.Errorf("the Size list shows %d values, want the first 8: %s", got, sizes[1])
	}
	const button = `<button type="button" class="link-button filters__more" aria-expanded="false" ` +
		`aria-controls="product-filters-size">Show all 10</button>`
	if sizes[2] != button {
		t.Errorf("the Size list's button is %q, want %q", sizes[2], button)
	}
	for _, short := range []string{"category", "colour"} {
		if !strings.Contains(root, `<ul class="filters__values" id="product-filters-`+short+`">`) ||
			strings.Contains(root, `aria-controls="product-filters-`+short+`"`) {
			t.Errorf("the %s list of one value is drawn with a Show all button, or without its id", short)
		}
	}
}
