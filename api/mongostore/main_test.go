package mongostore_test

import (
	"os"
	"testing"

	"shop/internal/storetest"
)

// TestMain starts one store for the package's tests; each test opens its own database.
func TestMain(m *testing.M) { os.Exit(storetest.Main(m)) }
