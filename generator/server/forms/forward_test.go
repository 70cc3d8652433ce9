package forms

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// receiver is a CRM endpoint that fails each lead's first failFirst posts
// (503), then accepts it, remembering everything it was sent.
type receiver struct {
	failFirst int

	mu    sync.Mutex
	tries map[string]int // per uid
	got   []map[string]any
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var body map[string]any
	b, _ := io.ReadAll(r.Body)
	if err := json.Unmarshal(b, &body); err != nil || r.Header.Get("Content-Type") != "application/json" {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	uid, _ := body["uid"].(string)
	if uid == "" || r.Header.Get("Idempotency-Key") != uid {
		http.Error(w, "no lead id", http.StatusBadRequest)
		return
	}
	rc.mu.Lock()
	defer rc.mu.Unlock()
	rc.tries[uid]++
	if rc.tries[uid] <= rc.failFirst {
		http.Error(w, "try later", http.StatusServiceUnavailable)
		return
	}
	rc.got = append(rc.got, body)
}

func (rc *receiver) received() []map[string]any {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]map[string]any(nil), rc.got...)
}

func newReceiver(t *testing.T, failFirst int) (*receiver, string) {
	rc := &receiver{failFirst: failFirst, tries: map[string]int{}}
	srv := httptest.NewServer(rc)
	t.Cleanup(srv.Close)
	return rc, srv.URL + "/hooks/leads"
}

var quick = ForwardOptions{Attempts: 4, Backoff: time.Millisecond, MaxBackoff: 5 * time.Millisecond}

func forward(t *testing.T, s *Store, to string, opt ForwardOptions) (int, error) {
	t.Helper()
	opt.To = to
	return s.Forward(context.Background(), opt)
}

func TestForwardRetriesUntilDelivered(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		fixture(t, s)
		rc, to := newReceiver(t, 2) // every lead fails twice first
		var log strings.Builder
		opt := quick
		opt.Log = &log
		n, err := forward(t, s, to, opt)
		if err != nil || n != 3 {
			t.Fatalf("forwarded %d, %v; want 3, nil", n, err)
		}
		got := rc.received()
		if len(got) != 3 || got[0]["email"] != "asha@example.in" || got[2]["form"] != "newsletter" ||
			got[0]["created_at"] != "2025-08-31T23:00:00.000Z" || got[1]["id"] != 2.0 {
			t.Errorf("received %v", got)
		}
		if !strings.Contains(log.String(), "lead 1 (editorial, 2025-08-31T23:00:00.000Z) delivered after 3 attempt(s)") {
			t.Errorf("log: %q", log.String())
		}
		// Recorded: a second run sends nothing.
		if n, err := forward(t, s, to, quick); n != 0 || err != nil || len(rc.received()) != 3 {
			t.Errorf("second run: %d, %v, %d received; want nothing new", n, err, len(rc.received()))
		}
		// Another destination gets every lead.
		rc2, to2 := newReceiver(t, 0)
		if n, err := forward(t, s, to2, quick); n != 3 || err != nil || len(rc2.received()) != 3 {
			t.Errorf("new destination: %d, %v", n, err)
		}
	})
}

func TestForwardCrashBetweenSendAndRecordSendsAgain(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		fixture(t, s)
		rc, to := newReceiver(t, 0)
		crash := errors.New("killed")
		opt := quick
		opt.sent = func(*lead) error { return crash }
		if n, err := forward(t, s, to, opt); n != 0 || !errors.Is(err, crash) {
			t.Fatalf("crashing run: %d, %v", n, err)
		}
		first := rc.received()
		if len(first) != 1 {
			t.Fatalf("%d received before the crash, want 1", len(first))
		}
		if n, err := forward(t, s, to, quick); n != 3 || err != nil {
			t.Fatalf("next run: %d, %v; want 3", n, err)
		}
		got := rc.received()
		if len(got) != 4 || got[1]["uid"] != first[0]["uid"] {
			t.Errorf("the unrecorded lead must arrive again with the same uid: %v", got)
		}
	})
}

func TestForwardGivesUpInOrder(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		fixture(t, s)
		rc, to := newReceiver(t, 1000) // down for good
		n, err := forward(t, s, to, quick)
		if n != 0 || err == nil || !strings.Contains(err.Error(), "lead 1: ") ||
			!strings.Contains(err.Error(), "503 Service Unavailable (after 4 attempts)") {
			t.Fatalf("got %d, %v", n, err)
		}
		rc.mu.Lock()
		tries := len(rc.tries)
		rc.mu.Unlock()
		if tries != 1 {
			t.Errorf("%d leads tried; later leads must wait for the first", tries)
		}
		// Back up: everything goes, oldest first.
		rc.mu.Lock()
		rc.failFirst = 0
		rc.mu.Unlock()
		if n, err := forward(t, s, to, quick); n != 3 || err != nil {
			t.Errorf("after recovery: %d, %v", n, err)
		}
	})
}

func TestForwardSince(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		fixture(t, s)
		rc, to := newReceiver(t, 0)
		opt := quick
		opt.Since = time.Date(2025, 8, 31, 23, 1, 0, 0, time.UTC)
		if n, err := forward(t, s, to, opt); n != 2 || err != nil {
			t.Fatalf("%d, %v; want 2", n, err)
		}
		if got := rc.received(); got[0]["id"] != 2.0 {
			t.Errorf("first forwarded: %v", got[0])
		}
	})
}

func TestCheckDestination(t *testing.T) {
	for _, ok := range []string{"https://crm.example/hook", "http://127.0.0.1:9000/x", "http://localhost/x", "http://[::1]:80/"} {
		if err := CheckDestination(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{"http://crm.example/hook", "crm.example", "ftp://x/y", "/relative", ""} {
		if err := CheckDestination(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}
