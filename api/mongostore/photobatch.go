package mongostore

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"shop"
)

// photoBatcher reads photo files from GridFS, many in one query: the photos wanted while a
// query runs are read together by the next one. On the embedded store every chunks query
// scans the whole chunks collection (docs/architecture.md: about 630 ms among 200 photos, whatever
// the filter), so a burst of cold photos costs a few scans instead of one scan each: 64
// distinct cold photos took 64 scans (tens of seconds of CPU) before, two or three now.
// On MongoDB the same query uses the bucket's files_id index.
type photoBatcher struct {
	db *DB

	mu      sync.Mutex
	waiting map[bson.ObjectID][]chan photoResult
	running bool
}

type photoResult struct {
	bytes []byte
	err   error
}

// maxPhotoBatch bounds the files read by one query (and so the bytes it holds at once).
const maxPhotoBatch = 256

func newPhotoBatcher(db *DB) *photoBatcher {
	return &photoBatcher{db: db, waiting: map[bson.ObjectID][]chan photoResult{}}
}

// load answers the bytes of file id, which holds size bytes.
func (b *photoBatcher) load(ctx context.Context, id bson.ObjectID, size int64) ([]byte, error) {
	ch := make(chan photoResult, 1)
	b.mu.Lock()
	b.waiting[id] = append(b.waiting[id], ch)
	if !b.running {
		b.running = true
		go b.run()
	}
	b.mu.Unlock()
	select {
	case r := <-ch:
		if r.err == nil && int64(len(r.bytes)) != size {
			return nil, fmt.Errorf("photo %s: read %d bytes, want %d", id.Hex(), len(r.bytes), size)
		}
		return r.bytes, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// run reads batches until nobody waits.
func (b *photoBatcher) run() {
	for {
		b.mu.Lock()
		if len(b.waiting) == 0 {
			b.running = false
			b.mu.Unlock()
			return
		}
		batch := make(map[bson.ObjectID][]chan photoResult, min(len(b.waiting), maxPhotoBatch))
		for id, chs := range b.waiting {
			if len(batch) == maxPhotoBatch {
				break
			}
			batch[id] = chs
			delete(b.waiting, id)
		}
		b.mu.Unlock()

		ids := make([]bson.ObjectID, 0, len(batch))
		for id := range batch {
			ids = append(ids, id)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		files, err := b.db.readPhotoFiles(ctx, ids)
		cancel()
		for id, chs := range batch {
			r := photoResult{err: err}
			if err == nil {
				if data, ok := files[id]; ok {
					r.bytes = data
				} else {
					r.err = shop.Errorf(shop.ENOTFOUND, "This product has no photo.")
				}
			}
			for _, ch := range chs {
				ch <- r
			}
		}
	}
}

// chunkDoc is one GridFS chunk.
type chunkDoc struct {
	FilesID bson.ObjectID `bson:"files_id"`
	N       int32         `bson:"n"`
	Data    []byte        `bson:"data"`
}

// readPhotoFiles reads the chunks of these files in one query and joins them in order.
// A file without chunks is absent from the answer; a file with a missing chunk is an error.
func (d *DB) readPhotoFiles(ctx context.Context, ids []bson.ObjectID) (map[bson.ObjectID][]byte, error) {
	cur, err := d.db.Collection(photoBucket+".chunks").Find(ctx, bson.M{"files_id": bson.M{"$in": ids}},
		options.Find().SetProjection(bson.M{"_id": 0, "files_id": 1, "n": 1, "data": 1}))
	if err != nil {
		return nil, fmt.Errorf("read photo chunks: %w", err)
	}
	defer cur.Close(ctx)
	chunks := map[bson.ObjectID][]chunkDoc{}
	for cur.Next(ctx) {
		var c chunkDoc
		if err := cur.Decode(&c); err != nil {
			return nil, fmt.Errorf("decode photo chunk: %w", err)
		}
		chunks[c.FilesID] = append(chunks[c.FilesID], c)
	}
	if err := cur.Err(); err != nil {
		return nil, fmt.Errorf("read photo chunks: %w", err)
	}
	files := make(map[bson.ObjectID][]byte, len(chunks))
	for id, cs := range chunks {
		slices.SortFunc(cs, func(a, b chunkDoc) int { return int(a.N) - int(b.N) })
		size := 0
		for i, c := range cs {
			if int(c.N) != i {
				return nil, fmt.Errorf("photo %s: chunk %d missing", id.Hex(), i)
			}
			size += len(c.Data)
		}
		data := make([]byte, 0, size)
		for _, c := range cs {
			data = append(data, c.Data...)
		}
		files[id] = data
	}
	return files, nil
}
