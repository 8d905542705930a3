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
	kept     int // matched products kept, over every filter
}

type foundMatches struct {
	ms  *matches
	gen uint64
}

// maxRecentMatched bounds the matched products kept, over every filter (about 40 bytes each).
const maxRecentMatched = 250_000

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
		r.kept -= len(old.ms.matched)
	}
	if r.byFilter == nil || r.kept+len(ms.matched) > maxRecentMatched {
		r.byFilter, r.kept = map[string]foundMatches{}, 0
	}
	r.byFilter[key], r.kept = foundMatches{ms, gen}, r.kept+len(ms.matched)
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
