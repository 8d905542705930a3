package httpapi

import (
	"strconv"
	"strings"
	"time"

	"shop"
)

// productFieldNames are the text fields of the product form. updatedAt and loadedQuantity are
// optional: an edit sends the product's updatedAt and stock as it loaded them, so an edit made
// on a stale copy is refused and an unchanged stock figure leaves the units sold since sold
// (see shop.ProductInput).
var productFieldNames = []string{"name", "description", "price", "quantity", "category", "shipping", "updatedAt",
	"loadedQuantity"}

func isProductField(name string) bool {
	for _, f := range productFieldNames {
		if f == name {
			return true
		}
	}
	return false
}

// parseProductFields reads the product form's text fields as typed (price "499.50", quantity
// "12", shipping "1"/"0"/"true"/"false", optional) and validates them. A missing or
// wrong-typed field is EINVALID naming it.
func parseProductFields(fields map[string]string) (shop.ProductInput, error) {
	var in shop.ProductInput
	for _, f := range []string{"name", "description", "price", "quantity", "category"} {
		if strings.TrimSpace(fields[f]) == "" {
			return in, shop.Errorf(shop.EINVALID, "%s is required.", strings.ToUpper(f[:1])+f[1:])
		}
	}
	in.Name, in.Description, in.CategoryID = fields["name"], fields["description"], fields["category"]
	var err error
	if in.Price, err = shop.ParsePaiseString(strings.TrimSpace(fields["price"])); err != nil {
		return in, err
	}
	q, ok := wholeNumber(fields["quantity"])
	if !ok {
		return in, shop.Errorf(shop.EINVALID, "Quantity must be a whole number from 0 to %d.", shop.MaxQuantity)
	}
	in.Quantity = q
	shipping, said := fields["shipping"]
	in.KeepShipping = !said
	switch strings.ToLower(strings.TrimSpace(shipping)) {
	case "", "0", "false", "no":
	case "1", "true", "yes":
		in.Shipping = true
	default:
		return in, shop.Errorf(shop.EINVALID, "Shipping must be 1 or 0 (or true or false).")
	}
	if at := strings.TrimSpace(fields["updatedAt"]); at != "" {
		if in.LoadedAt, err = time.Parse(time.RFC3339Nano, at); err != nil {
			return in, shop.Errorf(shop.EINVALID, "updatedAt must be the product's updatedAt as it was loaded.")
		}
	}
	if loaded := strings.TrimSpace(fields["loadedQuantity"]); loaded != "" {
		n, ok := wholeNumber(loaded)
		if !ok {
			return in, shop.Errorf(shop.EINVALID, "loadedQuantity must be the product's quantity as it was loaded.")
		}
		in.LoadedQuantity = &n
	}
	return in, in.Validate()
}

// wholeNumber reads a count as a form's number field sends it: digits only, spaces around them
// left out ("+5", "1_000" and "0x10" are no count). More than 9 digits is no count either: no
// stock is so large, and the sum never overflows.
func wholeNumber(s string) (int, bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 9 || strings.TrimLeft(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	return n, err == nil
}
