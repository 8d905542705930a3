package main

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/mail"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/text/currency"

	"shop"
	"shop/internal/snapfile"
)

// config is everything shopd reads from the environment (.env.example lists it all).
type config struct {
	Port           string
	Host           string // the address to listen on; 0.0.0.0 or empty: every interface
	MongoURI       string
	MongoDB        string
	DataDir        string
	JWTSecret      []byte
	JWTTTL         time.Duration
	CORSOrigins    []string
	SeedDemo       bool
	AdminEmail     string
	AdminPassword  string
	StripeKey      string
	StripeAPIBase  string
	Currency       string
	ClientDist     string
	PhotoCacheMB   int
	TrustedProxies []string
	LogLevel       slog.Level
	LogFormat      string // json (one object a line, for log collectors) or text
	MetricsAddr    string // where Prometheus metrics are served; "off": nowhere
	// CheckoutTimeout is the age at which a pending order counts as a checkout cut short.
	CheckoutTimeout time.Duration
	SMTPURL         string // empty: mail goes to .eml files in DATA_DIR/mail
	MailFrom        string
	PublicURL       string // where shoppers see the shop, for links in mail
	// StripeWebhookSecret verifies the Stripe-Signature of payment notices.
	StripeWebhookSecret string
}

// embedded reports whether shopd runs its own in-process store.
func (c *config) embedded() bool { return c.MongoURI == "" }

func loadConfig(getenv func(string) string) (*config, error) {
	env := func(key, def string) string {
		if v := strings.TrimSpace(getenv(key)); v != "" {
			return v
		}
		return def
	}
	c := &config{
		Port:                env("PORT", "8080"),
		Host:                env("HOST", "127.0.0.1"),
		MongoURI:            env("MONGO_URI", ""),
		MongoDB:             env("MONGO_DB", "shop"),
		DataDir:             env("DATA_DIR", "./data"),
		AdminEmail:          env("ADMIN_EMAIL", ""),
		AdminPassword:       getenv("ADMIN_PASSWORD"),
		StripeKey:           env("STRIPE_SECRET_KEY", ""),
		StripeAPIBase:       env("STRIPE_API_BASE", ""),
		Currency:            strings.ToLower(env("CURRENCY", shop.DefaultCurrency)),
		ClientDist:          env("CLIENT_DIST", ""),
		LogFormat:           strings.ToLower(env("LOG_FORMAT", "json")),
		MetricsAddr:         env("METRICS_ADDR", "127.0.0.1:9464"),
		SMTPURL:             env("SMTP_URL", ""),
		MailFrom:            env("MAIL_FROM", "Clothing Shop <shop@localhost>"),
		StripeWebhookSecret: env("STRIPE_WEBHOOK_SECRET", ""),
	}
	c.PublicURL = strings.TrimRight(env("PUBLIC_URL", "http://localhost:"+c.Port), "/")
	var err error
	if c.JWTTTL, err = time.ParseDuration(env("JWT_TTL", "168h")); err != nil || c.JWTTTL <= 0 {
		return nil, fmt.Errorf("JWT_TTL must be a positive duration such as 168h")
	}
	if c.SeedDemo, err = strconv.ParseBool(env("SEED_DEMO", strconv.FormatBool(c.embedded()))); err != nil {
		return nil, fmt.Errorf("SEED_DEMO must be true or false")
	}
	if c.CheckoutTimeout, err = time.ParseDuration(env("CHECKOUT_TIMEOUT", "2m")); err != nil || c.CheckoutTimeout < minCheckoutTimeout {
		return nil, fmt.Errorf("CHECKOUT_TIMEOUT must be a duration of at least %s, such as 2m: it also bounds each cancellation's refund", minCheckoutTimeout)
	}
	if c.PhotoCacheMB, err = strconv.Atoi(env("PHOTO_CACHE_MB", "128")); err != nil || c.PhotoCacheMB < 0 || c.PhotoCacheMB > maxPhotoCacheMB {
		return nil, fmt.Errorf("PHOTO_CACHE_MB must be a whole number of megabytes from 0 (no cache) to %d", maxPhotoCacheMB)
	}
	if p, err := strconv.Atoi(c.Port); err != nil || p < 1 || p > 65535 {
		return nil, fmt.Errorf("PORT must be a port number from 1 to 65535")
	}
	if !validHost(c.Host) {
		return nil, fmt.Errorf("HOST must be an IP address (such as 127.0.0.1 or 0.0.0.0) or a host name")
	}
	// The mailed links are PUBLIC_URL followed by a path: a query, a fragment or a user in it
	// would break every one of them.
	if u, err := url.Parse(c.PublicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
		u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || strings.Contains(c.PublicURL, "#") || u.User != nil {
		return nil, fmt.Errorf("PUBLIC_URL must be the shop's address with its scheme and no query or fragment, such as https://shop.example.com")
	}
	if from, err := mail.ParseAddress(c.MailFrom); err != nil || strings.ContainsAny(c.MailFrom, "\r\n") || !strings.Contains(from.Address, "@") {
		return nil, fmt.Errorf("MAIL_FROM must be one email address, such as Clothing Shop <shop@example.com>")
	}
	if err := c.LogLevel.UnmarshalText([]byte(env("LOG_LEVEL", "info"))); err != nil {
		return nil, fmt.Errorf("LOG_LEVEL must be debug, info, warn or error")
	}
	if c.LogFormat != "json" && c.LogFormat != "text" {
		return nil, fmt.Errorf("LOG_FORMAT must be json or text")
	}
	if c.MetricsAddr != "off" {
		host, port, err := net.SplitHostPort(c.MetricsAddr)
		if p, perr := strconv.Atoi(port); err != nil || perr != nil || p < 0 || p > 65535 || (host != "" && !validHost(host)) {
			return nil, fmt.Errorf("METRICS_ADDR must be host:port (such as 127.0.0.1:9464) or off")
		}
	}
	c.CORSOrigins = splitList(getenv("CORS_ORIGINS"))
	for i, o := range c.CORSOrigins {
		// A browser names an origin without a slash after it: "https://shop.example.com/"
		// would never match.
		c.CORSOrigins[i] = strings.TrimSuffix(o, "/")
		if o != "*" && !isOrigin(c.CORSOrigins[i]) {
			return nil, fmt.Errorf("CORS_ORIGINS must list origins, each a scheme and host (and port) with no path, such as https://shop.example.com, or *: %q", o)
		}
	}
	c.TrustedProxies = splitList(getenv("TRUSTED_PROXIES"))
	for _, p := range c.TrustedProxies {
		if _, _, err := net.ParseCIDR(p); err != nil && net.ParseIP(p) == nil {
			return nil, fmt.Errorf("TRUSTED_PROXIES must list IP addresses or CIDR ranges, such as 10.0.0.0/8: %q is neither", p)
		}
	}
	if err := checkCurrency(c.Currency); err != nil {
		return nil, err
	}
	if err := checkTimeZone(getenv("TZ")); err != nil {
		return nil, err
	}
	if (c.AdminEmail == "") != (c.AdminPassword == "") {
		return nil, fmt.Errorf("ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither")
	}
	if c.AdminPassword != "" && len(c.AdminPassword) < 6 {
		return nil, fmt.Errorf("ADMIN_PASSWORD must be at least 6 characters")
	}
	if len(c.AdminPassword) > 72 { // bcrypt reads no further
		return nil, fmt.Errorf("ADMIN_PASSWORD must be at most 72 bytes")
	}
	if c.AdminEmail != "" {
		if _, err := shop.NormalizeEmail(c.AdminEmail); err != nil {
			return nil, fmt.Errorf("ADMIN_EMAIL: %s", shop.ErrorMessage(err))
		}
	}
	if c.ClientDist == "" {
		c.ClientDist = findClientDist()
	}
	secret := getenv("JWT_SECRET")
	if st, err := os.Stat(c.DataDir); err == nil && !st.IsDir() {
		return nil, fmt.Errorf("DATA_DIR %s is a file, not a directory: point DATA_DIR at a directory (it is made when missing)", c.DataDir)
	}
	switch {
	case secret != "" && len(secret) < 32:
		return nil, fmt.Errorf("JWT_SECRET must be at least 32 bytes")
	case secret != "":
		c.JWTSecret = []byte(secret)
	case !c.embedded():
		return nil, fmt.Errorf("JWT_SECRET is required when MONGO_URI is set: generate one with `openssl rand -hex 32`")
	default:
		if c.JWTSecret, err = loadOrCreateSecret(filepath.Join(c.DataDir, "jwt-secret")); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// findClientDist looks for the built client beside the repo root or the api folder.
func findClientDist() string {
	for _, p := range []string{"client/dist", "../client/dist"} {
		if _, err := os.Stat(filepath.Join(p, "index.html")); err == nil {
			return p
		}
	}
	return "client/dist"
}

// minCheckoutTimeout is the least CHECKOUT_TIMEOUT: a cancellation's refund must finish
// within it (its claim goes stale then), so a value in milliseconds (a slip) would leave
// every refund unfinished. A real gateway wants more: the default is 2m.
const minCheckoutTimeout = time.Second

// isOrigin reports whether o is a web origin as a browser sends it: http or https, a host,
// perhaps a port, and nothing else. "shop.example.com" or "https://shop.example.com/shop"
// would never match.
func isOrigin(o string) bool {
	u, err := url.Parse(o)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && validHost(u.Hostname()) &&
		u.User == nil && u.Path == "" && u.RawQuery == "" && u.Fragment == "" && !u.ForceQuery && u.Opaque == "" &&
		u.String() == o
}

// loadOrCreateSecret reads the embedded store's signing secret, creating it (mode 0600) once.
// A secret file too short to sign with is refused, not replaced: replacing it would void
// every sign-in without a word. The file is written whole or not at all.
func loadOrCreateSecret(path string) ([]byte, error) {
	b, err := os.ReadFile(path)
	switch {
	case err == nil && len(b) >= 32:
		return b, nil
	case err == nil:
		return nil, fmt.Errorf("%s holds %d bytes: a signing secret must be at least 32; delete the file to have a new "+
			"one made (every sign-in is then void), or set JWT_SECRET", path, len(b))
	case !errors.Is(err, os.ErrNotExist):
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("create %s: %w", filepath.Dir(path), err)
	}
	var raw [32]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return nil, fmt.Errorf("generate JWT secret: %w", err)
	}
	secret := []byte(hex.EncodeToString(raw[:]))
	if err := snapfile.Replace(path, secret); err != nil {
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	return secret, nil
}

// maxPhotoCacheMB bounds PHOTO_CACHE_MB (64 GiB): more is a typing slip, and would overflow.
const maxPhotoCacheMB = 64 << 10

// validHost reports whether h is an IP address or a well-formed host name: an address of
// dotted numbers that is no IP address (999.1.1.1) is neither.
func validHost(h string) bool {
	if net.ParseIP(h) != nil {
		return true
	}
	if h == "" || len(h) > 253 || strings.Trim(h, "0123456789.") == "" {
		return false
	}
	for _, label := range strings.Split(h, ".") {
		if label == "" || len(label) > 63 || strings.HasPrefix(label, "-") || strings.HasSuffix(label, "-") ||
			strings.Trim(label, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-") != "" {
			return false
		}
	}
	return true
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// checkTimeZone refuses a TZ that names no time zone: Go would run in UTC without a word, and
// the mails would date orders in it. The process's zone itself (time.Local) is Go's reading of
// TZ; this only checks it. A path (TZ=/usr/share/zoneinfo/...) must name a file.
func checkTimeZone(tz string) error {
	name := strings.TrimPrefix(tz, ":")
	var err error
	switch {
	case name == "":
		return nil
	case strings.HasPrefix(name, "/"):
		_, err = os.Stat(name)
	default:
		_, err = time.LoadLocation(name)
	}
	if err != nil {
		return fmt.Errorf("TZ %q is no time zone; use a name such as Asia/Kolkata or UTC", tz)
	}
	return nil
}

// checkCurrency refuses a code that names no currency (a typo such as uds would start, and only
// a real gateway would refuse it, at every checkout) and a currency whose minor unit is not a
// hundredth: the shop keeps money in hundredths (shop.Paise) and charges that many minor units,
// so with yen or dinars it would charge the wrong amount.
func checkCurrency(code string) error {
	if len(code) != 3 || strings.Trim(code, "abcdefghijklmnopqrstuvwxyz") != "" {
		return fmt.Errorf("CURRENCY must be a three-letter ISO code such as inr")
	}
	unit, err := currency.ParseISO(code)
	// The X codes are metals, funds and test codes, but for the East Caribbean dollar.
	if err != nil || (code[0] == 'x' && code != "xcd") {
		return fmt.Errorf("CURRENCY %s is no currency's ISO code (inr, usd, eur...)", code)
	}
	if scale, _ := currency.Standard.Rounding(unit); scale != 2 {
		return fmt.Errorf("CURRENCY %s is not counted in hundredths; the shop prices in hundredths (inr, usd, eur...)", code)
	}
	return nil
}
