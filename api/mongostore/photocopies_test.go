package mongostore_test

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop/internal/storetest"
	"shop/mongostore"
	"shop/photosize"
)

// A photo whose copies cannot be made is found so once: anyone may ask for its copies, and a
// photo can be made to take a second and hundreds of megabytes before its decoding fails.
func TestUnscalablePhotoIsDecodedOnce(t *testing.T) {
	db := storetest.NewDB(t)
	var good bytes.Buffer
	if err := png.Encode(&good, image.NewGray(image.Rect(0, 0, 40, 30))); err != nil {
		t.Fatal(err)
	}
	broken := append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{7}, 200)...)
	product, file := bson.NewObjectID(), bson.NewObjectID()

	if err := mongostore.StoreCopiesForTest(t.Context(), db, product, file, broken); !errors.Is(err, photosize.ErrNotScalable) {
		t.Fatalf("copies of a broken photo: %v, want ErrNotScalable", err)
	}
	// The same file is not decoded again: even bytes that would scale are not looked at.
	if err := mongostore.StoreCopiesForTest(t.Context(), db, product, file, good.Bytes()); !errors.Is(err, photosize.ErrNotScalable) {
		t.Fatalf("a photo found not scalable was decoded again: %v", err)
	}
	if err := mongostore.StoreCopiesForTest(t.Context(), db, product, bson.NewObjectID(), good.Bytes()); err != nil {
		t.Fatalf("copies of a good photo: %v", err)
	}
}
