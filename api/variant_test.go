package shop_test

import (
	"fmt"
	"strings"
	"testing"

	"shop"
)

func qty(n int) *int            { return &n }
func rupees(r float64) *float64 { return &r }

// tshirt is a valid edit: two sizes in two colours, one variant kept and three new.
func tshirt() shop.VariantsInput {
	return shop.VariantsInput{
		Options: []shop.Option{{Name: " Size ", Values: []string{"S", " M "}}, {Name: "Colour", Values: []string{"Navy", "Sand"}}},
		Variants: []shop.VariantInput{
			{ID: "v1", SKU: " TEE-S-NAVY ", Options: map[string]string{"Size": "S", "Colour": "Navy"}, Quantity: qty(3)},
			{SKU: "TEE-S-SAND", Options: map[string]string{"Size": "S", "Colour": "Sand"}, Quantity: qty(0)},
			{SKU: "TEE-M-NAVY", Options: map[string]string{"Size": "M", "Colour": " Navy"}, Quantity: qty(5), Price: rupees(549.5)},
		},
	}
}

func TestVariantsValidate(t *testing.T) {
	current := []shop.Variant{{ID: "v1", Quantity: 6}, {ID: "v9"}}
	in := tshirt()
	vs, err := in.Validate(current)
	if err != nil {
		t.Fatal(err)
	}
	if in.Options[0].Name != "Size" || in.Options[0].Values[1] != "M" {
		t.Fatalf("options not trimmed: %+v", in.Options)
	}
	if len(vs) != 3 || vs[0].ID != "v1" || vs[1].ID != "" || vs[0].SKU != "TEE-S-NAVY" ||
		vs[2].Options["Colour"] != "Navy" || vs[2].Price == nil || *vs[2].Price != 54950 || vs[1].Price != nil {
		t.Fatalf("variants = %+v", vs)
	}
	if shop.VariantStock(vs) != 8 {
		t.Fatalf("stock = %d, want 8", shop.VariantStock(vs))
	}
	in = tshirt()
	in.Variants[0].Quantity = nil
	if vs, err := in.Validate(current); err != nil || vs[0].Quantity != 6 {
		t.Fatalf("a kept variant without quantity = %+v, %v; want its stock of 6 kept", vs, err)
	}

	tooManyValues := make([]string, shop.MaxOptionValues+1)
	for i := range tooManyValues {
		tooManyValues[i] = fmt.Sprint(i)
	}
	tests := []struct {
		name   string
		change func(*shop.VariantsInput)
		want   string
	}{
		{"four-options", func(in *shop.VariantsInput) {
			in.Options = append(in.Options, shop.Option{Name: "Fit", Values: []string{"Slim"}},
				shop.Option{Name: "Sleeve", Values: []string{"Long"}})
		}, "Field options has 4 options; at most 3"},
		{"option-no-name", func(in *shop.VariantsInput) { in.Options[1].Name = " " }, "options[1].name is required"},
		{"option-name-long", func(in *shop.VariantsInput) { in.Options[1].Name = strings.Repeat("c", 41) }, "options[1].name must be at most 40"},
		{"option-twice", func(in *shop.VariantsInput) { in.Options[1].Name = "size" }, "options[1].name repeats the option"},
		{"no-values", func(in *shop.VariantsInput) { in.Options[0].Values = nil }, "options[0].values must hold 1 to 30"},
		{"31-values", func(in *shop.VariantsInput) { in.Options[0].Values = tooManyValues }, "options[0].values must hold 1 to 30"},
		{"blank-value", func(in *shop.VariantsInput) { in.Options[1].Values[1] = "" }, "options[1].values[1] is required"},
		{"value-twice", func(in *shop.VariantsInput) { in.Options[1].Values[1] = "navy" }, "options[1].values repeats the value navy"},
		{"value-comma", func(in *shop.VariantsInput) { in.Options[1].Values[0] = "Black, White" }, "Field options[1].values[0] must not contain a comma."},
		{"value-only-comma", func(in *shop.VariantsInput) { in.Options[0].Values[1] = "," }, "Field options[0].values[1] must not contain a comma."},
		{"option-name-comma", func(in *shop.VariantsInput) { in.Options[1].Name = "Colour, Shade" }, "Field options[1].name must not contain a comma."},
		{"variants-without-options", func(in *shop.VariantsInput) { in.Options = nil }, "Field variants must be empty"},
		{"unknown-id", func(in *shop.VariantsInput) { in.Variants[1].ID = "v7" }, "variants[1]._id is not one of this product's variants"},
		{"id-twice", func(in *shop.VariantsInput) { in.Variants[1].ID = "v1" }, "variants[1]._id repeats the _id of variants[0]"},
		{"no-sku", func(in *shop.VariantsInput) { in.Variants[2].SKU = "" }, "variants[2].sku is required"},
		{"sku-long", func(in *shop.VariantsInput) { in.Variants[2].SKU = strings.Repeat("k", 65) }, "variants[2].sku must be at most 64"},
		{"sku-twice", func(in *shop.VariantsInput) { in.Variants[2].SKU = "TEE-S-NAVY" }, "variants[2].sku repeats the SKU TEE-S-NAVY of variants[0]"},
		{"missing-option", func(in *shop.VariantsInput) { delete(in.Variants[1].Options, "Colour") }, "variants[1].options.Colour is required"},
		{"unknown-option", func(in *shop.VariantsInput) { in.Variants[1].Options["Fit"] = "Slim" }, "variants[1].options names Fit, which is not one of the options"},
		{"value-not-offered", func(in *shop.VariantsInput) { in.Variants[1].Options["Size"] = "XL" }, "variants[1].options.Size: XL is not one of the values of Size"},
		{"combination-twice", func(in *shop.VariantsInput) { in.Variants[2].Options["Size"] = "S" }, "variants[2].options repeats the combination of variants[0]"},
		{"no-quantity-new-variant", func(in *shop.VariantsInput) { in.Variants[1].Quantity = nil }, "variants[1].quantity must be a whole number from 0"},
		{"negative-stock", func(in *shop.VariantsInput) { in.Variants[0].Quantity = qty(-1) }, "variants[0].quantity must be a whole number from 0"},
		{"huge-stock", func(in *shop.VariantsInput) { in.Variants[0].Quantity = qty(shop.MaxQuantity + 1) }, "variants[0].quantity"},
		{"negative-price", func(in *shop.VariantsInput) { in.Variants[1].Price = rupees(-1) }, "variants[1].price must be a number of at least 0"},
		{"price-three-decimals", func(in *shop.VariantsInput) { in.Variants[1].Price = rupees(1.234) }, "variants[1].price"},
		{"too-many-variants", func(in *shop.VariantsInput) {
			in.Variants = make([]shop.VariantInput, shop.MaxVariants+1)
		}, "Field variants has 501 variants; at most 500"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := tshirt()
			tt.change(&in)
			_, err := in.Validate(current)
			if shop.ErrorCode(err) != shop.EINVALID || !strings.Contains(shop.ErrorMessage(err), tt.want) {
				t.Fatalf("Validate() = %v; want EINVALID mentioning %q", err, tt.want)
			}
		})
	}
}

func TestVariantsValidateClearsTheSet(t *testing.T) {
	in := shop.VariantsInput{}
	vs, err := in.Validate([]shop.Variant{{ID: "v1"}})
	if err != nil || len(vs) != 0 {
		t.Fatalf("empty edit = %v, %v; want no variants and no error", vs, err)
	}
	in = shop.VariantsInput{Options: []shop.Option{{Name: "Size", Values: []string{"S"}}}}
	if vs, err := in.Validate(nil); err != nil || len(vs) != 0 {
		t.Fatalf("options without variants = %v, %v; want allowed", vs, err)
	}
}

func TestChoiceNeeded(t *testing.T) {
	tests := []struct {
		options []shop.Option
		want    string
	}{
		{[]shop.Option{{Name: "Size"}}, "Choose a size for Linen Shirt."},
		{[]shop.Option{{Name: "Size"}, {Name: "Colour"}}, "Choose a size and colour for Linen Shirt."},
		{[]shop.Option{{Name: "Waist"}, {Name: "Length"}, {Name: "Colour"}}, "Choose a waist, length and colour for Linen Shirt."},
	}
	for _, tt := range tests {
		p := shop.Product{Name: "Linen Shirt", Options: tt.options}
		if got := p.ChoiceNeeded(); got != tt.want {
			t.Errorf("ChoiceNeeded() = %q, want %q", got, tt.want)
		}
	}
}

// An order's variant reads as the storefront shows it: Size first, then the other options by
// name, each with its name.
func TestOrderVariantText(t *testing.T) {
	for _, tt := range []struct {
		options map[string]string
		want    string
	}{
		{map[string]string{"Colour": "Red", "Size": "M"}, "Size: M, Colour: Red"},
		{map[string]string{"Waist": "32", "Length": "30", "Colour": "Indigo"}, "Colour: Indigo, Length: 30, Waist: 32"},
		{map[string]string{"Size": "XL"}, "Size: XL"},
		{nil, ""},
	} {
		v := shop.OrderVariant{Options: tt.options}
		if got := v.Text(); got != tt.want {
			t.Errorf("Text of %v = %q, want %q", tt.options, got, tt.want)
		}
	}
}
