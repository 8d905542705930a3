package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// Product handlers: built by the catalogue work (issue 3).
func (s *Server) createProduct(c *gin.Context)      { notBuilt(c) }
func (s *Server) updateProduct(c *gin.Context)      { notBuilt(c) }
func (s *Server) deleteProduct(c *gin.Context)      { notBuilt(c) }
func (s *Server) products(c *gin.Context)           { notBuilt(c) }
func (s *Server) productBySlug(c *gin.Context)      { notBuilt(c) }
func (s *Server) productPhoto(c *gin.Context)       { notBuilt(c) }
func (s *Server) productCount(c *gin.Context)       { notBuilt(c) }
func (s *Server) productPage(c *gin.Context)        { notBuilt(c) }
func (s *Server) productsOfCategory(c *gin.Context) { notBuilt(c) }
func (s *Server) relatedProducts(c *gin.Context)    { notBuilt(c) }
func (s *Server) search(c *gin.Context)             { notBuilt(c) }

func notBuilt(c *gin.Context) {
	c.JSON(http.StatusNotImplemented, gin.H{"success": false, "message": "Not available yet."})
}
