package mongostore

import (
	"context"
	"sync"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
)

// WarmPhotoCache loads product photos into the photo cache, newest products first, until the
// cache's budget is full. On the embedded store every read of photo chunks scans them all,
// so photos read one by one on first view cost a scan each; read together here, in batches of
// maxPhotoBatch, they cost one scan a batch, once, in the background after start. It answers
// the number of photos and bytes loaded. photos are the photos to load, in order.
func (s *ProductService) WarmPhotoCache(ctx context.Context, photos []*shop.Photo) (int, int64, error) {
	var refs []photoRef
	var total int64
	for _, p := range photos {
		fid, err := bson.ObjectIDFromHex(p.FileID)
		if err != nil {
			continue
		}
		if total+p.Size > s.photos.budget {
			break
		}
		total += p.Size
		refs = append(refs, photoRef{FileID: fid, ContentType: p.ContentType, Size: p.Size})
	}

	var loaded int64
	n := 0
	for len(refs) > 0 && ctx.Err() == nil {
		batch := refs[:min(len(refs), maxPhotoBatch)]
		refs = refs[len(batch):]
		var wg sync.WaitGroup
		var mu sync.Mutex
		var firstErr error
		for _, ref := range batch {
			wg.Add(1)
			go func() {
				defer wg.Done()
				b, err := s.photos.Get(ctx, ref.FileID.Hex(), func(ctx context.Context) ([]byte, error) {
					return s.batch.load(ctx, ref.FileID, ref.Size)
				})
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
					return
				}
				n++
				loaded += int64(len(b))
			}()
		}
		wg.Wait()
		if firstErr != nil {
			return n, loaded, firstErr
		}
	}
	return n, loaded, ctx.Err()
}
