package httpapi

import "github.com/gin-gonic/gin"

// Order and checkout handlers: built by the checkout work (issue 4).
func (s *Server) myOrders(c *gin.Context)       { notBuilt(c) }
func (s *Server) allOrders(c *gin.Context)      { notBuilt(c) }
func (s *Server) setOrderStatus(c *gin.Context) { notBuilt(c) }
func (s *Server) processPayment(c *gin.Context) { notBuilt(c) }
