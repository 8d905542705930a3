package httpapi

import (
	"bytes"
	"context"
	_ "embed"
	"fmt"
	"html"
	"html/template"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"shop"
	"shop/photosize"
)

// On a slow phone the storefront's scripts take over a second to arrive and another to run
// before React draws anything. The home and the shop therefore come with their first screen
// already drawn into the page's root from the catalogue the server holds in memory, in the
// very markup React draws for the same data, and with the answers of the calls that screen
// makes, so the client draws its first render from them without asking again (see
// client/src/api/first-call.js) and React's render replaces the drawn screen with an equal
// one. The largest thing on a phone's first screen, the first product photo, is in the page
// itself and starts loading before the scripts do.

//go:embed firstscreen.html
var firstScreenMarkup string

var firstScreenTemplate = template.Must(template.New("first-screen").Parse(firstScreenMarkup))

// The addresses of the client's calls whose answers go with a first screen, as the client
// asks for them (client/src/api: products.js, browse.js, categories.js, config.js).
const (
	homeListCall   = "/api/v1/product/product-list/1"
	shopListCall   = "/api/v1/product/browse?page=1&limit=6&sort=newest"
	categoriesCall = "/api/v1/category/get-category"
	configCall     = "/api/v1/config"
)

// The counts of the home's screen and the shop's first page, as the client has them
// (client/src/rules.js).
const (
	featuredCount     = 3
	categoryTileCount = 3
	shopPageSize      = 6
)

// Photo sizes as the client's cards and tiles give them (ProductPhoto.jsx, FeaturedItems.jsx).
const (
	gridPhotoSizes = "(max-width: 599px) calc((100vw - 32px) * 0.75), (max-width: 1023px) 34vw, 225px"
	tilePhotoSizes = "(max-width: 599px) calc((100vw - 32px) * 0.75), 300px"
	cardPreview    = 60 // characters (code points) of a card's description
)

// The filter panel's id and the values a filter list shows until it is opened, as the client
// has them (BrowseList.jsx, FACET_VALUES_SHOWN in client/src/rules.js).
const (
	filtersID        = "product-filters"
	facetValuesShown = 8
)

var categoryTileArt = []string{"/tile-1.svg", "/tile-2.svg", "/tile-3.svg"}

// currencySigns are the signs the client shows for the currencies it may be given, as the
// browser's Intl names them. A shop in another currency is served without a first screen
// rather than with a sign the client would then change.
var currencySigns = map[string]string{"inr": "₹", "usd": "$", "eur": "€", "gbp": "£"}

// screenProduct is a product as a first screen shows it.
type screenProduct struct {
	Name, Path, Price, Preview string
	Src, SrcSet, Sizes         string
	Eager                      bool
	// SoldOut: nothing of it is left (a product sold by size counts its sizes' stock); its
	// card says so under SoldOutID, and its Add to Cart is disabled, as the client draws it.
	SoldOut   bool
	SoldOutID string
}

type screenCategory struct{ Name, Path, Art string }

// screenFacet is a filter list as the shop's first screen draws it: the values a collapsed
// list shows (nothing is chosen on the plain shop), and how many there are in all.
type screenFacet struct {
	Legend, ID string
	Values     []screenFacetValue
	All        int
	More       bool // more values than a collapsed list shows: the list has a Show all button
}

type screenFacetValue struct {
	Label string
	Count int
}

type homeScreen struct {
	Products   []screenProduct
	Categories []screenCategory
}

type shopScreen struct {
	Products           []screenProduct
	Facets             []screenFacet
	Total              int
	MinPrice, MaxPrice string
	MoreToLoad         bool
}

// firstScreen is what the client's page carries for one address: its drawn first screen, the
// answers of the calls that screen makes, by address, and its first product photo, which the
// head asks for first: over HTTP/1.1 a browser opens six connections to a host, and the
// scripts, the stylesheet and the banners would otherwise take them all before the photo.
type firstScreen struct {
	markup  []byte
	answers map[string]any
	photo   screenProduct
}

// firstScreenOf draws the first screen of a storefront address; ok is false for an address
// that has none (any but the home and the shop, or either with a query), for an empty
// catalogue and for a currency without a known sign.
func (s *Server) firstScreenOf(ctx context.Context, u *url.URL) (screen *firstScreen, ok bool, err error) {
	if u.RawQuery != "" || (u.Path != "/" && u.Path != "/shop") {
		return nil, false, nil
	}
	currency := s.currency()
	sign, known := currencySigns[currency]
	if !known {
		return nil, false, nil
	}
	answers := map[string]any{configCall: configAnswer(currency)}
	cats, err := s.deps.Categories.Categories(ctx)
	if err != nil {
		return nil, false, fmt.Errorf("first screen: categories: %w", err)
	}
	answers[categoriesCall] = categoriesAnswer(cats)
	var name string
	var data any
	var products []screenProduct
	if u.Path == "/" {
		ps, _, err := s.deps.Products.Products(ctx, 1, shop.ProductPageSize)
		if err != nil {
			return nil, false, fmt.Errorf("first screen: product list: %w", err)
		}
		answers[homeListCall] = productPageAnswer(ps)
		home := homeScreenOf(ps, cats, sign)
		name, data, products = "home", home, home.Products
	} else {
		res, err := s.deps.Products.Browse(ctx, shop.BrowseQuery{Sort: shop.BrowseNewest, Page: 1, Limit: shopPageSize})
		if err != nil {
			return nil, false, fmt.Errorf("first screen: browse: %w", err)
		}
		answers[shopListCall] = browseAnswer(res)
		list := shopScreenOf(res, sign)
		name, data, products = "shop", list, list.Products
	}
	if len(products) == 0 {
		return nil, false, nil
	}
	var markup bytes.Buffer
	if err := firstScreenTemplate.ExecuteTemplate(&markup, name, data); err != nil {
		return nil, false, fmt.Errorf("first screen: %s: %w", name, err)
	}
	return &firstScreen{markup: markup.Bytes(), answers: answers, photo: products[0]}, true, nil
}

// page writes the first screen into the client's index.html: the answers and the photo first
// in the head (read before any script runs), the screen inside the root element React renders
// into.
// ok is false when the page has no empty root to fill.
func (f *firstScreen) page(index []byte) (page []byte, ok bool, err error) {
	const head, root = "<head>", `<div id="root"></div>`
	if !bytes.Contains(index, []byte(head)) || !bytes.Contains(index, []byte(root)) {
		return nil, false, nil
	}
	var first bytes.Buffer
	first.WriteString(head)
	if err := writeAnswersHead(&first, f.answers, f.photo); err != nil {
		return nil, false, fmt.Errorf("first screen head: %w", err)
	}
	page = bytes.Replace(index, []byte(head), first.Bytes(), 1)
	filled := `<div id="root">` + string(f.markup) + `</div>`
	return bytes.Replace(page, []byte(root), []byte(filled), 1), true, nil
}

// writeAnswersHead writes what a page's head carries before anything else: the answers of
// its first calls, by address, and its first product photo asked for first (none when photo
// has no copies).
func writeAnswersHead(w *bytes.Buffer, answers map[string]any, photo screenProduct) error {
	// html/template takes any attribute named like imagesrcset for one URL and would encode
	// its spaces; written out here, escaped, it stays the list of copies the card's srcset is.
	var preload template.HTMLAttr
	if photo.SrcSet != "" {
		preload = template.HTMLAttr(fmt.Sprintf(`imagesrcset="%s" imagesizes="%s"`,
			html.EscapeString(photo.SrcSet), html.EscapeString(photo.Sizes)))
	}
	return firstScreenTemplate.ExecuteTemplate(w, "head", struct {
		Answers map[string]any
		Photo   template.HTMLAttr
	}{answers, preload})
}

func homeScreenOf(ps []*shop.Product, cats []*shop.Category, sign string) homeScreen {
	var h homeScreen
	for i, p := range ps[:min(featuredCount, len(ps))] {
		h.Products = append(h.Products, screenProductOf(p, sign, tilePhotoSizes, i == 0))
	}
	for i, c := range cats[:min(categoryTileCount, len(cats))] {
		h.Categories = append(h.Categories, screenCategory{
			Name: c.Name, Path: "/category/" + c.Slug, Art: categoryTileArt[i%len(categoryTileArt)],
		})
	}
	return h
}

func shopScreenOf(res *shop.BrowseResult, sign string) shopScreen {
	s := shopScreen{Total: res.Total, MoreToLoad: len(res.Products) < res.Total}
	for i, p := range browsedProducts(res) {
		sp := screenProductOf(p.Product, sign, gridPhotoSizes, i == 0)
		if p.MatchedPrice != nil {
			sp.Price = money(sign, *p.MatchedPrice)
		}
		s.Products = append(s.Products, sp)
	}
	category := make([]screenFacetValue, len(res.Facets.Category))
	for i, f := range res.Facets.Category {
		category[i] = screenFacetValue{Label: f.Name, Count: f.Count}
	}
	s.Facets = []screenFacet{
		facetOf("Category", category), facetOf("Size", valuesOf(res.Facets.Size)),
		facetOf("Colour", valuesOf(res.Facets.Colour)),
	}
	if res.Facets.Price.Max != 0 {
		s.MinPrice, s.MaxPrice = money(sign, res.Facets.Price.Min), money(sign, res.Facets.Price.Max)
	}
	return s
}

func valuesOf(facet []shop.ValueFacet) []screenFacetValue {
	values := make([]screenFacetValue, len(facet))
	for i, v := range facet {
		values[i] = screenFacetValue{Label: v.Value, Count: v.Count}
	}
	return values
}

// facetOf is a filter list collapsed, as the client first draws it: its first values.
func facetOf(legend string, values []screenFacetValue) screenFacet {
	return screenFacet{
		Legend: legend, ID: filtersID + "-" + strings.ToLower(legend),
		Values: values[:min(facetValuesShown, len(values))], All: len(values), More: len(values) > facetValuesShown,
	}
}

func screenProductOf(p *shop.Product, sign, sizes string, eager bool) screenProduct {
	sp := screenProduct{
		Name: p.Name, Path: "/product/" + p.Slug, Price: money(sign, p.Price),
		Preview: javascriptPrefix(p.Description, cardPreview),
		Src:     placeholderPhoto, Eager: eager,
		SoldOut: p.Quantity <= 0, SoldOutID: "sold-out-" + p.Slug,
	}
	if !p.HasPhoto {
		return sp // the placeholder, asking nothing of the API
	}
	srcset := make([]string, len(photosize.Widths))
	for i, w := range photosize.Widths {
		srcset[i] = photoURL(p, w) + " " + strconv.Itoa(w) + "w"
	}
	sp.Src, sp.SrcSet, sp.Sizes = photoURL(p, 0), strings.Join(srcset, ", "), sizes
	return sp
}

// placeholderPhoto stands for a product without a photo, as the client's ProductPhoto shows it.
const placeholderPhoto = "/placeholder.svg"

// photoURL is a product photo's address as the client writes it: the width first (none for
// the photo as uploaded), then the photo's version (the product's updatedAt when it has none).
func photoURL(p *shop.Product, width int) string {
	var query []string
	if width > 0 {
		query = append(query, "w="+strconv.Itoa(width))
	}
	if p.PhotoVersion != "" {
		query = append(query, "v="+url.QueryEscape(p.PhotoVersion))
	} else if !p.UpdatedAt.IsZero() {
		stamp, _ := p.UpdatedAt.MarshalJSON() // a quoted RFC 3339 time, as in the answers
		query = append(query, "v="+url.QueryEscape(strings.Trim(string(stamp), `"`)))
	}
	u := "/api/v1/product/product-photo/" + p.ID
	if len(query) > 0 {
		u += "?" + strings.Join(query, "&")
	}
	return u
}

// money is an amount as the client shows it: the sign, then the number as the answers give it.
func money(sign string, amount shop.Paise) string {
	return sign + strconv.FormatFloat(amount.Rupees(), 'f', -1, 64)
}

// javascriptPrefix is the first n characters of s as the client cuts a preview,
// Array.from(s).slice(0, n).join(""): whole code points, so the preview ends where the
// client's does and never in the middle of an emoji (a cut between UTF-16 units showed "�").
func javascriptPrefix(s string, n int) string {
	i := 0
	for at := range s {
		if i == n {
			return s[:at]
		}
		i++
	}
	return s
}

// serveFirstScreen answers the client's page with the first screen of its address drawn in;
// false when the address has none (the caller then serves the page as built).
func (s *Server) serveFirstScreen(c *gin.Context, index string) bool {
	screen, ok, err := s.firstScreenOf(c.Request.Context(), c.Request.URL)
	if err == nil && ok {
		var built []byte
		if built, err = os.ReadFile(index); err == nil {
			var page []byte
			if page, ok, err = screen.page(built); err == nil && ok {
				c.Header("Cache-Control", "no-cache")
				c.Data(http.StatusOK, "text/html; charset=utf-8", page)
				return true
			}
		}
	}
	if err != nil {
		logger(c).WarnContext(c.Request.Context(), "served the page without its first screen", "err", err)
	}
	return false
}
