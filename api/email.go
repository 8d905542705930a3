package shop

import (
	"net/mail"
	"strings"
	"unicode"

	"golang.org/x/net/idna"
	"golang.org/x/text/secure/precis"
)

var (
	errBadEmail      = Errorf(EINVALID, "Email must be a valid email address.")
	errInvisible     = Errorf(EINVALID, "Email must not contain invisible characters.")
	errMixedAlphabet = Errorf(EINVALID, "Email must not mix alphabets (such as Latin and Cyrillic) in one name.")
	errLetterNotSent = Errorf(EINVALID,
		"Email must have only Latin letters without accents, digits and signs such as . _ + - before the @: the shop's sign-in form cannot send others.")
)

// accountEmail is NormalizeEmail for the address a new account signs in with. Before the @ it
// must hold only what a browser's email field sends there (ASCII): an account "zoë@x.co" could
// never sign in on the shop's pages. The domain may be in any script (a browser sends it
// encoded, "xn--bcher-kva.de", which NormalizeEmail reads as "bücher.de").
func accountEmail(email string) (string, error) {
	e, err := NormalizeEmail(email)
	if err != nil {
		return "", err
	}
	local := e[:strings.LastIndexByte(e, '@')]
	if strings.IndexFunc(local, func(r rune) bool { return r > unicode.MaxASCII }) >= 0 {
		return "", errLetterNotSent
	}
	return e, nil
}

// NormalizeEmail returns the one form under which an email is stored and looked up, so that
// addresses that look alike cannot become two accounts: trimmed, its name (before the @)
// normalised as an identifier (Unicode NFC, lower-case, full-width letters made plain), its
// domain as IDNA maps it (shown in Unicode: "xn--bcher-kva.de" is "bücher.de"). Invisible
// characters and a name or domain label that mixes alphabets (a Cyrillic "а" among Latin
// letters) are refused.
func NormalizeEmail(email string) (string, error) {
	e, err := requireText("Email", email, 254)
	if err != nil {
		return "", err
	}
	if strings.IndexFunc(e, invisible) >= 0 {
		return "", errInvisible
	}
	at := strings.LastIndexByte(e, '@')
	if at <= 0 {
		return "", errBadEmail
	}
	local, err := precis.UsernameCaseMapped.String(e[:at])
	if err != nil {
		return "", errBadEmail
	}
	ascii, err := idna.Lookup.ToASCII(e[at+1:])
	if err != nil {
		return "", errBadEmail
	}
	domain, err := idna.Lookup.ToUnicode(ascii)
	if err != nil {
		return "", errBadEmail
	}
	for _, part := range append(strings.Split(domain, "."), local) {
		if mixesAlphabets(part) {
			return "", errMixedAlphabet
		}
	}
	e = local + "@" + domain
	addr, perr := mail.ParseAddress(e)
	if perr != nil || addr.Address != e || !strings.Contains(domain, ".") {
		return "", errBadEmail
	}
	return e, nil
}

// invisible reports runes that show nothing: format characters (zero-width space and joiners,
// soft hyphen, byte-order mark), controls, other code points meant to be ignored (the Hangul
// fillers U+115F, U+1160, U+3164 and U+FFA0 among them), and the Braille blank (U+2800), a
// symbol that is drawn as an empty cell.
func invisible(r rune) bool {
	return unicode.In(r, unicode.Cf, unicode.Cc, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector) ||
		(unicode.IsSpace(r) && r != ' ') || r == '\u2800'
}

// alphabets checked first; any other script is found in the full table.
var commonScripts = []*unicode.RangeTable{unicode.Latin, unicode.Cyrillic, unicode.Greek, unicode.Han,
	unicode.Hiragana, unicode.Katakana, unicode.Hangul, unicode.Arabic, unicode.Hebrew, unicode.Devanagari}

// mixingAllowed are the mixes a language writes itself (after Unicode's "highly restrictive"
// level): Latin with Japanese, with Chinese and Bopomofo, with Korean; and Latin with a script
// whose words are not parted by spaces. None of these scripts has letters drawn as Latin ones.
var mixingAllowed = [][]*unicode.RangeTable{
	{unicode.Latin, unicode.Han, unicode.Hiragana, unicode.Katakana},
	{unicode.Latin, unicode.Han, unicode.Bopomofo},
	{unicode.Latin, unicode.Han, unicode.Hangul},
	// Languages written without spaces between words set a Latin brand against the word
	// before it ("เสื้อยืดNike").
	{unicode.Latin, unicode.Thai},
	{unicode.Latin, unicode.Lao},
	{unicode.Latin, unicode.Khmer},
	{unicode.Latin, unicode.Myanmar},
	{unicode.Latin, unicode.Tibetan},
}

// mixesAlphabets reports whether the letters of s come from scripts no one language mixes.
func mixesAlphabets(s string) bool {
	var seen []*unicode.RangeTable
	for _, r := range s {
		if !unicode.IsLetter(r) {
			continue
		}
		if sc := scriptOf(r); sc != nil && !contains(seen, sc) {
			seen = append(seen, sc)
		}
	}
	if len(seen) < 2 {
		return false
	}
	for _, allowed := range mixingAllowed {
		if all(seen, allowed) {
			return false
		}
	}
	return true
}

func scriptOf(r rune) *unicode.RangeTable {
	for _, t := range commonScripts {
		if unicode.Is(t, r) {
			return t
		}
	}
	for _, t := range unicode.Scripts {
		if t != unicode.Common && t != unicode.Inherited && unicode.Is(t, r) {
			return t
		}
	}
	return nil
}

func contains(ts []*unicode.RangeTable, t *unicode.RangeTable) bool {
	for _, x := range ts {
		if x == t {
			return true
		}
	}
	return false
}

func all(ts, in []*unicode.RangeTable) bool {
	for _, t := range ts {
		if !contains(in, t) {
			return false
		}
	}
	return true
}
