package httpapi

import "github.com/gin-gonic/gin"

// Category handlers: built by the catalogue work (issue 3).
func (s *Server) createCategory(c *gin.Context) { notBuilt(c) }
func (s *Server) updateCategory(c *gin.Context) { notBuilt(c) }
func (s *Server) deleteCategory(c *gin.Context) { notBuilt(c) }
func (s *Server) categories(c *gin.Context)     { notBuilt(c) }
func (s *Server) singleCategory(c *gin.Context) { notBuilt(c) }
