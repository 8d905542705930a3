package httpapi

import (
	"strings"
	"testing"
)

// A preview is cut as the client cuts it, Array.from(s).slice(0, n).join(""): by whole code
// points, so an emoji is kept or left out whole, never halved into "�".
func TestJavascriptPrefixCutsWholeCodePoints(t *testing.T) {
	ascii := strings.Repeat("linen ", 20)
	for _, tc := range []struct {
		name string
		s    string
		n    int
		want string
	}{
		{"ascii as before", ascii, 60, ascii[:60]},
		{"shorter than n", "Soft cotton.", 60, "Soft cotton."},
		{"exactly n", strings.Repeat("d", 60), 60, strings.Repeat("d", 60)},
		{"empty", "", 60, ""},
		{"an emoji at the cut", strings.Repeat("d", 59) + "😀 and the rest", 60, strings.Repeat("d", 59) + "😀"},
		{"an emoji just past the cut", strings.Repeat("d", 60) + "😀", 60, strings.Repeat("d", 60)},
		{"emoji only", "😀😁😂", 2, "😀😁"},
		{"accents and Devanagari", "Café कुर्ता", 6, "Café क"},
		{"zero", "abc", 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := javascriptPrefix(tc.s, tc.n)
			if got != tc.want || strings.ContainsRune(got, '\uFFFD') {
				t.Fatalf("javascriptPrefix(%q, %d) = %q, want %q", tc.s, tc.n, got, tc.want)
			}
		})
	}
}
