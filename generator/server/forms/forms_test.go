package forms

import (
	"reflect"
	"testing"
)

func TestValidationMessages(t *testing.T) {
	cases := []struct {
		form string
		in   map[string]value
		want []FieldError
	}{
		{"launch", map[string]value{}, []FieldError{
			{"name", "Name must be at least 2 characters"},
			{"email", "Please enter a valid email address"},
		}},
		{"launch", map[string]value{"name": {s: " A "}, "email": {s: "not-an-address"}}, []FieldError{
			{"name", "Name must be at least 2 characters"},
			{"email", "Please enter a valid email address"},
		}},
		{"launch", map[string]value{"name": {s: "Al"}, "email": {s: "al@example.in"}}, nil},
		// Characters, not bytes: a two-letter Devanagari name passes.
		{"launch", map[string]value{"name": {s: "अज"}, "email": {s: "a@example.in"}}, nil},
		{"editorial", map[string]value{}, []FieldError{{"name", "Required"}, {"email", "Required"}}},
		{"editorial", map[string]value{"name": {s: "   "}, "email": {s: "x@y"}}, []FieldError{
			{"name", "Required"}, {"email", "Invalid email"},
		}},
		{"editorial", map[string]value{"name": {s: "Asha"}, "email": {s: "asha@example.org"}}, nil},
		{"partnership", map[string]value{"company": {s: "Acme"}}, []FieldError{{"name", "Required"}, {"email", "Required"}}},
		{"partnership", map[string]value{"name": {s: "Ravi"}, "email": {s: "ravi@@example.org"}}, []FieldError{
			{"email", "Invalid email"},
		}},
		{"partnership", map[string]value{"name": {s: "Ravi"}, "email": {s: "ravi@example.org"}}, nil},
		{"newsletter", map[string]value{}, []FieldError{{"email", "Required"}}},
		{"newsletter", map[string]value{"email": {s: "nobody"}}, []FieldError{{"email", "Invalid email"}}},
		{"newsletter", map[string]value{"email": {s: "reader@example.com"}}, nil},
		// A JSON number where text belongs gets the schema library's generic message.
		{"newsletter", map[string]value{"email": {kind: "number"}}, []FieldError{{"email", "Expected string, received number"}}},
	}
	for _, c := range cases {
		_, got := catalogue[c.form].validate(c.in)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s %v:\n got %v\nwant %v", c.form, c.in, got, c.want)
		}
	}
}

func TestValidateTrimsAndKeepsOnlyTheFormsFields(t *testing.T) {
	out, errs := catalogue["newsletter"].validate(map[string]value{
		"email": {s: "  reader@example.com\n"}, "message": {s: "smuggled"},
	})
	if errs != nil {
		t.Fatal(errs)
	}
	// _subject is the hosted services' subject line, which every form may carry.
	if want := map[string]string{"email": "reader@example.com", "_subject": ""}; !reflect.DeepEqual(out, want) {
		t.Errorf("got %v, want %v", out, want)
	}
}

func TestValidEmail(t *testing.T) {
	good := []string{
		"a@b.co", "first.last@example.org", "o'neil+news@mail.example.co.in", "x_y-z@sub-domain.example.com",
		"UPPER@EXAMPLE.IN", "123@456.example",
	}
	bad := []string{
		"", "plain", "@example.com", "a@", "a@b", "a@b.c", "a@b.c1", ".a@b.co", "a.@b.co", "a..b@b.co",
		"a'@b.co", "a b@b.co", "a@b..co", "a@-b.co", "a@.b.co", "a@b.co.", "a@b@c.co", "a@b_c.co",
		"ü@b.co", "a@b.co" + string(make([]byte, 250)),
	}
	for _, s := range good {
		if !validEmail(s) {
			t.Errorf("validEmail(%q) = false, want true", s)
		}
	}
	for _, s := range bad {
		if validEmail(s) {
			t.Errorf("validEmail(%q) = true, want false", s)
		}
	}
}
