package forms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// ForwardOptions say where and how `magazine leads forward` delivers leads.
type ForwardOptions struct {
	To         string        // the receiver: an https URL (plain http only to this machine)
	Since      time.Time     // only leads created at or after this; zero: all
	Attempts   int           // tries per lead in one run; 0 means 6
	Backoff    time.Duration // the first wait between tries, doubling each time; 0 means 1 s
	MaxBackoff time.Duration // the longest wait; 0 means 1 minute
	Client     *http.Client  // nil: a client with a 30 s timeout
	Log        io.Writer     // a line per delivered lead; nil for none

	sent  func(*lead) error // tests: runs between a successful send and its record
	lease time.Duration     // tests: how long a claim lasts; 0: as long as a delivery may take, and a minute
}

// CheckDestination accepts an https URL, or plain http to a loopback
// address (a local relay or a test receiver): leads are personal data.
func CheckDestination(to string) error {
	u, err := url.Parse(to)
	if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
		return fmt.Errorf("%q is not an absolute http(s) URL", to)
	}
	if u.Scheme == "http" {
		host := u.Hostname()
		ip := net.ParseIP(host)
		if host != "localhost" && (ip == nil || !ip.IsLoopback()) {
			return fmt.Errorf("%q: use https (leads are personal data); plain http is only for 127.0.0.1 or localhost", to)
		}
	}
	return nil
}

// Forward delivers every lead that has not yet reached opt.To, oldest first,
// as a JSON POST, and records each delivery in the store once the receiver
// answered 2xx. It returns how many leads it delivered.
//
// Runs that overlap share the leads: each claims a batch before sending it
// (see lease.go), so a lead goes out once unless a delivery failed. Delivery
// is still at least once: a lead is recorded only after its 2xx, so a crash
// between the two sends it again on a later run. Receivers that can dedupe
// on the lead's "uid", also sent as the Idempotency-Key header, should. A
// lead that still fails after opt.Attempts tries (waiting opt.Backoff, then
// twice as long each time, or what Retry-After asks) stops the run, so
// leads arrive in order; it and the leads after it are tried again by the
// next run.
func (s *Store) Forward(ctx context.Context, opt ForwardOptions) (int, error) {
	if err := CheckDestination(opt.To); err != nil {
		return 0, err
	}
	if opt.Attempts <= 0 {
		opt.Attempts = 6
	}
	if opt.Backoff <= 0 {
		opt.Backoff = time.Second
	}
	if opt.MaxBackoff <= 0 {
		opt.MaxBackoff = time.Minute
	}
	if opt.Client == nil {
		opt.Client = &http.Client{Timeout: attemptTimeout}
	}
	// The longest one lead's delivery can take, and then its record: a lease
	// shorter than that could pass to another run while this one still sends.
	need := time.Duration(opt.Attempts)*attemptLimit(opt.Client) + time.Duration(opt.Attempts-1)*opt.MaxBackoff + leaseSlack
	lease := opt.lease
	if lease <= 0 {
		lease = need + leaseSlack
	}
	ls := newLeases(s, opt.To, lease)
	n, err := s.forward(ctx, opt, ls, need)
	if rerr := ls.release(); err == nil && rerr != nil {
		err = fmt.Errorf("releasing the leads this run held (they are sent once their lease expires): %w", rerr)
	}
	return n, err
}

func (s *Store) forward(ctx context.Context, opt ForwardOptions, ls *leases, need time.Duration) (int, error) {
	n := 0
	for {
		batch, more, err := ls.claim(ctx, opt.Since)
		if err != nil || !more {
			return n, err
		}
		for _, l := range batch {
			mine, err := ls.hold(ctx, l, need)
			if err != nil {
				return n, err
			}
			if !mine {
				continue // this run stalled past the lease, and another run has the lead
			}
			tries, err := deliver(ctx, opt, l)
			if err != nil {
				return n, fmt.Errorf("lead %d: %w; it and the leads after it stay queued for the next run", l.ID, err)
			}
			if opt.sent != nil {
				if err := opt.sent(l); err != nil {
					return n, err
				}
			}
			if err := ls.done(ctx, l); err != nil {
				return n, fmt.Errorf("lead %d was delivered, but recording that failed (it will be sent again): %w", l.ID, err)
			}
			n++
			if opt.Log != nil {
				fmt.Fprintf(opt.Log, "lead %d (%s, %s) delivered after %d attempt(s)\n", l.ID, l.Form, l.CreatedAt.Format(timeLayout), tries)
			}
		}
	}
}

// attemptTimeout bounds one POST when the client sets no timeout of its own.
const attemptTimeout = 30 * time.Second

func attemptLimit(c *http.Client) time.Duration {
	if c.Timeout > 0 {
		return c.Timeout
	}
	return attemptTimeout
}

// deliver POSTs one lead until the receiver answers 2xx or the attempts run
// out. It returns how many attempts it made.
func deliver(ctx context.Context, opt ForwardOptions, l *lead) (int, error) {
	body, err := json.Marshal(struct {
		UID string `json:"uid"`
		*lead
		CreatedAt string `json:"created_at"`
	}{l.UID, l, l.CreatedAt.UTC().Format(timeLayout)})
	if err != nil {
		return 0, err
	}
	wait := opt.Backoff
	for attempt := 1; ; attempt++ {
		retryAfter, err := post(ctx, opt, l.UID, body)
		if err == nil {
			return attempt, nil
		}
		if attempt == opt.Attempts || ctx.Err() != nil {
			return attempt, fmt.Errorf("%v (after %d attempts)", err, attempt)
		}
		pause := min(max(wait, retryAfter), opt.MaxBackoff)
		select {
		case <-ctx.Done():
			return attempt, ctx.Err()
		case <-time.After(pause):
		}
		wait = min(2*wait, opt.MaxBackoff)
	}
}

// post makes one attempt. On failure it also returns how long the receiver
// asked us to wait (Retry-After in seconds), if it did.
func post(ctx context.Context, opt ForwardOptions, uid string, body []byte) (time.Duration, error) {
	// Bounded even with a client that has no timeout, or a lease could
	// expire while the attempt still runs.
	ctx, cancel := context.WithTimeout(ctx, attemptLimit(opt.Client))
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, opt.To, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", uid)
	req.Header.Set("User-Agent", "magazine-leads-forward")
	res, err := opt.Client.Do(req)
	if err != nil {
		return 0, err
	}
	io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	res.Body.Close()
	if res.StatusCode >= 200 && res.StatusCode < 300 {
		return 0, nil
	}
	var after time.Duration
	if secs, err := strconv.Atoi(res.Header.Get("Retry-After")); err == nil && secs > 0 {
		after = time.Duration(secs) * time.Second
	}
	return after, fmt.Errorf("%s answered %s", opt.To, res.Status)
}
