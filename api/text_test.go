package shop_test

import (
	"strings"
	"testing"

	"shop"
)

// textRules checks one piece of text as a field of the given kind: a category's name, a
// product's name or description, a shopper's name, an option's value or a SKU.
var textRules = map[string]func(s string) error{
	"category": func(s string) error { _, err := shop.ValidateCategoryName(s); return err },
	"product": func(s string) error {
		p := shop.ProductInput{Name: s, Description: "Soft cotton.", CategoryID: "c"}
		return p.Validate()
	},
	"description": func(s string) error {
		p := shop.ProductInput{Name: "Kurta", Description: s, CategoryID: "c"}
		return p.Validate()
	},
	"shopper": func(s string) error {
		r := shop.Registration{Name: s, Email: "asha@example.com", Password: "secret1", Phone: "1", Address: "x", Answer: "a"}
		return r.Validate()
	},
	"option-value": func(s string) error {
		in := shop.VariantsInput{Options: []shop.Option{{Name: "Size", Values: []string{"S", s}}}}
		_, err := in.Validate(nil)
		return err
	},
	"option-name": func(s string) error {
		in := shop.VariantsInput{Options: []shop.Option{{Name: s, Values: []string{"S"}}}}
		_, err := in.Validate(nil)
		return err
	},
	"sku": func(s string) error {
		in := shop.VariantsInput{Options: []shop.Option{{Name: "Size", Values: []string{"S"}}},
			Variants: []shop.VariantInput{{SKU: s, Options: map[string]string{"Size": "S"}, Quantity: qty(1)}}}
		_, err := in.Validate(nil)
		return err
	},
}

// Text that any language writes stays valid wherever it is typed.
func TestTextThatStaysValid(t *testing.T) {
	for _, tc := range []struct {
		kinds []string
		text  string
	}{
		{[]string{"category", "product", "shopper", "option-value", "option-name", "sku", "description"}, "Café Crème"},
		{[]string{"category", "product", "shopper", "option-value", "description"}, "कुर्ता"},
		{[]string{"category", "product", "description"}, "Kurta – हथकरघा"},
		{[]string{"category", "product", "description"}, "Handloom Kurta/कुर्ता"},
		{[]string{"category", "product", "shopper", "option-value"}, "Tシャツ"},
		{[]string{"category", "product", "shopper", "option-value"}, "Áo dài đe\u0323\u0302p"},    // ệ as a letter and two marks
		{[]string{"category", "product", "shopper", "option-value"}, "Z\u0301\u0302\u0303\u0304"}, // four marks on one letter
		{[]string{"category", "product", "shopper"}, "क्\u200dष"},                                 // a half form, made with a joiner
		{[]string{"category", "product", "shopper", "description"}, "Family 👨\u200d👩\u200d👧"},     // an emoji sequence with joiners
		{[]string{"option-value", "option-name", "product", "category"}, "❤️ Red"},                // an emoji with its variation selector
		{[]string{"option-value", "sku"}, "1️⃣"},                                                  // a keycap: a selector and an enclosing mark
		{[]string{"sku"}, "TEE-M-NAVY"},
		{[]string{"description"}, "שלום\u200f 123\nA second line\u200e, and 👨\u200d👩\u200d👧"},
		{[]string{"category", "product"}, "Tees & Tops"},
		// Joiners that spell a word (Persian, Sinhala) or draw an emoji.
		{[]string{"category", "product", "option-value", "option-name"}, "سرمه\u200cای"},
		{[]string{"category", "product", "option-value"}, "ශ්\u200dරී"},
		{[]string{"option-value", "product"}, "Rainbow 🏳️\u200d🌈"},
		{[]string{"option-value"}, "Red 👨\u200d👩\u200d👧"},
		// A brand set against a word of a language written without spaces.
		{[]string{"category", "product"}, "เสื้อยืดNike คอกลม"},
		{[]string{"category", "product"}, "เคสiPhone"},
		// Burmese writes its vowels with spacing marks beside the letter: they stack nothing.
		{[]string{"category", "product", "shopper"}, "လျှော့စျေး အင်္ကျီ"},
	} {
		for _, kind := range tc.kinds {
			if err := textRules[kind](tc.text); err != nil {
				t.Errorf("%s %q refused: %v", kind, tc.text, err)
			}
		}
	}
}

// Text that looks like other text, or spills over what is around it, is refused with a
// message naming the field.
func TestTextThatMisleadsIsRefused(t *testing.T) {
	zalgo := "Z\u0301\u0302\u0303\u0304\u0305"
	for _, tc := range []struct {
		kinds []string
		text  string
		want  string
	}{
		// Characters that show nothing make no name.
		{[]string{"category", "product", "shopper", "option-value"}, "\u2800", "is required."},
		{[]string{"category", "product", "shopper", "option-value"}, "\u3164", "is required."},
		{[]string{"category", "product", "shopper", "option-value"}, "\u115f\u1160", "is required."},
		{[]string{"category", "product", "shopper", "option-value"}, "\uffa0 \u2800", "is required."},
		// Direction controls alone make no name.
		{[]string{"category", "product", "shopper", "option-value"}, "\u202e\u200f", "is required."},
		// Marks stacked past any language's spill over the rows around them.
		{[]string{"category", "product", "shopper", "option-value", "description"}, zalgo, "must not stack more than 4"},
		{[]string{"category"}, "Z\u0301\u0302\u200d\u0303\u0304\u0305", "must not stack more than 4"},
		// A size, a colour or a SKU with an invisible character is another that looks the same.
		{[]string{"option-value", "option-name", "sku"}, "M\u200b", "must not contain invisible characters"},
		{[]string{"option-value", "sku"}, "TEE\u2060M", "must not contain invisible characters"},
		{[]string{"option-value", "option-name"}, "Si\u00adze", "must not contain invisible characters"},
		{[]string{"option-value"}, "M\u2800", "must not contain invisible characters"},
		// A joiner where it joins nothing that shows: between Latin letters, at an end.
		{[]string{"option-value", "option-name", "sku"}, "M\u200dL", "must not contain invisible characters"},
		{[]string{"option-value", "sku"}, "XL\u200c", "must not contain invisible characters"},
		{[]string{"option-value"}, "\u200dسرمه", "must not contain invisible characters"},
		{[]string{"option-value"}, "Red\u200d👨", "must not contain invisible characters"},
		{[]string{"option-value", "sku"}, "❤️\u200d", "must not contain invisible characters"},
		{[]string{"option-value"}, "🌈\u200d", "must not contain invisible characters"},
		// Spacing marks between stacked ones hide no stack.
		{[]string{"category", "product", "option-value"}, "Z" + strings.Repeat("\u0301\u0301\u0903", 3), "must not stack more than 4"},
		// A word of two alphabets passes for the word it mimics.
		{[]string{"category", "product"}, "Zet\u0430", "must not mix alphabets"},            // a Cyrillic а
		{[]string{"category", "product"}, "Linen \u03a4ee", "must not mix alphabets"},       // a Greek Τ
		{[]string{"category", "product"}, "Zet\u200b\u0430 Tees", "must not mix alphabets"}, // hidden by a zero-width space
	} {
		for _, kind := range tc.kinds {
			err := textRules[kind](tc.text)
			if shop.ErrorCode(err) != shop.EINVALID || !strings.Contains(shop.ErrorMessage(err), tc.want) {
				t.Errorf("%s %q: %v; want EINVALID mentioning %q", kind, tc.text, err, tc.want)
			}
		}
	}
}

// A one-line field keeps no direction control: an override would reorder the rest of a table
// row, and text pasted from a phone's contacts or a spreadsheet brings them unseen, so they
// are dropped and the rest kept.
func TestDirectionControlsAreDropped(t *testing.T) {
	for in, want := range map[string]string{
		"Asha\u202egnp.exe":            "Ashagnp.exe",
		"\u2066Bags\u2069":             "Bags",
		"Bags\u202a\u202d\u2067\u2068": "Bags",
		"חולצת כותנה 100%\u200f":       "חולצת כותנה 100%",
		"Asha\u061c\u200e":             "Asha",
	} {
		got, err := shop.ValidateCategoryName(in)
		if err != nil || got != want {
			t.Errorf("category %q: %q, %v; want %q", in, got, err, want)
		}
	}
	r := shop.Registration{Name: "Asha\u200f", Email: "asha@example.com", Password: "secret1",
		Phone: "\u202a+91 98765 43210\u202c", Address: "1 Park Street", Answer: "blue"}
	if err := r.Validate(); err != nil || r.Phone != "+91 98765 43210" || r.Name != "Asha" {
		t.Errorf("a pasted phone number: %q, name %q, %v", r.Phone, r.Name, err)
	}
}

// Sizes and colours are kept in one form: a size typed full-width, or a colour whose accent is
// a separate mark, is the size or colour typed the usual way.
func TestCodesAreKeptInOneForm(t *testing.T) {
	in := shop.VariantsInput{Options: []shop.Option{{Name: "Ｓｉｚｅ", Values: []string{"Ｓ", "Ｍ", "Ros\u0065\u0301"}}},
		Variants: []shop.VariantInput{{SKU: "ＴＥＥ-Ｍ", Options: map[string]string{"Ｓｉｚｅ": "Ｍ"}, Quantity: qty(1)}}}
	variants, err := in.Validate(nil)
	if err != nil {
		t.Fatal(err)
	}
	if o := in.Options[0]; o.Name != "Size" || strings.Join(o.Values, ",") != "S,M,Rosé" {
		t.Errorf("options kept as %q %q", o.Name, o.Values)
	}
	if v := variants[0]; v.SKU != "TEE-M" || v.Options["Size"] != "M" {
		t.Errorf("variant kept as %q %v", v.SKU, v.Options)
	}
	marked := shop.VariantsInput{Options: []shop.Option{{Name: "Colour", Values: []string{"Black\u200e", "\u05e9\u05d7\u05d5\u05e8\u200f"}}},
		Variants: []shop.VariantInput{{SKU: "TEE-BLACK", Options: map[string]string{"Colour": "Black\u200e"}, Quantity: qty(1)}}}
	if variants, err := marked.Validate(nil); err != nil || variants[0].Options["Colour"] != "Black" || marked.Options[0].Values[0] != "Black" {
		t.Errorf("a colour pasted with a direction mark: %v, %v; want it kept as Black", variants, err)
	}
	twice := shop.VariantsInput{Options: []shop.Option{{Name: "Colour", Values: []string{"Rosé", "Ros\u0065\u0301"}}},
		Variants: []shop.VariantInput{}}
	if _, err := twice.Validate(nil); shop.ErrorCode(err) != shop.EINVALID {
		t.Errorf("Rosé typed twice, once with a separate accent: %v, want EINVALID", err)
	}
}
