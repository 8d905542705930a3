package shop_test

import (
	"testing"

	"shop"
)

// Sizes in one alphabet are all taken, Cyrillic ones too; a Cyrillic or Greek letter drawn as a
// Latin one beside that Latin one is the same size twice.
func TestLookAlikeSizes(t *testing.T) {
	for _, tc := range []struct {
		values []string
		ok     bool
	}{
		{[]string{"S", "M", "L"}, true},
		{[]string{"С", "М", "Л"}, true},    // Cyrillic sizes
		{[]string{"Μαύρο", "Black"}, true}, // a Greek colour beside a Latin one
		{[]string{"M", "М"}, false},        // Latin M, Cyrillic М
		{[]string{"XL", "ХL"}, false},      // a Cyrillic Х mixed into a Latin word
		{[]string{"O", "Ο"}, false},        // Latin O, Greek Omicron
	} {
		in := shop.VariantsInput{Options: []shop.Option{{Name: "Size", Values: tc.values}}, Variants: []shop.VariantInput{}}
		if _, err := in.Validate(nil); (err == nil) != tc.ok {
			t.Errorf("values %q: %v, want taken %v", tc.values, err, tc.ok)
		}
	}
}
