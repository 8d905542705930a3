package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"

	"shop"
)

// The API's description (api/openapi.yaml), loaded once for every test of the package.
var contract struct {
	once   sync.Once
	doc    *openapi3.T
	router routers.Router
	err    error
}

func loadContract() (*openapi3.T, routers.Router, error) {
	contract.once.Do(func() {
		loader := openapi3.NewLoader()
		doc, err := loader.LoadFromData(shop.OpenAPI)
		if err != nil {
			contract.err = err
			return
		}
		if err := doc.Validate(loader.Context); err != nil {
			contract.err = err
			return
		}
		contract.doc = doc
		contract.router, contract.err = gorillamux.NewRouter(doc)
	})
	return contract.doc, contract.router, contract.err
}

func init() {
	// Photos and the pages that are not JSON are checked for their status, headers and type.
	for _, mime := range []string{"image/jpeg", "image/png", "image/webp", "image/gif", "application/yaml", "text/html"} {
		openapi3filter.RegisterBodyDecoder(mime, openapi3filter.FileBodyDecoder)
	}
}

// checkContract fails the test when an answer of the API is not one the description allows:
// an undocumented path, method or status, a body or a header of the wrong shape. Paths outside
// the API (the storefront's pages) are not the API's to describe.
func checkContract(t *testing.T, req *http.Request, rec *httptest.ResponseRecorder) {
	t.Helper()
	path := req.URL.Path
	if !strings.HasPrefix(path, "/api/") && path != "/api" && path != "/healthz" {
		return
	}
	if req.Method == http.MethodOptions {
		return // a browser's CORS preflight, answered alike for every path before any call runs
	}
	doc, router, err := loadContract()
	if err != nil {
		t.Fatalf("api/openapi.yaml: %v", err)
	}
	if req.Header.Get("Origin") != "" && rec.Code == http.StatusForbidden {
		// A browser's write from another site, refused alike for every path before any call runs.
		checkSchema(t, doc, "Error", req, rec)
		return
	}
	// A HEAD answers as its GET, without the body.
	find := req.Clone(context.Background())
	if req.Method == http.MethodHead {
		find.Method = http.MethodGet
	}
	route, params, err := router.FindRoute(find)
	if err != nil {
		// No such call: the answer must still be the API's error shape; a path with a trailing
		// slash is sent to the one without it.
		redirected := strings.HasSuffix(path, "/") && (rec.Code == http.StatusMovedPermanently || rec.Code == http.StatusPermanentRedirect)
		if rec.Code != http.StatusNotFound && !redirected {
			t.Errorf("%s %s answered %d, but api/openapi.yaml has no such call (%v)", req.Method, path, rec.Code, err)
		}
		checkSchema(t, doc, "Error", req, rec)
		return
	}
	input := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route},
		Status:                 rec.Code,
		Header:                 rec.Header(),
		Body:                   io.NopCloser(bytes.NewReader(plainBody(t, rec))),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true},
	}
	if req.Method == http.MethodHead {
		if route.Operation.Responses.Status(rec.Code) == nil {
			t.Errorf("HEAD %s answered %d, which api/openapi.yaml does not list for GET", path, rec.Code)
		}
		return
	}
	if err := openapi3filter.ValidateResponse(context.Background(), input); err != nil {
		t.Errorf("%s %s answered %d against api/openapi.yaml: %v\nbody: %.600s", req.Method, path, rec.Code, err, rec.Body.String())
	}
}

// checkSchema checks a JSON answer against one of the description's schemas.
func checkSchema(t *testing.T, doc *openapi3.T, name string, req *http.Request, rec *httptest.ResponseRecorder) {
	t.Helper()
	var body any
	if err := json.Unmarshal(plainBody(t, rec), &body); err != nil {
		t.Fatalf("%s %s answered %d with a body that is not JSON: %.300s", req.Method, req.URL.Path, rec.Code, rec.Body.String())
	}
	if err := doc.Components.Schemas[name].Value.VisitJSON(body, openapi3.EnableJSONSchema2020()); err != nil {
		t.Errorf("%s %s answered %d, not a %s: %v", req.Method, req.URL.Path, rec.Code, name, err)
	}
}

// plainBody is the answer's body as sent before compression.
func plainBody(t *testing.T, rec *httptest.ResponseRecorder) []byte {
	t.Helper()
	if rec.Header().Get("Content-Encoding") != "gzip" {
		return rec.Body.Bytes()
	}
	zr, err := gzip.NewReader(bytes.NewReader(rec.Body.Bytes()))
	if err != nil {
		t.Fatalf("a gzip answer that does not unzip: %v", err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("a gzip answer that does not unzip: %v", err)
	}
	return b
}

func TestContractDocumentLoads(t *testing.T) {
	doc, _, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	if !doc.IsOpenAPI31OrLater() || len(doc.Paths.Map()) < 40 {
		t.Fatalf("openapi %s with %d paths", doc.OpenAPI, len(doc.Paths.Map()))
	}
}
