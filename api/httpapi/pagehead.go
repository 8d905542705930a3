package httpapi

import (
	"bytes"
	"context"
	"fmt"
	"html/template"
	"net/http"
	"regexp"
	"strings"

	"shop"
)

// The storefront is one page for every address, but a search engine, a chat app showing a
// shared link and an uptime check read the page as the server sends it, before (or without)
// any script. So the server answers an address the storefront does not have with 404, and a
// product's or a category's page with its own title, description and preview (Open Graph);
// a product's page also carries the answers its first render asks for and asks for its photo
// first, as the home and the shop do (firstscreen.go). A product's slug follows its name, so
// a rename moves its page: the old address answers a permanent redirect to the new one (see
// movedProductPage), as shops keep their old product links working.

// clientRoutes are the storefront's fixed addresses (client/src/paths.js and the dashboards'
// routes in client/src/pages/dashboard-routes.jsx).
var clientRoutes = map[string]bool{
	"/": true, "/shop": true, "/categories": true, "/cart": true, "/search": true,
	"/about": true, "/contact": true, "/policy": true,
	"/forget-password": true, "/reset-password": true, "/register": true, "/login": true,
	"/dashboard/user": true, "/dashboard/user/profile": true, "/dashboard/user/orders": true,
	"/dashboard/admin": true, "/dashboard/admin/create-category": true, "/dashboard/admin/create-product": true,
	"/dashboard/admin/products": true, "/dashboard/admin/users": true, "/dashboard/admin/orders": true,
}

// clientRoutePatterns are its addresses with a part of their own: a product, a category, one
// order, the admin's editor of one product.
var (
	productRoute     = regexp.MustCompile(`^/product/([^/]+)$`)
	categoryRoute    = regexp.MustCompile(`^/category/([^/]+)$`)
	otherClientRoute = regexp.MustCompile(`^/dashboard/(user/orders|admin/product)/[^/]+$`)
)

// Product photo sizes as the product page gives its photo (DETAIL_SIZES in ProductDetails.jsx).
const detailPhotoSizes = "(max-width: 767px) calc(100vw - 32px), 600px"

// descriptionLength is the most characters of a product's description a page's description
// meta carries: about what a search result shows.
const descriptionLength = 160

// pageHead is what the server writes into the page of one address.
type pageHead struct {
	status      int
	path        string // the page's own address, for its canonical link ("" for the one asked for)
	movedTo     string // with status 301, the address the page is at now
	title       string // "" keeps the page's own
	description string
	image       string // a preview photo's address on this host, or ""
	ogType      string
	answers     map[string]any
	photo       screenProduct // the product photo to ask for first; none without SrcSet
}

// pageHeadOf answers the status and head of a storefront address (its path, unescaped).
func (s *Server) pageHeadOf(ctx context.Context, path string) (*pageHead, error) {
	trimmed := strings.TrimSuffix(path, "/")
	if trimmed == "" {
		trimmed = "/"
	}
	switch {
	case clientRoutes[trimmed], otherClientRoute.MatchString(trimmed):
		return &pageHead{status: http.StatusOK}, nil
	case productRoute.MatchString(trimmed):
		return s.productPageHead(ctx, productRoute.FindStringSubmatch(trimmed)[1])
	case categoryRoute.MatchString(trimmed):
		return s.categoryPageHead(ctx, categoryRoute.FindStringSubmatch(trimmed)[1])
	}
	return &pageHead{status: http.StatusNotFound}, nil
}

func (s *Server) productPageHead(ctx context.Context, slug string) (*pageHead, error) {
	p, err := s.deps.Products.ProductBySlug(ctx, slug)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return s.movedPage(ctx, shop.ProductSlug, slug, func(id string) (string, error) {
			p, err := s.deps.Products.ProductBySlug(ctx, id) // a product is also found by its id
			if err != nil {
				return "", err
			}
			return p.Slug, nil
		}, func() (*pageHead, error) { return s.productPageHead(ctx, slug) })
	}
	if err != nil {
		return nil, fmt.Errorf("page of product %s: %w", slug, err)
	}
	// A product is also found by its id: its address is the one by slug.
	h := &pageHead{status: http.StatusOK, path: "/product/" + p.Slug, title: p.Name, description: summary(p.Description), ogType: "product",
		answers: map[string]any{"/api/v1/product/get-product/" + slug: productAnswer(p)}}
	if p.HasPhoto {
		h.image = photoURL(p, 640)
		h.photo = screenProductOf(p, "", detailPhotoSizes, true)
	}
	if err := s.addFrameAnswers(ctx, h.answers); err != nil {
		return nil, err
	}
	return h, nil
}

// movedPage answers the page of a slug no product (or category, by kind) has: a redirect to
// the current address of the one a rename took it from, when that one is still there, else
// 404. The store names the owner, not the slug it went to, so after a chain of renames every
// old address leads to the current one in one step, and an owner renamed back to an old name
// answers there (its own slug is found first) with no loop. One that took an old slug since
// has it as its own: its page answers, never a redirect. The look-up is one read by _id, made
// only for an address the read model does not know, never for a page it answers. currentSlug
// answers the owner's slug now (ENOTFOUND: deleted); page draws the page at slug.
func (s *Server) movedPage(ctx context.Context, kind shop.SlugKind, slug string,
	currentSlug func(id string) (string, error), page func() (*pageHead, error)) (*pageHead, error) {
	notFound := &pageHead{status: http.StatusNotFound}
	if s.deps.FormerSlugs == nil {
		return notFound, nil
	}
	id, err := s.deps.FormerSlugs.FormerOwner(ctx, kind, slug)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return notFound, nil
	}
	if err != nil {
		return nil, fmt.Errorf("page of %s %s: %w", kind, slug, err)
	}
	now, err := currentSlug(id)
	switch {
	case shop.ErrorCode(err) == shop.ENOTFOUND:
		return notFound, nil // deleted since
	case err != nil:
		return nil, fmt.Errorf("page of %s %s, moved: %w", kind, slug, err)
	case now == slug: // renamed back between the two reads: a redirect would come back here
		return page()
	}
	return &pageHead{status: http.StatusMovedPermanently, movedTo: "/" + string(kind) + "/" + now}, nil
}

func (s *Server) categoryPageHead(ctx context.Context, slug string) (*pageHead, error) {
	c, err := s.deps.Categories.CategoryBySlug(ctx, slug)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		return s.movedPage(ctx, shop.CategorySlug, slug, func(id string) (string, error) {
			return s.categorySlugOf(ctx, id)
		}, func() (*pageHead, error) { return s.categoryPageHead(ctx, slug) })
	}
	if err != nil {
		return nil, fmt.Errorf("page of category %s: %w", slug, err)
	}
	h := &pageHead{status: http.StatusOK, title: c.Name, description: c.Name + " at Clothing Shop.",
		ogType: "website", answers: map[string]any{}}
	if err := s.addFrameAnswers(ctx, h.answers); err != nil {
		return nil, err
	}
	return h, nil
}

// categorySlugOf answers the slug of the category with id. ENOTFOUND.
func (s *Server) categorySlugOf(ctx context.Context, id string) (string, error) {
	cats, err := s.deps.Categories.Categories(ctx)
	if err != nil {
		return "", err
	}
	for _, c := range cats {
		if c.ID == id {
			return c.Slug, nil
		}
	}
	return "", shop.Errorf(shop.ENOTFOUND, "Category not found.")
}

// addFrameAnswers adds the answers every page's frame asks for: the categories of the header's
// menu (and of a category page's heading) and the shop's currency.
func (s *Server) addFrameAnswers(ctx context.Context, answers map[string]any) error {
	cats, err := s.deps.Categories.Categories(ctx)
	if err != nil {
		return fmt.Errorf("page head: categories: %w", err)
	}
	answers[categoriesCall] = categoriesAnswer(cats)
	answers[configCall] = configAnswer(s.currency())
	return nil
}

// summary is a description as one line of at most descriptionLength characters.
func summary(description string) string {
	line := strings.Join(strings.Fields(description), " ")
	if cut := javascriptPrefix(line, descriptionLength); cut != line {
		return strings.TrimSpace(cut) + "…"
	}
	return line
}

var (
	builtTitle       = []byte("<title>Clothing Shop</title>")
	builtDescription = regexp.MustCompile(`<meta name="description" content="[^"]*"\s*/?>`)
)

// page writes h into the client's index.html: the title and description replaced, the preview
// tags, the answers and the photo added at the top of the head.
func (h *pageHead) page(index []byte, publicURL, path string) ([]byte, error) {
	if h.title == "" && len(h.answers) == 0 {
		return index, nil
	}
	var head bytes.Buffer
	head.WriteString("<head>")
	if err := writeAnswersHead(&head, h.answers, h.photo); err != nil {
		return nil, fmt.Errorf("page head: %w", err)
	}
	if h.title != "" {
		base := strings.TrimSuffix(publicURL, "/")
		image := ""
		if h.image != "" && base != "" {
			image = base + h.image
		}
		if h.path != "" {
			path = h.path
		}
		canonical := ""
		if base != "" {
			canonical = base + path
		}
		if err := firstScreenTemplate.ExecuteTemplate(&head, "preview", struct {
			Title, Description, Type, Image, URL string
		}{h.title, h.description, h.ogType, image, canonical}); err != nil {
			return nil, fmt.Errorf("page head: %w", err)
		}
	}
	page := bytes.Replace(index, []byte("<head>"), head.Bytes(), 1)
	if h.title != "" {
		var title, description bytes.Buffer
		template.HTMLEscape(&title, []byte(h.title))
		template.HTMLEscape(&description, []byte(h.description))
		page = bytes.Replace(page, builtTitle, []byte("<title>"+title.String()+"</title>"), 1)
		page = builtDescription.ReplaceAllLiteral(page, []byte(`<meta name="description" content="`+description.String()+`" />`))
	}
	return page, nil
}
