package httpapi_test

import (
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shop/httpapi"
)

// headIndex is a built index.html with the head the client's build writes.
const headIndex = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />` +
	`<meta name="description" content="Online clothing shop" /><title>Clothing Shop</title>` +
	`</head><body><div id="root"></div><script defer src="/first-call.js"></script></body></html>`

// withBuiltPages serves a built client whose index.html is headIndex, on the public address
// https://shop.example.com.
func withBuiltPages(t *testing.T) func(*httpapi.Deps) {
	t.Helper()
	dist := t.TempDir()
	if err := os.WriteFile(filepath.Join(dist, "index.html"), []byte(headIndex), 0o644); err != nil {
		t.Fatal(err)
	}
	return func(d *httpapi.Deps) { d.ClientDist, d.PublicURL = dist, "https://shop.example.com" }
}

// TestPagesAsTheServerSendsThem: what a search engine, a chat app showing a shared link or an
// uptime check reads before any script runs. An address the storefront does not have is a
// 404, a product's and a category's page carry their own title, description and preview, and
// a product's page the answers its first render asks for and its photo asked for first.
func TestPagesAsTheServerSendsThem(t *testing.T) {
	a := newApp(t, withBuiltPages(t))
	admin := a.signUpAdmin()
	bags, _ := a.createCategory(admin, "Bags & Belts")
	tote := productFields(bags, `Tote </title><script>alert(1)</script> "Bag"`)
	tote["description"] = "Canvas tote.\nHolds a laptop.  " + strings.Repeat("Strong straps. ", 20)
	created := a.createProduct(admin, tote, &photoFile{bytes: pngPhoto(t, color.RGBA{G: 200, A: 255})})
	slug, id := created["slug"].(string), created["_id"].(string)
	plain := a.createProduct(admin, productFields(bags, "Plain Belt"), nil)

	t.Run("product", func(t *testing.T) {
		page := a.page("/product/" + slug)
		for _, want := range []string{
			`<title>Tote &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &#34;Bag&#34;</title>`,
			`<meta name="description" content="Canvas tote. Holds a laptop. Strong straps.`,
			`<meta property="og:title" content="Tote &lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &#34;Bag&#34;">`,
			`<meta property="og:type" content="product">`,
			`<meta property="og:image" content="https://shop.example.com/api/v1/product/product-photo/` + id + `?w=640&amp;v=`,
			`<link rel="canonical" href="https://shop.example.com/product/` + slug + `">`,
			`imagesizes="(max-width: 767px) calc(100vw - 32px), 600px"`,
		} {
			if !strings.Contains(page, want) {
				t.Errorf("no %s in %.1500s", want, page)
			}
		}
		if strings.Contains(page, "Online clothing shop") || strings.Count(page, "<title>") != 1 {
			t.Errorf("the built title or description is still there: %.600s", page)
		}
		if got := strings.Count(page, "<script"); got != 2 {
			t.Errorf("%d script elements (want the answers and first-call.js): the name got out", got)
		}
		if d := descriptionOf(t, page); len([]rune(d)) != 161 || !strings.HasSuffix(d, "…") {
			t.Errorf("description %q: want 160 characters and an ellipsis", d)
		}
		answers := a.drawnAnswers(page)
		for _, address := range []string{"/api/v1/product/get-product/" + slug, "/api/v1/category/get-category", "/api/v1/config"} {
			if answers[address] == nil {
				t.Errorf("no answer for %s", address)
			}
		}
		if link := preloadLink.FindStringSubmatch(page); link == nil || !strings.Contains(link[1], "/api/v1/product/product-photo/"+id+"?w=320") {
			t.Errorf("the product's photo is not asked for first: %v", link)
		}
		byID := a.page("/product/" + id)
		if !strings.Contains(byID, `<link rel="canonical" href="https://shop.example.com/product/`+slug+`">`) {
			t.Errorf("the page of the product by its id does not name its address by slug: %.1500s", byID)
		}
		a.drawnAnswers(byID) // answers under the address the page asks, by id
		if strings.Contains(a.page("/product/"+plain["slug"].(string)), "og:image") {
			t.Error("a product without a photo names a preview photo")
		}
	})

	t.Run("category", func(t *testing.T) {
		page := a.page("/category/bags-and-belts")
		for _, want := range []string{`<title>Bags &amp; Belts</title>`, `<meta property="og:title" content="Bags &amp; Belts">`,
			`<link rel="canonical" href="https://shop.example.com/category/bags-and-belts">`} {
			if !strings.Contains(page, want) {
				t.Errorf("no %s in %.1000s", want, page)
			}
		}
		a.drawnAnswers(page)
	})

	t.Run("pages-as-built", func(t *testing.T) {
		for _, path := range []string{"/cart", "/login", "/reset-password", "/categories", "/dashboard/user/orders/" + id,
			"/dashboard/admin/product/" + slug, "/dashboard/admin/orders/", "/shop?page=2"} {
			if page := a.page(path); page != headIndex {
				t.Errorf("%s: got %.300s, want the page as built", path, page)
			}
		}
	})

	t.Run("not-found", func(t *testing.T) {
		for _, path := range []string{"/no-such-page", "/product/no-such-product", "/category/no-such-category",
			"/dashboard", "/dashboard/admin/nope", "/product/" + slug + "/more"} {
			rec := a.do(request{method: "GET", path: path})
			if rec.Code != 404 || rec.Body.String() != headIndex {
				t.Errorf("%s: %d %.100s, want 404 with the page as built (it says Page Not Found)", path, rec.Code, rec.Body.String())
			}
		}
		for _, path := range []string{"/robots-not-here.txt", "/favicon.ico", "/sitemap.xml"} {
			rec := a.do(request{method: "GET", path: path})
			if rec.Code != 404 || strings.Contains(rec.Body.String(), "<html") {
				t.Errorf("%s: %d %.100s, want a plain 404", path, rec.Code, rec.Body.String())
			}
		}
	})
}

// descriptionOf is the content of a page's description meta.
func descriptionOf(t *testing.T, page string) string {
	t.Helper()
	const open = `<meta name="description" content="`
	start := strings.Index(page, open)
	if start < 0 {
		t.Fatalf("no description in %.500s", page)
	}
	rest := page[start+len(open):]
	return rest[:strings.Index(rest, `"`)]
}
