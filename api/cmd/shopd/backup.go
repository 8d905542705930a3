package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"shop/embedded"
)

// The layout of a backup directory, and of DATA_DIR: the store's files, then the secret that
// signs sign-ins (without it every token issued before is void).
const (
	storeDirName  = "store"
	jwtSecretName = "jwt-secret"
)

// backupStore writes a consistent copy of the embedded store in DATA_DIR, and its JWT secret,
// into the new directory dest. shopd may be running meanwhile.
func backupStore(ctx context.Context, getenv func(string) string, dest string, out io.Writer) error {
	dataDir, err := embeddedDataDir(getenv)
	if err != nil {
		return err
	}
	files, err := embedded.Backup(ctx, filepath.Join(dataDir, storeDirName), filepath.Join(dest, storeDirName))
	if err != nil {
		return err
	}
	if err := copySecret(dataDir, dest); err != nil {
		return err
	}
	fmt.Fprintf(out, "backed up the store in %s to %s (%s)\n", dataDir, dest, strings.Join(baseNames(files), ", "))
	return nil
}

// restoreStore brings a backup made by backupStore back into DATA_DIR, which must hold no
// store yet; start shopd on it afterwards.
func restoreStore(getenv func(string) string, src string, out io.Writer) error {
	dataDir, err := embeddedDataDir(getenv)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return fmt.Errorf("create %s: %w", dataDir, err)
	}
	if _, err := os.Stat(filepath.Join(dataDir, jwtSecretName)); err == nil {
		return fmt.Errorf("%s already has a JWT secret: restore into an empty DATA_DIR", dataDir)
	}
	files, err := embedded.Restore(filepath.Join(src, storeDirName), filepath.Join(dataDir, storeDirName))
	if err != nil {
		return err
	}
	if err := copySecret(src, dataDir); err != nil {
		return err
	}
	fmt.Fprintf(out, "restored %s into %s (%s); start shopd with DATA_DIR=%s\n",
		src, dataDir, strings.Join(baseNames(files), ", "), dataDir)
	return nil
}

// embeddedDataDir is DATA_DIR, refusing when shopd runs on MongoDB (back that up with
// mongodump).
func embeddedDataDir(getenv func(string) string) (string, error) {
	if strings.TrimSpace(getenv("MONGO_URI")) != "" {
		return "", errors.New("MONGO_URI is set: back up MongoDB with mongodump and mongorestore (see README)")
	}
	if dir := strings.TrimSpace(getenv("DATA_DIR")); dir != "" {
		return dir, nil
	}
	return "./data", nil
}

// copySecret copies the generated JWT secret from one directory to another, when there is one
// (with JWT_SECRET set, there is none to copy).
func copySecret(from, to string) error {
	src := filepath.Join(from, jwtSecretName)
	if _, err := os.Stat(src); errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err := embedded.CopyFile(src, filepath.Join(to, jwtSecretName)); err != nil {
		return fmt.Errorf("copy the JWT secret: %w", err)
	}
	return nil
}

func baseNames(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = filepath.Base(p)
	}
	return out
}
