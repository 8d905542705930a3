package mail

import (
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"net/mail"
	"net/smtp"
	"net/url"
	"time"

	"shop"
)

// SMTP sends mail through an SMTP server, upgrading the connection with STARTTLS whenever
// the server offers it (and refusing to send a password in clear to a remote server).
type SMTP struct {
	addr, host string
	auth       smtp.Auth
	from       string // the From header
	sender     string // its bare address, for the envelope
	// TLSConfig is used for STARTTLS; nil verifies the server's name as usual.
	TLSConfig *tls.Config
}

// NewSMTP reads an SMTP_URL of the form smtp://user:pass@host:587 (user and password
// optional, port 587 when absent) and the sender address.
func NewSMTP(rawURL, from string) (*SMTP, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme != "smtp" || u.Hostname() == "" {
		return nil, fmt.Errorf("SMTP_URL must look like smtp://user:password@host:587")
	}
	sender, err := mail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("MAIL_FROM must be an address such as Clothing Shop <shop@example.com>")
	}
	port := u.Port()
	if port == "" {
		port = "587"
	}
	s := &SMTP{addr: net.JoinHostPort(u.Hostname(), port), host: u.Hostname(), from: from, sender: sender.Address}
	if u.User != nil {
		pass, _ := u.User.Password()
		s.auth = smtp.PlainAuth("", u.User.Username(), pass, u.Hostname())
	}
	return s, nil
}

// Addr is the server's address (never its password), for the log.
func (s *SMTP) Addr() string { return s.addr }

// Send delivers one message.
func (s *SMTP) Send(ctx context.Context, m shop.Mail) error {
	msg, err := message(s.from, m, time.Now())
	if err != nil {
		return err
	}
	d := net.Dialer{Timeout: 15 * time.Second}
	conn, err := d.DialContext(ctx, "tcp", s.addr)
	if err != nil {
		return fmt.Errorf("smtp: dial %s: %w", s.addr, err)
	}
	if deadline, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(deadline)
	}
	c, err := smtp.NewClient(conn, s.host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("smtp: greeting of %s: %w", s.addr, err)
	}
	defer c.Close()
	if ok, _ := c.Extension("STARTTLS"); ok {
		cfg := s.TLSConfig
		if cfg == nil {
			cfg = &tls.Config{ServerName: s.host, MinVersion: tls.VersionTLS12}
		}
		if err := c.StartTLS(cfg); err != nil {
			return fmt.Errorf("smtp: starttls with %s: %w", s.addr, err)
		}
	}
	if s.auth != nil {
		if err := c.Auth(s.auth); err != nil {
			return fmt.Errorf("smtp: sign in to %s: %w", s.addr, err)
		}
	}
	if err := c.Mail(s.sender); err != nil {
		return fmt.Errorf("smtp: MAIL FROM: %w", err)
	}
	if err := c.Rcpt(asciiAddress(m.To)); err != nil {
		return fmt.Errorf("smtp: RCPT TO: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("smtp: DATA: %w", err)
	}
	if _, err := w.Write(msg); err != nil {
		return fmt.Errorf("smtp: write message: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("smtp: end of message: %w", err)
	}
	return c.Quit()
}
