package serve

import (
	"context"
	"errors"
	"net/http/httptest"
	"testing"
	"time"
)

func TestHealth(t *testing.T) {
	t.Parallel()
	var down error
	site := Handler(site(t))
	h := Health(site, "/mag", func(ctx context.Context) error { return down })
	for _, c := range []struct {
		method string
		down   error
		status int
		body   string
	}{
		{"GET", nil, 200, "ok\n"},
		{"HEAD", nil, 200, "ok\n"}, // the recorder keeps what net/http would not send
		{"GET", errors.New("dial tcp 10.0.0.5:5432: connection refused"), 503, "unavailable: the leads database does not answer\n"},
		{"POST", nil, 405, "method not allowed\n"},
	} {
		down = c.down
		for _, p := range []string{HealthPath, "/mag" + HealthPath} { // at the root, and below the site's base path
			res := do(h, c.method, p, nil)
			if b := body(res); res.StatusCode != c.status || b != c.body {
				t.Errorf("%s %s (down: %v): %d %q, want %d %q", c.method, p, c.down, res.StatusCode, b, c.status, c.body)
			}
			if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
				t.Errorf("%s %s: Cache-Control %q: a cached answer would hide an outage", c.method, p, cc)
			}
		}
	}
	// A database that hangs is a failure too, once the check's time is up.
	hung := Health(site, "", func(ctx context.Context) error {
		deadline, ok := ctx.Deadline()
		if !ok || time.Until(deadline) > healthTimeout {
			t.Errorf("the check's deadline is %v away (set: %v), want at most %v", time.Until(deadline), ok, healthTimeout)
		}
		<-ctx.Done()
		return ctx.Err()
	})
	// The request's own deadline, shorter than the check's, spares the wait.
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	rec := httptest.NewRecorder()
	hung.ServeHTTP(rec, httptest.NewRequestWithContext(ctx, "GET", HealthPath, nil))
	if rec.Code != 503 {
		t.Errorf("hanging check: %d", rec.Code)
	}
	// Only that path: the site keeps every other, even one that starts alike.
	down = errors.New("down")
	for _, p := range []string{"/", "/healthz-tips", "/healthz/x"} {
		if res := do(h, "GET", p, nil); res.StatusCode == 503 || res.Header.Get("Cache-Control") == "no-store" {
			t.Errorf("%s answered by the health check: %d", p, res.StatusCode)
		}
	}
}
