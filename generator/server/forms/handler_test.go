package forms

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/testkit/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// openStore opens a fresh SQLite store.
func openStore(t testing.TB) *Store {
	t.Helper()
	s, err := Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// openPostgres opens a store in a fresh database on the test PostgreSQL.
func openPostgres(t testing.TB) *Store {
	t.Helper()
	s, err := OpenPostgres(pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// stores are the two databases the collector runs on; every test of its
// behaviour runs against both.
var stores = []struct {
	name string
	open func(testing.TB) *Store
}{{"sqlite", openStore}, {"postgres", openPostgres}}

func eachStore(t *testing.T, fn func(t *testing.T, s *Store)) {
	for _, st := range stores {
		t.Run(st.name, func(t *testing.T) { fn(t, st.open(t)) })
	}
}

func leads(t testing.TB, s *Store) []lead {
	t.Helper()
	var all []lead
	if err := s.each(context.Background(), time.Time{}, func(l *lead) error { all = append(all, *l); return nil }); err != nil {
		t.Fatal(err)
	}
	for i := range all {
		all[i].UID = "" // random; tests compare the rest
	}
	return all
}

// noLimit is Options for tests that are not about the rate limit.
var noLimit = Options{PerMinute: -1}

type request struct {
	method, path, ctype, accept string
	body                        io.Reader
	remote                      string
	header                      map[string]string
}

func do(h http.Handler, q request) *http.Response { return serve(h, newRequest(q)) }

func newRequest(q request) *http.Request {
	if q.method == "" {
		q.method = http.MethodPost
	}
	r := httptest.NewRequest(q.method, q.path, q.body)
	if q.ctype != "" {
		r.Header.Set("Content-Type", q.ctype)
	}
	if q.accept != "" {
		r.Header.Set("Accept", q.accept)
	}
	if q.remote != "" {
		r.RemoteAddr = q.remote
	}
	for k, v := range q.header {
		r.Header.Set(k, v)
	}
	return r
}

func serve(h http.Handler, r *http.Request) *http.Response {
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w.Result()
}

func jsonPost(path string, fields map[string]any) request {
	b, _ := json.Marshal(fields)
	return request{path: path, ctype: "application/json", accept: "application/json", body: bytes.NewReader(b)}
}

func multipartBody(fields map[string]string) (io.Reader, string) {
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	for k, v := range fields {
		mw.WriteField(k, v)
	}
	mw.Close()
	return &b, mw.FormDataContentType()
}

func urlencoded(fields map[string]string) io.Reader {
	q := url.Values{}
	for k, v := range fields {
		q.Set(k, v)
	}
	return strings.NewReader(q.Encode())
}

func decode(t *testing.T, res *http.Response) answer {
	t.Helper()
	if ct := res.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Fatalf("Content-Type = %q, want JSON", ct)
	}
	var a answer
	if err := json.NewDecoder(res.Body).Decode(&a); err != nil {
		t.Fatal(err)
	}
	return a
}

func expect(t *testing.T, res *http.Response, status int, want answer) {
	t.Helper()
	if res.StatusCode != status {
		t.Errorf("status = %d, want %d", res.StatusCode, status)
	}
	if got := decode(t, res); !reflect.DeepEqual(got, want) {
		t.Errorf("answer = %+v, want %+v", got, want)
	}
}

var ok = answer{OK: true}

func TestValidationErrorsOverHTTP(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		h := Handler(s, noLimit)
		cases := []struct {
			form   string
			fields map[string]any
			want   []FieldError
		}{
			{"launch", map[string]any{"name": "A", "email": "a@b"}, []FieldError{
				{"name", "Name must be at least 2 characters"}, {"email", "Please enter a valid email address"}}},
			{"editorial", map[string]any{"email": ""}, []FieldError{{"name", "Required"}, {"email", "Required"}}},
			{"editorial", map[string]any{"name": "Asha", "email": "asha"}, []FieldError{{"email", "Invalid email"}}},
			{"partnership", map[string]any{"name": "", "email": "p@q"}, []FieldError{{"name", "Required"}, {"email", "Invalid email"}}},
			{"newsletter", map[string]any{}, []FieldError{{"email", "Required"}}},
			{"newsletter", map[string]any{"email": "nope"}, []FieldError{{"email", "Invalid email"}}},
			{"newsletter", map[string]any{"email": 42}, []FieldError{{"email", "Expected string, received number"}}},
		}
		for _, c := range cases {
			res := do(h, jsonPost("/api/forms/"+c.form, c.fields))
			expect(t, res, http.StatusBadRequest, answer{Errors: c.want})
		}
		if n := len(leads(t, s)); n != 0 {
			t.Errorf("%d invalid leads stored", n)
		}
	})
}

func TestEncodings(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		h := Handler(s, Options{PerMinute: -1, DedupeWindow: -1}) // the same lead thrice, on purpose
		fields := map[string]string{
			"name": " Asha Rao ", "email": "asha@example.in", "phone": "+91 98765 43210", "company": "Rao & Co",
			"_subject": "New editorial inquiry", "_gotcha": "",
		}
		mb, mct := multipartBody(fields)
		reqs := []request{
			jsonPost("/api/forms/editorial", map[string]any{
				"name": " Asha Rao ", "email": "asha@example.in", "phone": "+91 98765 43210", "company": "Rao & Co",
				"_subject": "New editorial inquiry", "_gotcha": "", "unknown": map[string]any{"x": 1},
			}),
			{path: "/api/forms/editorial", ctype: mct, accept: "application/json", body: mb},
			{path: "/api/forms/editorial", ctype: "application/x-www-form-urlencoded; charset=UTF-8", accept: "application/json", body: urlencoded(fields)},
		}
		for _, q := range reqs {
			q.header = map[string]string{"User-Agent": "test-agent/1"}
			expect(t, do(h, q), http.StatusOK, ok)
		}
		got := leads(t, s)
		if len(got) != 3 {
			t.Fatalf("%d leads stored, want 3", len(got))
		}
		for i, l := range got {
			want := lead{ID: int64(i + 1), Form: "editorial", Name: "Asha Rao", Email: "asha@example.in",
				Phone: "+91 98765 43210", Company: "Rao & Co", Subject: "New editorial inquiry",
				ClientIP: "192.0.2.1", UserAgent: "test-agent/1", CreatedAt: l.CreatedAt}
			if l != want {
				t.Errorf("lead %d (%s):\n got %+v\nwant %+v", i, reqs[i].ctype, l, want)
			}
		}
	})
}

func TestLaunchStoresSubjectAndMessage(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		h := Handler(s, noLimit)
		expect(t, do(h, jsonPost("/api/forms/launch", map[string]any{
			"name": "Vikram", "email": "v@example.in", "subject": "Launch Update Subscription",
			"message": "Vikram (v@example.in) wants launch updates.", "_subject": "ignored: subject wins",
		})), http.StatusOK, ok)
		l := leads(t, s)[0]
		if l.Form != "launch" || l.Subject != "Launch Update Subscription" || l.Message != "Vikram (v@example.in) wants launch updates." {
			t.Errorf("got %+v", l)
		}
	})
}

func TestRepeatedFieldTakesTheFirstValue(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		h := Handler(s, noLimit)
		res := do(h, request{path: "/api/forms/newsletter", ctype: "application/x-www-form-urlencoded",
			accept: "application/json", body: strings.NewReader("email=first%40example.in&email=second%40example.in")})
		expect(t, res, http.StatusOK, ok)
		if got := leads(t, s)[0].Email; got != "first@example.in" {
			t.Errorf("email = %q", got)
		}
	})
}

func TestAcceptHandling(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		h := Handler(s, noLimit)
		good := func(n int) map[string]string {
			return map[string]string{"email": fmt.Sprintf("reader%d@example.in", n)}
		}
		bad := map[string]string{"email": "reader"}
		browserAccept := "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"

		cases := []struct {
			name     string
			q        request
			status   int
			location string
		}{
			{"browser urlencoded ok", request{ctype: "application/x-www-form-urlencoded", accept: browserAccept, body: urlencoded(good(1))},
				http.StatusSeeOther, "/thank-you/?form=newsletter"},
			{"browser urlencoded invalid", request{ctype: "application/x-www-form-urlencoded", accept: browserAccept, body: urlencoded(bad)},
				http.StatusSeeOther, "/thank-you/?form=newsletter&error=1"},
			{"no accept multipart ok", func() request {
				b, ct := multipartBody(good(2))
				return request{ctype: ct, body: b}
			}(), http.StatusSeeOther, "/thank-you/?form=newsletter"},
			{"json accept with urlencoded", request{ctype: "application/x-www-form-urlencoded", accept: "application/json, text/plain;q=0.5", body: urlencoded(good(3))},
				http.StatusOK, ""},
			{"json body without accept", request{ctype: "application/json", body: strings.NewReader(`{"email":"reader"}`)},
				http.StatusBadRequest, ""},
		}
		for _, c := range cases {
			c.q.path = "/api/forms/newsletter"
			res := do(h, c.q)
			if res.StatusCode != c.status {
				t.Errorf("%s: status %d, want %d", c.name, res.StatusCode, c.status)
			}
			if got := res.Header.Get("Location"); got != c.location {
				t.Errorf("%s: Location %q, want %q", c.name, got, c.location)
			}
			if c.location == "" {
				decode(t, res)
			}
		}
		if n := len(leads(t, s)); n != 3 {
			t.Errorf("%d leads stored, want the 3 valid ones", n)
		}
	})
}

func TestSpamTrap(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		h := Handler(s, noLimit)
		// Even an otherwise invalid submission is waved through: a bot learns nothing.
		expect(t, do(h, jsonPost("/api/forms/editorial", map[string]any{
			"name": "Bot", "email": "bot@example.com", "_gotcha": "http://spam.example",
		})), http.StatusOK, ok)
		expect(t, do(h, jsonPost("/api/forms/newsletter", map[string]any{"email": "junk", "_gotcha": "x"})), http.StatusOK, ok)
		expect(t, do(h, jsonPost("/api/forms/newsletter", map[string]any{"email": "bot@example.com", "_gotcha": true})), http.StatusOK, ok)

		b, ct := multipartBody(map[string]string{"name": "Bot", "email": "bot@example.com", "_gotcha": "filled"})
		res := do(h, request{path: "/api/forms/partnership", ctype: ct, body: b})
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/thank-you/?form=partnership" {
			t.Errorf("browser spam: %d %q, want the success redirect", res.StatusCode, res.Header.Get("Location"))
		}
		if n := len(leads(t, s)); n != 0 {
			t.Errorf("%d spam leads stored", n)
		}
		// Whitespace only, as autofill sometimes leaves, is not a filled trap.
		expect(t, do(h, jsonPost("/api/forms/newsletter", map[string]any{"email": "person@example.com", "_gotcha": " "})), http.StatusOK, ok)
		if n := len(leads(t, s)); n != 1 {
			t.Errorf("%d leads stored, want 1", n)
		}
	})
}

func TestOversizedBody(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		h := Handler(s, noLimit)
		big := `{"email":"reader@example.in","message":"` + strings.Repeat("x", 64<<10) + `"}`
		tooLarge := answer{Errors: []FieldError{{Message: "Submission too large"}}}

		// Declared length.
		expect(t, do(h, request{path: "/api/forms/launch", ctype: "application/json", body: strings.NewReader(big)}),
			http.StatusRequestEntityTooLarge, tooLarge)
		// Unknown length (chunked): the cap is enforced while reading.
		q := httptest.NewRequest(http.MethodPost, "/api/forms/launch", io.MultiReader(strings.NewReader(big)))
		q.ContentLength = -1
		q.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, q)
		expect(t, w.Result(), http.StatusRequestEntityTooLarge, tooLarge)

		// Exactly at the limit is fine (the padding is a field no form reads).
		pad := strings.Repeat("n", 64<<10-len(`{"email":"reader@example.in","name":"Asha","pad":""}`))
		expect(t, do(h, jsonPost("/api/forms/launch", map[string]any{"name": "Asha", "email": "reader@example.in", "pad": pad})), http.StatusOK, ok)
		if n := len(leads(t, s)); n != 1 {
			t.Errorf("%d leads stored, want 1", n)
		}
	})
}

func TestRequestErrors(t *testing.T) {
	h := Handler(openStore(t), noLimit)
	res := do(h, jsonPost("/api/forms/contact", map[string]any{"email": "a@b.co"}))
	expect(t, res, http.StatusNotFound, answer{Errors: []FieldError{{Message: "Unknown form"}}})

	res = do(h, request{method: http.MethodGet, path: "/api/forms/launch"})
	if res.Header.Get("Allow") != "POST" {
		t.Errorf("Allow = %q", res.Header.Get("Allow"))
	}
	expect(t, res, http.StatusMethodNotAllowed, answer{Errors: []FieldError{{Message: "Method not allowed: use POST"}}})

	res = do(h, request{path: "/api/forms/launch", ctype: "text/plain", body: strings.NewReader("name=x")})
	if res.StatusCode != http.StatusUnsupportedMediaType {
		t.Errorf("text/plain: status %d", res.StatusCode)
	}
	for _, body := range []string{`{"email":`, `["a"]`, `null`, `{"email":"a@b.co"} trailing`} {
		res = do(h, request{path: "/api/forms/launch", ctype: "application/json", body: strings.NewReader(body)})
		expect(t, res, http.StatusBadRequest, answer{Errors: []FieldError{{Message: "The body must be a JSON object"}}})
	}
	res = do(h, request{path: "/api/forms/launch", ctype: "multipart/form-data; boundary=zzz", body: strings.NewReader("garbage")})
	if res.StatusCode != http.StatusBadRequest {
		t.Errorf("bad multipart: status %d", res.StatusCode)
	}
}

func TestMountedWithStripPrefix(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		h := http.StripPrefix("/api/forms", Handler(s, noLimit))
		expect(t, do(h, jsonPost("/api/forms/newsletter", map[string]any{"email": "a@b.co"})), http.StatusOK, ok)
	})
}

// clock is a hand-moved time source, so the rate limit is tested without sleeping.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func TestRateLimit(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		clk := &clock{t: time.Date(2025, 9, 1, 10, 0, 0, 0, time.UTC)}
		h := Handler(s, Options{Now: clk.now}) // defaults: 10 a minute, burst 5
		n := 0
		post := func(remote string, hdr map[string]string) *http.Response {
			n++
			q := jsonPost("/api/forms/newsletter", map[string]any{"email": fmt.Sprintf("reader%d@example.in", n)})
			q.remote, q.header = remote, hdr
			return do(h, q)
		}
		for i := 0; i < 5; i++ {
			if res := post("203.0.113.7:40000", nil); res.StatusCode != http.StatusOK {
				t.Fatalf("submission %d: status %d", i+1, res.StatusCode)
			}
		}
		// Another port is the same client; a spoofed X-Forwarded-For changes nothing.
		res := post("203.0.113.7:40001", map[string]string{"X-Forwarded-For": "198.51.100.1"})
		if got := res.Header.Get("Retry-After"); got != "6" {
			t.Errorf("Retry-After = %q, want 6 (one token per 6 s)", got)
		}
		expect(t, res, http.StatusTooManyRequests, answer{Errors: []FieldError{{Message: "Too many submissions. Please try again in a minute."}}})

		// A plain HTML form's reader is sent to a page saying it failed,
		// not shown raw JSON.
		plain := do(h, request{path: "/api/forms/newsletter", ctype: "application/x-www-form-urlencoded",
			body: urlencoded(map[string]string{"email": "plain@example.in"}), remote: "203.0.113.7:40002"})
		if plain.StatusCode != http.StatusSeeOther || plain.Header.Get("Location") != "/thank-you/?form=newsletter&error=1" {
			t.Errorf("plain form over the limit: %d, Location %q; want 303 to the page with error=1", plain.StatusCode, plain.Header.Get("Location"))
		}

		// Other clients are not affected.
		if res := post("203.0.113.8:40000", nil); res.StatusCode != http.StatusOK {
			t.Errorf("other client: status %d", res.StatusCode)
		}
		clk.add(3 * time.Second)
		if res := post("203.0.113.7:40000", nil); res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") != "3" {
			t.Errorf("after 3 s: status %d, Retry-After %q; want 429, 3", res.StatusCode, res.Header.Get("Retry-After"))
		}
		clk.add(3 * time.Second)
		if res := post("203.0.113.7:40000", nil); res.StatusCode != http.StatusOK {
			t.Errorf("after 6 s: status %d, want a refilled token", res.StatusCode)
		}
		if res := post("203.0.113.7:40000", nil); res.StatusCode != http.StatusTooManyRequests {
			t.Errorf("second after 6 s: status %d, want 429", res.StatusCode)
		}
		if n := len(leads(t, s)); n != 7 {
			t.Errorf("%d leads stored, want 7", n)
		}

		// Idle clients are forgotten once their allowance is full again.
		clk.add(time.Hour)
		post("203.0.113.9:1", nil)
		var rows int
		if err := s.db.QueryRow(`SELECT COUNT(*) FROM rate_limits`).Scan(&rows); err != nil || rows != 1 {
			t.Errorf("%d rate-limit rows kept after an idle hour (%v), want 1", rows, err)
		}
	})
}

func TestRateLimitBehindProxy(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		h := Handler(s, Options{PerMinute: 1, Burst: 1, TrustForwardedFor: true, DedupeWindow: -1})
		post := func(xff string) int {
			q := jsonPost("/api/forms/newsletter", map[string]any{"email": "reader@example.in"})
			q.remote, q.header = "10.0.0.1:5000", map[string]string{"X-Forwarded-For": xff}
			return do(h, q).StatusCode
		}
		// The proxy appends the peer it saw; what the client wrote before it is not trusted.
		if got := post("1.1.1.1, 198.51.100.1"); got != 200 {
			t.Fatalf("first: %d", got)
		}
		if got := post("2.2.2.2, 198.51.100.1"); got != 429 {
			t.Errorf("same proxied client, forged prefix: %d, want 429", got)
		}
		if got := post("198.51.100.2"); got != 200 {
			t.Errorf("another proxied client: %d, want 200", got)
		}
		if ip := leads(t, s)[0].ClientIP; ip != "198.51.100.1" {
			t.Errorf("client_ip = %q", ip)
		}
	})
}

func TestClientKey(t *testing.T) {
	cases := map[string]string{
		"203.0.113.7":          "203.0.113.7",
		"::ffff:203.0.113.7":   "203.0.113.7",
		"2001:db8:1:2:3:4:5:6": "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff::1": "2001:db8:1:2::/64",
		"fe80::1%eth0":         "fe80::/64",
		"not-an-ip":            "not-an-ip",
	}
	for in, want := range cases {
		if got := clientKey(in); got != want {
			t.Errorf("clientKey(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestConcurrentSubmissionsStoredOnce(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		srv := httptest.NewServer(Handler(s, noLimit)) // 127.0.0.1:0
		defer srv.Close()
		client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 100}}
		defer client.CloseIdleConnections()

		const n = 500
		var wg sync.WaitGroup
		errs := make(chan error, n)
		for i := 0; i < n; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				body := fmt.Sprintf(`{"name":"Reader %d","email":"reader%d@example.in"}`, i, i)
				req, _ := http.NewRequest(http.MethodPost, srv.URL+"/api/forms/launch", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				res, err := client.Do(req)
				if err != nil {
					errs <- err
					return
				}
				io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusOK {
					errs <- fmt.Errorf("reader %d: status %d", i, res.StatusCode)
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		seen := map[string]int{}
		for _, l := range leads(t, s) {
			seen[l.Email]++
		}
		if len(seen) != n {
			t.Errorf("%d distinct leads stored, want %d", len(seen), n)
		}
		for i := 0; i < n; i++ {
			if c := seen[fmt.Sprintf("reader%d@example.in", i)]; c != 1 {
				t.Errorf("reader %d stored %d times", i, c)
			}
		}
	})
}

// BenchmarkSubmit measures accepted submissions end to end, each committed
// to disk before its answer.
func BenchmarkSubmit(b *testing.B) {
	s := openStore(b)
	h := Handler(s, noLimit)
	var n atomic.Int64
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			// A new address each time: repeats would only be acknowledged.
			body := fmt.Sprintf(`{"name":"Reader","email":"reader%d@example.in"}`, n.Add(1))
			r := httptest.NewRequest(http.MethodPost, "/api/forms/launch", strings.NewReader(body))
			r.Header.Set("Content-Type", "application/json")
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if w.Code != http.StatusOK {
				b.Fatalf("status %d", w.Code)
			}
		}
	})
}
