package httpapi

import (
	"time"

	"github.com/gin-gonic/gin"

	"shop"
)

// FailuresPerAccount lets the outside tests stay within, or go past, an account's limit.
const FailuresPerAccount = failuresPerAccount

// FailuresPerAddress lets the outside tests bound the failures one client address may make.
const FailuresPerAddress = failuresPerAddress

// CachedRoute tells whether the answer cache keeps the answers of the GET route pattern.
func CachedRoute(pattern string) bool { return cachedRoutes[pattern] }

// RoutesOf lists every route s's router has, as registered (method and path pattern), so that
// the outside tests can check the guard of each one, including routes added after the test.
func RoutesOf(s *Server) gin.RoutesInfo { return s.engine.Routes() }

// NewMemoryCounter is the counter of attempts a server keeps in memory when given none.
func NewMemoryCounter(now func() time.Time) shop.AttemptCounter { return newMemoryCounter(now) }

// OpenWindows is how many windows a counter made by NewMemoryCounter holds.
func OpenWindows(c shop.AttemptCounter) int {
	m := c.(*memoryCounter)
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.buckets)
}
