package reqid

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"testing"
)

func TestLinesLoggedWithARequestsContextNameIt(t *testing.T) {
	var out bytes.Buffer
	log := Logger(Logger(slog.New(slog.NewJSONHandler(&out, nil)))).With("service", "orders")

	log.ErrorContext(With(context.Background(), "abc12345"), "charge failed")
	log.Info("started")

	lines := bytes.Split(bytes.TrimSpace(out.Bytes()), []byte("\n"))
	if len(lines) != 2 {
		t.Fatalf("logged %d lines, want 2: %s", len(lines), out.Bytes())
	}
	var first, second map[string]any
	if err := json.Unmarshal(lines[0], &first); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(lines[1], &second); err != nil {
		t.Fatal(err)
	}
	if first["request_id"] != "abc12345" || first["service"] != "orders" {
		t.Errorf("line with a request's context = %s, want its request_id and the logger's attrs", lines[0])
	}
	if bytes.Count(lines[0], []byte(`"request_id"`)) != 1 {
		t.Errorf("request_id written more than once: %s", lines[0])
	}
	if _, ok := second["request_id"]; ok {
		t.Errorf("line without a request names one: %s", lines[1])
	}
}
