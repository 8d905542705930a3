package httpapi

import (
	"compress/gzip"
	"mime"
	"net/http"
	"strings"
	"sync"

	"github.com/gin-gonic/gin"
)

// minGzipBytes is the smallest answer worth compressing: below it the gzip header and the
// CPU cost outweigh the bytes saved.
const minGzipBytes = 1024

// gzipWriters are reused: a gzip.Writer holds about 800 KB of tables.
var gzipWriters = sync.Pool{New: func() any {
	// Level 1, as nginx's default gzip_comp_level: JSON shrinks to about a fifth at a small
	// fraction of the default level's CPU, which matters more for answers made per request.
	w, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed)
	return w
}}

// compressAnswers gzips JSON and text answers of at least minGzipBytes when the client accepts
// gzip. Images (product photos are JPEG, PNG, WebP or GIF: already compressed), range requests,
// HEAD requests and answers without a body pass untouched.
func compressAnswers(c *gin.Context) {
	if c.Request.Method == http.MethodHead || c.GetHeader("Range") != "" || !acceptsGzip(c.GetHeader("Accept-Encoding")) {
		c.Next()
		return
	}
	w := &gzipWriter{ResponseWriter: c.Writer}
	c.Writer = w
	defer w.finish()
	c.Next()
}

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

// gzipWriter holds back the first minGzipBytes of an answer, then decides: compress it all,
// or pass it through as it is.
type gzipWriter struct {
	gin.ResponseWriter
	pending  []byte
	decided  bool
	gz       *gzip.Writer // set once decided to compress
	finished bool
}

func (w *gzipWriter) Write(p []byte) (int, error) {
	if w.decided {
		if w.gz != nil {
			return w.gz.Write(p)
		}
		return w.ResponseWriter.Write(p)
	}
	w.pending = append(w.pending, p...)
	if len(w.pending) >= minGzipBytes {
		if err := w.decide(); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

func (w *gzipWriter) WriteString(s string) (int, error) { return w.Write([]byte(s)) }

// Written reports whether the handler has written a body, held back or not.
func (w *gzipWriter) Written() bool { return len(w.pending) > 0 || w.ResponseWriter.Written() }

// Flush sends what is held back: a streaming handler wants its bytes on the wire.
func (w *gzipWriter) Flush() {
	if !w.decided {
		_ = w.decide()
	}
	if w.gz != nil {
		_ = w.gz.Flush()
	}
	w.ResponseWriter.Flush()
}

// decide chooses compression from the status, headers and held-back size, then writes what is
// held back.
func (w *gzipWriter) decide() error {
	w.decided = true
	h := w.Header()
	status := w.Status()
	if compressible(h.Get("Content-Type")) {
		if h.Get("Vary") == "" {
			h.Add("Vary", "Accept-Encoding")
		}
		if len(w.pending) >= minGzipBytes && h.Get("Content-Encoding") == "" && h.Get("Content-Range") == "" &&
			status >= 200 && status != http.StatusNoContent && status != http.StatusNotModified && status != http.StatusPartialContent {
			h.Set("Content-Encoding", "gzip")
			h.Del("Content-Length")
			w.gz = gzipWriters.Get().(*gzip.Writer)
			w.gz.Reset(w.ResponseWriter)
		}
	}
	pending := w.pending
	w.pending = nil
	if len(pending) == 0 {
		return nil
	}
	var err error
	if w.gz != nil {
		_, err = w.gz.Write(pending)
	} else {
		_, err = w.ResponseWriter.Write(pending)
	}
	return err
}

// finish sends what is held back and ends the gzip stream.
func (w *gzipWriter) finish() {
	if w.finished {
		return
	}
	w.finished = true
	if !w.decided {
		_ = w.decide()
	}
	if w.gz != nil {
		_ = w.gz.Close()
		w.gz.Reset(nil)
		gzipWriters.Put(w.gz)
		w.gz = nil
	}
}
