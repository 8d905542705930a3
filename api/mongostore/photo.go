package mongostore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"shop"
)

// bucket is the GridFS bucket of product photos. A bucket value keeps per-use state, so each
// operation takes its own.
func (d *DB) bucket() *mongo.GridFSBucket {
	return d.db.GridFSBucket(options.GridFSBucket().SetName(photoBucket))
}

// uploadPhoto streams up into a new GridFS file of product productID. On any failure nothing
// is left in the bucket.
func (d *DB) uploadPhoto(ctx context.Context, productID bson.ObjectID, up *shop.PhotoUpload) (*photoRef, error) {
	fileID := bson.NewObjectID()
	opts := options.GridFSUpload().SetMetadata(bson.D{
		{Key: "productId", Value: productID}, {Key: "contentType", Value: up.ContentType}})
	us, err := d.bucket().OpenUploadStreamWithID(ctx, fileID, productID.Hex(), opts)
	if err != nil {
		return nil, fmt.Errorf("open photo upload: %w", err)
	}
	n, err := io.CopyBuffer(us, up.Body, make([]byte, 32<<10))
	if err == nil {
		err = us.Close()
	}
	if err != nil {
		_ = us.Abort()
		d.deletePhoto(ctx, fileID)
		var se *shop.Error
		if errors.As(err, &se) {
			return nil, err
		}
		return nil, fmt.Errorf("upload photo: %w", err)
	}
	return &photoRef{FileID: fileID, ContentType: up.ContentType, Size: n}, nil
}

// deletePhoto removes a photo file and its chunks. It runs even when ctx has ended (a client
// that went away must not leave orphans); a failure is logged.
func (d *DB) deletePhoto(ctx context.Context, fileID bson.ObjectID) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	if err := d.bucket().Delete(ctx, fileID); err != nil && !errors.Is(err, mongo.ErrFileNotFound) {
		d.log.Error("delete photo file", "fileId", fileID.Hex(), "err", err)
	}
}
