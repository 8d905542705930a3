package httpapi_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shop/httpapi"
)

// TestClientAssetsPrecompressed: the build's brotli and gzip copies of a script are sent as
// they are to a browser that accepts them, and the script itself to one that does not.
func TestClientAssetsPrecompressed(t *testing.T) {
	dist := t.TempDir()
	assets := filepath.Join(dist, "assets")
	if err := os.MkdirAll(assets, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"index.html": "<!doctype html><title>shop</title>", "assets/app.js": strings.Repeat("console.log(1);", 200),
		"assets/app.js.br": "brotli bytes", "assets/app.js.gz": "gzip bytes", "assets/plain.js": "let x = 1;",
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dist, filepath.FromSlash(name)), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	a := newApp(t, func(d *httpapi.Deps) { d.ClientDist = dist })
	for _, tc := range []struct {
		name, path, accept, wantEncoding, wantBody string
	}{
		{"br-preferred", "/assets/app.js", "gzip, deflate, br", "br", "brotli bytes"},
		{"gzip", "/assets/app.js", "gzip", "gzip", "gzip bytes"},
		{"br-refused", "/assets/app.js", "br;q=0, gzip", "gzip", "gzip bytes"},
		{"identity", "/assets/app.js", "", "", files["assets/app.js"]},
		{"no-copy", "/assets/plain.js", "br, gzip", "", "let x = 1;"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			header := map[string]string{}
			if tc.accept != "" {
				header["Accept-Encoding"] = tc.accept
			}
			rec := a.do(request{method: "GET", path: tc.path, header: header})
			if rec.Code != 200 || rec.Header().Get("Content-Encoding") != tc.wantEncoding || rec.Body.String() != tc.wantBody {
				t.Fatalf("%d %q %.40q", rec.Code, rec.Header().Get("Content-Encoding"), rec.Body.String())
			}
			if ct := rec.Header().Get("Content-Type"); !strings.Contains(ct, "javascript") {
				t.Fatalf("Content-Type %q", ct)
			}
			if tc.wantEncoding != "" && !strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding") {
				t.Fatalf("Vary %q", rec.Header().Get("Vary"))
			}
		})
	}
}

// TestTrailingSlashAndMissingAssets: an API path with a trailing slash is sent to the path
// without it with a JSON answer (a write keeps its method), and only to a clean path; a script
// of another build is a 404, not the storefront's page.
func TestTrailingSlashAndMissingAssets(t *testing.T) {
	dist := t.TempDir()
	if err := os.WriteFile(filepath.Join(dist, "index.html"), []byte("<!doctype html><title>shop</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	a := newApp(t, func(d *httpapi.Deps) { d.ClientDist = dist })
	for _, tc := range []struct {
		method, path string
		status       int
		location     string
	}{
		{"GET", "/api/v1/category/get-category/", 301, "/api/v1/category/get-category"},
		{"GET", "/api/v1/product/get-product/?page=2", 301, "/api/v1/product/get-product?page=2"},
		{"POST", "/api/v1/auth/login/", 308, "/api/v1/auth/login"},
		{"GET", "/api//v1/", 404, ""}, // not a clean path: no redirect
		{"GET", "/shop/", 200, ""},    // the storefront's page: its router takes the slash
		{"GET", "/assets/index-OLDHASH.js", 404, ""},
		{"GET", "/api/v1/product/search/", 200, ""},
	} {
		rec := a.do(request{method: tc.method, path: tc.path, body: "{}"})
		if rec.Code != tc.status || rec.Header().Get("Location") != tc.location {
			t.Errorf("%s %s: %d Location %q, want %d %q", tc.method, tc.path, rec.Code, rec.Header().Get("Location"), tc.status, tc.location)
		}
		if tc.status == 301 || tc.status == 308 {
			var body struct {
				Success *bool  `json:"success"`
				Message string `json:"message"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || body.Success == nil || *body.Success || body.Message == "" {
				t.Errorf("%s %s: body %q, want {success:false, message}", tc.method, tc.path, rec.Body.String())
			}
		}
		if tc.status == 404 && strings.Contains(rec.Body.String(), "<title>shop</title>") {
			t.Errorf("%s: answered the storefront's page", tc.path)
		}
	}
}
