package httpapi_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	netmail "net/mail"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/httpapi"
	"shop/mail"
	"shop/mongostore"
)

// clock is a settable time for the tests of expiry.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

func (c *clock) add(d time.Duration) { c.mu.Lock(); c.now = c.now.Add(d); c.mu.Unlock() }

// outbox is the directory a test's mail goes to, read as a shopper's inbox.
type outbox struct {
	t    *testing.T
	dir  string
	seen int
}

// next waits for the next mail and answers its raw text.
func (o *outbox) next() string {
	o.t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		files, _ := filepath.Glob(filepath.Join(o.dir, "*.eml"))
		if len(files) > o.seen {
			raw, err := os.ReadFile(files[o.seen])
			if err != nil {
				o.t.Fatal(err)
			}
			o.seen++
			return readMail(o.t, raw)
		}
		time.Sleep(10 * time.Millisecond)
	}
	o.t.Fatalf("no mail arrived in %s", o.dir)
	return ""
}

// none checks that no further mail arrived.
func (o *outbox) none() {
	o.t.Helper()
	time.Sleep(50 * time.Millisecond)
	if files, _ := filepath.Glob(filepath.Join(o.dir, "*.eml")); len(files) != o.seen {
		o.t.Fatalf("%d unexpected mails", len(files)-o.seen)
	}
}

// readMail answers a mail as a person reads it: To and Subject, then each part decoded,
// each introduced by its Content-Type.
func readMail(t *testing.T, raw []byte) string {
	t.Helper()
	msg, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("not a mail: %v", err)
	}
	subject, _ := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	out := "To: " + msg.Header.Get("To") + "\nSubject: " + subject + "\n"
	_, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		t.Fatal(err)
	}
	parts := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := parts.NextPart()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(p)
		out += p.Header.Get("Content-Type") + "\n" + string(body) + "\n"
	}
}

var resetLinkRe = regexp.MustCompile(`https://shop\.test/reset-password\?token=([A-Za-z0-9_-]+)`)

// lazyResetLinks lets a test build the service after newApp has made the database.
type lazyResetLinks struct{ shop.ResetLinkService }

// newResetApp is the API with reset links mailed to an outbox; opts change its Deps further.
func newResetApp(t *testing.T, opts ...func(*httpapi.Deps)) (*app, *outbox, *clock) {
	t.Helper()
	box := &outbox{t: t, dir: t.TempDir()}
	clk := &clock{now: time.Now()}
	lazy := &lazyResetLinks{}
	a := newApp(t, append([]func(*httpapi.Deps){func(d *httpapi.Deps) { d.ResetLinks = lazy }}, opts...)...)
	a.resetLinks = shop.NewResetLinks(shop.ResetLinksConfig{Users: a.users,
		Tokens: mongostore.NewResetTokens(a.db), Mailer: &mail.Outbox{Dir: box.dir, From: "shop@shop.test"},
		PublicURL: "https://shop.test/", Logger: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: clk.Now})
	lazy.ResetLinkService = a.resetLinks
	t.Cleanup(func() { _ = a.resetLinks.Drain(context.Background()) }) // before the store closes
	return a, box, clk
}

// askResetLink asks for a link and waits until it is made (the answer comes first).
func (a *app) askResetLink(email string, status int) {
	a.t.Helper()
	m := expect(a.t, a.do(request{method: "POST", path: "/api/v1/auth/reset-link", body: map[string]string{"email": email}}), status)
	if status == 202 && (m["success"] != true || m["message"] == "") {
		a.t.Fatalf("reset-link answered %v", m)
	}
	if err := a.resetLinks.Drain(a.t.Context()); err != nil {
		a.t.Fatal(err)
	}
}

func (a *app) resetWith(token, password string, status int) map[string]any {
	a.t.Helper()
	return expect(a.t, a.do(request{method: "POST", path: "/api/v1/auth/reset-password",
		body: map[string]string{"token": token, "newpassword": password}}), status)
}

func (o *outbox) resetToken() string {
	o.t.Helper()
	msg := o.next()
	m := resetLinkRe.FindStringSubmatch(msg)
	if m == nil {
		o.t.Fatalf("no reset link in the mail:\n%s", msg)
	}
	if !strings.Contains(msg, "Subject: Clothing Shop: reset your password") || !strings.Contains(msg, "To: asha@shop.test") {
		o.t.Fatalf("reset mail:\n%s", msg)
	}
	tok, _ := url.QueryUnescape(m[1])
	return tok
}

func TestResetLink(t *testing.T) {
	a, box, clk := newResetApp(t)
	oldToken, _ := a.signUp("Asha Rao", "asha@shop.test")

	// No enumeration: an unknown email is answered as a known one, and mails nothing.
	a.askResetLink("nobody@shop.test", 202)
	box.none()
	// DESIGN: it always answers 202; an address that is no email has no account either.
	a.askResetLink("not-an-email", 202)
	a.askResetLink("", 202)
	box.none()

	a.askResetLink("Asha@Shop.test", 202) // the email as the shopper types it
	tok := box.resetToken()
	if len(tok) != 43 {
		t.Fatalf("token %q: want 32 random bytes, base64url", tok)
	}
	if m := a.resetWith(tok, "short", 400); m["message"] != "New password (newpassword) must be at least 6 characters." { // checked before the link is used up
		t.Fatalf("short password: %v", m)
	}
	a.resetWith("made-up", "newpass1", 400) // unknown
	a.resetWith("", "newpass1", 400)
	a.resetWith(tok, "newpass1", 200)
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login",
		body: map[string]string{"email": "asha@shop.test", "password": "newpass1"}}), 200)
	expect(t, a.do(request{method: "GET", path: "/api/v1/auth/user-auth", token: oldToken}), 401)
	m := a.resetWith(tok, "newpass2", 400) // single use
	if m["message"] != "The token of this reset link is not valid, was used already or has expired. Please ask for a new link." {
		t.Fatalf("used link answered %v", m)
	}

	// A reset voids the links sent before it.
	a.askResetLink("asha@shop.test", 202)
	older := box.resetToken()
	a.askResetLink("asha@shop.test", 202)
	newer := box.resetToken()
	a.resetWith(newer, "newpass3", 200)
	a.resetWith(older, "newpass4", 400)

	// A link works for 30 minutes.
	a.askResetLink("asha@shop.test", 202)
	late := box.resetToken()
	clk.add(30*time.Minute + time.Second)
	a.resetWith(late, "newpass5", 400)
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login",
		body: map[string]string{"email": "asha@shop.test", "password": "newpass3"}}), 200)
}

// A shopper locked out by their own wrong passwords who resets the password through the
// mailed link signs in with the new one at once, as the answer says.
func TestResetLinkLiftsTheSignInLockout(t *testing.T) {
	a, box, _ := newResetApp(t)
	a.signUp("Asha Rao", "asha@shop.test")
	login := func(password string) int {
		return a.do(request{method: "POST", path: "/api/v1/auth/login",
			body: map[string]string{"email": "asha@shop.test", "password": password}}).Code
	}
	for range 10 {
		if got := login("wrong-pass"); got != 401 {
			t.Fatalf("wrong password: %d, want 401", got)
		}
	}
	if got := login("secret123"); got != 429 {
		t.Fatalf("after 10 failures: %d, want 429", got)
	}
	a.askResetLink("asha@shop.test", 202)
	a.resetWith(box.resetToken(), "newpass1", 200)
	if got := login("newpass1"); got != 200 {
		t.Fatalf("the new password after the reset: %d, want 200", got)
	}
}

func TestResetLinkIsRateLimited(t *testing.T) {
	a, box, _ := newResetApp(t)
	a.signUp("Asha Rao", "asha@shop.test")
	for range 10 {
		a.askResetLink("asha@shop.test", 202)
		box.next()
	}
	rec := a.do(request{method: "POST", path: "/api/v1/auth/reset-link", body: map[string]string{"email": "asha@shop.test"}})
	expect(t, rec, 429)
	if rec.Header().Get("Retry-After") == "" {
		t.Fatal("429 without Retry-After")
	}
	box.none()
}

// Tries of reset links are limited per address: a hundred bad tokens, then 429. A new
// password too short is a typo, not a guess: it never counts, so a shopper behind a busy
// office's address who mistypes it keeps the link working.
func TestResetPasswordIsRateLimitedPerAddress(t *testing.T) {
	a, box, _ := newResetApp(t)
	a.signUp("Asha Rao", "asha@shop.test")
	a.askResetLink("asha@shop.test", 202)
	token := box.resetToken()
	for range 20 {
		a.resetWith(token, "abc", 400)
	}
	for i := range 100 {
		a.resetWith(fmt.Sprintf("%064x", i), "newpass1", 400)
	}
	rec := a.do(request{method: "POST", path: "/api/v1/auth/reset-password",
		body: map[string]string{"token": token, "newpassword": "newpass1"}})
	expect(t, rec, 429)
	if rec.Header().Get("Retry-After") == "" {
		t.Fatal("429 without Retry-After")
	}
}

// Look-alike spellings of one address share its limit, so they cannot fill its inbox.
func TestResetLinkLimitCoversLookAlikeSpellings(t *testing.T) {
	a, box, _ := newResetApp(t)
	a.signUp("Asha Rao", "asha@shop.test")
	spellings := []string{"asha@shop.test", "ＡＳＨＡ@shop.test", "ａsha@shop.test", "ASHA@shop.test", "asha@ｓhop.test"}
	for i := range 10 {
		a.askResetLink(spellings[i%len(spellings)], 202)
		box.next()
	}
	for _, email := range spellings {
		expect(t, a.do(request{method: "POST", path: "/api/v1/auth/reset-link", body: map[string]string{"email": email}}), 429)
	}
	box.none()
}

// A password changed on the profile form or with the security answer voids the links mailed
// before it: the shopper may be changing it because someone else read that mail.
func TestPasswordChangeVoidsEarlierResetLinks(t *testing.T) {
	a, box, _ := newResetApp(t)
	token, _ := a.signUp("Asha Rao", "asha@shop.test")

	a.askResetLink("asha@shop.test", 202)
	beforeProfile := box.resetToken()
	expect(t, a.do(request{method: "PUT", path: "/api/v1/auth/profile", token: token,
		body: map[string]string{"password": "changed1", "currentPassword": "secret123"}}), 200)
	a.resetWith(beforeProfile, "taken-over1", 400)

	a.askResetLink("asha@shop.test", 202)
	beforeAnswer := box.resetToken()
	expect(t, a.forgot("asha@shop.test", "blue", "changed2"), 200)
	a.resetWith(beforeAnswer, "taken-over2", 400)

	// A link asked for after the change works.
	a.askResetLink("asha@shop.test", 202)
	a.resetWith(box.resetToken(), "changed3", 200)
	expect(t, a.login("asha@shop.test", "changed3"), 200)
}

// Links asked for and never used do not pile up: saving a link drops the user's expired ones.
func TestExpiredResetLinksAreDropped(t *testing.T) {
	a, box, clk := newResetApp(t)
	a.signUp("Asha Rao", "asha@shop.test")
	a.signUp("Ravi Kumar", "ravi@shop.test")
	links := func() int64 {
		n, err := a.db.Database().Collection("reset_tokens").CountDocuments(t.Context(), bson.M{})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	a.askResetLink("asha@shop.test", 202)
	a.askResetLink("asha@shop.test", 202)
	a.askResetLink("ravi@shop.test", 202)
	clk.add(shop.ResetLinkTTL + time.Second)
	a.askResetLink("asha@shop.test", 202)
	if n := links(); n != 2 { // Asha's new link and Ravi's, whose own next link will drop it
		t.Fatalf("%d links kept, want 2", n)
	}
	for range 4 {
		box.next()
	}
}
