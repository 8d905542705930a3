package httpapi

import (
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/gin-gonic/gin"
)

// notBuiltPage is served at / while the client has not been built.
const notBuiltPage = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head>
<body><h1>The shop's API is running</h1><p>The storefront is not built yet. Build it with
<code>make build</code> (or <code>cd client &amp;&amp; npm install &amp;&amp; npm run build</code>) and reload.</p>
<p>The API answers under <code>/api/v1</code>; health at <code>/healthz</code>.</p></body></html>`

// clientRouteKey holds, for the metrics and the access log, which part of the storefront a
// request no API route takes was answered with: its pages are many paths of one route.
const clientRouteKey = "clientRoute"

// serveClient serves a file of the built client, or index.html for any client route (with its
// first screen drawn in, for the home and the shop). Hashed assets are cached for a year;
// index.html is revalidated every time.
func (s *Server) serveClient(c *gin.Context) {
	c.Set(clientRouteKey, "client-page")
	dist := s.deps.ClientDist
	index := filepath.Join(dist, "index.html")
	if dist == "" || !fileExists(index) {
		c.Header("Cache-Control", "no-store")
		c.Data(http.StatusOK, "text/html; charset=utf-8", []byte(notBuiltPage))
		return
	}
	clean := path.Clean("/" + c.Request.URL.Path)
	file := filepath.Join(dist, filepath.FromSlash(clean))
	if clean != "/" && fileExists(file) {
		c.Set(clientRouteKey, "client-file")
		if strings.HasPrefix(clean, "/assets/") {
			c.Header("Cache-Control", "public, max-age=31536000, immutable")
			if servePrecompressed(c, file) {
				return
			}
		} else {
			c.Header("Cache-Control", "public, max-age=3600")
		}
		c.File(file)
		return
	}
	if strings.HasPrefix(clean, "/assets/") {
		// A script or style of another build (a page loaded before a deploy) is missing, not
		// a page of the storefront: index.html in its place fails in the browser as a script.
		c.Header("Cache-Control", "no-store")
		c.String(http.StatusNotFound, "Not found.")
		return
	}
	if s.serveFirstScreen(c, index) {
		return
	}
	head, err := s.pageHeadOf(c.Request.Context(), clean)
	if err != nil {
		logger(c).WarnContext(c.Request.Context(), "served the page without its head", "err", err)
		head = &pageHead{status: http.StatusOK}
	}
	if head.status == http.StatusMovedPermanently {
		// Search engines move the old address's standing to the new one; browsers revalidate
		// it, since a product created later may take the old slug as its own.
		c.Header("Cache-Control", "no-cache")
		c.Redirect(head.status, (&url.URL{Path: head.movedTo, RawQuery: c.Request.URL.RawQuery}).String())
		return
	}
	if head.status == http.StatusNotFound && path.Ext(clean) != "" {
		// A file the build does not have (/favicon.ico, /sitemap.xml): not a page either.
		c.Header("Cache-Control", "no-cache")
		c.String(http.StatusNotFound, "Not found.")
		return
	}
	c.Header("Cache-Control", "no-cache")
	if head.status == http.StatusOK && head.title == "" && len(head.answers) == 0 {
		c.File(index) // the page as built, revalidated by its Last-Modified
		return
	}
	built, err := os.ReadFile(index)
	var page []byte
	if err == nil {
		page, err = head.page(built, s.deps.PublicURL, clean)
	}
	if err != nil {
		fail(c, fmt.Errorf("page %s: %w", clean, err))
		return
	}
	c.Data(head.status, "text/html; charset=utf-8", page)
}

// precompressed are the copies the client build writes beside each script and stylesheet,
// compressed once at the highest levels, best first: the answer middleware's quick gzip would
// send a fifth more bytes of JavaScript to every first visit.
var precompressed = []struct{ encoding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// servePrecompressed answers file from its precompressed copy when the client accepts one.
func servePrecompressed(c *gin.Context, file string) bool {
	accepted := c.GetHeader("Accept-Encoding")
	for _, p := range precompressed {
		if !acceptsEncoding(accepted, p.encoding) || !fileExists(file+p.suffix) {
			continue
		}
		contentType := mime.TypeByExtension(filepath.Ext(file))
		if contentType == "" {
			return false
		}
		c.Header("Content-Encoding", p.encoding)
		c.Header("Content-Type", contentType)
		c.Header("Vary", "Accept-Encoding")
		c.File(file + p.suffix)
		return true
	}
	return false
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}
