package forms

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// Issue 17 item 7: cross-site posts, duplicates, oversized fields and NUL.

func TestCrossSitePostsRefused(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		h := Handler(s, noLimit)
		refused := answer{Errors: []FieldError{{Message: "Cross-site submission refused"}}}
		cases := []struct {
			name   string
			header map[string]string
		}{
			// A form on another site, or fetch(..., {mode: 'no-cors'}) from it.
			{"cross-site form", map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}},
			{"no-cors fetch", map[string]string{"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors", "Origin": "https://evil.example"}},
			{"sibling subdomain", map[string]string{"Sec-Fetch-Site": "same-site", "Origin": "https://blog.nivaran.example"}},
			// An old browser without Sec-Fetch-Site still sends Origin.
			{"old browser, other origin", map[string]string{"Origin": "https://evil.example"}},
			{"old browser, opaque origin", map[string]string{"Origin": "null"}},
		}
		for _, c := range cases {
			q := jsonPost("/api/forms/newsletter", map[string]any{"email": "victim@example.in"})
			q.header = c.header
			res := do(h, q)
			if res.StatusCode != http.StatusForbidden {
				t.Errorf("%s: status %d, want 403", c.name, res.StatusCode)
				continue
			}
			expect(t, res, http.StatusForbidden, refused)
		}
		// A plain HTML form on another site, posting urlencoded like ours.
		res := do(h, request{path: "/api/forms/newsletter", ctype: "application/x-www-form-urlencoded",
			body:   urlencoded(map[string]string{"email": "victim@example.in"}),
			header: map[string]string{"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}})
		if res.StatusCode != http.StatusForbidden || res.Header.Get("Location") != "" {
			t.Errorf("cross-site HTML form: %d, Location %q; want 403 and no redirect", res.StatusCode, res.Header.Get("Location"))
		}
		if n := len(leads(t, s)); n != 0 {
			t.Errorf("%d cross-site leads stored", n)
		}
	})
}

func TestSameSitePostsAccepted(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		// The site is published at https://nivaran.example; behind a proxy the
		// collector may see another Host.
		h := Handler(s, Options{PerMinute: -1, TrustedOrigins: []string{"https://nivaran.example"}})
		cases := []struct {
			name, host string
			header     map[string]string
		}{
			{"modern browser", "nivaran.example", map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": "https://nivaran.example"}},
			{"no-referrer policy", "nivaran.example", map[string]string{"Sec-Fetch-Site": "same-origin", "Origin": "null"}},
			{"old browser, same host", "nivaran.example", map[string]string{"Origin": "https://nivaran.example"}},
			{"old browser behind a proxy", "127.0.0.1:8080", map[string]string{"Origin": "https://nivaran.example"}},
			{"same-site with the configured origin", "127.0.0.1:8080", map[string]string{"Sec-Fetch-Site": "same-site", "Origin": "https://nivaran.example"}},
			{"no headers (old browser, curl)", "nivaran.example", nil},
		}
		for i, c := range cases {
			// The no-JS newsletter form: a plain urlencoded browser post.
			q := request{path: "/api/forms/newsletter", ctype: "application/x-www-form-urlencoded",
				body: urlencoded(map[string]string{"email": fmt.Sprintf("reader%d@example.in", i)}), header: c.header}
			r := newRequest(q)
			r.Host = c.host
			res := serve(h, r)
			if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/thank-you/?form=newsletter" {
				t.Errorf("%s: %d %q, want the thank-you redirect", c.name, res.StatusCode, res.Header.Get("Location"))
			}
		}
		if n := len(leads(t, s)); n != len(cases) {
			t.Errorf("%d leads stored, want %d", n, len(cases))
		}
	})
}

func TestDuplicateStoredOnce(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		clk := &clock{t: time.Date(2025, 9, 1, 10, 0, 0, 0, time.UTC)}
		h := Handler(s, Options{PerMinute: -1, Now: clk.now})
		post := func(form, email string) {
			t.Helper()
			expect(t, do(h, jsonPost("/api/forms/"+form, map[string]any{"name": "Asha Rao", "email": email})), http.StatusOK, ok)
		}
		post("launch", "asha@example.in")
		// A client that lost the first acknowledgement retries: ok again, stored once.
		post("launch", "asha@example.in")
		clk.add(time.Minute)
		post("launch", " Asha@Example.IN ")
		post("editorial", "asha@example.in") // another form is another lead
		got := leads(t, s)
		if len(got) != 2 || got[0].Form != "launch" || got[1].Form != "editorial" {
			t.Fatalf("stored %+v, want one launch and one editorial lead", got)
		}
		// Past the window the same address is a new sign-up.
		clk.add(DefaultDedupeWindow)
		post("launch", "asha@example.in")
		if n := len(leads(t, s)); n != 3 {
			t.Errorf("%d leads after the window, want 3", n)
		}
		// Within it, a different submission of an address is a lead of its
		// own: someone posting another's address first loses them nothing.
		inquiry := func(name, company string) {
			t.Helper()
			expect(t, do(h, jsonPost("/api/forms/partnership", map[string]any{"name": name, "company": company, "email": "ceo@bigco.example"})), http.StatusOK, ok)
		}
		inquiry("Someone", "junk")
		inquiry("Real CEO", "BigCo Ltd")
		inquiry("Real CEO", "BigCo Ltd") // a retry
		var companies []string
		for _, l := range leads(t, s) {
			if l.Form == "partnership" {
				companies = append(companies, l.Company)
			}
		}
		if strings.Join(companies, ", ") != "junk, BigCo Ltd" {
			t.Errorf("partnership leads from %v, want junk and BigCo Ltd once each", companies)
		}
	})
}

func TestConcurrentDuplicatesStoredOnce(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		h := Handler(s, noLimit)
		var wg sync.WaitGroup
		for i := 0; i < 20; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := do(h, jsonPost("/api/forms/newsletter", map[string]any{"email": "same@example.in"}))
				if res.StatusCode != http.StatusOK {
					t.Errorf("status %d", res.StatusCode)
				}
			}()
		}
		wg.Wait()
		if n := len(leads(t, s)); n != 1 {
			t.Errorf("%d leads stored from 20 simultaneous copies, want 1", n)
		}
	})
}

func TestFieldLengthCaps(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		h := Handler(s, noLimit)
		long := strings.Repeat("क", 201) // characters, not bytes
		expect(t, do(h, jsonPost("/api/forms/editorial", map[string]any{
			"name": long, "email": "a@example.in", "company": strings.Repeat("c", 201), "phone": strings.Repeat("9", 41),
		})), http.StatusBadRequest, answer{Errors: []FieldError{
			{"name", "String must contain at most 200 character(s)"},
			{"phone", "String must contain at most 40 character(s)"},
			{"company", "String must contain at most 200 character(s)"},
		}})
		expect(t, do(h, jsonPost("/api/forms/launch", map[string]any{
			"name": "Asha", "email": "a@example.in", "message": strings.Repeat("m", 1001),
		})), http.StatusBadRequest, answer{Errors: []FieldError{{"message", "String must contain at most 1000 character(s)"}}})
		expect(t, do(h, jsonPost("/api/forms/editorial", map[string]any{
			"name": strings.Repeat("क", 200), "email": "b@example.in", "_subject": strings.Repeat("s", 201),
		})), http.StatusBadRequest, answer{Errors: []FieldError{{"_subject", "String must contain at most 200 character(s)"}}})
		if n := len(leads(t, s)); n != 0 {
			t.Errorf("%d oversized leads stored", n)
		}
		expect(t, do(h, jsonPost("/api/forms/editorial", map[string]any{
			"name": strings.Repeat("क", 200), "email": "b@example.in", "phone": strings.Repeat("9", 40),
		})), http.StatusOK, ok)
	})
}

func TestNULRefused(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		h := Handler(s, noLimit)
		expect(t, do(h, jsonPost("/api/forms/launch", map[string]any{"name": "As\x00ha", "email": "a@example.in"})),
			http.StatusBadRequest, answer{Errors: []FieldError{{"name", "Invalid input: contains a NUL character"}}})
		res := do(h, request{path: "/api/forms/editorial", ctype: "application/x-www-form-urlencoded", accept: "application/json",
			body: strings.NewReader("name=Asha&email=a%40example.in&company=X%00Y")})
		expect(t, res, http.StatusBadRequest, answer{Errors: []FieldError{{"company", "Invalid input: contains a NUL character"}}})
		if n := len(leads(t, s)); n != 0 {
			t.Errorf("%d leads with NUL stored", n)
		}
	})
}

// Invisible characters that run in a terminal (ESC, BEL, CR, the C1 CSI,
// DEL) or reorder text (U+202E, U+2066) are refused in one-line fields; a
// message keeps its line breaks, stored as \n, and its tabs.
func TestInvisibleCharactersRefused(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		h := Handler(s, noLimit)
		for _, c := range []struct {
			field, value string
			char         rune
		}{
			{"name", "Asha\x1b[2J Rao", 0x1b}, {"email", "a\a@example.in", 0x07}, {"company", "Rao\rSons", 0x0d},
			{"phone", "98765\u009b43210", 0x9b}, {"_subject", "Hi\x7f!", 0x7f},
			{"name", "evil\u202Egpj.exe", 0x202e}, {"name", "\u2066Asha\u2069 Rao", 0x2066},
		} {
			fields := map[string]any{"name": "Asha Rao", "email": "a@example.in", "company": "Rao & Sons"}
			fields[c.field] = c.value
			want := answer{Errors: []FieldError{{c.field, fmt.Sprintf("Invalid input: contains an invisible control character (U+%04X)", c.char)}}}
			expect(t, do(h, jsonPost("/api/forms/editorial", fields)), http.StatusBadRequest, want)
		}
		expect(t, do(h, jsonPost("/api/forms/launch", map[string]any{"name": "Asha", "email": "a@example.in", "message": "one\x1b]0;pwned\a"})),
			http.StatusBadRequest, answer{Errors: []FieldError{{"message", "Invalid input: contains an invisible control character (U+001B)"}}})
		if n := len(leads(t, s)); n != 0 {
			t.Errorf("%d leads with invisible characters stored", n)
		}
		expect(t, do(h, jsonPost("/api/forms/launch", map[string]any{"name": "Asha", "email": "a@example.in", "message": "one\r\ntwo\rthree\n\tfour"})),
			http.StatusOK, ok)
		if got := leads(t, s); len(got) != 1 || got[0].Message != "one\ntwo\nthree\n\tfour" {
			t.Errorf("stored %+v, want the message's line breaks as \\n", got)
		}
		// The User-Agent is no form field: its invisible characters are replaced.
		q := jsonPost("/api/forms/newsletter", map[string]any{"email": "ua@example.in"})
		q.header = map[string]string{"User-Agent": "Bot\xc2\x9b31m/1.0"}
		expect(t, do(h, q), http.StatusOK, ok)
		if got := leads(t, s); len(got) != 2 || got[1].UserAgent != "Bot\uFFFD31m/1.0" {
			t.Errorf("User-Agent stored as %q", got[len(got)-1].UserAgent)
		}
	})
}
