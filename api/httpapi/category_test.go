package httpapi_test

import (
	"net/http"
	"strings"
	"testing"
)

// createCategory creates a category through the API and answers its id and slug.
func (a *app) createCategory(token, name string) (id, slug string) {
	a.t.Helper()
	m := expect(a.t, a.do(request{method: "POST", path: "/api/v1/category/create-category", token: token,
		body: map[string]string{"name": name}}), http.StatusCreated)
	c := m["category"].(map[string]any)
	return c["_id"].(string), c["slug"].(string)
}

func TestCategoryCalls(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	shopper, _ := a.signUp("Asha", "asha@shop.test")
	shirtsID, _ := a.createCategory(admin, "Shirts")
	jeansID, _ := a.createCategory(admin, "Jeans")
	const unknown = "0123456789abcdef01234567"

	tests := []struct {
		name        string
		req         request
		status      int
		wantMessage string // part of the message of a failure
	}{
		{"create-401", request{method: "POST", path: "/api/v1/category/create-category", body: map[string]string{"name": "Socks"}}, 401, "sign in"},
		{"create-403", request{method: "POST", path: "/api/v1/category/create-category", token: shopper, body: map[string]string{"name": "Socks"}}, 403, "administrators"},
		{"create-400-blank", request{method: "POST", path: "/api/v1/category/create-category", token: admin, body: map[string]string{"name": "  "}}, 400, "Name"},
		{"create-400-type", request{method: "POST", path: "/api/v1/category/create-category", token: admin, body: map[string]int{"name": 5}}, 400, "name"},
		{"create-400-json", request{method: "POST", path: "/api/v1/category/create-category", token: admin, body: "{"}, 400, "JSON"},
		{"create-409-case", request{method: "POST", path: "/api/v1/category/create-category", token: admin, body: map[string]string{"name": "sHIRTS"}}, 409, "already exists"},
		{"create-409-invisible", request{method: "POST", path: "/api/v1/category/create-category", token: admin, body: map[string]string{"name": "Shirts\u200b"}}, 409, "already exists"},
		{"create-409-full-width", request{method: "POST", path: "/api/v1/category/create-category", token: admin, body: map[string]string{"name": "Ｓｈｉｒｔｓ"}}, 409, "already exists"},
		{"create-400-invisible-only", request{method: "POST", path: "/api/v1/category/create-category", token: admin, body: map[string]string{"name": "\u200b\u2060"}}, 400, "Name is required."},
		{"create-400-braille-blank", request{method: "POST", path: "/api/v1/category/create-category", token: admin, body: map[string]string{"name": "\u2800"}}, 400, "Name is required."},
		{"create-400-mixed-alphabets", request{method: "POST", path: "/api/v1/category/create-category", token: admin, body: map[string]string{"name": "Zet\u0430"}}, 400, "Name must not mix alphabets (such as Latin and Cyrillic) in one word."},
		{"create-409-direction-dropped", request{method: "POST", path: "/api/v1/category/create-category", token: admin, body: map[string]string{"name": "\u2066Shirts\u202e"}}, 409, "already exists"},
		{"create-400-two-lines", request{method: "POST", path: "/api/v1/category/create-category", token: admin, body: map[string]string{"name": "Socks\r\nand more"}}, 400, "Name must be one line, without control characters."},
		{"update-401", request{method: "PUT", path: "/api/v1/category/update-category/" + shirtsID, body: map[string]string{"name": "Tops"}}, 401, ""},
		{"update-403", request{method: "PUT", path: "/api/v1/category/update-category/" + shirtsID, token: shopper, body: map[string]string{"name": "Tops"}}, 403, ""},
		{"update-400-id", request{method: "PUT", path: "/api/v1/category/update-category/xyz", token: admin, body: map[string]string{"name": "Tops"}}, 400, "id"},
		{"update-400-blank", request{method: "PUT", path: "/api/v1/category/update-category/" + shirtsID, token: admin, body: map[string]string{"name": ""}}, 400, "Name"},
		{"update-404", request{method: "PUT", path: "/api/v1/category/update-category/" + unknown, token: admin, body: map[string]string{"name": "Tops"}}, 404, "not found"},
		{"update-409", request{method: "PUT", path: "/api/v1/category/update-category/" + shirtsID, token: admin, body: map[string]string{"name": "JEANS"}}, 409, "already exists"},
		{"delete-401", request{method: "DELETE", path: "/api/v1/category/delete-category/" + jeansID}, 401, ""},
		{"delete-403", request{method: "DELETE", path: "/api/v1/category/delete-category/" + jeansID, token: shopper}, 403, ""},
		{"delete-400", request{method: "DELETE", path: "/api/v1/category/delete-category/nope", token: admin}, 400, "id"},
		{"delete-404", request{method: "DELETE", path: "/api/v1/category/delete-category/" + unknown, token: admin}, 404, "not found"},
		{"single-404", request{method: "GET", path: "/api/v1/category/single-category/socks"}, 404, "not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := expect(t, a.do(tt.req), tt.status)
			if msg, _ := m["message"].(string); !strings.Contains(strings.ToLower(msg), strings.ToLower(tt.wantMessage)) {
				t.Errorf("message %q does not mention %q", msg, tt.wantMessage)
			}
		})
	}

	t.Run("update-200-slug-follows", func(t *testing.T) {
		m := expect(t, a.do(request{method: "PUT", path: "/api/v1/category/update-category/" + shirtsID, token: admin,
			body: map[string]string{"name": "Formal Shirts"}}), 200)
		c := m["category"].(map[string]any)
		if m["success"] != true || m["message"] == "" || c["name"] != "Formal Shirts" || c["slug"] != "formal-shirts" || c["_id"] != shirtsID {
			t.Fatalf("answer %v", m)
		}
		m = expect(t, a.do(request{method: "GET", path: "/api/v1/category/single-category/formal-shirts"}), 200)
		if c := m["category"].(map[string]any); m["success"] != true || c["_id"] != shirtsID || c["name"] != "Formal Shirts" {
			t.Fatalf("single-category %v", m)
		}
		expect(t, a.do(request{method: "GET", path: "/api/v1/category/single-category/shirts"}), 404)
	})

	t.Run("get-category-sorted", func(t *testing.T) {
		a.createCategory(admin, "accessories")
		m := expect(t, a.do(request{method: "GET", path: "/api/v1/category/get-category"}), 200)
		var names []string
		for _, c := range m["category"].([]any) {
			c := c.(map[string]any)
			if c["_id"] == "" || c["slug"] == "" {
				t.Errorf("category lacks _id or slug: %v", c)
			}
			names = append(names, c["name"].(string))
		}
		if got := strings.Join(names, ","); got != "accessories,Formal Shirts,Jeans" || m["success"] != true || m["message"] == "" {
			t.Fatalf("categories %s; answer %v", got, m)
		}
	})

	t.Run("delete-200", func(t *testing.T) {
		m := expect(t, a.do(request{method: "DELETE", path: "/api/v1/category/delete-category/" + jeansID, token: admin}), 200)
		if m["success"] != true || m["message"] == "" {
			t.Fatalf("answer %v", m)
		}
		expect(t, a.do(request{method: "GET", path: "/api/v1/category/single-category/jeans"}), 404)
		expect(t, a.do(request{method: "DELETE", path: "/api/v1/category/delete-category/" + jeansID, token: admin}), 404)
	})
}

func TestCategorySlugClashGetsSuffix(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	_, first := a.createCategory(admin, "T-Shirts")
	_, second := a.createCategory(admin, "T Shirts")
	if first != "t-shirts" || !strings.HasPrefix(second, "t-shirts-") || second == first {
		t.Fatalf("slugs %q and %q", first, second)
	}
}

func TestCategoryDeleteRefusedWhileUsed(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	catID, _ := a.createCategory(admin, "Jackets")
	p1 := a.createProduct(admin, productFields(catID, "Denim Jacket"), nil)
	a.createProduct(admin, productFields(catID, "Bomber Jacket"), nil)

	m := expect(t, a.do(request{method: "DELETE", path: "/api/v1/category/delete-category/" + catID, token: admin}), 409)
	if msg := m["message"].(string); !strings.Contains(msg, "2 products") {
		t.Fatalf("message %q does not say how many products use it", msg)
	}
	expect(t, a.do(request{method: "DELETE", path: "/api/v1/product/delete-product/" + p1["_id"].(string), token: admin}), 200)
	m = expect(t, a.do(request{method: "DELETE", path: "/api/v1/category/delete-category/" + catID, token: admin}), 409)
	if msg := m["message"].(string); !strings.Contains(msg, "1 product uses") {
		t.Fatalf("message %q", msg)
	}
}

// Names that differ only in their spaces are one name, for a new category and a rename alike.
func TestCategoryNamesDifferingInSpacesClash(t *testing.T) {
	a := newApp(t)
	admin := a.signUpAdmin()
	a.createCategory(admin, "Tees & Tops")
	jeansID, _ := a.createCategory(admin, "Jeans")
	expect(t, a.do(request{method: "POST", path: "/api/v1/category/create-category", token: admin,
		body: map[string]string{"name": "Tees  &  Tops"}}), 409)
	expect(t, a.do(request{method: "PUT", path: "/api/v1/category/update-category/" + jeansID, token: admin,
		body: map[string]string{"name": "tees  &  tops"}}), 409)
}
