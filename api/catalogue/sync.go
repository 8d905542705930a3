package catalogue

import (
	"context"
	"fmt"
	"maps"
	"time"

	"shop"
)

// Watch polls the store's version document every interval until ctx ends, and reloads what
// other processes changed (see Sync).
func (m *Model) Watch(ctx context.Context, interval time.Duration) {
	shop.Every(ctx, interval, func(ctx context.Context) {
		if err := m.Sync(ctx); err != nil && ctx.Err() == nil {
			m.log.Warn("catalogue sync failed", "err", err)
		}
	})
}

// Sync brings the model to the store's version: it reloads by id the documents named by the
// changes it has not seen, or everything when those changes are no longer kept. A change the
// version counts but whose record is still being written is waited for (recordGrace), and
// the model stops before it until then.
func (m *Model) Sync(ctx context.Context) error {
	m.mu.RLock()
	epochBefore, seqBefore := m.epoch, m.seq
	m.mu.RUnlock()
	v, err := m.src.CatalogueVersion(ctx)
	if err != nil {
		return err
	}
	m.mu.RLock()
	epoch, seq, held := m.epoch, m.seq, maps.Clone(m.ahead)
	m.mu.RUnlock()
	if v.Epoch == epoch && v.Seq <= seq {
		if v.Epoch == epochBefore && v.Seq < seqBefore {
			// Behind a version the store had answered before this read began: the store went
			// back (a database restored from a backup), and any document may differ.
			m.log.Warn("the catalogue's version went back in the store (restored?): reloading it all",
				"was", seqBefore, "now", v.Seq)
			m.mu.Lock()
			m.ahead = nil
			m.mu.Unlock()
			return m.Load(ctx)
		}
		// This process's own writes moved the model on while the version was being read.
		// Nothing to reload (a full load here, as for a version too far ahead, ran at every
		// sale while several were under way).
		return nil
	}
	if v.Epoch != epoch {
		return m.Load(ctx)
	}
	changes, kept, err := m.src.CatalogueChangesSince(ctx, v.Epoch, seq, v.Seq)
	if err != nil {
		return fmt.Errorf("sync the catalogue: %w", err)
	}
	if !kept {
		return m.Load(ctx)
	}
	reached := seq + int64(len(changes))
	if reached < v.Seq && m.unrecordedTooLong(reached+1) {
		m.log.Warn("a catalogue change was counted but never recorded (its writer stopped between the two?): "+
			"reloading it all", "seq", reached+1)
		return m.Load(ctx)
	}
	var all shop.CatalogueChange
	for i, ch := range changes {
		if ch.All {
			return m.Load(ctx)
		}
		if held[seq+1+int64(i)] {
			continue // this process made that change and holds it already
		}
		all.Products = append(all.Products, ch.Products...)
		all.Categories = append(all.Categories, ch.Categories...)
	}
	all.Products, all.Categories = unique(all.Products), unique(all.Categories)
	if !all.Empty() {
		if err := m.reload(ctx, all); err != nil {
			return fmt.Errorf("sync the catalogue: %w", err)
		}
	}
	m.mu.Lock()
	if m.epoch == v.Epoch && m.seq < reached {
		m.seq = reached
		m.catchUpLocked()
	}
	m.mu.Unlock()
	return nil
}

// unrecordedTooLong notes that version seq is counted but not recorded yet, and reports
// whether it has been so for longer than recordGrace.
func (m *Model) unrecordedTooLong(seq int64) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.unrecorded != seq {
		m.unrecorded, m.unrecordedSince = seq, time.Now()
		return false
	}
	return time.Since(m.unrecordedSince) > m.recordGrace
}

// Seq is the store's version that the model holds every change of.
func (m *Model) Seq() int64 {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.seq
}

func unique(ids []string) []string {
	seen := make(map[string]bool, len(ids))
	out := ids[:0]
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
