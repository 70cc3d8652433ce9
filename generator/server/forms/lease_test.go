package forms

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/testkit/pgtest"
)

// addLeads stores n newsletter leads in one transaction (a commit each
// would take SQLite minutes of fsyncs).
func addLeads(t testing.TB, s *Store, n int) {
	t.Helper()
	tx, err := s.db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	at := time.Date(2025, 9, 1, 0, 0, 0, 0, time.UTC)
	for i := range n {
		if _, err := tx.Exec(`INSERT INTO leads (uid, form, email, created_at) VALUES ($1, 'newsletter', $2, $3)`,
			newUID(), fmt.Sprintf("reader%d@example.in", i), s.timeArg(at.Add(time.Duration(i)*time.Second))); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

// counter is a receiver that counts each lead it accepted, and which run
// (the X-Run header) sent it.
type counter struct {
	mu     sync.Mutex
	got    map[string]int // uid -> times accepted
	perRun map[string]int
}

func newCounter(t *testing.T) (*counter, string) {
	c := &counter{got: map[string]int{}, perRun: map[string]int{}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.mu.Lock()
		defer c.mu.Unlock()
		c.got[r.Header.Get("Idempotency-Key")]++
		c.perRun[r.Header.Get("X-Run")]++
	}))
	t.Cleanup(srv.Close)
	return c, srv.URL + "/hook"
}

// labelled sends an X-Run header with every request.
type labelled string

func (l labelled) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("X-Run", string(l))
	return http.DefaultTransport.RoundTrip(r)
}

// Two runs at once (a cron run overlapping a manual one) share the leads:
// each is delivered once, and each run counts what it delivered.
func TestConcurrentForwardsDeliverEachLeadOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("forwards hundreds of leads")
	}
	eachStore(t, func(t *testing.T, s *Store) {
		const n = 12 * leaseBatch // enough claims for the runs to overlap
		addLeads(t, s, n)
		rc, to := newCounter(t)
		runs := []string{"a", "b"}
		delivered := make([]int, len(runs))
		errs := make([]error, len(runs))
		var wg sync.WaitGroup
		for i, run := range runs {
			wg.Go(func() {
				opt := quick
				opt.To, opt.Client = to, &http.Client{Transport: labelled(run), Timeout: 10 * time.Second}
				delivered[i], errs[i] = s.Forward(context.Background(), opt)
			})
		}
		wg.Wait()
		for i, run := range runs {
			if errs[i] != nil {
				t.Errorf("run %s: %v", run, errs[i])
			}
			if delivered[i] != rc.perRun[run] {
				t.Errorf("run %s reports %d delivered; the receiver took %d from it", run, delivered[i], rc.perRun[run])
			}
			if delivered[i] == 0 {
				t.Errorf("run %s delivered nothing: the runs must share the work", run)
			}
		}
		twice := 0
		for _, times := range rc.got {
			if times > 1 {
				twice++
			}
		}
		if len(rc.got) != n || twice > 0 || delivered[0]+delivered[1] != n {
			t.Errorf("%d leads received (want %d), %d of them more than once; runs report %d + %d",
				len(rc.got), n, twice, delivered[0], delivered[1])
		}
	})
}

const forwardChildEnv = "FORMS_FORWARD_CHILD" // the store, a space, the receiver

// TestForwardChild is the run that TestKilledForwardsLeaseExpires kills
// while it sends a lead.
func TestForwardChild(t *testing.T) {
	where, to, ok := strings.Cut(os.Getenv(forwardChildEnv), " ")
	if !ok {
		t.Skip("child process of TestKilledForwardsLeaseExpires")
	}
	s, err := openWhere(where)
	if err != nil {
		t.Fatal(err)
	}
	opt := ForwardOptions{To: to, Attempts: 1, lease: childLease,
		Client: &http.Client{Transport: labelled("child"), Timeout: time.Minute}}
	s.Forward(context.Background(), opt)
}

// Long enough for this test to forward the leads outside the killed run's
// batch while its leases hold (tens of milliseconds; it says so when not).
const childLease = 1500 * time.Millisecond

// A run killed while it sends a lead cannot give its lease up: until the
// lease expires other runs leave that lead alone, and then one sends it.
func TestKilledForwardsLeaseExpires(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a child process")
	}
	for _, st := range []struct {
		name  string
		where func(t testing.TB) string
	}{{"sqlite", func(t testing.TB) string { return t.TempDir() }}, {"postgres", pgtest.URL}} {
		t.Run(st.name, func(t *testing.T) {
			t.Parallel() // each waits for a lease to expire
			where := st.where(t)
			s, err := openWhere(where)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			// The child claims the first batch; the leads after it are free.
			const n = leaseBatch + 5
			addLeads(t, s, n)

			sending := make(chan string, 1)
			var mu sync.Mutex
			got := map[string]int{}
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				uid := r.Header.Get("Idempotency-Key")
				if r.Header.Get("X-Run") == "child" {
					sending <- uid
					// Never answered: the child dies waiting. (The server
					// notices a closed connection once the body is read.)
					io.Copy(io.Discard, r.Body)
					<-r.Context().Done()
					return
				}
				mu.Lock()
				got[uid]++
				mu.Unlock()
			}))
			defer srv.Close()

			cmd := exec.Command(os.Args[0], "-test.run=^TestForwardChild$")
			cmd.Env = append(os.Environ(), forwardChildEnv+"="+where+" "+srv.URL)
			cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
			cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			var first string
			select {
			case first = <-sending:
			case <-time.After(30 * time.Second):
				t.Fatal("the child never sent a lead")
			}
			cmd.Process.Signal(syscall.SIGKILL)
			cmd.Wait()
			killed := time.Now()

			opt := quick
			opt.To = srv.URL
			sent, err := s.Forward(context.Background(), opt)
			if err != nil {
				t.Fatal(err)
			}
			mu.Lock()
			early := got[first]
			mu.Unlock()
			switch {
			case time.Since(killed) >= childLease:
				t.Logf("this machine took longer than the lease (%v) to forward %d leads: not checked that the leases held", childLease, sent)
			case sent != n-leaseBatch || early != 0:
				t.Errorf("while the killed run's leases hold: %d delivered (want the %d after its batch), its lead %d time(s) (want 0)",
					sent, n-leaseBatch, early)
			}
			for deadline := killed.Add(childLease + 20*time.Second); sent < n && time.Now().Before(deadline); {
				time.Sleep(200 * time.Millisecond)
				more, err := s.Forward(context.Background(), opt)
				if err != nil {
					t.Fatal(err)
				}
				sent += more
			}
			mu.Lock()
			defer mu.Unlock()
			if sent != n || len(got) != n || got[first] != 1 {
				t.Errorf("after the leases expired: %d delivered, %d leads received, the one being sent when killed %d time(s); want %d, %d, 1",
					sent, len(got), got[first], n, n)
			}
		})
	}
}
