package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// resetLink mails a password-reset link. The answer is the same 202 whether or not an account
// has the email, so it tells nobody which emails have accounts; asking is limited like
// forgot-password, every ask counting.
func (s *Server) resetLink(c *gin.Context) {
	var body struct {
		Email string `json:"email"`
	}
	if err := decodeJSON(c, &body); err != nil {
		fail(c, err)
		return
	}
	err := s.linkAsks.attempt(c, body.Email, func() error {
		return s.deps.ResetLinks.SendLink(c.Request.Context(), body.Email)
	})
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, http.StatusAccepted, "If an account has this email, a link to reset its password is on its way. "+
		"It works for 30 minutes.", nil)
}

// resetPassword sets a new password with the token of a reset link.
func (s *Server) resetPassword(c *gin.Context) {
	var body struct {
		Token       string `json:"token"`
		NewPassword string `json:"newpassword"`
	}
	if err := decodeJSON(c, &body); err != nil {
		fail(c, err)
		return
	}
	var email string
	err := s.linkUses.attempt(c, "", func() error {
		return s.hashing.run(c, addressTurn(c), func() (err error) {
			email, err = s.deps.ResetLinks.Reset(c.Request.Context(), body.Token, body.NewPassword)
			return err
		})
	})
	if err != nil {
		fail(c, err)
		return
	}
	if email != "" {
		s.loginFails.forgive(c, email) // as forgot-password does
	}
	ok(c, http.StatusOK, "Password reset successfully. Please sign in.", nil)
}
