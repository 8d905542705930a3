package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"shop"
)

func (s *Server) register(c *gin.Context) {
	ip := c.ClientIP()
	if blocked, wait := s.registersByIP.blocked(ip); blocked {
		fail(c, tooMany("Too many sign-ups from your network. Please try again later.", wait, c))
		return
	}
	s.registersByIP.hit(ip)
	var r shop.Registration
	if err := decodeJSON(c, &r); err != nil {
		fail(c, err)
		return
	}
	if _, err := s.deps.Users.Register(c.Request.Context(), r); err != nil {
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
	err := s.loginFails.attempt(c, r.Email, func() (err error) {
		u, err = s.deps.Users.Authenticate(c.Request.Context(), r.Email, r.Password)
		return err
	})
	if err != nil {
		fail(c, err)
		return
	}
	token, err := s.deps.Tokens.Issue(u.ID)
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
		return s.deps.Users.ResetPassword(c.Request.Context(), r)
	})
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, http.StatusOK, "Password reset successfully. Please sign in.", nil)
}

func (s *Server) updateProfile(c *gin.Context) {
	var p shop.ProfileUpdate
	if err := decodeJSON(c, &p); err != nil {
		fail(c, err, gin.H{"error": shop.ErrorMessage(err)})
		return
	}
	me := currentUser(c)
	u, err := s.deps.Users.UpdateProfile(c.Request.Context(), me.ID, p)
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
		// The password change voided every older token, this one's included: hand out a fresh one.
		token, err := s.deps.Tokens.Issue(u.ID)
		if err != nil {
			fail(c, err)
			return
		}
		payload["token"] = token
	}
	ok(c, http.StatusOK, "Profile updated successfully.", payload)
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
