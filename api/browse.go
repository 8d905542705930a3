package shop

import (
	"math"
	"slices"
	"strconv"
	"strings"
)

// Limits and defaults of browsing.
const (
	BrowseDefaultLimit = 12
	BrowseMaxLimit     = 48
	maxBrowseValues    = 30 // values of one list parameter (category, size, colour)
	// MaxPage is the highest page number any paged list takes.
	MaxPage = 1_000_000
)

// Browse sort orders; BrowseNewest is the default.
const (
	BrowseNewest    = "newest"
	BrowsePriceAsc  = "price-asc"
	BrowsePriceDesc = "price-desc"
	BrowseName      = "name"
)

var browseSorts = []string{BrowseNewest, BrowsePriceAsc, BrowsePriceDesc, BrowseName}

// The options that the size and colour filters read, by name, ignoring case.
var (
	SizeOptionNames   = []string{"size"}
	ColourOptionNames = []string{"colour", "color"}
)

// BrowseQuery is one page of the catalogue under filters. Lists match any of their values;
// different filters must all match. A product with variants matches size, colour and
// in-stock when one of its variants has all of them; its price is its lowest price.
type BrowseQuery struct {
	Categories  []string // category slugs
	CategoryIDs []string // category ids (the older product-filters call names them so)
	Sizes       []string
	Colours     []string
	MinPrice    *Paise
	MaxPrice    *Paise
	InStock     bool
	Keyword     string // matched literally in name or description, ignoring case
	Sort        string
	Page, Limit int // Limit 0: every matching product (at most MaxProductsListed)
}

// BrowseResult is a page of products, the number that match, and the facets.
type BrowseResult struct {
	Total    int        `json:"total"`
	Page     int        `json:"page"`
	Limit    int        `json:"limit"`
	Products []*Product `json:"products"`
	// MatchedPrices are, product by product, the lowest price of the sizes and colours that
	// match the filters: what the product sells at for the shopper who asked.
	MatchedPrices []Paise `json:"-"`
	Facets        Facets  `json:"facets"`
}

// Facets count, for every value of a filter, the products that would match were it chosen:
// each facet applies every filter but its own, so choosing M still shows how many L there are.
type Facets struct {
	Category []CategoryFacet `json:"category"`
	Size     []ValueFacet    `json:"size"`
	Colour   []ValueFacet    `json:"colour"`
	Price    PriceRange      `json:"price"`
}

// CategoryFacet is a category and its count of matching products.
type CategoryFacet struct {
	Slug  string `json:"slug"`
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// ValueFacet is a size or colour and its count of matching products.
type ValueFacet struct {
	Value string `json:"value"`
	Count int    `json:"count"`
}

// PriceRange is the lowest and highest price among the matching products (0 and 0 for none).
type PriceRange struct {
	Min Paise `json:"min"`
	Max Paise `json:"max"`
}

// ParseBrowseQuery reads the browse parameters of a query string. A bad value is EINVALID
// naming its parameter; unknown parameters are ignored.
func ParseBrowseQuery(params map[string][]string) (BrowseQuery, error) {
	q := BrowseQuery{Sort: BrowseNewest, Page: 1, Limit: BrowseDefaultLimit}
	get := func(name string) (string, bool) {
		vs, ok := params[name]
		return strings.TrimSpace(strings.Join(vs, ",")), ok
	}
	var err error
	for _, list := range []struct {
		name string
		dst  *[]string
	}{{"category", &q.Categories}, {"size", &q.Sizes}, {"colour", &q.Colours}} {
		if s, ok := get(list.name); ok && s != "" {
			if *list.dst, err = browseList(list.name, s); err != nil {
				return q, err
			}
		}
	}
	low, err := browsePrice("minPrice", get)
	if err != nil {
		return q, err
	}
	high, err := browsePrice("maxPrice", get)
	if err != nil {
		return q, err
	}
	if low != nil && high != nil && *low > *high {
		return q, Errorf(EINVALID, "minPrice must not be more than maxPrice.")
	}
	if low != nil {
		bound := PriceBound(*low, true)
		q.MinPrice = &bound
	}
	if high != nil {
		bound := PriceBound(*high, false)
		q.MaxPrice = &bound
	}
	if s, ok := get("inStock"); ok && s != "" {
		switch strings.ToLower(s) {
		case "true", "1":
			q.InStock = true
		case "false", "0":
		default:
			return q, Errorf(EINVALID, "inStock must be true or false.")
		}
	}
	if s, _ := get("q"); s != "" {
		if len([]rune(s)) > MaxKeywordLength {
			return q, Errorf(EINVALID, "q must be at most %d characters.", MaxKeywordLength)
		}
		q.Keyword = s
	}
	if s, ok := get("sort"); ok && s != "" {
		if !slices.Contains(browseSorts, s) {
			return q, Errorf(EINVALID, "sort must be one of: %s.", strings.Join(browseSorts, ", "))
		}
		q.Sort = s
	}
	if s, ok := get("page"); ok {
		if q.Page, err = strconv.Atoi(s); err != nil || q.Page < 1 || q.Page > MaxPage {
			return q, Errorf(EINVALID, "page must be a whole number from 1 to %d.", MaxPage)
		}
	}
	if s, ok := get("limit"); ok {
		if q.Limit, err = strconv.Atoi(s); err != nil || q.Limit < 1 || q.Limit > BrowseMaxLimit {
			return q, Errorf(EINVALID, "limit must be a whole number from 1 to %d.", BrowseMaxLimit)
		}
	}
	return q, nil
}

// browseList splits a comma-separated list, dropping empty entries and repeats. It stops at
// the first value past the limit: a list of thousands costs no more than one of 31.
func browseList(name, s string) ([]string, error) {
	var out []string
	for v := range strings.SplitSeq(s, ",") {
		v = strings.TrimSpace(v)
		if v == "" || slices.Contains(out, v) {
			continue
		}
		if len([]rune(v)) > 100 {
			return nil, Errorf(EINVALID, "%s holds a value longer than 100 characters.", name)
		}
		if len(out) == maxBrowseValues {
			return nil, Errorf(EINVALID, "%s may list at most %d values.", name, maxBrowseValues)
		}
		out = append(out, v)
	}
	return out, nil
}

// browsePrice reads the price bound name in rupees, or nil when it is not given.
func browsePrice(name string, get func(string) (string, bool)) (*float64, error) {
	s, ok := get(name)
	if !ok || s == "" {
		return nil, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || f < 0 {
		return nil, Errorf(EINVALID, "%s must be a number of rupees of at least 0.", name)
	}
	return &f, nil
}

// ProductFilters is the body of the older product-filters call: category ids ticked, and a
// price range [min, max] in rupees (or none).
type ProductFilters struct {
	Checked []string  `json:"checked"`
	Radio   []float64 `json:"radio"`
}

// Query is the browse of every product matching the filters, newest first. EINVALID naming
// the field for an id that is not one or a range that is not [min, max].
func (f ProductFilters) Query() (BrowseQuery, error) {
	q := BrowseQuery{Sort: BrowseNewest, Page: 1}
	if len(f.Checked) > MaxPageLimit {
		return q, Errorf(EINVALID, "Field checked may list at most %d categories.", MaxPageLimit)
	}
	for i, id := range f.Checked {
		if !isHexID(id) {
			return q, Errorf(EINVALID, "Field checked[%d] is not a valid category id.", i)
		}
		q.CategoryIDs = append(q.CategoryIDs, strings.ToLower(id))
	}
	switch len(f.Radio) {
	case 0:
	case 2:
		low, high := f.Radio[0], f.Radio[1]
		if math.IsNaN(low) || math.IsNaN(high) || low < 0 || high < low {
			return q, Errorf(EINVALID, "Field radio must be [min, max]: two prices with 0 <= min <= max.")
		}
		lo, hi := PriceBound(low, true), PriceBound(high, false)
		q.MinPrice, q.MaxPrice = &lo, &hi
	default:
		return q, Errorf(EINVALID, "Field radio must be [min, max]: two prices with 0 <= min <= max.")
	}
	return q, nil
}
