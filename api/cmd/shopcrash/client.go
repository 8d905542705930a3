package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// client talks to shopd as the shop's client does.
type client struct {
	base   string
	http   *http.Client
	admin  string
	tokens []string  // one signed-in shopper a worker
	units  []cartRow // what can be bought: products, or one row a size
}

type cartRow struct {
	ID        string `json:"_id"`
	VariantID string `json:"variantId,omitempty"`
}

type product struct {
	ID       string `json:"_id"`
	Quantity int    `json:"quantity"`
	Variants []struct {
		ID string `json:"_id"`
	} `json:"variants"`
}

type order struct {
	ID       string `json:"_id"`
	Products []struct {
		ID string `json:"_id"`
	} `json:"products"`
	RefundedAt *time.Time `json:"refundedAt"`
}

// call sends a JSON request and decodes a JSON answer into out (may be nil).
func (c *client) call(method, path, token string, body, out any, header ...string) (int, error) {
	var rd bytes.Buffer
	if body != nil {
		if err := json.NewEncoder(&rd).Encode(body); err != nil {
			return 0, err
		}
	}
	req, err := http.NewRequest(method, c.base+path, &rd)
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := c.http.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	if out != nil && res.StatusCode < 300 {
		if err := json.NewDecoder(res.Body).Decode(out); err != nil {
			return res.StatusCode, fmt.Errorf("%s %s: %w", method, path, err)
		}
	}
	return res.StatusCode, nil
}

func (c *client) login(email, password string) (string, error) {
	var ans struct {
		Token string `json:"token"`
	}
	status, err := c.call("POST", "/api/v1/auth/login", "", map[string]string{"email": email, "password": password}, &ans)
	if err == nil && status != http.StatusOK {
		err = fmt.Errorf("login %s: status %d", email, status)
	}
	return ans.Token, err
}

// prepare signs in the admin and one new shopper a worker, and lists what can be bought.
func (c *client) prepare(workers int) error {
	var err error
	if c.admin, err = c.login(adminEmail, adminPassword); err != nil {
		return err
	}
	stamp := strconv.FormatInt(time.Now().UnixNano(), 36)
	for i := range workers {
		email := fmt.Sprintf("crash-%s-%d@shop.test", stamp, i)
		status, err := c.call("POST", "/api/v1/auth/register", "", map[string]string{"name": "Crash Shopper",
			"email": email, "password": "secret123", "phone": "9876543210", "address": "1 Test Road", "answer": "blue"}, nil)
		if err != nil || status != http.StatusCreated {
			return fmt.Errorf("register %s: %d %v", email, status, err)
		}
		tok, err := c.login(email, "secret123")
		if err != nil {
			return err
		}
		c.tokens = append(c.tokens, tok)
	}
	ps, err := c.products()
	if err != nil {
		return err
	}
	for _, p := range ps {
		if len(p.Variants) == 0 {
			c.units = append(c.units, cartRow{ID: p.ID})
		}
		for _, v := range p.Variants {
			c.units = append(c.units, cartRow{ID: p.ID, VariantID: v.ID})
		}
	}
	if len(c.units) == 0 {
		return fmt.Errorf("the catalogue is empty")
	}
	return nil
}

func (c *client) products() ([]product, error) {
	var ans struct {
		Products []product `json:"products"`
	}
	status, err := c.call("GET", "/api/v1/product/get-product", "", nil, &ans)
	if err == nil && status != http.StatusOK {
		err = fmt.Errorf("get-product: status %d", status)
	}
	return ans.Products, err
}

// stock answers each product's stock.
func (c *client) stock() (map[string]int, error) {
	ps, err := c.products()
	out := make(map[string]int, len(ps))
	for _, p := range ps {
		out[p.ID] = p.Quantity
	}
	return out, err
}

// allOrders answers every listed order, as the admin sees them.
func (c *client) allOrders() ([]order, error) {
	var out []order
	status, err := c.call("GET", "/api/v1/auth/all-orders", c.admin, nil, &out)
	if err == nil && status != http.StatusOK {
		err = fmt.Errorf("all-orders: status %d", status)
	}
	return out, err
}

// stream sends checkouts from workers clients until ctx ends, recording each order answered
// 201. Errors are expected: the stream runs into the kill.
func stream(ctx context.Context, c *client, workers int, r *report) {
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			rnd := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), uint64(w)))
			for ctx.Err() == nil {
				c.checkout(w, rnd, r)
			}
		})
	}
	wg.Wait()
}

// checkout buys one or two random units as worker w, records the answer and answers its status
// (0: none).
func (c *client) checkout(w int, rnd *rand.Rand, r *report) int {
	cart := []cartRow{c.units[rnd.IntN(len(c.units))]}
	if rnd.IntN(2) == 0 {
		cart = append(cart, c.units[rnd.IntN(len(c.units))])
	}
	var ans struct {
		Order order `json:"order"`
	}
	key := fmt.Sprintf("crash-%d-%d", w, rnd.Uint64())
	status, err := c.call("POST", "/api/v1/product/process-payment", c.tokens[w],
		map[string]any{"nonce": "fake-valid-nonce", "cart": cart}, &ans, "Idempotency-Key", key)
	r.record(status, err, ans.Order.ID)
	if err != nil {
		return 0
	}
	return status
}
