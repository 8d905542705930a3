package shop

import (
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Limits of a product's options and variants.
const (
	MaxOptions      = 3  // options of one product (size, colour, fit)
	MaxOptionValues = 30 // values of one option
	MaxOptionText   = 40 // characters of an option's name or of one of its values
	MaxVariants     = 500
	MaxSKULength    = 64
)

// reservedOptionNames are keys every script object already has: a product's option named so
// could not be told apart from that object's own parts in a browser.
var reservedOptionNames = []string{"__proto__", "constructor", "prototype"}

// Option is a choice a shopper makes about a product, such as its size, with the values
// offered, in the order the shop shows them.
type Option struct {
	Name   string   `json:"name"`
	Values []string `json:"values"`
}

// Variant is one combination of option values that is sold, with its own stock. Its id stays
// the same across edits, so carts and orders can name it.
type Variant struct {
	ID       string            `json:"_id"`
	SKU      string            `json:"sku"`
	Options  map[string]string `json:"options"`
	Price    *Paise            `json:"price,omitempty"` // overrides the product's price when set
	Quantity int               `json:"quantity"`
}

// PriceOr is the variant's price, or the product's price when the variant does not set one.
func (v *Variant) PriceOr(productPrice Paise) Paise {
	if v.Price != nil {
		return *v.Price
	}
	return productPrice
}

// Variant returns the product's variant with id, or nil.
func (p *Product) Variant(id string) *Variant {
	for i := range p.Variants {
		if p.Variants[i].ID == id {
			return &p.Variants[i]
		}
	}
	return nil
}

// VariantStock is the sum of the variants' stock: the stock of a product that has variants.
func VariantStock(vs []Variant) int {
	n := 0
	for _, v := range vs {
		n += v.Quantity
	}
	return n
}

// ChoiceNeeded is the sentence asking a shopper to choose what a product is sold by,
// e.g. "Choose a size and colour for Linen Shirt."
func (p *Product) ChoiceNeeded() string {
	names := make([]string, len(p.Options))
	for i, o := range p.Options {
		names[i] = strings.ToLower(o.Name)
	}
	what := "an option"
	switch len(names) {
	case 0:
	case 1:
		what = "a " + names[0]
	default:
		what = "a " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	}
	return "Choose " + what + " for " + p.Name + "."
}

// VariantsInput is the admin's whole set of options and variants for one product: it replaces
// the set the product has.
type VariantsInput struct {
	Options  []Option       `json:"options"`
	Variants []VariantInput `json:"variants"`
	// LoadedAt is the product's updatedAt as the editor loaded it (nil: not said): when an
	// admin's edit changed the product since, the edit is refused (ECONFLICT) rather than
	// undoing it. Sales do not count.
	LoadedAt *time.Time `json:"updatedAt"`
}

// VariantInput is one variant as the admin sends it: without ID it is a new variant. A kept
// variant sent without Quantity keeps its stock as it is when the edit is written, so an edit
// of prices or SKUs never undoes a sale made meanwhile.
type VariantInput struct {
	ID       string            `json:"_id"`
	SKU      string            `json:"sku"`
	Options  map[string]string `json:"options"`
	Price    *float64          `json:"price"`
	Quantity *int              `json:"quantity"`
}

// Validate trims the text, checks every rule of options and variants against the product's
// current variants (an _id sent must be one of them) and answers the variants to store: their
// ids are the ones sent, empty for new variants. The first problem is EINVALID naming its field.
// Whether a SKU is used by another product is checked by the store.
func (in *VariantsInput) Validate(current []Variant) ([]Variant, error) {
	if err := in.validateOptions(); err != nil {
		return nil, err
	}
	if len(in.Options) == 0 && len(in.Variants) > 0 {
		return nil, Errorf(EINVALID, "Field variants must be empty when there are no options.")
	}
	if len(in.Variants) > MaxVariants {
		return nil, Errorf(EINVALID, "Field variants has %d variants; at most %d are allowed.", len(in.Variants), MaxVariants)
	}
	known := map[string]*Variant{}
	for i := range current {
		known[current[i].ID] = &current[i]
	}
	out := make([]Variant, len(in.Variants))
	seenID, seenSKU, seenCombo := map[string]int{}, map[string]int{}, map[string]int{}
	for i, v := range in.Variants {
		field := func(name string) string { return "Field variants[" + strconv.Itoa(i) + "]" + name }
		id := strings.TrimSpace(v.ID)
		if id != "" {
			if known[id] == nil {
				return nil, Errorf(EINVALID, "%s is not one of this product's variants; leave it out for a new variant.", field("._id"))
			}
			if j, twice := seenID[id]; twice {
				return nil, Errorf(EINVALID, "%s repeats the _id of variants[%d].", field("._id"), j)
			}
			seenID[id] = i
		}
		sku, err := requireCode(field(".sku"), v.SKU, MaxSKULength)
		if err != nil {
			return nil, err
		}
		if j, twice := seenSKU[sku]; twice {
			return nil, Errorf(EINVALID, "%s repeats the SKU %s of variants[%d].", field(".sku"), sku, j)
		}
		seenSKU[sku] = i
		combo, opts, err := in.combination(field(".options"), v.Options)
		if err != nil {
			return nil, err
		}
		if j, twice := seenCombo[combo]; twice {
			return nil, Errorf(EINVALID, "%s repeats the combination of variants[%d].", field(".options"), j)
		}
		seenCombo[combo] = i
		out[i] = Variant{ID: id, SKU: sku, Options: opts}
		switch {
		case v.Quantity == nil && id != "":
			out[i].Quantity = known[id].Quantity // kept as it is, sales included
		case v.Quantity == nil || *v.Quantity < 0 || *v.Quantity > MaxQuantity:
			return nil, Errorf(EINVALID, "%s must be a whole number from 0 to %d.", field(".quantity"), MaxQuantity)
		default:
			out[i].Quantity = *v.Quantity
		}
		if v.Price != nil {
			p, err := ParsePaise(*v.Price)
			if err != nil {
				return nil, Errorf(EINVALID, "%s must be a number of at least 0 with at most two decimals.", field(".price"))
			}
			out[i].Price = &p
		}
	}
	return out, nil
}

// validateOptions trims the options and checks their count, names and values.
func (in *VariantsInput) validateOptions() error {
	if len(in.Options) > MaxOptions {
		return Errorf(EINVALID, "Field options has %d options; at most %d are allowed.", len(in.Options), MaxOptions)
	}
	names := map[string]int{}
	for i := range in.Options {
		o := &in.Options[i]
		field := "Field options[" + strconv.Itoa(i) + "]"
		var err error
		if o.Name, err = optionText(field+".name", o.Name); err != nil {
			return err
		}
		// A name is a key of each variant's options in the stored document, where a leading $
		// or a dot would be read as an operator or a path, and in the storefront's choice of
		// options, where a key of every script object would name that object's inner parts.
		if strings.HasPrefix(o.Name, "$") || strings.Contains(o.Name, ".") {
			return Errorf(EINVALID, "%s.name must not begin with $ or contain a dot.", field)
		}
		if slices.Contains(reservedOptionNames, o.Name) {
			return Errorf(EINVALID, "%s.name %s is reserved; please name the option another way.", field, o.Name)
		}
		if j, twice := names[lookAlikeKey(o.Name)]; twice {
			return Errorf(EINVALID, "%s.name repeats the option %s of options[%d].", field, o.Name, j)
		}
		names[lookAlikeKey(o.Name)] = i
		if len(o.Values) == 0 || len(o.Values) > MaxOptionValues {
			return Errorf(EINVALID, "%s.values must hold 1 to %d values.", field, MaxOptionValues)
		}
		seen := map[string]bool{}
		for k := range o.Values {
			if o.Values[k], err = optionText(field+".values["+strconv.Itoa(k)+"]", o.Values[k]); err != nil {
				return err
			}
			key := lookAlikeKey(o.Values[k])
			if seen[key] {
				return Errorf(EINVALID, "%s.values repeats the value %s.", field, o.Values[k])
			}
			seen[key] = true
		}
	}
	return nil
}

// optionText trims and checks an option's name or one of its values. A comma is refused: the
// admin's editor types an option's values as a list separated by commas, and browse takes sizes
// and colours so (?size=S,M), so a value "Black, White" could be neither edited nor filtered on.
func optionText(field, s string) (string, error) {
	s, err := requireCode(field, s, MaxOptionText)
	if err != nil {
		return "", err
	}
	if strings.Contains(s, ",") {
		return "", Errorf(EINVALID, "%s must not contain a comma.", field)
	}
	if err := oneAlphabetAWord(field, s); err != nil {
		return "", err
	}
	return s, nil
}

// combination checks that a variant names one value of every option and nothing else, and
// answers a key of the combination and the trimmed choice.
func (in *VariantsInput) combination(field string, sent map[string]string) (string, map[string]string, error) {
	chosen := make(map[string]string, len(sent))
	for name, v := range sent {
		chosen[codeForm(strings.TrimSpace(name))] = codeForm(v) // as the options were kept
	}
	for name := range chosen {
		if !slices.ContainsFunc(in.Options, func(o Option) bool { return o.Name == name }) {
			return "", nil, Errorf(EINVALID, "%s names %s, which is not one of the options.", field, clip(name, MaxOptionText))
		}
	}
	opts := make(map[string]string, len(in.Options))
	var key strings.Builder
	for _, o := range in.Options {
		v, ok := chosen[o.Name]
		v = strings.TrimSpace(v)
		if !ok || v == "" {
			return "", nil, Errorf(EINVALID, "%s.%s is required.", field, o.Name)
		}
		if !slices.Contains(o.Values, v) {
			return "", nil, Errorf(EINVALID, "%s.%s: %s is not one of the values of %s.", field, o.Name, clip(v, MaxOptionText), o.Name)
		}
		opts[o.Name] = v
		key.WriteString(v)
		key.WriteByte(0)
	}
	return key.String(), opts, nil
}

// clip shortens s to at most n characters, so an answer never echoes a long input.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}
