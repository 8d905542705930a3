package httpapi

import (
	"strings"
	"testing"

	"shop"
)

func TestParseProductFields(t *testing.T) {
	good := map[string]string{"name": " Linen Shirt ", "description": "Breezy linen.", "price": "1499.50",
		"quantity": "7", "category": "6b033b51289c7b3e59f05186", "shipping": "true"}
	in, err := parseProductFields(good)
	if err != nil || in.Name != "Linen Shirt" || in.Price != 149950 || in.Quantity != 7 || !in.Shipping {
		t.Fatalf("%+v %v", in, err)
	}
	tests := []struct {
		name, field, value string
		want               string // "" = valid
	}{
		{"name-missing", "name", "", "Name is required"},
		{"description-blank", "description", "   ", "Description is required"},
		{"price-missing", "price", "", "Price is required"},
		{"price-text", "price", "ten", "Price"},
		{"price-three-decimals", "price", "1.234", "two decimals"},
		{"price-negative", "price", "-5", "Price"},
		{"price-zero", "price", "0", ""},
		{"price-hex-float", "price", "0x1p4", "Price must be a number of at least 0, written in digits"},
		{"price-underscore", "price", "1_0", "Price must be a number of at least 0, written in digits"},
		{"price-plus", "price", "+5", "Price must be a number of at least 0, written in digits"},
		{"price-trailing-point", "price", "5.", "Price must be a number of at least 0, written in digits"},
		{"price-exponent", "price", "1e3", "Price must be a number of at least 0, written in digits"},
		{"price-spaces-around", "price", " 1299.5 ", ""},
		{"price-two-decimals", "price", "1299.50", ""},
		{"price-leading-point", "price", ".5", ""},
		{"quantity-plus", "quantity", "+5", "Quantity"},
		{"quantity-underscore", "quantity", "1_0", "Quantity"},
		{"quantity-hex", "quantity", "0x10", "Quantity"},
		{"quantity-spaces-around", "quantity", " 5 ", ""},
		{"quantity-zero", "quantity", "0", ""},
		{"quantity-many-digits", "quantity", "99999999999999999999", "Quantity"},
		{"loaded-quantity", "loadedQuantity", "7", ""},
		{"loaded-quantity-plus", "loadedQuantity", "+7", "loadedQuantity"},
		{"quantity-decimal", "quantity", "2.5", "Quantity"},
		{"quantity-negative", "quantity", "-1", "Quantity"},
		{"quantity-huge", "quantity", "1000001", "Quantity"},
		{"category-missing", "category", "", "Category is required"},
		{"shipping-1", "shipping", "1", ""},
		{"shipping-0", "shipping", "0", ""},
		{"shipping-false", "shipping", "false", ""},
		{"shipping-absent", "shipping", "", ""},
		{"shipping-bad", "shipping", "yes please", "Shipping"},
		{"name-too-long", "name", strings.Repeat("x", 121), "Name must be at most"},
		{"name-not-utf8", "name", "\xff\xfe", "Name must be UTF-8 text."},
		{"description-not-utf8", "description", "Soft \xc0\xaf linen", "Description must be UTF-8 text."},
		{"name-invisible-only", "name", "\u200b\u200d", "Name is required."},
		{"name-nul", "name", "Linen\x00Shirt", "Name must be one line, without control characters."},
		{"name-two-lines", "name", "Linen\nShirt", "Name must be one line"},
		{"description-lines", "description", "Breezy linen.\n\n\tMachine wash.", ""},
		{"description-nul", "description", "Breezy\x00linen", "Description must not contain control characters."},
		{"name-hindi-joiner", "name", "क्\u200dष Kurta", ""},
		{"updated-at", "updatedAt", "2026-11-23T23:45:15.123Z", ""},
		{"updated-at-bad", "updatedAt", "yesterday", "updatedAt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := map[string]string{}
			for k, v := range good {
				f[k] = v
			}
			f[tt.field] = tt.value
			_, err := parseProductFields(f)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("unexpected %v", err)
				}
				return
			}
			if shop.ErrorCode(err) != shop.EINVALID || !strings.Contains(shop.ErrorMessage(err), tt.want) {
				t.Fatalf("error %v, want EINVALID mentioning %q", err, tt.want)
			}
		})
	}
}

func TestSniffPhoto(t *testing.T) {
	tests := []struct {
		name     string
		body     []byte
		wantType string
	}{
		{"png", []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), "image/png"},
		{"jpeg", []byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00"), "image/jpeg"},
		{"gif", []byte("GIF89a\x01\x00\x01\x00"), "image/gif"},
		{"webp", []byte("RIFF\x24\x00\x00\x00WEBPVP8 \x00\x00"), "image/webp"},
		{"text", []byte("hello, this is text"), ""},
		{"pdf", []byte("%PDF-1.7\n"), ""},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"></svg>`), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ct, err := sniffPhoto(tt.body)
			if tt.wantType == "" {
				if shop.ErrorCode(err) != shop.EUNSUPPORTED {
					t.Fatalf("error %v, want EUNSUPPORTED", err)
				}
				return
			}
			if err != nil || ct != tt.wantType {
				t.Fatalf("%q %v, want %s", ct, err, tt.wantType)
			}
		})
	}
}
