package mongostore

import (
	"context"
	"errors"
	"fmt"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
)

// The catalogue's version document, {_id: "catalogue", epoch, seq, recent} in the collection
// "meta": seq counts the catalogue changes announced since epoch began, and recent lists the
// last recentChanges of them (the ids each changed), so a process that polls it reloads just
// those documents. Every read model polls it with an _id look-up.
const (
	metaColl        = "meta"
	catalogueMetaID = "catalogue"
	recentChanges   = 256
)

type versionDoc struct {
	Epoch  string                 `bson:"epoch"`
	Seq    int64                  `bson:"seq"`
	Recent []shop.CatalogueChange `bson:"recent"`
}

// catalogueVersion reads the version document, creating it when the store has none yet.
func (d *DB) catalogueVersion(ctx context.Context) (*shop.CatalogueVersion, error) {
	coll := d.db.Collection(metaColl)
	for range 2 {
		var v versionDoc
		err := coll.FindOne(ctx, bson.M{"_id": catalogueMetaID}).Decode(&v)
		if err == nil && v.Epoch != "" {
			return &shop.CatalogueVersion{Epoch: v.Epoch, Seq: v.Seq, Recent: v.Recent}, nil
		}
		if err != nil && !isNoDocument(err) {
			return nil, fmt.Errorf("read catalogue version: %w", err)
		}
		// None yet, or one from before changes were named: begin a new epoch. Two processes
		// racing here both insert; the unique _id keeps the first, and both read it again.
		if err == nil {
			_, err = coll.DeleteOne(ctx, bson.M{"_id": catalogueMetaID, "epoch": bson.M{"$exists": false}})
		} else {
			err = nil
		}
		if err == nil {
			_, err = coll.InsertOne(ctx, bson.M{"_id": catalogueMetaID, "epoch": bson.NewObjectID().Hex(),
				"seq": int64(0), "recent": bson.A{}})
		}
		if err != nil && !isDuplicate(err) {
			return nil, fmt.Errorf("create catalogue version: %w", err)
		}
	}
	return nil, fmt.Errorf("read catalogue version: it keeps changing")
}

// announceCatalogueChange appends ch to the version document and answers its new seq.
func (d *DB) announceCatalogueChange(ctx context.Context, ch shop.CatalogueChange) (int64, error) {
	var seq int64
	bump := func(raw bson.Raw) (bson.M, bson.M, error) {
		var v versionDoc
		if err := bson.Unmarshal(raw, &v); err != nil {
			return nil, nil, err
		}
		if v.Epoch == "" {
			return nil, nil, errNoEpoch
		}
		seq = v.Seq + 1
		recent := append(v.Recent, ch)
		recent = recent[max(0, len(recent)-recentChanges):]
		return bson.M{"seq": v.Seq}, bson.M{"$set": bson.M{"seq": seq, "recent": recent}}, nil
	}
	meta := d.db.Collection(metaColl)
	err := d.guardedUpdate(ctx, meta, catalogueMetaID, "no catalogue version", bump)
	if shop.ErrorCode(err) == shop.ENOTFOUND || errors.Is(err, errNoEpoch) {
		if _, err = d.catalogueVersion(ctx); err == nil {
			err = d.guardedUpdate(ctx, meta, catalogueMetaID, "no catalogue version", bump)
		}
	}
	if err != nil {
		return 0, fmt.Errorf("announce catalogue change: %w", err)
	}
	return seq, nil
}

var errNoEpoch = errors.New("the catalogue version has no epoch yet")
