package forms

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// count is a number of rows: count(t, s, "leads WHERE ...", args).
func count(t *testing.T, s *Store, from string, args ...any) int {
	t.Helper()
	var n int
	if err := s.db.QueryRow(`SELECT COUNT(*) FROM `+from, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func emails(t *testing.T, s *Store) string {
	var got []string
	for _, l := range leads(t, s) {
		got = append(got, l.Email)
	}
	return strings.Join(got, " ")
}

func TestDeleteEmail(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		fixture(t, s)
		// The same person again, typed in capitals, through the duplicate check.
		if ok, err := s.add(ctx, &lead{Form: "launch", Name: "Asha", Email: "Asha@Example.IN", CreatedAt: time.Now()}, time.Hour); !ok || err != nil {
			t.Fatal(ok, err)
		}
		// Delivered once, and leased for a second destination.
		_, to := newReceiver(t, 0)
		if n, err := forward(t, s, to, quick); n != 4 || err != nil {
			t.Fatal(n, err)
		}
		ls := newLeases(s, "https://crm.example/hook", time.Hour)
		if _, _, err := ls.claim(ctx, time.Time{}); err != nil {
			t.Fatal(err)
		}

		// A server of the release before migration 4 checks duplicates in
		// the old table, still there: a rolling deploy keeps storing leads.
		if _, err := s.db.ExecContext(ctx, `INSERT INTO lead_dedupe (form, email, stored_ms) VALUES ($1, $2, $3)
			ON CONFLICT (form, email) DO UPDATE SET stored_ms = excluded.stored_ms RETURNING stored_ms`, "launch", "asha@example.in", 1); err != nil {
			t.Fatalf("the old release's duplicate check: %v", err)
		}
		n, err := s.DeleteEmail(ctx, " ASHA@example.in ")
		if err != nil || n != 2 {
			t.Fatalf("deleted %d, %v; want 2", n, err)
		}
		if got := emails(t, s); got != "v@example.in reader@example.in" {
			t.Errorf("left: %s", got)
		}
		if d, l := count(t, s, "deliveries"), count(t, s, "forward_leases"); d != 2 || l != 2 {
			t.Errorf("%d deliveries and %d leases left, want the other two leads' 2 and 2", d, l)
		}
		if n := count(t, s, "submission_dedupe WHERE email = 'asha@example.in'") + count(t, s, "lead_dedupe WHERE email = 'asha@example.in'"); n != 0 {
			t.Errorf("the duplicate check still holds the address")
		}
		if n, err := s.DeleteEmail(ctx, "asha@example.in"); n != 0 || err != nil {
			t.Errorf("again: %d, %v", n, err)
		}
		if s.dialect == sqliteDB {
			// Nor is it anywhere in the files: not in freed pages, not in the log.
			files, _ := filepath.Glob(filepath.Join(filepath.Dir(s.where), DBFile+"*"))
			for _, f := range files {
				b, _ := os.ReadFile(f)
				if bytes.Contains(bytes.ToLower(b), []byte("asha@example.in")) {
					t.Errorf("%s still holds the erased address", filepath.Base(f))
				}
			}
		}
	})
}

func TestDeleteBefore(t *testing.T) {
	eachStore(t, func(t *testing.T, s *Store) {
		ctx := context.Background()
		fixture(t, s) // created 23:00, 23:01 and 23:02 UTC on 31 August 2025
		_, to := newReceiver(t, 0)
		if n, err := forward(t, s, to, quick); n != 3 || err != nil {
			t.Fatal(n, err)
		}
		n, err := s.DeleteBefore(ctx, time.Date(2025, 9, 1, 4, 31, 0, 0, time.FixedZone("IST", 5*3600+1800)))
		if err != nil || n != 1 {
			t.Fatalf("deleted %d, %v; want 1", n, err)
		}
		if got := emails(t, s); got != "v@example.in reader@example.in" {
			t.Errorf("left: %s", got)
		}
		if d := count(t, s, "deliveries"); d != 2 {
			t.Errorf("%d deliveries left, want 2", d)
		}
		if n, err := s.DeleteBefore(ctx, time.Date(2025, 8, 1, 0, 0, 0, 0, time.UTC)); n != 0 || err != nil {
			t.Errorf("nothing that old: %d, %v", n, err)
		}
	})
}
