package forms

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"time"

	_ "modernc.org/sqlite" // pure Go: `magazine` stays one static binary, no cgo
)

// DBFile is the database's file name inside the data folder.
const DBFile = "leads.db"

// Store is the leads database, data/leads.db.
type Store struct {
	db *sql.DB
}

// lead is one accepted submission, one row of the leads table.
type lead struct {
	ID        int64     `json:"id"`
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

const schema = `
CREATE TABLE IF NOT EXISTS leads (
	id         INTEGER PRIMARY KEY AUTOINCREMENT,
	form       TEXT NOT NULL,
	name       TEXT NOT NULL DEFAULT '',
	email      TEXT NOT NULL DEFAULT '',
	phone      TEXT NOT NULL DEFAULT '',
	company    TEXT NOT NULL DEFAULT '',
	subject    TEXT NOT NULL DEFAULT '',
	message    TEXT NOT NULL DEFAULT '',
	client_ip  TEXT NOT NULL DEFAULT '',
	user_agent TEXT NOT NULL DEFAULT '',
	created_at TEXT NOT NULL
)`

// timeLayout stores times as sortable UTC text that stays readable in exports.
const timeLayout = "2006-01-02T15:04:05.000Z"

// Open opens (creating if needed) dataDir/leads.db.
//
// The database runs in WAL mode with synchronous=FULL: every commit is
// fsynced to the write-ahead log before Add returns, which is what lets the
// handler promise a lead is safe once it says ok. The busy timeout lets a
// second process (`magazine leads export` beside a running server) wait for a
// lock instead of failing.
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
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &Store{db: db}, nil
}

// Close closes the database, checkpointing the write-ahead log.
func (s *Store) Close() error { return s.db.Close() }

// add commits l and sets its ID. When it returns nil the row is on disk.
func (s *Store) add(ctx context.Context, l *lead) error {
	res, err := s.db.ExecContext(ctx, `INSERT INTO leads
		(form, name, email, phone, company, subject, message, client_ip, user_agent, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		l.Form, l.Name, l.Email, l.Phone, l.Company, l.Subject, l.Message, l.ClientIP, l.UserAgent,
		l.CreatedAt.UTC().Format(timeLayout))
	if err != nil {
		return err
	}
	l.ID, err = res.LastInsertId()
	return err
}

// each calls fn for every lead, oldest first.
func (s *Store) each(ctx context.Context, fn func(*lead) error) error {
	rows, err := s.db.QueryContext(ctx, `SELECT id, form, name, email, phone, company, subject,
		message, client_ip, user_agent, created_at FROM leads ORDER BY id`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var l lead
		var created string
		if err := rows.Scan(&l.ID, &l.Form, &l.Name, &l.Email, &l.Phone, &l.Company, &l.Subject,
			&l.Message, &l.ClientIP, &l.UserAgent, &created); err != nil {
			return err
		}
		if l.CreatedAt, err = time.Parse(timeLayout, created); err != nil {
			return fmt.Errorf("lead %d: created_at %q: %w", l.ID, created, err)
		}
		if err := fn(&l); err != nil {
			return err
		}
	}
	return rows.Err()
}

// errFormat is returned by Export for a format other than csv or json.
var errFormat = errors.New("want csv or json")
