package shop

import "strings"

// lookAlikeKey is the form in which two sizes, colours or option names are compared: lower
// case, with the Cyrillic and Greek letters that are drawn as Latin ones taken as those, so
// that "M" and a Cyrillic "М" (one word each, so each of one alphabet) are one size, not two
// ticks that look the same in the shop's filters.
func lookAlikeKey(s string) string {
	return strings.ToLower(strings.Map(func(r rune) rune {
		if latin, ok := drawnAsLatin[r]; ok {
			return latin
		}
		return r
	}, s))
}

// drawnAsLatin maps the Cyrillic and Greek letters that most fonts draw as a Latin letter.
var drawnAsLatin = map[rune]rune{
	// Cyrillic
	'А': 'A', 'В': 'B', 'Е': 'E', 'К': 'K', 'М': 'M', 'Н': 'H', 'О': 'O', 'Р': 'P', 'С': 'C',
	'Т': 'T', 'У': 'Y', 'Х': 'X', 'І': 'I', 'Ј': 'J', 'Ѕ': 'S', 'Ԛ': 'Q', 'Ԝ': 'W',
	'а': 'a', 'е': 'e', 'о': 'o', 'р': 'p', 'с': 'c', 'у': 'y', 'х': 'x', 'і': 'i', 'ј': 'j',
	'ѕ': 's', 'һ': 'h', 'ԁ': 'd', 'ԛ': 'q', 'ԝ': 'w',
	// Greek
	'Α': 'A', 'Β': 'B', 'Ε': 'E', 'Ζ': 'Z', 'Η': 'H', 'Ι': 'I', 'Κ': 'K', 'Μ': 'M', 'Ν': 'N',
	'Ο': 'O', 'Ρ': 'P', 'Τ': 'T', 'Υ': 'Y', 'Χ': 'X', 'ο': 'o', 'ν': 'v', 'ι': 'i', 'ρ': 'p',
}
