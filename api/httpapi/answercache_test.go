package httpapi

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gin-gonic/gin"

	"shop"
	"shop/catalogue"
	"shop/catalogue/cataloguetest"
)

const (
	shirtsID  = "6b0000000000000000000001"
	dressesID = "6b0000000000000000000002"
	oxfordID  = "6b00000000000000000000a1"
	maxiID    = "6b00000000000000000000a2"
)

func testProduct(id, name, catID string, qty int) *shop.CatalogueProduct {
	return &shop.CatalogueProduct{Product: shop.Product{ID: id, Name: name, Slug: strings.ToLower(name),
		Description: "Soft cotton.", Price: 49900, Quantity: qty, Category: shop.CategoryRef{ID: catID},
		CreatedAt: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}}
}

// TestAnswerCacheKeepsWhatNoChangeTouched serves catalogue reads from the cache until a change
// touches what they show: a sale of one product makes stale only the answers showing it.
func TestAnswerCacheKeepsWhatNoChangeTouched(t *testing.T) {
	gin.SetMode(gin.ReleaseMode)
	ctx := t.Context()
	src := cataloguetest.New()
	src.PutCategory(&shop.Category{ID: shirtsID, Name: "Shirts", Slug: "shirts"})
	src.PutCategory(&shop.Category{ID: dressesID, Name: "Dresses", Slug: "dresses"})
	src.PutProduct(testProduct(oxfordID, "Oxford", shirtsID, 5))
	src.PutProduct(testProduct(maxiID, "Maxi", dressesID, 5))
	model := catalogue.New(src, nil)
	if err := model.Load(ctx); err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int64
	e := gin.New()
	e.Use(compressAnswers, cacheAnswers(catalogue.NewAnswers(model, 100, 1<<20)))
	e.GET("/api/v1/product/product-category/:slug", func(c *gin.Context) {
		calls.Add(1)
		cat, ps, err := model.ProductsOfCategory(c.Request.Context(), c.Param("slug"))
		if err != nil {
			c.JSON(http.StatusNotFound, gin.H{"success": false})
			return
		}
		body, err := json.Marshal(gin.H{"success": true, "category": cat, "products": ps, "pad": strings.Repeat("x", 3000)})
		if err != nil {
			t.Error(err)
		}
		c.Data(http.StatusOK, "application/json; charset=utf-8", body) // with its Content-Length, as the shop's

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
		if n := rec.Header().Get("Content-Length"); n != "" && n != strconv.Itoa(len(body)) {
			t.Fatalf("%s (gzip %v): Content-Length %s for %d bytes sent", path, gz, n, len(body))
		}
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
	change := func(p *shop.CatalogueProduct) {
		t.Helper()
		src.PutProduct(p)
		if err := model.Changed(ctx, shop.CatalogueChange{Products: []string{p.ID}}); err != nil {
			t.Fatal(err)
		}
	}

	const shirts, dresses = "/api/v1/product/product-category/shirts", "/api/v1/product/product-category/dresses"
	_, first, _ := get(shirts, false)
	step("first read", 1)
	for _, gz := range []bool{false, true, true} {
		code, body, h := get(shirts, gz)
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
	if _, _, h := get(dresses, true); h.Get("Content-Encoding") != "gzip" {
		t.Fatalf("the answer's maker got it without gzip: headers %v", h)
	}
	step("another key", 2)
	if code, body, h := get(dresses, true); code != 200 || h.Get("Content-Encoding") != "gzip" || !strings.Contains(body, "Maxi") {
		t.Fatalf("kept answer: %d %v %q", code, h, body)
	}
	step("the same key", 2)

	change(testProduct(maxiID, "Maxi", dressesID, 4)) // a sale of a dress
	get(shirts, true)
	step("shirts after a dress sold", 2)
	if _, body, _ := get(dresses, false); !strings.Contains(body, `"quantity":4`) {
		t.Fatalf("dresses after the sale: %q", body)
	}
	step("dresses after a dress sold", 3)

	change(testProduct(oxfordID, "Oxford", shirtsID, 3)) // a sale of a shirt
	if _, body, _ := get(shirts, true); !strings.Contains(body, `"quantity":3`) {
		t.Fatalf("shirts after the sale: %q", body)
	}
	get(dresses, true)
	step("after a shirt sold", 4)

	change(testProduct(oxfordID, "Linen Oxford", shirtsID, 3)) // a rename may change any list
	get(shirts, true)
	get(dresses, true)
	step("after a rename", 6)

	for range 2 {
		if code, _, _ := get("/api/v1/product/product-category/missing", false); code != 404 {
			t.Fatalf("missing: %d", code)
		}
		get("/api/v1/auth/orders", false)
	}
	step("errors and private reads are never cached", 10)
}

// TestAnswerCacheIsOffWithoutAnswers keeps nothing when the server has no answer cache.
func TestAnswerCacheIsOffWithoutAnswers(t *testing.T) {
	var calls int
	e := gin.New()
	e.Use(cacheAnswers(nil))
	e.GET("/api/v1/product/product-count", func(c *gin.Context) { calls++; c.JSON(200, gin.H{"total": calls}) })
	for range 3 {
		e.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/api/v1/product/product-count", nil))
	}
	if calls != 3 {
		t.Fatalf("%d handler calls, want 3", calls)
	}
}

// TestOneAnswerMadeAtATime: while one request makes the answer of a key, another asking for
// it waits; once done, the key is free again.
func TestOneAnswerMadeAtATime(t *testing.T) {
	f := &inFlight{keys: map[string]chan struct{}{}}
	wait, done := f.join("/browse?size=M")
	if wait != nil || done == nil {
		t.Fatal("the first request does not make the answer")
	}
	second, none := f.join("/browse?size=M")
	if second == nil || none != nil {
		t.Fatal("a second request for the same answer does not wait")
	}
	if other, otherDone := f.join("/browse?size=L"); other != nil || otherDone == nil {
		t.Fatal("a request for another answer waits")
	} else {
		otherDone()
	}
	select {
	case <-second:
		t.Fatal("released before the answer was made")
	default:
	}
	done()
	select {
	case <-second:
	case <-time.After(time.Second):
		t.Fatal("not released once the answer was made")
	}
	if again, againDone := f.join("/browse?size=M"); again != nil || againDone == nil {
		t.Fatal("the key stays taken after its answer was made")
	}
}

// TestAnswerBeingMadeThatPanics: a handler that panics while its answer is held answers the
// shop's 500, not the part of the body it had written, and nothing is kept.
func TestAnswerBeingMadeThatPanics(t *testing.T) {
	gin.SetMode(gin.ReleaseMode)
	src := cataloguetest.New()
	model := catalogue.New(src, nil)
	if err := model.Load(t.Context()); err != nil {
		t.Fatal(err)
	}
	answers := catalogue.NewAnswers(model, 10, 1<<20)
	e := gin.New()
	e.Use(recoverPanic, cacheAnswers(answers))
	e.GET("/api/v1/product/product-count", func(c *gin.Context) {
		c.Status(http.StatusOK)
		_, _ = c.Writer.WriteString(`{"total":`)
		panic("the count broke")
	})
	for range 2 {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/v1/product/product-count", nil))
		if rec.Code != http.StatusInternalServerError || strings.Contains(rec.Body.String(), "total") ||
			!strings.Contains(rec.Body.String(), "Something went wrong") {
			t.Fatalf("answered %d %q", rec.Code, rec.Body.String())
		}
	}
	if answers.Len() != 0 {
		t.Fatalf("%d answers kept", answers.Len())
	}
}

// TestAnswerMadeStaleWhileMadeIsMadeOnceMore: visitors waiting for an answer that a sale made
// stale while it was being made do not each make it: one of them makes it again, and the
// others get that one.
func TestAnswerMadeStaleWhileMadeIsMadeOnceMore(t *testing.T) {
	gin.SetMode(gin.ReleaseMode)
	ctx := t.Context()
	src := cataloguetest.New()
	src.PutCategory(&shop.Category{ID: shirtsID, Name: "Shirts", Slug: "shirts"})
	src.PutProduct(testProduct(oxfordID, "Oxford", shirtsID, 5))
	model := catalogue.New(src, nil)
	if err := model.Load(ctx); err != nil {
		t.Fatal(err)
	}
	const visitors = 5 // who ask while the first answer is made
	// Each wait is counted: all visitors wait for the first answer; once it is stale, one of
	// them makes it again while the others (all of them: it is held until they do) wait again.
	var waits atomic.Int64
	allWaiting, allWaitingAgain := make(chan struct{}), make(chan struct{})
	testHookWaitingForAnswer = func() {
		switch waits.Add(1) {
		case visitors:
			close(allWaiting)
		case visitors + visitors - 1:
			close(allWaitingAgain)
		}
	}
	t.Cleanup(func() { testHookWaitingForAnswer = func() {} })
	var calls atomic.Int64
	making, release := make(chan struct{}), make(chan struct{})
	madeTooOften := make(chan struct{})
	e := gin.New()
	e.Use(cacheAnswers(catalogue.NewAnswers(model, 10, 1<<20)))
	e.GET("/api/v1/product/product-category/:slug", func(c *gin.Context) {
		_, ps, err := model.ProductsOfCategory(c.Request.Context(), c.Param("slug"))
		switch calls.Add(1) {
		case 1:
			close(making)
			<-release
		case 2:
			select { // held until the other visitors wait for it (or one makes it too: a failure)
			case <-allWaitingAgain:
			case <-madeTooOften:
			}
		case 3:
			close(madeTooOften)
		}
		if err != nil {
			c.JSON(http.StatusNotFound, gin.H{"success": false})
			return
		}
		c.JSON(http.StatusOK, gin.H{"products": ps})
	})
	get := func(bodies chan<- string) {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/api/v1/product/product-category/shirts", nil))
		bodies <- rec.Body.String()
	}
	first, waiters := make(chan string, 1), make(chan string, visitors)
	go get(first)
	<-making
	for range visitors {
		go get(waiters)
	}
	select { // the visitors wait for the first answer
	case <-allWaiting:
	case body := <-waiters:
		t.Fatalf("a visitor was answered %s while the first answer was still being made", body)
	}
	src.PutProduct(testProduct(oxfordID, "Oxford", shirtsID, 4)) // a sale while it is made
	if err := model.Changed(ctx, shop.CatalogueChange{Products: []string{oxfordID}}); err != nil {
		t.Fatal(err)
	}
	close(release)
	if body := <-first; !strings.Contains(body, `"quantity":5`) {
		t.Fatalf("the first visitor got %s", body)
	}
	for range visitors {
		if body := <-waiters; !strings.Contains(body, `"quantity":4`) {
			t.Fatalf("a visitor who asked after the sale got %s", body)
		}
	}
	if n := calls.Load(); n != 2 {
		t.Fatalf("the answer was made %d times, want 2 (once before the sale, once after)", n)
	}
}
