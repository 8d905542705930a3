// Package shop is the domain of the clothing shop: its types, the services that act on them,
// and the error kinds they return. It imports neither the HTTP framework nor the store driver:
// httpapi (transport), mongostore (storage) and payment (card gateways) depend on it, not the
// other way round.
package shop

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
	"golang.org/x/text/width"
)

// Roles of a user. Any role other than RoleAdmin is a shopper.
const (
	RoleUser  = 0
	RoleAdmin = 1
)

// requireText trims s and checks it is one line of UTF-8 text that shows something and is at
// most max characters long. Text that shows nothing (only zero-width or other invisible
// characters) counts as missing: it would pass for a name no one can see or tell apart.
func requireText(field, s string, max int) (string, error) { return checkText(field, s, max, false) }

// requireLines is requireText for text that may run over several lines and hold tabs: an
// address, a description.
func requireLines(field, s string, max int) (string, error) { return checkText(field, s, max, true) }

func checkText(field, s string, max int, lines bool) (string, error) {
	if !utf8.ValidString(s) {
		return "", Errorf(EINVALID, "%s must be UTF-8 text.", field)
	}
	if !lines {
		// A direction override or mark in a name, a phone or an email reorders what is shown
		// after it, in the field and in the rest of a table row ("Asha\u202Egnp.exe" shows as
		// "Ashaexe.png"), and one-line text needs none: the pages isolate each name. They come
		// unseen with text pasted from a phone's contacts or a spreadsheet, so they are dropped
		// rather than refused. Several lines of right-to-left text may need marks, and keep them.
		s = dropBidiControls(s)
	}
	s = strings.TrimSpace(s)
	if strings.IndexFunc(s, visible) < 0 {
		return "", Errorf(EINVALID, "%s is required.", field)
	}
	if utf8.RuneCountInString(s) > max {
		return "", Errorf(EINVALID, "%s must be at most %d characters.", field, max)
	}
	control := func(r rune) bool { return unicode.IsControl(r) && !(lines && (r == '\n' || r == '\r' || r == '\t')) }
	if strings.IndexFunc(s, control) >= 0 {
		if lines {
			return "", Errorf(EINVALID, "%s must not contain control characters.", field)
		}
		return "", Errorf(EINVALID, "%s must be one line, without control characters.", field)
	}
	if stacksMarks(norm.NFD.String(s)) { // a letter's own accent counts: "Ź" is Z and a mark
		return "", Errorf(EINVALID, "%s must not stack more than %d accents or other marks on one letter.", field, maxMarks)
	}
	return s, nil
}

// requireCode is requireText for a short text that tells one thing from others of its kind:
// an option's name or value, a SKU. It is kept in one form (NFC, and full-width Latin letters
// and digits as the usual ones: a Japanese keyboard types "Ｍ"), so that a size typed twice is
// one size in the shop's filters. It must not hold characters that show nothing (a zero-width
// space, a filler), or "M" and "M\u200b" would be two sizes that look the same. Joiners are
// kept where they are part of the spelling (Persian "سرمه‌ای", Sinhala "ශ්‍රී") or of an emoji
// ("🏳️‍🌈"), and variation selectors, which pick how the emoji before them is drawn (❤️).
func requireCode(field, s string, max int) (string, error) {
	s, err := requireText(field, codeForm(s), max)
	if err != nil {
		return "", err
	}
	prev := rune(-1)
	for i, r := range s {
		hidden := invisible(r) && !unicode.IsSpace(r) && !unicode.Is(unicode.Variation_Selector, r)
		if hidden && isJoiner(r) {
			next := rune(-1) // none after a joiner at the end
			if rest := s[i+utf8.RuneLen(r):]; rest != "" {
				next, _ = utf8.DecodeRuneInString(rest)
			}
			hidden = !joinsWithin(prev, next)
		}
		if hidden {
			return "", Errorf(EINVALID, "%s must not contain invisible characters (such as a zero-width space).", field)
		}
		prev = r
	}
	return s, nil
}

// codeForm is the one form an option's name or value and a SKU are kept in (see requireCode),
// without the direction controls every one-line field drops.
func codeForm(s string) string { return width.Fold.String(norm.NFC.String(dropBidiControls(s))) }

// dropBidiControls is s without characters that set or mark the direction of the text.
func dropBidiControls(s string) string {
	return strings.Map(func(r rune) rune {
		if bidiControl(r) {
			return -1
		}
		return r
	}, s)
}

// isJoiner reports the zero-width joiner and non-joiner.
func isJoiner(r rune) bool { return r == '\u200d' || r == '\u200c' }

// joinsWithin reports whether a joiner between prev and next is part of what is written: both
// are letters or marks of a script that joins its letters (not Latin, Greek or Cyrillic, where
// a joiner changes nothing that shows), or both are parts of an emoji.
func joinsWithin(prev, next rune) bool {
	joining := func(r rune) bool {
		if !unicode.IsLetter(r) && !unicode.In(r, unicode.Mn, unicode.Mc) {
			return false
		}
		sc := scriptOf(r)
		return sc != nil && sc != unicode.Latin && sc != unicode.Greek && sc != unicode.Cyrillic
	}
	emoji := func(r rune) bool {
		return unicode.In(r, unicode.So, unicode.Sk, unicode.Variation_Selector)
	}
	return (joining(prev) && joining(next)) || (emoji(prev) && emoji(next))
}

// requireName is requireText for the name of a product or a category, which shoppers read and
// search for: a word that mixes alphabets ("Zetа" with a Cyrillic "а") passes for another
// word that it is not. Words apart may be of different alphabets ("Kurta – हथकरघा").
func requireName(field, s string, max int) (string, error) {
	s, err := requireText(field, norm.NFC.String(s), max)
	if err != nil {
		return "", err
	}
	if err := oneAlphabetAWord(field, s); err != nil {
		return "", err
	}
	return s, nil
}

// oneAlphabetAWord refuses a word of s that mixes alphabets. Spaces and punctuation part
// words; characters that show nothing do not, or a zero-width space would hide a mix.
func oneAlphabetAWord(field, s string) error {
	for _, word := range strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) }) {
		if mixesAlphabets(word) {
			return Errorf(EINVALID, "%s must not mix alphabets (such as Latin and Cyrillic) in one word.", field)
		}
	}
	return nil
}

// bidiControl reports the characters that set or mark the direction of the text that follows:
// embeddings and overrides (U+202A-U+202E), isolates (U+2066-U+2069), and the left-to-right,
// right-to-left and Arabic letter marks.
func bidiControl(r rune) bool {
	return (r >= '\u202A' && r <= '\u202E') || (r >= '\u2066' && r <= '\u2069') ||
		r == '\u200E' || r == '\u200F' || r == '\u061C'
}

// maxMarks is the most combining marks (accents, vowel signs) one letter may carry. Languages
// need two or three (Vietnamese "ệ", Devanagari "र्ँ"); text made to look corrupt ("Zalgo")
// stacks dozens, which are drawn over the lines above and below, across rows of a table.
const maxMarks = 4

// stacksMarks reports whether a character of s carries more than maxMarks combining marks.
// Characters that show nothing between the marks do not part them; variation selectors are
// not drawn and do not count.
func stacksMarks(s string) bool {
	n := 0
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Variation_Selector, r), unicode.Is(unicode.Cf, r):
		case unicode.Is(unicode.Mc, r): // a spacing mark sits beside the letter: it neither stacks nor parts
		case unicode.In(r, unicode.Mn, unicode.Me):
			if n++; n > maxMarks {
				return true
			}
		default:
			n = 0
		}
	}
	return false
}

// visible reports runes that show on the page.
func visible(r rune) bool { return !invisible(r) && !unicode.IsSpace(r) }
