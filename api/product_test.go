package shop

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

func TestParseProductFields(t *testing.T) {
	good := map[string]string{"name": " Linen Shirt ", "description": "Breezy linen.", "price": "1499.50",
		"quantity": "7", "category": "6b033b51289c7b3e59f05186", "shipping": "true"}
	in, err := ParseProductFields(good)
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
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := map[string]string{}
			for k, v := range good {
				f[k] = v
			}
			f[tt.field] = tt.value
			_, err := ParseProductFields(f)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("unexpected %v", err)
				}
				return
			}
			if ErrorCode(err) != EINVALID || !strings.Contains(ErrorMessage(err), tt.want) {
				t.Fatalf("error %v, want EINVALID mentioning %q", err, tt.want)
			}
		})
	}
}

func TestSniffPhoto(t *testing.T) {
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	tests := []struct {
		name     string
		body     []byte
		wantType string
		wantCode string
	}{
		{"png", png, "image/png", ""},
		{"jpeg", []byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00"), "image/jpeg", ""},
		{"gif", []byte("GIF89a\x01\x00\x01\x00"), "image/gif", ""},
		{"webp", []byte("RIFF\x24\x00\x00\x00WEBPVP8 \x00\x00"), "image/webp", ""},
		{"text", []byte("hello, this is text"), "", EUNSUPPORTED},
		{"pdf", []byte("%PDF-1.7\n"), "", EUNSUPPORTED},
		{"empty", nil, "", EINVALID},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			up, err := SniffPhoto(bytes.NewReader(tt.body))
			if tt.wantCode != "" {
				if ErrorCode(err) != tt.wantCode {
					t.Fatalf("error %v, want %s", err, tt.wantCode)
				}
				return
			}
			if err != nil || up.ContentType != tt.wantType {
				t.Fatalf("%v %v", up, err)
			}
			got, err := io.ReadAll(up.Body)
			if err != nil || !bytes.Equal(got, tt.body) {
				t.Fatalf("body %q, %v", got, err)
			}
		})
	}

	t.Run("limit", func(t *testing.T) {
		exact := append(append([]byte{}, png...), make([]byte, MaxPhotoBytes-len(png))...)
		up, err := SniffPhoto(bytes.NewReader(exact))
		if err != nil {
			t.Fatal(err)
		}
		if n, err := io.Copy(io.Discard, up.Body); err != nil || n != MaxPhotoBytes {
			t.Fatalf("a photo of exactly the limit: %d, %v", n, err)
		}
		up, err = SniffPhoto(bytes.NewReader(append(exact, 0)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.Copy(io.Discard, up.Body); ErrorCode(err) != ETOOLARGE {
			t.Fatalf("one byte over the limit: %v", err)
		}
	})
}
