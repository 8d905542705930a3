package mongostore_test

import (
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/internal/storetest"
	"shop/mongostore"
)

// Categories stored before names were compared NFKC-folded and with runs of spaces as one get
// their keys again, once; two whose names now have one key both stay, under their old keys.
func TestRekeyCategories(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := t.Context()
	cats := db.Database().Collection("categories")
	ids := map[string]bson.ObjectID{}
	for name, oldKey := range map[string]string{"Ｂａｇｓ": "ｂａｇｓ", "Tees & Tops": "tees & tops", "Tees  &  Tops": "tees  &  tops"} {
		ids[name] = bson.NewObjectID()
		if _, err := cats.InsertOne(ctx, bson.M{"_id": ids[name], "name": name, "nameKey": oldKey, "slug": ids[name].Hex()}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Database().Collection("migrations").DeleteOne(ctx, bson.M{"_id": "category-keys-2"}); err != nil {
		t.Fatal(err)
	}
	if err := db.EnsureIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	key := func(name string) string {
		var doc struct {
			NameKey string `bson:"nameKey"`
		}
		if err := cats.FindOne(ctx, bson.M{"_id": ids[name]}).Decode(&doc); err != nil {
			t.Fatal(err)
		}
		return doc.NameKey
	}
	for name, want := range map[string]string{"Ｂａｇｓ": "bags", "Tees & Tops": "tees & tops", "Tees  &  Tops": "tees  &  tops"} {
		if got := key(name); got != want {
			t.Errorf("key of %q = %q, want %q", name, got, want)
		}
	}
	// Once: a key written since is left alone.
	if _, err := cats.UpdateOne(ctx, bson.M{"_id": ids["Ｂａｇｓ"]}, bson.M{"$set": bson.M{"nameKey": "kept"}}); err != nil {
		t.Fatal(err)
	}
	if err := db.EnsureIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	if got := key("Ｂａｇｓ"); got != "kept" {
		t.Errorf("a second start keyed again: %q", got)
	}
}

// Accounts stored by the first versions, whose emails were only lower-cased, are stored again
// in the form sign-in looks up, once: a domain in punycode (as a browser sends one typed in
// Unicode) and full-width letters sign in and cannot be registered twice. An account whose
// email is now another account's stays as it was.
func TestRenormalizeEmails(t *testing.T) {
	db := storetest.NewDB(t)
	ctx := t.Context()
	hasher := shop.Hasher{Cost: 4}
	users := mongostore.NewUserService(db, hasher)
	taken, err := users.Register(ctx, registration("ravi@bücher.de"))
	if err != nil {
		t.Fatal(err)
	}
	hash, err := hasher.Hash("secret123")
	if err != nil {
		t.Fatal(err)
	}
	stored := map[string]bson.ObjectID{}
	for _, email := range []string{"meera@xn--bcher-kva.de", "ｆｕｌｌ@shop.test", "ravi@xn--bcher-kva.de", "under@my_shop.test",
		"sam@xn--bcher-kva.de", "sam@bücher.de", "lee@xn--bcher-kva.de"} {
		stored[email] = bson.NewObjectID()
		if _, err := db.Database().Collection("users").InsertOne(ctx, bson.M{"_id": stored[email], "name": "Old Shopper",
			"email": email, "password": hash, "phone": "1", "address": "Pune", "answer": "blue", "role": 0}); err != nil {
			t.Fatal(err)
		}
	}
	keys := db.Database().Collection("userEmails")
	// meera was keyed under her old email by a version that keyed accounts; lee's new email is
	// held by a registration cut short two minutes ago (its key written, its account never).
	for _, key := range []bson.M{
		{"_id": "meera@xn--bcher-kva.de", "user": stored["meera@xn--bcher-kva.de"], "at": time.Now().UTC()},
		{"_id": "lee@bücher.de", "user": bson.NewObjectID(), "at": time.Now().UTC().Add(-2 * time.Minute)},
	} {
		if _, err := keys.InsertOne(ctx, key); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Database().Collection("migrations").DeleteOne(ctx, bson.M{"_id": "user-emails-normalized"}); err != nil {
		t.Fatal(err)
	}
	if err := db.EnsureIndexes(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := db.KeyUserEmails(ctx); err != nil {
		t.Fatal(err)
	}

	for typed, want := range map[string]bson.ObjectID{
		"meera@bücher.de": stored["meera@xn--bcher-kva.de"], "meera@xn--bcher-kva.de": stored["meera@xn--bcher-kva.de"],
		"full@shop.test": stored["ｆｕｌｌ@shop.test"], "ravi@bücher.de": mustID(t, taken.ID),
		"sam@bücher.de": stored["sam@bücher.de"], "lee@bücher.de": stored["lee@xn--bcher-kva.de"],
	} {
		u, err := users.Authenticate(ctx, typed, "secret123")
		if err != nil || u.ID != want.Hex() {
			t.Errorf("sign-in as %s: %v (%v), want account %s", typed, u, err, want.Hex())
		}
	}
	if _, err := users.Register(ctx, registration("meera@bücher.de")); shop.ErrorCode(err) != shop.ECONFLICT {
		t.Errorf("registering an upgraded account's email again: %v, want a conflict", err)
	}
	emailOf := func(id bson.ObjectID) string {
		var doc struct {
			Email string `bson:"email"`
		}
		if err := db.Database().Collection("users").FindOne(ctx, bson.M{"_id": id}).Decode(&doc); err != nil {
			t.Fatal(err)
		}
		return doc.Email
	}
	for old, want := range map[string]string{"meera@xn--bcher-kva.de": "meera@bücher.de", "ｆｕｌｌ@shop.test": "full@shop.test",
		"ravi@xn--bcher-kva.de": "ravi@xn--bcher-kva.de", "under@my_shop.test": "under@my_shop.test",
		"sam@xn--bcher-kva.de": "sam@xn--bcher-kva.de", "lee@xn--bcher-kva.de": "lee@bücher.de"} {
		if got := emailOf(stored[old]); got != want {
			t.Errorf("account stored as %s now has %s, want %s", old, got, want)
		}
	}
	if n, err := keys.CountDocuments(ctx, bson.M{"_id": "meera@xn--bcher-kva.de"}); err != nil || n != 0 {
		t.Errorf("the old key of an upgraded account is still there (%d, %v)", n, err)
	}
}

func mustID(t *testing.T, hex string) bson.ObjectID {
	t.Helper()
	id, err := bson.ObjectIDFromHex(hex)
	if err != nil {
		t.Fatal(err)
	}
	return id
}
