package mail

import (
	"net/mail"
	"strings"

	"golang.org/x/net/idna"
)

// fromHeader writes the shop's MAIL_FROM as a From header may carry it: a display name with
// other than ASCII (a shop named in Hindi, or with an accent) as an RFC 2047 encoded word, and
// the domain in its ASCII form. Raw 8-bit headers are refused or mangled by relays without
// SMTPUTF8 and count against the mail in spam filters. A from that does not parse (the
// configuration checks it at start) is written as it is.
func fromHeader(from string) string {
	a, err := mail.ParseAddress(from)
	if err != nil {
		return from
	}
	a.Address = asciiAddress(a.Address)
	return a.String()
}

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
