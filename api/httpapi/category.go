package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"shop"
)

type categoryRequest struct {
	Name string `json:"name"`
}

func (s *Server) createCategory(c *gin.Context) {
	var r categoryRequest
	if err := decodeJSON(c, &r); err != nil {
		fail(c, err)
		return
	}
	cat, err := s.deps.Categories.CreateCategory(c.Request.Context(), r.Name)
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, http.StatusCreated, "Category created.", gin.H{"category": cat})
}

func (s *Server) updateCategory(c *gin.Context) {
	var r categoryRequest
	if err := decodeJSON(c, &r); err != nil {
		fail(c, err)
		return
	}
	cat, err := s.deps.Categories.UpdateCategory(c.Request.Context(), c.Param("id"), r.Name)
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, http.StatusOK, "Category updated.", gin.H{"category": cat})
}

func (s *Server) deleteCategory(c *gin.Context) {
	if err := s.deps.Categories.DeleteCategory(c.Request.Context(), c.Param("id")); err != nil {
		fail(c, err)
		return
	}
	ok(c, http.StatusOK, "Category deleted.", nil)
}

func (s *Server) categories(c *gin.Context) {
	cats, err := s.deps.Categories.Categories(c.Request.Context())
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, categoriesAnswer(cats))
}

func categoriesAnswer(cats []*shop.Category) gin.H {
	return gin.H{"success": true, "message": "All categories.", "category": cats}
}

func (s *Server) singleCategory(c *gin.Context) {
	cat, err := s.deps.Categories.CategoryBySlug(c.Request.Context(), c.Param("slug"))
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, http.StatusOK, "Category found.", gin.H{"category": cat})
}
