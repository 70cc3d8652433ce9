package forms

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/testkit/pgtest"
)

func TestOpenSettings(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data?#odd")
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var mode string
	var sync, busy int
	if err := s.db.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q (%v), want wal", mode, err)
	}
	if err := s.db.QueryRow("PRAGMA synchronous").Scan(&sync); err != nil || sync != 2 {
		t.Errorf("synchronous = %d (%v), want 2 (FULL)", sync, err)
	}
	if err := s.db.QueryRow("PRAGMA busy_timeout").Scan(&busy); err != nil || busy <= 0 {
		t.Errorf("busy_timeout = %d (%v), want > 0", busy, err)
	}
	fi, err := os.Stat(filepath.Join(dir, DBFile))
	if err != nil {
		t.Fatal(err)
	}
	if perm := fi.Mode().Perm(); perm != 0o600 {
		t.Errorf("%s mode %o, want 600: leads are personal data", DBFile, perm)
	}
}

func TestReopenKeepsLeads(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	s.add(context.Background(), &lead{Form: "newsletter", Email: "a@b.co", CreatedAt: time.Now()}, 0)
	s.Close()
	s, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got := leads(t, s); len(got) != 1 || got[0].Email != "a@b.co" {
		t.Errorf("after reopening: %+v", got)
	}
}

func fixture(t *testing.T, s *Store) *Store {
	at := time.Date(2025, 9, 1, 4, 30, 0, 0, time.FixedZone("IST", 5*3600+1800))
	for _, l := range []lead{
		{Form: "editorial", Name: "Asha Rao", Email: "asha@example.in", Phone: "+91 98765 43210",
			Company: "Rao, Sons & Co", Subject: "New editorial inquiry", ClientIP: "203.0.113.7",
			UserAgent: "Mozilla/5.0", CreatedAt: at},
		{Form: "launch", Name: "=HYPERLINK(\"http://x\")", Email: "v@example.in",
			Subject: "Launch Update Subscription", Message: "line one\nline \"two\"", CreatedAt: at.Add(time.Minute)},
		{Form: "newsletter", Email: "reader@example.in", CreatedAt: at.Add(2 * time.Minute)},
	} {
		if _, err := s.add(context.Background(), &l, 0); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

const wantCSV = `id,form,name,email,phone,company,subject,message,client_ip,user_agent,created_at
1,editorial,Asha Rao,asha@example.in,'+91 98765 43210,"Rao, Sons & Co",New editorial inquiry,,203.0.113.7,Mozilla/5.0,2025-08-31T23:00:00.000Z
2,launch,"'=HYPERLINK(""http://x"")",v@example.in,,,Launch Update Subscription,"line one
line ""two""",,,2025-08-31T23:01:00.000Z
3,newsletter,,reader@example.in,,,,,,,2025-08-31T23:02:00.000Z
`

func TestExportCSV(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		var b bytes.Buffer
		if err := fixture(t, s).Export(&b, "csv", time.Time{}); err != nil {
			t.Fatal(err)
		}
		if b.String() != wantCSV {
			t.Errorf("got\n%s\nwant\n%s", b.String(), wantCSV)
		}
	})
}

func TestExportSince(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		fixture(t, s)
		lines := strings.Split(wantCSV, "\n")
		for _, c := range []struct {
			since time.Time
			want  string
		}{
			{time.Date(2025, 8, 31, 23, 1, 0, 0, time.UTC), strings.Join(append(lines[:1:1], lines[2:]...), "\n")},
			{time.Date(2025, 8, 31, 23, 1, 0, 1e6, time.UTC), strings.Join(append(lines[:1:1], lines[4:]...), "\n")},
			{time.Date(2025, 9, 1, 0, 0, 0, 0, time.UTC), lines[0] + "\n"},
		} {
			var b bytes.Buffer
			if err := s.Export(&b, "csv", c.since); err != nil {
				t.Fatal(err)
			}
			if b.String() != c.want {
				t.Errorf("since %s: got\n%s\nwant\n%s", c.since, b.String(), c.want)
			}
		}
	})
}

func TestExportJSON(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		var b bytes.Buffer
		if err := fixture(t, s).Export(&b, "json", time.Time{}); err != nil {
			t.Fatal(err)
		}
		var got []map[string]any
		if err := json.Unmarshal(b.Bytes(), &got); err != nil {
			t.Fatalf("%v\n%s", err, b.String())
		}
		if len(got) != 3 {
			t.Fatalf("%d leads, want 3", len(got))
		}
		first := map[string]any{"id": 1.0, "form": "editorial", "name": "Asha Rao", "email": "asha@example.in",
			"phone": "+91 98765 43210", "company": "Rao, Sons & Co", "subject": "New editorial inquiry",
			"message": "", "client_ip": "203.0.113.7", "user_agent": "Mozilla/5.0",
			"created_at": "2025-08-31T23:00:00.000Z"}
		for k, v := range first {
			if got[0][k] != v {
				t.Errorf("first lead %s = %v, want %v", k, got[0][k], v)
			}
		}
		if len(got[0]) != len(columns) {
			t.Errorf("first lead has keys %v, want %v", got[0], columns)
		}
		// JSON keeps values exactly; only CSV defuses formulas.
		if got[1]["name"] != "=HYPERLINK(\"http://x\")" || got[2]["id"] != 3.0 {
			t.Errorf("order or values wrong: %v", got)
		}
	})
}

func TestExportEmptyAndBadFormat(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		var b bytes.Buffer
		if err := s.Export(&b, "json", time.Time{}); err != nil || b.String() != "[]\n" {
			t.Errorf("empty json: %q, %v", b.String(), err)
		}
		b.Reset()
		if err := s.Export(&b, "csv", time.Time{}); err != nil || b.String() != strings.Join(columns, ",")+"\n" {
			t.Errorf("empty csv: %q, %v", b.String(), err)
		}
		if err := s.Export(&b, "xml", time.Time{}); !errors.Is(err, errFormat) {
			t.Errorf("xml: %v, want errFormat", err)
		}
	})
}

const childEnv = "FORMS_KILL9_DATA"

// TestKillNineChild is the server half of TestKillNineKeepsAcknowledgedLead,
// run in a child process. It serves until its stdin closes, so it ends by
// itself if the parent dies before killing it.
func TestKillNineChild(t *testing.T) {
	where := os.Getenv(childEnv)
	if where == "" {
		t.Skip("child process of TestKillNineKeepsAcknowledgedLead")
	}
	s, err := openWhere(where)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle(Prefix, Handler(s, Options{PerMinute: -1}))
	srv := &http.Server{Handler: mux}
	go srv.Serve(ln)
	os.Stdout.WriteString("ADDR " + ln.Addr().String() + "\n")
	io.Copy(io.Discard, os.Stdin)
	srv.Close()
	s.Close()
}

// openWhere opens a PostgreSQL URL or a SQLite data folder.
func openWhere(where string) (*Store, error) {
	if IsDatabaseURL(where) {
		return OpenPostgres(where)
	}
	return Open(where)
}

func TestKillNineKeepsAcknowledgedLead(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a child process")
	}
	t.Run("sqlite", func(t *testing.T) { killNine(t, t.TempDir()) })
	t.Run("postgres", func(t *testing.T) { killNine(t, pgtest.URL(t)) })
}

func killNine(t *testing.T, where string) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestKillNineChild$")
	cmd.Env = append(os.Environ(), childEnv+"="+where)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()

	var addr string
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		if a, ok := strings.CutPrefix(sc.Text(), "ADDR "); ok {
			addr = a
			break
		}
	}
	if addr == "" {
		cmd.Wait()
		t.Fatal("child never printed its address")
	}
	go io.Copy(io.Discard, stdout)

	// Several leads at once: were any answered before its commit, the commits
	// still queued behind it would die with the process.
	const n = 20
	errs := make(chan error, n)
	for i := 0; i < n; i++ {
		go func() {
			body := fmt.Sprintf(`{"name":"Meera Iyer","email":"meera%d@example.in"}`, i)
			res, err := http.Post("http://"+addr+"/api/forms/launch", "application/json", strings.NewReader(body))
			if err == nil {
				res.Body.Close()
				if res.StatusCode != http.StatusOK {
					err = fmt.Errorf("lead %d: status %d", i, res.StatusCode)
				}
			}
			errs <- err
		}()
	}
	for i := 0; i < n; i++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	// The answer is in: kill -9 at once, no chance to flush or close anything.
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("child ended with %v, want killed by SIGKILL", cmd.ProcessState)
	}

	s, err := openWhere(where)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	seen := map[string]bool{}
	for _, l := range leads(t, s) {
		seen[l.Email] = l.Name == "Meera Iyer"
	}
	for i := 0; i < n; i++ {
		if e := fmt.Sprintf("meera%d@example.in", i); !seen[e] {
			t.Errorf("after kill -9: acknowledged lead %s is missing", e)
		}
	}
	if len(seen) != n {
		t.Errorf("after kill -9: %d leads, want %d", len(seen), n)
	}
}

// A leads.db written by the first collector (no schema_version, no uid)
// is brought up to date in place, its leads kept.
func TestMigratesAFirstVersionDatabase(t *testing.T) {
	dir := t.TempDir()
	old, err := sql.Open("sqlite", filepath.Join(dir, DBFile))
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range append(migrations[0].sqlite,
		`INSERT INTO leads (form, email, created_at) VALUES ('newsletter', 'a@example.in', '2025-09-01T10:00:00.000Z')`,
		`INSERT INTO leads (form, email, created_at) VALUES ('newsletter', 'b@example.in', '2025-09-01T10:01:00.000Z')`) {
		if _, err := old.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	old.Close()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var got []*lead
	s.each(context.Background(), time.Time{}, func(l *lead) error { got = append(got, l); return nil })
	if len(got) != 2 || got[1].Email != "b@example.in" || len(got[0].UID) != 32 || got[0].UID == got[1].UID {
		t.Fatalf("after migrating: %+v %+v", got[0], got[1])
	}
	var version int
	s.db.QueryRow(`SELECT version FROM schema_version`).Scan(&version)
	if version != len(migrations) {
		t.Errorf("schema version %d, want %d", version, len(migrations))
	}
	// Opening again changes nothing.
	s.Close()
	if s, err = Open(dir); err != nil {
		t.Fatal(err)
	}
	if n := len(leads(t, s)); n != 2 {
		t.Errorf("%d leads after reopening", n)
	}
}

func TestRefusesANewerSchema(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		if _, err := s.db.Exec(`UPDATE schema_version SET version = 99`); err != nil {
			t.Fatal(err)
		}
		if err := s.migrate(context.Background()); err == nil || !strings.Contains(err.Error(), "schema version 99, newer than this magazine knows") {
			t.Errorf("got %v", err)
		}
	})
}

// A lead stored before the forms refused invisible characters exports
// safely for a terminal: none is printed raw, in CSV (shown as U+FFFD, line
// breaks as \n) or JSON (as \u escapes, decoding to the stored value).
func TestExportSafeForATerminal(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		stored := lead{Form: "launch", Name: "\x1b]0;pwned\a\x1b[2JAsha", Email: "a@example.in", Company: "evil\u202Egpj.exe\u2066",
			Message: "line one\r\nline two\rthree\u009b31m\x7f", UserAgent: "Bot\u0085", CreatedAt: time.Now()}
		if _, err := s.add(context.Background(), &stored, 0); err != nil {
			t.Fatal(err)
		}
		for _, format := range []string{"csv", "json"} {
			var b bytes.Buffer
			if err := s.Export(&b, format, time.Time{}); err != nil {
				t.Fatal(err)
			}
			for _, r := range b.String() {
				if invisible(r) && r != '\n' {
					t.Errorf("%s export holds U+%04X raw:\n%q", format, r, b.String())
					break
				}
			}
			if format == "json" {
				var got []map[string]any
				if err := json.Unmarshal(b.Bytes(), &got); err != nil || got[0]["name"] != stored.Name ||
					got[0]["company"] != stored.Company || got[0]["message"] != stored.Message || got[0]["user_agent"] != stored.UserAgent {
					t.Errorf("JSON does not decode to the stored lead: %v %v", err, got)
				}
			} else if !strings.Contains(b.String(), "\"line one\nline two\nthree\uFFFD31m\uFFFD\"") {
				t.Errorf("CSV message: %q", b.String())
			}
		}
	})
}

// The health check fails while another process holds SQLite's write lock,
// when a lead could not be saved; it passes once the lock is gone.
func TestCheckSaysWhetherALeadCouldBeSaved(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	other, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	ctx := context.Background()
	if err := s.Check(ctx); err != nil {
		t.Fatalf("an idle database: %v", err)
	}
	tx, err := other.db.BeginTx(ctx, nil) // immediate: the write lock
	if err != nil {
		t.Fatal(err)
	}
	short, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	if err := s.Check(short); err == nil {
		t.Error("the check passed while another process held the write lock")
	}
	tx.Rollback()
	if err := s.Check(ctx); err != nil {
		t.Errorf("after the lock: %v", err)
	}
}
