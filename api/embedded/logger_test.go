package embedded

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
)

// formatCounter counts how often slog asks for its value.
type formatCounter struct{ n *int }

func (f formatCounter) LogValue() slog.Value {
	*f.n++
	return slog.StringValue("the whole document")
}

// FerretDB passes every statement's arguments to With for a debug line: they must not be
// formatted unless a record is written.
func TestStoreLoggerFormatsOnlyWhatItWrites(t *testing.T) {
	var out bytes.Buffer
	var formatted int
	l := newStoreLogger(slog.NewTextHandler(&out, nil)).With("name", "sqlite")

	l.With("args", formatCounter{&formatted}).Debug(">>> UPDATE")
	l.With("args", formatCounter{&formatted}).Warn("a duplicate key")
	if formatted != 0 || out.Len() != 0 {
		t.Fatalf("below error: formatted %d times, wrote %q; want nothing", formatted, out.String())
	}

	l.WithGroup("query").With("args", formatCounter{&formatted}).Error("statement failed", "code", 5)
	if formatted != 1 {
		t.Errorf("an error record formatted its attributes %d times, want 1", formatted)
	}
	line := out.String()
	for _, want := range []string{"level=ERROR", `msg="statement failed"`, "name=sqlite", `query.args="the whole document"`, "query.code=5"} {
		if !strings.Contains(line, want) {
			t.Errorf("error line %q lacks %s", line, want)
		}
	}
}
