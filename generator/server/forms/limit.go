package forms

import (
	"context"
	"net/netip"
	"time"
)

// limiter allows each client a burst of submissions and then one every
// interval: a token bucket, kept as the generic cell rate algorithm's one
// number per client, the "theoretical arrival time" (TAT) in Unix ms. A
// request at now is allowed when TAT - now <= tolerance, and then moves TAT
// one interval on. The state lives in the store, so every `magazine serve`
// sharing a database applies one limit per client, and one upsert reads
// and updates it atomically.
type limiter struct {
	store     *Store
	interval  time.Duration // between submissions once the burst is spent
	tolerance time.Duration // (burst-1) intervals
	now       func() time.Time
}

func newLimiter(s *Store, perMinute float64, burst int, now func() time.Time) *limiter {
	interval := time.Duration(float64(time.Minute) / perMinute)
	return &limiter{store: s, interval: interval, tolerance: time.Duration(burst-1) * interval, now: now}
}

// allow counts a submission from key, or says how long until one is allowed.
func (l *limiter) allow(ctx context.Context, key string) (bool, time.Duration, error) {
	now := l.now().UnixMilli()
	step, tol := l.interval.Milliseconds(), l.tolerance.Milliseconds()
	var tat int64
	var denied int
	err := l.store.db.QueryRowContext(ctx, `INSERT INTO rate_limits (client, tat_ms, denied) VALUES ($1, $2, 0)
		ON CONFLICT (client) DO UPDATE SET
			tat_ms = CASE
				WHEN rate_limits.tat_ms < $3 THEN $2
				WHEN rate_limits.tat_ms <= $4 THEN rate_limits.tat_ms + $5
				ELSE rate_limits.tat_ms END,
			denied = CASE WHEN rate_limits.tat_ms <= $4 THEN 0 ELSE 1 END
		RETURNING tat_ms, denied`,
		key, now+step, now, now+tol, step).Scan(&tat, &denied)
	if err != nil {
		return false, 0, err
	}
	if denied == 0 {
		return true, 0, nil
	}
	return false, time.Duration(tat-tol-now) * time.Millisecond, nil
}

// clientKey is the rate-limit key for an address. An IPv6 client usually
// holds a whole /64, so it is limited as one; IPv4 addresses stand alone.
func clientKey(host string) string {
	a, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	a = a.WithZone("").Unmap()
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}
