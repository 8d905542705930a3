package orderindex_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"shop/orderindex"
)

func listed(s string) bool { return s == "paid" }

func TestPagesNewestFirst(t *testing.T) {
	x := orderindex.New(listed)
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
		x.Put(orderindex.Entry{ID: fmt.Sprintf("o%d", n), Buyer: buyer, CreatedAt: at, State: "paid"})
	}
	x.Put(orderindex.Entry{ID: "o9", Buyer: "b1", CreatedAt: t0.Add(time.Hour), State: "pending"})

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
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ids, total := x.Page(tt.buyer, tt.page, tt.limit)
			if !slices.Equal(ids, tt.want) || total != tt.wantTotal {
				t.Fatalf("Page = %v, %d; want %v, %d", ids, total, tt.want, tt.wantTotal)
			}
		})
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
