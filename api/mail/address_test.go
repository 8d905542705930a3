package mail

import "testing"

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
