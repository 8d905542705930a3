package mail

import (
	"net/mail"
	"testing"
)

func TestAddressesGoOutWithASCIIDomains(t *testing.T) {
	for in, want := range map[string]string{
		"jurgen@bücher.de":       "jurgen@xn--bcher-kva.de",
		"asha@shop.test":         "asha@shop.test",
		"jü@shop.test":           "jü@shop.test",
		"no-at-sign":             "no-at-sign",
		"priya@XN--BCHER-KVA.de": "priya@xn--bcher-kva.de",
	} {
		if got := asciiAddress(in); got != want {
			t.Errorf("asciiAddress(%q) = %q, want %q", in, got, want)
		}
	}
}

// A shop named with other than ASCII goes out in a From header of ASCII alone that mail
// readers decode back to the name.
func TestFromHeaderIsASCII(t *testing.T) {
	for _, from := range []string{
		"Çeliné Boutique – हथकरघा <shop@example.com>",
		"Clothing Shop <shop@localhost>",
		"shop@bücher.de",
	} {
		got := fromHeader(from)
		for _, r := range got {
			if r > 127 {
				t.Fatalf("fromHeader(%q) = %q: not ASCII", from, got)
			}
		}
		want, _ := mail.ParseAddress(from)
		back, err := mail.ParseAddress(got)
		if err != nil || back.Name != want.Name || back.Address != asciiAddress(want.Address) {
			t.Errorf("fromHeader(%q) = %q, read back as %v (%v)", from, got, back, err)
		}
	}
	if got := fromHeader("not an address"); got != "not an address" {
		t.Errorf("fromHeader of a from that does not parse = %q, want it as it is", got)
	}
}
