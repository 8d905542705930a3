package httpapi

import (
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"shop"
)

const userKey = "user"

var (
	errNoToken  = shop.Errorf(shop.EUNAUTHORIZED, "Please sign in first.")
	errBadToken = shop.Errorf(shop.EUNAUTHORIZED, "Your session has expired or is not valid. Please sign in again.")
	errNotAdmin = shop.Errorf(shop.EFORBIDDEN, "Only administrators may do this.")
)

// requireUser lets a request through only with a valid token of an existing user whose
// password has not changed since the token was issued. The user is read from the store on
// every request, so a deletion or demotion takes effect at once.
func (s *Server) requireUser(c *gin.Context) {
	raw := strings.TrimSpace(c.GetHeader("Authorization"))
	if len(raw) >= 6 && strings.EqualFold(raw[:6], "Bearer") && (len(raw) == 6 || raw[6] == ' ') {
		raw = strings.TrimSpace(raw[6:]) // "Bearer" alone carries no token
	}
	if raw == "" {
		fail(c, errNoToken)
		return
	}
	id, issuedAt, err := s.deps.Tokens.Parse(raw)
	if err != nil {
		fail(c, errBadToken)
		return
	}
	u, err := s.deps.Users.FindUserByID(c.Request.Context(), id)
	if err != nil {
		if code := shop.ErrorCode(err); code == shop.ENOTFOUND || code == shop.EINVALID {
			fail(c, errBadToken)
			return
		}
		fail(c, err)
		return
	}
	// Tokens issued before the password was last changed or reset are void, to the millisecond.
	// Registration sets the password too but voids nothing: no token of the account predates it.
	if changed := u.CredentialsChangedAt; changed.After(u.CreatedAt) && issuedAt.Before(changed.Truncate(time.Millisecond)) {
		fail(c, errBadToken)
		return
	}
	c.Set(userKey, u)
	c.Next()
}

// requireAdmin runs after requireUser and lets only administrators through.
func (s *Server) requireAdmin(c *gin.Context) {
	if !currentUser(c).IsAdmin() {
		fail(c, errNotAdmin)
		return
	}
	c.Next()
}

// currentUser is the signed-in user set by requireUser.
func currentUser(c *gin.Context) *shop.User {
	return c.MustGet(userKey).(*shop.User)
}

// authOK answers the guards' checks.
func authOK(c *gin.Context) { c.JSON(http.StatusOK, gin.H{"ok": true}) }
