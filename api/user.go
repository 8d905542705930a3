package shop

import (
	"context"
	"time"
	"unicode/utf8"

	"golang.org/x/crypto/bcrypt"
)

// MinPasswordLength is the shortest password (and reset answer) accepted.
const MinPasswordLength = 6

// UserPageSize is the admin's page of accounts when ?page= comes without ?limit=.
const UserPageSize = 10

// maxSecretBytes is bcrypt's input limit: longer secrets would be silently truncated.
const maxSecretBytes = 72

// User is an account. Its password and security answer never leave the store.
type User struct {
	ID        string    `json:"_id"`
	Name      string    `json:"name"`
	Email     string    `json:"email"`
	Phone     string    `json:"phone"`
	Address   string    `json:"address"`
	Role      int       `json:"role"`
	CreatedAt time.Time `json:"-"`
	UpdatedAt time.Time `json:"-"`
	// CredentialsChangedAt is when the password was last set: tokens issued before it are void.
	CredentialsChangedAt time.Time `json:"-"`
}

// IsAdmin reports whether the user may use the admin area.
func (u *User) IsAdmin() bool { return u.Role == RoleAdmin }

// Registration is the sign-up form. Any role a client sends is ignored.
type Registration struct {
	Name     string `json:"name"`
	Email    string `json:"email"`
	Password string `json:"password"`
	Phone    string `json:"phone"`
	Address  string `json:"address"`
	Answer   string `json:"answer"`
}

// Validate trims the fields, lower-cases the email and returns the first field error.
func (r *Registration) Validate() error {
	var err error
	if r.Name, err = requireText("Name", r.Name, 100); err != nil {
		return err
	}
	if r.Email, err = accountEmail(r.Email); err != nil {
		return err
	}
	if err = validatePassword("Password", r.Password); err != nil {
		return err
	}
	if r.Phone, err = requireText("Phone", r.Phone, 30); err != nil {
		return err
	}
	if r.Address, err = requireLines("Address", r.Address, 500); err != nil {
		return err
	}
	r.Answer, err = validateAnswer(r.Answer)
	return err
}

// PasswordReset is the forgot-password form.
type PasswordReset struct {
	Email       string `json:"email"`
	NewPassword string `json:"newpassword"`
	Answer      string `json:"answer"`
}

// Validate normalises the email and the answer and returns the first field error.
func (r *PasswordReset) Validate() error {
	var err error
	if r.Email, err = NormalizeEmail(r.Email); err != nil {
		return err
	}
	if r.Answer, err = validateAnswer(r.Answer); err != nil {
		return err
	}
	return validatePassword("New password (newpassword)", r.NewPassword)
}

// ProfileUpdate is the profile form. The email cannot be changed; an empty password keeps the
// old one; an empty name, phone, address or answer keeps the old value. A new password or
// security answer needs the current password, so a stolen session alone cannot take the
// account for good.
type ProfileUpdate struct {
	Name            string `json:"name"`
	Email           string `json:"email"`
	Password        string `json:"password"`
	CurrentPassword string `json:"currentPassword"`
	Answer          string `json:"answer"`
	Phone           string `json:"phone"`
	Address         string `json:"address"`
}

// ChangesSecrets reports whether the update sets a new password or security answer.
func (p *ProfileUpdate) ChangesSecrets() bool { return p.Password != "" || p.Answer != "" }

// Validate checks the fields that were given.
func (p *ProfileUpdate) Validate() error {
	if p.Password != "" {
		if err := validatePassword("Password", p.Password); err != nil {
			return err
		}
	}
	if p.Answer != "" {
		var err error
		if p.Answer, err = validateAnswer(p.Answer); err != nil {
			return err
		}
	}
	if p.ChangesSecrets() {
		if p.CurrentPassword == "" {
			return Errorf(EINVALID, "Current password (currentPassword) is required to change the password or security answer.")
		}
		if err := fitsBcrypt("Current password (currentPassword)", p.CurrentPassword); err != nil {
			return err
		}
	}
	for _, f := range []struct {
		name  string
		value *string
		max   int
		check func(field, s string, max int) (string, error)
	}{{"Name", &p.Name, 100, requireText}, {"Phone", &p.Phone, 30, requireText}, {"Address", &p.Address, 500, requireLines}} {
		if *f.value == "" {
			continue
		}
		v, err := f.check(f.name, *f.value, f.max)
		if err != nil {
			return err
		}
		*f.value = v
	}
	return nil
}

// ValidateLogin normalises a sign-in's email and checks its password's form.
func ValidateLogin(email, password string) (string, error) {
	e, err := NormalizeEmail(email)
	if err != nil {
		return "", err
	}
	if password == "" {
		return "", Errorf(EINVALID, "Password is required.")
	}
	return e, fitsBcrypt("Password", password)
}

// validateAnswer is the security answer in the one form it is stored and compared in: trimmed
// like any text, so the spaces a shopper typed around it at registration, at a profile change
// or at a reset never decide whether it matches.
func validateAnswer(answer string) (string, error) {
	a, err := requireText("Answer", answer, maxSecretBytes)
	if err != nil {
		return "", err
	}
	return a, fitsBcrypt("Answer", a)
}

func validatePassword(field, pw string) error {
	if pw == "" {
		return Errorf(EINVALID, "%s is required.", field)
	}
	if utf8.RuneCountInString(pw) < MinPasswordLength {
		return Errorf(EINVALID, "%s must be at least %d characters.", field, MinPasswordLength)
	}
	return fitsBcrypt(field, pw)
}

// fitsBcrypt refuses a secret longer than bcrypt reads (72 bytes; an accented letter takes two).
func fitsBcrypt(field, secret string) error {
	if len(secret) > maxSecretBytes {
		return Errorf(EINVALID, "%s must be at most %d bytes (fewer letters when they carry accents).",
			field, maxSecretBytes)
	}
	return nil
}

// ErrWrongCurrentPassword answers a profile change whose current password does not match.
// It is a 400, not a 401: the session is fine, the form is not.
var ErrWrongCurrentPassword = Errorf(EINVALID, "Current password (currentPassword) is wrong.")

// UserService manages accounts.
type UserService interface {
	// Register creates a shopper. EINVALID for a bad field, ECONFLICT for a taken email.
	Register(ctx context.Context, r Registration) (*User, error)
	// Authenticate checks an email and password. EUNAUTHORIZED for either being wrong.
	Authenticate(ctx context.Context, email, password string) (*User, error)
	// ResetPassword sets a new password when the answer matches, voiding the tokens and reset
	// links issued before. EUNAUTHORIZED otherwise.
	ResetPassword(ctx context.Context, r PasswordReset) error
	// FindUserByID returns a user. ENOTFOUND when there is none.
	FindUserByID(ctx context.Context, id string) (*User, error)
	// UpdateProfile changes a user's own profile. EINVALID (ErrWrongCurrentPassword among them),
	// ENOTFOUND. A new password voids the tokens and reset links issued before it.
	UpdateProfile(ctx context.Context, id string, p ProfileUpdate) (*User, error)
	// Users lists one page of the accounts newest first, and how many there are.
	Users(ctx context.Context, p Page) ([]*User, int, error)
	// EnsureAdmin creates an admin with this email and password, or promotes the existing user.
	EnsureAdmin(ctx context.Context, email, password, name string) (*User, error)
}

// Hasher hashes secrets (passwords, reset answers) with bcrypt.
type Hasher struct{ Cost int }

// Hash returns the bcrypt hash of secret.
func (h Hasher) Hash(secret string) (string, error) {
	cost := h.Cost
	if cost == 0 {
		cost = bcrypt.DefaultCost
	}
	b, err := bcrypt.GenerateFromPassword([]byte(secret), cost)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// Matches reports whether secret hashes to hash.
func (Hasher) Matches(hash, secret string) bool {
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(secret)) == nil
}
