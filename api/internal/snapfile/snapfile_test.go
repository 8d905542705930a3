package snapfile_test

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"shop/internal/snapfile"
)

// A written file reads back whole; one cut short, changed or missing is refused, and a
// rewrite replaces it without leaving its temporary file behind.
func TestWriteAndRead(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "index.snapshot")
	if _, err := snapfile.Read(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("missing file: %v, want os.ErrNotExist", err)
	}
	for _, body := range [][]byte{[]byte("the first body"), []byte("a second, longer body")} {
		if err := snapfile.Write(path, body); err != nil {
			t.Fatal(err)
		}
		got, err := snapfile.Read(path)
		if err != nil || !bytes.Equal(got, body) {
			t.Fatalf("read %q, %v; want %q", got, err, body)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Fatalf("%d files in the directory, want the snapshot alone", len(entries))
	}
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	changed := bytes.Clone(good)
	changed[3] ^= 0xff
	for name, b := range map[string][]byte{"cut short": good[:len(good)-1], "changed": changed, "empty": {}} {
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		if body, err := snapfile.Read(path); err == nil {
			t.Errorf("%s: read %q, want an error", name, body)
		}
	}
}
