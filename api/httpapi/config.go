package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"shop"
)

// shopConfig answers the settings a storefront needs to show prices: the ISO code (lower
// case) of the currency every price is in and every card is charged in.
func (s *Server) shopConfig(c *gin.Context) {
	c.JSON(http.StatusOK, configAnswer(s.currency()))
}

// currency is the ISO code (lower case) of the currency prices are in.
func (s *Server) currency() string {
	if s.deps.Currency == "" {
		return shop.DefaultCurrency
	}
	return s.deps.Currency
}

func configAnswer(currency string) gin.H { return gin.H{"success": true, "currency": currency} }
