package catalogue

import (
	"cmp"
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// sortName is what names are put in order by: lower case with accents folded, so "Ça va Tee"
// sorts among the Cs and "Ñandú" among the Ns, where comparing bytes put every accented name
// after Z. Names in plain ASCII keep the order they always had.
func sortName(name string) string {
	lower := strings.ToLower(name)
	if !hasNonASCII(lower) {
		return lower
	}
	// A Chain keeps state between calls, so each name gets its own.
	fold := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	folded, _, err := transform.String(fold, lower)
	if err != nil {
		return lower
	}
	return folded
}

func hasNonASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return true
		}
	}
	return false
}

// compareNames orders two names as a shopper reads a list: by sortName, then as written so
// the order is the same on every reading.
func compareNames(a, b string) int {
	return cmp.Or(strings.Compare(sortName(a), sortName(b)), strings.Compare(a, b))
}
