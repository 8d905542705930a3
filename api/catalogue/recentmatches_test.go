package catalogue

import (
	"fmt"
	"strings"
	"testing"
)

// Filters that match nothing are bounded too: a caller can send new ones without end.
func TestRecentMatchesBoundFiltersMatchingNothing(t *testing.T) {
	var r recentMatches
	long := strings.Repeat("size,", 800) // 4,000 bytes
	for i := range 20_000 {
		r.put(fmt.Sprint(i, long), 1, &matches{})
	}
	if n := len(r.byFilter); n > maxRecentMatched/100 {
		t.Fatalf("%d filters matching nothing kept", n)
	}
}
