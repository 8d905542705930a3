package httpapi_test

import (
	"bytes"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shop"
	"shop/httpapi"
)

func TestAPIDescriptionIsServed(t *testing.T) {
	a := newApp(t)
	rec := a.do(request{method: "GET", path: "/api/v1/openapi.yaml"})
	if rec.Code != http.StatusOK || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/yaml") ||
		!bytes.Equal(rec.Body.Bytes(), shop.OpenAPI) || !strings.HasPrefix(rec.Body.String(), "openapi: 3.1") {
		t.Fatalf("openapi.yaml: %d %s %.80q", rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
	}
}

func TestAPIReferencePage(t *testing.T) {
	// Without a client build: a page saying how to get one, linking the description.
	rec := newApp(t).do(request{method: "GET", path: "/api/docs"})
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `href="/api/v1/openapi.yaml"`) {
		t.Fatalf("/api/docs without a build: %d %s", rec.Code, rec.Body.String())
	}
	// With one: the build's reference page.
	dist := t.TempDir()
	page := `<!doctype html><title>Shop API reference</title><div id="reference"></div>`
	for name, body := range map[string]string{"index.html": "<!doctype html><title>Shop</title>", "api-docs.html": page} {
		if err := os.WriteFile(filepath.Join(dist, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	rec = newApp(t, func(d *httpapi.Deps) { d.ClientDist = dist }).do(request{method: "GET", path: "/api/docs"})
	if rec.Code != http.StatusOK || rec.Body.String() != page || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("/api/docs with a build: %d %s %q", rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
	}
}
