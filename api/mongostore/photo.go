package mongostore

import (
	"bytes"
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
	var kept bytes.Buffer // for the copies; a photo is at most shop.MaxPhotoBytes
	n, err := io.CopyBuffer(us, io.TeeReader(up.Body, &kept), make([]byte, 32<<10))
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
	// A photo whose copies cannot be made (its type sniffed right but its pixels do not
	// decode) is still stored: its copies are then made from it when asked for, or it is
	// served whole.
	if _, err := d.storeCopies(ctx, productID, fileID, kept.Bytes()); err != nil {
		d.log.WarnContext(ctx, "make photo copies", "fileId", fileID.Hex(), "err", err)
	}
	return &photoRef{FileID: fileID, ContentType: up.ContentType, Size: n}, nil
}

// deletePhoto removes a photo file, its copies and their chunks. It runs even when ctx has
// ended (a client that went away must not leave orphans); a failure is logged.
func (d *DB) deletePhoto(ctx context.Context, fileID bson.ObjectID) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	for _, id := range append(copyIDs(fileID), fileID) {
		if err := d.bucket().Delete(ctx, id); err != nil && !errors.Is(err, mongo.ErrFileNotFound) {
			d.log.ErrorContext(ctx, "delete photo file", "fileId", id.Hex(), "err", err)
		}
	}
}
