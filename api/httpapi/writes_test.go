package httpapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"
)

// A write goes on when its caller leaves; a read stops with it.
func TestWritesRunToTheirEndReadsStop(t *testing.T) {
	gin.SetMode(gin.TestMode)
	for method, goesOn := range map[string]bool{
		http.MethodPost: true, http.MethodPut: true, http.MethodDelete: true, http.MethodPatch: true,
		http.MethodGet: false, http.MethodHead: false,
	} {
		e := gin.New()
		var err error
		e.Handle(method, "/x", writesRunToTheirEnd, func(c *gin.Context) { err = c.Request.Context().Err() })
		left, leave := context.WithCancel(context.Background())
		leave()
		e.ServeHTTP(httptest.NewRecorder(), httptest.NewRequestWithContext(left, method, "/x", nil))
		if got := err == nil; got != goesOn {
			t.Errorf("%s after the caller left: context error %v, want going on %v", method, err, goesOn)
		}
	}
}
