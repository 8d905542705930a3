package catalogue

import (
	"fmt"
	"strings"
	"sync"

	"shop"
)

// recentMatches keeps the matches of the last few filters browsed, at the model's generation
// they were found in: the pages and sorts of one set of filters (a shopper loading more,
// another sorting by price) share them instead of examining every product again. Any change
// of the model moves its generation, and older matches are not used.
type recentMatches struct {
	mu       sync.Mutex
	gen      uint64
	byFilter map[string]*matches
	kept     int // matched products kept, over every filter
}

// maxRecentMatched bounds the matched products kept, over every filter (about 40 bytes each).
const maxRecentMatched = 250_000

func (r *recentMatches) get(key string, gen uint64) *matches {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.gen != gen {
		return nil
	}
	return r.byFilter[key]
}

func (r *recentMatches) put(key string, gen uint64, ms *matches) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.gen != gen || r.byFilter == nil || r.kept+len(ms.matched) > maxRecentMatched {
		r.gen, r.byFilter, r.kept = gen, map[string]*matches{}, 0
	}
	if _, ok := r.byFilter[key]; !ok {
		r.byFilter[key], r.kept = ms, r.kept+len(ms.matched)
	}
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
