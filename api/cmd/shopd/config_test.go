package main

import (
	"bytes"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"shop/demo"
)

func envOf(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestConfigDefaults(t *testing.T) {
	dir := t.TempDir()
	c, err := loadConfig(envOf(map[string]string{"DATA_DIR": dir}))
	if err != nil {
		t.Fatal(err)
	}
	if c.Port != "8080" || c.Host != "127.0.0.1" || c.LogFormat != "json" || c.MongoDB != "shop" || c.JWTTTL != 168*time.Hour || c.Currency != "inr" ||
		c.PhotoCacheMB != 128 || !c.SeedDemo || !c.embedded() {
		t.Fatalf("defaults = %+v", c)
	}
	// The embedded store's secret is generated once, kept mode 0600, and reused.
	st, err := os.Stat(filepath.Join(dir, "jwt-secret"))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("secret file: %v %v", st, err)
	}
	again, _ := loadConfig(envOf(map[string]string{"DATA_DIR": dir}))
	if string(again.JWTSecret) != string(c.JWTSecret) || len(c.JWTSecret) < 32 {
		t.Fatal("the generated secret is not reused or too short")
	}
}

// An operator configures shopd from .env.example and the README's table: every variable
// shopd reads must be in both, so a new setting cannot stay undocumented.
func TestEveryVariableIsDocumented(t *testing.T) {
	read := map[string]bool{}
	if _, err := loadConfig(func(k string) string {
		read[k] = true
		if k == "DATA_DIR" {
			return t.TempDir()
		}
		return ""
	}); err != nil {
		t.Fatal(err)
	}
	example, err := os.ReadFile("../../../.env.example")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	if len(read) < 20 {
		t.Fatalf("loadConfig read only %d variables: %v", len(read), read)
	}
	for k := range read {
		if !bytes.Contains(example, []byte("\n"+k+"=")) {
			t.Errorf(".env.example does not list %s", k)
		}
		if !inTableRow(readme, "`"+k+"`") {
			t.Errorf("the README's table does not list %s", k)
		}
	}
}

// inTableRow reports whether a Markdown table row starts with a cell that holds name.
func inTableRow(doc []byte, name string) bool {
	for _, line := range strings.Split(string(doc), "\n") {
		if first, _, ok := strings.Cut(strings.TrimPrefix(line, "|"), "|"); ok && strings.HasPrefix(line, "| ") && strings.Contains(first, name) {
			return true
		}
	}
	return false
}

// PHOTO_CACHE_MB=0 turns the photo cache off, as the README says, rather than meaning the
// default; a name or an address is taken for HOST; a currency's code in either case.
func TestConfigTakesWhatItSays(t *testing.T) {
	for _, tc := range []struct {
		env   map[string]string
		check func(*config) bool
	}{
		{map[string]string{"PHOTO_CACHE_MB": "0"}, func(c *config) bool { return c.PhotoCacheMB == 0 }},
		{map[string]string{}, func(c *config) bool { return c.PhotoCacheMB == 128 }},
		{map[string]string{"HOST": "shop-1.internal"}, func(c *config) bool { return c.Host == "shop-1.internal" }},
		{map[string]string{"HOST": "::1", "METRICS_ADDR": ":9464"}, func(c *config) bool { return c.Host == "::1" && c.MetricsAddr == ":9464" }},
		{map[string]string{"CURRENCY": "USD"}, func(c *config) bool { return c.Currency == "usd" }},
		{map[string]string{"CURRENCY": "eur"}, func(c *config) bool { return c.Currency == "eur" }},
		{map[string]string{"CURRENCY": "xcd"}, func(c *config) bool { return c.Currency == "xcd" }},
		{map[string]string{"TZ": "Asia/Kolkata"}, func(*config) bool { return true }},
		{map[string]string{"TZ": ":UTC"}, func(*config) bool { return true }},
		{map[string]string{"CORS_ORIGINS": "https://shop.example.com/, http://localhost:3000, http://[::1]:3000, *"}, func(c *config) bool {
			return slices.Equal(c.CORSOrigins, []string{"https://shop.example.com", "http://localhost:3000", "http://[::1]:3000", "*"})
		}},
		{map[string]string{"CHECKOUT_TIMEOUT": "1s"}, func(c *config) bool { return c.CheckoutTimeout == time.Second }},
	} {
		tc.env["DATA_DIR"] = t.TempDir()
		c, err := loadConfig(envOf(tc.env))
		if err != nil || !tc.check(c) {
			t.Errorf("%v: config %+v, %v", tc.env, c, err)
		}
	}
}

// TZ may name a zone file by its path, as the C library allows, when the file is there.
func TestTimeZoneByPath(t *testing.T) {
	zone := filepath.Join(t.TempDir(), "Kolkata")
	if err := os.WriteFile(zone, []byte("TZif"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tz := range []string{zone, ":" + zone} {
		if _, err := loadConfig(envOf(map[string]string{"DATA_DIR": t.TempDir(), "TZ": tz})); err != nil {
			t.Errorf("TZ=%s: %v", tz, err)
		}
	}
}

func TestConfigRefusesUnsafeSettings(t *testing.T) {
	cases := map[string]struct {
		env  map[string]string
		want string
	}{
		"mongo-without-secret":    {map[string]string{"MONGO_URI": "mongodb://db:27017"}, "JWT_SECRET is required"},
		"short-secret":            {map[string]string{"MONGO_URI": "mongodb://db:27017", "JWT_SECRET": "short"}, "at least 32"},
		"admin-email-alone":       {map[string]string{"ADMIN_EMAIL": "a@b.co"}, "go together"},
		"short-admin-password":    {map[string]string{"ADMIN_EMAIL": "a@b.co", "ADMIN_PASSWORD": "123"}, "at least 6"},
		"bad-ttl":                 {map[string]string{"JWT_TTL": "forever"}, "JWT_TTL"},
		"bad-seed":                {map[string]string{"SEED_DEMO": "maybe"}, "SEED_DEMO"},
		"bad-log-level":           {map[string]string{"LOG_LEVEL": "loud"}, "LOG_LEVEL"},
		"bad-log-format":          {map[string]string{"LOG_FORMAT": "xml"}, "LOG_FORMAT"},
		"currency-not-a-code":     {map[string]string{"CURRENCY": "rupees"}, "three-letter"},
		"currency-without-cents":  {map[string]string{"CURRENCY": "JPY"}, "hundredths"},
		"currency-in-thousandths": {map[string]string{"CURRENCY": "kwd"}, "hundredths"},
		"currency-typo":           {map[string]string{"CURRENCY": "uds"}, "CURRENCY uds is no currency's ISO code"},
		"currency-no-currency":    {map[string]string{"CURRENCY": "xxx"}, "CURRENCY xxx is no currency's ISO code"},
		"time-zone-typo":          {map[string]string{"TZ": "Asia/Kolkatta"}, `TZ "Asia/Kolkatta" is no time zone`},
		"time-zone-file-missing":  {map[string]string{"TZ": "/usr/share/zoneinfo/Nope"}, `TZ "/usr/share/zoneinfo/Nope" is no time zone`},
		"port-not-a-number":       {map[string]string{"PORT": "abc"}, "PORT must be a port number from 1 to 65535"},
		"port-too-high":           {map[string]string{"PORT": "99999"}, "PORT must be a port number"},
		"host-bad-address":        {map[string]string{"HOST": "999.1.1.1"}, "HOST must be an IP address"},
		"host-bad-name":           {map[string]string{"HOST": "shop_host!"}, "HOST must be an IP address"},
		"metrics-port-text":       {map[string]string{"METRICS_ADDR": "127.0.0.1:abc"}, "METRICS_ADDR must be host:port"},
		"photo-cache-huge":        {map[string]string{"PHOTO_CACHE_MB": "99999999999999"}, "PHOTO_CACHE_MB must be"},
		"photo-cache-negative":    {map[string]string{"PHOTO_CACHE_MB": "-1"}, "PHOTO_CACHE_MB must be"},
		"public-url-no-scheme":    {map[string]string{"PUBLIC_URL": "shop.example.com"}, "PUBLIC_URL must be the shop's address with its scheme"},
		"public-url-query":        {map[string]string{"PUBLIC_URL": "https://shop.example.com/?ref=mail"}, "no query or fragment"},
		"public-url-fragment":     {map[string]string{"PUBLIC_URL": "https://shop.example.com/#top"}, "no query or fragment"},
		"public-url-user":         {map[string]string{"PUBLIC_URL": "https://ops:secret@shop.example.com"}, "no query or fragment"},
		"admin-email-bad":         {map[string]string{"ADMIN_EMAIL": "notanemail", "ADMIN_PASSWORD": "secret123"}, "ADMIN_EMAIL: Email must be"},
		"admin-password-long":     {map[string]string{"ADMIN_EMAIL": "a@b.co", "ADMIN_PASSWORD": strings.Repeat("p", 73)}, "at most 72 bytes"},
		"mail-from-line-break":    {map[string]string{"MAIL_FROM": "Shop <shop@example.com>\nBcc: all@example.com"}, "MAIL_FROM must be one email address"},
		"mail-from-no-address":    {map[string]string{"MAIL_FROM": "not an address"}, "MAIL_FROM must be one email address"},
		"trusted-proxy-garbage":   {map[string]string{"TRUSTED_PROXIES": "10.0.0.0/8, garbage"}, `TRUSTED_PROXIES must list IP addresses or CIDR ranges, such as 10.0.0.0/8: "garbage"`},
		"cors-not-an-origin":      {map[string]string{"CORS_ORIGINS": "https://b.example, localhost"}, `CORS_ORIGINS must list origins, each a scheme and host (and port) with no path, such as https://shop.example.com, or *: "localhost"`},
		"cors-no-scheme":          {map[string]string{"CORS_ORIGINS": "shop.example.com"}, `CORS_ORIGINS must list origins`},
		"cors-path":               {map[string]string{"CORS_ORIGINS": "https://a.example/shop"}, `CORS_ORIGINS must list origins`},
		"checkout-timeout-tiny":   {map[string]string{"CHECKOUT_TIMEOUT": "1ms"}, "CHECKOUT_TIMEOUT must be a duration of at least 1s"},
		"checkout-timeout-text":   {map[string]string{"CHECKOUT_TIMEOUT": "soon"}, "CHECKOUT_TIMEOUT must be a duration"},
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			tc.env["DATA_DIR"] = t.TempDir()
			_, err := loadConfig(envOf(tc.env))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want one mentioning %q", err, tc.want)
			}
		})
	}
}

func TestConfigOnMongoDB(t *testing.T) {
	c, err := loadConfig(envOf(map[string]string{"MONGO_URI": "mongodb://db:27017", "JWT_SECRET": strings.Repeat("k", 32),
		"CORS_ORIGINS": "https://shop.example, https://admin.example", "TRUSTED_PROXIES": "10.0.0.0/8", "HOST": "0.0.0.0",
		"LOG_FORMAT": "Text"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.SeedDemo || c.embedded() || len(c.CORSOrigins) != 2 || c.TrustedProxies[0] != "10.0.0.0/8" ||
		c.Host != "0.0.0.0" || c.LogFormat != "text" {
		t.Fatalf("config = %+v", c)
	}
}

// The log says the demo accounts are there without their passwords: logs are kept and shipped
// where a password must never go, public or not.
func TestDemoLoadedLogNamesNoPassword(t *testing.T) {
	for _, embedded := range []bool{true, false} {
		var logs bytes.Buffer
		logDemoLoaded(slog.New(slog.NewTextHandler(&logs, nil)), embedded)
		for _, secret := range []string{demo.AdminPassword, demo.ShopperPassword} {
			if strings.Contains(logs.String(), secret) {
				t.Errorf("embedded %v: the log holds a demo password:\n%s", embedded, logs.String())
			}
		}
		if !strings.Contains(logs.String(), demo.AdminEmail) || !strings.Contains(logs.String(), demo.ShopperEmail) {
			t.Errorf("embedded %v: the log does not name the demo accounts:\n%s", embedded, logs.String())
		}
	}
}

// DATA_DIR naming a file is refused by name, before anything is written beside it.
func TestDataDirThatIsAFile(t *testing.T) {
	file := filepath.Join(t.TempDir(), "data")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := loadConfig(envOf(map[string]string{"DATA_DIR": file}))
	if err == nil || !strings.Contains(err.Error(), "DATA_DIR "+file+" is a file") {
		t.Fatalf("DATA_DIR a file: %v", err)
	}
}

// A CLIENT_DIST without the built client is said at start, naming the folder; a built one is not.
func TestStartWarnsOfAMissingStorefront(t *testing.T) {
	built := t.TempDir()
	if err := os.WriteFile(filepath.Join(built, "index.html"), []byte("<!doctype html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	for dist, warned := range map[string]bool{built: false, filepath.Join(built, "nonexistent"): true} {
		var logs bytes.Buffer
		warnWithoutClient(slog.New(slog.NewTextHandler(&logs, nil)), dist)
		if said := strings.Contains(logs.String(), "level=WARN") && strings.Contains(logs.String(), dist); said != warned {
			t.Errorf("CLIENT_DIST %s: warned %v, want %v:\n%s", dist, said, warned, logs.String())
		}
	}
}

// The embedded store's signing secret is made once and kept: a file too short to sign with
// (an operator's own short secret) is refused by name rather than silently replaced, which
// would void every sign-in.
func TestSigningSecretFile(t *testing.T) {
	dir := t.TempDir()
	c, err := loadConfig(envOf(map[string]string{"DATA_DIR": dir}))
	if err != nil || len(c.JWTSecret) < 32 {
		t.Fatalf("first start: secret %q, %v; want one made", c.JWTSecret, err)
	}
	again, err := loadConfig(envOf(map[string]string{"DATA_DIR": dir}))
	if err != nil || string(again.JWTSecret) != string(c.JWTSecret) {
		t.Fatalf("second start: secret %q, %v; want the first kept", again.JWTSecret, err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("DATA_DIR holds %v; want the secret file alone", entries)
	}

	short := t.TempDir()
	path := filepath.Join(short, "jwt-secret")
	if err := os.WriteFile(path, []byte("my-own-short-secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := loadConfig(envOf(map[string]string{"DATA_DIR": short})); err == nil ||
		!strings.Contains(err.Error(), path+" holds 19 bytes: a signing secret must be at least 32") {
		t.Fatalf("a short secret file: %v; want it refused by name", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "my-own-short-secret" {
		t.Errorf("the short secret file was replaced with %q", b)
	}
}

// Durations in the JSON log read as Go spells them, as in the text log: an operator reading
// "in":60000000000 has to count the zeros.
func TestJSONLogSpellsDurations(t *testing.T) {
	var logs bytes.Buffer
	newLogger(&config{LogLevel: slog.LevelInfo, LogFormat: "json"}, &logs).Info("mail not sent yet; retrying", "in", time.Minute)
	if !strings.Contains(logs.String(), `"in":"1m0s"`) {
		t.Errorf("log line %s: want the pause written 1m0s", logs.String())
	}
}
