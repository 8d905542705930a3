package httpapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"shop"
	"shop/httpapi"
	"shop/internal/logbuf"
	"shop/internal/reqid"
)

// requestLines are the access log's JSON lines in logs.
func requestLines(t *testing.T, logs *logbuf.Buffer) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(logs.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("log line is not JSON: %q", line)
		}
		if m["msg"] == "request" {
			out = append(out, m)
		}
	}
	return out
}

// TestAccessLogLine: each request is one JSON line naming the route as declared (not the id or
// slug in the path), the status, the duration, the bytes sent, the request id and, once
// signed in, the user.
func TestAccessLogLine(t *testing.T) {
	var logs logbuf.Buffer
	a := newApp(t, func(d *httpapi.Deps) { d.Logger = slog.New(slog.NewJSONHandler(&logs, nil)) })
	token, user := a.signUp("Asha", "asha@example.com")

	expect(t, a.do(request{method: "GET", path: "/api/v1/auth/user-auth", token: token,
		header: map[string]string{"X-Request-ID": "trace-0001-abcd"}}), http.StatusOK)
	expect(t, a.do(request{method: "GET", path: "/api/v1/category/single-category/no-such-slug"}), http.StatusNotFound)

	lines := requestLines(t, &logs)
	if len(lines) != 4 { // register, login, user-auth, single-category
		t.Fatalf("got %d request lines, want 4: %v", len(lines), lines)
	}
	signedIn, unknown := lines[2], lines[3]
	want := map[string]any{"method": "GET", "route": "/api/v1/auth/user-auth", "status": float64(200),
		"request_id": "trace-0001-abcd", "user_id": user["_id"]}
	for k, v := range want {
		if signedIn[k] != v {
			t.Errorf("signed-in line %s = %v, want %v (line %v)", k, signedIn[k], v, signedIn)
		}
	}
	if d, ok := signedIn["duration_ms"].(float64); !ok || d < 0 {
		t.Errorf("duration_ms = %v", signedIn["duration_ms"])
	}
	if b, ok := signedIn["bytes"].(float64); !ok || b != float64(len(`{"ok":true}`)) {
		t.Errorf("bytes = %v, want the answer's length", signedIn["bytes"])
	}
	if unknown["route"] != "/api/v1/category/single-category/:slug" || unknown["status"] != float64(404) {
		t.Errorf("unknown slug line = %v, want the route template and 404", unknown)
	}
	if _, ok := unknown["user_id"]; ok {
		t.Errorf("an anonymous request's line names a user: %v", unknown)
	}
	if id, _ := unknown["request_id"].(string); len(id) < 8 {
		t.Errorf("request_id = %q, want a generated id", id)
	}
}

// usersGone fails every sign-in check, as a store that stopped answering does, and logs it as
// a service does, with the request's context.
type usersGone struct {
	shop.UserService
	log *slog.Logger
}

func (u usersGone) FindUserByID(ctx context.Context, id string) (*shop.User, error) {
	u.log.WarnContext(ctx, "store unreachable", "user", id)
	return nil, errors.New("dial unix store.sock: connection refused")
}

// A server error is logged once, on the request's access line with its route, naming the
// request id once: a log collector may refuse a line with a key twice. A service's line
// logged with the request's context names the request too. The client sees a sentence,
// never the cause.
func TestServerErrorLoggedOnceWithItsRequestID(t *testing.T) {
	var logs logbuf.Buffer
	log := reqid.Logger(slog.New(slog.NewJSONHandler(&logs, nil)))
	a := newApp(t, func(d *httpapi.Deps) {
		d.Logger = log
		d.Users = usersGone{d.Users, log} // registers, then fails every sign-in check
	})
	token, _ := a.signUp("Asha", "asha@example.com")
	rec := a.do(request{method: "GET", path: "/api/v1/auth/user-auth", token: token,
		header: map[string]string{"X-Request-ID": "trace-0002-abcd"}})
	if m := expect(t, rec, http.StatusInternalServerError); strings.Contains(fmt.Sprint(m), "store.sock") {
		t.Errorf("the answer leaks the cause: %v", m)
	}
	var errorLines, serviceLines []string
	text := logs.String()
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, `"level":"ERROR"`) {
			errorLines = append(errorLines, line)
		}
		if strings.Contains(line, `"msg":"store unreachable"`) {
			serviceLines = append(serviceLines, line)
		}
	}
	if len(errorLines) != 1 {
		t.Fatalf("error lines %q; want one", errorLines)
	}
	for _, want := range []string{`"msg":"request"`, `"route":"/api/v1/auth/user-auth"`, `"status":500`, "store.sock"} {
		if !strings.Contains(errorLines[0], want) {
			t.Errorf("error line %s lacks %s", errorLines[0], want)
		}
	}
	if strings.Count(errorLines[0], `"request_id":"trace-0002-abcd"`) != 1 {
		t.Errorf("error line %s does not name the request id exactly once", errorLines[0])
	}
	if len(serviceLines) != 1 || strings.Count(serviceLines[0], `"request_id":"trace-0002-abcd"`) != 1 {
		t.Errorf("service lines %q; want one naming the request id once", serviceLines)
	}
}
