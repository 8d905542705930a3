package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// defaultCurrency is the currency prices are in when the server is given none.
const defaultCurrency = "inr"

// shopConfig answers the settings a storefront needs to show prices: the ISO code (lower
// case) of the currency every price is in and every card is charged in.
func (s *Server) shopConfig(c *gin.Context) {
	currency := s.deps.Currency
	if currency == "" {
		currency = defaultCurrency
	}
	c.JSON(http.StatusOK, gin.H{"success": true, "currency": currency})
}
