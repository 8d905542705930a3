package embedded

import (
	"reflect"
	"sync/atomic"
	"time"
	"unsafe"

	"modernc.org/libc"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// busyWait is how long a writer waits for SQLite's write lock before its write fails (as
// FerretDB's busy_timeout, which this handler replaces).
const busyWait = 10 * time.Second

// A writer that finds SQLite's write lock taken tries again after busyNap, busyNaps times,
// then every millisecond. SQLite's own handler sleeps 1 ms, then 2, 5, 10 ... while the write
// it waits for holds the lock for about 0.3 ms, so two writers that met lost a millisecond or
// more; a long write (an import) still costs few wake-ups.
const (
	busyNap   = 50 * time.Microsecond
	busyNaps  = 40
	busySleep = time.Millisecond
)

// busyRetries counts the tries of writers that found the lock taken.
var busyRetries atomic.Int64

// nap is time.Sleep. TestBusyWritersNap replaces it (SetNap) to see the naps asked for, which
// timing cannot tell from SQLite's own sleeps on a loaded machine, and to know that a writer
// is waiting for the lock before the holder lets it go.
var nap = time.Sleep

// init gives every SQLite connection of the process (FerretDB's own among them) the busy
// handler napWhileBusy. modernc.org/sqlite runs connection hooks after the DSN's pragmas (so
// it replaces busy_timeout's handler) but does not expose a connection's SQLite handle: it is
// read from the connection's fields, and when they are not there (another version's layout)
// SQLite's own handler stays. TestBusyWritersNap fails then, so an upgrade that loses the
// handler is caught.
func init() {
	sqlite.RegisterConnectionHook(func(c sqlite.ExecQuerierContext, _ string) error {
		db, tls, ok := sqliteHandle(c)
		if !ok {
			return nil // another driver's layout: SQLite's own handler stays
		}
		sqlite3.Xsqlite3_busy_handler(tls, db, cFuncPointer(napWhileBusy), 0)
		return nil
	})
}

// napWhileBusy is SQLite's busy handler: it answers 1 to try again, 0 to give up. count is
// how often it was called for this lock.
func napWhileBusy(_ *libc.TLS, _ uintptr, count int32) int32 {
	waited := time.Duration(min(count, busyNaps)) * busyNap
	if count > busyNaps {
		waited += time.Duration(count-busyNaps) * busySleep
	}
	if waited >= busyWait {
		return 0
	}
	busyRetries.Add(1)
	if count < busyNaps {
		nap(busyNap)
	} else {
		nap(busySleep)
	}
	return 1
}

// sqliteHandle answers the SQLite handle of a connection of modernc.org/sqlite.
func sqliteHandle(c sqlite.ExecQuerierContext) (db uintptr, tls *libc.TLS, ok bool) {
	v := reflect.ValueOf(c)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return 0, nil, false
	}
	v = v.Elem()
	dbField, tlsField := v.FieldByName("db"), v.FieldByName("tls")
	if !dbField.IsValid() || dbField.Kind() != reflect.Uintptr || !tlsField.IsValid() ||
		tlsField.Type() != reflect.TypeFor[*libc.TLS]() {
		return 0, nil, false
	}
	return uintptr(dbField.Uint()), (*libc.TLS)(unsafe.Pointer(tlsField.Pointer())), true
}

// cFuncPointer is how modernc.org/sqlite passes a Go function where SQLite takes a C one.
func cFuncPointer[T any](f T) uintptr {
	return *(*uintptr)(unsafe.Pointer(&struct{ f T }{f}))
}
