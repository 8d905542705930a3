package httpapi_test

import (
	"testing"

	"shop/httpapi"
)

func TestShopConfigAnswersTheCurrency(t *testing.T) {
	t.Run("200-default-inr", func(t *testing.T) {
		m := expect(t, newApp(t).do(request{method: "GET", path: "/api/v1/config"}), 200)
		if m["success"] != true || m["currency"] != "inr" {
			t.Fatalf("config %v", m)
		}
	})
	t.Run("200-configured", func(t *testing.T) {
		a := newApp(t, func(d *httpapi.Deps) { d.Currency = "eur" })
		m := expect(t, a.do(request{method: "GET", path: "/api/v1/config"}), 200)
		if m["currency"] != "eur" {
			t.Fatalf("config %v", m)
		}
	})
}
