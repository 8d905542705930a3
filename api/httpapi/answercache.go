package httpapi

import (
	"bytes"
	"compress/gzip"
	"container/list"
	"net/http"
	"sync"

	"github.com/gin-gonic/gin"
)

// cachedRoutes are the public catalogue reads whose answers depend only on the path, the query
// and the catalogue read model: no token, no store, no per-visitor state.
var cachedRoutes = map[string]bool{
	"/api/v1/category/get-category":             true,
	"/api/v1/category/single-category/:slug":    true,
	"/api/v1/product/get-product":               true,
	"/api/v1/product/get-product/:slug":         true,
	"/api/v1/product/product-count":             true,
	"/api/v1/product/product-list/:page":        true,
	"/api/v1/product/product-category/:slug":    true,
	"/api/v1/product/related-product/:pid/:cid": true,
	"/api/v1/product/search/:keyword":           true,
}

// Bounds of the answer cache: entries and bytes (plain plus gzip).
const (
	answerCacheEntries = 16384
	answerCacheBytes   = 64 << 20
	maxCachedAnswer    = 4 << 20
)

// answerCache keeps the encoded answers of catalogue reads, plain and gzipped, tagged with the
// version of the read model they were made from (Deps.CatalogueVersion). An answer is served
// only while the model is at that version, and the model's version moves inside the same lock
// as every change, before the write that made it answers: so a cached answer is never older
// than the model. The version is read before the handler runs: an answer made while a change
// landed is tagged with the older version and never served.
type answerCache struct {
	version func() uint64

	mu    sync.Mutex
	bytes int
	order *list.List // of *answer, most recently used first
	byKey map[string]*list.Element
}

type answer struct {
	key         string
	version     uint64
	status      int
	contentType string
	plain, gz   []byte
}

// newAnswerCache answers nil, a cache that keeps nothing, when there is no version to follow.
func newAnswerCache(version func() uint64) *answerCache {
	if version == nil {
		return nil
	}
	return &answerCache{version: version, order: list.New(), byKey: map[string]*list.Element{}}
}

// serve is the middleware: it answers cached catalogue reads and keeps fresh ones.
func (ac *answerCache) serve(c *gin.Context) {
	if ac == nil || c.Request.Method != http.MethodGet || !cachedRoutes[c.FullPath()] {
		c.Next()
		return
	}
	key := c.Request.URL.RawPath
	if key == "" {
		key = c.Request.URL.Path
	}
	key += "?" + c.Request.URL.RawQuery
	v := ac.version()
	if a := ac.get(key, v); a != nil {
		a.write(c)
		c.Abort()
		return
	}
	rec := &recordingWriter{ResponseWriter: c.Writer}
	c.Writer = rec
	c.Next()
	c.Writer = rec.ResponseWriter
	if rec.Status() != http.StatusOK || rec.buf.Len() == 0 || rec.buf.Len() > maxCachedAnswer {
		return
	}
	a := &answer{key: key, version: v, status: http.StatusOK, contentType: rec.Header().Get("Content-Type"),
		plain: bytes.Clone(rec.buf.Bytes())}
	if len(a.plain) >= minGzipBytes {
		var gz bytes.Buffer
		zw := cacheGzipWriters.Get().(*gzip.Writer)
		zw.Reset(&gz)
		_, _ = zw.Write(a.plain)
		_ = zw.Close()
		zw.Reset(nil)
		cacheGzipWriters.Put(zw)
		a.gz = gz.Bytes()
	}
	ac.put(a)
}

// cacheGzipWriters compress cached answers: made once per version, so worth the best level.
var cacheGzipWriters = sync.Pool{New: func() any {
	w, _ := gzip.NewWriterLevel(nil, gzip.BestCompression)
	return w
}}

func (ac *answerCache) get(key string, v uint64) *answer {
	ac.mu.Lock()
	defer ac.mu.Unlock()
	el, ok := ac.byKey[key]
	if !ok {
		return nil
	}
	a := el.Value.(*answer)
	if a.version != v {
		ac.removeLocked(el)
		return nil
	}
	ac.order.MoveToFront(el)
	return a
}

func (ac *answerCache) put(a *answer) {
	ac.mu.Lock()
	defer ac.mu.Unlock()
	if el, ok := ac.byKey[a.key]; ok {
		ac.removeLocked(el)
	}
	ac.byKey[a.key] = ac.order.PushFront(a)
	ac.bytes += len(a.plain) + len(a.gz)
	for ac.order.Len() > answerCacheEntries || ac.bytes > answerCacheBytes {
		ac.removeLocked(ac.order.Back())
	}
}

func (ac *answerCache) removeLocked(el *list.Element) {
	a := ac.order.Remove(el).(*answer)
	delete(ac.byKey, a.key)
	ac.bytes -= len(a.plain) + len(a.gz)
}

// write sends a cached answer, gzipped when the client accepts it (compressAnswers then
// passes it through untouched: it already has a Content-Encoding).
func (a *answer) write(c *gin.Context) {
	h := c.Writer.Header()
	h.Set("Content-Type", a.contentType)
	body := a.plain
	if len(a.plain) >= minGzipBytes {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(c.GetHeader("Accept-Encoding")) {
			h.Set("Content-Encoding", "gzip")
			body = a.gz
		}
	}
	c.Status(a.status)
	_, _ = c.Writer.Write(body)
}

// recordingWriter passes an answer on and keeps a copy of its body.
type recordingWriter struct {
	gin.ResponseWriter
	buf bytes.Buffer
}

func (w *recordingWriter) Write(p []byte) (int, error) {
	w.buf.Write(p)
	return w.ResponseWriter.Write(p)
}

func (w *recordingWriter) WriteString(s string) (int, error) { return w.Write([]byte(s)) }
