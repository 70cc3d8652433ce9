package serve

import (
	"bufio"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
)

// raw sends requests on one connection and reads as many answers.
func raw(t *testing.T, addr string, reqs ...string) []*http.Response {
	t.Helper()
	c := dial(t, addr)
	io.WriteString(c, strings.Join(reqs, ""))
	br := bufio.NewReader(c)
	var out []*http.Response
	for _, r := range reqs {
		method, _, _ := strings.Cut(r, " ")
		res, err := http.ReadResponse(br, &http.Request{Method: method})
		if err != nil {
			t.Fatalf("answer %d: %v", len(out)+1, err)
		}
		b, _ := io.ReadAll(res.Body)
		res.Body = io.NopCloser(strings.NewReader(string(b)))
		out = append(out, res)
	}
	return out
}

// The fast path answers exactly what net/http would, byte for byte, but the Date.
func TestFastPathMatchesNetHTTP(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/api/forms/", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "form") })
	mux.Handle("/", Handler(site(t)))
	addr := start(t, mux, DefaultLimits())
	for _, path := range []string{"/", "/rbi-policy/", "/rbi-policy/?utm=x", "/assets/app-ABC123.js", "/sitemap.xml", "/_data/rbi-policy.json"} {
		for _, method := range []string{"GET", "HEAD"} {
			for _, ae := range []string{"", "Accept-Encoding: gzip, deflate, br\r\n"} {
				before := fastAnswers.Load()
				got := raw(t, addr, method+" "+path+" HTTP/1.1\r\nHost: x\r\n"+ae+"\r\n")[0]
				if fastAnswers.Load() != before+1 {
					t.Errorf("%s %s %q: not answered by the fast path", method, path, ae)
				}
				req := httptest.NewRequest(method, path, nil)
				if ae != "" {
					req.Header.Set("Accept-Encoding", "gzip, deflate, br")
				}
				rec := httptest.NewRecorder()
				mux.ServeHTTP(rec, req)
				want := rec.Result()
				got.Header.Del("Date")
				if got.StatusCode != want.StatusCode || body(got) != body(want) || !sameHeader(got.Header, want.Header) {
					t.Errorf("%s %s %q:\nfast     %d %v\nnet/http %d %v", method, path, ae, got.StatusCode, got.Header, want.StatusCode, want.Header)
				}
			}
		}
	}
}

func sameHeader(a, b http.Header) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if !slices.Equal(v, b[k]) {
			return false
		}
	}
	return true
}

// Anything but a plain GET goes to net/http, on the same connection, in order.
func TestFastPathHandsOver(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/api/forms/", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		io.WriteString(w, "form:"+string(b))
	})
	mux.Handle("/", Handler(site(t)))
	addr := start(t, mux, DefaultLimits())
	etag := raw(t, addr, "GET /rbi-policy/ HTTP/1.1\r\nHost: x\r\n\r\n")[0].Header.Get("ETag")
	before := fastAnswers.Load()
	res := raw(t, addr,
		"GET /rbi-policy/ HTTP/1.1\r\nHost: x\r\n\r\n",                                   // fast
		"HEAD /sitemap.xml HTTP/1.1\r\nHost: x\r\n\r\n",                                  // fast
		"GET /rbi-policy/ HTTP/1.1\r\nHost: x\r\nIf-None-Match: W/"+etag+"\r\n\r\n",      // net/http from here
		"POST /api/forms/newsletter HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc", //
		"GET /rbi-policy HTTP/1.1\r\nHost: x\r\n\r\n",                                    // a redirect
		"GET /range.txt HTTP/1.1\r\nHost: x\r\nRange: bytes=0-1\r\n\r\n",
		"GET /nope HTTP/1.1\r\nHost: x\r\n\r\n",
	)
	if n := fastAnswers.Load() - before; n != 2 {
		t.Errorf("the fast path answered %d requests, want the first 2", n)
	}
	want := []struct {
		status int
		body   string
	}{{200, "<h1>rbi</h1>"}, {200, ""}, {304, ""}, {200, "form:abc"}, {301, ""}, {206, "01"}, {404, "<h1>404 Page Not Found</h1>"}}
	for i, w := range want {
		if res[i].StatusCode != w.status || !strings.HasPrefix(body(res[i]), w.body) {
			t.Errorf("answer %d: %d, want %d %q", i+1, res[i].StatusCode, w.status, w.body)
		}
	}
}

func TestFastPathLeavesOddRequestsToNetHTTP(t *testing.T) {
	addr := start(t, Handler(site(t)), DefaultLimits())
	for req, want := range map[string]int{
		"GET / HTTP/1.0\r\n\r\n":                                 200, // HTTP/1.0
		"GET /%72bi-policy/ HTTP/1.1\r\nHost: x\r\n\r\n":         200, // escaped
		"GET /a b HTTP/1.1\r\nHost: x\r\n\r\n":                   400, // malformed
		"GET / HTTP/1.1\r\n\r\n":                                 400, // no Host
		"GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n":           400, // two
		"GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n":           400,
		"GET /../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n":         404,
		"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n": 200,
		// A bare LF ends a header line for net/http: the fast path must not
		// read this as one Host header and miss the body.
		"GET / HTTP/1.1\r\nHost: x\nContent-Length: 0\r\n\r\n": 200,
		"GET / HTTP/1.1\r\nHost: x\rY: z\r\n\r\n":              400,
	} {
		before := fastAnswers.Load()
		c := dial(t, addr)
		io.WriteString(c, req)
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Errorf("%q: %v", req, err)
		} else if res.StatusCode != want {
			t.Errorf("%q: %d, want %d", req, res.StatusCode, want)
		}
		if fastAnswers.Load() != before {
			t.Errorf("%q was answered by the fast path", req)
		}
	}
}
