package mongostore

import (
	"fmt"
	"testing"
)

// BenchmarkMakeSlug is the slug of a product name, as every product write makes it.
func BenchmarkMakeSlug(b *testing.B) {
	for _, name := range []string{"Slim Fit Navy Linen Shirt 1042", "Kurta — Hand-block Printed Cotton (Indigo) ✓ Größe L"} {
		b.Run(fmt.Sprintf("len=%d", len(name)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = makeSlug(name, "product")
			}
		})
	}
}
