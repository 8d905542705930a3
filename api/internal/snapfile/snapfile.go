// Package snapfile writes and reads the shop's snapshot files (the catalogue read model, the
// order index): a body followed by its SHA-256, replaced whole so that a reader never sees a
// half-written file, and refused when cut short or changed. Replace writes any file so.
package snapfile

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"os"
	"path/filepath"
)

// Write replaces the file at path with body and its checksum.
func Write(path string, body []byte) error {
	sum := sha256.Sum256(body)
	return Replace(path, body, sum[:])
}

// Replace writes the file at path whole or not at all: parts, in order, go to a new file
// beside it (mode 0600), synced, which then takes its place. A crash leaves the old file or
// the new one, never one cut short.
func Replace(path string, parts ...[]byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	for _, part := range parts {
		if err == nil {
			_, err = tmp.Write(part)
		}
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// Read answers the body of the file at path once its checksum matches. A missing file answers
// an error satisfying errors.Is(err, os.ErrNotExist).
func Read(path string) ([]byte, error) {
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
	return body, nil
}
