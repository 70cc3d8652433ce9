// Package forms is the lead collector built into `magazine serve`: the launch
// sign-up, editorial and partnership inquiries and the newsletter post here
// instead of to a hosted form service. It speaks the hosted services'
// protocol (JSON {"ok":true} or {"errors":[{field,message}]}, or a 303 for a
// plain browser post) and commits every accepted lead to its store (SQLite,
// or PostgreSQL shared by several servers) before it answers, so an
// acknowledged lead is never lost.
package forms

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// rule checks one field of one form. Messages are the ones the forms show in
// the browser (SPEC §5), so a reader who bypasses client-side validation gets
// the same words back from the server.
type rule struct {
	name     string
	required bool // empty is an error (requiredMsg)
	minLen   int  // at least this many characters (minMsg); covers empty too
	maxLen   int  // at most this many characters
	email    bool // must look like an address (emailMsg)
	loose    bool // a value that is not a string is ignored, not an error
	lines    bool // may hold line breaks (stored as \n) and tabs

	requiredMsg, minMsg, emailMsg string
}

// form is one lead form: the fields it accepts, in the order errors are listed.
type form struct {
	name  string
	rules []rule
}

// The longest value each field may hold, in characters: generous for any real
// name, address or message, and small enough that nobody fills the database
// with megabytes through a form. E-mail addresses are capped at 254 as SMTP does.
const (
	maxName    = 200
	maxEmail   = 254
	maxPhone   = 40
	maxCompany = 200
	maxSubject = 200
	maxMessage = 1000
)

const (
	msgRequired = "Required"
	msgEmail    = "Invalid email"
	// The launch modal's schema has its own wording, and says the same for
	// an empty address as for a malformed one.
	msgLaunchEmail = "Please enter a valid email address"
)

// catalogue holds the four forms of SPEC §3. Fields a form does not list are
// ignored, so a newsletter post cannot smuggle a message into the database.
var catalogue = map[string]form{
	"launch": {name: "launch", rules: []rule{
		{name: "name", minLen: 2, minMsg: "Name must be at least 2 characters", maxLen: maxName},
		{name: "email", required: true, requiredMsg: msgLaunchEmail, email: true, emailMsg: msgLaunchEmail, maxLen: maxEmail},
		{name: "subject", maxLen: maxSubject},
		{name: "message", maxLen: maxMessage, lines: true},
		subjectRule,
	}},
	"editorial": {name: "editorial", rules: []rule{
		{name: "name", required: true, requiredMsg: msgRequired, maxLen: maxName},
		{name: "email", required: true, requiredMsg: msgRequired, email: true, emailMsg: msgEmail, maxLen: maxEmail},
		{name: "phone", maxLen: maxPhone},
		{name: "company", maxLen: maxCompany},
		subjectRule,
	}},
	"partnership": {name: "partnership", rules: []rule{
		{name: "name", required: true, requiredMsg: msgRequired, maxLen: maxName},
		{name: "company", maxLen: maxCompany},
		{name: "email", required: true, requiredMsg: msgRequired, email: true, emailMsg: msgEmail, maxLen: maxEmail},
		{name: "phone", maxLen: maxPhone},
		subjectRule,
	}},
	"newsletter": {name: "newsletter", rules: []rule{
		{name: "email", required: true, requiredMsg: msgRequired, email: true, emailMsg: msgEmail, maxLen: maxEmail},
		subjectRule,
	}},
}

// subjectRule reads the hosted services' subject line, which every form may
// carry; it is stored when the form has no subject field of its own.
var subjectRule = rule{name: fieldSubject, maxLen: maxSubject, loose: true}

// The hidden fields every form carries, as the hosted services name them.
const (
	fieldGotcha  = "_gotcha"  // spam trap: people never see it, bots fill it
	fieldSubject = "_subject" // the subject line the hosted service would mail
)

// value is one submitted field. kind is "" for a string, otherwise the JSON
// type that arrived instead ("number", "boolean", "object", "array").
type value struct {
	s    string
	kind string
}

// FieldError is one problem with one field, as the hosted services report it.
// Field is empty for a problem with the request as a whole.
type FieldError struct {
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
}

// validate checks the submitted values against f and returns the lead's
// fields (trimmed) and every problem found, in the form's field order.
func (f form) validate(in map[string]value) (map[string]string, []FieldError) {
	out := map[string]string{}
	var errs []FieldError
	for _, r := range f.rules {
		v := in[r.name]
		if v.kind != "" && r.loose {
			continue
		}
		if v.kind != "" {
			errs = append(errs, FieldError{r.name, "Expected string, received " + v.kind})
			continue
		}
		// Exports and spreadsheets expect text: mend broken UTF-8 from form posts.
		s := strings.TrimSpace(strings.ToValidUTF8(v.s, "\uFFFD"))
		if r.lines {
			s = lineBreaks(s)
		}
		out[r.name] = s
		bad, invisible := invisibleIn(s, r.lines)
		switch n := utf8.RuneCountInString(s); {
		case invisible:
			errs = append(errs, FieldError{r.name, invisibleError(bad)})
		case r.maxLen > 0 && n > r.maxLen:
			errs = append(errs, FieldError{r.name, fmt.Sprintf("String must contain at most %d character(s)", r.maxLen)})
		case r.minLen > 0 && n < r.minLen:
			errs = append(errs, FieldError{r.name, r.minMsg})
		case r.required && s == "":
			errs = append(errs, FieldError{r.name, r.requiredMsg})
		case r.email && s != "" && !validEmail(s):
			errs = append(errs, FieldError{r.name, r.emailMsg})
		}
	}
	return out, errs
}

// validEmail follows the check the browser-side schema library (Zod) makes,
// so both sides agree on what an address is: a local part of letters, digits
// and _'+-. that neither starts with a dot nor holds "..", nor ends with a dot
// or apostrophe; then "@"; then dot-separated labels of letters, digits and
// hyphens (not starting with a hyphen) ending in a top-level domain of at
// least two letters. 254 characters at most, as SMTP allows.
func validEmail(s string) bool {
	if len(s) > 254 {
		return false
	}
	local, domain, ok := strings.Cut(s, "@")
	if !ok || local == "" || domain == "" {
		return false
	}
	if local[0] == '.' || strings.Contains(local, "..") {
		return false
	}
	for i := 0; i < len(local); i++ {
		c := local[i]
		if !(alnum(c) || strings.IndexByte("_'+-.", c) >= 0) {
			return false
		}
	}
	if last := local[len(local)-1]; last == '.' || last == '\'' {
		return false
	}
	labels := strings.Split(domain, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels[:len(labels)-1] {
		if l == "" || !alnum(l[0]) {
			return false
		}
		for i := 0; i < len(l); i++ {
			if !alnum(l[i]) && l[i] != '-' {
				return false
			}
		}
	}
	tld := labels[len(labels)-1]
	if len(tld) < 2 {
		return false
	}
	for i := 0; i < len(tld); i++ {
		if c := tld[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

func alnum(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
