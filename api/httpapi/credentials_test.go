package httpapi_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"golang.org/x/crypto/bcrypt"

	"shop"
	"shop/httpapi"
	"shop/mongostore"
)

func (a *app) login(email, password string) *httptest.ResponseRecorder {
	return a.do(request{method: "POST", path: "/api/v1/auth/login",
		body: map[string]string{"email": email, "password": password}})
}

func (a *app) forgot(email, answer, newPassword string) *httptest.ResponseRecorder {
	return a.do(request{method: "POST", path: "/api/v1/auth/forgot-password",
		body: map[string]string{"email": email, "answer": answer, "newpassword": newPassword}})
}

// An administrator made from ADMIN_EMAIL/ADMIN_PASSWORD once had that first password as its
// security answer, so after a password change the first password still reset the account.
func TestBootstrapAdminHasNoUsableAnswer(t *testing.T) {
	a := newApp(t)
	if _, err := a.users.EnsureAdmin(t.Context(), "boss@shop.test", "first-pass", "Boss"); err != nil {
		t.Fatal(err)
	}
	expect(t, a.forgot("boss@shop.test", "first-pass", "taken-over"), 401)
	expect(t, a.login("boss@shop.test", "first-pass"), 200)

	t.Run("an admin made before keeps no longer its password as answer", func(t *testing.T) {
		hash, err := bcrypt.GenerateFromPassword([]byte("first-pass"), bcrypt.MinCost)
		if err != nil {
			t.Fatal(err)
		}
		users := a.db.Database().Collection("users")
		if _, err := users.UpdateOne(t.Context(), bson.M{"email": "boss@shop.test"},
			bson.M{"$set": bson.M{"answer": string(hash)}}); err != nil {
			t.Fatal(err)
		}
		if _, err := a.users.EnsureAdmin(t.Context(), "boss@shop.test", "first-pass", "Boss"); err != nil {
			t.Fatal(err)
		}
		expect(t, a.forgot("boss@shop.test", "first-pass", "taken-over"), 401)
		expect(t, a.login("boss@shop.test", "first-pass"), 200)
	})
}

// Whoever registers the administrator's address before the operator names it in ADMIN_EMAIL
// must not become the administrator with their own password, answer or session.
func TestAdminEmailTakesOverAnAccountRegisteredBefore(t *testing.T) {
	a := newApp(t)
	strangerToken, _ := a.signUp("Stranger", "ops@shop.test") // password secret123, answer blue
	u, err := a.users.EnsureAdmin(t.Context(), "ops@shop.test", "Operator-Secret-1", "Operator")
	if err != nil || u.Role != 1 {
		t.Fatalf("EnsureAdmin = %+v, %v; want the admin", u, err)
	}
	expect(t, a.login("ops@shop.test", "secret123"), 401)
	expect(t, a.do(request{method: "GET", path: "/api/v1/auth/admin-auth", token: strangerToken}), 401)
	expect(t, a.forgot("ops@shop.test", "blue", "taken-over"), 401)
	m := expect(t, a.login("ops@shop.test", "Operator-Secret-1"), 200)
	token, _ := m["token"].(string)
	expect(t, a.do(request{method: "GET", path: "/api/v1/auth/admin-auth", token: token}), 200)

	// The next start leaves the admin's password, and its session, as they are.
	if _, err := a.users.EnsureAdmin(t.Context(), "ops@shop.test", "Operator-Secret-1", "Operator"); err != nil {
		t.Fatal(err)
	}
	expect(t, a.do(request{method: "GET", path: "/api/v1/auth/admin-auth", token: token}), 200)
}

// A signed-in shopper changes the security answer from the profile, with the current password.
func TestProfileChangesTheAnswerWithTheCurrentPassword(t *testing.T) {
	a := newApp(t)
	token, _ := a.signUp("Asha Rao", "asha@example.com")
	put := func(body map[string]any, status int) map[string]any {
		return expect(t, a.do(request{method: "PUT", path: "/api/v1/auth/profile", token: token, body: body}), status)
	}
	for _, tc := range []struct {
		name string
		body map[string]any
	}{
		{"no current password", map[string]any{"answer": "green"}},
		{"wrong current password", map[string]any{"answer": "green", "currentPassword": "guess123"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := put(tc.body, 400)
			if msg, _ := m["message"].(string); !strings.Contains(msg, "currentPassword") {
				t.Errorf("message %q does not name the current password", msg)
			}
		})
	}
	// Nothing changed: the old answer still resets (which moves the password on).
	expect(t, a.forgot("asha@example.com", "green", "newsecret1"), 401)

	m := put(map[string]any{"answer": "green", "currentPassword": "secret123"}, 200)
	assertNoSecrets(t, m)
	if _, has := m["token"]; has {
		t.Error("a new answer alone hands out a new token")
	}
	// The session goes on: only a password change voids tokens.
	expect(t, a.do(request{method: "GET", path: "/api/v1/auth/user-auth", token: token}), 200)
	expect(t, a.forgot("asha@example.com", "blue", "newsecret1"), 401)
	expect(t, a.forgot("asha@example.com", "green", "newsecret1"), 200)
}

// A password change from the profile asks for the current password: a stolen token alone
// must not be enough to take the account for good.
func TestProfilePasswordChangeNeedsTheCurrentPassword(t *testing.T) {
	a := newApp(t)
	token, _ := a.signUp("Asha Rao", "asha@example.com")
	for _, tc := range []struct {
		name string
		body map[string]any
	}{
		{"missing", map[string]any{"password": "stolen123", "name": "Thief"}},
		{"empty", map[string]any{"password": "stolen123", "currentPassword": "", "name": "Thief"}},
		{"wrong", map[string]any{"password": "stolen123", "currentPassword": "wrong-pass", "name": "Thief"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := expect(t, a.do(request{method: "PUT", path: "/api/v1/auth/profile", token: token, body: tc.body}), 400)
			if msg, _ := m["error"].(string); !strings.Contains(msg, "currentPassword") {
				t.Errorf("error %q does not name the current password", msg)
			}
		})
	}
	// Nothing changed: neither the password nor the name, and the session still holds.
	expect(t, a.login("asha@example.com", "stolen123"), 401)
	m := expect(t, a.login("asha@example.com", "secret123"), 200)
	if name := m["user"].(map[string]any)["name"]; name != "Asha Rao" {
		t.Errorf("name = %v after refused changes", name)
	}
	expect(t, a.do(request{method: "GET", path: "/api/v1/auth/user-auth", token: token}), 200)

	m = expect(t, a.do(request{method: "PUT", path: "/api/v1/auth/profile", token: token,
		body: map[string]any{"password": "changed123", "currentPassword": "secret123"}}), 200)
	if fresh, _ := m["token"].(string); fresh == "" {
		t.Fatal("no fresh token after a password change")
	} else {
		expect(t, a.do(request{method: "GET", path: "/api/v1/auth/user-auth", token: fresh}), 200)
	}
	expect(t, a.login("asha@example.com", "changed123"), 200)

	t.Run("guessing the current password is limited like a sign-in", func(t *testing.T) {
		token, _ := a.signUp("Ravi Kumar", "ravi@example.com")
		guess := request{method: "PUT", path: "/api/v1/auth/profile", token: token,
			body: map[string]any{"password": "stolen123", "currentPassword": "guess-pass"}}
		for i := 0; i < 10; i++ {
			expect(t, a.do(guess), 400)
		}
		rec := a.do(guess)
		expect(t, rec, 429)
		if rec.Header().Get("Retry-After") == "" {
			t.Error("429 without Retry-After")
		}
	})
}

// bcrypt reads 72 bytes: a longer password or answer (40 × "é" is 80 bytes) is a 400 that
// names the field, wherever one is sent, never a 500 nor a silent cut.
func TestSecretsOver72BytesAre400(t *testing.T) {
	a := newApp(t)
	token, _ := a.signUp("Asha Rao", "asha@example.com")
	long := strings.Repeat("é", 40)
	for _, tc := range []struct {
		name, method, path string
		body               map[string]any
		field              string
	}{
		{"register-password", "POST", "/api/v1/auth/register", with(validRegistration(), "password", long), "Password"},
		{"register-answer", "POST", "/api/v1/auth/register", with(validRegistration(), "answer", long), "Answer"},
		{"login-password", "POST", "/api/v1/auth/login",
			map[string]any{"email": "asha@example.com", "password": long}, "Password"},
		{"reset-newpassword", "POST", "/api/v1/auth/forgot-password",
			map[string]any{"email": "asha@example.com", "answer": "blue", "newpassword": long}, "New password"},
		{"reset-answer", "POST", "/api/v1/auth/forgot-password",
			map[string]any{"email": "asha@example.com", "answer": long, "newpassword": "newsecret"}, "Answer"},
		{"profile-password", "PUT", "/api/v1/auth/profile",
			map[string]any{"password": long, "currentPassword": "secret123"}, "Password"},
		{"profile-answer", "PUT", "/api/v1/auth/profile",
			map[string]any{"answer": long, "currentPassword": "secret123"}, "Answer"},
		{"profile-current-password", "PUT", "/api/v1/auth/profile",
			map[string]any{"password": "newsecret", "currentPassword": long}, "Current password"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := expect(t, a.do(request{method: tc.method, path: tc.path, token: token, body: tc.body}), 400)
			if msg := m["message"].(string); !strings.HasPrefix(msg, tc.field+" ") || !strings.Contains(msg, "72") {
				t.Errorf("message %q does not name %s and its limit", msg, tc.field)
			}
		})
	}
	// 72 bytes exactly still fit.
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/register", body: with(with(validRegistration(),
		"email", "long@example.com"), "password", strings.Repeat("é", 36))}), 201)
	expect(t, a.login("long@example.com", strings.Repeat("é", 36)), 200)
}

// Answers carrying a token or personal data are kept out of every cache.
func TestPersonalAnswersAreNotStored(t *testing.T) {
	a := newShopApp(t, shopOptions{}).app
	token, _ := a.signUp("Asha Rao", "asha@example.com")
	admin := a.signUpAdmin()
	for _, tc := range []struct {
		name string
		r    request
	}{
		{"login", request{method: "POST", path: "/api/v1/auth/login",
			body: map[string]string{"email": "asha@example.com", "password": "secret123"}}},
		{"profile", request{method: "PUT", path: "/api/v1/auth/profile", token: token, body: map[string]string{"name": "Asha"}}},
		{"user-auth", request{method: "GET", path: "/api/v1/auth/user-auth", token: token}},
		{"admin-auth", request{method: "GET", path: "/api/v1/auth/admin-auth", token: admin}},
		{"orders", request{method: "GET", path: "/api/v1/auth/orders", token: token}},
		{"all-users", request{method: "GET", path: "/api/v1/auth/all-users", token: admin}},
		{"all-orders", request{method: "GET", path: "/api/v1/auth/all-orders", token: admin}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := a.do(tc.r)
			expect(t, rec, 200)
			if cc := rec.Header().Get("Cache-Control"); cc != "no-store" {
				t.Errorf("Cache-Control = %q, want no-store", cc)
			}
		})
	}
}

// The failure limit is counted before the password check, so parallel guesses cannot all pass
// a limit that each one alone sees unused: of 40 parallel sign-ins (39 wrong, 1 right) and 60
// parallel resets (59 wrong answers, 1 right) at most 10 fail and the rest are refused
// unchecked (the right one passes only if it came before the limit).
func TestParallelGuessesCannotPassTheLimits(t *testing.T) {
	for _, tc := range []struct {
		name    string
		n       int
		attempt func(a *app, right bool) int
	}{
		{"login", 40, func(a *app, right bool) int {
			pw := "wrong-pass"
			if right {
				pw = "secret123"
			}
			return a.login("asha@example.com", pw).Code
		}},
		{"forgot-password", 60, func(a *app, right bool) int {
			answer := "guess"
			if right {
				answer = "blue"
			}
			return a.forgot("asha@example.com", answer, "hijacked1").Code
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newApp(t)
			a.signUp("Asha Rao", "asha@example.com")
			statuses := parallel(tc.n, func(i int) int { return tc.attempt(a, i == tc.n-1) })
			for st, count := range statuses {
				if st != http.StatusOK && st != http.StatusUnauthorized && st != http.StatusTooManyRequests {
					t.Errorf("%d answers of %d", count, st)
				}
			}
			if statuses[http.StatusUnauthorized] > 10 || statuses[http.StatusOK] > 1 {
				t.Fatalf("%v of %d parallel attempts; at most 10 may fail", statuses, tc.n)
			}
		})
	}
}

// The limits count failures: shoppers signing in to one account at once with its right
// password (a family, a load test with one demo account) are all let in. An attempt that finds
// the limit used up only by others still being checked waits for them, and a success gives
// its count back.
func TestParallelRightPasswordsAreAllLetIn(t *testing.T) {
	a := newApp(t)
	token, _ := a.signUp("Asha Rao", "asha@example.com")
	const shoppers = 30
	if statuses := parallel(shoppers, func(int) int { return a.login("asha@example.com", "secret123").Code }); statuses[http.StatusOK] != shoppers {
		t.Errorf("parallel sign-ins with the right password: %v; want %d answered 200", statuses, shoppers)
	}
	statuses := parallel(shoppers, func(i int) int {
		return a.do(request{method: "PUT", path: "/api/v1/auth/profile", token: token,
			body: map[string]string{"answer": fmt.Sprintf("answer %d", i), "currentPassword": "secret123"}}).Code
	})
	if statuses[http.StatusOK] != shoppers {
		t.Errorf("parallel changes of the answer with the right password: %v; want %d answered 200", statuses, shoppers)
	}
	// The failures are still limited: ten wrong passwords, then a refusal.
	for range 10 {
		expect(t, a.login("asha@example.com", "wrong-pass"), http.StatusUnauthorized)
	}
	expect(t, a.login("asha@example.com", "secret123"), http.StatusTooManyRequests)
}

// parallel runs n calls at once (released together) and counts the statuses they answer.
func parallel(n int, call func(i int) int) map[int]int {
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		start = make(chan struct{})
		out   = map[int]int{}
	)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			st := call(i)
			mu.Lock()
			out[st]++
			mu.Unlock()
		}()
	}
	close(start)
	wg.Wait()
	return out
}

// pausedUsers holds each sign-in after its password was checked, until release is closed.
type pausedUsers struct {
	shop.UserService
	checked chan struct{}
	release chan struct{}
}

func (p *pausedUsers) Authenticate(ctx context.Context, email, password string) (*shop.User, error) {
	u, err := p.UserService.Authenticate(ctx, email, password)
	p.checked <- struct{}{}
	<-p.release
	return u, err
}

// A sign-in with the old password that overlaps a password reset must not get a token that
// outlives the reset: here the reset lands after the password was checked, before the token.
func TestResetDuringSignInVoidsItsToken(t *testing.T) {
	var paused *pausedUsers
	a := newApp(t, func(d *httpapi.Deps) {
		paused = &pausedUsers{UserService: d.Users, checked: make(chan struct{}), release: make(chan struct{})}
		d.Users = paused
	})
	if _, err := a.users.Register(t.Context(), shop.Registration{Name: "Asha", Email: "asha@example.com",
		Password: "secret123", Phone: "1", Address: "a", Answer: "blue"}); err != nil {
		t.Fatal(err)
	}
	done := make(chan *httptest.ResponseRecorder)
	go func() { done <- a.login("asha@example.com", "secret123") }()
	<-paused.checked
	if err := a.users.ResetPassword(t.Context(), shop.PasswordReset{Email: "asha@example.com",
		Answer: "blue", NewPassword: "newsecret"}); err != nil {
		t.Fatal(err)
	}
	close(paused.release)
	m := expect(t, <-done, 200)
	expect(t, a.do(request{method: "GET", path: "/api/v1/auth/user-auth", token: m["token"].(string)}), 401)
}

// The same with real parallel requests: sign-ins with the old password race a reset, and no
// token they win survives it. The racers stay below the account's failure limit, so however
// many of them lose to the reset, the account is not locked for the sign-in that follows.
func TestRacingSignInsAndResetLeaveNoOldToken(t *testing.T) {
	a := newApp(t)
	a.signUp("Asha Rao", "asha@example.com")
	var tokens []string
	var mu sync.Mutex
	parallel(httpapi.FailuresPerAccount, func(i int) int {
		if i == httpapi.FailuresPerAccount/2 {
			return a.forgot("asha@example.com", "blue", "newsecret").Code
		}
		rec := a.login("asha@example.com", "secret123")
		if rec.Code == http.StatusOK {
			mu.Lock()
			tokens = append(tokens, object(t, rec)["token"].(string))
			mu.Unlock()
		}
		return rec.Code
	})
	expect(t, a.login("asha@example.com", "newsecret"), 200)
	for i, tok := range tokens {
		if rec := a.do(request{method: "GET", path: "/api/v1/auth/user-auth", token: tok}); rec.Code != 401 {
			t.Errorf("token %d of %d won with the old password answers %d after the reset", i+1, len(tokens), rec.Code)
		}
	}
}

// countingUsers records how many sign-ins and sign-ups are being checked at once.
type countingUsers struct {
	shop.UserService
	mu        sync.Mutex
	now, most int
}

// checking counts one check under way until the answered func is called.
func (c *countingUsers) checking() (done func()) {
	c.mu.Lock()
	c.now++
	c.most = max(c.most, c.now)
	c.mu.Unlock()
	return func() {
		c.mu.Lock()
		c.now--
		c.mu.Unlock()
	}
}

func (c *countingUsers) Authenticate(ctx context.Context, email, password string) (*shop.User, error) {
	defer c.checking()()
	return c.UserService.Authenticate(ctx, email, password)
}

func (c *countingUsers) Register(ctx context.Context, r shop.Registration) (*shop.User, error) {
	defer c.checking()()
	return c.UserService.Register(ctx, r)
}

// A burst of bad sign-ins from one address (at bcrypt's real cost) is answered 401 or 429,
// never 5xx: at most one password check per core runs at once, the rest wait (here at most
// half a second, so that the burst outlasts the wait), then 429 with Retry-After. The health
// check answers 200 throughout, and a shopper elsewhere still signs in.
func TestBurstOfBadSignInsIsNever5xx(t *testing.T) {
	counting := &countingUsers{}
	a := newApp(t, func(d *httpapi.Deps) {
		d.TrustedProxies = []string{"192.0.2.1"}
		d.Users = counting
		d.HashPatience = 500 * time.Millisecond
	})
	counting.UserService = mongostore.NewUserService(a.db, shop.Hasher{Cost: bcrypt.DefaultCost})
	if _, err := counting.Register(t.Context(), shop.Registration{Name: "Asha", Email: "asha@example.com",
		Password: "secret123", Phone: "1", Address: "a", Answer: "blue"}); err != nil {
		t.Fatal(err)
	}
	attacker := map[string]string{"X-Forwarded-For": "198.51.100.66"}
	statuses := parallel(130, func(i int) int {
		if i >= 120 {
			return -a.do(request{method: "GET", path: "/healthz"}).Code
		}
		rec := a.do(request{method: "POST", path: "/api/v1/auth/login", header: attacker,
			body: map[string]string{"email": fmt.Sprintf("guess%d@example.com", i), "password": "wrong-pass"}})
		if rec.Code == http.StatusTooManyRequests && rec.Header().Get("Retry-After") == "" {
			t.Errorf("429 without Retry-After: %s", rec.Body.String())
		}
		return rec.Code
	})
	for st, n := range statuses {
		if st != http.StatusUnauthorized && st != http.StatusTooManyRequests && st != -http.StatusOK {
			t.Errorf("%d answers of %d (negative: health)", n, st)
		}
	}
	if statuses[http.StatusTooManyRequests] == 0 || statuses[http.StatusUnauthorized] == 0 {
		t.Errorf("statuses %v: want both 401s and 429s", statuses)
	}
	if cores := runtime.GOMAXPROCS(0); counting.most > cores {
		t.Errorf("%d password checks ran at once on %d cores", counting.most, cores)
	}
	expect(t, a.do(request{method: "GET", path: "/healthz"}), 200)
	expect(t, a.do(request{method: "POST", path: "/api/v1/auth/login", header: map[string]string{"X-Forwarded-For": "203.0.113.5"},
		body: map[string]string{"email": "asha@example.com", "password": "secret123"}}), 200)
}

// A burst of sign-ups as a sale opens (40 at once, each hashing a password and an answer at
// bcrypt's real cost: more than two cores hash in two seconds) waits for its turns and is
// served: every shopper gets an account, with no more password checks at once than cores.
// How many such waits fit in the shop's patience depends on the machine's speed and load: the
// wait is made long here, so that a busy machine running the tests proves the same.
func TestBurstOfSignUpsIsServed(t *testing.T) {
	counting := &countingUsers{}
	a := newApp(t, func(d *httpapi.Deps) { d.Users = counting; d.HashPatience = 5 * time.Minute })
	counting.UserService = mongostore.NewUserService(a.db, shop.Hasher{Cost: bcrypt.DefaultCost})
	const shoppers = 40
	statuses := parallel(shoppers, func(i int) int {
		return a.do(request{method: "POST", path: "/api/v1/auth/register",
			body: with(validRegistration(), "email", fmt.Sprintf("shopper%d@example.com", i))}).Code
	})
	if statuses[http.StatusCreated] != shoppers {
		t.Errorf("statuses %v: want %d sign-ups answered 201", statuses, shoppers)
	}
	if cores := runtime.GOMAXPROCS(0); counting.most > cores {
		t.Errorf("%d password checks ran at once on %d cores", counting.most, cores)
	}
	users, total, err := counting.Users(t.Context(), shop.Page{Number: 1, Limit: 100})
	if err != nil || total != shoppers || len(users) != shoppers {
		t.Errorf("accounts stored: %d listed of %d, %v; want %d", len(users), total, err, shoppers)
	}
}

// Emails that look alike are one account: a second sign-up under a look-alike is refused (409
// for the same address in full-width letters, 400 for invisible characters or mixed alphabets),
// and either spelling signs in, as either encoding of an accented letter does for an account
// made before accented letters were refused before the @.
func TestLookAlikeEmailsAreOneAccount(t *testing.T) {
	a := newApp(t)
	register := func(email string, status int) map[string]any {
		return expect(t, a.do(request{method: "POST", path: "/api/v1/auth/register",
			body: with(validRegistration(), "email", email)}), status)
	}
	register("asha@example.com", 201)
	register("rene@example.com", 201)
	storedAs(t, a, "rene@example.com", "ren\u00e9@example.com") // made by an earlier version
	for _, tc := range []struct {
		name, email string
		status      int
		want        string
	}{
		{"é as e and a combining accent", "rene\u0301@example.com", 400, "before the @"},
		{"é as one character", "ren\u00e9@example.com", 400, "before the @"},
		{"full-width letters", "ＡＳＨＡ@example.com", 409, "already exists"},
		{"Cyrillic а", "\u0430sha@example.com", 400, "alphabets"},
		{"Cyrillic а in the domain", "asha@ex\u0430mple.com", 400, "alphabets"},
		{"zero-width space", "as\u200bha@example.com", 400, "invisible"},
		{"zero-width joiner", "asha\u200d@example.com", 400, "invisible"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if m := register(tc.email, tc.status); !strings.Contains(m["message"].(string), tc.want) {
				t.Errorf("message %q does not say %q", m["message"], tc.want)
			}
		})
	}
	expect(t, a.login("ren\u00e9@example.com", "secret123"), 200)
	expect(t, a.login("rene\u0301@example.com", "secret123"), 200)
	expect(t, a.login("ＡＳＨＡ@example.com", "secret123"), 200)
	n, err := a.db.Database().Collection("users").CountDocuments(t.Context(), bson.M{})
	if err != nil || n != 2 {
		t.Fatalf("%d accounts stored (%v), want 2", n, err)
	}
}

// storedAs changes the address of the account stored as email to stored, as an earlier version
// may have registered it, its key (see mongostore's userEmails) with it.
func storedAs(t *testing.T, a *app, email, stored string) {
	t.Helper()
	ctx, db := t.Context(), a.db.Database()
	var doc struct {
		ID bson.ObjectID `bson:"_id"`
	}
	if err := db.Collection("users").FindOne(ctx, bson.M{"email": email}).Decode(&doc); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Collection("users").UpdateOne(ctx, bson.M{"_id": doc.ID}, bson.M{"$set": bson.M{"email": stored}}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Collection("userEmails").DeleteOne(ctx, bson.M{"_id": email}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Collection("userEmails").InsertOne(ctx, bson.M{"_id": stored, "user": doc.ID, "at": time.Now()}); err != nil {
		t.Fatal(err)
	}
}

// The spellings of one address that reach one account (full-width letters, upper case, spaces
// around it) spend one limit: each used to have ten guesses of its own at the same password.
func TestLookAlikeSpellingsShareOneLimit(t *testing.T) {
	spellings := []string{"asha@example.com", "ＡＳＨＡ@example.com", "ａsha@example.com",
		"Asha@EXAMPLE.com", " asha@example.com ", "asha@ｅxample.com"}
	for _, tc := range []struct {
		name    string
		attempt func(a *app, email string, right bool) *httptest.ResponseRecorder
	}{
		{"login", func(a *app, email string, right bool) *httptest.ResponseRecorder {
			pw := "wrong-pass"
			if right {
				pw = "secret123"
			}
			return a.login(email, pw)
		}},
		{"forgot-password", func(a *app, email string, right bool) *httptest.ResponseRecorder {
			answer := "guess"
			if right {
				answer = "blue"
			}
			return a.forgot(email, answer, "hijacked1")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newApp(t)
			a.signUp("Asha Rao", "asha@example.com")
			for i := range 10 {
				expect(t, tc.attempt(a, spellings[i%len(spellings)], false), 401)
			}
			for _, email := range spellings {
				expect(t, tc.attempt(a, email, true), 429)
			}
		})
	}
}
