package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"shop"
	"shop/app"
	"shop/mongostore"
)

// The accounts of the orders bench; shopload -orders signs in with them.
const (
	benchAdminEmail      = "bench-admin@shop.test"
	benchAdminPassword   = "bench-admin-123"
	benchShopperPassword = "bench-shopper-123"
)

// OrdersMarker is DATA_DIR/bench-orders.json.
type OrdersMarker struct {
	Version  int `json:"version"`
	Orders   int `json:"orders"`
	Shoppers int `json:"shoppers"`
}

// seedOrders fills the store with an admin, shoppers (bench-shopper-N@shop.test) and n paid
// orders of one to three items spread over them, a minute apart, the first the oldest.
func seedOrders(ctx context.Context, s *app.Shop, dataDir string, n, shoppers int) error {
	start := time.Now()
	if _, err := s.Users.EnsureAdmin(ctx, benchAdminEmail, benchAdminPassword, "Bench Admin"); err != nil {
		return err
	}
	buyers := make([]*shop.User, shoppers)
	for i := range buyers {
		u, err := s.Users.Register(ctx, shop.Registration{Name: fmt.Sprintf("Bench Shopper %d", i),
			Email: fmt.Sprintf("bench-shopper-%d@shop.test", i), Password: benchShopperPassword,
			Phone: "9876543210", Address: "1 Bench Road", Answer: "blue"})
		if err != nil {
			return fmt.Errorf("register shopper %d: %w", i, err)
		}
		buyers[i] = u
	}
	base := time.Now().UTC().Add(-time.Duration(n) * time.Minute)
	orders := make([]*shop.Order, n)
	for i := range orders {
		at := base.Add(time.Duration(i) * time.Minute)
		var items []shop.OrderItem
		for k := range 1 + i%3 {
			g := garmentOf(i + k)
			items = append(items, shop.OrderItem{ID: bson.NewObjectID().Hex(), Name: g.name, Slug: fmt.Sprintf("p-%d", i+k),
				Description: g.description, Price: g.price})
		}
		total := shop.Paise(0)
		for _, it := range items {
			total += it.Price
		}
		status := shop.OrderStatuses[i%len(shop.OrderStatuses)]
		orders[i] = &shop.Order{ID: bson.NewObjectID().Hex(), Products: items,
			Buyer: shop.Buyer{ID: buyers[i%shoppers].ID},
			Payment: shop.Payment{Success: true, Provider: "sandbox", TransactionID: fmt.Sprintf("sandbox_bench_%d", i),
				Amount: total, Currency: shop.DefaultCurrency},
			Total: total, Status: status, PaymentState: shop.PaymentPaid,
			History:   []shop.StatusChange{{Status: shop.OrderStatuses[0], At: at, By: shop.ByBuyer}},
			CreatedAt: at, UpdatedAt: at}
	}
	if err := mongostore.NewOrderStore(s.DB).ImportOrders(ctx, orders); err != nil {
		return err
	}
	s.SaveSnapshot(ctx)
	fmt.Fprintf(os.Stderr, "benchseed: %d shoppers, %d orders in %s\n", shoppers, n, time.Since(start).Round(time.Millisecond))
	b, _ := json.Marshal(OrdersMarker{Version: SeedVersion, Orders: n, Shoppers: shoppers})
	return os.WriteFile(filepath.Join(dataDir, "bench-orders.json"), b, 0o644)
}
