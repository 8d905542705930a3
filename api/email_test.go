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

// A new account's address has before the @ only what a browser's email field sends: one with
// an accented or non-Latin letter there could never sign in on the shop's pages. Its domain
// may be in any script, which a browser sends encoded.
func TestRegistrationEmailIsOneTheSignInFormSends(t *testing.T) {
	register := func(email string) (string, error) {
		r := shop.Registration{Name: "Zoë", Email: email, Password: "secret1", Phone: "1", Address: "x", Answer: "a"}
		err := r.Validate()
		return r.Email, err
	}
	for _, tc := range []struct{ in, want string }{
		{"zoe@example.com", "zoe@example.com"},
		{" Zoe.Smith+shop@Example.COM ", "zoe.smith+shop@example.com"},
		{"ＺＯＥ@example.com", "zoe@example.com"}, // full-width letters are plain ones
		{"kunde@bücher.de", "kunde@bücher.de"},
		{"kunde@xn--bcher-kva.de", "kunde@bücher.de"},
		{"o'brien@example.ie", "o'brien@example.ie"},
	} {
		if got, err := register(tc.in); err != nil || got != tc.want {
			t.Errorf("registering %q: %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{"zoë@x.co", "zoë@x.co", "rené@example.com", "иван@example.com", "tanaka太郎@example.jp", "कुमार@example.in"} {
		_, err := register(in)
		if shop.ErrorCode(err) != shop.EINVALID || !strings.HasPrefix(shop.ErrorMessage(err), "Email must have only Latin letters without accents") {
			t.Errorf("registering %q: %v; want a 400 about the letters before the @", in, err)
		}
	}
	// Signing in with such an address is still read (and fails as any unknown address does).
	if e, err := shop.ValidateLogin("zoë@x.co", "secret1"); err != nil || e != "zoë@x.co" {
		t.Errorf("ValidateLogin(zoë@x.co) = %q, %v; want it read", e, err)
	}
}
