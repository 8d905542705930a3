package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"shop"
)

func (s *Server) register(c *gin.Context) {
	// Every sign-up counts, valid or not: the limit is on farming accounts from one address.
	allowed, wait, err := s.attempts.Reserve(c.Request.Context(), "register|ip|"+c.ClientIP(),
		registersPerAddress, registerWindow)
	if err != nil {
		fail(c, err)
		return
	}
	if !allowed {
		fail(c, tooMany("Too many sign-ups from your network. Please try again later.", wait, c))
		return
	}
	var r shop.Registration
	if err := decodeJSON(c, &r); err != nil {
		fail(c, err)
		return
	}
	err = s.hashing.run(c, emailTurn(c, r.Email), func() error {
		_, err := s.deps.Users.Register(c.Request.Context(), r)
		return err
	})
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, http.StatusCreated, "Registered successfully. Please sign in.", nil)
}

type loginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

func (s *Server) login(c *gin.Context) {
	var r loginRequest
	if err := decodeJSON(c, &r); err != nil {
		fail(c, err)
		return
	}
	var u *shop.User
	// The token's issue time is taken before the stored password is read: a password change
	// that lands while this sign-in is being checked is then newer than the token, and voids it.
	issuedAt := s.deps.Now()
	err := s.loginFails.attempt(c, r.Email, func() error {
		return s.hashing.run(c, emailTurn(c, r.Email), func() (err error) {
			u, err = s.deps.Users.Authenticate(c.Request.Context(), r.Email, r.Password)
			return err
		})
	})
	if err != nil {
		fail(c, err)
		return
	}
	token, err := s.deps.Tokens.IssueAt(u.ID, issuedAt)
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, http.StatusOK, "Signed in successfully.", gin.H{"user": u, "token": token})
}

func (s *Server) forgotPassword(c *gin.Context) {
	var r shop.PasswordReset
	if err := decodeJSON(c, &r); err != nil {
		fail(c, err)
		return
	}
	err := s.resetFails.attempt(c, r.Email, func() error {
		return s.hashing.run(c, emailTurn(c, r.Email), func() error { return s.deps.Users.ResetPassword(c.Request.Context(), r) })
	})
	if err != nil {
		fail(c, err)
		return
	}
	s.loginFails.forgive(c, r.Email) // "Please sign in" must not meet the lockout of the guesses before
	ok(c, http.StatusOK, "Password reset successfully. Please sign in.", nil)
}

func (s *Server) updateProfile(c *gin.Context) {
	var p shop.ProfileUpdate
	if err := decodeJSON(c, &p); err != nil {
		fail(c, err, gin.H{"error": shop.ErrorMessage(err)})
		return
	}
	me := currentUser(c)
	var u *shop.User
	update := func() (err error) {
		u, err = s.deps.Users.UpdateProfile(c.Request.Context(), me.ID, p)
		return err
	}
	var err error
	if p.ChangesSecrets() {
		// Checking the current password is a guess like a sign-in: it is limited like one.
		err = s.profileFails.attempt(c, me.ID, func() error { return s.hashing.run(c, userTurn(me.ID), update) })
	} else {
		err = update()
	}
	if err != nil {
		if shop.ErrorCode(err) == shop.EINVALID {
			fail(c, err, gin.H{"error": shop.ErrorMessage(err)})
			return
		}
		fail(c, err)
		return
	}
	payload := gin.H{"updatedUser": u}
	if p.Password != "" {
		// The password change voided every older token, this one's included: hand out a fresh
		// one, issued at the change (which may lie a moment ahead of this clock).
		token, err := s.deps.Tokens.IssueAt(u.ID, later(s.deps.Now(), u.CredentialsChangedAt))
		if err != nil {
			fail(c, err)
			return
		}
		payload["token"] = token
	}
	ok(c, http.StatusOK, "Profile updated successfully.", payload)
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func (s *Server) allUsers(c *gin.Context) {
	page, err := pageQuery(c, shop.UserPageSize)
	if err != nil {
		fail(c, err)
		return
	}
	users, total, err := s.deps.Users.Users(c.Request.Context(), page)
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, http.StatusOK, "All users.", gin.H{"users": users, "total": total})
}
