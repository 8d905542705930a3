package httpapi

import (
	"net/http"
	"strconv"

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
		BuyerID: u.ID, BuyerName: u.Name, BuyerEmail: u.Email, Nonce: body.Nonce, Cart: body.Cart,
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

// myOrders answers the caller's orders, newest first, as a bare array: all of them, or the
// page asked for; X-Total-Count says how many there are.
func (s *Server) myOrders(c *gin.Context) {
	page, err := pageQuery(c, shop.OrderPageSize)
	if err != nil {
		fail(c, err)
		return
	}
	orders, total, err := s.deps.Orders.OrdersOfBuyer(c.Request.Context(), currentUser(c).ID, page)
	s.orderList(c, orders, total, err)
}

// allOrders answers everyone's orders, newest first, as a bare array, paged like myOrders.
func (s *Server) allOrders(c *gin.Context) {
	page, err := pageQuery(c, shop.OrderPageSize)
	if err != nil {
		fail(c, err)
		return
	}
	orders, total, err := s.deps.Orders.AllOrders(c.Request.Context(), page)
	s.orderList(c, orders, total, err)
}

func (s *Server) orderList(c *gin.Context, orders []*shop.Order, total int, err error) {
	if err != nil {
		fail(c, err)
		return
	}
	c.Header("X-Total-Count", strconv.Itoa(total))
	c.JSON(http.StatusOK, nonNil(orders))
}

// order answers one order to its buyer or an admin; to anyone else it does not exist.
func (s *Server) order(c *gin.Context) {
	o, err := s.deps.Orders.Order(c.Request.Context(), c.Param("id"), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, http.StatusOK, "Order "+o.Number+".", gin.H{"order": o})
}

// cancelOrder cancels the caller's order, refunding and restocking it.
func (s *Server) cancelOrder(c *gin.Context) {
	o, err := s.deps.Orders.CancelOrder(c.Request.Context(), c.Param("id"), actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, http.StatusOK, "Order "+o.Number+" is cancelled; your payment is being refunded.", gin.H{"order": o})
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
	o, err := s.deps.Orders.SetOrderStatus(c.Request.Context(), c.Param("orderId"), body.Status, actor(c))
	if err != nil {
		fail(c, err)
		return
	}
	ok(c, http.StatusOK, "Order status updated to "+o.Status+".", gin.H{"order": o})
}

// actor is the signed-in caller as the order service sees them.
func actor(c *gin.Context) shop.Actor {
	u := currentUser(c)
	return shop.Actor{ID: u.ID, Admin: u.IsAdmin()}
}

// nonNil makes an empty list answer [] rather than null.
func nonNil(orders []*shop.Order) []*shop.Order {
	if orders == nil {
		return []*shop.Order{}
	}
	return orders
}
