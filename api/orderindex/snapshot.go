package orderindex

import (
	"bytes"
	"cmp"
	"encoding/gob"
	"fmt"
	"slices"
	"time"

	"shop/internal/snapfile"
)

// A snapshot is the index written to a file, so that a restart over 100,000 orders need not
// read them all from the store again. It carries a seal: a random token the store keeps
// beside it while nothing has changed since it was written (the caller checks the two
// match). The file is the gob of snapshotFile followed by the SHA-256 of that gob;
// snapshotFormat changes whenever what a snapshot holds does, so an older one is rebuilt
// rather than misread.
const snapshotFormat = 1

type snapshotFile struct {
	Format  int
	Seal    string
	Entries []snapshotEntry
}

type snapshotEntry struct {
	ID, Buyer, State string
	At               int64 // CreatedAt in Unix nanoseconds
}

// FromEntries builds an index of entries at once (sorting them once rather than one by one).
// A later entry of the same id replaces an earlier one.
func FromEntries(listed func(state string) bool, entries []Entry) *Index {
	x := New(listed)
	for _, e := range entries {
		x.entries[e.ID] = e
	}
	x.all = make([]key, 0, len(x.entries))
	for _, e := range x.entries {
		if listed(e.State) {
			k := keyOf(e)
			x.all = append(x.all, k)
			x.byBuyer[e.Buyer] = append(x.byBuyer[e.Buyer], k)
		}
	}
	slices.SortFunc(x.all, key.compare)
	for _, keys := range x.byBuyer {
		slices.SortFunc(keys, key.compare)
	}
	return x
}

// Len is the number of orders the index knows, listed or not.
func (x *Index) Len() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return len(x.entries)
}

// Save writes the index with its seal to path, replacing the file whole (never a
// half-written one).
func (x *Index) Save(path, seal string) error {
	x.mu.RLock()
	s := snapshotFile{Format: snapshotFormat, Seal: seal, Entries: make([]snapshotEntry, 0, len(x.entries))}
	for _, e := range x.entries {
		s.Entries = append(s.Entries, snapshotEntry{ID: e.ID, Buyer: e.Buyer, State: e.State, At: e.CreatedAt.UnixNano()})
	}
	x.mu.RUnlock()
	// Oldest first: the order the index sorts them in, so a load sorts little.
	slices.SortFunc(s.Entries, func(a, b snapshotEntry) int { return cmp.Or(cmp.Compare(a.At, b.At), cmp.Compare(a.ID, b.ID)) })
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(&s); err != nil {
		return fmt.Errorf("encode the order index snapshot: %w", err)
	}
	return snapfile.Write(path, buf.Bytes())
}

// Load reads the snapshot at path: the index it holds and its seal. A missing file answers
// an error satisfying errors.Is(err, os.ErrNotExist); a damaged one, or one of another
// format, an error saying so.
func Load(path string, listed func(state string) bool) (*Index, string, error) {
	body, err := snapfile.Read(path)
	if err != nil {
		return nil, "", fmt.Errorf("order index snapshot: %w", err)
	}
	var s snapshotFile
	if err := gob.NewDecoder(bytes.NewReader(body)).Decode(&s); err != nil {
		return nil, "", fmt.Errorf("decode the order index snapshot: %w", err)
	}
	if s.Format != snapshotFormat {
		return nil, "", fmt.Errorf("the order index snapshot is of format %d, not %d", s.Format, snapshotFormat)
	}
	entries := make([]Entry, len(s.Entries))
	for i, e := range s.Entries {
		entries[i] = Entry{ID: e.ID, Buyer: e.Buyer, State: e.State, CreatedAt: time.Unix(0, e.At).UTC()}
	}
	return FromEntries(listed, entries), s.Seal, nil
}
