package httpapi

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/gin-gonic/gin"

	"shop"
)

// clientError reports whether err is one a client is told about (never a 500).
func clientError(err error) bool {
	if err == nil {
		return true
	}
	code := shop.ErrorCode(err)
	return code == shop.EINVALID || code == shop.ETOOLARGE
}

// decodeBody runs decodeJSON over raw as the body of a request.
func decodeBody(raw []byte, v any) error {
	rec := httptest.NewRecorder()
	c, _ := gin.CreateTestContext(rec)
	c.Request = httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(raw))
	return decodeJSON(c, v)
}

var jsonSeeds = []string{
	`{"name":"Asha","email":"a@b.co","password":"secret1","phone":"1","address":"x","answer":"y"}`,
	`{"email":"a@b.co","password":"secret1"}`,
	`{"email":"a@b.co","newpassword":"secret1","answer":"y"}`,
	`{"name":"Asha","password":""}`,
	`{"name":12}`, `[]`, `null`, `{}`, `{"a":1}{"b":2}`, `{"email":"\u0000@x.io"}`, `"str"`, ``,
}

func FuzzDecodeRegistration(f *testing.F) {
	for _, s := range jsonSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var r shop.Registration
		err := decodeBody(raw, &r)
		if err == nil {
			err = r.Validate()
		}
		if !clientError(err) {
			t.Fatalf("registration %q gave a non-client error: %v", raw, err)
		}
	})
}

func FuzzDecodeLogin(f *testing.F) {
	for _, s := range jsonSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var r loginRequest
		err := decodeBody(raw, &r)
		if err == nil {
			_, err = shop.NormalizeEmail(r.Email)
		}
		if !clientError(err) {
			t.Fatalf("login %q gave a non-client error: %v", raw, err)
		}
	})
}

func FuzzDecodeProfileAndReset(f *testing.F) {
	for _, s := range jsonSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var p shop.ProfileUpdate
		err := decodeBody(raw, &p)
		if err == nil {
			err = p.Validate()
		}
		if !clientError(err) {
			t.Fatalf("profile %q gave a non-client error: %v", raw, err)
		}
		var r shop.PasswordReset
		err = decodeBody(raw, &r)
		if err == nil {
			err = r.Validate()
		}
		if !clientError(err) {
			t.Fatalf("reset %q gave a non-client error: %v", raw, err)
		}
	})
}

func FuzzPageParam(f *testing.F) {
	for _, s := range []string{"1", "0", "-1", "6", "abc", "99999999999999999999", "1e3", " 2", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := pageParam("Page", s)
		if err != nil {
			if shop.ErrorCode(err) != shop.EINVALID {
				t.Fatalf("page %q: %v", s, err)
			}
			return
		}
		if n < 1 {
			t.Fatalf("page %q parsed to %d", s, n)
		}
	})
}
