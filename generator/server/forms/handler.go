package forms

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log"
	"math"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// Options tune the collector. The zero value is what `magazine serve` wants.
type Options struct {
	// PerMinute is how many submissions one client address may make a
	// minute once its burst is spent. 0 means 10; negative turns the rate
	// limit off.
	PerMinute float64
	// Burst is how many submissions a client may make back to back. 0 means 5.
	Burst int
	// TrustForwardedFor takes the client address from the last entry of
	// X-Forwarded-For, the one the reverse proxy in front of us appended.
	// Only set it behind such a proxy: otherwise anyone can claim any
	// address and walk around the rate limit.
	TrustForwardedFor bool
	// MaxBody is the largest request body accepted, in bytes. 0 means 64 KiB.
	MaxBody int64
	// Now is the clock for the rate limit and the leads' created_at. nil
	// means time.Now.
	Now func() time.Time
	// Log receives storage errors. nil means log.Default().
	Log *log.Logger
	// TrustedOrigins are origins ("https://nivaran.example") whose pages
	// may post here besides the one the request's Host names: the site's
	// base URL, for a collector behind a proxy that rewrites Host.
	TrustedOrigins []string
	// DedupeWindow: the same submission again (address and fields) to the
	// same form within this long is acknowledged but not stored again. 0
	// means DefaultDedupeWindow; negative turns deduplication off.
	DedupeWindow time.Duration
}

// DefaultDedupeWindow is long enough to cover a reader retrying after a lost
// answer or a double click, short enough that a later sign-up counts again.
const DefaultDedupeWindow = 10 * time.Minute

// tidyEvery is how often a collector deletes rate-limit and dedupe rows
// that no longer change anything.
const tidyEvery = 10 * time.Minute

// Prefix is where Handler expects to be mounted.
const Prefix = "/api/forms/"

// thankYou is where a plain browser post lands afterwards.
const thankYou = "/thank-you/"

const (
	defaultPerMinute = 10
	defaultBurst     = 5
	defaultMaxBody   = 64 << 10
)

// Handler serves POST /api/forms/{launch,editorial,partnership,newsletter}.
// Mount it at Prefix: mux.Handle(forms.Prefix, forms.Handler(store, opt)).
// It panics on a malformed TrustedOrigins entry (a programming error: the
// command line checks the base URL first).
func Handler(store *Store, opt Options) http.Handler {
	if opt.PerMinute == 0 {
		opt.PerMinute = defaultPerMinute
	}
	if opt.Burst <= 0 {
		opt.Burst = defaultBurst
	}
	if opt.MaxBody <= 0 {
		opt.MaxBody = defaultMaxBody
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.Log == nil {
		opt.Log = log.Default()
	}
	if opt.DedupeWindow == 0 {
		opt.DedupeWindow = DefaultDedupeWindow
	}
	h := &collector{store: store, opt: opt, origins: http.NewCrossOriginProtection()}
	for _, o := range opt.TrustedOrigins {
		if err := h.origins.AddTrustedOrigin(o); err != nil {
			panic(err)
		}
	}
	if opt.PerMinute > 0 {
		h.limit = newLimiter(store, opt.PerMinute, opt.Burst, opt.Now)
	}
	return h
}

type collector struct {
	store   *Store
	opt     Options
	limit   *limiter // nil when rate limiting is off
	origins *http.CrossOriginProtection

	mu       sync.Mutex
	lastTidy time.Time
}

// answer is the JSON body of every reply, in the hosted services' shape.
type answer struct {
	OK     bool         `json:"ok,omitempty"`
	Errors []FieldError `json:"errors,omitempty"`
}

func (c *collector) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	name := strings.TrimPrefix(strings.TrimPrefix(r.URL.Path, strings.TrimSuffix(Prefix, "/")), "/")
	f, ok := catalogue[name]
	if !ok {
		fail(w, http.StatusNotFound, "Unknown form")
		return
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		fail(w, http.StatusMethodNotAllowed, "Method not allowed: use POST")
		return
	}
	asJSON := wantsJSON(r)
	// A reader's plain HTML form post is answered with a page, never with
	// JSON they would see raw: when it is too long, too many, or not saved.
	refuse := func(status int, msg string) {
		if asJSON {
			fail(w, status, msg)
		} else {
			redirect(w, r, f, true)
		}
	}
	// A page on another site must not post leads here (CSRF): modern
	// browsers say where a request comes from in Sec-Fetch-Site, older ones
	// in Origin, which must then name this host or the site's base URL.
	// Posts with neither header are same-origin or not from a browser.
	if err := c.origins.Check(r); err != nil {
		fail(w, http.StatusForbidden, "Cross-site submission refused") // not a page of ours to send back to
		return
	}
	ip := c.clientIP(r)
	c.tidy(r.Context())
	if c.limit != nil {
		ok, wait, err := c.limit.allow(r.Context(), clientKey(ip))
		if err != nil {
			// Fail open: the lead is worth more than the limit, and a
			// database that cannot count will say so when storing.
			c.opt.Log.Printf("forms: rate limit: %v", err)
		} else if !ok {
			w.Header().Set("Retry-After", strconv.Itoa(int(math.Max(1, math.Ceil(wait.Seconds())))))
			refuse(http.StatusTooManyRequests, "Too many submissions. Please try again in a minute.")
			return
		}
	}

	in, status, msg := c.read(w, r)
	switch {
	case status == http.StatusRequestEntityTooLarge:
		refuse(status, msg) // a reader's too long message
		return
	case status != 0:
		fail(w, status, msg) // no body a browser's form sends
		return
	}

	// A filled spam trap gets the answer a person would, so the bot learns
	// nothing, and the submission goes nowhere.
	if g := in[fieldGotcha]; g.kind != "" || strings.TrimSpace(g.s) != "" {
		c.accepted(w, r, f, asJSON)
		return
	}

	fields, errs := f.validate(in)
	if len(errs) > 0 {
		if asJSON {
			reply(w, http.StatusBadRequest, answer{Errors: errs})
		} else {
			redirect(w, r, f, true)
		}
		return
	}
	l := &lead{
		Form: f.name, Name: fields["name"], Email: fields["email"], Phone: fields["phone"],
		Company: fields["company"], Subject: fields["subject"], Message: fields["message"],
		ClientIP: ip, UserAgent: visible(clip(strings.ToValidUTF8(r.UserAgent(), "\uFFFD"), 512)), CreatedAt: c.opt.Now(),
	}
	if l.Subject == "" {
		l.Subject = fields[fieldSubject]
	}
	// A duplicate gets the same answer: the reader's retry has succeeded.
	if _, err := c.store.add(r.Context(), l, c.opt.DedupeWindow); err != nil {
		c.opt.Log.Printf("forms: saving a %s lead: %v", f.name, err)
		refuse(http.StatusInternalServerError, "Your submission could not be saved. Please try again.")
		return
	}
	c.accepted(w, r, f, asJSON)
}

// tidy deletes rows that no longer change anything: rate-limit entries
// whose allowance has refilled (a missing row is a full allowance) and
// dedupe entries older than the window. At most once per tidyEvery per
// process; a failure only leaves the rows for next time.
func (c *collector) tidy(ctx context.Context) {
	now := c.opt.Now()
	c.mu.Lock()
	due := now.Sub(c.lastTidy) >= tidyEvery
	if due {
		c.lastTidy = now
	}
	c.mu.Unlock()
	if !due {
		return
	}
	c.store.db.ExecContext(ctx, `DELETE FROM rate_limits WHERE tat_ms < $1`, now.UnixMilli())
	if c.opt.DedupeWindow > 0 {
		for _, table := range dedupeTables {
			c.store.db.ExecContext(ctx, `DELETE FROM `+table+` WHERE stored_ms <= $1`, now.Add(-c.opt.DedupeWindow).UnixMilli())
		}
	}
}

func (c *collector) accepted(w http.ResponseWriter, r *http.Request, f form, asJSON bool) {
	if asJSON {
		reply(w, http.StatusOK, answer{OK: true})
	} else {
		redirect(w, r, f, false)
	}
}

// read parses the body, whatever its encoding, into one value per field
// (the first, when a field repeats). A non-zero status means it failed.
func (c *collector) read(w http.ResponseWriter, r *http.Request) (map[string]value, int, string) {
	const tooLarge = "Submission too large"
	if r.ContentLength > c.opt.MaxBody {
		return nil, http.StatusRequestEntityTooLarge, tooLarge
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, c.opt.MaxBody))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, http.StatusRequestEntityTooLarge, tooLarge
		}
		return nil, http.StatusBadRequest, "Could not read the submission"
	}
	ctype, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch ctype {
	case "application/json":
		return readJSON(body)
	case "application/x-www-form-urlencoded":
		q, err := url.ParseQuery(string(body))
		if err != nil {
			return nil, http.StatusBadRequest, "Malformed form body"
		}
		return firsts(q), 0, ""
	case "multipart/form-data":
		if params["boundary"] == "" {
			return nil, http.StatusBadRequest, "Malformed form body"
		}
		// The whole body is already in memory and capped, so nothing spills
		// to temporary files.
		mf, err := multipart.NewReader(bytes.NewReader(body), params["boundary"]).ReadForm(c.opt.MaxBody)
		if err != nil {
			return nil, http.StatusBadRequest, "Malformed form body"
		}
		defer mf.RemoveAll()
		return firsts(mf.Value), 0, ""
	}
	return nil, http.StatusUnsupportedMediaType,
		"Send the form as application/json, multipart/form-data or application/x-www-form-urlencoded"
}

func readJSON(body []byte) (map[string]value, int, string) {
	var raw map[string]any
	if err := json.Unmarshal(body, &raw); err != nil || raw == nil {
		return nil, http.StatusBadRequest, "The body must be a JSON object"
	}
	in := make(map[string]value, len(raw))
	for k, v := range raw {
		switch v := v.(type) {
		case string:
			in[k] = value{s: v}
		case nil: // null is an absent field, as forms send for untouched inputs
		case float64:
			in[k] = value{kind: "number"}
		case bool:
			in[k] = value{kind: "boolean"}
		case []any:
			in[k] = value{kind: "array"}
		default:
			in[k] = value{kind: "object"}
		}
	}
	return in, 0, ""
}

func firsts(q map[string][]string) map[string]value {
	in := make(map[string]value, len(q))
	for k, v := range q {
		if len(v) > 0 {
			in[k] = value{s: v[0]}
		}
	}
	return in
}

func (c *collector) clientIP(r *http.Request) string { return ClientAddr(r, c.opt.TrustForwardedFor) }

// ClientAddr is the address a request came from: the TCP peer, or the
// proxy's X-Forwarded-For entry when trustForwardedFor (see Options).
func ClientAddr(r *http.Request, trustForwardedFor bool) string {
	if trustForwardedFor {
		if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			parts := strings.Split(xff[len(xff)-1], ",")
			if ip := strings.TrimSpace(parts[len(parts)-1]); ip != "" {
				return ip
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// wantsJSON: fetch() callers ask for JSON (or send it); a plain HTML form
// post does neither and is answered with a redirect to a page.
func wantsJSON(r *http.Request) bool {
	for _, part := range strings.Split(r.Header.Get("Accept"), ",") {
		if t, _, err := mime.ParseMediaType(strings.TrimSpace(part)); err == nil && t == "application/json" {
			return true
		}
	}
	t, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return t == "application/json"
}

func redirect(w http.ResponseWriter, r *http.Request, f form, failed bool) {
	to := thankYou + "?form=" + url.QueryEscape(f.name)
	if failed {
		to += "&error=1"
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

func fail(w http.ResponseWriter, status int, msg string) {
	reply(w, status, answer{Errors: []FieldError{{Message: msg}}})
}

func reply(w http.ResponseWriter, status int, a answer) {
	b, _ := json.Marshal(a)
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)+1))
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// clip cuts s to at most n bytes without splitting a character.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
