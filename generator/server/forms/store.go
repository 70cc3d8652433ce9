package forms

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite" // pure Go: `magazine` stays one static binary, no cgo
)

// DBFile is the SQLite database's file name inside the data folder.
const DBFile = "leads.db"

// Store is the leads database: embedded SQLite (data/leads.db) by default,
// or a PostgreSQL server that several `magazine serve` processes share. Both
// hold the same tables (see migrations) and answer the same SQL, whose $1
// placeholders both drivers read.
type Store struct {
	db      *sql.DB
	dialect dialect
	where   string // for messages: the file, or the server without its password
}

type dialect int

const (
	sqliteDB dialect = iota
	postgresDB
)

// lead is one accepted submission, one row of the leads table.
type lead struct {
	ID        int64     `json:"id"`
	UID       string    `json:"-"` // random; the id a receiver of forwarded leads dedupes on
	Form      string    `json:"form"`
	Name      string    `json:"name"`
	Email     string    `json:"email"`
	Phone     string    `json:"phone"`
	Company   string    `json:"company"`
	Subject   string    `json:"subject"`
	Message   string    `json:"message"`
	ClientIP  string    `json:"client_ip"`
	UserAgent string    `json:"user_agent"`
	CreatedAt time.Time `json:"created_at"`
}

// timeLayout stores times as sortable UTC text that stays readable in exports.
const timeLayout = "2006-01-02T15:04:05.000Z"

// Open opens (creating if needed) dataDir/leads.db and brings its tables up
// to date.
//
// The database runs in WAL mode with synchronous=FULL: every commit is
// fsynced to the write-ahead log before add returns, which is what lets the
// handler promise a lead is safe once it says ok. The busy timeout lets a
// second process (`magazine leads export` beside a running server) wait for a
// lock instead of failing; transactions take the write lock when they begin,
// so two writers never deadlock upgrading a read lock.
func Open(dataDir string) (*Store, error) {
	// Leads are personal data (names, addresses, phone numbers): owner-only.
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return nil, err
	}
	path, err := filepath.Abs(filepath.Join(dataDir, DBFile))
	if err != nil {
		return nil, err
	}
	// Create the file ourselves so it is 0600; SQLite would make it 0644.
	if f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600); err != nil {
		return nil, err
	} else {
		f.Close()
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	// Deleted rows are overwritten, not left in free pages: an erased
	// lead's address must not stay in the file (erase.go).
	q.Add("_pragma", "secure_delete(on)")
	q.Add("_txlock", "immediate")
	// A file: URI keeps any '?' or '#' in the folder name from being read as
	// parameters.
	dsn := (&url.URL{Scheme: "file", Path: filepath.ToSlash(path), RawQuery: q.Encode()}).String()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	// One connection: SQLite has one writer at a time anyway, and queueing in
	// Go is fairer and cheaper than connections spinning on SQLITE_BUSY.
	db.SetMaxOpenConns(1)
	return ready(&Store{db: db, dialect: sqliteDB, where: path})
}

// IsDatabaseURL reports whether s names a PostgreSQL database.
func IsDatabaseURL(s string) bool {
	return strings.HasPrefix(s, "postgres://") || strings.HasPrefix(s, "postgresql://")
}

// OpenPostgres connects to the PostgreSQL database at dsn
// (postgres://user:pass@host:port/db?sslmode=...) and brings its tables up
// to date. Each commit waits for the server's WAL flush (synchronous_commit
// is forced on for our sessions), so an acknowledged lead survives a crash of
// the collector and of the database server alike.
func OpenPostgres(dsn string) (*Store, error) {
	if !IsDatabaseURL(dsn) {
		return nil, fmt.Errorf("database %q: want a postgres:// URL", redact(dsn))
	}
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("database %s: %v", redact(dsn), err)
	}
	cfg.RuntimeParams["synchronous_commit"] = "on"
	cfg.RuntimeParams["application_name"] = "magazine"
	db := stdlib.OpenDB(*cfg)
	db.SetMaxOpenConns(16)
	db.SetMaxIdleConns(4)
	db.SetConnMaxIdleTime(5 * time.Minute)
	return ready(&Store{db: db, dialect: postgresDB, where: redact(dsn)})
}

// OpenStore opens PostgreSQL when database is a postgres:// URL, otherwise
// the SQLite database in dataDir.
func OpenStore(database, dataDir string) (*Store, error) {
	if database != "" {
		return OpenPostgres(database)
	}
	return Open(dataDir)
}

func ready(s *Store) (*Store, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := s.migrate(ctx); err != nil {
		s.db.Close()
		return nil, fmt.Errorf("%s: %w", s.where, err)
	}
	return s, nil
}

// String says where the leads are kept.
func (s *Store) String() string { return s.where }

// redact drops the password from a database URL.
func redact(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "postgres://..."
	}
	return u.Redacted()
}

// Check, for health checks, reports whether the database would store a
// lead now, writing nothing: it opens a transaction that may write (SQLite's
// begin immediately, taking the write lock; PostgreSQL refuses read-write
// on a standby), runs one small query and rolls back. A read alone passed
// while the leads could not be saved (SQLite locked by another writer).
func (s *Store) Check(ctx context.Context) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if s.dialect == postgresDB {
		if _, err := tx.ExecContext(ctx, `SET TRANSACTION READ WRITE`); err != nil {
			return err
		}
	}
	var v int
	return tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_version`).Scan(&v)
}

// Close closes the database, checkpointing SQLite's write-ahead log.
func (s *Store) Close() error { return s.db.Close() }

// timeArg is how a time is stored: sortable UTC text in SQLite, timestamptz
// in PostgreSQL.
func (s *Store) timeArg(t time.Time) any {
	if s.dialect == sqliteDB {
		return t.UTC().Format(timeLayout)
	}
	return t.UTC()
}

// dbTime scans either form back.
type dbTime struct{ t *time.Time }

func (d dbTime) Scan(v any) error {
	switch v := v.(type) {
	case time.Time:
		*d.t = v.UTC()
		return nil
	case string:
		t, err := time.Parse(timeLayout, v)
		*d.t = t
		return err
	case []byte:
		return d.Scan(string(v))
	}
	return fmt.Errorf("created_at: unexpected %T", v)
}

// digest identifies what a reader sent: every field they fill in, the
// address in lower case.
func (l *lead) digest() string {
	h := sha256.New()
	for _, f := range []string{l.Name, strings.ToLower(l.Email), l.Phone, l.Company, l.Subject, l.Message} {
		fmt.Fprintf(h, "%d:%s", len(f), f)
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

func newUID() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// add commits l unless the same address sent the same form with the same
// fields within window (window <= 0: always). It reports whether l was
// stored; when it returns nil, the lead (or the one it duplicates) is on
// disk. A different submission of an address is stored: a reader's second
// inquiry, or someone else's with the address, loses no lead.
//
// The dedupe row is claimed with one upsert that only succeeds once the
// window has passed, so concurrent copies, even from several servers on one
// PostgreSQL, wait on the row and exactly one of them stores the lead.
func (s *Store) add(ctx context.Context, l *lead, window time.Duration) (bool, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	if window > 0 && l.Email != "" {
		now := l.CreatedAt.UnixMilli()
		var at int64
		err := tx.QueryRowContext(ctx, `INSERT INTO submission_dedupe (form, email, digest, stored_ms) VALUES ($1, $2, $3, $4)
			ON CONFLICT (form, email, digest) DO UPDATE SET stored_ms = excluded.stored_ms
			WHERE submission_dedupe.stored_ms <= $5
			RETURNING stored_ms`,
			l.Form, strings.ToLower(l.Email), l.digest(), now, now-window.Milliseconds()).Scan(&at)
		if errors.Is(err, sql.ErrNoRows) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
	}
	if l.UID == "" {
		l.UID = newUID()
	}
	err = tx.QueryRowContext(ctx, `INSERT INTO leads
		(uid, form, name, email, phone, company, subject, message, client_ip, user_agent, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
		l.UID, l.Form, l.Name, l.Email, l.Phone, l.Company, l.Subject, l.Message, l.ClientIP, l.UserAgent,
		s.timeArg(l.CreatedAt)).Scan(&l.ID)
	if err != nil {
		return false, err
	}
	return true, tx.Commit()
}

const leadColumns = `id, uid, form, name, email, phone, company, subject, message, client_ip, user_agent, created_at`

func scanLead(rows *sql.Rows) (*lead, error) {
	var l lead
	err := rows.Scan(&l.ID, &l.UID, &l.Form, &l.Name, &l.Email, &l.Phone, &l.Company, &l.Subject,
		&l.Message, &l.ClientIP, &l.UserAgent, dbTime{&l.CreatedAt})
	if err != nil {
		return nil, fmt.Errorf("lead %d: %w", l.ID, err)
	}
	return &l, nil
}

// each calls fn for every lead created at or after since, oldest first.
func (s *Store) each(ctx context.Context, since time.Time, fn func(*lead) error) error {
	rows, err := s.db.QueryContext(ctx, `SELECT `+leadColumns+` FROM leads WHERE created_at >= $1 ORDER BY id`,
		s.timeArg(since))
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		l, err := scanLead(rows)
		if err != nil {
			return err
		}
		if err := fn(l); err != nil {
			return err
		}
	}
	return rows.Err()
}

// errFormat is returned by Export for a format other than csv or json.
var errFormat = errors.New("want csv or json")
