package serve

import (
	"io"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// AccessLog writes a line for every request h answers to w, in the
// Combined Log Format that nginx and Apache write by default and log tools
// read:
//
//	203.0.113.7 - - [02/Sep/2025:10:04:05 +0530] "GET /rbi-policy/ HTTP/1.1" 200 5120 "https://ref.example/" "Mozilla/5.0 ..."
//
// client names the request's address (the TCP peer, or the proxy's
// X-Forwarded-For entry when trusted). Bodies are never logged: form posts
// carry readers' names and addresses. Each line goes to w in one Write.
func AccessLog(h http.Handler, w io.Writer, client func(*http.Request) string) http.Handler {
	var mu sync.Mutex
	return http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		lw := &loggedWriter{ResponseWriter: rw}
		h.ServeHTTP(lw, r)
		if lw.status == 0 {
			lw.status = http.StatusOK
		}
		line := make([]byte, 0, 256)
		line = append(line, escape(orDash(client(r)), true)...)
		line = append(line, " - - ["...)
		line = time.Now().AppendFormat(line, "02/Jan/2006:15:04:05 -0700")
		line = append(line, "] \""...)
		line = append(line, escape(r.Method+" "+r.RequestURI+" "+r.Proto, false)...)
		line = append(line, "\" "...)
		line = strconv.AppendInt(line, int64(lw.status), 10)
		line = append(line, ' ')
		line = strconv.AppendInt(line, lw.bytes, 10)
		line = append(line, " \""...)
		line = append(line, escape(orDash(r.Referer()), false)...)
		line = append(line, "\" \""...)
		line = append(line, escape(orDash(r.UserAgent()), false)...)
		line = append(line, "\"\n"...)
		mu.Lock()
		w.Write(line)
		mu.Unlock()
	})
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// escape defuses what could forge a line or a field, as nginx does:
// control characters, bytes outside ASCII, backslashes and double quotes
// become \xHH, and spaces too in an unquoted field (space).
func escape(s string, space bool) string {
	const hex = "0123456789ABCDEF"
	var b []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= 0x7f || c == '\\' || c == '"' || space && c == ' ' {
			if b == nil {
				b = append(make([]byte, 0, len(s)+8), s[:i]...)
			}
			b = append(b, '\\', 'x', hex[c>>4], hex[c&15])
			continue
		}
		if b != nil {
			b = append(b, c)
		}
	}
	if b == nil {
		return s
	}
	return string(b)
}

// loggedWriter notes the status and counts the body bytes of a response.
type loggedWriter struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (w *loggedWriter) WriteHeader(status int) {
	if w.status == 0 && status >= 200 {
		w.status = status
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *loggedWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(p)
	w.bytes += int64(n)
	return n, err
}

// ReadFrom keeps sendfile for large files (net/http's response does it).
func (w *loggedWriter) ReadFrom(r io.Reader) (int64, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := io.Copy(w.ResponseWriter, r)
	w.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the connection (flushes,
// deadlines).
func (w *loggedWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
