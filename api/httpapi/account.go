package httpapi

import (
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/gin-gonic/gin"

	"shop"
)

func (s *Server) register(c *gin.Context) {
	ip := c.ClientIP()
	if s.tooMany(c, "Too many sign-ups from your network. Please try again later.", s.registersByIP, ip) {
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
	ip := c.ClientIP()
	emailKey := strings.ToLower(strings.TrimSpace(r.Email)) + "|" + ip
	const limited = "Too many failed sign-in attempts. Please try again later."
	if s.tooMany(c, limited, s.loginFailsByEmail, emailKey) || s.tooMany(c, limited, s.loginFailsByIP, ip) {
		return
	}
	u, err := s.deps.Users.Authenticate(c.Request.Context(), r.Email, r.Password)
	if err != nil {
		if shop.ErrorCode(err) == shop.EUNAUTHORIZED {
			s.loginFailsByEmail.hit(emailKey)
			s.loginFailsByIP.hit(ip)
		}
		fail(c, err)
		return
	}
	s.loginFailsByEmail.reset(emailKey)
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
	ip := c.ClientIP()
	emailKey := strings.ToLower(strings.TrimSpace(r.Email)) + "|" + ip
	const limited = "Too many password reset attempts. Please try again later."
	if s.tooMany(c, limited, s.resetFailsByEmail, emailKey) || s.tooMany(c, limited, s.resetFailsByIP, ip) {
		return
	}
	if err := s.deps.Users.ResetPassword(c.Request.Context(), r); err != nil {
		if shop.ErrorCode(err) == shop.EUNAUTHORIZED {
			s.resetFailsByEmail.hit(emailKey)
			s.resetFailsByIP.hit(ip)
		}
		fail(c, err)
		return
	}
	s.resetFailsByEmail.reset(emailKey)
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
	users, err := s.deps.Users.Users(c.Request.Context())
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, http.StatusOK, "All users.", gin.H{"users": users})
}

// tooMany answers 429 with Retry-After when key has used up l's window.
func (s *Server) tooMany(c *gin.Context, message string, l *limiter, key string) bool {
	blocked, wait := l.blocked(key)
	if !blocked {
		return false
	}
	secs := int(math.Ceil(wait.Seconds()))
	c.Header("Retry-After", strconv.Itoa(max(secs, 1)))
	fail(c, shop.Errorf(shop.ETOOMANY, "%s", message))
	return true
}
