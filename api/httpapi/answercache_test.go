package httpapi

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gin-gonic/gin"
)

// TestAnswerCacheFollowsTheVersion serves catalogue reads from the cache while the version
// stands, and from the handler again as soon as it moves.
func TestAnswerCacheFollowsTheVersion(t *testing.T) {
	gin.SetMode(gin.ReleaseMode)
	var version atomic.Uint64
	var calls atomic.Int64
	name := "Linen Shirt"
	e := gin.New()
	e.Use(compressAnswers, newAnswerCache(version.Load).serve)
	e.GET("/api/v1/product/product-category/:slug", func(c *gin.Context) {
		calls.Add(1)
		if c.Param("slug") == "missing" {
			c.JSON(http.StatusNotFound, gin.H{"success": false})
			return
		}
		c.JSON(http.StatusOK, gin.H{"success": true, "name": name, "slug": c.Param("slug"), "pad": strings.Repeat("x", 3000)})
	})
	e.GET("/api/v1/auth/orders", func(c *gin.Context) { calls.Add(1); c.JSON(http.StatusOK, gin.H{"mine": true}) })

	get := func(path string, gz bool) (int, string, http.Header) {
		t.Helper()
		req := httptest.NewRequest(http.MethodGet, path, nil)
		if gz {
			req.Header.Set("Accept-Encoding", "gzip")
		}
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		body := rec.Body.Bytes()
		if rec.Header().Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if body, err = io.ReadAll(zr); err != nil {
				t.Fatal(err)
			}
		}
		return rec.Code, string(body), rec.Header()
	}
	step := func(what string, wantCalls int64) {
		t.Helper()
		if got := calls.Load(); got != wantCalls {
			t.Fatalf("%s: %d handler calls, want %d", what, got, wantCalls)
		}
	}

	const path = "/api/v1/product/product-category/shirts"
	_, first, _ := get(path, false)
	step("first read", 1)
	for _, gz := range []bool{false, true, true} {
		code, body, h := get(path, gz)
		if code != 200 || body != first {
			t.Fatalf("cached answer (gzip %v): %d %q", gz, code, body[:40])
		}
		if gz != (h.Get("Content-Encoding") == "gzip") || h.Get("Content-Type") != "application/json; charset=utf-8" {
			t.Fatalf("cached answer (gzip %v): headers %v", gz, h)
		}
		if got := h.Values("Vary"); len(got) != 1 || got[0] != "Accept-Encoding" {
			t.Fatalf("cached answer (gzip %v): Vary %q", gz, got)
		}
	}
	step("cached reads", 1)
	get("/api/v1/product/product-category/dresses", true)
	step("another key", 2)

	name = "Silk Shirt"
	version.Add(1) // the model changed
	if _, body, _ := get(path, true); !strings.Contains(body, "Silk Shirt") {
		t.Fatalf("answer after a change: %q", body[:60])
	}
	step("read after a change", 3)
	get(path, false)
	step("cached again", 3)

	for range 2 {
		if code, _, _ := get("/api/v1/product/product-category/missing", false); code != 404 {
			t.Fatalf("missing: %d", code)
		}
		get("/api/v1/auth/orders", false)
	}
	step("errors and private reads are never cached", 7)
}

// TestAnswerCacheIsOffWithoutAVersion keeps nothing when the server has no version to follow.
func TestAnswerCacheIsOffWithoutAVersion(t *testing.T) {
	var calls int
	e := gin.New()
	e.Use(newAnswerCache(nil).serve)
	e.GET("/api/v1/product/product-count", func(c *gin.Context) { calls++; c.JSON(200, gin.H{"total": calls}) })
	for range 3 {
		e.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/api/v1/product/product-count", nil))
	}
	if calls != 3 {
		t.Fatalf("%d handler calls, want 3", calls)
	}
}
