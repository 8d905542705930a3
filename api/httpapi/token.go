package httpapi

import (
	"fmt"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// iat carries milliseconds (a NumericDate may be fractional), so that a password change or reset
// voids a token issued earlier in the same second. It is written with microseconds so that the
// float's rounding never moves the parsed value across a millisecond; Parse rounds it back.
func init() { jwt.TimePrecision = time.Microsecond }

// clockLeeway is how far a token's times may lie ahead of this process's clock: a fresh token
// after a password change is issued at the change's stamp (rounded up to the millisecond), and
// several processes' clocks differ a little.
const clockLeeway = 2 * time.Second

// Tokens issues and checks session tokens: HS256 JWTs with sub, iat and exp.
type Tokens struct {
	secret []byte
	ttl    time.Duration
	now    func() time.Time
}

// NewTokens returns a token issuer with this secret and lifetime.
func NewTokens(secret []byte, ttl time.Duration) *Tokens {
	return &Tokens{secret: secret, ttl: ttl, now: time.Now}
}

// Issue returns a signed token for userID, issued now.
func (t *Tokens) Issue(userID string) (string, error) { return t.IssueAt(userID, t.now()) }

// IssueAt returns a signed token for userID issued at issuedAt (cut to the millisecond, down):
// for a sign-in, the moment before its password was read.
func (t *Tokens) IssueAt(userID string, issuedAt time.Time) (string, error) {
	iat := issuedAt.Truncate(time.Millisecond)
	claims := jwt.RegisteredClaims{
		Subject:   userID,
		IssuedAt:  jwt.NewNumericDate(iat),
		ExpiresAt: jwt.NewNumericDate(iat.Add(t.ttl)),
	}
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(t.secret)
	if err != nil {
		return "", fmt.Errorf("sign token: %w", err)
	}
	return s, nil
}

// Parse checks a token's signature (HS256 only) and expiry; it answers the user id and issue time.
func (t *Tokens) Parse(raw string) (userID string, issuedAt time.Time, err error) {
	var claims jwt.RegisteredClaims
	_, err = jwt.ParseWithClaims(raw, &claims, func(*jwt.Token) (any, error) { return t.secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithExpirationRequired(), jwt.WithIssuedAt(), jwt.WithTimeFunc(t.now), jwt.WithLeeway(clockLeeway))
	if err != nil {
		return "", time.Time{}, fmt.Errorf("parse token: %w", err)
	}
	if claims.Subject == "" || claims.IssuedAt == nil {
		return "", time.Time{}, fmt.Errorf("token lacks sub or iat")
	}
	return claims.Subject, claims.IssuedAt.Time.Round(time.Millisecond), nil
}
