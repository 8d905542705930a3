package httpapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
)

// A sign-in whose caller leaves while it waits for a bcrypt slot is never checked: a storm of
// abandoned sign-ins spends no core on them. It leaves as a sign-in (a POST), whose context
// otherwise runs on to the end of its write.
func TestAHashWaitEndsWhenTheCallerLeaves(t *testing.T) {
	gin.SetMode(gin.TestMode)
	g := newHashGate(1, time.Minute)
	g.slots <- struct{}{} // every slot taken
	checked := false
	var err error
	e := gin.New()
	e.POST("/login", writesRunToTheirEnd, func(c *gin.Context) {
		err = g.run(c, func() error { checked = true; return nil })
	})
	caller, leave := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, leave)
	e.ServeHTTP(httptest.NewRecorder(), httptest.NewRequestWithContext(caller, http.MethodPost, "/login", nil))
	if err == nil || checked {
		t.Fatalf("run = %v, checked %v; want the wait to end with the caller, unchecked", err, checked)
	}

	<-g.slots // a slot frees: a caller that has left by then is still not checked
	gone, leaveNow := context.WithCancel(context.Background())
	leaveNow()
	e.ServeHTTP(httptest.NewRecorder(), httptest.NewRequestWithContext(gone, http.MethodPost, "/login", nil))
	if err == nil || checked {
		t.Fatalf("run = %v, checked %v; want a caller who left unchecked", err, checked)
	}
}
