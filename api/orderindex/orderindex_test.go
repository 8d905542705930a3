package orderindex_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"shop/orderindex"
)

func listed(s string) bool { return s == "paid" }

// TestPagesNewestFirst pages the same orders in an index built one order at a time, built at
// once, and saved to a snapshot and loaded back.
func TestPagesNewestFirst(t *testing.T) {
	var entries []orderindex.Entry
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	// Put out of order; o3 and o4 share a creation time (ties go by id).
	for _, n := range []int{3, 1, 7, 4, 2, 6, 5} {
		at := t0.Add(time.Duration(n) * time.Minute)
		if n == 4 {
			at = t0.Add(3 * time.Minute)
		}
		buyer := "b1"
		if n%2 == 0 {
			buyer = "b2"
		}
		entries = append(entries, orderindex.Entry{ID: fmt.Sprintf("o%d", n), Buyer: buyer, CreatedAt: at, State: "paid"})
	}
	entries = append(entries, orderindex.Entry{ID: "o9", Buyer: "b1", CreatedAt: t0.Add(time.Hour), State: "pending"})
	oneByOne := orderindex.New(listed)
	for _, e := range entries {
		oneByOne.Put(e)
	}
	path := filepath.Join(t.TempDir(), "index.snapshot")
	if err := oneByOne.Save(path, "seal-1"); err != nil {
		t.Fatal(err)
	}
	loaded, seal, err := orderindex.Load(path, listed)
	if err != nil || seal != "seal-1" || loaded.Len() != len(entries) {
		t.Fatalf("Load = %v entries, seal %q, %v", loaded, seal, err)
	}
	indexes := map[string]*orderindex.Index{"one by one": oneByOne, "at once": orderindex.FromEntries(listed, entries),
		"loaded": loaded}

	tests := []struct {
		name        string
		buyer       string
		page, limit int
		want        []string
		wantTotal   int
	}{
		{"all, page 1", "", 1, 3, []string{"o7", "o6", "o5"}, 7},
		{"all, page 2", "", 2, 3, []string{"o4", "o3", "o2"}, 7},
		{"all, last page", "", 3, 3, []string{"o1"}, 7},
		{"all, past the end", "", 4, 3, []string{}, 7},
		{"all, unpaged", "", 1, 0, []string{"o7", "o6", "o5", "o4", "o3", "o2", "o1"}, 7},
		{"buyer 1", "b1", 1, 2, []string{"o7", "o5"}, 4},
		{"buyer 2 unpaged", "b2", 1, 0, []string{"o6", "o4", "o2"}, 3},
		{"unknown buyer", "b3", 1, 3, []string{}, 0},
	}
	for built, x := range indexes {
		for _, tt := range tests {
			t.Run(built+"/"+tt.name, func(t *testing.T) {
				ids, total := x.Page(tt.buyer, tt.page, tt.limit)
				if !slices.Equal(ids, tt.want) || total != tt.wantTotal {
					t.Fatalf("Page = %v, %d; want %v, %d", ids, total, tt.want, tt.wantTotal)
				}
			})
		}
		if got := x.InState("pending", t0.Add(2*time.Hour)); !slices.Equal(got, []string{"o9"}) {
			t.Fatalf("%s: pending = %v, want [o9]", built, got)
		}
	}
}

// TestDamagedSnapshotIsRefused: a snapshot cut short, changed or missing is an error, never
// a wrong index.
func TestDamagedSnapshotIsRefused(t *testing.T) {
	x := orderindex.New(listed)
	x.Put(orderindex.Entry{ID: "o1", Buyer: "b", CreatedAt: time.Now(), State: "paid"})
	path := filepath.Join(t.TempDir(), "index.snapshot")
	if err := x.Save(path, "seal"); err != nil {
		t.Fatal(err)
	}
	good, _ := os.ReadFile(path)
	flipped := slices.Clone(good)
	flipped[len(flipped)/3] ^= 0x01
	for name, b := range map[string][]byte{"cut short": good[:len(good)/2], "changed": flipped, "empty": {}} {
		if err := os.WriteFile(path, b, 0o600); err != nil {
			t.Fatal(err)
		}
		if _, _, err := orderindex.Load(path, listed); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
	if _, _, err := orderindex.Load(filepath.Join(t.TempDir(), "none"), listed); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing: %v, want ErrNotExist", err)
	}
}

func TestStateChangesMoveOrdersInAndOut(t *testing.T) {
	x := orderindex.New(listed)
	at := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	x.Put(orderindex.Entry{ID: "a", Buyer: "b", CreatedAt: at, State: "pending"})
	x.Put(orderindex.Entry{ID: "c", Buyer: "b", CreatedAt: at.Add(time.Second), State: "pending"})
	if ids, total := x.Page("", 1, 10); len(ids) != 0 || total != 0 {
		t.Fatalf("pending orders listed: %v", ids)
	}
	if got := x.InState("pending", at.Add(time.Second)); !slices.Equal(got, []string{"a"}) {
		t.Fatalf("pending before the cut = %v, want [a]", got)
	}
	x.Put(orderindex.Entry{ID: "a", Buyer: "b", CreatedAt: at, State: "paid"})
	x.Put(orderindex.Entry{ID: "c", Buyer: "b", CreatedAt: at.Add(time.Second), State: "abandoned"})
	if ids, total := x.Page("b", 1, 10); !slices.Equal(ids, []string{"a"}) || total != 1 {
		t.Fatalf("after paying a: %v, %d", ids, total)
	}
	x.Put(orderindex.Entry{ID: "a", Buyer: "b", CreatedAt: at, State: "paid"}) // again: no duplicate
	if ids, _ := x.Page("", 1, 10); !slices.Equal(ids, []string{"a"}) {
		t.Fatalf("a put twice lists %v", ids)
	}
	if got := x.InState("pending", at.Add(time.Hour)); len(got) != 0 {
		t.Fatalf("still pending: %v", got)
	}
}
