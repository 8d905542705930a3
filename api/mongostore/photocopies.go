package mongostore

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"shop"
	"shop/photosize"
)

// Smaller copies of each photo (photosize.Widths, JPEG) sit in the photos bucket beside it.
// A copy's file id is derived from the photo's file id and the width, so a copy is found by
// _id alone, and the product document needs no field for it. Scaling is deterministic: two
// processes that make the same copy at once write the same bytes under the same id.

// copyID is the file id of the copy of photo file at width w.
func copyID(file bson.ObjectID, w int) bson.ObjectID {
	sum := sha256.Sum256(append(file[:], byte(w>>8), byte(w)))
	var id bson.ObjectID
	copy(id[:], sum[:len(id)])
	return id
}

// storeCopies makes and stores the copies of photo file (of product productID) from its bytes.
// A photo found not scalable is remembered: decoding it again would fail again, and a photo
// can be made to take a second of CPU and hundreds of megabytes before it fails.
func (d *DB) storeCopies(ctx context.Context, productID, file bson.ObjectID, src []byte) (map[int][]byte, error) {
	if d.knownUnscalable(file) {
		return nil, photosize.ErrNotScalable
	}
	copies, err := photosize.Copies(src)
	if errors.Is(err, photosize.ErrNotScalable) {
		d.unscalable.Store(file, true)
	}
	if err != nil {
		return nil, err
	}
	for w, b := range copies {
		if err := d.storeCopy(ctx, productID, file, w, b); err != nil {
			return nil, err
		}
	}
	return copies, nil
}

// storeCopy stores one copy. A duplicate is the same copy written by someone else first:
// nothing to undo (an abort would delete the chunks, theirs included). Chunks without a file
// are what an upload cut short by a crash left: they go, and the copy is written again.
func (d *DB) storeCopy(ctx context.Context, productID, file bson.ObjectID, w int, b []byte) error {
	id := copyID(file, w)
	opts := options.GridFSUpload().SetMetadata(bson.D{{Key: "productId", Value: productID},
		{Key: "contentType", Value: photosize.ContentType}, {Key: "copyOf", Value: file}, {Key: "width", Value: w}})
	for attempt := 0; ; attempt++ {
		us, err := d.bucket().OpenUploadStreamWithID(ctx, id, productID.Hex(), opts)
		if err != nil {
			return fmt.Errorf("open photo copy upload: %w", err)
		}
		_, err = us.Write(b)
		if err == nil {
			err = us.Close()
		}
		if err == nil {
			return nil
		}
		if !mongo.IsDuplicateKeyError(err) {
			_ = us.Abort()
			return fmt.Errorf("store photo copy: %w", err)
		}
		stored, cerr := d.photoFileExists(ctx, id)
		if cerr != nil || stored || attempt > 0 {
			return cerr
		}
		if _, err := d.db.Collection(photoBucket+".chunks").DeleteMany(ctx, bson.M{"files_id": id}); err != nil {
			return fmt.Errorf("remove a cut-short photo copy: %w", err)
		}
	}
}

// loadCopy answers the copy of photo p (file id file) at width w, making it when there is none
// yet (a photo stored before copies were made).
func (s *ProductService) loadCopy(ctx context.Context, file bson.ObjectID, p *shop.Photo, w int) ([]byte, error) {
	id := copyID(file, w)
	var f struct {
		Length int64 `bson:"length"`
	}
	err := s.db.db.Collection(photoBucket+".files").FindOne(ctx, bson.M{"_id": id}).Decode(&f)
	if err == nil {
		return s.batch.load(ctx, id, f.Length)
	}
	if !errors.Is(err, mongo.ErrNoDocuments) {
		return nil, fmt.Errorf("find photo copy: %w", err)
	}
	copies, err := s.makeCopies(ctx, file, p)
	if err != nil {
		return nil, err
	}
	return copies[w], nil
}

// makeCopies makes and stores the copies of photo p (file id file) from the original.
func (s *ProductService) makeCopies(ctx context.Context, file bson.ObjectID, p *shop.Photo) (map[int][]byte, error) {
	if s.db.knownUnscalable(file) {
		return nil, photosize.ErrNotScalable
	}
	src, err := s.photos.Get(ctx, p.FileID, func(ctx context.Context) ([]byte, error) {
		return s.batch.load(ctx, file, p.Size)
	})
	if err != nil {
		return nil, err
	}
	var orig struct {
		Metadata struct {
			ProductID bson.ObjectID `bson:"productId"`
		} `bson:"metadata"`
	}
	if err := s.db.db.Collection(photoBucket+".files").FindOne(ctx, bson.M{"_id": file}).Decode(&orig); err != nil {
		return nil, notFound(err, "This product has no photo.")
	}
	return s.db.storeCopies(ctx, orig.Metadata.ProductID, file, bytes.Clone(src))
}

// MakePhotoCopies makes the missing copies of these photos, one photo at a time (the work runs
// beside the shop's traffic at start). It answers how many photos got copies.
func (s *ProductService) MakePhotoCopies(ctx context.Context, photos []*shop.Photo) (int, error) {
	made := 0
	for _, p := range photos {
		file, err := objectID("Photo id", p.FileID)
		if err != nil {
			return made, err
		}
		all, err := s.db.hasAllCopies(ctx, file)
		if err != nil {
			return made, err
		}
		if all {
			continue
		}
		_, err = s.makeCopies(ctx, file, p)
		if errors.Is(err, photosize.ErrNotScalable) {
			continue // served whole
		}
		if err != nil {
			return made, fmt.Errorf("copies of photo %s: %w", p.FileID, err)
		}
		made++
	}
	return made, nil
}

// hasAllCopies reports whether every copy of photo file is stored. It looks each one up by
// _id: on the embedded store a count or an $in reads every photo file (it only finds by
// plain _id equality), which at start, once per photo, took seconds beside the shop's
// traffic and grows with the square of the photos.
func (d *DB) hasAllCopies(ctx context.Context, file bson.ObjectID) (bool, error) {
	for _, id := range copyIDs(file) {
		stored, err := d.photoFileExists(ctx, id)
		if err != nil || !stored {
			return false, err
		}
	}
	return true, nil
}

// knownUnscalable reports whether photo file was found not scalable before.
func (d *DB) knownUnscalable(file bson.ObjectID) bool {
	_, known := d.unscalable.Load(file)
	return known
}

// photoFileExists reports whether the photo file id is stored, by an _id look-up.
func (d *DB) photoFileExists(ctx context.Context, id bson.ObjectID) (bool, error) {
	err := d.db.Collection(photoBucket+".files").FindOne(ctx, bson.M{"_id": id},
		options.FindOne().SetProjection(bson.M{"_id": 1})).Err()
	if errors.Is(err, mongo.ErrNoDocuments) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("find photo file %s: %w", id.Hex(), err)
	}
	return true, nil
}

func copyIDs(file bson.ObjectID) []bson.ObjectID {
	ids := make([]bson.ObjectID, len(photosize.Widths))
	for i, w := range photosize.Widths {
		ids[i] = copyID(file, w)
	}
	return ids
}

// loadPhotoCopy fills p with the copy of width p.Width, from the cache or the store. A photo
// whose pixels do not decode has no copies: it is answered whole.
func (s *ProductService) loadPhotoCopy(ctx context.Context, file bson.ObjectID, p *shop.Photo) error {
	if !photosize.Valid(p.Width) {
		return shop.Errorf(shop.EINVALID, "Photo width must be one of %v.", photosize.Widths)
	}
	if s.db.knownUnscalable(file) {
		p.Width = 0
		return s.LoadPhoto(ctx, p)
	}
	id := copyID(file, p.Width)
	b, err := s.photos.Get(ctx, id.Hex(), func(ctx context.Context) ([]byte, error) {
		return s.loadCopy(ctx, file, p, p.Width)
	})
	if errors.Is(err, photosize.ErrNotScalable) {
		p.Width = 0
		return s.LoadPhoto(ctx, p)
	}
	if err != nil {
		return err
	}
	p.Bytes, p.ContentType = b, photosize.ContentType
	return nil
}
