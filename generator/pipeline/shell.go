package pipeline

import (
	"bytes"
	"html/template"
	"strings"
	"unsafe"

	"github.com/nivaran/magazine/generator/render/bundle"
)

// shell fills templates/page.html for the pages of one build. The template
// runs once with markers in place of the parts that differ per page (style,
// head, body, data); a page is then the text between the markers with its own
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

// shellMarkers stand for the style, head, body and data; plain letters and
// digits, so they come out of the template as they went in whatever the
// context.
var shellMarkers = [4]string{"nivaranShellStyle5e0c1b", "nivaranShellHead5e0c1b", "nivaranShellBody5e0c1b", "nivaranShellData5e0c1b"}

func newShell(tpl *template.Template, base shellData) (*shell, error) {
	s := &shell{tpl: tpl, base: base}
	d := base
	d.Style, d.Head, d.Body, d.Data = template.CSS(shellMarkers[0]), template.HTML(shellMarkers[1]), template.HTML(shellMarkers[2]), template.JS(shellMarkers[3])
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

// markup is the shell's own markup, the pages' parts aside.
func (s *shell) markup() string {
	if s.parts == nil {
		out, _ := s.run("", "", "", nil)
		return string(out)
	}
	return strings.Join(s.parts, "")
}

// page is one page's HTML, in parts: the shell's own text and the page's
// parts in between, not copied into one buffer (package output writes them
// with one system call).
func (s *shell) page(style, head, body string, data []byte) ([][]byte, error) {
	if s.parts == nil {
		out, err := s.run(style, head, body, data)
		return [][]byte{out}, err
	}
	fill := [4][]byte{bytesOf(style), bytesOf(head), bytesOf(body), data}
	out := make([][]byte, 0, 2*len(s.parts))
	for i, k := range s.slots {
		out = append(out, bytesOf(s.parts[i]), fill[k])
	}
	out = append(out, bytesOf(s.parts[len(s.parts)-1]))
	if !s.checked {
		s.checked = true
		want, err := s.run(style, head, body, data)
		if err != nil || !bytes.Equal(bytes.Join(out, nil), want) {
			s.parts = nil
			return [][]byte{want}, err
		}
	}
	return out, nil
}

// bytesOf is s as bytes without a copy, for writing: never written to.
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

func (s *shell) run(style, head, body string, data []byte) ([]byte, error) {
	d := s.base
	d.Style, d.Head, d.Body, d.Data = template.CSS(style), template.HTML(head), template.HTML(body), template.JS(data)
	var buf bytes.Buffer
	err := s.tpl.Execute(&buf, d)
	return buf.Bytes(), err
}

// stylesheet is the entry's stylesheet. Each page inlines the rules its
// markup can use (package usedcss): a stylesheet link blocks the first paint
// for a round trip on a slow connection, longer than the few kilobytes of
// gzipped CSS take to arrive with the page (Lighthouse mobile, home: LCP 3.1
// -> 2.3 s, perf 80 -> 91). The boot script loads the whole stylesheet after
// the first paint, before the scripts that add to the page.
func stylesheet(c *bundle.Client) string {
	var b strings.Builder
	for _, p := range c.CSS {
		b.Write(c.Files[strings.TrimPrefix(p, "/")])
	}
	return b.String()
}

// shellData fills templates/page.html.
type shellData struct {
	Lang     string
	CSP      string // the Content-Security-Policy for the page's <meta http-equiv> (hostpolicy.MetaCSP)
	AdClient string // loads the ad script only when a publisher id is configured
	Head     template.HTML
	Style    template.CSS // the rules of the stylesheet this page can use
	Boot     string       // the page's one script, which loads the entry after first paint
	Base     string       // the site's base path, "" at the root of its host: {{.Base}}/favicon.svg
	Body     template.HTML
	Data     template.JS
}
