package mail

import (
	"strings"

	"golang.org/x/net/idna"
)

// asciiAddress writes addr's domain in its ASCII form (bücher.de as xn--bcher-kva.de), the
// form every mail server takes: the shop keeps addresses with Unicode domains, and a relay
// without SMTPUTF8 refuses those for good. A local part with other than ASCII is left as it
// is: only the recipient's server can take it.
func asciiAddress(addr string) string {
	at := strings.LastIndexByte(addr, '@')
	if at < 0 {
		return addr
	}
	domain, err := idna.Lookup.ToASCII(addr[at+1:])
	if err != nil {
		return addr
	}
	return addr[:at+1] + domain
}
