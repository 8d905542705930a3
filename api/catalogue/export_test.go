package catalogue

import "time"

// SetAnnounceGather sets how long m gathers the changes it took before announcing them.
func SetAnnounceGather(m *Model, d time.Duration) { m.gather = d }
