package embedded

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	_ "modernc.org/sqlite" // the SQLite the store itself runs on, for online copies of its files
)

// The store keeps each database in one SQLite file of its directory.
const dbFiles = "*.sqlite"

// openFile opens the SQLite file of a database beside FerretDB's own connections, with the
// store's setting of waiting for a writer's lock rather than failing at once; params are
// more of the file URI's parameters ("" or "&mode=rw", say).
func openFile(file, params string) (*sql.DB, error) {
	return sql.Open("sqlite", "file:"+file+"?_pragma=busy_timeout(10000)"+params)
}

// Backup writes a consistent copy of every database of the store in dir into dest (made mode
// 0700; it must not hold a store already), whether or not a server is running on dir. Each
// copy is SQLite's VACUUM INTO: one read transaction, so it is the database as it was at one
// moment, while the running server goes on writing (the store runs in WAL mode, where a reader
// neither waits for writers nor blocks them). It answers the files written.
func Backup(ctx context.Context, dir, dest string) ([]string, error) {
	sources, err := filepath.Glob(filepath.Join(dir, dbFiles))
	if err != nil || len(sources) == 0 {
		return nil, fmt.Errorf("no embedded store in %s", dir)
	}
	if err := emptyStoreDir(dest); err != nil {
		return nil, err
	}
	var written []string
	for _, src := range sources {
		target := filepath.Join(dest, filepath.Base(src))
		if err := vacuumInto(ctx, src, target); err != nil {
			return written, err
		}
		if err := os.Chmod(target, 0o600); err != nil {
			return written, fmt.Errorf("back up %s: %w", src, err)
		}
		written = append(written, target)
	}
	return written, nil
}

func vacuumInto(ctx context.Context, src, target string) error {
	db, err := openFile(src, "")
	if err != nil {
		return fmt.Errorf("open %s: %w", src, err)
	}
	defer func() { _ = db.Close() }()
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", target); err != nil {
		_ = os.Remove(target)
		return fmt.Errorf("back up %s: %w", src, err)
	}
	return nil
}

// Restore copies the databases of a backup in src into dir, which must hold no store yet (a
// store is never overwritten: restore into a fresh DATA_DIR, then point shopd at it).
func Restore(src, dir string) ([]string, error) {
	sources, err := filepath.Glob(filepath.Join(src, dbFiles))
	if err != nil || len(sources) == 0 {
		return nil, fmt.Errorf("no backup of the embedded store in %s", src)
	}
	if err := emptyStoreDir(dir); err != nil {
		return nil, err
	}
	var written []string
	for _, from := range sources {
		to := filepath.Join(dir, filepath.Base(from))
		if err := CopyFile(from, to); err != nil {
			return written, err
		}
		written = append(written, to)
	}
	return written, nil
}

// emptyStoreDir makes dir (mode 0700) and checks it holds no database yet.
func emptyStoreDir(dir string) error {
	if err := privateDir(dir); err != nil {
		return err
	}
	if found, _ := filepath.Glob(filepath.Join(dir, dbFiles)); len(found) > 0 {
		return fmt.Errorf("%s already holds a store (%s): choose an empty directory", dir, filepath.Base(found[0]))
	}
	return nil
}

// CopyFile copies from to a new file to (mode 0600), written in full before it takes its name.
func CopyFile(from, to string) (err error) {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer func() { _ = in.Close() }()
	if _, err := os.Stat(to); err == nil {
		return fmt.Errorf("%s already exists", to)
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(to), "."+filepath.Base(to)+".*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = os.Remove(tmp.Name())
		}
	}()
	if _, err = io.Copy(tmp, in); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("copy %s: %w", from, err)
	}
	if err = tmp.Sync(); err != nil {
		_ = tmp.Close()
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Chmod(tmp.Name(), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), to)
}
