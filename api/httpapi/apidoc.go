package httpapi

import (
	"net/http"
	"path/filepath"

	"github.com/gin-gonic/gin"

	"shop"
)

// apiReferencePage is the client build's page that renders the API's description (a page of
// its own, so the storefront never loads it).
const apiReferencePage = "api-docs.html"

// apiReferenceNotBuilt is served at /api/docs while the client has not been built.
const apiReferenceNotBuilt = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop API</title></head>
<body><h1>Shop API</h1><p>The readable reference is part of the client build: build it with
<code>make build</code> and reload. Meanwhile the description itself is at
<a href="/api/v1/openapi.yaml">/api/v1/openapi.yaml</a> (OpenAPI 3.1).</p></body></html>`

// openAPIDocument answers the API's description.
func openAPIDocument(c *gin.Context) {
	c.Header("Cache-Control", "no-cache")
	c.Data(http.StatusOK, "application/yaml; charset=utf-8", shop.OpenAPI)
}

// apiReference answers the page that renders the description for people.
func (s *Server) apiReference(c *gin.Context) {
	page := filepath.Join(s.deps.ClientDist, apiReferencePage)
	if s.deps.ClientDist == "" || !fileExists(page) {
		c.Header("Cache-Control", "no-store")
		c.Data(http.StatusOK, "text/html; charset=utf-8", []byte(apiReferenceNotBuilt))
		return
	}
	c.Header("Cache-Control", "no-cache")
	c.File(page)
}
