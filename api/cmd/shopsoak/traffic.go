package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"shop"
)

const (
	declinedNonce = "fake-processor-declined-visa-nonce"
	lowStock      = 5      // the products shoppers race for start with this many
	plentyStock   = 100000 // every other product: the soak never sells out
	lowProducts   = 3
	maxSignups    = 200 // register allows 300 per IP an hour
)

type product struct {
	ID          string  `json:"_id"`
	Name        string  `json:"name"`
	Slug        string  `json:"slug"`
	Description string  `json:"description"`
	Price       float64 `json:"price"`
	Quantity    int     `json:"quantity"`
	Category    struct {
		ID   string `json:"_id"`
		Slug string `json:"slug"`
	} `json:"category"`
	// A garment sold in sizes and colours: its stock is its variants', and a cart line of it
	// names one of them.
	Options  json.RawMessage  `json:"options,omitempty"`
	Variants []map[string]any `json:"variants,omitempty"`
}

type shopper struct{ email, token string }

// placed is an order some checkout answered as a success.
type placed struct {
	units     map[string]int // product id -> units
	created   int            // 201 answers naming it (must end at exactly 1)
	replays   int            // 200 answers naming it (the same Idempotency-Key again)
	cancelled bool           // an admin set it Cancelled: its units went back to stock, once
}

// soak is the load generator and its ledger of what the shop answered.
type soak struct {
	base    string
	client  *http.Client
	workers int

	admin    string
	products []product
	start    map[string]int // product id -> stock when the traffic began
	low      []string

	mu         sync.Mutex
	shoppers   []*shopper
	signups    int
	calls      map[string]int // "op status" -> count
	total      int
	serverErrs []string
	odd        []string // transport errors and statuses the call never answers
	orders     map[string]*placed
	keys       map[string]string // Idempotency-Key -> order id
	problems   []string

	lastFailures []string // what verify found
}

func newSoak(base string, workers int) *soak {
	return &soak{base: base, workers: workers, client: &http.Client{Timeout: 3 * time.Minute},
		start: map[string]int{}, calls: map[string]int{}, orders: map[string]*placed{}, keys: map[string]string{}}
}

// call sends one request and records its status under op; want lists the statuses op may answer.
func (s *soak) call(op, method, path, token string, body any, header map[string]string, want ...int) (int, []byte) {
	var r io.Reader
	ct := "application/json"
	switch b := body.(type) {
	case nil:
	case *bytes.Buffer:
		r = b
		ct = header["Content-Type"]
	default:
		raw, _ := json.Marshal(b)
		r = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, s.base+path, r)
	if r != nil {
		req.Header.Set("Content-Type", ct)
	}
	if token != "" {
		req.Header.Set("Authorization", token)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	res, err := s.client.Do(req)
	status, raw := 0, []byte(nil)
	if err == nil {
		raw, err = io.ReadAll(res.Body)
		res.Body.Close()
		status = res.StatusCode
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.total++
	s.calls[fmt.Sprintf("%-16s %d", op, status)]++
	switch {
	case err != nil:
		s.odd = append(s.odd, fmt.Sprintf("%s %s: no answer: %v", method, path, err))
	case status >= 500:
		s.serverErrs = append(s.serverErrs, fmt.Sprintf("%s %s: %d %.200s", method, path, status, raw))
	default:
		ok := false
		for _, w := range want {
			ok = ok || w == status
		}
		if !ok {
			s.odd = append(s.odd, fmt.Sprintf("%s %s: %d %.200s", method, path, status, raw))
		}
	}
	return status, raw
}

func (s *soak) login(email, password string) (string, error) {
	st, raw := s.call("login", "POST", "/api/v1/auth/login", "", map[string]string{"email": email, "password": password}, nil, 200)
	var ans struct{ Token string }
	if st != 200 || json.Unmarshal(raw, &ans) != nil || ans.Token == "" {
		return "", fmt.Errorf("sign in as %s: %d %.200s", email, st, raw)
	}
	return ans.Token, nil
}

func (s *soak) listProducts() ([]product, error) {
	st, raw := s.call("get-product", "GET", "/api/v1/product/get-product", "", nil, nil, 200)
	var ans struct {
		Products   []product `json:"products"`
		CountTotal int       `json:"countTotal"`
	}
	if st != 200 || json.Unmarshal(raw, &ans) != nil {
		return nil, fmt.Errorf("get-product: %d %.200s", st, raw)
	}
	if len(ans.Products) != ans.CountTotal {
		return nil, fmt.Errorf("get-product answered %d of %d products", len(ans.Products), ans.CountTotal)
	}
	return ans.Products, nil
}

// prepare signs the admin in, sets every product's stock (a few low, to be raced for),
// records the starting stock and signs up one shopper per client.
func (s *soak) prepare() error {
	var err error
	if s.admin, err = s.login(adminEmail, adminPassword); err != nil {
		return err
	}
	ps, err := s.listProducts()
	if err != nil {
		return err
	}
	if len(ps) < lowProducts+1 {
		return fmt.Errorf("the demo catalogue has %d products", len(ps))
	}
	for _, p := range ps {
		q := plentyStock
		if len(p.Variants) == 0 && len(s.low) < lowProducts {
			q = lowStock
			s.low = append(s.low, p.ID)
		}
		var form bytes.Buffer
		w := multipart.NewWriter(&form)
		for k, v := range map[string]string{"name": p.Name, "description": p.Description, "category": p.Category.ID,
			"price": strconv.FormatFloat(p.Price, 'f', -1, 64), "quantity": strconv.Itoa(q), "shipping": "1"} {
			_ = w.WriteField(k, v)
		}
		_ = w.Close()
		if st, raw := s.call("update-product", "PUT", "/api/v1/product/update-product/"+p.ID, s.admin, &form,
			map[string]string{"Content-Type": w.FormDataContentType()}, 200); st != 200 {
			return fmt.Errorf("set the stock of %s: %d %.200s", p.Name, st, raw)
		}
		if len(p.Variants) > 0 {
			for _, v := range p.Variants {
				v["quantity"] = plentyStock
			}
			body := map[string]any{"options": p.Options, "variants": p.Variants}
			if st, raw := s.call("variants", "PUT", "/api/v1/product/variants/"+p.ID, s.admin, body, nil, 200); st != 200 {
				return fmt.Errorf("set the stock of the sizes of %s: %d %.200s", p.Name, st, raw)
			}
		}
	}
	if len(s.low) < lowProducts {
		return fmt.Errorf("the demo catalogue has %d products sold without sizes, the soak races for %d", len(s.low), lowProducts)
	}
	if s.products, err = s.listProducts(); err != nil {
		return err
	}
	for _, p := range s.products {
		s.start[p.ID] = p.Quantity
	}
	for i := 0; i < s.workers; i++ {
		if err := s.signUp(); err != nil {
			return err
		}
	}
	fmt.Printf("shopsoak: %d products (%d with %d units to race for), %d shoppers\n", len(s.products), len(s.low), lowStock, len(s.shoppers))
	return nil
}

func (s *soak) signUp() error {
	s.mu.Lock()
	if s.signups >= maxSignups {
		s.mu.Unlock()
		return nil
	}
	s.signups++
	email := fmt.Sprintf("soak-%d-%d@shop.test", s.signups, time.Now().UnixNano())
	s.mu.Unlock()
	st, raw := s.call("register", "POST", "/api/v1/auth/register", "", map[string]string{"name": "Soak Shopper", "email": email,
		"password": "secret123", "phone": "9876543210", "address": "1 Loopback Lane", "answer": "blue"}, nil, 201)
	if st != 201 {
		return fmt.Errorf("register: %d %.200s", st, raw)
	}
	token, err := s.login(email, "secret123")
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.shoppers = append(s.shoppers, &shopper{email: email, token: token})
	s.mu.Unlock()
	return nil
}

// traffic runs the clients until ctx ends.
func (s *soak) traffic(ctx context.Context) {
	var wg sync.WaitGroup
	for i := 0; i < s.workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				switch n := rand.IntN(100); {
				case n < 45:
					s.browse()
				case n < 80:
					s.checkout()
				case n < 85:
					_ = s.signUp()
				case n < 90:
					s.mu.Lock()
					sh := s.shoppers[rand.IntN(len(s.shoppers))]
					s.mu.Unlock()
					_, _ = s.login(sh.email, "secret123")
				default:
					s.setStatus()
				}
			}
		}()
	}
	wg.Wait()
}

func (s *soak) browse() {
	p := s.products[rand.IntN(len(s.products))]
	word := strings.Fields(p.Name)[rand.IntN(len(strings.Fields(p.Name)))]
	pages := len(s.products)/6 + 2
	paths := []string{
		"/api/v1/product/product-list/" + strconv.Itoa(1+rand.IntN(pages)),
		"/api/v1/product/get-product/" + p.Slug,
		"/api/v1/product/search/" + url.PathEscape(strings.ToLower(word)),
		"/api/v1/product/product-category/" + p.Category.Slug,
		"/api/v1/product/related-product/" + p.ID + "/" + p.Category.ID,
		"/api/v1/product/product-photo/" + p.ID,
		"/api/v1/product/product-count",
		"/api/v1/category/get-category",
	}
	i := rand.IntN(len(paths))
	op := strings.Split(paths[i], "/")[4]
	s.call(op, "GET", paths[i], "", nil, nil, 200)
}

// checkout pays for a random cart: some with the declined card, some for the low-stock
// products, some sent twice with the same Idempotency-Key (at once or one after the other).
func (s *soak) checkout() {
	s.mu.Lock()
	sh := s.shoppers[rand.IntN(len(s.shoppers))]
	s.mu.Unlock()
	var cart []map[string]any
	for range 1 + rand.IntN(3) {
		p := s.products[rand.IntN(len(s.products))]
		if rand.IntN(5) == 0 {
			p = s.productByID(s.low[rand.IntN(len(s.low))])
		}
		line := map[string]any{"_id": p.ID, "price": 1}
		if len(p.Variants) > 0 {
			line["variantId"] = p.Variants[rand.IntN(len(p.Variants))]["_id"]
		}
		cart = append(cart, line)
	}
	nonce := "fake-valid-nonce"
	if rand.IntN(100) < 15 {
		nonce = declinedNonce
	}
	body := map[string]any{"nonce": nonce, "cart": cart}
	if rand.IntN(100) >= 25 {
		s.recordCheckout("", s.pay(sh.token, body, nil))
		return
	}
	key := fmt.Sprintf("soak-%d", rand.Int64())
	h := map[string]string{"Idempotency-Key": key}
	if rand.IntN(2) == 0 {
		s.recordCheckout(key, s.pay(sh.token, body, h))
		s.recordCheckout(key, s.pay(sh.token, body, h))
		return
	}
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() { defer wg.Done(); s.recordCheckout(key, s.pay(sh.token, body, h)) }()
	}
	wg.Wait()
}

// productByID answers the product of the soak with that id.
func (s *soak) productByID(id string) product {
	for _, p := range s.products {
		if p.ID == id {
			return p
		}
	}
	panic("shopsoak: no product " + id)
}

type payAnswer struct {
	status int
	order  struct {
		ID       string `json:"_id"`
		Products []struct {
			ID string `json:"_id"`
		} `json:"products"`
	}
}

func (s *soak) pay(token string, body any, h map[string]string) payAnswer {
	st, raw := s.call("process-payment", "POST", "/api/v1/product/process-payment", token, body, h, 200, 201, 402, 409)
	a := payAnswer{status: st}
	if st == 200 || st == 201 {
		var ans struct {
			Order *json.RawMessage `json:"order"`
		}
		if json.Unmarshal(raw, &ans) != nil || ans.Order == nil || json.Unmarshal(*ans.Order, &a.order) != nil || a.order.ID == "" {
			s.problem("a successful checkout answered no order: %.200s", raw)
			a.status = 0
		}
	}
	return a
}

func (s *soak) problem(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.problems = append(s.problems, fmt.Sprintf(format, args...))
}

// recordCheckout enters a checkout's answer in the ledger.
func (s *soak) recordCheckout(key string, a payAnswer) {
	if a.status != 200 && a.status != 201 {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	o := s.orders[a.order.ID]
	if o == nil {
		o = &placed{units: map[string]int{}}
		for _, p := range a.order.Products {
			o.units[p.ID]++
		}
		s.orders[a.order.ID] = o
	}
	if a.status == 201 {
		o.created++
	} else {
		o.replays++
		if key == "" {
			s.problems = append(s.problems, fmt.Sprintf("order %s answered 200 to a checkout without an Idempotency-Key", a.order.ID))
		}
	}
	if key != "" {
		if first, ok := s.keys[key]; ok && first != a.order.ID {
			s.problems = append(s.problems, fmt.Sprintf("Idempotency-Key %s answered two orders: %s and %s", key, first, a.order.ID))
		}
		s.keys[key] = a.order.ID
	}
}

func (s *soak) setStatus() {
	s.mu.Lock()
	var id string
	for id = range s.orders { // map order: a random enough order
		break
	}
	s.mu.Unlock()
	if id == "" {
		return
	}
	status := shop.OrderStatuses[rand.IntN(len(shop.OrderStatuses))]
	if st, _ := s.call("order-status", "PUT", "/api/v1/auth/order-status/"+id, s.admin, map[string]string{"status": status}, nil, 200); st == 200 && status == shop.StatusCancelled {
		s.mu.Lock()
		s.orders[id].cancelled = true
		s.mu.Unlock()
	}
}
