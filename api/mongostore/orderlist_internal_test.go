package mongostore

import "testing"

// A shopper's orders are read by _id whenever they are few beside the shop's: a shopper with
// 1,000 orders among 100,000 must not cost a pass over all of them.
func TestOrdersAreReadByIDWhenFewBesideTheShops(t *testing.T) {
	cases := []struct {
		n, all int
		byID   bool
	}{
		{1, 1, true},
		{fetchOneByOne, fetchOneByOne, true},
		{1000, 100_000, true},
		{25_000, 100_000, true},
		{300, 400, false},
		{30_000, 100_000, false},
		{100_000, 100_000, false},
	}
	for _, c := range cases {
		if got := readByID(c.n, c.all); got != c.byID {
			t.Errorf("readByID(%d of %d) = %v, want %v", c.n, c.all, got, c.byID)
		}
	}
}
