package httpapi

import (
	"io"
	"net/http"

	"github.com/gin-gonic/gin"

	"shop"
)

// stripeWebhook takes Stripe's notices of payments: the signature is checked against the
// webhook secret before anything in the body is believed. A notice the shop cannot settle
// now answers 500, so that Stripe sends it again later.
func (s *Server) stripeWebhook(c *gin.Context) {
	if s.deps.StripeNotices == nil {
		fail(c, shop.Errorf(shop.ENOTFOUND, "Stripe notices are not taken here: no webhook secret is configured."))
		return
	}
	payload, err := io.ReadAll(c.Request.Body)
	if err != nil {
		fail(c, shop.Errorf(shop.ETOOLARGE, "The notice is too large."))
		return
	}
	n, err := s.deps.StripeNotices(payload, c.GetHeader("Stripe-Signature"))
	if err != nil {
		fail(c, err)
		return
	}
	if n != nil {
		if err := s.deps.Orders.SettleNotice(c.Request.Context(), *n); err != nil {
			fail(c, err)
			return
		}
	}
	ok(c, http.StatusOK, "Notice received.", nil)
}
