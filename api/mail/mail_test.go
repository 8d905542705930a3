package mail_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net"
	"net/mail"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"shop"
	"shop/internal/logbuf"
	"shop/internal/reqid"
	shopmail "shop/mail"
)

var sample = shop.Mail{To: "asha@shop.test", Subject: "Clothing Shop: order CS-7K3M9QXA confirmed",
	Text: "Hello Asha,\nTotal: ₹1,299.00\n", HTML: "<p>Hello Asha,</p><p>Total: ₹1,299.00</p>"}

// received is one message an SMTP server took.
type received struct {
	from, to, user string
	data           []byte
}

// smtpServer runs a real SMTP server (go-smtp) on a free loopback port and records what it
// receives; it wants user/password when user is set.
type smtpServer struct {
	mu       sync.Mutex
	got      []received
	user     string
	password string
	refuse   int // refuse this many messages first (a server having trouble)
}

func (s *smtpServer) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{srv: s}, nil }

type session struct {
	srv *smtpServer
	msg received
}

func (s *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (s *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		if user != s.srv.user || pass != s.srv.password {
			return errors.New("bad credentials")
		}
		s.msg.user = user
		return nil
	}), nil
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	if s.srv.user != "" && s.msg.user == "" {
		return smtp.ErrAuthRequired
	}
	s.msg.from = from
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error { s.msg.to = to; return nil }

func (s *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.srv.mu.Lock()
	defer s.srv.mu.Unlock()
	if s.srv.refuse > 0 {
		s.srv.refuse--
		return &smtp.SMTPError{Code: 451, Message: "try again later"}
	}
	s.msg.data = data
	s.srv.got = append(s.srv.got, s.msg)
	return nil
}

func (s *session) Reset()        {}
func (s *session) Logout() error { return nil }

func startSMTP(t *testing.T, be *smtpServer) string {
	t.Helper()
	srv := smtp.NewServer(be)
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = true // loopback only
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return ln.Addr().String()
}

// parts reads a message: its headers and its text and HTML parts.
func parts(t *testing.T, raw []byte) (*mail.Message, string, string) {
	t.Helper()
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatalf("not a mail message: %v\n%s", err, raw)
	}
	mediaType, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil || mediaType != "multipart/alternative" {
		t.Fatalf("Content-Type %q: %v", msg.Header.Get("Content-Type"), err)
	}
	r := multipart.NewReader(msg.Body, params["boundary"])
	var text, html string
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(p) // multipart decodes quoted-printable
		switch {
		case strings.HasPrefix(p.Header.Get("Content-Type"), "text/plain"):
			text = string(body)
		case strings.HasPrefix(p.Header.Get("Content-Type"), "text/html"):
			html = string(body)
		}
	}
	return msg, text, html
}

func checkSample(t *testing.T, raw []byte) {
	t.Helper()
	msg, text, html := parts(t, raw)
	subject, _ := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if msg.Header.Get("To") != sample.To || subject != sample.Subject || !strings.Contains(msg.Header.Get("From"), "shop@") ||
		msg.Header.Get("Message-Id") == "" || msg.Header.Get("Date") == "" {
		t.Fatalf("headers %v (subject %q)", msg.Header, subject)
	}
	if strings.ReplaceAll(text, "\r\n", "\n") != sample.Text || html != sample.HTML {
		t.Fatalf("text %q, html %q", text, html)
	}
}

func TestSMTPSendsThroughARealServer(t *testing.T) {
	be := &smtpServer{user: "shop", password: "s3cret"}
	addr := startSMTP(t, be)
	s, err := shopmail.NewSMTP("smtp://shop:s3cret@"+addr, "Clothing Shop <shop@shop.test>")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(t.Context(), sample); err != nil {
		t.Fatal(err)
	}
	if len(be.got) != 1 || be.got[0].user != "shop" || be.got[0].from != "shop@shop.test" || be.got[0].to != sample.To {
		t.Fatalf("server got %+v", be.got)
	}
	checkSample(t, be.got[0].data)

	wrong, _ := shopmail.NewSMTP("smtp://shop:wrong@"+addr, "shop@shop.test")
	if err := wrong.Send(t.Context(), sample); err == nil {
		t.Fatal("a wrong password sent the mail")
	}
}

func TestNewSMTPChecksItsSettings(t *testing.T) {
	for _, bad := range []string{"http://host", "smtp://", "not a url\x7f"} {
		if _, err := shopmail.NewSMTP(bad, "shop@shop.test"); err == nil {
			t.Errorf("SMTP_URL %q accepted", bad)
		}
	}
	if _, err := shopmail.NewSMTP("smtp://host:25", ""); err == nil {
		t.Error("no MAIL_FROM accepted")
	}
	s, err := shopmail.NewSMTP("smtp://u:p@mail.example.com", "shop@shop.test")
	if err != nil || s.Addr() != "mail.example.com:587" {
		t.Fatalf("default port: %v %v", s, err)
	}
}

func TestOutboxWritesEmlFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mail")
	var logs bytes.Buffer
	o := &shopmail.Outbox{Dir: dir, From: "Clothing Shop <shop@localhost>", Log: slog.New(reqid.Handler(slog.NewTextHandler(&logs, nil)))}
	if err := o.Send(reqid.With(t.Context(), "reset-req-0002"), sample); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.eml"))
	if len(files) != 1 {
		t.Fatalf("outbox holds %v", files)
	}
	raw, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	checkSample(t, raw)
	if !strings.Contains(logs.String(), files[0]) || !strings.Contains(logs.String(), "request_id=reset-req-0002") {
		t.Fatalf("the file's path is not logged with the request's id: %s", logs.String())
	}
	if info, _ := os.Stat(dir); info.Mode().Perm() != 0o700 {
		t.Fatalf("outbox mode %v, want 0700", info.Mode().Perm())
	}
}

func TestQueueRetriesAndNeverBlocks(t *testing.T) {
	be := &smtpServer{refuse: 2}
	s, err := shopmail.NewSMTP("smtp://"+startSMTP(t, be), "shop@shop.test")
	if err != nil {
		t.Fatal(err)
	}
	var logs logbuf.Buffer
	q := shopmail.NewQueue(s, "test", slog.New(slog.NewTextHandler(&logs, nil)))
	q.Backoff = []time.Duration{10 * time.Millisecond, 10 * time.Millisecond, 10 * time.Millisecond}
	if err := q.Send(t.Context(), sample); err != nil {
		t.Fatal(err)
	}
	if err := q.Close(t.Context()); err != nil {
		t.Fatal(err)
	}
	if len(be.got) != 1 || !strings.Contains(logs.String(), "retrying") {
		t.Fatalf("after two refusals the server got %d messages; log:\n%s", len(be.got), logs.String())
	}
	checkSample(t, be.got[0].data)

	// A server that does not answer: Send returns while the delivery is held, both of the message
	// being delivered and of one queued behind it. The delivery is let go only after both Sends
	// returned, so a Send that waited for it never returns: no time limit here, go test's
	// -timeout ends the test then, its goroutine dump showing Queue.Send inside heldSender.Send.
	stuck := &heldSender{arrived: make(chan shop.Mail, 2), release: make(chan struct{})}
	slow := shopmail.NewQueue(stuck, "stuck", slog.New(slog.NewTextHandler(&logs, nil)))
	first, second := sample, sample
	second.Subject += " (again)"
	if err := slow.Send(context.Background(), first); err != nil {
		t.Fatalf("Send = %v", err)
	}
	if m := <-stuck.arrived; m.Subject != first.Subject {
		t.Fatalf("the server is holding %q, want %q", m.Subject, first.Subject)
	}
	if err := slow.Send(context.Background(), second); err != nil {
		t.Fatalf("Send while a delivery is held = %v", err)
	}
	close(stuck.release)
	if err := slow.Close(t.Context()); err != nil {
		t.Fatal(err)
	}
	if m := <-stuck.arrived; m.Subject != second.Subject {
		t.Fatalf("the server got %q next, want %q", m.Subject, second.Subject)
	}

	// A server that is down: the failure is logged.
	down := shopmail.NewQueue(failing{}, "nowhere", slog.New(slog.NewTextHandler(&logs, nil)))
	down.Backoff = []time.Duration{time.Millisecond}
	if err := down.Send(context.Background(), sample); err != nil {
		t.Fatalf("Send = %v", err)
	}
	if err := down.Close(t.Context()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(logs.String(), "mail not sent") {
		t.Fatalf("the lost mail is not logged:\n%s", logs.String())
	}
	if err := down.Send(context.Background(), sample); err != nil {
		t.Fatalf("Send after Close = %v, want nil (logged)", err)
	}
}

type failing struct{}

// heldSender is a server that takes each message (telling arrived) and answers only once
// release is closed.
type heldSender struct {
	arrived chan shop.Mail
	release chan struct{}
}

func (h *heldSender) Send(_ context.Context, m shop.Mail) error {
	h.arrived <- m
	<-h.release
	return nil
}

func (failing) Send(context.Context, shop.Mail) error { return errors.New("connection refused") }
