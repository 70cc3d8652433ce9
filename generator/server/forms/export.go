package forms

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// columns name the exported fields, in order: the CSV header and JSON keys.
var columns = []string{"id", "form", "name", "email", "phone", "company", "subject", "message",
	"client_ip", "user_agent", "created_at"}

// Export writes every lead created at or after since (the zero time: all),
// oldest first, as "csv" (with a header row) or "json" (an array of objects
// keyed like the CSV header).
func (s *Store) Export(w io.Writer, format string, since time.Time) error {
	switch format {
	case "csv":
		return s.exportCSV(w, since)
	case "json":
		return s.exportJSON(w, since)
	}
	return fmt.Errorf("export format %q: %w", format, errFormat)
}

func (s *Store) exportCSV(w io.Writer, since time.Time) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(columns); err != nil {
		return err
	}
	err := s.each(context.Background(), since, func(l *lead) error {
		return cw.Write([]string{
			strconv.FormatInt(l.ID, 10), cell(l.Form), cell(l.Name), cell(l.Email), cell(l.Phone),
			cell(l.Company), cell(l.Subject), cell(l.Message), cell(l.ClientIP), cell(l.UserAgent),
			l.CreatedAt.UTC().Format(timeLayout),
		})
	})
	if err != nil {
		return err
	}
	cw.Flush()
	return cw.Error()
}

// cell defuses spreadsheet formulas. Leads are typed by strangers and the CSV
// is opened in Excel or Sheets, where a name like "=HYPERLINK(...)" would
// run; a leading apostrophe makes the spreadsheet show it as text (the OWASP
// "CSV injection" advice). It is also printed in terminals, where an ESC
// would run: invisible characters a lead kept from before the forms refused
// them show as U+FFFD. The JSON export keeps values exactly as stored.
func cell(s string) string {
	s = visible(s)
	if s != "" && strings.IndexByte("=+-@\t\r", s[0]) >= 0 {
		return "'" + s
	}
	return s
}

// exported is a lead as JSON: the export's keys, times as in the CSV.
func exported(l *lead) any {
	return struct {
		*lead
		CreatedAt string `json:"created_at"`
	}{l, l.CreatedAt.UTC().Format(timeLayout)}
}

func (s *Store) exportJSON(w io.Writer, since time.Time) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("[")
	n := 0
	err := s.each(context.Background(), since, func(l *lead) error {
		b, err := json.Marshal(exported(l))
		if err != nil {
			return err
		}
		b = escapeInvisible(b)
		if n > 0 {
			bw.WriteString(",")
		}
		n++
		bw.WriteString("\n  ")
		_, err = bw.Write(b)
		return err
	})
	if err != nil {
		return err
	}
	if n > 0 {
		bw.WriteString("\n")
	}
	bw.WriteString("]\n")
	return bw.Flush()
}

// escapeInvisible writes the invisible characters json.Marshal leaves as
// they are (DEL, the C1 controls, the bidirectional overrides) as \u
// escapes, so the JSON prints safely in a terminal and decodes to the same
// values. Outside strings JSON holds none of them.
func escapeInvisible(b []byte) []byte {
	if !bytes.ContainsFunc(b, invisible) {
		return b
	}
	out := make([]byte, 0, len(b)+32)
	for _, r := range string(b) {
		if invisible(r) {
			out = fmt.Appendf(out, `\u%04x`, r)
		} else {
			out = utf8.AppendRune(out, r)
		}
	}
	return out
}
