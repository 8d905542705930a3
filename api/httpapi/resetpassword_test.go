package httpapi_test

import (
	"crypto/rand"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"shop/httpapi"
)

const resetPasswordPath = "/api/v1/auth/reset-password"

// madeUpResetToken is a token of the right form that no link carries.
func madeUpResetToken(t *testing.T) string {
	t.Helper()
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// A field of the wrong type is a 400 naming the field (§5), and it uses up no link.
func TestResetPasswordWrongTypedBodyIs400(t *testing.T) {
	a, box, _ := newResetApp(t)
	a.signUp("Asha Rao", "asha@shop.test")
	a.askResetLink("asha@shop.test", http.StatusAccepted)
	tok := box.resetToken()

	for _, tc := range []struct {
		name, body, field string
	}{
		{"token-a-number", `{"token":5}`, "token"},
		{"token-an-object", `{"token":{"$ne":""},"newpassword":"newpass1"}`, "token"},
		{"newpassword-a-number", `{"token":"` + tok + `","newpassword":123456}`, "newpassword"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := expect(t, a.do(request{method: "POST", path: resetPasswordPath, body: tc.body}), http.StatusBadRequest)
			if msg := m["message"].(string); !strings.Contains(msg, tc.field) {
				t.Errorf("message %q does not name the field %s", msg, tc.field)
			}
		})
	}
	// The link survived the refused bodies, and the old password still works until it is used.
	expect(t, a.login("asha@shop.test", "secret123"), http.StatusOK)
	a.resetWith(tok, "newpass1", http.StatusOK)
	expect(t, a.login("asha@shop.test", "newpass1"), http.StatusOK)
}

// Guessing at reset tokens from one client ends in 429 with Retry-After; the limit is no
// stricter than DESIGN's strictest (10 in 15 minutes) and no looser than its per-address one
// (100 in 15 minutes), and another client with a real link is not locked out by it.
func TestResetPasswordBadTokensAreLimited(t *testing.T) {
	// httptest requests come from 192.0.2.1: here that is the proxy, which names each client.
	a, box, _ := newResetApp(t, func(d *httpapi.Deps) { d.TrustedProxies = []string{"192.0.2.1"} })
	a.signUp("Asha Rao", "asha@shop.test")

	guesser := map[string]string{"X-Forwarded-For": "198.51.100.7"}
	guess := func() *request {
		return &request{method: "POST", path: resetPasswordPath, header: guesser,
			body: map[string]string{"token": madeUpResetToken(t), "newpassword": "taken-over1"}}
	}
	refused := 0
	for refused <= httpapi.FailuresPerAddress {
		rec := a.do(*guess())
		if rec.Code == http.StatusTooManyRequests {
			m := expect(t, rec, http.StatusTooManyRequests)
			wait, err := strconv.Atoi(rec.Header().Get("Retry-After"))
			if err != nil || wait < 1 || time.Duration(wait)*time.Second > 15*time.Minute {
				t.Fatalf("Retry-After %q, want whole seconds within the 15-minute window (%v)", rec.Header().Get("Retry-After"), m)
			}
			break
		}
		expect(t, rec, http.StatusBadRequest)
		refused++
	}
	t.Logf("429 after %d bad tokens from one client", refused)
	if refused > httpapi.FailuresPerAddress {
		t.Fatalf("%d bad tokens from one client and no 429", refused)
	}
	if refused < httpapi.FailuresPerAccount {
		t.Fatalf("429 after only %d bad tokens: stricter than any limit of DESIGN §5", refused)
	}
	expect(t, a.do(*guess()), http.StatusTooManyRequests) // and it stays refused

	// Another shopper, behind the same proxy, resets with the link she was mailed.
	other := map[string]string{"X-Forwarded-For": "203.0.113.20"}
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/reset-link", header: other,
		body: map[string]string{"email": "asha@shop.test"}}), http.StatusAccepted)
	expect(t, a.do(request{method: "POST", path: resetPasswordPath, header: other,
		body: map[string]string{"token": box.resetToken(), "newpassword": "newpass1"}}), http.StatusOK)
	expect(t, a.login("asha@shop.test", "newpass1"), http.StatusOK)
}
