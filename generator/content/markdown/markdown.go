// Package markdown turns a story body into the blocks the React pages render.
//
// It is ordinary Markdown (goldmark with GFM tables, footnotes and
// strikethrough) plus the magazine's conventions: a paragraph wholly in
// **bold** is a subheading; a paragraph opening with a bold "Solution
// Spotlight:" (or "Solutions Spotlight:") starts the highlighted box, which
// holds every block after it; and the rich blocks of an economics desk —
// ```chart, ```figure and ```embed blocks, pictures with captions, pull
// quotes and callouts (> [!PULLQUOTE], > [!NOTE] Title), and source notes
// ([^1]) collected at the end. Raw HTML is never passed through: it is a
// problem reported at its line, like every other mistake.
package markdown

import (
	"bufio"
	"bytes"
	"fmt"
	"html"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/nivaran/magazine/generator/content/terms"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Block is one unit of an article body. HTML holds sanitised HTML made here
// (goldmark escapes text; raw HTML never gets through).
//
// Types: p, ul, ol, quote (HTML is the element's content), hr, spotlight
// (with Children); h2, h3 (the heading and its anchor link, whole), table,
// chart, code, pullquote, callout, notes (each whole elements in HTML),
// figure (HTML filled in once its picture is made, see FigureHTML) and
// embed (Embed, loaded by the browser on demand).
type Block struct {
	// The ts tag is the TypeScript type of Type (frontend/src/types.ts is
	// generated from it): list a new kind there too.
	Type     string  `json:"type" ts:"'p' | 'h2' | 'h3' | 'ul' | 'ol' | 'quote' | 'hr' | 'spotlight' | 'table' | 'chart' | 'figure' | 'code' | 'pullquote' | 'callout' | 'notes' | 'embed'"`
	HTML     string  `json:"html,omitempty"`  // prerendering sends a placeholder for it (package render)
	Title    string  `json:"title,omitempty"` // spotlight: the marker as written
	Children []Block `json:"children,omitempty"`
	Embed    *Embed  `json:"embed,omitempty"`
	Figure   *Figure `json:"-"` // the picture as written; pages get HTML
}

// Doc is a converted body.
type Doc struct {
	Blocks    []Block
	Figures   []*Figure // the Blocks' figures in reading order, kept while a build holds no Blocks (story.Spill)
	Words     int
	Spotlight bool   // whether a Solution Spotlight box exists
	Embeds    bool   // whether an embed block exists
	Text      string // plain text: prose, table cells, chart titles and data (the spelling check reads it)
	Terms     string // Text's distinct search terms (terms.Distinct): all a build keeps of Text
}

// Problem is a mistake in the body, at a line of the story file.
type Problem struct {
	Line    int
	Message string
}

var md = goldmark.New(
	goldmark.WithExtensions(extension.Typographer, extension.Strikethrough, extension.Table, extension.Footnote),
	goldmark.WithParserOptions(parser.WithASTTransformers(util.Prioritized(noteChecker{}, 900), util.Prioritized(pageLinks{}, 910))),
	goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(noteRenderer{}, 100))),
)

var spotlightMarker = regexp.MustCompile(`^(?i)(solutions? spotlight)\s*:?$`)

// converter holds one conversion's state.
type converter struct {
	src       []byte
	firstLine int   // the file line of src's first line
	newlines  []int // offsets of '\n' in src
	ids       ids
	problems  []Problem
	text      []string // plain text for search
	words     []string // plain text that counts towards reading time
	tables    int
	charts    int
	embeds    bool
	asOf      time.Time // the story's date: a chart's data comes from before it
}

// Convert parses a story body whose first line is line firstLine of its
// file. It always yields blocks; problems name the file lines to fix.
func Convert(src []byte, firstLine int) (Doc, []Problem) {
	return ConvertWith(src, firstLine, Settings{})
}

// Settings are what a body is converted with besides its text.
type Settings struct {
	// AsOf is the story's date: a chart's values for a time that had not
	// ended by then must be marked as projections (chart.CheckDates). A
	// zero AsOf checks nothing.
	AsOf time.Time
	// Base is the site's base path (site.Config.BasePath): a link to a
	// site path, [report](/rbi-policy), links Base+"/rbi-policy/".
	Base string
}

// ConvertWith is Convert with the story's settings.
func ConvertWith(src []byte, firstLine int, set Settings) (Doc, []Problem) {
	c := &converter{src: src, firstLine: firstLine, ids: newIDs(), asOf: set.AsOf}
	for i, b := range src {
		if b == '\n' {
			c.newlines = append(c.newlines, i)
		}
	}
	if at, depth, what := nesting(src, maxNesting); depth > maxNesting {
		c.problem(at, "%s nested %d deep; at most %d", what, depth, maxNesting)
		return Doc{}, c.problems
	}
	if at, n := linkOpenings(src, maxLinkOpenings); n > 0 {
		c.problem(at, `this paragraph holds %d link openings "](" (at most %d): write each link as [text](address), closed with ")"`, n, maxLinkOpenings)
		return Doc{}, c.problems
	}
	pc := parser.NewContext()
	pc.Set(baseKey, set.Base)
	root := md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))
	for _, p := range notesProblems(pc) {
		c.problem(p.pos, "%s", p.msg)
	}
	c.check(root)

	var doc Doc
	out := &doc.Blocks
	var notes *east.FootnoteList
	for n := root.FirstChild(); n != nil; n = n.NextSibling() {
		if l, ok := n.(*east.FootnoteList); ok {
			notes = l
			continue
		}
		if p, ok := n.(*ast.Paragraph); ok && !doc.Spotlight {
			if title, ok := spotlightStart(p, src); ok {
				doc.Spotlight = true
				doc.Blocks = append(doc.Blocks, Block{Type: "spotlight", Title: title})
				out = &doc.Blocks[len(doc.Blocks)-1].Children
				if p.ChildCount() == 0 {
					continue
				}
			}
		}
		if b, ok := c.block(n); ok {
			*out = append(*out, b)
		}
		if _, ok := n.(*east.Table); ok && caption(n.NextSibling(), src) != nil {
			n = n.NextSibling() // the caption went into the table
		}
	}
	if notes != nil {
		// Source notes close the article, after the Solution Spotlight: the
		// box ends the story's argument; the notes are its references.
		doc.Blocks = append(doc.Blocks, c.notes(notes))
	}
	doc.Embeds = c.embeds
	doc.Figures = figuresOf(doc.Blocks, nil)
	doc.Text = strings.Join(c.text, "\n\n")
	doc.Terms = terms.Distinct(doc.Text)
	for _, w := range c.words {
		doc.Words += countWords(w)
	}
	sort.SliceStable(c.problems, func(i, j int) bool { return c.problems[i].Line < c.problems[j].Line })
	return doc, c.problems
}

func figuresOf(blocks []Block, out []*Figure) []*Figure {
	for _, b := range blocks {
		if b.Figure != nil {
			out = append(out, b.Figure)
		}
		out = figuresOf(b.Children, out)
	}
	return out
}

// block converts one top-level node; false drops it (raw HTML, reported).
func (c *converter) block(n ast.Node) (Block, bool) {
	switch n := n.(type) {
	case *ast.Paragraph:
		if img := imageAlone(n, c.src); img != nil {
			return c.imageFigure(img)
		}
		if em := wholeStrong(n, c.src); em != nil {
			return c.heading("h2", em), true
		}
		c.prose(n)
		return Block{Type: "p", HTML: inner(n, c.src)}, true
	case *ast.Heading:
		t := "h3"
		if n.Level <= 2 {
			t = "h2"
		}
		return c.heading(t, n), true
	case *ast.List:
		c.prose(n)
		t := "ul"
		if n.IsOrdered() {
			t = "ol"
		}
		return Block{Type: t, HTML: inner(n, c.src)}, true
	case *ast.Blockquote:
		return c.blockquote(n), true
	case *ast.ThematicBreak:
		return Block{Type: "hr"}, true
	case *ast.FencedCodeBlock:
		return c.fence(n)
	case *ast.CodeBlock:
		return c.code(n, ""), true
	case *east.Table:
		return c.table(n, caption(n.NextSibling(), c.src)), true
	}
	return Block{}, false
}

// heading is an h2 or h3 with a stable anchor made from its text, and a
// link to it beside the heading (not inside: the heading's name stays its
// text), shown on hover or focus.
func (c *converter) heading(t string, n ast.Node) Block {
	title := strings.TrimSpace(nodeText(n, c.src))
	c.prose(n)
	id := c.ids.slug(title)
	class := ""
	if t == "h2" {
		class = ` class="article-body__subheading"`
	}
	return Block{Type: t, HTML: fmt.Sprintf(`<%s id="%s"%s>%s</%s><a class="anchor" href="#%s" aria-label="Link to this section: %s">#</a>`,
		t, id, class, inner(n, c.src), t, id, html.EscapeString(title))}
}

// prose records a node's text for search and reading time.
func (c *converter) prose(n ast.Node) {
	t := strings.TrimSpace(nodeText(n, c.src))
	c.text = append(c.text, t)
	c.words = append(c.words, t)
}

func (c *converter) code(n ast.Node, lang string) Block {
	body := string(n.Lines().Value(c.src))
	c.text = append(c.text, strings.TrimSpace(body))
	c.words = append(c.words, body)
	class := ""
	if lang != "" {
		class = ` class="language-` + html.EscapeString(lang) + `"`
	}
	// Focusable, so a keyboard can scroll a long line.
	return Block{Type: "code", HTML: `<pre class="code" tabindex="0"><code` + class + `>` + html.EscapeString(body) + `</code></pre>`}
}

// line is the file line of a byte offset in the body.
func (c *converter) line(offset int) int {
	return c.firstLine + sort.SearchInts(c.newlines, offset)
}

// lineOf is the file line a node starts on.
func (c *converter) lineOf(n ast.Node) int {
	if p := n.Pos(); p >= 0 {
		return c.line(p)
	}
	if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
		return c.line(n.Lines().At(0).Start)
	}
	if t, ok := n.(*ast.Text); ok {
		return c.line(t.Segment.Start)
	}
	if n.FirstChild() != nil {
		return c.lineOf(n.FirstChild())
	}
	if n.Parent() != nil {
		return c.lineOf(n.Parent())
	}
	return c.firstLine
}

func (c *converter) problem(offset int, format string, args ...any) {
	c.problems = append(c.problems, Problem{Line: c.line(offset), Message: fmt.Sprintf(format, args...)})
}

func (c *converter) problemAt(line int, format string, args ...any) {
	c.problems = append(c.problems, Problem{Line: line, Message: fmt.Sprintf(format, args...)})
}

// wholeStrong returns the bold span when it is the paragraph's only content.
func wholeStrong(p *ast.Paragraph, src []byte) *ast.Emphasis {
	if em, ok := onlyChild(p, src).(*ast.Emphasis); ok && em.Level == 2 {
		return em
	}
	return nil
}

// onlyChild is a paragraph's one child apart from blank text, or nil.
func onlyChild(p *ast.Paragraph, src []byte) ast.Node {
	var found ast.Node
	for c := p.FirstChild(); c != nil; c = c.NextSibling() {
		if t, ok := c.(*ast.Text); ok && len(bytes.TrimSpace(t.Segment.Value(src))) == 0 {
			continue
		}
		if found != nil {
			return nil
		}
		found = c
	}
	return found
}

// spotlightStart detects the marker and removes it (and a following colon)
// from the paragraph, leaving the rest as the box's first paragraph.
func spotlightStart(p *ast.Paragraph, src []byte) (string, bool) {
	em, ok := p.FirstChild().(*ast.Emphasis)
	if !ok || em.Level != 2 {
		return "", false
	}
	label := strings.TrimSpace(nodeText(em, src))
	m := spotlightMarker.FindStringSubmatch(label)
	if m == nil {
		return "", false
	}
	next := em.NextSibling()
	p.RemoveChild(p, em)
	if t, ok := next.(*ast.Text); ok {
		v := t.Segment.Value(src)
		trimmed := bytes.TrimLeft(v, " \t")
		trimmed = bytes.TrimPrefix(trimmed, []byte(":"))
		trimmed = bytes.TrimLeft(trimmed, " \t")
		t.Segment = t.Segment.WithStart(t.Segment.Start + len(v) - len(trimmed))
		if t.Segment.Len() == 0 && !t.SoftLineBreak() && !t.HardLineBreak() {
			p.RemoveChild(p, t)
		}
	}
	// Drop a leading line break left by "**Solution Spotlight:**\ntext".
	if t, ok := p.FirstChild().(*ast.Text); ok && t.Segment.Len() == 0 {
		p.RemoveChild(p, t)
	}
	return m[1], true
}

// writers are reused: goldmark wraps any other writer in a new 4 KB
// buffer per call, and a body renders many small nodes.
var writers = sync.Pool{New: func() any { return &writer{} }}

type writer struct {
	buf bytes.Buffer
	w   *bufio.Writer
}

func render(n ast.Node, src []byte) string { return strings.TrimSpace(renderRaw(n, src)) }

// renderRaw keeps the spaces at the ends, which part a table cell's words
// ("Farmers" ’ " Welfare").
func renderRaw(n ast.Node, src []byte) string {
	wr := writers.Get().(*writer)
	wr.buf.Reset()
	if wr.w == nil {
		wr.w = bufio.NewWriter(&wr.buf)
	}
	wr.w.Reset(&wr.buf)
	_ = md.Renderer().Render(wr.w, src, n)
	_ = wr.w.Flush()
	s := wr.buf.String()
	writers.Put(wr)
	return s
}

// inner renders a node and strips its own outer tag.
func inner(n ast.Node, src []byte) string {
	s := render(n, src)
	if i := strings.IndexByte(s, '>'); i >= 0 && strings.HasPrefix(s, "<") {
		s = s[i+1:]
	}
	if i := strings.LastIndex(s, "</"); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// children renders a node's children, each whole: blocks trimmed, inline
// nodes with the spaces between them.
func children(n ast.Node, src []byte) string {
	var b strings.Builder
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if c.Type() == ast.TypeInline {
			b.WriteString(renderRaw(c, src))
		} else {
			b.WriteString(render(c, src))
		}
	}
	return strings.TrimSpace(b.String())
}

// nodeText is the plain text of n, in a builder: its String is not a copy.
func nodeText(n ast.Node, src []byte) string {
	var buf strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			if v := t.Segment.Value(src); bytes.IndexByte(v, '&') < 0 {
				buf.Write(v)
			} else {
				buf.WriteString(entity.ReplaceAllStringFunc(string(v), html.UnescapeString))
			}
			if t.SoftLineBreak() || t.HardLineBreak() {
				buf.WriteByte(' ')
			}
		case *ast.String: // typographer output such as &rsquo;
			buf.WriteString(html.UnescapeString(string(t.Value)))
		case *ast.CodeSpan:
			for cc := t.FirstChild(); cc != nil; cc = cc.NextSibling() {
				if tt, ok := cc.(*ast.Text); ok {
					buf.Write(tt.Segment.Value(src))
				}
			}
			return ast.WalkSkipChildren, nil
		case *ast.Paragraph, *ast.TextBlock, *east.TableCell:
			if buf.Len() > 0 {
				buf.WriteByte(' ')
			}
		}
		return ast.WalkContinue, nil
	})
	return buf.String()
}

// entity is a character reference as CommonMark reads one, with its
// semicolon (html.UnescapeString alone would also take "&not" in
// "M&notes"): the plain text has "M&A" where the source has "M&amp;A", as
// the reader sees it, for the search index and the spelling check.
var entity = regexp.MustCompile(`&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});`)

// countWords counts runs of non-space characters, like len(strings.Fields(s)).
func countWords(s string) int {
	n, in := 0, 0 // in: 1 inside a word
	for i := 0; i < len(s); {
		var word int
		if c := s[i]; c < utf8.RuneSelf { // most of a story: no decoding, no branch
			word = int(asciiWord[c])
			i++
		} else {
			r, size := utf8.DecodeRuneInString(s[i:])
			if !unicode.IsSpace(r) {
				word = 1
			}
			i += size
		}
		n += word &^ in // a word starts
		in = word
	}
	return n
}

// asciiWord is 1 for an ASCII byte that is not white space (unicode.IsSpace).
var asciiWord = func() (t [utf8.RuneSelf]uint8) {
	for c := range t {
		if !unicode.IsSpace(rune(c)) {
			t[c] = 1
		}
	}
	return t
}()

func segValue(s text.Segment, src []byte) []byte { return s.Value(src) }
