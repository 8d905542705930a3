package shop_test

import (
	"encoding/json"
	"testing"

	"shop"
)

func TestParsePaise(t *testing.T) {
	cases := []struct {
		in      float64
		want    shop.Paise
		wantErr bool
	}{
		{0, 0, false}, {499, 49900, false}, {499.5, 49950, false}, {0.1, 10, false}, {1299.99, 129999, false},
		{-1, 0, true}, {1.005, 0, true}, {19.999, 0, true},
	}
	for _, tc := range cases {
		got, err := shop.ParsePaise(tc.in)
		if (err != nil) != tc.wantErr || got != tc.want {
			t.Errorf("ParsePaise(%v) = %v, %v; want %v, err %v", tc.in, got, err, tc.want, tc.wantErr)
		}
	}
}

func TestPaiseSumIsExact(t *testing.T) {
	var prices []shop.Paise
	for i := 0; i < 10; i++ {
		p, _ := shop.ParsePaise(0.1)
		prices = append(prices, p)
	}
	if got := shop.Sum(prices...); got != 100 {
		t.Fatalf("ten times 0.10 = %d paise, want 100", got)
	}
	raw, _ := json.Marshal(struct{ P shop.Paise }{shop.Sum(prices...)})
	if string(raw) != `{"P":1}` {
		t.Fatalf("JSON = %s", raw)
	}
}

func TestRegistrationValidate(t *testing.T) {
	r := shop.Registration{Name: " Asha ", Email: " ASHA@Example.COM ", Password: "secret1", Phone: "1", Address: "x", Answer: "a"}
	if err := r.Validate(); err != nil {
		t.Fatal(err)
	}
	if r.Email != "asha@example.com" || r.Name != "Asha" {
		t.Fatalf("not normalised: %+v", r)
	}
	r.Password = "ünï" // 3 runes
	if shop.ErrorCode(r.Validate()) != shop.EINVALID {
		t.Fatal("a 3-character password passed")
	}
}

func TestOrderStatuses(t *testing.T) {
	for _, s := range []string{"Not Process", "Processing", "Shipped", "Delivered", "Cancelled"} {
		if !shop.ValidOrderStatus(s) {
			t.Errorf("%q refused", s)
		}
	}
	if shop.ValidOrderStatus("processing") || shop.ValidOrderStatus("") {
		t.Error("an unknown status passed")
	}
}

func TestRoundPaise(t *testing.T) {
	for rupees, want := range map[float64]shop.Paise{0: 0, 499.5: 49950, 0.1 + 0.2: 30, 1299.994: 129999, 1299.996: 130000} {
		if got := shop.RoundPaise(rupees); got != want {
			t.Errorf("RoundPaise(%v) = %d, want %d", rupees, got, want)
		}
	}
}
