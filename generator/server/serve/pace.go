package serve

import (
	"net/http"
	"time"
)

// pacePart is how much of a response one write deadline covers.
const pacePart = 64 << 10

// paced gives each 64 KiB of a response its own write deadline, d from
// when it is sent, as nginx's send_timeout does, rather than one deadline
// for the whole response: a reader on a slow line taking a large picture
// is not cut off while it keeps reading, and one that stops reading still
// is.
func paced(h http.Handler, d time.Duration) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.ServeHTTP(&pacedWriter{ResponseWriter: w, rc: http.NewResponseController(w), d: d}, r)
	})
}

type pacedWriter struct {
	http.ResponseWriter
	rc *http.ResponseController
	d  time.Duration
	// own: the handler set its own deadline (the dev server's event
	// stream lifts it), which pacing must not override.
	own bool
}

func (w *pacedWriter) Write(b []byte) (n int, err error) {
	for len(b) > 0 {
		part := b[:min(len(b), pacePart)]
		w.pace()
		m, err := w.ResponseWriter.Write(part)
		n += m
		if err != nil {
			return n, err
		}
		b = b[m:]
	}
	return n, nil
}

func (w *pacedWriter) pace() {
	if !w.own {
		_ = w.rc.SetWriteDeadline(time.Now().Add(w.d))
	}
}

// SetWriteDeadline is the handler's own deadline (http.ResponseController
// finds it before unwrapping): from then on, the handler's alone.
func (w *pacedWriter) SetWriteDeadline(t time.Time) error {
	w.own = true
	return w.rc.SetWriteDeadline(t)
}

// Flush sends what is buffered, within a deadline of its own.
func (w *pacedWriter) Flush() {
	w.pace()
	_ = w.rc.Flush()
}

// Unwrap gives http.ResponseController the writer underneath.
func (w *pacedWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
