package httpapi

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
)

// routes declares every route of the API in one place, each with its authentication in view.
func (s *Server) routes() {
	e := s.engine
	e.UseRawPath = true // a keyword may hold an encoded "/"
	e.UnescapePathValues = true
	user, admin := s.requireUser, s.requireAdmin

	e.GET("/healthz", s.health)

	v1 := e.Group("/api/v1")
	v1.Use(limitBody)
	v1.GET("/ping", ping)

	a := v1.Group("/auth")
	a.POST("/register", s.register)
	a.POST("/login", s.login)
	a.POST("/forgot-password", s.forgotPassword)
	a.GET("/user-auth", user, authOK)
	a.GET("/admin-auth", user, admin, authOK)
	a.PUT("/profile", user, s.updateProfile)
	a.GET("/all-users", user, admin, s.allUsers)
	a.GET("/orders", user, s.myOrders)
	a.GET("/all-orders", user, admin, s.allOrders)
	a.PUT("/order-status/:orderId", user, admin, s.setOrderStatus)

	c := v1.Group("/category")
	c.POST("/create-category", user, admin, s.createCategory)
	c.PUT("/update-category/:id", user, admin, s.updateCategory)
	c.DELETE("/delete-category/:id", user, admin, s.deleteCategory)
	c.GET("/get-category", s.categories)
	c.GET("/single-category/:slug", s.singleCategory)

	p := v1.Group("/product")
	p.POST("/create-product", user, admin, s.createProduct)
	p.PUT("/update-product/:id", user, admin, s.updateProduct)
	p.DELETE("/delete-product/:id", user, admin, s.deleteProduct)
	p.GET("/get-product", s.products)
	p.GET("/get-product/:slug", s.productBySlug)
	p.GET("/product-photo/:id", s.productPhoto)
	p.GET("/product-count", s.productCount)
	p.GET("/product-list/:page", s.productPage)
	p.GET("/product-category/:slug", s.productsOfCategory)
	p.GET("/related-product/:pid/:cid", s.relatedProducts)
	p.GET("/search", s.search)
	p.GET("/search/", s.search) // an empty keyword; without it Gin redirects to /search
	p.GET("/search/:keyword", s.search)
	p.POST("/process-payment", user, s.processPayment)

	e.NoRoute(s.notFoundOrClient)
}

// limitBody bounds every request body: multipart forms to 6 MiB, anything else to 1 MiB.
// Handlers that decode JSON apply the 1 MiB bound themselves with a clear answer.
func limitBody(c *gin.Context) {
	limit := int64(maxJSONBytes)
	if strings.HasPrefix(c.ContentType(), "multipart/") {
		limit = maxMultipartBytes
	}
	if c.Request.ContentLength > limit {
		c.AbortWithStatusJSON(http.StatusRequestEntityTooLarge,
			gin.H{"success": false, "message": "The request body is too large."})
		return
	}
	c.Request.Body = http.MaxBytesReader(c.Writer, c.Request.Body, limit)
	c.Next()
}

// notFoundOrClient answers unknown API paths with a JSON 404 and everything else with the client.
func (s *Server) notFoundOrClient(c *gin.Context) {
	path := c.Request.URL.Path
	if strings.HasPrefix(path, "/api/") || path == "/api" {
		c.JSON(http.StatusNotFound, gin.H{"success": false, "message": "No such API endpoint: " + c.Request.Method + " " + path})
		return
	}
	if c.Request.Method != http.MethodGet && c.Request.Method != http.MethodHead {
		c.JSON(http.StatusNotFound, gin.H{"success": false, "message": "Not found."})
		return
	}
	s.serveClient(c)
}
