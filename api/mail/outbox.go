package mail

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"shop"
)

// Outbox writes each message as an .eml file into a directory, for a shop run without a mail
// server: any mail program opens them, and tests read them.
type Outbox struct {
	Dir  string
	From string
	Log  *slog.Logger // each file written is logged here, when set
}

// Send writes the message to a new file, written whole or not at all.
func (o *Outbox) Send(ctx context.Context, m shop.Mail) error {
	now := time.Now()
	msg, err := message(o.From, m, now)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(o.Dir, 0o700); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	var b [4]byte
	_, _ = rand.Read(b[:])
	name := filepath.Join(o.Dir, now.UTC().Format("20060102T150405.000000000Z")+"-"+hex.EncodeToString(b[:])+".eml")
	tmp := name + ".tmp"
	if err := os.WriteFile(tmp, msg, 0o600); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	if err := os.Rename(tmp, name); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	if o.Log != nil {
		o.Log.InfoContext(ctx, "mail written to the outbox", "to", m.To, "subject", m.Subject, "path", name)
	}
	return nil
}
