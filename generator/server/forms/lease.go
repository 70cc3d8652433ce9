package forms

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// Overlapping runs of `magazine leads forward` (a cron run and a manual one)
// must not both send a lead: many CRM and e-mail webhooks ignore the
// Idempotency-Key. So a run leases a batch of leads before sending them, one
// row per lead and destination in forward_leases, and gives each lease up
// when it records the delivery or stops. A run that is killed cannot give
// its leases up: they expire, and a later run sends those leads.
//
// Times are this machine's clock, as for the rate limit: runs on several
// machines sharing one PostgreSQL need clocks agreeing to well within the
// slack below.

// leaseBatch is how many leads a run claims at a time: few enough that two
// runs share the work, enough that claiming costs little.
const leaseBatch = 50

// leaseSlack is time allowed beyond one delivery for recording it (SQLite
// may wait up to its busy timeout, 10 s) and for clocks that differ.
const leaseSlack = 30 * time.Second

// leases are the leads one run holds for one destination.
type leases struct {
	s      *Store
	to     string
	owner  string        // random, one per run
	length time.Duration // how long a claim or renewal lasts
	until  time.Time     // when the current batch's leases expire
	mine   map[int64]bool
}

func newLeases(s *Store, to string, length time.Duration) *leases {
	return &leases{s: s, to: to, owner: newUID(), length: length}
}

// claim leases the next leads created at or after since that are neither
// delivered to the destination nor held by another run, oldest first. more
// is false when there were none left to try.
func (ls *leases) claim(ctx context.Context, since time.Time) (batch []*lead, more bool, err error) {
	tx, err := ls.s.db.BeginTx(ctx, nil) // SQLite: the write lock, so claims take turns
	if err != nil {
		return nil, false, err
	}
	defer tx.Rollback()
	now := time.Now()
	lock := ""
	if ls.s.dialect == postgresDB {
		// A lead another run is claiming at this moment is passed over,
		// not waited for: the runs take different batches.
		lock = " FOR UPDATE SKIP LOCKED"
	}
	rows, err := tx.QueryContext(ctx, `SELECT `+leadColumns+` FROM leads
		WHERE created_at >= $2
		AND NOT EXISTS (SELECT 1 FROM deliveries d WHERE d.lead_id = leads.id AND d.destination = $1)
		AND NOT EXISTS (SELECT 1 FROM forward_leases f WHERE f.lead_id = leads.id AND f.destination = $1 AND f.expires_ms > $3)
		ORDER BY id LIMIT $4`+lock, ls.to, ls.s.timeArg(since), now.UnixMilli(), leaseBatch)
	if err != nil {
		return nil, false, err
	}
	var candidates []*lead
	for rows.Next() {
		l, err := scanLead(rows)
		if err != nil {
			rows.Close()
			return nil, false, err
		}
		candidates = append(candidates, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, false, err
	}
	// The upsert is what decides: it takes a lease that is free or expired,
	// and nothing from a run that got there first (in PostgreSQL, a run
	// whose snapshot predates this one's claim can still see it as free).
	until := now.Add(ls.length)
	ls.mine = map[int64]bool{}
	for _, l := range candidates {
		var id int64
		err := tx.QueryRowContext(ctx, `INSERT INTO forward_leases (lead_id, destination, owner, expires_ms)
			VALUES ($1, $2, $3, $4)
			ON CONFLICT (lead_id, destination) DO UPDATE SET owner = excluded.owner, expires_ms = excluded.expires_ms
			WHERE forward_leases.expires_ms <= $5
			RETURNING lead_id`, l.ID, ls.to, ls.owner, until.UnixMilli(), now.UnixMilli()).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return nil, false, err
		}
		if ls.s.dialect == postgresDB {
			// A run may have delivered the lead, and dropped its lease,
			// after the SELECT's snapshot: a new statement sees it.
			var delivered bool
			if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM deliveries WHERE lead_id = $1 AND destination = $2)`,
				l.ID, ls.to).Scan(&delivered); err != nil {
				return nil, false, err
			}
			if delivered {
				if _, err := tx.ExecContext(ctx, `DELETE FROM forward_leases WHERE lead_id = $1 AND destination = $2`, l.ID, ls.to); err != nil {
					return nil, false, err
				}
				continue
			}
		}
		batch = append(batch, l)
		ls.mine[l.ID] = true
	}
	if err := tx.Commit(); err != nil {
		return nil, false, err
	}
	ls.until = until
	return batch, len(candidates) > 0, nil
}

// hold reports whether this run may send l, whose delivery and record take
// at most need. The batch's leases are renewed first when they would run
// out before then; a lease that expired meanwhile (the run stalled) and
// that another run took is no longer this run's.
func (ls *leases) hold(ctx context.Context, l *lead, need time.Duration) (bool, error) {
	now := time.Now()
	if now.Add(need).Before(ls.until) {
		return ls.mine[l.ID], nil
	}
	until := now.Add(ls.length)
	rows, err := ls.s.db.QueryContext(ctx, `UPDATE forward_leases SET expires_ms = $1
		WHERE destination = $2 AND owner = $3 RETURNING lead_id`, until.UnixMilli(), ls.to, ls.owner)
	if err != nil {
		return false, err
	}
	defer rows.Close()
	ls.mine = map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return false, err
		}
		ls.mine[id] = true
	}
	ls.until = until
	return ls.mine[l.ID], rows.Err()
}

// done records l as delivered and drops its lease, together.
func (ls *leases) done(ctx context.Context, l *lead) error {
	tx, err := ls.s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO deliveries (lead_id, destination, delivered_at)
		VALUES ($1, $2, $3) ON CONFLICT (lead_id, destination) DO NOTHING`,
		l.ID, ls.to, ls.s.timeArg(time.Now())); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM forward_leases WHERE lead_id = $1 AND destination = $2`, l.ID, ls.to); err != nil {
		return err
	}
	delete(ls.mine, l.ID)
	return tx.Commit()
}

// release gives up every lease the run still holds, so the next run need
// not wait for them to expire. It runs as the run ends, whatever ended it
// (even a cancelled ctx), so it has a context of its own.
func (ls *leases) release() error {
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	_, err := ls.s.db.ExecContext(ctx, `DELETE FROM forward_leases WHERE owner = $1`, ls.owner)
	return err
}
