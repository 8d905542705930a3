package mongostore_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/internal/storetest"
	"shop/mongostore"
)

func registration(email string) shop.Registration {
	return shop.Registration{Name: "Asha Rao", Email: email, Password: "secret123", Phone: "1", Address: "Pune", Answer: "blue"}
}

// Twenty shoppers registering one email at once: exactly one account, which signs in.
func TestOneAccountPerEmailUnderParallelRegistrations(t *testing.T) {
	db := storetest.NewDB(t)
	users := mongostore.NewUserService(db, shop.Hasher{Cost: 4})
	ctx := t.Context()
	var wg sync.WaitGroup
	errs := make([]error, 20)
	for i := range errs {
		wg.Go(func() { _, errs[i] = users.Register(ctx, registration("asha@example.com")) })
	}
	wg.Wait()
	created := 0
	for _, err := range errs {
		switch {
		case err == nil:
			created++
		case shop.ErrorCode(err) != shop.ECONFLICT:
			t.Fatalf("a registration failed other than as taken: %v", err)
		}
	}
	if created != 1 {
		t.Fatalf("%d accounts created for one email, want 1", created)
	}
	if _, err := users.Authenticate(ctx, "asha@example.com", "secret123"); err != nil {
		t.Fatalf("the account does not sign in: %v", err)
	}
	n, err := db.Database().Collection("users").CountDocuments(ctx, bson.M{"email": "asha@example.com"})
	if err != nil || n != 1 {
		t.Fatalf("%d accounts stored (%v), want 1", n, err)
	}
}

// A registration cut short (its key written, its account never) holds the email only while
// it may still be written; then the next registration takes the email over.
func TestAKeyWithoutItsAccountIsTakenOverOnceStale(t *testing.T) {
	db := storetest.NewDB(t)
	users := mongostore.NewUserService(db, shop.Hasher{Cost: 4})
	ctx := t.Context()
	keys := db.Database().Collection("userEmails")
	leftBehind := func(email string, at time.Time) {
		t.Helper()
		if _, err := keys.InsertOne(ctx, bson.M{"_id": email, "user": bson.NewObjectID(), "at": at}); err != nil {
			t.Fatal(err)
		}
	}
	leftBehind("fresh@example.com", time.Now())
	if _, err := users.Register(ctx, registration("fresh@example.com")); shop.ErrorCode(err) != shop.ECONFLICT {
		t.Fatalf("registering an email a registration is writing = %v, want a conflict", err)
	}
	leftBehind("stale@example.com", time.Now().Add(-time.Hour))
	if _, err := users.Register(ctx, registration("stale@example.com")); err != nil {
		t.Fatalf("registering an email left by a registration an hour ago: %v", err)
	}
	if _, err := users.Authenticate(ctx, "stale@example.com", "secret123"); err != nil {
		t.Fatalf("the account does not sign in: %v", err)
	}
	if _, err := users.Authenticate(ctx, "fresh@example.com", "secret123"); shop.ErrorCode(err) != shop.EUNAUTHORIZED {
		t.Fatalf("signing in to an account never written = %v, want refused", err)
	}
}

// Accounts stored without their email key (before accounts had keys, or by an earlier
// version run on the store since) sign in: looked for by their email field until the pass at
// start has keyed them all. After it, on the embedded store, an email without a key is no
// account (nothing more is read); on MongoDB one is still looked for (indexed there).
func TestAccountsStoredWithoutEmailKeysSignIn(t *testing.T) {
	db := storetest.NewDB(t)
	users := mongostore.NewUserService(db, shop.Hasher{Cost: 4})
	ctx := t.Context()
	if _, err := users.Register(ctx, registration("keyed@example.com")); err != nil {
		t.Fatal(err)
	}
	hash, err := shop.Hasher{Cost: 4}.Hash("secret123")
	if err != nil {
		t.Fatal(err)
	}
	keyless := func(email string) {
		t.Helper()
		if _, err := db.Database().Collection("users").InsertOne(ctx, bson.M{"_id": bson.NewObjectID(),
			"name": "Old", "email": email, "password": hash, "role": 0}); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 3 {
		keyless(fmt.Sprintf("old%d@example.com", i))
	}
	if _, err := users.Authenticate(ctx, "old0@example.com", "secret123"); err != nil {
		t.Fatalf("an account without its key, before the pass: %v", err)
	}
	keyed, err := db.KeyUserEmails(ctx)
	if err != nil || keyed != 2 {
		t.Fatalf("the pass keyed %d accounts (%v), want the 2 not signed in since", keyed, err)
	}
	for _, email := range []string{"old0@example.com", "old1@example.com", "old2@example.com", "keyed@example.com"} {
		if _, err := users.Authenticate(ctx, email, "secret123"); err != nil {
			t.Errorf("%s does not sign in: %v", email, err)
		}
	}
	if _, err := users.Register(ctx, registration("old2@example.com")); shop.ErrorCode(err) != shop.ECONFLICT {
		t.Fatalf("registering the email of an old account = %v, want a conflict", err)
	}
	keyless("late@example.com")
	_, err = users.Authenticate(ctx, "late@example.com", "secret123")
	if storetest.Embedded() && shop.ErrorCode(err) != shop.EUNAUTHORIZED {
		t.Fatalf("on the embedded store after the pass, an account written around the shop = %v, want none found", err)
	}
	if !storetest.Embedded() && err != nil {
		t.Fatalf("on MongoDB, an account without its key = %v, want found", err)
	}
}

// A registration whose insert answered an error after it landed keeps its key: the account
// is there, and must go on signing in.
func TestAKeyOfAnAccountThereIsNotReleased(t *testing.T) {
	db := storetest.NewDB(t)
	users := mongostore.NewUserService(db, shop.Hasher{Cost: 4})
	ctx := t.Context()
	u, err := users.Register(ctx, registration("asha@example.com"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.KeyUserEmails(ctx); err != nil { // every account keyed: a missing key is no account
		t.Fatal(err)
	}
	if err := mongostore.ReleaseEmailForTest(ctx, users, "asha@example.com", u.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := users.Authenticate(ctx, "asha@example.com", "secret123"); err != nil {
		t.Fatalf("the account lost its key: %v", err)
	}
	if err := mongostore.ReleaseEmailForTest(ctx, users, "asha@example.com", bson.NewObjectID().Hex()); err != nil {
		t.Fatal(err)
	}
	if _, err := users.Authenticate(ctx, "asha@example.com", "secret123"); err != nil {
		t.Fatalf("a release by another registration took the account's key: %v", err)
	}
}

// The admin's list of accounts pages newest first, the same from the list the pass at start
// fills (the embedded store) as from the store's query, and takes in accounts registered since.
func TestAccountPagesAfterThePass(t *testing.T) {
	db := storetest.NewDB(t)
	users := mongostore.NewUserService(db, shop.Hasher{Cost: 4})
	ctx := t.Context()
	for i := range 5 {
		if _, err := users.Register(ctx, registration(fmt.Sprintf("u%d@example.com", i))); err != nil {
			t.Fatal(err)
		}
	}
	pages := func() string {
		t.Helper()
		var out []string
		for _, p := range []shop.Page{{Number: 1, Limit: 2}, {Number: 2, Limit: 2}, {Number: 3, Limit: 2}, {Number: 4, Limit: 2}, {Number: 1}} {
			us, total, err := users.Users(ctx, p)
			if err != nil {
				t.Fatal(err)
			}
			var emails []string
			for _, u := range us {
				emails = append(emails, u.Email)
			}
			out = append(out, fmt.Sprintf("%d:%v", total, emails))
		}
		return strings.Join(out, " ")
	}
	queried := pages()
	if _, err := db.KeyUserEmails(ctx); err != nil {
		t.Fatal(err)
	}
	if listed := pages(); listed != queried {
		t.Fatalf("after the pass %s, the store's query %s", listed, queried)
	}
	if _, err := users.Register(ctx, registration("new@example.com")); err != nil {
		t.Fatal(err)
	}
	first, total, err := users.Users(ctx, shop.Page{Number: 1, Limit: 2})
	if err != nil || total != 6 || first[0].Email != "new@example.com" || first[0].Name == "" {
		t.Fatalf("after a registration: %d accounts, first %+v (%v)", total, first[0], err)
	}
}
