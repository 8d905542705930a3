package catalogue

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/gob"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"shop"
)

// A snapshot is the model written to a file: what it held and at which version of the store,
// so that a restart at 100,000 products need not read them all again. The file is the gob of
// snapshot followed by the SHA-256 of that gob; snapshotFormat changes whenever what a
// snapshot holds does, so an older one is rebuilt rather than misread.
const snapshotFormat = 1

type snapshot struct {
	Format     int
	Epoch      string
	Seq        int64
	Products   []*shop.CatalogueProduct
	Categories []*shop.Category
}

// LoadFrom fills the model from the snapshot at path when the snapshot holds the store's
// current version, and from the store otherwise (a missing, stale or unreadable snapshot is
// rebuilt: the model is written back to path). It answers whether the snapshot was used.
func (m *Model) LoadFrom(ctx context.Context, path string) (bool, error) {
	v, err := m.src.CatalogueVersion(ctx)
	if err != nil {
		return false, err
	}
	s, err := readSnapshot(path)
	if err == nil && s.Epoch == v.Epoch && s.Seq == v.Seq {
		m.loadMu.Lock()
		m.replace(newState(s.Products, s.Categories), s.Epoch, s.Seq)
		m.loadMu.Unlock()
		return true, nil
	}
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		m.log.Warn("catalogue snapshot ignored: rebuilding it", "path", path, "err", err)
	}
	if err := m.Load(ctx); err != nil {
		return false, err
	}
	if err := m.SaveSnapshot(path); err != nil {
		m.log.Warn("save the catalogue snapshot", "path", path, "err", err)
	}
	return false, nil
}

// SaveSnapshot writes the model to path, replacing the file whole (never a half-written one).
func (m *Model) SaveSnapshot(path string) error {
	m.mu.RLock()
	s := snapshot{Format: snapshotFormat, Epoch: m.epoch, Seq: m.seq,
		Products: make([]*shop.CatalogueProduct, 0, len(m.newest)), Categories: make([]*shop.Category, 0, len(m.categories))}
	for _, e := range m.newest {
		p := e.p
		s.Products = append(s.Products, &p)
	}
	for _, c := range m.catByName {
		cc := *c
		s.Categories = append(s.Categories, &cc)
	}
	m.mu.RUnlock()
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(&s); err != nil {
		return fmt.Errorf("encode the catalogue snapshot: %w", err)
	}
	sum := sha256.Sum256(buf.Bytes())
	buf.Write(sum[:])
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(buf.Bytes()); err != nil {
		_ = tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// readSnapshot reads and checks the snapshot at path.
func readSnapshot(path string) (*snapshot, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(b) < sha256.Size {
		return nil, errors.New("the snapshot is cut short")
	}
	body, sum := b[:len(b)-sha256.Size], b[len(b)-sha256.Size:]
	if got := sha256.Sum256(body); !bytes.Equal(got[:], sum) {
		return nil, errors.New("the snapshot does not match its checksum")
	}
	var s snapshot
	if err := gob.NewDecoder(bytes.NewReader(body)).Decode(&s); err != nil {
		return nil, fmt.Errorf("decode the snapshot: %w", err)
	}
	if s.Format != snapshotFormat {
		return nil, fmt.Errorf("the snapshot is of format %d, not %d", s.Format, snapshotFormat)
	}
	return &s, nil
}
