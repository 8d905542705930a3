package catalogue_test

import (
	"context"
	"runtime"
	"sync"
	"testing"

	"shop"
	"shop/catalogue"
	"shop/catalogue/cataloguetest"
)

// slowFirstAnnounce answers the first announcement only after the second one has been
// answered and applied: two sales of one process whose versions come back out of order.
type slowFirstAnnounce struct {
	*cataloguetest.Source
	mu       sync.Mutex
	calls    int
	released chan struct{}
}

func (s *slowFirstAnnounce) AnnounceCatalogueChange(ctx context.Context, ch shop.CatalogueChange) (int64, error) {
	seq, err := s.Source.AnnounceCatalogueChange(ctx, ch)
	s.mu.Lock()
	s.calls++
	first := s.calls == 1
	s.mu.Unlock()
	if first {
		<-s.released
	}
	return seq, err
}

// Parallel sales of one process announce their versions in any order; the model still holds
// all of them, so its next poll reads no product again.
func TestParallelSalesKeepTheModelAtTheirVersion(t *testing.T) {
	ctx := t.Context()
	inner := cataloguetest.New()
	inner.PutCategory(&shop.Category{ID: shirts, Name: "Shirts", Slug: "shirts"})
	inner.PutProduct(product(oxford, "oxford", 5, 1))
	inner.PutProduct(product(linen, "linen", 5, 2))
	src := &slowFirstAnnounce{Source: inner, released: make(chan struct{})}
	m := catalogue.New(src, nil)
	if err := m.Load(ctx); err != nil {
		t.Fatal(err)
	}

	inner.PutProduct(product(oxford, "oxford", 4, 1))
	first := make(chan error, 1)
	go func() { first <- m.Changed(ctx, shop.CatalogueChange{Products: []string{oxford}}) }()
	for {
		src.mu.Lock()
		started := src.calls == 1
		src.mu.Unlock()
		if started {
			break
		}
		runtime.Gosched()
	}
	inner.PutProduct(product(linen, "linen", 4, 2))
	if err := m.Changed(ctx, shop.CatalogueChange{Products: []string{linen}}); err != nil {
		t.Fatal(err)
	}
	if m.Seq() != 0 {
		t.Fatalf("version %d while the change before it is not answered yet, want 0", m.Seq())
	}
	close(src.released)
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if m.Seq() != 2 {
		t.Fatalf("version %d after both sales, want 2", m.Seq())
	}
	reads := inner.ProductReads()
	if err := m.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if got := inner.ProductReads() - reads; got != 0 {
		t.Fatalf("the poll after the process's own sales read %d products, want 0", got)
	}
	if quantity(t, m, "oxford") != 4 || quantity(t, m, "linen") != 4 {
		t.Fatalf("quantities %d and %d, want 4 and 4", quantity(t, m, "oxford"), quantity(t, m, "linen"))
	}
}

// A poll skips the changes this process made itself but reloads the others' between them.
func TestSyncReloadsOnlyOtherProcessesChanges(t *testing.T) {
	ctx := t.Context()
	src := cataloguetest.New()
	src.PutCategory(&shop.Category{ID: shirts, Name: "Shirts", Slug: "shirts"})
	src.PutProduct(product(oxford, "oxford", 5, 1))
	src.PutProduct(product(linen, "linen", 5, 2))
	here, there := loaded(t, src), loaded(t, src)

	src.PutProduct(product(oxford, "oxford", 4, 1))
	if err := there.Changed(ctx, shop.CatalogueChange{Products: []string{oxford}}); err != nil {
		t.Fatal(err)
	}
	src.PutProduct(product(linen, "linen", 4, 2))
	if err := here.Changed(ctx, shop.CatalogueChange{Products: []string{linen}}); err != nil {
		t.Fatal(err)
	}
	if here.Seq() != 0 {
		t.Fatalf("version %d with another process's change before its own unread, want 0", here.Seq())
	}
	reads := src.ProductReads()
	if err := here.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if got := src.ProductReads() - reads; got != 1 || quantity(t, here, "oxford") != 4 || here.Seq() != 2 {
		t.Fatalf("poll read %d products (want 1), oxford %d (want 4), version %d (want 2)",
			got, quantity(t, here, "oxford"), here.Seq())
	}
}

var _ shop.CatalogueSource = (*slowFirstAnnounce)(nil)

// staleVersion answers, once overtake is set, the version as it was when the read began
// although overtake (this process's own next sale) landed while it read.
type staleVersion struct {
	*cataloguetest.Source
	overtake func()
}

func (s *staleVersion) CatalogueVersion(ctx context.Context) (*shop.CatalogueVersion, error) {
	v, err := s.Source.CatalogueVersion(ctx)
	if s.overtake != nil {
		s.overtake()
	}
	return v, err
}

// A poll that reads a version older than the model's (a sale of this process landed while it
// read) reloads nothing; it once reloaded the whole catalogue, at every sale under load.
func TestAPollBehindTheModelReadsNothing(t *testing.T) {
	ctx := t.Context()
	inner := cataloguetest.New()
	inner.PutCategory(&shop.Category{ID: shirts, Name: "Shirts", Slug: "shirts"})
	inner.PutProduct(product(oxford, "oxford", 5, 1))
	inner.PutProduct(product(linen, "linen", 5, 2))
	src := &staleVersion{Source: inner}
	m := catalogue.New(src, nil)
	if err := m.Load(ctx); err != nil {
		t.Fatal(err)
	}
	inner.PutProduct(product(oxford, "oxford", 4, 1))
	if err := m.Changed(ctx, shop.CatalogueChange{Products: []string{oxford}}); err != nil {
		t.Fatal(err)
	}
	var reads int // after the sale's own reload
	src.overtake = func() {
		inner.PutProduct(product(linen, "linen", 4, 2))
		if err := m.Changed(ctx, shop.CatalogueChange{Products: []string{linen}}); err != nil {
			t.Error(err)
		}
		reads = inner.ProductReads()
	}
	if err := m.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if got := inner.ProductReads() - reads; got != 0 || m.Seq() != 2 {
		t.Fatalf("a poll behind the model read %d products and left it at version %d, want 0 and 2", got, m.Seq())
	}
	if q := quantity(t, m, "linen"); q != 4 {
		t.Fatalf("linen quantity %d after the poll, want 4", q)
	}
}

// A store whose version went back behind one it had answered (a database restored from a
// backup under running processes) is loaded again whole: any document may differ, and waiting
// for the counter to pass the old value again would show the old catalogue until then and
// miss the edits made meanwhile.
func TestAVersionThatWentBackReloadsEverything(t *testing.T) {
	ctx := t.Context()
	src := cataloguetest.New()
	src.PutCategory(&shop.Category{ID: shirts, Name: "Shirts", Slug: "shirts"})
	src.PutProduct(product(oxford, "oxford", 5, 1))
	m := loaded(t, src)
	backup, err := src.CatalogueVersion(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []int{4, 3} {
		src.PutProduct(product(oxford, "oxford", q, 1))
		if err := m.Changed(ctx, shop.CatalogueChange{Products: []string{oxford}}); err != nil {
			t.Fatal(err)
		}
	}
	src.PutProduct(product(oxford, "oxford", 5, 1)) // the backup is restored
	src.SetVersion(*backup)
	if err := m.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if q := quantity(t, m, "oxford"); q != 5 || m.Seq() != backup.Seq {
		t.Fatalf("after the restore: oxford %d at version %d, want 5 at %d", q, m.Seq(), backup.Seq)
	}
	// Another process's edit after the restore is seen at the next poll.
	src.PutProduct(product(oxford, "oxford", 2, 1))
	if _, err := src.AnnounceCatalogueChange(ctx, shop.CatalogueChange{Products: []string{oxford}}); err != nil {
		t.Fatal(err)
	}
	if err := m.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if q := quantity(t, m, "oxford"); q != 2 {
		t.Fatalf("an edit after the restore: oxford %d, want 2", q)
	}
}

// A poll that finds a change counted but not yet recorded (its writer records it a moment
// after counting it) reloads the changes before it and waits for it, rather than skipping it
// or reloading everything; once it is recorded the next poll reads it. Counted and never
// recorded (the writer stopped between the two), it is given up after the grace: everything
// is read again, so nothing it changed stays unseen.
func TestAPollWaitsForAChangeBeingRecorded(t *testing.T) {
	ctx := t.Context()
	src := cataloguetest.New()
	src.PutCategory(&shop.Category{ID: shirts, Name: "Shirts", Slug: "shirts"})
	src.PutProduct(product(oxford, "oxford", 5, 1))
	src.PutProduct(product(linen, "linen", 5, 2))
	here := loaded(t, src)

	src.PutProduct(product(oxford, "oxford", 4, 1))
	if _, err := src.AnnounceCatalogueChange(ctx, shop.CatalogueChange{Products: []string{oxford}}); err != nil {
		t.Fatal(err)
	}
	counted := src.MoveVersion() // linen's sale, counted, its record under way
	src.PutProduct(product(linen, "linen", 3, 2))
	reads := src.ProductReads()
	if err := here.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if got := src.ProductReads() - reads; got != 1 || quantity(t, here, "oxford") != 4 || here.Seq() != counted-1 {
		t.Fatalf("poll read %d products (want 1), oxford %d (want 4), version %d (want %d, before the unrecorded one)",
			got, quantity(t, here, "oxford"), here.Seq(), counted-1)
	}
	if err := here.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if here.Seq() != counted-1 || quantity(t, here, "linen") != 5 {
		t.Fatalf("within the grace: version %d, linen %d; want %d and 5", here.Seq(), quantity(t, here, "linen"), counted-1)
	}

	catalogue.SetRecordGrace(here, 0)
	reads = src.ProductReads()
	if err := here.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if got := src.ProductReads() - reads; got != 2 || quantity(t, here, "linen") != 3 || here.Seq() != counted {
		t.Fatalf("past the grace: read %d products (want all 2), linen %d (want 3), version %d (want %d)",
			got, quantity(t, here, "linen"), here.Seq(), counted)
	}
}

// A change recorded a moment after the poll that found it counted is read by the next poll.
func TestAChangeRecordedLateIsReadByTheNextPoll(t *testing.T) {
	ctx := t.Context()
	inner := cataloguetest.New()
	inner.PutCategory(&shop.Category{ID: shirts, Name: "Shirts", Slug: "shirts"})
	inner.PutProduct(product(oxford, "oxford", 5, 1))
	src := &lateRecord{Source: inner}
	here := catalogue.New(src, nil)
	if err := here.Load(ctx); err != nil {
		t.Fatal(err)
	}

	inner.PutProduct(product(oxford, "oxford", 4, 1))
	if _, err := inner.AnnounceCatalogueChange(ctx, shop.CatalogueChange{Products: []string{oxford}}); err != nil {
		t.Fatal(err)
	}
	src.hide = true
	if err := here.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if here.Seq() != 0 || quantity(t, here, "oxford") != 5 {
		t.Fatalf("before the record: version %d, oxford %d; want 0 and 5", here.Seq(), quantity(t, here, "oxford"))
	}
	src.hide = false
	reads := inner.ProductReads()
	if err := here.Sync(ctx); err != nil {
		t.Fatal(err)
	}
	if got := inner.ProductReads() - reads; got != 1 || here.Seq() != 1 || quantity(t, here, "oxford") != 4 {
		t.Fatalf("once recorded: read %d products (want 1), version %d (want 1), oxford %d (want 4)",
			got, here.Seq(), quantity(t, here, "oxford"))
	}
}

// lateRecord hides every recorded change while hide is set: counted, not yet recorded.
type lateRecord struct {
	*cataloguetest.Source
	hide bool
}

func (s *lateRecord) CatalogueChangesSince(ctx context.Context, epoch string, seq, upTo int64) ([]shop.CatalogueChange, bool, error) {
	if s.hide {
		return nil, true, nil
	}
	return s.Source.CatalogueChangesSince(ctx, epoch, seq, upTo)
}
