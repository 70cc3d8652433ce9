package hostpolicy

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// Names of the host files the build writes at the root of dist/ (Netlify
// and Cloudflare Pages read them; neither serves them, nor does `magazine serve`).
const (
	HeadersFile   = "_headers"
	RedirectsFile = "_redirects"
)

// Rule is one block of a _headers file: headers for the paths a pattern
// matches ("/assets/*" matches everything below /assets/).
type Rule struct {
	Pattern string
	Headers []Header
}

// Rules is a _headers file.
type Rules []Rule

// For is the headers for a request path, later rules overriding earlier
// ones for the same header name (Netlify's reading; the file we write never
// sets one header in two rules that match the same path, because Cloudflare
// Pages would join both values with a comma).
func (rs Rules) For(path string) []Header {
	var out []Header
	for _, r := range rs {
		if !match(r.Pattern, path) {
			continue
		}
		for _, h := range r.Headers {
			i := headerIndex(out, h.Name)
			if i >= 0 {
				out[i] = h
			} else {
				out = append(out, h)
			}
		}
	}
	return out
}

func headerIndex(hs []Header, name string) int {
	for i, h := range hs {
		if strings.EqualFold(h.Name, name) {
			return i
		}
	}
	return -1
}

func match(pattern, path string) bool {
	if prefix, ok := strings.CutSuffix(pattern, "*"); ok {
		return strings.HasPrefix(path, prefix)
	}
	return pattern == path
}

// Headers is the _headers file for a site. Only the hashed folders get a
// Cache-Control line: revalidation is what Netlify and Cloudflare Pages send
// for everything else by default, and a second Cache-Control rule matching
// /assets/* would be joined with this one on Cloudflare Pages.
func Headers(s Site) []byte {
	var b bytes.Buffer
	b.WriteString("# Response headers for Netlify and Cloudflare Pages, written by `magazine build`\n")
	b.WriteString("# from generator/emit/hostpolicy; `magazine serve` sends the same.\n")
	b.WriteString("# Every other file revalidates (" + Revalidate + "),\n# the hosts' default.\n")
	writeRule(&b, Rule{s.Base + "/*", Security(s)})
	for _, f := range HashedFolders {
		writeRule(&b, Rule{s.Base + f + "*", []Header{{"Cache-Control", Immutable}}})
	}
	return b.Bytes()
}

func writeRule(b *bytes.Buffer, r Rule) {
	b.WriteString(r.Pattern + "\n")
	for _, h := range r.Headers {
		b.WriteString("  " + h.Name + ": " + h.Value + "\n")
	}
}

// ParseHeaders reads a _headers file: a path line, then indented
// "Name: value" lines; # starts a comment.
func ParseHeaders(data []byte) (Rules, error) {
	var rs Rules
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		text := strings.TrimSpace(line)
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		if line[0] != ' ' && line[0] != '\t' {
			rs = append(rs, Rule{Pattern: text})
			continue
		}
		name, value, ok := strings.Cut(text, ":")
		if !ok || len(rs) == 0 {
			return nil, fmt.Errorf("%s:%d: want an indented \"Name: value\" below a path", HeadersFile, n)
		}
		last := &rs[len(rs)-1]
		last.Headers = append(last.Headers, Header{strings.TrimSpace(name), strings.TrimSpace(value)})
	}
	return rs, sc.Err()
}

// Redirect sends one path elsewhere.
type Redirect struct {
	From, To string
	Status   int
}

// Redirects is the _redirects file: the given redirects, one per line.
// With collector set, some forms post to the collector of `magazine serve`
// (relative endpoints under /api/forms/, below the site's base path): a
// static host must pass those posts on, and the file begins with a note
// saying how.
func Redirects(rs []Redirect, collector bool, base string) []byte {
	var b bytes.Buffer
	b.WriteString("# Redirects for Netlify and Cloudflare Pages, written by `magazine build`;\n")
	b.WriteString("# `magazine serve` follows them too. Each old address of a story moves\n")
	b.WriteString("# permanently to the story's address.\n")
	if collector {
		b.WriteString(strings.ReplaceAll(collectorNote, "/api/forms/", base+"/api/forms/"))
	}
	for _, r := range rs {
		fmt.Fprintf(&b, "%s %s %d\n", r.From, r.To, r.Status)
	}
	return b.Bytes()
}

const collectorNote = `#
# FORMS: this site was built for the collector of 'magazine serve': its forms
# post to /api/forms/<form> on this origin. A static host does not answer
# those posts, so sign-ups would be lost. Either run 'magazine serve' (alone,
# or behind a proxy that passes /api/forms/* to it), or build in hosted mode
# with absolute endpoints of a form service. On Netlify, set the address of
# your 'magazine serve' below and uncomment the line to proxy the posts to it:
#
# /api/forms/*  https://forms.example.org/api/forms/:splat  200
#
# (Cloudflare Pages cannot proxy to another host from this file: use hosted
# mode there, or a Pages Function.)
#
`

// ParseRedirects reads a _redirects file's plain lines, "from to [status]";
// the status defaults to 301 here (hosts differ) and rules with splats,
// placeholders or conditions are not understood and skipped.
func ParseRedirects(data []byte) map[string]Redirect {
	out := map[string]Redirect{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 2 || strings.HasPrefix(f[0], "#") || len(f) > 3 {
			continue
		}
		if strings.ContainsAny(f[0], "*:") || !strings.HasPrefix(f[0], "/") {
			continue
		}
		status := 301
		if len(f) == 3 {
			n, err := strconv.Atoi(f[2])
			if err != nil || n < 301 || n > 308 {
				continue
			}
			status = n
		}
		if _, seen := out[f[0]]; !seen { // the first rule for a path wins
			out[f[0]] = Redirect{f[0], f[1], status}
		}
	}
	return out
}
