package forms

import (
	"math"
	"net/netip"
	"sync"
	"time"
)

// limiter is a token bucket per client address: each client starts with
// burst submissions in hand and earns one more every 1/rate seconds.
type limiter struct {
	rate  float64 // tokens per second
	burst float64
	now   func() time.Time

	mu        sync.Mutex
	buckets   map[string]*bucket
	lastSweep time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

func newLimiter(perMinute float64, burst int, now func() time.Time) *limiter {
	return &limiter{rate: perMinute / 60, burst: float64(burst), now: now, buckets: map[string]*bucket{}}
}

// allow takes a token for key, or says how long until one is available.
func (l *limiter) allow(key string) (bool, time.Duration) {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweep(now)
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[key] = b
	}
	b.tokens = math.Min(l.burst, b.tokens+now.Sub(b.last).Seconds()*l.rate)
	b.last = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	wait := (1 - b.tokens) / l.rate
	return false, time.Duration(wait * float64(time.Second))
}

// sweep forgets buckets that have refilled, since a fresh bucket is the same
// thing; this keeps the map as small as the set of recently active clients.
// It runs at most once per refill period, so its cost is spread thin.
func (l *limiter) sweep(now time.Time) {
	fill := time.Duration(l.burst / l.rate * float64(time.Second))
	if now.Sub(l.lastSweep) < fill {
		return
	}
	l.lastSweep = now
	for k, b := range l.buckets {
		if b.tokens+now.Sub(b.last).Seconds()*l.rate >= l.burst {
			delete(l.buckets, k)
		}
	}
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
