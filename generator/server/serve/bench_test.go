package serve

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

type discard struct{ h http.Header }

func (d *discard) Header() http.Header         { return d.h }
func (d *discard) Write(b []byte) (int, error) { return len(b), nil }
func (d *discard) WriteHeader(int)             {}

// BenchmarkPage is the handler's own cost for a story page, gzip accepted.
func BenchmarkPage(b *testing.B) {
	h := Handler(site(b))
	req := httptest.NewRequest("GET", "/rbi-policy/", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	b.ReportAllocs()
	for b.Loop() {
		h.ServeHTTP(&discard{h: http.Header{}}, req)
	}
}
