package mongostore

import "time"

// SetClock makes s stamp its writes with now, for tests of the stamps one write shares.
func (s *ProductService) SetClock(now func() time.Time) { s.now = now }
