package shop

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	htmltemplate "html/template"
	"log/slog"
	"net/url"
	"strings"
	"sync"
	texttemplate "text/template"
	"time"
)

// ResetLinkTTL is how long a password-reset link works.
const ResetLinkTTL = 30 * time.Minute

// ResetLinkService resets forgotten passwords through a link sent by mail.
type ResetLinkService interface {
	// SendLink mails a reset link to the account with this email, if there is one; it answers
	// the same either way, and as fast, so that nobody learns which emails have accounts (a
	// malformed email has none either): the link is made after the answer.
	SendLink(ctx context.Context, email string) error
	// Reset sets the password of the link's account and voids every link sent to it before. It
	// answers the account's email (empty when it cannot be read back). EINVALID for a bad new
	// password, or a link that is unknown, used or expired.
	Reset(ctx context.Context, token, newPassword string) (email string, err error)
}

// ResetUsers finds accounts and sets their passwords for reset links.
type ResetUsers interface {
	// FindUserByEmail returns the account with this email. ENOTFOUND.
	FindUserByEmail(ctx context.Context, email string) (*User, error)
	// FindUserByID returns the account with this id. ENOTFOUND.
	FindUserByID(ctx context.Context, id string) (*User, error)
	// SetPassword sets a new password, voiding the tokens and reset links issued before. ENOTFOUND.
	SetPassword(ctx context.Context, userID, password string) error
}

// ResetTokenStore keeps reset links by the hash of their token (never the token itself).
type ResetTokenStore interface {
	// SaveResetToken keeps a link for the user, working until expires, and forgets the user's
	// links expired by now.
	SaveResetToken(ctx context.Context, hash, userID string, now, expires time.Time) error
	// TakeResetToken uses up the link with this hash: it answers its user once, and ENOTFOUND
	// for an unknown, used or expired one.
	TakeResetToken(ctx context.Context, hash string, now time.Time) (userID string, err error)
}

// ResetLinks implements ResetLinkService.
type ResetLinks struct {
	users     ResetUsers
	tokens    ResetTokenStore
	mailer    Mailer
	publicURL string
	log       *slog.Logger
	now       func() time.Time

	asks        chan linkAsk // started by the first ask
	startSender sync.Once
	sending     sync.WaitGroup // asks not yet made
}

var _ ResetLinkService = (*ResetLinks)(nil)

// ResetLinksConfig holds the parts of ResetLinks.
type ResetLinksConfig struct {
	Users     ResetUsers
	Tokens    ResetTokenStore
	Mailer    Mailer
	PublicURL string // where the shop is seen: the link is PublicURL/reset-password?token=...
	Logger    *slog.Logger
	Now       func() time.Time
}

// NewResetLinks returns the reset-link service.
func NewResetLinks(c ResetLinksConfig) *ResetLinks {
	r := &ResetLinks{users: c.Users, tokens: c.Tokens, mailer: c.Mailer,
		publicURL: strings.TrimRight(c.PublicURL, "/"), log: c.Logger, now: c.Now}
	if r.log == nil {
		r.log = slog.Default()
	}
	if r.now == nil {
		r.now = time.Now
	}
	return r
}

// ErrBadResetLink refuses a reset link's token: unknown, used or expired. Only this refusal
// counts against the limit of reset links tried (a too-short new password is a typo, not a
// guess).
var ErrBadResetLink = Errorf(EINVALID,
	"The token of this reset link is not valid, was used already or has expired. Please ask for a new link.")

// linkAsk is a reset link asked for: the address, when it was asked, and the asking request's
// context (its values: the request id in the log lines).
type linkAsk struct {
	ctx   context.Context
	email string
	at    time.Time
}

// linkQueue is how many asks wait for the sender before an ask is sent while it is answered.
const linkQueue = 256

// SendLink mails a fresh link to the account, if there is one. It answers before it looks: an
// account's link (a token saved, a mail queued) took about 6 ms where an unknown address took
// 1.5, which told who has an account. One sender works through the asks in order, so links
// asked one after another are made one after another.
func (r *ResetLinks) SendLink(ctx context.Context, email string) error {
	e, err := NormalizeEmail(email)
	if err != nil { // no account has it: the same answer as for any other such address
		r.log.InfoContext(ctx, "reset link asked for an address that is no email")
		return nil
	}
	ask := linkAsk{ctx: context.WithoutCancel(ctx), email: e, at: r.now()}
	r.sending.Add(1)
	r.startSender.Do(func() {
		r.asks = make(chan linkAsk, linkQueue)
		go func() {
			for ask := range r.asks {
				r.send(ask)
			}
		}()
	})
	select {
	case r.asks <- ask:
	default: // a flood of asks: this one is made while it is answered
		r.send(ask)
	}
	return nil
}

// send makes the link of one ask, logging what fails: nobody waits for its answer.
func (r *ResetLinks) send(ask linkAsk) {
	defer r.sending.Done()
	ctx, cancel := context.WithTimeout(ask.ctx, 30*time.Second)
	defer cancel()
	if err := r.sendLink(ctx, ask.email, ask.at); err != nil {
		r.log.ErrorContext(ctx, "reset link not sent", "err", err)
	}
}

// sendLink mails a link, made at now, to the account with this (normalised) email, if any.
func (r *ResetLinks) sendLink(ctx context.Context, email string, now time.Time) error {
	u, err := r.users.FindUserByEmail(ctx, email)
	if ErrorCode(err) == ENOTFOUND {
		r.log.InfoContext(ctx, "reset link asked for an email without an account")
		return nil
	}
	if err != nil {
		return fmt.Errorf("reset link: %w", err)
	}
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return err
	}
	token := base64.RawURLEncoding.EncodeToString(b[:])
	if err := r.tokens.SaveResetToken(ctx, hashToken(token), u.ID, now, now.Add(ResetLinkTTL)); err != nil {
		return fmt.Errorf("reset link: %w", err)
	}
	m, err := resetMail(u, r.publicURL+"/reset-password?token="+url.QueryEscape(token))
	if err != nil {
		return err
	}
	if err := r.mailer.Send(ctx, m); err != nil {
		r.log.ErrorContext(ctx, "reset link mail not sent", "to", u.Email, "err", err)
	}
	return nil
}

// Drain waits until every link asked for is made and handed to the mailer, or ctx ends.
// Shutdown calls it before the store closes.
func (r *ResetLinks) Drain(ctx context.Context) error {
	if err := WaitFor(ctx, &r.sending); err != nil {
		return fmt.Errorf("reset links still being made at shutdown: %w", err)
	}
	return nil
}

// Reset sets the new password of the link's account.
func (r *ResetLinks) Reset(ctx context.Context, token, newPassword string) (string, error) {
	if token == "" || len(token) > 100 {
		return "", ErrBadResetLink
	}
	if err := validatePassword("New password (newpassword)", newPassword); err != nil {
		return "", err
	}
	userID, err := r.tokens.TakeResetToken(ctx, hashToken(token), r.now())
	if ErrorCode(err) == ENOTFOUND {
		return "", ErrBadResetLink
	}
	if err != nil {
		return "", fmt.Errorf("reset password: %w", err)
	}
	if err := r.users.SetPassword(ctx, userID, newPassword); err != nil {
		if ErrorCode(err) == ENOTFOUND {
			return "", ErrBadResetLink
		}
		return "", fmt.Errorf("reset password: %w", err)
	}
	u, err := r.users.FindUserByID(ctx, userID)
	if err != nil { // the password is set: the reset stands
		r.log.WarnContext(ctx, "reset password: account not read back", "user", userID, "err", err)
		return "", nil
	}
	return u.Email, nil
}

// hashToken is what the store keeps of a token: its SHA-256. A token is 32 random bytes, so a
// fast hash is enough; a leaked store does not give working links.
func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

const resetText = `Hello {{.Name}},

Someone (we hope you) asked to reset the password of your {{.Shop}} account.
Choose a new password here within 30 minutes:

{{.Link}}

If you did not ask for it, ignore this mail: your password stays as it is.

{{.Shop}}
`

const resetHTML = `<!doctype html>
<html><body style="font-family: sans-serif; color: #222">
<h2>{{.Shop}}</h2>
<p>Hello {{.Name}},</p>
<p>Someone (we hope you) asked to reset the password of your {{.Shop}} account.
Choose a new password within 30 minutes:</p>
<p><a href="{{.Link}}">Reset your password</a></p>
<p>If you did not ask for it, ignore this mail: your password stays as it is.</p>
</body></html>
`

var (
	resetTextTmpl = texttemplate.Must(texttemplate.New("reset").Parse(resetText))
	resetHTMLTmpl = htmltemplate.Must(htmltemplate.New("reset").Parse(resetHTML))
)

func resetMail(u *User, link string) (Mail, error) {
	data := struct{ Shop, Name, Link string }{ShopName, u.Name, link}
	var text, html bytes.Buffer
	if err := resetTextTmpl.Execute(&text, data); err != nil {
		return Mail{}, err
	}
	if err := resetHTMLTmpl.Execute(&html, data); err != nil {
		return Mail{}, err
	}
	return Mail{To: u.Email, Subject: ShopName + ": reset your password", Text: text.String(), HTML: html.String()}, nil
}
