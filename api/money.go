package shop

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// DefaultCurrency is the ISO code (lower case) prices are in and cards are charged in when the
// shop is given none: the spec's shop shows rupees.
const DefaultCurrency = "inr"

// Paise is an amount of money in minor units (1/100 of the currency unit). Sums are taken
// in Paise, never by adding floats.
type Paise int64

// ParsePaise converts a price given as a number of rupees (at most two decimals, >= 0).
func ParsePaise(rupees float64) (Paise, error) {
	if math.IsNaN(rupees) || math.IsInf(rupees, 0) || rupees < 0 {
		return 0, Errorf(EINVALID, "Price must be a number of at least 0.")
	}
	if rupees > maxPriceRupees {
		return 0, Errorf(EINVALID, "Price is too large.")
	}
	minor := math.Round(rupees * 100)
	if math.Abs(minor-rupees*100) > 1e-6 {
		return 0, Errorf(EINVALID, "Price can have at most two decimals.")
	}
	return Paise(minor), nil
}

// maxPriceRupees is the largest price a product may have.
const maxPriceRupees = 1e9

// RoundPaise is an amount of rupees to the nearest paisa, for amounts that need no checking:
// an amount stored after it was checked.
func RoundPaise(rupees float64) Paise { return Paise(math.Round(rupees * 100)) }

// PriceBound is a price range's bound in rupees (>= 0) as whole paise, rounded inward so that
// the range never takes in a price outside it: a minimum up, a maximum down (a maximum of
// 1299.499 keeps out 1299.50). A minimum above the largest price keeps out every product.
func PriceBound(rupees float64, minimum bool) Paise {
	if rupees > maxPriceRupees {
		if minimum {
			return Paise(maxPriceRupees*100) + 1
		}
		rupees = maxPriceRupees
	}
	// A hair's allowance, so that 0.29 (28.999999999999996 paise in floating point) is 29.
	if minimum {
		return Paise(math.Ceil(rupees*100 - 1e-6))
	}
	return Paise(math.Floor(rupees*100 + 1e-6))
}

// priceText is a price as a form's number field sends it: digits, with a decimal point and
// decimals or not. A browser sends ".5" as typed, so the digits before the point may be
// missing; nothing else Go would read as a number is a price ("0x1p4", "1_0", "+5", "5.",
// "1e3", "Inf").
var priceText = regexp.MustCompile(`^(\d+(\.\d+)?|\.\d+)$`)

// ParsePaiseString parses a price as typed in a form ("499", "499.5", "499.99"), spaces around
// it left out. How many decimals it may have is ParsePaise's rule.
func ParsePaiseString(s string) (Paise, error) {
	s = strings.TrimSpace(s)
	if !priceText.MatchString(s) {
		return 0, Errorf(EINVALID, "Price must be a number of at least 0, written in digits (such as 499 or 499.50).")
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return 0, Errorf(EINVALID, "Price is too large.")
	}
	return ParsePaise(f)
}

// Rupees is the amount as a number of currency units, for JSON answers.
func (p Paise) Rupees() float64 { return float64(p) / 100 }

// MarshalJSON writes the amount as a plain number of currency units (e.g. 499.5).
func (p Paise) MarshalJSON() ([]byte, error) {
	return []byte(strconv.FormatFloat(p.Rupees(), 'f', -1, 64)), nil
}

// UnmarshalJSON reads a number of currency units.
func (p *Paise) UnmarshalJSON(b []byte) error {
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil {
		return fmt.Errorf("price %s: %w", b, err)
	}
	v, err := ParsePaise(f)
	if err != nil {
		return err
	}
	*p = v
	return nil
}

// Sum adds amounts.
func Sum(amounts ...Paise) Paise {
	var t Paise
	for _, a := range amounts {
		t += a
	}
	return t
}
