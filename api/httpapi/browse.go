package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"shop"
)

// browse answers one page of the catalogue under the query's filters, with the facets:
// {success, message, total, page, limit, products, facets}.
func (s *Server) browse(c *gin.Context) {
	q, err := shop.ParseBrowseQuery(c.Request.URL.Query())
	if err != nil {
		fail(c, err)
		return
	}
	res, err := s.deps.Products.Browse(c.Request.Context(), q)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, browseAnswer(res))
}

func browseAnswer(res *shop.BrowseResult) gin.H {
	return gin.H{"success": true, "message": "Products that match.", "total": res.Total, "page": res.Page,
		"limit": res.Limit, "products": browsedProducts(res), "facets": res.Facets}
}

// browsedProduct is a product as browsing finds it: with matchedPrice, the lowest price of its
// sizes and colours that match, when that is not its own price (the shopper who asked for XL
// is shown what an XL costs).
type browsedProduct struct {
	*shop.Product
	MatchedPrice *shop.Paise `json:"matchedPrice,omitempty"`
}

func browsedProducts(res *shop.BrowseResult) []browsedProduct {
	out := make([]browsedProduct, len(res.Products))
	for i, p := range res.Products {
		out[i].Product = p
		if i < len(res.MatchedPrices) && res.MatchedPrices[i] != p.Price {
			out[i].MatchedPrice = &res.MatchedPrices[i]
		}
	}
	return out
}

// productFilters answers the older filter call, {checked: [category ids], radio: [min, max]},
// with every matching product newest first: {success, message, products}.
func (s *Server) productFilters(c *gin.Context) {
	var body shop.ProductFilters
	if err := decodeJSON(c, &body); err != nil {
		fail(c, err)
		return
	}
	q, err := body.Query()
	if err != nil {
		fail(c, err)
		return
	}
	res, err := s.deps.Products.Browse(c.Request.Context(), q)
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, http.StatusOK, "Products that match.", gin.H{"products": res.Products})
}
