package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"shop"
)

// checkoutBody is the client's payment: the cart holds whole product objects, of which only
// _id is read; prices and everything else come from the store.
type checkoutBody struct {
	Nonce string          `json:"nonce"`
	Cart  []shop.CartItem `json:"cart"`
}

// processPayment charges the signed-in shopper for the cart: 201 with the new order, or 200
// with the first order when the Idempotency-Key was used before.
func (s *Server) processPayment(c *gin.Context) {
	var body checkoutBody
	if err := decodeJSON(c, &body); err != nil {
		fail(c, err)
		return
	}
	u := currentUser(c)
	o, created, err := s.deps.Orders.Checkout(c.Request.Context(), shop.CheckoutRequest{
		BuyerID: u.ID, BuyerName: u.Name, Nonce: body.Nonce, Cart: body.Cart,
		IdempotencyKey: c.GetHeader("Idempotency-Key"),
	})
	if err != nil {
		fail(c, err)
		return
	}
	if !created {
		ok(c, http.StatusOK, "This payment was already made; here is its order.", gin.H{"order": o})
		return
	}
	ok(c, http.StatusCreated, "Payment successful. Your order is placed.", gin.H{"order": o})
}

// myOrders answers the caller's orders, newest first, as a bare array.
func (s *Server) myOrders(c *gin.Context) {
	orders, err := s.deps.Orders.OrdersOfBuyer(c.Request.Context(), currentUser(c).ID)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, nonNil(orders))
}

// allOrders answers the newest orders of everyone, newest first, as a bare array.
func (s *Server) allOrders(c *gin.Context) {
	orders, err := s.deps.Orders.AllOrders(c.Request.Context())
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, nonNil(orders))
}

// setOrderStatus sets one of the five statuses on an order.
func (s *Server) setOrderStatus(c *gin.Context) {
	var body struct {
		Status string `json:"status"`
	}
	if err := decodeJSON(c, &body); err != nil {
		fail(c, err)
		return
	}
	o, err := s.deps.Orders.SetOrderStatus(c.Request.Context(), c.Param("orderId"), body.Status)
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, http.StatusOK, "Order status updated to "+o.Status+".", gin.H{"order": o})
}

// nonNil makes an empty list answer [] rather than null.
func nonNil(orders []*shop.Order) []*shop.Order {
	if orders == nil {
		return []*shop.Order{}
	}
	return orders
}
