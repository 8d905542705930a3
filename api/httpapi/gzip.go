package httpapi

import (
	"mime"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
	"github.com/klauspost/compress/gzhttp"
	"github.com/klauspost/compress/gzip"
)

// minGzipBytes is the smallest answer worth compressing: below it the gzip header and the
// CPU cost outweigh the bytes saved.
const minGzipBytes = 1024

// gzipAnswer wraps a handler in gzhttp's compressing writer. Level 1, as nginx's default
// gzip_comp_level: JSON shrinks to about a fifth at a small fraction of the default level's
// CPU, which matters more for answers made per request. Only compressible text is compressed
// (product photos are JPEG, PNG, WebP or GIF: already compressed), and gzip alone: the answer
// cache keeps gzip copies, so every client that accepts gzip gets the same bytes either way.
var gzipAnswer = func() func(http.Handler) http.HandlerFunc {
	wrap, err := gzhttp.NewWrapper(gzhttp.MinSize(minGzipBytes), gzhttp.CompressionLevel(gzip.BestSpeed),
		gzhttp.ContentTypeFilter(compressible), gzhttp.EnableZstd(false))
	if err != nil {
		panic(err) // the options above are constants: only a gzhttp upgrade can get here
	}
	return wrap
}()

// askingGzip is the request gzhttp sees: the shop decides itself whether a client accepts
// gzip (acceptsGzip, shared with the answer cache and the precompressed client files, and
// reading "*" as gzip too), so gzhttp is only asked to compress. Read-only, shared by all.
var askingGzip = &http.Request{Method: http.MethodGet, Header: http.Header{"Accept-Encoding": {"gzip"}}}

// compressAnswers gzips JSON and text answers of at least minGzipBytes when the client accepts
// gzip. Range requests, HEAD requests and answers without a body (204, 304) pass untouched, as
// do answers that already carry a Content-Encoding (precompressed client files, cached gzip
// answers) or a Content-Range. Every other answer names Accept-Encoding in Vary.
func compressAnswers(c *gin.Context) {
	if c.Request.Method == http.MethodHead || c.GetHeader("Range") != "" {
		c.Next()
		return
	}
	if !acceptsGzip(c.GetHeader("Accept-Encoding")) {
		addVary(c.Writer.Header(), "Accept-Encoding")
		c.Next()
		return
	}
	plain := c.Writer
	gzipAnswer(http.HandlerFunc(func(gz http.ResponseWriter, _ *http.Request) {
		c.Writer = &gzipWriter{ResponseWriter: plain, gz: gz}
		c.Next()
	})).ServeHTTP(plain, askingGzip)
	c.Writer = plain
}

// gzipWriter gives the handlers gin's writer with its body and status going through gzhttp's
// writer, which holds back the first minGzipBytes and then compresses or passes through.
// Status, Size and the rest stay gin's.
type gzipWriter struct {
	gin.ResponseWriter
	gz      http.ResponseWriter
	written bool // a body was written, perhaps still held back by gz
}

// WriteHeader tells both: gin keeps the status for the middleware that reads it (the answer
// cache, the access log), gzhttp sends it once it has chosen to compress or not.
func (w *gzipWriter) WriteHeader(code int) {
	w.ResponseWriter.WriteHeader(code)
	w.gz.WriteHeader(code)
}

func (w *gzipWriter) Write(p []byte) (int, error) {
	w.written = w.written || len(p) > 0
	return w.gz.Write(p)
}

func (w *gzipWriter) WriteString(s string) (int, error) { return w.Write([]byte(s)) }

// Written reports whether the handler has written a body, held back or not.
func (w *gzipWriter) Written() bool { return w.written || w.ResponseWriter.Written() }

// Flush sends what is held back: a streaming handler wants its bytes on the wire.
func (w *gzipWriter) Flush() { w.gz.(http.Flusher).Flush() }

// acceptsGzip reports whether an Accept-Encoding header allows gzip (q above 0).
func acceptsGzip(header string) bool { return acceptsEncoding(header, "gzip") }

// acceptsEncoding reports whether an Accept-Encoding header allows encoding (q above 0).
func acceptsEncoding(header, encoding string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if n := strings.ToLower(strings.TrimSpace(name)); n != encoding && n != "*" {
			continue
		}
		q := strings.ReplaceAll(strings.ToLower(params), " ", "")
		if q == "q=0" || strings.HasPrefix(q, "q=0.0") && strings.Trim(q[len("q=0."):], "0") == "" {
			return false
		}
		return true
	}
	return false
}

// compressible reports whether a Content-Type is text that gzip shrinks.
func compressible(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return false
	}
	return strings.HasPrefix(mt, "text/") || mt == "application/json" || mt == "application/javascript" ||
		mt == "image/svg+xml" || strings.HasSuffix(mt, "+json")
}
