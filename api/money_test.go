package shop_test

import (
	"encoding/json"
	"strings"
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

// A price is read as a form's number field sends it, and only so: what else Go reads as a
// number ("0x1p4", "1_0", "+5", "1e3") is no price an admin typed.
func TestParsePaiseString(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want shop.Paise
	}{
		{"0", 0}, {"499", 49900}, {"1299.5", 129950}, {"1299.50", 129950}, {"1299.99", 129999},
		{" 5 ", 500}, {"5\t", 500}, {".5", 50}, {"0.10", 10}, {"007", 700}, {"10.000", 1000},
	} {
		if got, err := shop.ParsePaiseString(tc.in); err != nil || got != tc.want {
			t.Errorf("ParsePaiseString(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"0x1p4", "written in digits"}, {"0x10", "written in digits"}, {"1_0", "written in digits"},
		{"+5", "written in digits"}, {"5.", "written in digits"}, {"1e3", "written in digits"},
		{"-5", "at least 0"}, {"-0", "at least 0"}, {"Inf", "written in digits"}, {"NaN", "written in digits"},
		{"5 0", "written in digits"}, {"1,299", "written in digits"}, {"", "written in digits"}, {".", "written in digits"},
		{"१२", "written in digits"}, // Devanagari digits
		{"10.999", "at most two decimals"}, {"1.005", "at most two decimals"},
		{"1000000001", "too large"}, {strings.Repeat("9", 400), "too large"},
	} {
		_, err := shop.ParsePaiseString(tc.in)
		if shop.ErrorCode(err) != shop.EINVALID || !strings.Contains(shop.ErrorMessage(err), tc.want) ||
			!strings.HasPrefix(shop.ErrorMessage(err), "Price") {
			t.Errorf("ParsePaiseString(%q) = %v; want EINVALID naming Price, mentioning %q", tc.in, err, tc.want)
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
