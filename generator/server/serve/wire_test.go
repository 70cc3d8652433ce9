package serve

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"
)

// These tests speak HTTP/1.1 over a raw socket to the running server, as
// clients and probes on the internet do.

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

// answer reads one answer on c, and how long it took since t0.
func answer(t *testing.T, c net.Conn, t0 time.Time) (*http.Response, time.Duration) {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(patience))
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("no answer after %s: %v", time.Since(t0), err)
	}
	return res, time.Since(t0)
}

func formsAndSite(t *testing.T) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("/api/forms/", func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		io.WriteString(w, "form:"+string(b))
	})
	mux.Handle("/", Handler(site(t)))
	return mux
}

// The server sends what the handler gives, byte for byte, but the Date.
func TestWireMatchesHandler(t *testing.T) {
	t.Parallel()
	mux := formsAndSite(t)
	addr := start(t, mux, DefaultLimits())
	for _, path := range []string{"/", "/rbi-policy/", "/rbi-policy/?utm=x", "/assets/app-ABC123.js", "/sitemap.xml", "/_data/rbi-policy.json"} {
		for _, method := range []string{"GET", "HEAD"} {
			for _, ae := range []string{"", "Accept-Encoding: gzip, deflate, br\r\n"} {
				got := raw(t, addr, method+" "+path+" HTTP/1.1\r\nHost: x\r\n"+ae+"\r\n")[0]
				req := httptest.NewRequest(method, path, nil)
				if ae != "" {
					req.Header.Set("Accept-Encoding", "gzip, deflate, br")
				}
				rec := httptest.NewRecorder()
				mux.ServeHTTP(rec, req)
				want := rec.Result()
				got.Header.Del("Date")
				if got.StatusCode != want.StatusCode || body(got) != body(want) || !sameHeader(got.Header, want.Header) {
					t.Errorf("%s %s %q:\nserver  %d %v\nhandler %d %v", method, path, ae, got.StatusCode, got.Header, want.StatusCode, want.Header)
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

// Requests of every kind on one keep-alive connection, sent at once, are
// answered in order.
func TestPipelinedRequests(t *testing.T) {
	t.Parallel()
	addr := start(t, formsAndSite(t), DefaultLimits())
	etag := raw(t, addr, "GET /rbi-policy/ HTTP/1.1\r\nHost: x\r\n\r\n")[0].Header.Get("ETag")
	res := raw(t, addr,
		"GET /rbi-policy/ HTTP/1.1\r\nHost: x\r\n\r\n",
		"HEAD /sitemap.xml HTTP/1.1\r\nHost: x\r\n\r\n",
		"GET /rbi-policy/ HTTP/1.1\r\nHost: x\r\nIf-None-Match: W/"+etag+"\r\n\r\n",
		"POST /api/forms/newsletter HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc",
		"GET /rbi-policy HTTP/1.1\r\nHost: x\r\n\r\n", // a redirect
		"GET /range.txt HTTP/1.1\r\nHost: x\r\nRange: bytes=0-1\r\n\r\n",
		"GET /nope HTTP/1.1\r\nHost: x\r\n\r\n",
	)
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

// Odd and malformed requests get net/http's answers: a 400 for what it
// refuses, whatever a laxer parser would make of them.
func TestOddRequests(t *testing.T) {
	t.Parallel()
	addr := start(t, Handler(site(t)), DefaultLimits())
	for req, want := range map[string]int{
		"GET / HTTP/1.0\r\n\r\n":                                 200, // HTTP/1.0
		"GET /%72bi-policy/ HTTP/1.1\r\nHost: x\r\n\r\n":         200, // escaped
		"GET /a b HTTP/1.1\r\nHost: x\r\n\r\n":                   400, // malformed
		"GET / HTTP/1.1\r\n\r\n":                                 400, // no Host
		"GET / HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n":           400, // two
		"GET / HTTP/1.1\r\nHost: x\r\n folded\r\n\r\n":           400,
		"GET /../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n":         301, // to /etc/passwd, a 404
		"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n": 200,
		// A bare LF ends a header line: the Content-Length is a header,
		// not part of the Host.
		"GET / HTTP/1.1\r\nHost: x\nContent-Length: 0\r\n\r\n": 200,
		"GET / HTTP/1.1\r\nHost: x\rY: z\r\n\r\n":              400,
		// Header names and values net/http refuses.
		"GET / HTTP/1.1\r\nHost: x\r\nFoo(bar): 1\r\n\r\n":           400,
		"GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encodingé: 1\r\n\r\n": 400,
		"GET / HTTP/1.1\r\nHost: a b<script>\r\n\r\n":                400,
	} {
		c := dial(t, addr)
		io.WriteString(c, req)
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Errorf("%q: %v", req, err)
		} else if res.StatusCode != want {
			t.Errorf("%q: %d, want %d", req, res.StatusCode, want)
		}
	}
}

// Two Accept-Encoding lines are read together, as one list: the first
// refuses gzip, so the body is plain.
func TestTwoAcceptEncodingLines(t *testing.T) {
	t.Parallel()
	h := Handler(site(t))
	addr := start(t, h, DefaultLimits())
	got := raw(t, addr, "GET /rbi-policy/ HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip;q=0\r\nAccept-Encoding: gzip\r\n\r\n")[0]
	req := httptest.NewRequest("GET", "/rbi-policy/", nil)
	req.Header["Accept-Encoding"] = []string{"gzip;q=0", "gzip"}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if want := rec.Result().Header.Get("Content-Encoding"); got.Header.Get("Content-Encoding") != want || want != "" {
		t.Errorf("Content-Encoding %q, the handler's %q; want none", got.Header.Get("Content-Encoding"), want)
	}
}

// A head that arrives in pieces — two TCP segments, as a long request or
// a lossy network gives — is answered as soon as it is whole.
func TestSplitHeadAnsweredAtOnce(t *testing.T) {
	t.Parallel()
	addr := start(t, Handler(site(t)), DefaultLimits())
	cookie := "Cookie: " + strings.Repeat("c", 2400) + "\r\n"
	for name, parts := range map[string][]string{
		"two writes":   {"GET /rbi-policy/ HTTP/1.1\r\n", "Host: t\r\n\r\n"},
		"long head":    {"GET /rbi-policy/?gclid=" + strings.Repeat("g", 200) + " HTTP/1.1\r\nHost: t\r\n" + cookie[:1200], cookie[1200:] + "\r\n"},
		"bare LF":      {"GET /rbi-policy/ HTTP/1.1\nHost: t\n\n"},
		"bare LF, two": {"GET /rbi-policy/ HTTP/1.1\n", "Host: t\n\n"},
	} {
		c := dial(t, addr)
		t0 := time.Now()
		for i, p := range parts {
			if i > 0 {
				time.Sleep(time.Millisecond)
			}
			io.WriteString(c, p)
		}
		res, took := answer(t, c, t0)
		if res.StatusCode != 200 || took > time.Second {
			t.Errorf("%s: %d after %s, want 200 at once", name, res.StatusCode, took)
		}
	}
}

// A head that never ends is cut at the 5 s limit, the whole limit there is
// for the request line and headers.
func TestSlowHeadCutAtLimit(t *testing.T) {
	t.Parallel()
	lim := DefaultLimits()
	if lim.ReadHeaderTimeout != 5*time.Second {
		t.Fatalf("ReadHeaderTimeout %s; the README says 5 s", lim.ReadHeaderTimeout)
	}
	lim.ReadHeaderTimeout = time.Second // the same wiring, without waiting 5 s
	addr := start(t, Handler(site(t)), lim)
	c := dial(t, addr)
	t0 := time.Now()
	io.WriteString(c, "GET / HTTP/1.1\r\n")
	time.Sleep(100 * time.Millisecond)
	io.WriteString(c, "Host: x\r\n") // and never the blank line
	if !closedWithin(c, 3*lim.ReadHeaderTimeout) {
		t.Fatal("a request whose head never ends holds its connection")
	}
	if took := time.Since(t0); took < lim.ReadHeaderTimeout-100*time.Millisecond || took > lim.ReadHeaderTimeout+1500*time.Millisecond {
		t.Errorf("cut after %s, want %s", took.Round(time.Millisecond), lim.ReadHeaderTimeout)
	}
}

// A path that is not clean is the site's own permanent redirect to the
// clean one, with the site's headers, also in front of the form collector.
func TestUncleanPathsRedirectWithSiteHeaders(t *testing.T) {
	t.Parallel()
	forms := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "form") })
	addr := start(t, Mount(Handler(site(t)), "/api/forms/", forms), DefaultLimits())
	for from, to := range map[string]string{
		"//rbi-policy/":          "/rbi-policy/",
		"/./rbi-policy/":         "/rbi-policy/",
		"/assets/../_headers":    "/_headers",
		"/assets/./app.js?v=1":   "/assets/app.js?v=1",
		"/api/forms//newsletter": "/api/forms/newsletter",
		"/../etc/passwd":         "/etc/passwd",
	} {
		res := raw(t, addr, "GET "+from+" HTTP/1.1\r\nHost: x\r\n\r\n")[0]
		h := res.Header
		if res.StatusCode != http.StatusMovedPermanently || h.Get("Location") != to {
			t.Errorf("%s: %d to %q, want 301 to %s", from, res.StatusCode, h.Get("Location"), to)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Content-Security-Policy") != csp || h.Get("Cache-Control") != "public, max-age=3600" {
			t.Errorf("%s: the redirect lacks the site's headers: %v", from, h)
		}
	}
	if res := raw(t, addr, "GET /api/forms/newsletter HTTP/1.1\r\nHost: x\r\n\r\n")[0]; body(res) != "form" {
		t.Errorf("the collector is not reached: %d", res.StatusCode)
	}
	if res := raw(t, addr, "GET /etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n")[0]; res.StatusCode != 404 {
		t.Errorf("/etc/passwd: %d", res.StatusCode)
	}
}
