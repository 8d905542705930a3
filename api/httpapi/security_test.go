package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image/color"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/httpapi"
)

// hs256 signs claims with the test secret but lets the test choose the header's alg.
func hs256(t *testing.T, alg string, claims jwt.MapClaims) string {
	t.Helper()
	enc := base64.RawURLEncoding
	head := enc.EncodeToString([]byte(fmt.Sprintf(`{"alg":%q,"typ":"JWT"}`, alg)))
	tok := jwt.NewWithClaims(jwt.SigningMethodHS256, claims)
	raw, err := tok.SignedString([]byte(testSecret))
	if err != nil {
		t.Fatal(err)
	}
	body := strings.Split(raw, ".")[1]
	mac := hmac.New(sha256.New, []byte(testSecret))
	mac.Write([]byte(head + "." + body))
	return head + "." + body + "." + enc.EncodeToString(mac.Sum(nil))
}

// TestForgedTokensAre401 covers the token attacks beyond a wrong secret and alg:none
// (TestAuthChecks): alg confusion, missing claims and tokens from the future.
func TestForgedTokensAre401(t *testing.T) {
	a := newApp(t)
	_, user := a.signUp("Asha Rao", "asha@example.com")
	id := user["_id"].(string)
	now := time.Now()
	valid := jwt.MapClaims{"sub": id, "iat": now.Unix(), "exp": now.Add(time.Hour).Unix()}
	rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	rs256, err := jwt.NewWithClaims(jwt.SigningMethodRS256, valid).SignedString(rsaKey)
	if err != nil {
		t.Fatal(err)
	}
	hs512, err := jwt.NewWithClaims(jwt.SigningMethodHS512, valid).SignedString([]byte(testSecret))
	if err != nil {
		t.Fatal(err)
	}
	noExp := jwt.MapClaims{"sub": id, "iat": now.Unix()}
	noIat := jwt.MapClaims{"sub": id, "exp": now.Add(time.Hour).Unix()}
	noSub := jwt.MapClaims{"iat": now.Unix(), "exp": now.Add(time.Hour).Unix()}
	future := jwt.MapClaims{"sub": id, "iat": now.Add(time.Hour).Unix(), "exp": now.Add(2 * time.Hour).Unix()}

	// A scheme without a token is no session at all: the shopper is asked to sign in.
	for _, header := range []string{"Bearer", "bearer  ", ""} {
		m := expect(t, a.do(request{method: "GET", path: "/api/v1/auth/user-auth", header: map[string]string{"Authorization": header}}), 401)
		if m["message"] != "Please sign in first." {
			t.Errorf("Authorization %q: %v", header, m)
		}
	}

	// The control: the same forger's valid HS256 token passes, so each 401 below is the attack's.
	expect(t, a.do(request{method: "GET", path: "/api/v1/auth/user-auth", token: hs256(t, "HS256", valid)}), 200)
	for _, tc := range []struct{ name, token string }{
		{"rs256-header-hmac-signed-key-confusion", hs256(t, "RS256", valid)},
		{"rs256-signed-with-an-rsa-key", rs256},
		{"hs512", hs512},
		{"alg-None-capitalised", hs256(t, "None", valid)},
		{"no-exp", hs256(t, "HS256", noExp)},
		{"no-iat", hs256(t, "HS256", noIat)},
		{"no-sub", hs256(t, "HS256", noSub)},
		{"iat-in-the-future", hs256(t, "HS256", future)},
		{"signature-stripped", strings.Join(strings.Split(hs256(t, "HS256", valid), ".")[:2], ".") + "."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			expect(t, a.do(request{method: "GET", path: "/api/v1/auth/user-auth", token: tc.token}), 401)
		})
	}
}

// securityHeadersOK fails unless rec carries the headers every answer must carry.
func securityHeadersOK(t *testing.T, what string, rec *httptest.ResponseRecorder) {
	t.Helper()
	h := rec.Header()
	for k, want := range map[string]string{"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY"} {
		if got := h.Get(k); got != want {
			t.Errorf("%s: %s = %q, want %q", what, k, got, want)
		}
	}
	if h.Get("Referrer-Policy") == "" {
		t.Errorf("%s: no Referrer-Policy", what)
	}
	csp := h.Get("Content-Security-Policy")
	script := regexp.MustCompile(`(?:^|;)\s*script-src ([^;]*)`).FindStringSubmatch(csp)
	if script == nil || strings.Contains(script[1], "'unsafe-inline'") || strings.Contains(script[1], "'unsafe-eval'") ||
		!strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("%s: Content-Security-Policy %q lets in inline script or framing", what, csp)
	}
}

// uploadPart is a multipart part with the headers a hostile client chooses.
func uploadPart(t *testing.T, fields map[string]string, partType, filename string, photo []byte) ([]byte, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		if err := w.WriteField(k, v); err != nil {
			t.Fatal(err)
		}
	}
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="photo"; filename=%q`, filename))
	h.Set("Content-Type", partType)
	pw, err := w.CreatePart(h)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pw.Write(photo); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes(), w.FormDataContentType()
}

// TestHeadersOnEveryAnswerStopClickjackingAndSniffing checks the security headers on every
// kind of answer: JSON, errors, 404s, 413s, photos (200 and 304) and the client's files.
func TestHeadersOnEveryAnswerStopClickjackingAndSniffing(t *testing.T) {
	dist := t.TempDir()
	if err := os.WriteFile(filepath.Join(dist, "index.html"),
		[]byte(`<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body></body></html>`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dist, "assets"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dist, "assets", "app.js"), []byte("console.log(1)"), 0o644); err != nil {
		t.Fatal(err)
	}
	a := newApp(t, func(d *httpapi.Deps) { d.ClientDist = dist })
	admin := a.signUpAdmin()
	cat, _ := a.createCategory(admin, "Shirts")
	p := a.createProduct(admin, productFields(cat, "Linen Shirt"), &photoFile{bytes: pngPhoto(t, color.RGBA{1, 2, 3, 255})})
	photoPath := "/api/v1/product/product-photo/" + p["_id"].(string)
	photo := a.do(request{method: "GET", path: photoPath})
	expect(t, photo, 200)

	for _, tc := range []struct {
		name string
		r    request
		want int
	}{
		{"json", request{method: "GET", path: "/api/v1/category/get-category"}, 200},
		{"json-gzip", request{method: "GET", path: "/api/v1/product/get-product", header: map[string]string{"Accept-Encoding": "gzip"}}, 200},
		{"error-401", request{method: "GET", path: "/api/v1/auth/user-auth"}, 401},
		{"error-400", request{method: "POST", path: "/api/v1/auth/login", body: "{"}, 400},
		{"error-413", request{method: "POST", path: "/api/v1/auth/login", body: strings.Repeat(" ", 1<<20+1)}, 413},
		{"api-404", request{method: "GET", path: "/api/v1/no-such-call"}, 404},
		{"product-404", request{method: "GET", path: "/api/v1/product/get-product/no-such-slug"}, 404},
		{"photo", request{method: "GET", path: photoPath}, 200},
		{"photo-304", request{method: "GET", path: photoPath, header: map[string]string{"If-None-Match": photo.Header().Get("ETag")}}, 304},
		{"client-index", request{method: "GET", path: "/"}, 200},
		{"client-route", request{method: "GET", path: "/dashboard/admin/orders"}, 200},
		{"client-asset", request{method: "GET", path: "/assets/app.js"}, 200},
		{"health", request{method: "GET", path: "/healthz"}, 200},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := a.do(tc.r)
			if rec.Code != tc.want {
				t.Fatalf("status %d, want %d: %s", rec.Code, tc.want, rec.Body.String())
			}
			securityHeadersOK(t, tc.name, rec)
		})
	}
}

// TestClientSatisfiesTheCSP stops an inline script creeping into the client's page, which the
// Content-Security-Policy (script-src 'self') would block in the browser.
func TestClientSatisfiesTheCSP(t *testing.T) {
	pages := []string{filepath.Join("..", "..", "client", "index.html")}
	if built, err := filepath.Glob(filepath.Join("..", "..", "client", "dist", "*.html")); err == nil {
		pages = append(pages, built...)
	}
	script := regexp.MustCompile(`(?is)<script\b([^>]*)>(.*?)</script>`)
	for _, page := range pages {
		b, err := os.ReadFile(page)
		if err != nil {
			t.Fatalf("the client's page: %v", err)
		}
		for _, m := range script.FindAllStringSubmatch(string(b), -1) {
			if !strings.Contains(m[1], "src=") || strings.TrimSpace(m[2]) != "" {
				t.Errorf("%s has an inline script the CSP blocks: %.80s", page, m[0])
			}
		}
		if regexp.MustCompile(`(?i)\son[a-z]+\s*=`).MatchString(string(b)) {
			t.Errorf("%s has an inline event handler the CSP blocks", page)
		}
	}
}

// TestPhotosServedAsTheirSniffedTypeOnly stops a stored-XSS upload: the client's Content-Type
// and file name are ignored, the photo is served as the image type its bytes show, with
// nosniff, and HTML or SVG is refused.
func TestPhotosServedAsTheirSniffedTypeOnly(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	cat, _ := a.createCategory(admin, "Shirts")
	send := func(name, partType, filename string, photo []byte) *httptest.ResponseRecorder {
		body, ct := uploadPart(t, productFields(cat, name), partType, filename, photo)
		return a.do(request{method: "POST", path: "/api/v1/product/create-product", token: admin, body: body,
			header: map[string]string{"Content-Type": ct}})
	}
	png := pngPhoto(t, color.RGBA{9, 9, 9, 255})
	m := expect(t, send("Disguised Shirt", "text/html", "x.html", png), 201)
	rec := a.do(request{method: "GET", path: "/api/v1/product/product-photo/" + m["product"].(map[string]any)["_id"].(string)})
	expect(t, rec, 200)
	if ct := rec.Header().Get("Content-Type"); ct != "image/png" {
		t.Errorf("photo served as %q, want image/png", ct)
	}
	if rec.Header().Get("X-Content-Type-Options") != "nosniff" {
		t.Error("photo served without nosniff")
	}
	for _, evil := range []struct{ name, partType, body string }{
		{"html", "image/png", `<html><script>alert(document.cookie)</script></html>`},
		{"svg", "image/svg+xml", `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`},
		{"html-after-spaces", "image/gif", "   \n<!DOCTYPE html><script>alert(1)</script>"},
		{"script", "image/jpeg", `alert(1)`},
	} {
		t.Run(evil.name, func(t *testing.T) {
			expect(t, send("Evil "+evil.name, evil.partType, "x.png", []byte(evil.body)), 415)
		})
	}
}

// TestCrossSiteWritesAreRefused: a page on another site cannot make its visitors' browsers
// write to the shop (a text/plain body needs no preflight): guess a security answer from each
// visitor's address, setting a password the page knows. The shop's own pages, the listed
// origins and callers that are not browsers write as before.
func TestCrossSiteWritesAreRefused(t *testing.T) {
	const listed = "https://admin.shop.example"
	a := newApp(t, func(d *httpapi.Deps) { d.CORSOrigins, d.PublicURL = []string{listed}, "https://shop.example" })
	a.signUp("Asha Rao", "asha@example.com")
	forgot := func(origin, password string) *httptest.ResponseRecorder {
		return a.do(request{method: "POST", path: "/api/v1/auth/forgot-password",
			body:   `{"email":"asha@example.com","answer":"blue","newpassword":"` + password + `"}`,
			header: map[string]string{"Origin": origin, "Content-Type": "text/plain;charset=UTF-8"}})
	}
	for _, origin := range []string{"https://evil.example", "null", "https://example.com.evil.example"} {
		expect(t, forgot(origin, "taken-over"), 403)
	}
	expect(t, a.login("asha@example.com", "taken-over"), 401)
	expect(t, a.login("asha@example.com", "secret123"), 200) // nothing changed
	// Reads stay open to any page (their answers are not readable there without CORS headers).
	expect(t, a.do(request{method: "GET", path: "/api/v1/category/get-category",
		header: map[string]string{"Origin": "https://evil.example"}}), 200)

	// The shop's own pages (the request's host, whatever the port, or PUBLIC_URL's behind a
	// proxy that sends another Host), a listed origin, no Origin.
	for i, origin := range []string{"http://example.com:8080", "https://EXAMPLE.com", "https://shop.example", listed, ""} {
		password := fmt.Sprintf("newsecret%d", i)
		expect(t, forgot(origin, password), 200)
		expect(t, a.login("asha@example.com", password), 200)
	}
}

// TestCORSLetsInOnlyTheListedOrigins stops another site's scripts reading the API's answers.
func TestCORSLetsInOnlyTheListedOrigins(t *testing.T) {
	const good, evil = "https://shop.example", "https://evil.example"
	a := newApp(t, func(d *httpapi.Deps) { d.CORSOrigins = []string{good} })
	get := func(origin string) *httptest.ResponseRecorder {
		return a.do(request{method: "GET", path: "/api/v1/category/get-category", header: map[string]string{"Origin": origin}})
	}
	preflight := func(origin string) *httptest.ResponseRecorder {
		return a.do(request{method: "OPTIONS", path: "/api/v1/product/process-payment", header: map[string]string{
			"Origin": origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization, content-type"}})
	}

	rec := get(good)
	if rec.Code != 200 || rec.Header().Get("Access-Control-Allow-Origin") != good || !strings.Contains(rec.Header().Get("Vary"), "Origin") {
		t.Errorf("allowed origin: %d, Allow-Origin %q, Vary %q", rec.Code, rec.Header().Get("Access-Control-Allow-Origin"), rec.Header().Get("Vary"))
	}
	if !strings.Contains(rec.Header().Get("Access-Control-Expose-Headers"), "X-Total-Count") {
		t.Errorf("the total of a paged list is hidden from the other origin: Expose-Headers %q",
			rec.Header().Get("Access-Control-Expose-Headers"))
	}
	rec = preflight(good)
	if rec.Code != http.StatusNoContent || rec.Header().Get("Access-Control-Allow-Origin") != good ||
		!strings.Contains(rec.Header().Get("Access-Control-Allow-Methods"), "POST") ||
		!strings.Contains(strings.ToLower(rec.Header().Get("Access-Control-Allow-Headers")), "authorization") {
		t.Errorf("allowed preflight: %d %v", rec.Code, rec.Header())
	}
	if rec.Header().Get("Access-Control-Allow-Credentials") != "" {
		t.Error("credentials allowed: the token travels in a header, cookies never")
	}

	for _, origin := range []string{evil, "https://shop.example.evil.example", "null", "http://shop.example", ""} {
		rec = get(origin)
		if rec.Header().Get("Access-Control-Allow-Origin") != "" {
			t.Errorf("origin %s got Access-Control-Allow-Origin %q", origin, rec.Header().Get("Access-Control-Allow-Origin"))
		}
		// A shared cache keeping this answer must not hand it to the allowed origin.
		if !strings.Contains(rec.Header().Get("Vary"), "Origin") {
			t.Errorf("origin %q: Vary %q", origin, rec.Header().Get("Vary"))
		}
		if origin == "" {
			continue // no preflight without an Origin
		}
		rec = preflight(origin)
		if rec.Code != http.StatusForbidden || rec.Header().Get("Access-Control-Allow-Origin") != "" ||
			rec.Header().Get("Access-Control-Allow-Methods") != "" {
			t.Errorf("preflight from %s: %d %v, want 403 without CORS headers", origin, rec.Code, rec.Header())
		}
		var refusal struct {
			Success *bool  `json:"success"`
			Message string `json:"message"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &refusal); err != nil || refusal.Success == nil || *refusal.Success || refusal.Message == "" {
			t.Errorf("preflight from %s answered %q; want {success:false, message}", origin, rec.Body.String())
		}
	}
}

// sprayTargets registers ten accounts straight in the store (their hashes are cheap to check).
func sprayTargets(a *app) []string {
	a.t.Helper()
	emails := make([]string, 10)
	for i := range emails {
		emails[i] = fmt.Sprintf("victim%d@example.com", i)
		r := shop.Registration{Name: "Victim", Email: emails[i], Password: "secret123", Phone: "1", Address: "a", Answer: "b"}
		if _, err := a.users.Register(a.t.Context(), r); err != nil {
			a.t.Fatal(err)
		}
	}
	return emails
}

// failLogins sends 100 failed sign-ins, ten to each email, and answers the last status.
func failLogins(a *app, emails []string, header map[string]string) int {
	status := 0
	for i := 0; i < 100; i++ {
		rec := a.do(request{method: "POST", path: "/api/v1/auth/login", header: header,
			body: map[string]string{"email": emails[i%len(emails)], "password": "wrong-password"}})
		status = rec.Code
	}
	return status
}

// TestPasswordSprayFromOneAddressIsLimited stops one address guessing across many accounts
// (100 failures per IP in 15 minutes), and a forged X-Forwarded-For from buying a new window.
func TestPasswordSprayFromOneAddressIsLimited(t *testing.T) {
	a := newApp(t)
	if st := failLogins(a, sprayTargets(a), nil); st != 401 {
		t.Fatalf("the 100th failure answered %d, want 401", st)
	}
	// Even a bystander's right password from that address waits: the address is used up.
	if _, err := a.users.Register(t.Context(), shop.Registration{Name: "B", Email: "bystander@example.com",
		Password: "secret123", Phone: "1", Address: "a", Answer: "b"}); err != nil {
		t.Fatal(err)
	}
	rec := a.do(request{method: "POST", path: "/api/v1/auth/login",
		body: map[string]string{"email": "bystander@example.com", "password": "secret123"}})
	expect(t, rec, 429)
	if rec.Header().Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
	for _, h := range []string{"X-Forwarded-For", "X-Real-IP", "CF-Connecting-IP", "True-Client-IP"} {
		expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login", header: map[string]string{h: "198.51.100.77"},
			body: map[string]string{"email": "forged@example.com", "password": "wrong-password"}}), 429)
	}
}

// TestLimitsCountNoTextThatIsNoEmail: sign-in, forgot-password and reset-link keep a count per
// account only for a real email, and none for any account once the address is spent. A
// megabyte of random text sent as the email had left a count of that size behind each time,
// 429s included, growing the server without end.
func TestLimitsCountNoTextThatIsNoEmail(t *testing.T) {
	counter := &recordingCounter{AttemptCounter: httpapi.NewMemoryCounter(time.Now)}
	a := newApp(t, func(d *httpapi.Deps) { d.Attempts = counter })
	junk := strings.Repeat("x", 100_000)
	for i, path := range []string{"login", "forgot-password", "reset-link"} {
		rec := a.do(request{method: "POST", path: "/api/v1/auth/" + path, body: map[string]string{
			"email": fmt.Sprint(i) + junk, "password": "wrong-password", "newpassword": "secret123", "answer": "blue"}})
		if rec.Code == 429 || rec.Code >= 500 {
			t.Fatalf("%s with a 100 KB email answered %d", path, rec.Code)
		}
	}
	for _, key := range counter.counted() {
		if !strings.Contains(key, "|ip|") || len(key) > 100 {
			t.Errorf("counted %.60q... (%d bytes): text that is no email names no account", key, len(key))
		}
	}

	if st := failLogins(a, sprayTargets(a), nil); st != 401 {
		t.Fatalf("the 100th failure answered %d, want 401", st)
	}
	before := len(counter.counted())
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login",
		body: map[string]string{"email": "someone-new@example.com", "password": "wrong-password"}}), 429)
	for _, key := range counter.counted()[before:] {
		if strings.Contains(key, "someone-new") {
			t.Errorf("an address past its limit still counted %q", key)
		}
	}
}

// Attempts given back leave no window behind: sign-ins that fail before any account is
// checked (no password) named a new account each, and each had kept an empty window for 15
// minutes, so one client could grow the server without end.
func TestGivenBackAttemptsLeaveNoWindow(t *testing.T) {
	counter := httpapi.NewMemoryCounter(time.Now)
	a := newApp(t, func(d *httpapi.Deps) { d.Attempts = counter })
	for i := range 30 {
		expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login",
			body: map[string]string{"email": fmt.Sprintf("shopper%d@example.com", i), "password": ""}}), 400)
	}
	if n := httpapi.OpenWindows(counter); n != 0 {
		t.Fatalf("%d windows kept after 30 attempts that were all given back, want 0", n)
	}
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login",
		body: map[string]string{"email": "shopper1@example.com", "password": "wrong-password"}}), 401)
	if n := httpapi.OpenWindows(counter); n != 2 {
		t.Fatalf("%d windows after a failed sign-in, want 2 (the account's and the address's)", n)
	}
}

// recordingCounter counts attempts as its AttemptCounter does, and notes each key it counts.
type recordingCounter struct {
	shop.AttemptCounter
	mu   sync.Mutex
	keys []string
}

func (r *recordingCounter) Reserve(ctx context.Context, key string, max int, window time.Duration) (bool, time.Duration, error) {
	r.mu.Lock()
	r.keys = append(r.keys, key)
	r.mu.Unlock()
	return r.AttemptCounter.Reserve(ctx, key, max, window)
}

func (r *recordingCounter) counted() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.keys)
}

// TestTrustedProxyNamesTheClient checks the other side of the forged header: behind a proxy
// listed in TRUSTED_PROXIES, each client behind it has its own limit.
func TestTrustedProxyNamesTheClient(t *testing.T) {
	// httptest requests come from 192.0.2.1: here that is the proxy.
	a := newApp(t, func(d *httpapi.Deps) { d.TrustedProxies = []string{"192.0.2.1"} })
	sprayer := map[string]string{"X-Forwarded-For": "198.51.100.7"}
	if st := failLogins(a, sprayTargets(a), sprayer); st != 401 {
		t.Fatalf("the 100th failure answered %d, want 401", st)
	}
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login", header: sprayer,
		body: map[string]string{"email": "x@example.com", "password": "wrong-password"}}), 429)
	// Another shopper behind the same proxy is not locked out by the sprayer.
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login", header: map[string]string{"X-Forwarded-For": "203.0.113.20"},
		body: map[string]string{"email": "x@example.com", "password": "wrong-password"}}), 401)
}

// Behind a trusted proxy only X-Forwarded-For names the client: an X-Real-IP a client sent
// through a proxy that adds no X-Forwarded-For buys no fresh window.
func TestTrustedProxyIsHeardOnlyByXForwardedFor(t *testing.T) {
	a := newApp(t, func(d *httpapi.Deps) { d.TrustedProxies = []string{"192.0.2.1"} })
	if st := failLogins(a, sprayTargets(a), nil); st != 401 {
		t.Fatalf("the 100th failure answered %d, want 401", st)
	}
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login", header: map[string]string{"X-Real-IP": "203.0.113.30"},
		body: map[string]string{"email": "x@example.com", "password": "wrong-password"}}), 429)
}

// TestMassRegistrationFromOneAddressIsLimited stops account farming: 300 sign-ups per IP an
// hour, every attempt counted (even invalid ones), then 429 with Retry-After.
func TestMassRegistrationFromOneAddressIsLimited(t *testing.T) {
	a := newApp(t)
	for i := 0; i < 300; i++ {
		if rec := a.do(request{method: "POST", path: "/api/v1/auth/register", body: `{}`}); rec.Code != 400 {
			t.Fatalf("attempt %d answered %d", i+1, rec.Code)
		}
	}
	rec := a.do(request{method: "POST", path: "/api/v1/auth/register", body: validRegistration()})
	expect(t, rec, 429)
	if wait := rec.Header().Get("Retry-After"); wait == "" || wait == "0" {
		t.Errorf("Retry-After = %q", wait)
	}
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/register", body: validRegistration(),
		header: map[string]string{"X-Forwarded-For": "198.51.100.8"}}), 429)
}

// TestListsAreBounded: product-category answers at most its cap; the lists that grow answer
// everything without ?page= (never cut at a cap) and one page of at most 100 with it.
func TestListsAreBounded(t *testing.T) {
	a := newShopApp(t, shopOptions{})
	admin := a.signUpAdmin()
	ctx := t.Context()
	const n = 1005
	now := time.Now().UTC()
	users, orders, products := make([]any, n), make([]any, n), make([]any, n)
	buyer := bson.NewObjectID()
	cat := bson.NewObjectID()
	if _, err := a.db.Database().Collection("categories").InsertOne(ctx, bson.M{"_id": cat, "name": "Bulk", "slug": "bulk"}); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		at := now.Add(-time.Duration(i+1) * time.Second)
		users[i] = bson.M{"_id": bson.NewObjectID(), "name": "U", "email": fmt.Sprintf("u%d@example.com", i),
			"password": "x", "answer": "x", "phone": "1", "address": "a", "role": 0, "createdAt": at}
		orders[i] = bson.M{"_id": bson.NewObjectID(), "number": fmt.Sprintf("CS-%08d", i), "products": bson.A{},
			"buyer": buyer, "payment": bson.M{"success": true},
			"total": 1.0, "status": "Not Process", "createdAt": at, "updatedAt": at}
		products[i] = bson.M{"_id": bson.NewObjectID(), "name": fmt.Sprintf("P %d", i), "slug": fmt.Sprintf("p-%d", i),
			"description": "d", "price": 1.0, "quantity": 1, "category": cat, "createdAt": at, "updatedAt": at}
	}
	for coll, docs := range map[string][]any{"users": users, "orders": orders, "products": products} {
		if _, err := a.db.Database().Collection(coll).InsertMany(ctx, docs); err != nil {
			t.Fatal(err)
		}
	}
	if err := a.catalogue.Load(ctx); err != nil {
		t.Fatal(err)
	}

	// Without ?page= every list answers all it holds (1,005 and the admin for users).
	m := expect(t, a.do(request{method: "GET", path: "/api/v1/auth/all-users", token: admin}), 200)
	if got := len(m["users"].([]any)); got != n+1 || m["total"] != float64(n+1) {
		t.Errorf("all-users answered %d users of %v, want all %d", got, m["total"], n+1)
	}
	if got := len(a.orders("/api/v1/auth/all-orders", admin)); got != n {
		t.Errorf("all-orders answered %d orders, want all %d", got, n)
	}
	m = expect(t, a.do(request{method: "GET", path: "/api/v1/product/get-product"}), 200)
	if got := len(m["products"].([]any)); got != n || m["countTotal"] != float64(n) {
		t.Errorf("get-product answered %d products of %v, want all %d", got, m["countTotal"], n)
	}
	// With it, one page of at most 100.
	for _, path := range []string{"/api/v1/auth/all-users", "/api/v1/auth/all-orders", "/api/v1/auth/orders",
		"/api/v1/product/get-product"} {
		expect(t, a.do(request{method: "GET", path: path + "?limit=101", token: admin}), 400)
		expect(t, a.do(request{method: "GET", path: path + "?page=0", token: admin}), 400)
		expect(t, a.do(request{method: "GET", path: path + "?page=1&limit=x", token: admin}), 400)
	}
	m = expect(t, a.do(request{method: "GET", path: "/api/v1/auth/all-users?page=101&limit=10", token: admin}), 200)
	if got := len(m["users"].([]any)); got != 6 || m["total"] != float64(n+1) {
		t.Errorf("all-users page 101 of 10 answered %d users of %v, want the last 6 of %d", got, m["total"], n+1)
	}
	m = expect(t, a.do(request{method: "GET", path: "/api/v1/product/product-category/bulk"}), 200)
	if got := len(m["products"].([]any)); got != shop.MaxProductsListed {
		t.Errorf("product-category answered %d products, want the cap %d", got, shop.MaxProductsListed)
	}
	if m := expect(t, a.do(request{method: "GET", path: "/api/v1/product/product-list/1000001"}), 400); m["message"] != "page must be a whole number from 1 to 1000000." {
		t.Errorf("a page beyond the last one allowed: %v", m)
	}
}

// TestInjectionInCredentialsAndSearch stops NoSQL operator and regex injection: an operator
// object where a string belongs is a 400, quotes are just characters, and a search keyword
// is matched literally.
func TestInjectionInCredentialsAndSearch(t *testing.T) {
	a := newApp(t)
	a.signUp("Asha Rao", "asha@example.com")
	login := func(body any) *httptest.ResponseRecorder {
		return a.do(request{method: "POST", path: "/api/v1/auth/login", body: body})
	}
	expect(t, login(`{"email": {"$ne": ""}, "password": "secret123"}`), 400)
	expect(t, login(`{"email": "asha@example.com", "password": {"$ne": ""}}`), 400)
	expect(t, login(`{"email": {"$regex": ".*"}, "password": {"$gt": ""}}`), 400)
	expect(t, login(`{"email": ["asha@example.com"], "password": "secret123"}`), 400)
	for _, email := range []string{`a@b.c" || 1`, `asha@example.com' || '1'=='1`, `.*`, `asha@example.com\u0000`, `{"$ne":""}`} {
		rec := login(map[string]string{"email": email, "password": "x' || 'a'=='a"})
		if rec.Code != 400 && rec.Code != 401 {
			t.Errorf("login with email %q answered %d, want 400 or 401", email, rec.Code)
		}
	}
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/forgot-password",
		body: `{"email": {"$ne": ""}, "newpassword": "hijacked1", "answer": {"$ne": ""}}`}), 400)
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/register",
		body: with(validRegistration(), "email", map[string]any{"$gt": ""})}), 400)

	admin := a.signUpAdmin()
	cat, _ := a.createCategory(admin, "Shirts")
	a.createProduct(admin, productFields(cat, "Linen Shirt"), nil)
	for _, kw := range []string{".*", "^", "$where", `{"$ne":""}`, "(?i)", "a|", ".+", `\`} {
		rec := a.do(request{method: "GET", path: "/api/v1/product/search/" + url.PathEscape(kw)})
		if rec.Code != 200 || strings.TrimSpace(rec.Body.String()) != "[]" {
			t.Errorf("search %q answered %d %s, want 200 []", kw, rec.Code, rec.Body.String())
		}
	}
	// The cap counts characters, not bytes: 100 two-byte letters pass, 101 are refused.
	expect(t, a.do(request{method: "GET", path: "/api/v1/product/search/" + url.PathEscape(strings.Repeat("é", 100))}), 200)
	expect(t, a.do(request{method: "GET", path: "/api/v1/product/search/" + url.PathEscape(strings.Repeat("é", 101))}), 400)
	expect(t, a.do(request{method: "GET", path: "/api/v1/product/search/" + strings.Repeat("a", 101)}), 400)
}

// streamed hides a body's length, as a chunked upload does, so only the reader's limit applies.
type streamed struct{ io.Reader }

// TestOversizeBodiesAre413 stops memory exhaustion through request bodies on every write
// route: past 1 MiB of JSON or 6 MiB of multipart form the answer is 413, whether the length
// is declared up front or the body just keeps coming.
func TestOversizeBodiesAre413(t *testing.T) {
	a := newShopApp(t, shopOptions{})
	admin := a.signUpAdmin()
	id := bson.NewObjectID().Hex()
	cat, _ := a.createCategory(admin, "Shirts")
	product := a.createProduct(admin, productFields(cat, "Linen Shirt"), nil)["_id"].(string)
	jsonRoutes := []struct{ method, path string }{
		{"POST", "/api/v1/auth/register"}, {"POST", "/api/v1/auth/login"}, {"POST", "/api/v1/auth/forgot-password"},
		{"PUT", "/api/v1/auth/profile"}, {"PUT", "/api/v1/auth/order-status/" + id},
		{"POST", "/api/v1/category/create-category"}, {"PUT", "/api/v1/category/update-category/" + id},
		{"POST", checkoutPath},
	}
	bigJSON := `{"name":"` + strings.Repeat("a", maxJSON) + `"}`
	var form bytes.Buffer
	w := multipart.NewWriter(&form)
	fw, _ := w.CreateFormField("filler") // a field the form ignores: it must still be read and counted
	_, _ = fw.Write(bytes.Repeat([]byte("a"), maxMultipart))
	_ = w.Close()
	formRoutes := []struct{ method, path string }{
		{"POST", "/api/v1/product/create-product"}, {"PUT", "/api/v1/product/update-product/" + product},
	}

	send := func(method, path, ct string, body []byte, hideLength bool) int {
		var r io.Reader = bytes.NewReader(body)
		if hideLength {
			r = streamed{r}
		}
		req := httptest.NewRequest(method, path, r)
		req.Header.Set("Content-Type", ct)
		req.Header.Set("Authorization", admin)
		rec := httptest.NewRecorder()
		a.server.ServeHTTP(rec, req)
		checkContract(t, req, rec)
		if rec.Code == 413 {
			expect(t, rec, 413) // the JSON failure shape
		}
		return rec.Code
	}
	for _, rt := range jsonRoutes {
		for _, hide := range []bool{false, true} {
			if st := send(rt.method, rt.path, "application/json", []byte(bigJSON), hide); st != 413 {
				t.Errorf("%s %s with %d bytes of JSON (length hidden %v) answered %d, want 413", rt.method, rt.path, len(bigJSON), hide, st)
			}
		}
	}
	for _, rt := range formRoutes {
		for _, hide := range []bool{false, true} {
			if st := send(rt.method, rt.path, w.FormDataContentType(), form.Bytes(), hide); st != 413 {
				t.Errorf("%s %s with a %d-byte form (length hidden %v) answered %d, want 413", rt.method, rt.path, form.Len(), hide, st)
			}
		}
	}
	// A JSON body sent as multipart does not get the multipart allowance.
	if st := send("POST", "/api/v1/auth/login", "multipart/form-data; boundary=x", []byte(bigJSON), false); st != 413 {
		t.Errorf("a 1 MiB login labelled multipart answered %d, want 413", st)
	}
}

// TestCompressedBodiesAre415: a body in a coding the API does not read is refused as such,
// saying which one it reads, before anything is decoded or written; uncompressed ones pass.
func TestCompressedBodiesAre415(t *testing.T) {
	a := newShopApp(t, shopOptions{})
	a.signUp("Asha", "asha@shop.test")
	var packed bytes.Buffer
	zw := gzip.NewWriter(&packed)
	_, _ = zw.Write([]byte(`{"name":"Ravi","email":"ravi@shop.test","password":"secret123","phone":"9876543210","address":"1 Road","answer":"blue"}`))
	_ = zw.Close()
	for _, coding := range []string{"gzip", "br", "deflate", "GZIP", "identity, gzip"} {
		rec := a.do(request{method: "POST", path: "/api/v1/auth/register", body: packed.Bytes(),
			header: map[string]string{"Content-Encoding": coding}})
		m := expect(t, rec, 415)
		if !strings.Contains(m["message"].(string), "uncompressed") {
			t.Errorf("Content-Encoding %s: message %q does not say bodies go uncompressed", coding, m["message"])
		}
		if got := rec.Header().Get("Accept-Encoding"); got != "identity" {
			t.Errorf("Content-Encoding %s: Accept-Encoding %q, want identity", coding, got)
		}
	}
	if rec := a.login("ravi@shop.test", "secret123"); rec.Code != 401 {
		t.Fatalf("after the refused compressed sign-ups, ravi's login answered %d, want 401 (no account)", rec.Code)
	}
	rec := a.do(request{method: "POST", path: "/api/v1/auth/login", header: map[string]string{"Content-Encoding": "identity"},
		body: map[string]string{"email": "asha@shop.test", "password": "secret123"}})
	expect(t, rec, 200)
}

const (
	maxJSON      = 1 << 20
	maxMultipart = 6 << 20
)
