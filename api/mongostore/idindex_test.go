package mongostore_test

import (
	"strings"
	"testing"

	"shop/internal/storetest"
	"shop/mongostore"
)

// On the embedded store every collection the shop updates exists from the start, with the
// index that makes FerretDB's update of one document by _id a look-up instead of a scan of
// the collection (docs/architecture.md).
func TestEveryUpdatedCollectionUpdatesByIndex(t *testing.T) {
	if !storetest.Embedded() {
		t.Skip("the index is the embedded store's; MongoDB updates by its _id index")
	}
	db := storetest.NewDB(t)
	plans, err := storetest.Server().UpdatePlans(t.Context(), db.Database().Name())
	if err != nil {
		t.Fatal(err)
	}
	for _, coll := range mongostore.UpdatedCollections {
		plan, ok := plans[coll]
		if !ok {
			t.Errorf("collection %s was not made at start", coll)
			continue
		}
		if !strings.Contains(plan, "USING INDEX") || strings.Contains(plan, "SCAN") {
			t.Errorf("an update of %s by _id runs %q, want a search using the _id index", coll, plan)
		}
	}
}
