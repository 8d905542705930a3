package embedded

import (
	"context"
	"log/slog"
)

// newStoreLogger is the logger FerretDB gets: only its errors are written, through the shop's
// own handler (so they follow LOG_FORMAT and land beside the shop's lines).
//
// FerretDB logs every SQL statement it runs at debug level, through
// `logger.With(slog.Any("args", args))`, whatever the level: with slog's text handler each
// With formats and quotes its arguments at once, here the whole JSON of the document being
// written, for a line that is then never written. Under checkouts that was 4% of the CPU.
// The handler here only notes the attributes it is given and formats them when a record is
// actually written.
func newStoreLogger(h slog.Handler) *slog.Logger {
	return slog.New(&lazyHandler{base: h})
}

// lazyHandler defers its WithAttrs and WithGroup calls to base until a record is handled.
type lazyHandler struct {
	base slog.Handler
	with []func(slog.Handler) slog.Handler // in the order they were asked for
}

func (h *lazyHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= slog.LevelError && h.base.Enabled(ctx, l)
}

func (h *lazyHandler) Handle(ctx context.Context, r slog.Record) error {
	b := h.base
	for _, w := range h.with {
		b = w(b)
	}
	return b.Handle(ctx, r)
}

func (h *lazyHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	if len(attrs) == 0 {
		return h
	}
	return h.then(func(b slog.Handler) slog.Handler { return b.WithAttrs(attrs) })
}

func (h *lazyHandler) WithGroup(name string) slog.Handler {
	if name == "" {
		return h
	}
	return h.then(func(b slog.Handler) slog.Handler { return b.WithGroup(name) })
}

func (h *lazyHandler) then(w func(slog.Handler) slog.Handler) *lazyHandler {
	with := make([]func(slog.Handler) slog.Handler, len(h.with), len(h.with)+1)
	copy(with, h.with)
	return &lazyHandler{base: h.base, with: append(with, w)}
}
