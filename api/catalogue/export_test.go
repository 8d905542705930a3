package catalogue

import "time"

// SetAnnounceGather sets how long m gathers the changes it took before announcing them.
func SetAnnounceGather(m *Model, d time.Duration) { m.gather = d }

// SetRecordGrace sets how long m waits for a counted change to be recorded.
func SetRecordGrace(m *Model, d time.Duration) { m.recordGrace = d }
