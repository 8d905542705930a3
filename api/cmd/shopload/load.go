package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"path"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// fixtures are what the load picks from, read from the catalogue before the load.
type fixtures struct {
	slugs      []string
	categories []string
	photos     []string // ids of products with a photo
	pages      int
	etags      sync.Map // product id -> ETag, learnt by the cold photo run
}

// Keywords searched: words of the bench catalogue (cmd/benchseed), common and rare, and one
// that matches nothing (a scan of every product).
var keywords = []string{"linen", "shirt", "Navy", "cotton", "slim fit", "jacket", "wool", "summer", "style 4217", "no-such-garment"}

func discover(ctx context.Context, c *http.Client, base string) (*fixtures, error) {
	fx := &fixtures{}
	var cats struct {
		Category []struct {
			Slug string `json:"slug"`
		} `json:"category"`
	}
	if err := get(ctx, c, base+"/api/v1/category/get-category", &cats); err != nil {
		return nil, err
	}
	for _, k := range cats.Category {
		fx.categories = append(fx.categories, k.Slug)
	}
	type listed struct {
		ID       string `json:"_id"`
		Slug     string `json:"slug"`
		HasPhoto bool   `json:"hasPhoto"`
	}
	err := eachProductPage(ctx, c, base, func(products []listed) {
		for _, p := range products {
			fx.slugs = append(fx.slugs, p.Slug)
			if p.HasPhoto {
				fx.photos = append(fx.photos, p.ID)
			}
		}
	})
	if err != nil {
		return nil, err
	}
	if len(fx.slugs) == 0 || len(fx.categories) == 0 || len(fx.photos) == 0 {
		return nil, fmt.Errorf("the catalogue at %s is not seeded: %d products, %d categories, %d photos",
			base, len(fx.slugs), len(fx.categories), len(fx.photos))
	}
	fx.pages = (len(fx.slugs) + 5) / 6
	return fx, nil
}

// endpoint makes the i-th request of one connection.
type endpoint struct {
	name   string
	kind   string // "ceiling", "read" or "revalidate": which budget applies
	status int    // the status every answer must have
	next   func(r *rand.Rand, seq uint64) *http.Request
	// seen, when set, is shown each answer (the cold photo run learns the ETags).
	seen func(req *http.Request, resp *http.Response)
}

func request(path string) *http.Request {
	req, _ := http.NewRequest(http.MethodGet, path, nil)
	req.Header.Set("Accept-Encoding", "gzip") // as a browser does
	return req
}

func ceiling() endpoint {
	return endpoint{name: "ceiling", kind: "ceiling", status: 200,
		next: func(*rand.Rand, uint64) *http.Request { return request("/api/v1/ping") }}
}

func endpoints(fx *fixtures) []endpoint {
	pick := func(r *rand.Rand, xs []string) string { return xs[r.IntN(len(xs))] }
	return []endpoint{
		{name: "product-list", kind: "read", status: 200, next: func(r *rand.Rand, _ uint64) *http.Request {
			return request(fmt.Sprintf("/api/v1/product/product-list/%d", 1+r.IntN(fx.pages)))
		}},
		{name: "get-product", kind: "read", status: 200, next: func(r *rand.Rand, _ uint64) *http.Request {
			return request("/api/v1/product/get-product/" + pick(r, fx.slugs))
		}},
		{name: "get-category", kind: "read", status: 200, next: func(*rand.Rand, uint64) *http.Request {
			return request("/api/v1/category/get-category")
		}},
		{name: "product-count", kind: "read", status: 200, next: func(*rand.Rand, uint64) *http.Request {
			return request("/api/v1/product/product-count")
		}},
		{name: "search", kind: "read", status: 200, next: func(r *rand.Rand, _ uint64) *http.Request {
			return request("/api/v1/product/search/" + pathEscape(pick(r, keywords)))
		}},
		{name: "product-category", kind: "read", status: 200, next: func(r *rand.Rand, _ uint64) *http.Request {
			return request("/api/v1/product/product-category/" + pick(r, fx.categories))
		}},
		{name: "browse", kind: "browse", status: 200, next: func(r *rand.Rand, _ uint64) *http.Request {
			return request("/api/v1/product/browse?" + browseFilters(r, fx))
		}},
		{name: "product-photo-cold", kind: "read", status: 200,
			// Every photo in turn, with no If-None-Match: the first round loads them from the store.
			next: func(_ *rand.Rand, seq uint64) *http.Request {
				return request("/api/v1/product/product-photo/" + fx.photos[seq%uint64(len(fx.photos))])
			},
			seen: func(req *http.Request, resp *http.Response) {
				if tag := resp.Header.Get("ETag"); tag != "" {
					fx.etags.Store(path.Base(req.URL.Path), tag)
				}
			}},
		{name: "product-photo-304", kind: "revalidate", status: 304, next: func(r *rand.Rand, _ uint64) *http.Request {
			id := pick(r, fx.photos)
			req := request("/api/v1/product/product-photo/" + id)
			if tag, ok := fx.etags.Load(id); ok {
				req.Header.Set("If-None-Match", tag.(string))
			}
			return req
		}},
	}
}

// Sizes and colours browsed: values of the bench catalogue (cmd/benchseed).
var (
	browseSizes   = []string{"S", "M", "L", "XL", "32", "34"}
	browseColours = []string{"Navy", "Black", "White", "Olive", "Maroon", "Charcoal"}
)

// browseFilters is the query of one browse of the catalogue with two filters (the answer
// always carries the facets), in one of three mixes a shopper makes, on a random early page.
func browseFilters(r *rand.Rand, fx *fixtures) string {
	pick := func(xs []string) string { return url.QueryEscape(xs[r.IntN(len(xs))]) }
	var q string
	switch r.IntN(3) {
	case 0:
		q = "category=" + pick(fx.categories) + "&size=" + pick(browseSizes)
	case 1:
		q = "size=" + pick(browseSizes) + "&colour=" + pick(browseColours) + "&sort=price-asc"
	default:
		q = "colour=" + pick(browseColours) + "&inStock=true&sort=newest"
	}
	return q + "&page=" + strconv.Itoa(1+r.IntN(3))
}

// pathEscape escapes a keyword as one path segment.
func pathEscape(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' {
			b = append(b, c)
		} else {
			b = append(b, fmt.Sprintf("%%%02X", c)...)
		}
	}
	return string(b)
}

type loader struct {
	pid      int // shopd's, to read its CPU time; 0 when unknown
	client   *http.Client
	base     string
	conns    int
	duration time.Duration
}

// sample is what one connection saw.
type sample struct {
	lat    []time.Duration
	errors int
	bytes  int64
	first  string // the first error, for the report
}

// run keeps conns connections busy with ep for d and answers what each saw.
func (l *loader) run(ctx context.Context, ep endpoint, d time.Duration) ([]*sample, time.Duration) {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var seq atomic.Uint64
	samples := make([]*sample, l.conns)
	var wg sync.WaitGroup
	start := time.Now()
	for w := range l.conns {
		s := &sample{lat: make([]time.Duration, 0, 4096)}
		samples[w] = s
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), uint64(time.Now().UnixNano())))
			for ctx.Err() == nil {
				req := ep.next(r, seq.Add(1)-1)
				u := *req.URL
				req.URL, _ = req.URL.Parse(l.base + u.String())
				req.Host = req.URL.Host
				t := time.Now()
				resp, err := l.client.Do(req.WithContext(ctx))
				if err != nil {
					if ctx.Err() != nil {
						return // the run ended mid-request: not an error of the server
					}
					s.fail(err.Error())
					continue
				}
				n, err := io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if err != nil && ctx.Err() != nil {
					return
				}
				s.lat = append(s.lat, time.Since(t))
				s.bytes += n
				req.URL = &u
				if ep.seen != nil {
					ep.seen(req, resp)
				}
				if err != nil || resp.StatusCode != ep.status {
					s.fail(fmt.Sprintf("%s: status %d, want %d (%v)", u.Path, resp.StatusCode, ep.status, err))
				}
			}
		}()
	}
	wg.Wait()
	return samples, time.Since(start)
}

func (s *sample) fail(msg string) {
	s.errors++
	if s.first == "" {
		s.first = msg
	}
}

// measure runs ep for the loader's duration and summarises it.
func (l *loader) measure(ctx context.Context, ep endpoint) *Row {
	var w window
	l.runInto(ctx, &w, ep, l.duration)
	row := w.row(ep)
	fmt.Printf("  %-20s %9.0f req/s  p50 %7.2f ms  p99 %7.2f ms  errors %d  shopd CPU %.0f µs/req (%.0f%% of the machine)\n",
		row.Name, row.RPS, row.P50MS, row.P99MS, row.Errors, row.ServerCPUUS, row.ServerCPUShare*100)
	return row
}

// window gathers one or more runs of an endpoint, and shopd's CPU time over them.
type window struct {
	samples  []*sample
	took     time.Duration
	cpuTicks int64 // -1 once shopd's CPU time could not be read
}

// runInto runs ep for d and adds what it saw to w.
func (l *loader) runInto(ctx context.Context, w *window, ep endpoint, d time.Duration) {
	cpu0 := cpuTicks(l.pid)
	samples, took := l.run(ctx, ep, d)
	cpu1 := cpuTicks(l.pid)
	w.samples = append(w.samples, samples...)
	w.took += took
	if cpu0 < 0 || cpu1 < 0 || w.cpuTicks < 0 {
		w.cpuTicks = -1
	} else {
		w.cpuTicks += cpu1 - cpu0
	}
}

// row summarises the window as ep's row.
func (w *window) row(ep endpoint) *Row {
	var all []time.Duration
	row := &Row{Name: ep.name, Kind: ep.kind}
	for _, s := range w.samples {
		all = append(all, s.lat...)
		row.Errors += s.errors
		row.Bytes += s.bytes
		if row.FirstError == "" {
			row.FirstError = s.first
		}
	}
	slices.Sort(all)
	row.Requests = len(all)
	row.RPS = float64(len(all)) / w.took.Seconds()
	row.P50MS = ms(quantile(all, 0.50))
	row.P99MS = ms(quantile(all, 0.99))
	row.MaxMS = ms(quantile(all, 1))
	if len(all) > 0 {
		row.AvgBytes = row.Bytes / int64(len(all))
		if w.cpuTicks >= 0 {
			row.ServerCPUUS = cpuPerAnswerUS(w.cpuTicks, len(all))
			row.ServerCPUShare = float64(w.cpuTicks) / clockTicks / w.took.Seconds() / float64(runtime.NumCPU())
		}
	}
	return row
}

func quantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(q*float64(len(sorted))+0.5) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

// clockTicks is USER_HZ, the unit of CPU times in /proc/<pid>/stat (100 on Linux).
const clockTicks = 100

// cpuPerAnswerUS is CPU time of ticks spread over answers, in microseconds an answer.
func cpuPerAnswerUS(ticks int64, answers int) float64 {
	return float64(ticks) * 1e6 / clockTicks / float64(answers)
}

// cpuTicks is a process's user plus system CPU time in clock ticks, -1 when unknown.
func cpuTicks(pid int) int64 {
	if pid <= 0 {
		return -1
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return -1
	}
	// The command name (field 2) may hold spaces: count fields after its closing parenthesis.
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	if len(f) < 13 {
		return -1
	}
	ut, err1 := strconv.ParseInt(f[11], 10, 64)
	st, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return -1
	}
	return ut + st
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// eachProductPage hands each page of the whole catalogue (get-product, 100 a page) to each,
// decoded as []P, until a page comes back short.
func eachProductPage[P any](ctx context.Context, c *http.Client, base string, each func([]P)) error {
	for page := 1; ; page++ {
		var list struct {
			Products []P `json:"products"`
		}
		if err := get(ctx, c, fmt.Sprintf("%s/api/v1/product/get-product?page=%d&limit=100", base, page), &list); err != nil {
			return err
		}
		each(list.Products)
		if len(list.Products) < 100 {
			return nil
		}
	}
}
