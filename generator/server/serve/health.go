package serve

import (
	"context"
	"net/http"
	"time"
)

// HealthPath is where load balancers ask whether this server can take requests.
const HealthPath = "/healthz"

// healthTimeout is how long a health check waits for the database: less
// than the few seconds load balancers wait for an answer.
const healthTimeout = 2 * time.Second

// Health answers HealthPath, at the host's root and below base (a site
// served below a path, whose proxy may pass only that path on), and leaves
// every other path to next: 200 to
// a GET or HEAD when check (whether the leads database could store a lead)
// succeeds within two seconds, 503 when it fails or is late. It is asked
// every few seconds, so it runs that one query and nothing else, and its
// answer is never cached: a proxy keeping a 200 would hide an outage.
func Health(next http.Handler, base string, check func(context.Context) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != HealthPath && r.URL.Path != base+HealthPath {
			next.ServeHTTP(w, r)
			return
		}
		h := w.Header()
		h.Set("Cache-Control", "no-store")
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			h.Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), healthTimeout)
		defer cancel()
		if err := check(ctx); err != nil {
			// The reason stays out of the answer: the address is public.
			http.Error(w, "unavailable: the leads database does not answer", http.StatusServiceUnavailable)
			return
		}
		h.Set("Content-Type", "text/plain; charset=utf-8")
		w.Write([]byte("ok\n"))
	})
}
