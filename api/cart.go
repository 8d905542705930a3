package shop

import (
	"cmp"
	"maps"
	"strings"
)

// cartLine is one cart item priced from its stored product: the order item it becomes, the
// stock it takes, how many units of that stock the product had when read, and how the
// shopper would name it ("Crew Tee (M, Navy)").
type cartLine struct {
	item      OrderItem
	unit      StockItem
	available int
	label     string
}

// lineOf checks the cart item at index i against its product. A product sold by size or
// colour needs the item's variantId (EINVALID asking for the choice; ENOTFOUND when the
// variant is no longer sold); any other product must come without one. The price is the
// variant's when it sets one.
func lineOf(i int, p *Product, it CartItem) (cartLine, error) {
	l := cartLine{
		item:      OrderItem{ID: p.ID, Name: p.Name, Slug: p.Slug, Description: p.Description, Price: p.Price},
		unit:      StockItem{ProductID: p.ID},
		available: p.Quantity,
		label:     p.Name,
	}
	if len(p.Options) == 0 {
		if it.VariantID != "" {
			return l, Errorf(EINVALID, "%s has no sizes or colours to choose: field cart[%d].variantId must be left out.", p.Name, i)
		}
		return l, nil
	}
	if it.VariantID == "" {
		return l, Errorf(EINVALID, "%s", p.ChoiceNeeded())
	}
	v := p.Variant(it.VariantID)
	if v == nil {
		if !isHexID(it.VariantID) {
			return l, Errorf(EINVALID, "Field cart[%d].variantId is not a valid id.", i)
		}
		return l, Errorf(ENOTFOUND, "The chosen size of %s in your cart is no longer sold. Please remove it and choose again.", p.Name)
	}
	l.item.Price = v.PriceOr(p.Price)
	l.item.Variant = &OrderVariant{ID: v.ID, SKU: v.SKU, Options: maps.Clone(v.Options)}
	l.unit.VariantID = v.ID
	l.available = v.Quantity
	values := make([]string, 0, len(p.Options))
	for _, o := range p.Options {
		values = append(values, v.Options[o.Name])
	}
	l.label = p.Name + " (" + strings.Join(values, ", ") + ")"
	return l, nil
}

// isHexID reports whether s has the form of an id: 24 hexadecimal digits.
func isHexID(s string) bool {
	if len(s) != 24 {
		return false
	}
	return strings.Trim(strings.ToLower(s), "0123456789abcdef") == ""
}

// compareStockItems orders stock items by product, then variant: reserving in this order,
// two carts with the same items take them in the same order.
func compareStockItems(a, b StockItem) int {
	return cmp.Or(strings.Compare(a.ProductID, b.ProductID), strings.Compare(a.VariantID, b.VariantID))
}
