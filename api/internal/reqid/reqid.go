// Package reqid carries a request's id in its context, so that a line logged with that context
// names the request whichever layer writes it: the HTTP handler, a service or the store.
package reqid

import (
	"context"
	"log/slog"
)

type key struct{}

// With returns ctx carrying the request id.
func With(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, key{}, id)
}

// From returns the request id ctx carries, or "".
func From(ctx context.Context) string {
	id, _ := ctx.Value(key{}).(string)
	return id
}

// Handler makes h add request_id to every record logged with a context that carries one.
// Wrapping twice wraps once, so each layer may make sure of it.
func Handler(h slog.Handler) slog.Handler {
	if _, ok := h.(handler); ok {
		return h
	}
	return handler{h}
}

// Logger is log with Handler's request_id.
func Logger(log *slog.Logger) *slog.Logger {
	return slog.New(Handler(log.Handler()))
}

type handler struct{ slog.Handler }

func (h handler) Handle(ctx context.Context, r slog.Record) error {
	if id := From(ctx); id != "" {
		r.AddAttrs(slog.String("request_id", id))
	}
	return h.Handler.Handle(ctx, r)
}

func (h handler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return handler{h.Handler.WithAttrs(attrs)}
}

func (h handler) WithGroup(name string) slog.Handler {
	return handler{h.Handler.WithGroup(name)}
}
