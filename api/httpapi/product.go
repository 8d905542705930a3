package httpapi

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"shop"
	"shop/photosize"
)

// createProduct creates a product from the admin's form: 201 with it. An Idempotency-Key
// makes a retry safe: the same admin sending the same key again gets the product the first
// request created, answered alike, and nothing more is created.
func (s *Server) createProduct(c *gin.Context) {
	key := c.GetHeader("Idempotency-Key")
	if err := shop.CheckIdempotencyKey(key); err != nil {
		fail(c, err)
		return
	}
	f, err := readProductForm(c.Request)
	if err != nil {
		fail(c, err)
		return
	}
	defer f.Close()
	f.in.IdempotencyKey, f.in.CreatedBy = key, currentUser(c).ID
	p, err := s.deps.Products.CreateProduct(c.Request.Context(), f.in, f.photo)
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, http.StatusCreated, "Product created.", gin.H{"product": p})
}

func (s *Server) updateProduct(c *gin.Context) {
	f, err := readProductForm(c.Request)
	if err != nil {
		fail(c, err)
		return
	}
	defer f.Close()
	p, err := s.deps.Products.UpdateProduct(c.Request.Context(), c.Param("id"), f.in, f.photo)
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, http.StatusOK, "Product updated.", gin.H{"product": p})
}

func (s *Server) deleteProduct(c *gin.Context) {
	if err := s.deps.Products.DeleteProduct(c.Request.Context(), c.Param("id")); err != nil {
		fail(c, err)
		return
	}
	ok(c, http.StatusOK, "Product deleted.", nil)
}

// setVariants replaces a product's options and variants with the JSON {options, variants}.
func (s *Server) setVariants(c *gin.Context) {
	var in shop.VariantsInput
	if err := decodeJSON(c, &in); err != nil {
		fail(c, err)
		return
	}
	// The call replaces the whole set, so a body that left a list out ({} from a client's
	// mistake) would remove every size with its stock: only an explicit [] does.
	if in.Options == nil || in.Variants == nil {
		field := "variants"
		if in.Options == nil {
			field = "options"
		}
		fail(c, shop.Errorf(shop.EINVALID, "Field %s is required; send [] to sell the product without sizes.", field))
		return
	}
	p, err := s.deps.Products.SetVariants(c.Request.Context(), c.Param("id"), in)
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, http.StatusOK, "Sizes and stock updated.", gin.H{"product": p})
}

// products lists products newest first; ?page= and ?limit= (at most shop.MaxPageLimit) page it.
func (s *Server) products(c *gin.Context) {
	page, err := pageQuery(c, shop.ProductPageSize)
	if err != nil {
		fail(c, err)
		return
	}
	ps, total, err := s.deps.Products.Products(c.Request.Context(), page.Number, page.Limit)
	if err != nil {
		fail(c, err)
		return
	}
	answer := gin.H{"countTotal": total, "products": ps}
	if page.Limit > 0 { // paged: the total under the name every paged answer gives it (DESIGN §11)
		answer["total"] = total
	}
	ok(c, http.StatusOK, "All products.", answer)
}

func (s *Server) productBySlug(c *gin.Context) {
	p, err := s.deps.Products.ProductBySlug(c.Request.Context(), c.Param("slug"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, productAnswer(p))
}

func productAnswer(p *shop.Product) gin.H {
	return gin.H{"success": true, "message": "Product found.", "product": p}
}

// productPhoto serves a photo with an ETag made from its file id: a new photo is a new file,
// so a browser keeps it a day and revalidates it without the bytes being loaded.
func (s *Server) productPhoto(c *gin.Context) {
	ctx := c.Request.Context()
	width, err := photoWidth(c.Query("w"))
	if err != nil {
		fail(c, err)
		return
	}
	photo, err := s.deps.Products.ProductPhoto(ctx, c.Param("id"))
	if err != nil {
		fail(c, err)
		return
	}
	photo.Width = width
	// The bytes under a file id (and width) never change: a new photo is a new file.
	etag := `"` + photo.FileID + `"`
	if width > 0 {
		etag = `"` + photo.FileID + "-" + strconv.Itoa(width) + `"`
	}
	c.Header("ETag", etag)
	c.Header("Cache-Control", "public, max-age=86400")
	if etagMatches(c.GetHeader("If-None-Match"), etag) {
		c.AbortWithStatus(http.StatusNotModified)
		return
	}
	if err := s.deps.Products.LoadPhoto(ctx, photo); err != nil {
		fail(c, err)
		return
	}
	size := int64(len(photo.Bytes))
	rangeHeader, err := checkRange(c.GetHeader("Range"), size)
	if err != nil {
		c.Header("Content-Range", "bytes */"+strconv.FormatInt(size, 10))
		fail(c, err)
		return
	}
	if rangeHeader == "" {
		c.Request.Header.Del("Range")
	}
	c.Header("Content-Type", photo.ContentType)
	http.ServeContent(c.Writer, c.Request, "", time.Time{}, bytes.NewReader(photo.Bytes))
}

// photoWidth reads the w parameter of a photo: empty for the original, else one of the
// widths of the copies.
func photoWidth(w string) (int, error) {
	if w == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(w)
	if err != nil || !photosize.Valid(n) {
		return 0, shop.Errorf(shop.EINVALID, "w must be one of %s (pixels wide), or absent for the original.",
			strings.Trim(fmt.Sprint(photosize.Widths), "[]"))
	}
	return n, nil
}

// etagMatches reports whether an If-None-Match header names etag (weakly compared) or is *.
func etagMatches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			return true
		}
	}
	return false
}

func (s *Server) productCount(c *gin.Context) {
	n, err := s.deps.Products.ProductCount(c.Request.Context())
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, http.StatusOK, "Product count.", gin.H{"total": n})
}

// productPage is page {page} of shop.ProductPageSize products, newest first.
func (s *Server) productPage(c *gin.Context) {
	page, err := pageParam("page", c.Param("page"))
	if err != nil {
		fail(c, err)
		return
	}
	ps, _, err := s.deps.Products.Products(c.Request.Context(), page, shop.ProductPageSize)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, productPageAnswer(ps))
}

func productPageAnswer(ps []*shop.Product) gin.H {
	return gin.H{"success": true, "message": "A page of products.", "products": ps}
}

func (s *Server) productsOfCategory(c *gin.Context) {
	cat, products, err := s.deps.Products.ProductsOfCategoryJSON(c.Request.Context(), c.Param("slug"))
	if err != nil {
		fail(c, err)
		return
	}
	category, err := json.Marshal(cat)
	if err != nil {
		fail(c, fmt.Errorf("encode category %s: %w", cat.ID, err))
		return
	}
	// {success, message, category, products}: the bytes c.JSON writes for them (a map's keys
	// sorted), with the products encoded by the read model, which keeps each product's encoding.
	body := make([]byte, 0, len(category)+len(products)+96)
	body = append(append(body, `{"category":`...), category...)
	body = append(body, `,"message":"Products of the category."`...)
	body = append(append(body, `,"products":`...), products...)
	body = append(body, `,"success":true}`...)
	c.Data(http.StatusOK, "application/json; charset=utf-8", body)
}

func (s *Server) relatedProducts(c *gin.Context) {
	ps, err := s.deps.Products.RelatedProducts(c.Request.Context(), c.Param("pid"), c.Param("cid"))
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, http.StatusOK, "Related products.", gin.H{"products": ps})
}

// search answers a bare array of matching products.
func (s *Server) search(c *gin.Context) {
	ps, err := s.deps.Products.SearchProducts(c.Request.Context(), c.Param("keyword"))
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, ps)
}
