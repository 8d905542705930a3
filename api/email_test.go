package shop_test

import (
	"strings"
	"testing"

	"shop"
)

func TestNormalizeEmailGivesLookAlikesOneForm(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"  Asha.Rao+shop@Example.COM ", "asha.rao+shop@example.com"},
		{"rene\u0301@example.com", "ren\u00e9@example.com"}, // é as e + combining accent
		{"ren\u00e9@example.com", "ren\u00e9@example.com"},  // é as one character
		{"ＡＳＨＡ@example.com", "asha@example.com"},            // full-width letters
		{"asha@ＥＸＡＭＰＬＥ.com", "asha@example.com"},
		{"kunde@xn--bcher-kva.de", "kunde@bücher.de"},
		{"kunde@BÜCHER.de", "kunde@bücher.de"},
		{"иван@example.com", "иван@example.com"}, // one alphabet, not Latin: a name of its own
		{"tanaka太郎@example.jp", "tanaka太郎@example.jp"},
	} {
		got, err := shop.NormalizeEmail(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("shop.NormalizeEmail(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
}

func TestNormalizeEmailRefusesInvisibleAndMixedAlphabets(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"as\u200bha@example.com", "invisible"}, // zero-width space
		{"as\u200dha@example.com", "invisible"}, // zero-width joiner
		{"as\u00adha@example.com", "invisible"}, // soft hyphen
		{"asha\ufeff@example.com", "invisible"}, // byte-order mark
		{"asha@exam\u200bple.com", "invisible"},
		{"\u0430sha@example.com", "mix alphabets"},   // Cyrillic а among Latin letters
		{"ash\u03b1@example.com", "mix alphabets"},   // Greek α
		{"asha@ex\u0430mple.com", "mix alphabets"},   // Cyrillic а in the domain
		{"asha@xn--exmple-4nf.com", "mix alphabets"}, // the same domain, encoded
		{"not-an-email", "valid email"},
		{"a b@example.com", "valid email"},
		{"asha@localhost", "valid email"},
		{"asha@exa_mple.com", "valid email"},
		{"@example.com", "valid email"},
	} {
		_, err := shop.NormalizeEmail(tc.in)
		if shop.ErrorCode(err) != shop.EINVALID || !strings.Contains(shop.ErrorMessage(err), tc.want) {
			t.Errorf("shop.NormalizeEmail(%q) = %v; want a 400 saying %q", tc.in, err, tc.want)
		}
	}
}
