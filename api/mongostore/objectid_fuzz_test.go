package mongostore

import (
	"testing"

	"shop"
)

func FuzzObjectID(f *testing.F) {
	for _, s := range []string{"6b033b51289c7b3e59f05186", "", "xyz", "6b033b51289c7b3e59f0518", "6B033B51289C7B3E59F05186", "$where"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, err := objectID("Product id", s)
		if err != nil {
			if shop.ErrorCode(err) != shop.EINVALID {
				t.Fatalf("%q: %v", s, err)
			}
			return
		}
		if id.IsZero() && s != "000000000000000000000000" {
			t.Fatalf("%q parsed to the zero id", s)
		}
	})
}
