package catalogue

import (
	"fmt"
	"strings"
	"sync"

	"shop"
)

// recentMatches keeps the matches of the last few filters browsed, each with the model's
// generation it was found at: the pages and sorts of one set of filters (a shopper loading
// more, another sorting by price) share them instead of examining every product again. Matches
// found before the last change that can alter them are not used.
type recentMatches struct {
	mu       sync.Mutex
	byFilter map[string]foundMatches
	kept     int // what is kept, over every filter: see cost
}

type foundMatches struct {
	ms  *matches
	gen uint64
}

// maxRecentMatched bounds what is kept over every filter, counted in matched products (about
// 40 bytes each): see cost.
const maxRecentMatched = 250_000

// cost is what keeping the matches of key costs, counted as matched products: the products,
// and the filter itself (its key, at 40 bytes a product, and one at least), so that filters
// matching nothing, of which a caller can send without end, are bounded too.
func cost(key string, ms *matches) int { return len(ms.matched) + len(key)/40 + 1 }

// get answers the matches of key found at or after generation since, or nil.
func (r *recentMatches) get(key string, since uint64) *matches {
	r.mu.Lock()
	defer r.mu.Unlock()
	if f, ok := r.byFilter[key]; ok && f.gen >= since {
		return f.ms
	}
	return nil
}

// put keeps the matches of key found at generation gen, forgetting every other when the
// bound is reached.
func (r *recentMatches) put(key string, gen uint64, ms *matches) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if old, ok := r.byFilter[key]; ok {
		if old.gen >= gen {
			return
		}
		r.kept -= cost(key, old.ms)
	}
	if r.byFilter == nil || r.kept+cost(key, ms) > maxRecentMatched {
		r.byFilter, r.kept = map[string]foundMatches{}, 0
	}
	r.byFilter[key], r.kept = foundMatches{ms, gen}, r.kept+cost(key, ms)
}

// filterKey names the filters of q: everything but its sort and page.
func filterKey(q shop.BrowseQuery) string {
	price := func(p *shop.Paise) string {
		if p == nil {
			return "-"
		}
		return fmt.Sprint(int64(*p))
	}
	return strings.Join([]string{fmt.Sprintf("%q", q.Categories), fmt.Sprintf("%q", q.CategoryIDs),
		fmt.Sprintf("%q", q.Sizes), fmt.Sprintf("%q", q.Colours), price(q.MinPrice), price(q.MaxPrice),
		fmt.Sprint(q.InStock), fmt.Sprintf("%q", q.Keyword)}, "|")
}
