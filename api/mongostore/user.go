package mongostore

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"
	"go.mongodb.org/mongo-driver/v2/mongo"
	"go.mongodb.org/mongo-driver/v2/mongo/options"

	"shop"
)

// userDoc is a user as stored. Password and answer are bcrypt hashes.
type userDoc struct {
	ID                   bson.ObjectID `bson:"_id"`
	Name                 string        `bson:"name"`
	Email                string        `bson:"email"`
	Password             string        `bson:"password"`
	Phone                string        `bson:"phone"`
	Address              string        `bson:"address"`
	Answer               string        `bson:"answer"`
	Role                 int           `bson:"role"`
	CredentialsChangedAt time.Time     `bson:"credentialsChangedAt"`
	CreatedAt            time.Time     `bson:"createdAt"`
	UpdatedAt            time.Time     `bson:"updatedAt"`
}

func (d *userDoc) user() *shop.User {
	return &shop.User{
		ID: d.ID.Hex(), Name: d.Name, Email: d.Email, Phone: d.Phone, Address: d.Address,
		Role: d.Role, CreatedAt: d.CreatedAt, UpdatedAt: d.UpdatedAt, CredentialsChangedAt: d.CredentialsChangedAt,
	}
}

// publicUser is the projection for answers: never the secrets.
var publicUser = bson.D{{Key: "password", Value: 0}, {Key: "answer", Value: 0}}

// UserService implements shop.UserService.
type UserService struct {
	db     *DB
	hasher shop.Hasher
	now    func() time.Time
}

var _ shop.UserService = (*UserService)(nil)

// NewUserService returns the account service; hasher sets the bcrypt cost.
func NewUserService(db *DB, hasher shop.Hasher) *UserService {
	return &UserService{db: db, hasher: hasher, now: func() time.Time { return time.Now().UTC().Truncate(time.Millisecond) }}
}

func (s *UserService) users() *mongo.Collection { return s.db.db.Collection(usersColl) }

// errBadCredentials is the one answer for an unknown email and a wrong password alike.
var errBadCredentials = shop.Errorf(shop.EUNAUTHORIZED, "Invalid email or password.")

// Register creates a shopper account.
func (s *UserService) Register(ctx context.Context, r shop.Registration) (*shop.User, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	pw, err := s.hasher.Hash(r.Password)
	if err != nil {
		return nil, fmt.Errorf("hash password: %w", err)
	}
	// The sign-up form's answer is its Confirm Password (SPEC), nearly always the password
	// itself: its hash then serves for both, and a sign-up costs one bcrypt rather than two,
	// which is what a burst of sign-ups as a sale opens waits on.
	answer := pw
	if r.Answer != r.Password {
		if answer, err = s.hasher.Hash(r.Answer); err != nil {
			return nil, fmt.Errorf("hash answer: %w", err)
		}
	}
	now := s.now()
	doc := userDoc{ID: bson.NewObjectID(), Name: r.Name, Email: r.Email, Password: pw, Phone: r.Phone,
		Address: r.Address, Answer: answer, Role: shop.RoleUser, CredentialsChangedAt: now, CreatedAt: now, UpdatedAt: now}
	if err := s.claimEmail(ctx, doc.Email, doc.ID); err != nil {
		return nil, err
	}
	if _, err := s.users().InsertOne(ctx, doc); err != nil {
		if rerr := s.releaseEmail(ctx, doc.Email, doc.ID); rerr != nil {
			s.db.log.Error("release the email of a registration that failed", "email", doc.Email, "err", rerr)
		}
		if mongo.IsDuplicateKeyError(err) {
			return nil, errEmailTaken
		}
		return nil, fmt.Errorf("insert user: %w", err)
	}
	if s.db.accounts != nil {
		s.db.accounts.add(doc.ID)
	}
	return doc.user(), nil
}

// Authenticate checks an email and password.
func (s *UserService) Authenticate(ctx context.Context, email, password string) (*shop.User, error) {
	e, err := shop.ValidateLogin(email, password)
	if err != nil {
		return nil, err
	}
	doc, err := s.findByEmail(ctx, e)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		// Spend the time of a real comparison so timing does not reveal which emails exist.
		s.hasher.Matches(dummyHash, password)
		return nil, errBadCredentials
	}
	if err != nil {
		return nil, fmt.Errorf("find user for login: %w", err)
	}
	if !s.hasher.Matches(doc.Password, password) {
		return nil, errBadCredentials
	}
	return doc.user(), nil
}

// dummyHash is a bcrypt hash of a random string, compared against for unknown emails.
const dummyHash = "$2a$10$zKBUj9iLIS0U7L//p.bZTeVgYHrUa33f272Tdnjg8q7mokX1hBGNm"

// ResetPassword sets a new password when the email and answer match.
func (s *UserService) ResetPassword(ctx context.Context, r shop.PasswordReset) error {
	if err := r.Validate(); err != nil {
		return err
	}
	doc, err := s.findByEmail(ctx, r.Email)
	if shop.ErrorCode(err) == shop.ENOTFOUND {
		s.hasher.Matches(dummyHash, r.Answer)
		return shop.Errorf(shop.EUNAUTHORIZED, "Wrong email or answer.")
	}
	if err != nil {
		return fmt.Errorf("find user for reset: %w", err)
	}
	if !s.hasher.Matches(doc.Answer, r.Answer) {
		return shop.Errorf(shop.EUNAUTHORIZED, "Wrong email or answer.")
	}
	pw, err := s.hasher.Hash(r.NewPassword)
	if err != nil {
		return fmt.Errorf("hash password: %w", err)
	}
	if err := s.setPassword(ctx, doc.ID, pw, bson.M{}); err != nil {
		return fmt.Errorf("reset password: %w", err)
	}
	return nil
}

// setPassword stores a new password hash (with the other fields of set), then stamps when it
// changed and voids the reset links sent before. Tokens issued before the stamp are void, and a
// sign-in takes its token's time before it reads the stored password. The stamp is taken only
// once the new password is visible, and rounded up past the current millisecond, so every
// sign-in that read the old password holds an older token: a change that lands while such a
// sign-in is being checked voids its token, however the two interleave.
func (s *UserService) setPassword(ctx context.Context, id bson.ObjectID, hash string, set bson.M) error {
	set["password"] = hash
	set["credentialsChangedAt"] = s.now()
	set["updatedAt"] = s.now()
	if err := s.db.updateByID(ctx, s.users(), id, errUserNotFound, bson.M{"$set": set}); err != nil {
		return fmt.Errorf("set password of %s: %w", id.Hex(), err)
	}
	stamp := s.now().Add(time.Millisecond)
	err := s.db.updateByID(ctx, s.users(), id, errUserNotFound, bson.M{"$set": bson.M{"credentialsChangedAt": stamp, "updatedAt": stamp}})
	if err != nil {
		return fmt.Errorf("stamp password change of %s: %w", id.Hex(), err)
	}
	// The reset links sent before go with the old password: whoever changed it may have done
	// so because someone else read that mail.
	if _, err := s.db.db.Collection(resetTokensColl).DeleteMany(ctx, bson.M{"user": id}); err != nil {
		return fmt.Errorf("void reset links of %s: %w", id.Hex(), err)
	}
	return nil
}

const errUserNotFound = "User not found."

// FindUserByID returns a user without secrets.
func (s *UserService) FindUserByID(ctx context.Context, id string) (*shop.User, error) {
	oid, err := objectID("User id", id)
	if err != nil {
		return nil, err
	}
	// Read from the store every time, never from a cache: this is the sign-in check of every
	// request, and a demotion or deletion made in the store by any means takes effect at once.
	var doc userDoc
	err = s.users().FindOne(ctx, bson.M{"_id": oid}, options.FindOne().SetProjection(publicUser)).Decode(&doc)
	if err != nil {
		return nil, notFound(err, "User not found.")
	}
	return doc.user(), nil
}

// cachedUser reads user id without secrets, from the read cache when it has it: for showing
// buyers' names beside their orders, never for deciding what a user may do.
func (d *DB) cachedUser(ctx context.Context, id bson.ObjectID) (userDoc, error) {
	if d.users != nil {
		if doc, ok := d.users.get(id); ok {
			return doc, nil
		}
	}
	var gen uint64
	if d.users != nil {
		gen = d.users.begin()
	}
	var doc userDoc
	err := d.db.Collection(usersColl).FindOne(ctx, bson.M{"_id": id}, options.FindOne().SetProjection(publicUser)).Decode(&doc)
	if err == nil && d.users != nil {
		d.users.put(id, doc, gen)
	}
	return doc, err
}

// UpdateProfile changes name, phone, address and (when given, with the current password)
// password and security answer. The email never changes.
func (s *UserService) UpdateProfile(ctx context.Context, id string, p shop.ProfileUpdate) (*shop.User, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	oid, err := objectID("User id", id)
	if err != nil {
		return nil, err
	}
	set := bson.M{"updatedAt": s.now()}
	for field, v := range map[string]string{"name": p.Name, "phone": p.Phone, "address": p.Address} {
		if v != "" {
			set[field] = v
		}
	}
	if !p.ChangesSecrets() {
		if err := s.db.updateByID(ctx, s.users(), oid, errUserNotFound, bson.M{"$set": set}); err != nil {
			return nil, fmt.Errorf("update profile of %s: %w", id, err)
		}
		return s.FindUserByID(ctx, id)
	}
	var doc userDoc
	if err := s.users().FindOne(ctx, bson.M{"_id": oid}).Decode(&doc); err != nil {
		return nil, notFound(err, "User not found.")
	}
	if !s.hasher.Matches(doc.Password, p.CurrentPassword) {
		return nil, shop.ErrWrongCurrentPassword
	}
	if p.Answer != "" {
		if set["answer"], err = s.hasher.Hash(p.Answer); err != nil {
			return nil, fmt.Errorf("hash answer: %w", err)
		}
	}
	if p.Password == "" {
		if err := s.db.updateByID(ctx, s.users(), oid, errUserNotFound, bson.M{"$set": set}); err != nil {
			return nil, fmt.Errorf("update profile of %s: %w", id, err)
		}
		return s.FindUserByID(ctx, id)
	}
	pw, err := s.hasher.Hash(p.Password)
	if err != nil {
		return nil, fmt.Errorf("hash password: %w", err)
	}
	if err := s.setPassword(ctx, oid, pw, set); err != nil {
		return nil, fmt.Errorf("update profile: %w", err)
	}
	return s.FindUserByID(ctx, id)
}

// Users lists a page of the accounts without secrets, newest first: from the embedded
// store's list of accounts once it is filled (userIndex), else from the store's query.
func (s *UserService) Users(ctx context.Context, p shop.Page) ([]*shop.User, int, error) {
	if err := p.Validate(); err != nil {
		return nil, 0, err
	}
	docs, total, err := s.listedUsers(ctx, p)
	if err != nil {
		return nil, 0, err
	}
	out := make([]*shop.User, len(docs))
	for i := range docs {
		out[i] = docs[i].user()
	}
	return out, total, nil
}

func (s *UserService) listedUsers(ctx context.Context, p shop.Page) ([]userDoc, int, error) {
	if s.db.accounts != nil {
		if ids, total, ok := s.db.accounts.page(p.Number, p.Limit); ok {
			docs, err := s.usersByID(ctx, ids)
			return docs, total, err
		}
	}
	total, err := s.users().CountDocuments(ctx, bson.M{})
	if err != nil {
		return nil, 0, fmt.Errorf("count users: %w", err)
	}
	opts := options.Find().SetProjection(publicUser).SetSort(bson.D{{Key: "_id", Value: -1}})
	if p.Limit > 0 {
		opts.SetSkip(int64(p.Number-1) * int64(p.Limit)).SetLimit(int64(p.Limit))
	}
	cur, err := s.users().Find(ctx, bson.M{}, opts)
	if err != nil {
		return nil, 0, fmt.Errorf("list users: %w", err)
	}
	var docs []userDoc
	if err := cur.All(ctx, &docs); err != nil {
		return nil, 0, fmt.Errorf("read users: %w", err)
	}
	return docs, int(total), nil
}

// EnsureAdmin creates the admin account, or promotes an existing user with that email. An
// admin gets a random security answer that nobody knows (the password must not double as the
// answer: it would outlive a password change), so the password is reset only by one who knows
// it, from the profile. An existing admin keeps the password it has (it may have changed it).
func (s *UserService) EnsureAdmin(ctx context.Context, email, password, name string) (*shop.User, error) {
	e, err := shop.NormalizeEmail(email)
	if err != nil {
		return nil, fmt.Errorf("admin email: %w", err)
	}
	doc, err := s.findByEmail(ctx, e)
	switch {
	case err == nil && doc.Role == shop.RoleAdmin:
		return s.keepAdmin(ctx, doc, password)
	case err == nil:
		return s.promote(ctx, doc, password)
	case shop.ErrorCode(err) != shop.ENOTFOUND:
		return nil, fmt.Errorf("find admin: %w", err)
	}
	answer, err := unguessable()
	if err != nil {
		return nil, err
	}
	u, err := s.Register(ctx, shop.Registration{Name: name, Email: e, Password: password, Phone: "-", Address: "-", Answer: answer})
	if err != nil {
		return nil, fmt.Errorf("create admin %s: %w", e, err)
	}
	if err := s.db.updateByID(ctx, s.users(), mustOID(u.ID), errUserNotFound, bson.M{"$set": bson.M{"role": shop.RoleAdmin}}); err != nil {
		return nil, fmt.Errorf("make %s admin: %w", e, err)
	}
	u.Role = shop.RoleAdmin
	return u, nil
}

// promote makes an account that was not an admin the admin, with the operator's password. The
// account may have been registered by anyone who guessed the admin's address first: its
// password, security answer, sessions and reset links must not carry over to the admin.
func (s *UserService) promote(ctx context.Context, doc *userDoc, password string) (*shop.User, error) {
	answer, err := unguessable()
	if err != nil {
		return nil, err
	}
	set := bson.M{"role": shop.RoleAdmin}
	if set["answer"], err = s.hasher.Hash(answer); err != nil {
		return nil, fmt.Errorf("hash answer: %w", err)
	}
	pw, err := s.hasher.Hash(password)
	if err != nil {
		return nil, fmt.Errorf("hash password: %w", err)
	}
	if err := s.setPassword(ctx, doc.ID, pw, set); err != nil {
		return nil, fmt.Errorf("promote %s: %w", doc.Email, err)
	}
	s.db.log.Warn("an existing account was made the administrator: it now signs in with the administrator's password, and its former password, security answer and sessions are void",
		"email", doc.Email)
	doc.Role = shop.RoleAdmin
	return doc.user(), nil
}

// keepAdmin keeps the admin as it is. An admin created before answers were random has its
// first password as its answer: that answer is replaced by a random one.
func (s *UserService) keepAdmin(ctx context.Context, doc *userDoc, password string) (*shop.User, error) {
	if !s.hasher.Matches(doc.Answer, password) {
		return doc.user(), nil
	}
	answer, err := unguessable()
	if err != nil {
		return nil, err
	}
	hash, err := s.hasher.Hash(answer)
	if err != nil {
		return nil, fmt.Errorf("hash answer: %w", err)
	}
	set := bson.M{"answer": hash, "updatedAt": s.now()}
	if err := s.db.updateByID(ctx, s.users(), doc.ID, errUserNotFound, bson.M{"$set": set}); err != nil {
		return nil, fmt.Errorf("keep admin %s: %w", doc.Email, err)
	}
	return doc.user(), nil
}

// unguessable is a random secret nobody is told: 32 random bytes, hex (64 bytes, under bcrypt's 72).
func unguessable() (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("random answer: %w", err)
	}
	return hex.EncodeToString(b[:]), nil
}

func mustOID(hex string) bson.ObjectID {
	id, err := bson.ObjectIDFromHex(hex)
	if err != nil {
		panic(fmt.Sprintf("stored id %q is not an ObjectId", hex))
	}
	return id
}

// FindUserByEmail returns the user with this (normalised) email, without secrets.
func (s *UserService) FindUserByEmail(ctx context.Context, email string) (*shop.User, error) {
	doc, err := s.findByEmail(ctx, email)
	if err != nil {
		return nil, err
	}
	return doc.user(), nil
}

// SetPassword sets a new password (a reset by mail link), voiding the tokens and links issued before.
func (s *UserService) SetPassword(ctx context.Context, userID, password string) error {
	oid, err := objectID("User id", userID)
	if err != nil {
		return err
	}
	pw, err := s.hasher.Hash(password)
	if err != nil {
		return fmt.Errorf("hash password: %w", err)
	}
	return s.setPassword(ctx, oid, pw, bson.M{})
}
