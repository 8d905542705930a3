// Package mail sends the shop's mail: through an SMTP server (SMTP_URL), or, with none
// configured, into .eml files in an outbox directory that a person (or a test) can open. A
// Queue in front of either sends in the background and retries.
package mail

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/textproto"
	"strings"
	"time"

	"shop"
)

// message renders m as an RFC 5322 message: multipart/alternative, plain text then HTML.
func message(from string, m shop.Mail, now time.Time) ([]byte, error) {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	for _, part := range []struct{ contentType, content string }{
		{"text/plain; charset=utf-8", m.Text}, {"text/html; charset=utf-8", m.HTML},
	} {
		pw, err := w.CreatePart(textproto.MIMEHeader{"Content-Type": {part.contentType},
			"Content-Transfer-Encoding": {"quoted-printable"}})
		if err != nil {
			return nil, err
		}
		qp := quotedprintable.NewWriter(pw)
		if _, err := qp.Write([]byte(part.content)); err != nil {
			return nil, err
		}
		if err := qp.Close(); err != nil {
			return nil, err
		}
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	var id [12]byte
	_, _ = rand.Read(id[:])
	domain := "shop.local"
	if at := strings.LastIndexByte(from, '@'); at >= 0 {
		domain = strings.Trim(from[at+1:], "> ")
	}
	var out bytes.Buffer
	for _, h := range [][2]string{
		{"From", fromHeader(from)},
		{"To", asciiAddress(m.To)},
		{"Subject", mime.QEncoding.Encode("utf-8", m.Subject)},
		{"Date", now.Format(time.RFC1123Z)},
		{"Message-ID", fmt.Sprintf("<%s@%s>", hex.EncodeToString(id[:]), domain)},
		{"MIME-Version", "1.0"},
		{"Content-Type", "multipart/alternative; boundary=" + w.Boundary()},
	} {
		if strings.ContainsAny(h[1], "\r\n") {
			return nil, fmt.Errorf("mail header %s holds a line break", h[0])
		}
		fmt.Fprintf(&out, "%s: %s\r\n", h[0], h[1])
	}
	out.WriteString("\r\n")
	out.Write(body.Bytes())
	return out.Bytes(), nil
}
