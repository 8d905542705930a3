package httpapi

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
)

func gzipEngine() *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	e.Use(compressAnswers)
	big := strings.Repeat(`{"name":"Slim Fit Navy Linen Shirt","price":1299},`, 100)
	e.GET("/big", func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"products": big}) })
	e.GET("/small", func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"ok": true}) })
	e.GET("/photo", func(c *gin.Context) { c.Data(http.StatusOK, "image/jpeg", bytes.Repeat([]byte{0xff}, 4096)) })
	e.GET("/text", func(c *gin.Context) { c.String(http.StatusOK, "%s", strings.Repeat("line of text\n", 200)) })
	e.GET("/304", func(c *gin.Context) { c.Header("ETag", `"x"`); c.AbortWithStatus(http.StatusNotModified) })
	e.GET("/twice", func(c *gin.Context) {
		c.Header("Content-Type", "application/json")
		c.Status(http.StatusOK)
		_, _ = c.Writer.WriteString("[")
		for i := range 300 {
			if i > 0 {
				_, _ = c.Writer.WriteString(",")
			}
			_, _ = c.Writer.WriteString(`"piece"`)
		}
		_, _ = c.Writer.WriteString("]")
	})
	return e
}

func TestCompressAnswers(t *testing.T) {
	e := gzipEngine()
	plain := func(path string) []byte {
		rec := httptest.NewRecorder()
		e.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec.Body.Bytes()
	}
	tests := []struct {
		name, path, accept, rangeHdr string
		wantGzip                     bool
		wantStatus                   int
	}{
		{"json-gzip", "/big", "gzip, deflate, br", "", true, 200},
		{"json-gzip-q", "/big", "br;q=1.0, gzip;q=0.8", "", true, 200},
		{"json-star", "/big", "*", "", true, 200},
		{"json-no-accept", "/big", "", "", false, 200},
		{"json-gzip-refused", "/big", "gzip;q=0", "", false, 200},
		{"json-only-br", "/big", "br", "", false, 200},
		{"json-small", "/small", "gzip", "", false, 200},
		{"json-several-writes", "/twice", "gzip", "", true, 200},
		{"text", "/text", "gzip", "", true, 200},
		{"photo", "/photo", "gzip", "", false, 200},
		{"not-modified", "/304", "gzip", "", false, 304},
		{"range", "/big", "gzip", "bytes=0-10", false, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodGet, tt.path, nil)
			if tt.accept != "" {
				req.Header.Set("Accept-Encoding", tt.accept)
			}
			if tt.rangeHdr != "" {
				req.Header.Set("Range", tt.rangeHdr)
			}
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, req)
			if rec.Code != tt.wantStatus {
				t.Fatalf("status %d, want %d", rec.Code, tt.wantStatus)
			}
			gotGzip := rec.Header().Get("Content-Encoding") == "gzip"
			if gotGzip != tt.wantGzip {
				t.Fatalf("Content-Encoding %q, want gzip %v", rec.Header().Get("Content-Encoding"), tt.wantGzip)
			}
			body := rec.Body.Bytes()
			if gotGzip {
				if rec.Header().Get("Content-Length") != "" {
					t.Error("a compressed answer keeps the plain Content-Length")
				}
				if !strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding") {
					t.Error("a compressed answer without Vary: Accept-Encoding")
				}
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				if body, err = io.ReadAll(zr); err != nil {
					t.Fatal(err)
				}
				if len(rec.Body.Bytes()) >= len(body) {
					t.Errorf("compressed %d bytes into %d", len(body), len(rec.Body.Bytes()))
				}
			}
			if tt.wantStatus == http.StatusNotModified {
				if len(body) != 0 {
					t.Errorf("304 with a body of %d bytes", len(body))
				}
				return
			}
			if want := plain(tt.path); !bytes.Equal(body, want) {
				t.Errorf("body differs from the uncompressed answer: %d bytes, want %d", len(body), len(want))
			}
		})
	}
}

// TestCompressAnswersLeavesHeadAndCORS: a HEAD request is never compressed, and an answer to an
// allowed origin names both Origin and Accept-Encoding on its first Vary line.
func TestCompressAnswersLeavesHeadAndCORS(t *testing.T) {
	e := gzipEngine()
	e.HEAD("/big", func(c *gin.Context) { c.Header("Content-Type", "application/json"); c.Status(http.StatusOK) })
	req := httptest.NewRequest(http.MethodHead, "/big", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	e.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Encoding") != "" {
		t.Fatalf("HEAD: %d, Content-Encoding %q", rec.Code, rec.Header().Get("Content-Encoding"))
	}

	e = gin.New()
	e.Use(compressAnswers, cors([]string{"https://shop.example"}, ""))
	big := strings.Repeat(`{"name":"Slim Fit Navy Linen Shirt","price":1299},`, 100)
	e.GET("/big", func(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"products": big}) })
	for _, accept := range []string{"gzip", ""} {
		req = httptest.NewRequest(http.MethodGet, "/big", nil)
		req.Header.Set("Origin", "https://shop.example")
		req.Header.Set("Accept-Encoding", accept)
		rec = httptest.NewRecorder()
		e.ServeHTTP(rec, req)
		if got := rec.Header().Get("Vary"); got != "Accept-Encoding, Origin" {
			t.Errorf("Accept-Encoding %q: Vary %q, want both names on one line", accept, got)
		}
		if (rec.Header().Get("Content-Encoding") == "gzip") != (accept == "gzip") {
			t.Errorf("Accept-Encoding %q: Content-Encoding %q", accept, rec.Header().Get("Content-Encoding"))
		}
	}
}

func TestPingAnswersOK(t *testing.T) {
	s, err := New(Deps{})
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodGet, "/api/v1/ping", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK || strings.TrimSpace(rec.Body.String()) != `{"ok":true}` {
		t.Fatalf("ping: %d %q", rec.Code, rec.Body.String())
	}
	if rec.Header().Get("Content-Encoding") != "" {
		t.Error("a 11-byte answer was compressed")
	}
}

// BenchmarkCompressAnswers measures the middleware on a product list sized answer (about
// 5 KB of JSON) and on an answer it passes through (a photo).
func BenchmarkCompressAnswers(b *testing.B) {
	e := gzipEngine()
	for _, path := range []string{"/big", "/photo"} {
		b.Run(path[1:], func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, path, nil)
			req.Header.Set("Accept-Encoding", "gzip, deflate, br")
			b.ReportAllocs()
			for b.Loop() {
				e.ServeHTTP(httptest.NewRecorder(), req)
			}
		})
	}
}
