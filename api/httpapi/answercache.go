package httpapi

import (
	"bytes"
	"net/http"
	"sync"

	"github.com/gin-gonic/gin"
	"github.com/klauspost/compress/gzip"

	"shop/catalogue"
)

// cachedRoutes are the public catalogue reads whose answers depend only on the path, the query
// and the catalogue read model: no token, no store, no per-visitor state.
var cachedRoutes = map[string]bool{
	"/api/v1/category/get-category":             true,
	"/api/v1/category/single-category/:slug":    true,
	"/api/v1/product/browse":                    true,
	"/api/v1/product/get-product":               true,
	"/api/v1/product/get-product/:slug":         true,
	"/api/v1/product/product-count":             true,
	"/api/v1/product/product-list/:page":        true,
	"/api/v1/product/product-category/:slug":    true,
	"/api/v1/product/related-product/:pid/:cid": true,
	"/api/v1/product/search/:keyword":           true,
}

// maxCachedAnswer is the largest answer worth keeping.
const maxCachedAnswer = 4 << 20

// cacheAnswers is the middleware that answers catalogue reads from the answer cache and keeps
// fresh ones there (see catalogue.Answers): an answer is kept with what it was read from, so
// a change makes stale only the answers it touches. Off when answers is nil.
func cacheAnswers(answers *catalogue.Answers) gin.HandlerFunc {
	making := &inFlight{keys: map[string]chan struct{}{}}
	return func(c *gin.Context) {
		if answers == nil || c.Request.Method != http.MethodGet || !cachedRoutes[c.FullPath()] {
			c.Next()
			return
		}
		key := c.Request.URL.RawPath
		if key == "" {
			key = c.Request.URL.Path
		}
		key += "?" + c.Request.URL.RawQuery
		// Many visitors asking for one answer at once (a page everyone opens, just after a
		// change made it stale) wait for one of them to make it rather than each making it.
		// When a change made it stale again meanwhile (a category's page while its products
		// sell), the next of them makes it while the others wait again.
	wanted:
		for {
			if a := answers.Get(key); a != nil {
				writeAnswer(c, a)
				c.Abort()
				return
			}
			wait, done := making.join(key)
			if wait == nil {
				defer done()
				break
			}
			testHookWaitingForAnswer()
			select {
			case <-wait:
			case <-c.Request.Context().Done():
				break wanted // the handler answers the visitor gone
			}
		}
		ctx, reads := answers.Begin(c.Request.Context())
		c.Request = c.Request.WithContext(ctx)
		held := &holdingWriter{ResponseWriter: c.Writer}
		c.Writer = held
		defer func() { c.Writer = held.ResponseWriter }() // also when the handler panics
		c.Next()
		c.Writer = held.ResponseWriter
		if held.Status() != http.StatusOK || held.buf.Len() == 0 || held.buf.Len() > maxCachedAnswer {
			if held.buf.Len() > 0 {
				_, _ = c.Writer.Write(held.buf.Bytes())
			}
			return
		}
		// The maker sends the answer as it is kept, so its body is compressed once, not also
		// on the way out.
		a := &catalogue.Answer{Status: http.StatusOK, ContentType: held.Header().Get("Content-Type"),
			Plain: held.buf.Bytes()}
		if len(a.Plain) >= minGzipBytes {
			a.Gzip = gzipKept(a.Plain, answers.Churning(key))
		}
		answers.Put(key, reads, a)
		writeAnswer(c, a)
	}
}

// testHookWaitingForAnswer is called as a request starts waiting for an answer another one is
// making. It does nothing; tests of "visitors wait for one maker" set it, because that waiting
// is otherwise invisible and they must know the visitors really wait before they go on.
var testHookWaitingForAnswer = func() {}

// inFlight are the answers being made, each with a channel closed when it is done.
type inFlight struct {
	mu   sync.Mutex
	keys map[string]chan struct{}
}

// join answers a channel to wait on when the answer of key is being made already, and
// otherwise marks it made by the caller, who calls done when it is.
func (f *inFlight) join(key string) (wait <-chan struct{}, done func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if ch, ok := f.keys[key]; ok {
		return ch, nil
	}
	ch := make(chan struct{})
	f.keys[key] = ch
	return nil, func() {
		f.mu.Lock()
		delete(f.keys, key)
		f.mu.Unlock()
		close(ch)
	}
}

// Cached answers are compressed once and sent many times, so at the best level; except the
// ones that changes keep making stale (a category page while its products sell: 24 ms at the
// best level for a 740 KB answer, 3 ms at the default one for a sixth more bytes).
var (
	smallestGzipWriters = sync.Pool{New: func() any {
		w, _ := gzip.NewWriterLevel(nil, gzip.BestCompression)
		return w
	}}
	fastGzipWriters = sync.Pool{New: func() any {
		w, _ := gzip.NewWriterLevel(nil, gzip.DefaultCompression)
		return w
	}}
)

// gzipKept compresses an answer to be kept, fast when it is churning.
func gzipKept(plain []byte, churning bool) []byte {
	pool := &smallestGzipWriters
	if churning {
		pool = &fastGzipWriters
	}
	var gz bytes.Buffer
	zw := pool.Get().(*gzip.Writer)
	zw.Reset(&gz)
	_, _ = zw.Write(plain)
	_ = zw.Close()
	zw.Reset(nil)
	pool.Put(zw)
	return gz.Bytes()
}

// writeAnswer sends a cached answer, gzipped when the client accepts it (compressAnswers
// then passes it through untouched: it already has a Content-Encoding; and it has named
// Accept-Encoding in Vary).
func writeAnswer(c *gin.Context, a *catalogue.Answer) {
	h := c.Writer.Header()
	h.Set("Content-Type", a.ContentType)
	h.Del("Content-Length") // the length the handler that made it gave its plain body
	body := a.Plain
	if a.Gzip != nil && acceptsGzip(c.GetHeader("Accept-Encoding")) {
		h.Set("Content-Encoding", "gzip")
		body = a.Gzip
	}
	c.Status(a.Status)
	_, _ = c.Writer.Write(body)
}

// holdingWriter keeps the body of an answer being made instead of sending it; its status and
// headers go to the writer below, which sends nothing before the body.
type holdingWriter struct {
	gin.ResponseWriter
	buf bytes.Buffer
}

func (w *holdingWriter) Write(p []byte) (int, error) { return w.buf.Write(p) }

func (w *holdingWriter) WriteString(s string) (int, error) { return w.buf.WriteString(s) }
