package mongostore_test

import (
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop/internal/storetest"
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
