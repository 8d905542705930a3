package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"time"

	"shop"
)

// adminWrites times, on one connection, what an admin does while the shop sells: product
// edits (the product form, as the admin screen sends it), category renames and order status
// changes, adminWritesPerKind of each.
func (sb *salesBench) adminWrites(ctx context.Context) ([]*SalesRow, error) {
	client := newClient(1)
	var cats struct {
		Category []struct {
			ID   string `json:"_id"`
			Name string `json:"name"`
		} `json:"category"`
	}
	if err := get(ctx, client, sb.base+"/api/v1/category/get-category", &cats); err != nil {
		return nil, err
	}
	var orders []string
	sb.orders.Range(func(id, _ any) bool { orders = append(orders, id.(string)); return true })
	if len(orders) == 0 || len(cats.Category) == 0 {
		return nil, fmt.Errorf("admin writes: %d orders and %d categories to change", len(orders), len(cats.Category))
	}
	r := rand.New(rand.NewPCG(9, uint64(time.Now().UnixNano())))
	statuses := []string{shop.StatusProcessing, shop.StatusShipped, shop.StatusDelivered}
	kinds := []struct {
		name  string
		write func(i int) (time.Duration, error)
	}{
		{"admin-product-edit", func(i int) (time.Duration, error) {
			return sb.editProduct(ctx, client, sb.fx.slugs[r.IntN(len(sb.fx.slugs))], i)
		}},
		{"admin-category-rename", func(i int) (time.Duration, error) {
			c := cats.Category[i%len(cats.Category)]
			name := c.Name
			if (i/len(cats.Category))%2 == 0 {
				name += " Edit"
			}
			return sb.timed(ctx, client, http.MethodPut, "/api/v1/category/update-category/"+c.ID, map[string]string{"name": name})
		}},
		{"admin-order-status", func(i int) (time.Duration, error) {
			return sb.timed(ctx, client, http.MethodPut, "/api/v1/auth/order-status/"+orders[i%len(orders)],
				map[string]string{"status": statuses[(i/len(orders))%len(statuses)]})
		}},
	}
	var rows []*SalesRow
	for _, k := range kinds {
		row := &SalesRow{Name: k.name}
		var lat []time.Duration
		start := time.Now()
		for i := range adminWritesPerKind {
			took, err := k.write(i)
			row.note(took, "", err, &lat)
		}
		row.summarise(lat, time.Since(start))
		row.judge(fmt.Sprintf("p99 < %.0f ms on one connection, 0 errors", maxAdminWriteP99MS), maxAdminWriteP99MS, nil)
		rows = append(rows, row)
	}
	return rows, nil
}

// timed sends one JSON write as the admin and answers its latency; any status but 200 is an error.
func (sb *salesBench) timed(ctx context.Context, c *http.Client, method, path string, body any) (time.Duration, error) {
	t := time.Now()
	status, ans, err := send(ctx, c, method, sb.base+path, sb.admin, body)
	took := time.Since(t)
	if err == nil && status != http.StatusOK {
		err = fmt.Errorf("%s %s: status %d %.200s", method, path, status, ans)
	}
	return took, err
}

// editProduct loads the product as the admin's form does and sends it back with its
// description changed; only the update is timed.
func (sb *salesBench) editProduct(ctx context.Context, c *http.Client, slug string, i int) (time.Duration, error) {
	var ans struct {
		Product struct {
			ID          string  `json:"_id"`
			Name        string  `json:"name"`
			Description string  `json:"description"`
			Price       float64 `json:"price"`
			Quantity    int     `json:"quantity"`
			Shipping    bool    `json:"shipping"`
			UpdatedAt   string  `json:"updatedAt"`
			Category    struct {
				ID string `json:"_id"`
			} `json:"category"`
		} `json:"product"`
	}
	if err := get(ctx, c, sb.base+"/api/v1/product/get-product/"+slug, &ans); err != nil {
		return 0, err
	}
	p := ans.Product
	desc, _, _ := strings.Cut(p.Description, " Edit ")
	var form bytes.Buffer
	w := multipart.NewWriter(&form)
	for k, v := range map[string]string{"name": p.Name, "description": fmt.Sprintf("%s Edit %d.", desc, i),
		"price": strconv.FormatFloat(p.Price, 'f', 2, 64), "quantity": strconv.Itoa(p.Quantity),
		"category": p.Category.ID, "shipping": strconv.FormatBool(p.Shipping), "updatedAt": p.UpdatedAt} {
		if err := w.WriteField(k, v); err != nil {
			return 0, err
		}
	}
	if err := w.Close(); err != nil {
		return 0, err
	}
	req, _ := http.NewRequestWithContext(ctx, http.MethodPut, sb.base+"/api/v1/product/update-product/"+p.ID, &form)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", sb.admin)
	t := time.Now()
	resp, err := c.Do(req)
	if err != nil {
		return time.Since(t), err
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	took := time.Since(t)
	if resp.StatusCode != http.StatusOK {
		return took, fmt.Errorf("update-product %s: status %d %.200s", p.ID, resp.StatusCode, b)
	}
	return took, nil
}
