package catalogue_test

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"shop"
	"shop/catalogue"
	"shop/catalogue/cataloguetest"
)

// recordedAnnounce keeps every announcement made through it.
type recordedAnnounce struct {
	*cataloguetest.Source
	mu   sync.Mutex
	seen []shop.CatalogueChange
}

func (s *recordedAnnounce) AnnounceCatalogueChange(ctx context.Context, ch shop.CatalogueChange) (int64, error) {
	s.mu.Lock()
	s.seen = append(s.seen, ch)
	s.mu.Unlock()
	return s.Source.AnnounceCatalogueChange(ctx, ch)
}

func (s *recordedAnnounce) announcements() []shop.CatalogueChange {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.seen)
}

// sell is a sale as the store makes it: the product written, taken into the model under its
// lock, then the change named.
func sell(t *testing.T, m *catalogue.Model, src *cataloguetest.Source, p *shop.CatalogueProduct) {
	t.Helper()
	src.PutProduct(p)
	m.Take([]*shop.CatalogueProduct{p})
	if err := m.Changed(t.Context(), shop.CatalogueChange{Products: []string{p.ID}, Taken: true}); err != nil {
		t.Fatal(err)
	}
}

// Sales close together share one announcement, made after they answered. Announced makes it
// at once and waits for it; the model then holds its version, and another process reloads
// each product sold.
func TestSalesCloseTogetherShareOneAnnouncement(t *testing.T) {
	ctx := t.Context()
	inner := cataloguetest.New()
	inner.PutCategory(&shop.Category{ID: shirts, Name: "Shirts", Slug: "shirts"})
	inner.PutProduct(product(oxford, "oxford", 5, 1))
	inner.PutProduct(product(linen, "linen", 5, 2))
	src := &recordedAnnounce{Source: inner}
	here, there := catalogue.New(src, nil), loaded(t, inner)
	if err := here.Load(ctx); err != nil {
		t.Fatal(err)
	}
	catalogue.SetAnnounceGather(here, time.Hour)

	sell(t, here, inner, product(oxford, "oxford", 4, 1))
	sell(t, here, inner, product(linen, "linen", 3, 2))
	if quantity(t, here, "oxford") != 4 || quantity(t, here, "linen") != 3 {
		t.Fatalf("this process shows %d and %d, want its own sales: 4 and 3",
			quantity(t, here, "oxford"), quantity(t, here, "linen"))
	}
	if got := src.announcements(); len(got) != 0 {
		t.Fatalf("announced %v while gathering", got)
	}

	if err := here.Announced(ctx); err != nil {
		t.Fatal(err)
	}
	got := src.announcements()
	if len(got) != 1 || !slices.Equal(got[0].Products, []string{oxford, linen}) || !got[0].Taken {
		t.Fatalf("announcements %+v, want one naming both sales", got)
	}
	if here.Seq() != 1 {
		t.Fatalf("this process holds version %d, want 1", here.Seq())
	}
	reads := inner.ProductReads()
	if err := here.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if n := inner.ProductReads() - reads; n != 0 {
		t.Fatalf("this process read %d products again after announcing its own sales", n)
	}
	if err := there.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if quantity(t, there, "oxford") != 4 || quantity(t, there, "linen") != 3 {
		t.Fatalf("another process shows %d and %d, want 4 and 3", quantity(t, there, "oxford"), quantity(t, there, "linen"))
	}
	if err := here.Announced(ctx); err != nil || len(src.announcements()) != 1 {
		t.Fatalf("a second Announced with nothing gathered: %v, %d announcements", err, len(src.announcements()))
	}
}

// Without Announced, the sale is announced on its own, well within the second in which other
// processes must see it.
func TestASaleIsAnnouncedOnItsOwn(t *testing.T) {
	inner := cataloguetest.New()
	inner.PutCategory(&shop.Category{ID: shirts, Name: "Shirts", Slug: "shirts"})
	inner.PutProduct(product(oxford, "oxford", 5, 1))
	src := &recordedAnnounce{Source: inner}
	here := catalogue.New(src, nil)
	if err := here.Load(t.Context()); err != nil {
		t.Fatal(err)
	}
	sell(t, here, inner, product(oxford, "oxford", 4, 1))
	deadline := time.Now().Add(time.Second)
	for len(src.announcements()) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the sale was not announced within a second")
		}
		time.Sleep(5 * time.Millisecond)
	}
	if got := src.announcements(); len(got) != 1 || !slices.Equal(got[0].Products, []string{oxford}) {
		t.Fatalf("announcements %+v, want one naming the sale", got)
	}
}
