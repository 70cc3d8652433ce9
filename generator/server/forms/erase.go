package forms

import (
	"context"
	"strings"
	"time"
)

// Erasure: India's DPDP Act 2023 (and the GDPR) give people the right to
// have their personal data erased, and a collector should not keep leads
// longer than it needs them. Both deletions remove every row that holds the
// data: the leads, their delivery records and leases, and the duplicate
// check's copy of the address. SQLite overwrites what it deletes
// (secure_delete, see Open) and its write-ahead log is emptied afterwards,
// so the address is gone from the files too.

// DeleteEmail deletes every lead sent with the address email, whatever its
// case, and returns how many there were.
func (s *Store) DeleteEmail(ctx context.Context, email string) (int, error) {
	// Addresses are ASCII (validEmail), so lower() means the same in both
	// databases.
	email = strings.ToLower(strings.TrimSpace(email))
	return s.erase(ctx, `lower(email) = $1`, email, `email = $1`, email)
}

// DeleteBefore deletes every lead created before cutoff and returns how
// many there were.
func (s *Store) DeleteBefore(ctx context.Context, cutoff time.Time) (int, error) {
	return s.erase(ctx, `created_at < $1`, s.timeArg(cutoff), `stored_ms < $1`, cutoff.UnixMilli())
}

// erase deletes the leads matching where (with arg), their deliveries and
// leases, and the duplicate checks' rows matching dedupe (with darg), in
// one transaction.
func (s *Store) erase(ctx context.Context, where string, arg any, dedupe string, darg any) (int, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	ids := `SELECT id FROM leads WHERE ` + where
	for _, q := range []string{
		`DELETE FROM deliveries WHERE lead_id IN (` + ids + `)`,
		`DELETE FROM forward_leases WHERE lead_id IN (` + ids + `)`,
	} {
		if _, err := tx.ExecContext(ctx, q, arg); err != nil {
			return 0, err
		}
	}
	res, err := tx.ExecContext(ctx, `DELETE FROM leads WHERE `+where, arg)
	if err != nil {
		return 0, err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return 0, err
	}
	for _, table := range dedupeTables {
		if _, err := tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE `+dedupe, darg); err != nil {
			return 0, err
		}
	}
	if err := tx.Commit(); err != nil {
		return 0, err
	}
	if s.dialect == sqliteDB {
		// The log still holds the pages as they were before: write them
		// back and empty it. A reader in another process can keep it from
		// finishing; the next checkpoint then does it.
		var busy, logged, done int
		s.db.QueryRowContext(ctx, `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &logged, &done)
	}
	return int(n), nil
}
