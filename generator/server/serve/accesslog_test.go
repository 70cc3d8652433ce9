package serve

import (
	"io"
	"net"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a log that the test reads while the server writes it.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// peer is the TCP peer's address without its port.
func peer(r *http.Request) string {
	host, _, _ := net.SplitHostPort(r.RemoteAddr)
	return host
}

var combined = regexp.MustCompile(`^(\S+) - - \[\d\d/[A-Z][a-z]{2}/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}\] "([^"]*)" (\d{3}) (\d+) "([^"]*)" "([^"]*)"$`)

// Every request is logged, the site's plain GETs too, in the combined log
// format; form bodies never are, and nothing a client sends can forge a line.
func TestAccessLog(t *testing.T) {
	t.Parallel()
	var log syncBuffer
	mux := http.NewServeMux()
	mux.HandleFunc("/api/forms/", func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.WriteHeader(http.StatusCreated)
		io.WriteString(w, `{"ok":true}`)
	})
	mux.Handle("/", Handler(site(t)))
	addr := start(t, AccessLog(mux, &log, peer), DefaultLimits())

	res := raw(t, addr,
		"GET /rbi-policy/ HTTP/1.1\r\nHost: x\r\nReferer: https://ref.example/\r\nUser-Agent: Mozilla/5.0 \"evil\"\r\n\r\n",
		"GET /nowhere HTTP/1.1\r\nHost: x\r\n\r\n",
		"POST /api/forms/launch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 45\r\n\r\n{\"email\":\"secret@example.in\",\"name\":\"Meera\"}\n",
		"GET /search/?q=rbi%22x HTTP/1.1\r\nHost: x\r\nUser-Agent: a\tb\xffc\r\nConnection: close\r\n\r\n",
	)
	if res[0].StatusCode != 200 || res[1].StatusCode != 404 || res[2].StatusCode != 201 {
		t.Fatalf("answers %d %d %d", res[0].StatusCode, res[1].StatusCode, res[2].StatusCode)
	}
	// A line is written once its answer is sent: the last may still come.
	var lines []string
	for deadline := time.Now().Add(patience); ; time.Sleep(10 * time.Millisecond) {
		lines = strings.Split(strings.TrimSuffix(log.String(), "\n"), "\n")
		if len(lines) >= 4 || time.Now().After(deadline) {
			break
		}
	}
	if len(lines) != 4 {
		t.Fatalf("%d lines, want 4:\n%s", len(lines), log.String())
	}
	want := []struct{ request, status, bytes, referer, agent string }{
		{"GET /rbi-policy/ HTTP/1.1", "200", "2012", "https://ref.example/", `Mozilla/5.0 \x22evil\x22`},
		{"GET /nowhere HTTP/1.1", "404", res[1].Header.Get("Content-Length"), "-", "-"},
		{"POST /api/forms/launch HTTP/1.1", "201", "11", "-", "-"},
		{"GET /search/?q=rbi%22x HTTP/1.1", "404", "", "-", `a\x09b\xFFc`},
	}
	for i, w := range want {
		m := combined.FindStringSubmatch(lines[i])
		if m == nil {
			t.Errorf("line %d is not in the combined log format: %q", i+1, lines[i])
			continue
		}
		if m[1] != "127.0.0.1" || m[2] != w.request || m[3] != w.status || (w.bytes != "" && m[4] != w.bytes) ||
			m[5] != w.referer || m[6] != w.agent {
			t.Errorf("line %d: %q; want %q %s %s %q %q", i+1, lines[i], w.request, w.status, w.bytes, w.referer, w.agent)
		}
	}
	if strings.Contains(log.String(), "secret") || strings.Contains(log.String(), "Meera") {
		t.Errorf("a form's body reached the log:\n%s", log.String())
	}
}
