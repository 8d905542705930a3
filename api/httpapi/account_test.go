package httpapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/httpapi"
	"shop/internal/logbuf"
)

func validRegistration() map[string]any {
	return map[string]any{"name": "Asha Rao", "email": "Asha.Rao@Example.com", "password": "secret123",
		"phone": "9876543210", "address": "12 MG Road, Pune", "answer": "blue"}
}

func with(m map[string]any, key string, v any) map[string]any {
	out := map[string]any{}
	for k, val := range m {
		out[k] = val
	}
	if v == nil {
		delete(out, key)
	} else {
		out[key] = v
	}
	return out
}

func TestRegister(t *testing.T) {
	a := newApp(t)
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/register", body: validRegistration()}), http.StatusCreated)

	t.Run("stored lower-case with bcrypt hashes and the shopper role", func(t *testing.T) {
		var doc bson.M
		if err := a.db.Database().Collection("users").FindOne(t.Context(), bson.M{"email": "asha.rao@example.com"}).Decode(&doc); err != nil {
			t.Fatalf("user not stored under the lower-cased email: %v", err)
		}
		for _, f := range []string{"password", "answer"} {
			if h, _ := doc[f].(string); !strings.HasPrefix(h, "$2") || h == validRegistration()[f] {
				t.Errorf("%s is not a bcrypt hash: %q", f, h)
			}
		}
		if role := doc["role"]; role != int32(0) && role != int64(0) {
			t.Errorf("role = %v, want 0", role)
		}
	})

	cases := []struct {
		name   string
		body   any
		status int
		want   string // part of the message
	}{
		{"409-duplicate-email-any-case", with(validRegistration(), "email", "ASHA.RAO@example.com"), 409, "already exists"},
		{"400-missing-name", with(validRegistration(), "name", nil), 400, "Name"},
		{"400-blank-name", with(validRegistration(), "name", "   "), 400, "Name"},
		{"400-missing-email", with(validRegistration(), "email", nil), 400, "Email"},
		{"400-bad-email", with(validRegistration(), "email", "not-an-email"), 400, "Email"},
		{"400-accented-email", with(validRegistration(), "email", "zoë@x.co"), 400, "Email must have only Latin letters without accents"},
		{"400-cyrillic-email", with(validRegistration(), "email", "иван@example.com"), 400, "before the @"},
		{"400-short-password", with(validRegistration(), "password", "12345"), 400, "Password"},
		{"400-missing-phone", with(validRegistration(), "phone", nil), 400, "Phone"},
		{"400-missing-address", with(validRegistration(), "address", nil), 400, "Address"},
		{"400-missing-answer", with(validRegistration(), "answer", nil), 400, "Answer"},
		{"400-wrong-type", with(validRegistration(), "phone", 98765), 400, "phone"},
		{"400-not-json", "{name:", 400, "JSON"},
		{"400-array", "[]", 400, "JSON"},
		{"400-not-utf8", `{"name":"Asha` + "\xff\xfe" + `","email":"bytes@example.com"}`, 400, "UTF-8"},
		{"413-too-large", `{"name":"` + strings.Repeat("a", 1<<20+10) + `"}`, 413, "too large"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := expect(t, a.do(request{method: "POST", path: "/api/v1/auth/register", body: tc.body}), tc.status)
			if msg := m["message"].(string); !strings.Contains(msg, tc.want) {
				t.Errorf("message %q does not mention %q", msg, tc.want)
			}
		})
	}

	t.Run("role in the payload is ignored", func(t *testing.T) {
		body := with(with(validRegistration(), "email", "mallory@example.com"), "role", 1)
		expect(t, a.do(request{method: "POST", path: "/api/v1/auth/register", body: body}), http.StatusCreated)
		m := expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login",
			body: map[string]string{"email": "mallory@example.com", "password": "secret123"}}), 200)
		if role := m["user"].(map[string]any)["role"]; role != float64(0) {
			t.Fatalf("role = %v, want 0", role)
		}
	})
}

func TestLogin(t *testing.T) {
	a := newApp(t)
	a.signUp("Asha Rao", "asha@example.com")

	m := expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login",
		body: map[string]string{"email": "  ASHA@example.com ", "password": "secret123"}}), 200)
	if m["success"] != true || m["token"] == "" || m["message"] == "" {
		t.Fatalf("login answer = %v", m)
	}
	user := m["user"].(map[string]any)
	wantKeys := []string{"_id", "name", "email", "phone", "address", "role"}
	if len(user) != len(wantKeys) {
		t.Errorf("user has keys %v, want exactly %v", keys(user), wantKeys)
	}
	for _, k := range wantKeys {
		if _, ok := user[k]; !ok {
			t.Errorf("user lacks %s", k)
		}
	}

	wrongPw := expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login",
		body: map[string]string{"email": "asha@example.com", "password": "wrong-password"}}), 401)
	unknown := expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login",
		body: map[string]string{"email": "nobody@example.com", "password": "wrong-password"}}), 401)
	if wrongPw["message"] != unknown["message"] {
		t.Errorf("unknown email and wrong password answer differently: %q vs %q", unknown["message"], wrongPw["message"])
	}
	// An address the shop takes no account for is as unknown as any other.
	if m := expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login",
		body: map[string]string{"email": "zoë@x.co", "password": "wrong-password"}}), 401); m["message"] != unknown["message"] {
		t.Errorf("an accented address answers %q, not as an unknown one", m["message"])
	}
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login", body: map[string]string{"email": "asha@example.com"}}), 400)
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login", body: map[string]any{"email": 7, "password": "x"}}), 400)
}

func TestLoginRateLimit(t *testing.T) {
	a := newApp(t)
	a.signUp("Asha Rao", "asha@example.com")
	bad := request{method: "POST", path: "/api/v1/auth/login", body: map[string]string{"email": "asha@example.com", "password": "wrong-pass"}}
	for i := 0; i < 10; i++ {
		expect(t, a.do(bad), 401)
	}
	rec := a.do(bad)
	expect(t, rec, 429)
	if rec.Header().Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
	// Even the right password is refused while the window is used up.
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login",
		body: map[string]string{"email": "asha@example.com", "password": "secret123"}}), 429)
	// Another email from the same address is not affected by this email's failures.
	a.signUp("Ravi Kumar", "ravi@example.com")
	// A forged X-Forwarded-For does not buy a fresh window.
	forged := bad
	forged.header = map[string]string{"X-Forwarded-For": "203.0.113.9"}
	expect(t, a.do(forged), 429)
}

// A shopper locked out by their own wrong passwords who resets the password (with the answer)
// signs in with the new one at once, as the reset's "Please sign in" says. Only that account's
// failures from that address are forgotten.
func TestPasswordResetLiftsTheSignInLockout(t *testing.T) {
	a := newApp(t)
	a.signUp("Asha Rao", "asha@example.com")
	a.signUp("Ravi Kumar", "ravi@example.com")
	login := func(email, password string) *httptest.ResponseRecorder {
		return a.do(request{method: "POST", path: "/api/v1/auth/login", body: map[string]string{"email": email, "password": password}})
	}
	for range 10 {
		expect(t, login("asha@example.com", "wrong-pass"), 401)
		expect(t, login("ravi@example.com", "wrong-pass"), 401)
	}
	expect(t, login("asha@example.com", "secret123"), 429)
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/forgot-password",
		body: map[string]string{"email": "Asha@Example.com", "newpassword": "newsecret", "answer": "blue"}}), 200)
	expect(t, login("asha@example.com", "newsecret"), 200)
	expect(t, login("ravi@example.com", "secret123"), 429)
}

func TestForgotPassword(t *testing.T) {
	a := newApp(t)
	oldToken, _ := a.signUp("Asha Rao", "asha@example.com")
	reset := func(body map[string]any, status int) map[string]any {
		return expect(t, a.do(request{method: "POST", path: "/api/v1/auth/forgot-password", body: body}), status)
	}
	wrongAnswer := reset(map[string]any{"email": "asha@example.com", "newpassword": "newsecret", "answer": "red"}, 401)
	unknown := reset(map[string]any{"email": "nobody@example.com", "newpassword": "newsecret", "answer": "blue"}, 401)
	if wrongAnswer["message"] != unknown["message"] {
		t.Errorf("wrong answer and unknown email differ: %q vs %q", wrongAnswer["message"], unknown["message"])
	}
	// Each refusal names the field as the form sends it.
	for _, m := range []map[string]any{
		reset(map[string]any{"email": "asha@example.com", "newpassword": "123", "answer": "blue"}, 400),
		reset(map[string]any{"email": "asha@example.com", "answer": "blue"}, 400),
	} {
		if msg, _ := m["message"].(string); !strings.Contains(msg, "newpassword") {
			t.Errorf("message %q does not name newpassword", msg)
		}
	}
	reset(map[string]any{"email": "asha@example.com", "newpassword": "newsecret"}, 400)
	reset(map[string]any{"newpassword": "newsecret", "answer": "blue"}, 400)

	time.Sleep(2 * time.Millisecond) // the store keeps milliseconds
	m := reset(map[string]any{"email": "ASHA@example.com", "newpassword": "newsecret", "answer": "blue"}, 200)
	if m["success"] != true {
		t.Fatalf("reset answer = %v", m)
	}
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login",
		body: map[string]string{"email": "asha@example.com", "password": "secret123"}}), 401)
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login",
		body: map[string]string{"email": "asha@example.com", "password": "newsecret"}}), 200)
	// The reset voids tokens issued before it.
	expect(t, a.do(request{method: "GET", path: "/api/v1/auth/user-auth", token: oldToken}), 401)
}

// A shopper who typed spaces around the security answer, at registration or at a profile
// change, resets with it as typed, or without the spaces.
func TestForgotPasswordAnswerAsTyped(t *testing.T) {
	a := newApp(t)
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/register",
		body: with(validRegistration(), "answer", "Blue Sky ")}), http.StatusCreated)
	reset := func(answer, password string, status int) {
		t.Helper()
		expect(t, a.do(request{method: "POST", path: "/api/v1/auth/forgot-password",
			body: map[string]string{"email": "asha.rao@example.com", "newpassword": password, "answer": answer}}), status)
	}
	reset("Blue Sky ", "newsecret1", http.StatusOK)
	reset("Blue Sky", "newsecret2", http.StatusOK)
	reset("  Blue Sky\t", "newsecret3", http.StatusOK)
	reset("Blue", "newsecret4", http.StatusUnauthorized)

	time.Sleep(2 * time.Millisecond) // the store keeps milliseconds
	token := expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login",
		body: map[string]string{"email": "asha.rao@example.com", "password": "newsecret3"}}), http.StatusOK)["token"].(string)
	expect(t, a.do(request{method: "PUT", path: "/api/v1/auth/profile", token: token,
		body: map[string]string{"answer": " Green ", "currentPassword": "newsecret3"}}), http.StatusOK)
	reset("Green ", "newsecret5", http.StatusOK)
	reset("Blue Sky", "newsecret6", http.StatusUnauthorized)
}

func TestAuthChecks(t *testing.T) {
	a := newApp(t)
	shopper, user := a.signUp("Asha Rao", "asha@example.com")
	admin := a.signUpAdmin()
	other := httpapi.NewTokens([]byte("another-secret-another-secret-0123456"), time.Hour)
	forged, _ := other.Issue(user["_id"].(string))
	expired := httpapi.NewTokens([]byte(testSecret), -time.Minute)
	old, _ := expired.Issue(user["_id"].(string))
	ghost, _ := a.tokens.Issue(bson.NewObjectID().Hex())
	const noneToken = "eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiI2NTAwMDAwMDAwMDAwMDAwMDAwMDAwMDAiLCJpYXQiOjE3MDAwMDAwMDAsImV4cCI6NDEwMDAwMDAwMH0."

	cases := []struct {
		name, path, token string
		status            int
	}{
		{"user-auth-200", "/api/v1/auth/user-auth", shopper, 200},
		{"user-auth-200-bearer", "/api/v1/auth/user-auth", "Bearer " + shopper, 200},
		{"user-auth-401-none", "/api/v1/auth/user-auth", "", 401},
		{"user-auth-401-garbage", "/api/v1/auth/user-auth", "garbage", 401},
		{"user-auth-401-other-secret", "/api/v1/auth/user-auth", forged, 401},
		{"user-auth-401-expired", "/api/v1/auth/user-auth", old, 401},
		{"user-auth-401-unknown-user", "/api/v1/auth/user-auth", ghost, 401},
		{"user-auth-401-alg-none", "/api/v1/auth/user-auth", noneToken, 401},
		{"admin-auth-200", "/api/v1/auth/admin-auth", admin, 200},
		{"admin-auth-403-shopper", "/api/v1/auth/admin-auth", shopper, 403},
		{"admin-auth-401-none", "/api/v1/auth/admin-auth", "", 401},
		{"all-users-403-shopper", "/api/v1/auth/all-users", shopper, 403},
		{"all-users-401-none", "/api/v1/auth/all-users", "", 401},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := expect(t, a.do(request{method: "GET", path: tc.path, token: tc.token}), tc.status)
			if tc.status == 200 && tc.path != "/api/v1/auth/all-users" && m["ok"] != true {
				t.Fatalf("answer = %v, want {ok:true}", m)
			}
		})
	}

	t.Run("demotion takes effect at once", func(t *testing.T) {
		if _, err := a.db.Database().Collection("users").UpdateOne(t.Context(),
			bson.M{"email": "admin@shop.test"}, bson.M{"$set": bson.M{"role": 0}}); err != nil {
			t.Fatal(err)
		}
		expect(t, a.do(request{method: "GET", path: "/api/v1/auth/admin-auth", token: admin}), 403)
	})
}

func TestAllUsers(t *testing.T) {
	a := newApp(t)
	a.signUp("Asha Rao", "asha@example.com")
	a.signUp("Ravi Kumar", "ravi@example.com")
	admin := a.signUpAdmin()
	m := expect(t, a.do(request{method: "GET", path: "/api/v1/auth/all-users", token: admin}), 200)
	users := m["users"].([]any)
	if len(users) != 3 {
		t.Fatalf("got %d users, want 3", len(users))
	}
	for _, u := range users {
		u := u.(map[string]any)
		for _, k := range []string{"_id", "name", "email", "phone"} {
			if u[k] == nil {
				t.Errorf("user lacks %s: %v", k, u)
			}
		}
	}
	assertNoSecrets(t, m)
}

func TestProfile(t *testing.T) {
	a := newApp(t)
	token, _ := a.signUp("Asha Rao", "asha@example.com")
	put := func(tok string, body any, status int) map[string]any {
		return expect(t, a.do(request{method: "PUT", path: "/api/v1/auth/profile", token: tok, body: body}), status)
	}

	put("", map[string]any{"name": "X"}, 401)

	m := put(token, map[string]any{"name": "Asha R.", "email": "evil@example.com", "password": "",
		"phone": "9000000000", "address": "7 FC Road, Pune"}, 200)
	u := m["updatedUser"].(map[string]any)
	if u["name"] != "Asha R." || u["phone"] != "9000000000" || u["address"] != "7 FC Road, Pune" {
		t.Errorf("updatedUser = %v", u)
	}
	if u["email"] != "asha@example.com" {
		t.Errorf("email changed to %v; it must be ignored", u["email"])
	}
	if _, has := m["token"]; has {
		t.Error("a fresh token without a password change")
	}
	assertNoSecrets(t, m)
	// The empty password kept the old one.
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login",
		body: map[string]string{"email": "asha@example.com", "password": "secret123"}}), 200)

	bad := put(token, map[string]any{"password": "123", "currentPassword": "secret123"}, 400)
	if e, _ := bad["error"].(string); !strings.Contains(e, "Password") {
		t.Errorf("400 answer lacks an error naming the password: %v", bad)
	}
	put(token, map[string]any{"name": 12}, 400)
	// A name is one line; an address may run over several.
	if m := put(token, map[string]any{"name": "Asha\r\nBcc: all@example.com"}, 400); m["message"] != "Name must be one line, without control characters." {
		t.Errorf("a name with a line break: %v", m)
	}
	if m := put(token, map[string]any{"name": "\u200b"}, 400); m["message"] != "Name is required." {
		t.Errorf("a name that shows nothing: %v", m)
	}
	if u := put(token, map[string]any{"address": "7 FC Road\nPune"}, 200)["updatedUser"].(map[string]any); u["address"] != "7 FC Road\nPune" {
		t.Errorf("a two-line address became %v", u["address"])
	}

	time.Sleep(2 * time.Millisecond) // the store keeps milliseconds
	m = put(token, map[string]any{"password": "another123", "currentPassword": "secret123"}, 200)
	fresh, _ := m["token"].(string)
	if fresh == "" {
		t.Fatal("a password change answers no fresh token")
	}
	expect(t, a.do(request{method: "GET", path: "/api/v1/auth/user-auth", token: token}), 401)
	expect(t, a.do(request{method: "GET", path: "/api/v1/auth/user-auth", token: fresh}), 200)
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login",
		body: map[string]string{"email": "asha@example.com", "password": "another123"}}), 200)
}

func TestHealthAndUnknownPaths(t *testing.T) {
	a := newApp(t)
	if m := expect(t, a.do(request{method: "GET", path: "/healthz"}), 200); m["ok"] != true {
		t.Fatalf("healthz = %v", m)
	}
	expect(t, a.do(request{method: "GET", path: "/api/v1/nothing-here"}), 404)
	expect(t, a.do(request{method: "DELETE", path: "/api/v1/auth/login"}), 404)
	rec := a.do(request{method: "GET", path: "/dashboard/user"})
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "<html") {
		t.Fatalf("a client route answers %d %q", rec.Code, rec.Body.String())
	}
	for _, h := range []string{"X-Content-Type-Options", "X-Frame-Options", "Content-Security-Policy", "Referrer-Policy", "X-Request-ID"} {
		if rec.Header().Get(h) == "" {
			t.Errorf("answer lacks %s", h)
		}
	}
}

func TestHealthWhenStoreIsDown(t *testing.T) {
	a := newApp(t, func(d *httpapi.Deps) {
		d.Health = func(_ context.Context) error { return errors.New("connection refused") }
	})
	m := expect(t, a.do(request{method: "GET", path: "/healthz"}), 503)
	if strings.Contains(m["message"].(string), "refused") {
		t.Errorf("health answer leaks the store's error: %v", m)
	}
}

// assertNoSecrets fails when any key named password or answer appears anywhere in v.
func assertNoSecrets(t *testing.T, v any) {
	t.Helper()
	raw, _ := json.Marshal(v)
	var walk func(any)
	walk = func(x any) {
		switch x := x.(type) {
		case map[string]any:
			for k, val := range x {
				if k == "password" || k == "answer" {
					t.Errorf("answer carries %q: %s", k, raw)
				}
				walk(val)
			}
		case []any:
			for _, val := range x {
				walk(val)
			}
		}
	}
	walk(v)
}

func keys(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// panickingUsers answers every list with a panic, to prove a panic never reaches the client.
type panickingUsers struct{ shop.UserService }

func (panickingUsers) Users(context.Context, shop.Page) ([]*shop.User, int, error) {
	panic("secret internal detail: db.users at 10.0.0.7")
}

// A panic is a generic 500, logged once, on the request's access line.
func TestPanicIsAGeneric500(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	var logs logbuf.Buffer
	a2 := newApp(t, func(d *httpapi.Deps) {
		d.Users = panickingUsers{a.users}
		d.Logger = slog.New(slog.NewJSONHandler(&logs, nil))
	})
	a2.users = a.users
	rec := a.do(request{method: "GET", path: "/api/v1/auth/all-users", token: admin})
	expect(t, rec, 200)
	rec = a2.do(request{method: "GET", path: "/api/v1/auth/all-users", token: admin})
	m := expect(t, rec, 500)
	if strings.Contains(rec.Body.String(), "secret") || strings.Contains(rec.Body.String(), "10.0.0.7") {
		t.Fatalf("panic detail leaked: %v", m)
	}
	text := logs.String()
	if n := strings.Count(text, `"level":"ERROR"`); n != 1 || !strings.Contains(text, `"err":"panic: secret internal detail`) {
		t.Errorf("log has %d error lines, want one naming the panic:\n%s", n, text)
	}
}

func TestForgotPasswordRateLimit(t *testing.T) {
	a := newApp(t)
	a.signUp("Asha Rao", "asha@example.com")
	guess := request{method: "POST", path: "/api/v1/auth/forgot-password",
		body: map[string]string{"email": "asha@example.com", "newpassword": "hijacked1", "answer": "guess"}}
	for i := 0; i < 10; i++ {
		expect(t, a.do(guess), 401)
	}
	rec := a.do(guess)
	expect(t, rec, 429)
	if rec.Header().Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
	// The right answer is refused too while the window is used up: guessing cannot win.
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/forgot-password",
		body: map[string]string{"email": "asha@example.com", "newpassword": "hijacked1", "answer": "blue"}}), 429)
}

// A password reset or change voids the tokens issued before it, even within the same second
// (tokens once carried whole seconds, so a token issued a moment before a reset survived it);
// the fresh token of a profile change works at once.
func TestPasswordChangeVoidsOlderTokensAtOnce(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(a *app, token string) (fresh string)
	}{
		{"reset", func(a *app, _ string) string {
			expect(t, a.do(request{method: "POST", path: "/api/v1/auth/forgot-password", body: map[string]string{
				"email": "asha@example.com", "newpassword": "newsecret", "answer": "blue"}}), 200)
			return ""
		}},
		{"profile", func(a *app, token string) string {
			m := expect(t, a.do(request{method: "PUT", path: "/api/v1/auth/profile", token: token,
				body: map[string]string{"password": "newsecret", "currentPassword": "secret123"}}), 200)
			fresh, _ := m["token"].(string)
			if fresh == "" {
				t.Fatal("a password change answers no fresh token")
			}
			return fresh
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newApp(t)
			old, _ := a.signUp("Asha Rao", "asha@example.com")
			time.Sleep(2 * time.Millisecond) // the store keeps milliseconds
			fresh := tc.change(a, old)
			expect(t, a.do(request{method: "GET", path: "/api/v1/auth/user-auth", token: old}), 401)
			expect(t, a.do(request{method: "GET", path: "/api/v1/auth/user-auth", token: "Bearer " + old}), 401)
			if fresh != "" {
				expect(t, a.do(request{method: "GET", path: "/api/v1/auth/user-auth", token: fresh}), 200)
			}
			m := expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login",
				body: map[string]string{"email": "asha@example.com", "password": "newsecret"}}), 200)
			expect(t, a.do(request{method: "GET", path: "/api/v1/auth/user-auth", token: m["token"].(string)}), 200)
		})
	}
}

// A HEAD answers what the GET would, headers and status, rather than falling through to the
// client's page (a HEAD /healthz once said 200 with HTML even with the store down).
func TestHeadAnswersAsGet(t *testing.T) {
	a := newApp(t)
	token, _ := a.signUp("Asha Rao", "asha@example.com")
	down := newApp(t, func(d *httpapi.Deps) {
		d.Health = func(_ context.Context) error { return errors.New("connection refused") }
	})
	for _, tc := range []struct {
		app    *app
		path   string
		token  string
		status int
	}{
		{a, "/healthz", "", 200},
		{down, "/healthz", "", 503},
		{a, "/api/v1/product/get-product", "", 200},
		{a, "/api/v1/product/product-count", "", 200},
		{a, "/api/v1/product/product-list/0", "", 400},
		{a, "/api/v1/category/get-category", "", 200},
		{a, "/api/v1/product/search/shirt", "", 200},
		{a, "/api/v1/product/product-photo/0123456789abcdef01234567", "", 404},
		{a, "/api/v1/product/product-photo/not-an-id", "", 400},
		{a, "/api/v1/auth/user-auth", "", 401},
		{a, "/api/v1/auth/user-auth", token, 200},
		{a, "/api/v1/auth/all-orders", token, 403},
	} {
		rec := tc.app.do(request{method: "HEAD", path: tc.path, token: tc.token})
		if rec.Code != tc.status || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
			t.Errorf("HEAD %s = %d %q, want %d JSON", tc.path, rec.Code, rec.Header().Get("Content-Type"), tc.status)
		}
	}
	if rec := a.do(request{method: "HEAD", path: "/dashboard/user"}); rec.Code != 200 {
		t.Errorf("HEAD of a client route = %d", rec.Code)
	}
}

// The sign-up form's answer is its Confirm Password (SPEC): nearly always the password. One
// bcrypt hash then serves for both, and the answer still resets the password, as it would as
// a hash of its own; a wrong one still does not.
func TestSignUpWhoseAnswerIsItsPassword(t *testing.T) {
	a := newApp(t)
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/register",
		body: with(validRegistration(), "answer", "secret123")}), http.StatusCreated)
	var doc bson.M
	if err := a.db.Database().Collection("users").FindOne(t.Context(), bson.M{"email": "asha.rao@example.com"}).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if pw, _ := doc["password"].(string); !strings.HasPrefix(pw, "$2") || doc["answer"] != pw {
		t.Errorf("password %q and answer %q: want one bcrypt hash for both", pw, doc["answer"])
	}
	reset := func(answer string, status int) {
		expect(t, a.do(request{method: "POST", path: "/api/v1/auth/forgot-password",
			body: map[string]string{"email": "asha.rao@example.com", "newpassword": "newsecret", "answer": answer}}), status)
	}
	reset("secret1234", http.StatusUnauthorized)
	reset("secret123", http.StatusOK)
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login",
		body: map[string]string{"email": "asha.rao@example.com", "password": "newsecret"}}), http.StatusOK)
}
