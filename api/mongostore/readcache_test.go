package mongostore

import (
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
)

func TestReadCacheKeepsOnlyWhatNoWriteOfItOvertook(t *testing.T) {
	a, b := bson.NewObjectID(), bson.NewObjectID()

	c := newReadCache[string](10)
	start := c.begin()
	c.put(a, "read", start)
	if v, ok := c.get(a); !ok || v != "read" {
		t.Fatalf("a read no write overtook: get = %q, %v; want it kept", v, ok)
	}

	start = c.begin()
	c.forget(a) // a write of a landed while it was read
	c.put(a, "stale", start)
	if v, ok := c.get(a); ok {
		t.Fatalf("a read overtaken by a write of its document was kept: %q", v)
	}

	start = c.begin()
	c.forget(b) // a write of another document landed meanwhile
	c.put(a, "fresh", start)
	if v, ok := c.get(a); !ok || v != "fresh" {
		t.Fatalf("a read beside a write of another document: get = %q, %v; want it kept", v, ok)
	}

	c.forget(a)
	if v, ok := c.get(a); ok {
		t.Fatalf("a document written since its read is still answered: %q", v)
	}
}

func TestReadCacheStartsAgainWhenFull(t *testing.T) {
	c := newReadCache[int](3)
	ids := []bson.ObjectID{bson.NewObjectID(), bson.NewObjectID(), bson.NewObjectID(), bson.NewObjectID()}
	slow := ids[3]
	slowStart := c.begin()
	c.forget(slow) // a write of the document read slowly lands...
	for i, id := range ids[:3] {
		c.put(id, i, c.begin()) // ...and the cache fills, losing the note of that write
	}
	if len(c.docs) > 3 {
		t.Fatalf("the cache holds %d documents, over its bound of 3", len(c.docs))
	}
	c.put(slow, 99, slowStart)
	if _, ok := c.get(slow); ok {
		t.Fatal("a read begun before the cache started again was kept: the write it missed is no longer noted")
	}
	c.put(slow, 100, c.begin())
	if v, ok := c.get(slow); !ok || v != 100 {
		t.Fatalf("a read begun after the cache started again: get = %d, %v; want it kept", v, ok)
	}
}

// A write reaches the caches of its own collection only: product and order writes under sales
// never push the sign-in check's users out, and each collection's writes drop its documents.
func TestWritesReachTheCachesOfTheirCollection(t *testing.T) {
	d := &DB{orders: newReadCache[orderDoc](8), users: newReadCache[userDoc](8), stored: newReadCache[bson.Raw](8)}
	user, product, order := bson.NewObjectID(), bson.NewObjectID(), bson.NewObjectID()
	d.users.put(user, userDoc{Name: "Asha"}, d.users.begin())
	for range 20 {
		d.forgetCached(productsColl, bson.NewObjectID())
		d.forgetCached(ordersColl, bson.NewObjectID())
	}
	if _, ok := d.users.get(user); !ok {
		t.Fatal("writes of products and orders dropped a user from the users cache")
	}
	d.forgetCached(usersColl, user)
	if _, ok := d.users.get(user); ok {
		t.Fatal("a write of the user left it in the users cache")
	}

	d.keepStored(product, bson.Raw{}, d.storedClock())
	d.keepStored(order, bson.Raw{}, d.storedClock())
	d.orders.put(order, orderDoc{Number: "CS-TEST0001"}, d.orders.begin())
	d.forgetCached(productsColl, product)
	d.forgetCached(ordersColl, order)
	if _, ok := d.stored.get(product); ok {
		t.Fatal("a write of the product left it in the stored documents")
	}
	if _, ok := d.stored.get(order); ok {
		t.Fatal("a write of the order left it in the stored documents")
	}
	if _, ok := d.orders.get(order); ok {
		t.Fatal("a write of the order left it in the orders cache")
	}
}
