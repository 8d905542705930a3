package shop_test

import (
	"testing"

	"shop"
)

// Category names that look the same to a shopper are one name.
func TestCategoryKey(t *testing.T) {
	for _, names := range [][]string{
		{"Bags", "bags", "BAGS", " Bags ", "Bags\u200b", "Ｂａｇｓ"},
		{"Tees & Tops", "Tees  &  Tops", "tees\t&\ntops", "Tees\u3000&\u00a0Tops"},
		{"Straße", "STRASSE", "strasse"},
		{"Men's", "Men\u2019s", "MEN\u2018S", "men\u02bcs"},
	} {
		want := shop.CategoryKey(names[0])
		for _, name := range names[1:] {
			if got := shop.CategoryKey(name); got != want {
				t.Errorf("CategoryKey(%q) = %q, want %q as for %q", name, got, want, names[0])
			}
		}
	}
	for _, pair := range [][2]string{{"Shirts", "Skirts"}, {"Sh irts", "Shirts"}, {"Kids", "Kid's"}} {
		if shop.CategoryKey(pair[0]) == shop.CategoryKey(pair[1]) {
			t.Errorf("%q and %q are one name; want two", pair[0], pair[1])
		}
	}
}
