package pipeline

import (
	"bytes"
	"html/template"
	"strings"
	"unsafe"
)

// shell fills templates/page.html for the pages of one build. The template
// runs once with markers in place of the parts that differ per page (head,
// body, data); a page is then the text between the markers with its own
// parts put in, with no template run per page. The first page checks that
// this is what running the template gives; for a template that escapes a
// part (one placed inside an attribute, say) it is not, and every page runs
// the template.
type shell struct {
	tpl     *template.Template
	base    shellData
	parts   []string // the template's output between markers; nil: run it per page
	slots   []int    // which part goes between parts[i] and parts[i+1]
	checked bool
}

// shellMarkers stand for the head, body and data; plain letters and
// digits, so they come out of the template as they went in whatever the
// context.
var shellMarkers = [3]string{"nivaranShellHead5e0c1b", "nivaranShellBody5e0c1b", "nivaranShellData5e0c1b"}

func newShell(tpl *template.Template, base shellData) (*shell, error) {
	s := &shell{tpl: tpl, base: base}
	d := base
	d.Head, d.Body, d.Data = template.HTML(shellMarkers[0]), template.HTML(shellMarkers[1]), template.JS(shellMarkers[2])
	var buf bytes.Buffer
	if err := tpl.Execute(&buf, d); err != nil {
		return nil, err
	}
	out := buf.String()
	for {
		at, slot := -1, -1
		for k, m := range shellMarkers {
			if i := strings.Index(out, m); i >= 0 && (at < 0 || i < at) {
				at, slot = i, k
			}
		}
		if at < 0 {
			s.parts = append(s.parts, out)
			return s, nil
		}
		s.parts = append(s.parts, out[:at])
		s.slots = append(s.slots, slot)
		out = out[at+len(shellMarkers[slot]):]
	}
}

// page is one page's HTML, in parts: the shell's own text and the page's
// parts in between, not copied into one buffer (package output writes them
// with one system call).
func (s *shell) page(head, body string, data []byte) ([][]byte, error) {
	if s.parts == nil {
		out, err := s.run(head, body, data)
		return [][]byte{out}, err
	}
	fill := [3][]byte{bytesOf(head), bytesOf(body), data}
	out := make([][]byte, 0, 2*len(s.parts))
	for i, k := range s.slots {
		out = append(out, bytesOf(s.parts[i]), fill[k])
	}
	out = append(out, bytesOf(s.parts[len(s.parts)-1]))
	if !s.checked {
		s.checked = true
		want, err := s.run(head, body, data)
		if err != nil || !bytes.Equal(bytes.Join(out, nil), want) {
			s.parts = nil
			return [][]byte{want}, err
		}
	}
	return out, nil
}

// bytesOf is s as bytes without a copy, for writing: never written to.
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

func (s *shell) run(head, body string, data []byte) ([]byte, error) {
	d := s.base
	d.Head, d.Body, d.Data = template.HTML(head), template.HTML(body), template.JS(data)
	var buf bytes.Buffer
	err := s.tpl.Execute(&buf, d)
	return buf.Bytes(), err
}

// shellData fills templates/page.html.
type shellData struct {
	Lang     string
	CSP      string // the Content-Security-Policy for the page's <meta http-equiv> (hostpolicy.MetaCSP)
	AdClient string // loads the ad script only when a publisher id is configured
	Head     template.HTML
	// Styles are the stylesheet's files, linked by every page: one file
	// for the whole site, which a reader's browser fetches once. Inlined,
	// the rules each page used were ~9 KB a page (a quarter of a
	// 10,000-story site), and a link costs the first paint little now:
	// Lighthouse mobile, LCP 0.90-0.94 s inlined vs 0.90-0.98 s linked.
	Styles []string
	Boot   string // the page's one script, which loads the entry after first paint
	Base   string // the site's base path, "" at the root of its host: {{.Base}}/favicon.svg
	Body   template.HTML
	Data   template.JS
}
