// Package markdown turns a story body into the blocks the React pages render.
//
// It is ordinary Markdown (goldmark, raw HTML omitted) plus the magazine's two
// conventions: a paragraph wholly in **bold** is a subheading, and a paragraph
// opening with a bold "Solution Spotlight:" (or "Solutions Spotlight:") starts
// the highlighted box, which holds every block after it.
package markdown

import (
	"bytes"
	"html"
	"regexp"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// Block is one unit of an article body. HTML holds sanitised inline HTML
// (goldmark escapes text and omits raw HTML).
type Block struct {
	Type     string  `json:"type" ts:"'p' | 'h2' | 'h3' | 'ul' | 'ol' | 'quote' | 'hr' | 'spotlight'"` // the TypeScript type lists every kind
	HTML     string  `json:"html,omitempty"`
	Title    string  `json:"title,omitempty"` // spotlight: the marker as written
	Children []Block `json:"children,omitempty"`
}

// Doc is a converted body.
type Doc struct {
	Blocks    []Block
	Words     int
	Spotlight bool   // whether a Solution Spotlight box exists
	Text      string // plain text, for search and word counts
}

var md = goldmark.New(goldmark.WithExtensions(extension.Typographer, extension.Strikethrough))

var spotlightMarker = regexp.MustCompile(`^(?i)(solutions? spotlight)\s*:?$`)

// Convert parses src. It never fails: any input yields some blocks.
func Convert(src []byte) Doc {
	root := md.Parser().Parse(text.NewReader(src))
	var doc Doc
	var out *[]Block = &doc.Blocks
	var box *Block
	for n := root.FirstChild(); n != nil; n = n.NextSibling() {
		if p, ok := n.(*ast.Paragraph); ok && box == nil {
			if title, ok := spotlightStart(p, src); ok {
				doc.Spotlight = true
				doc.Blocks = append(doc.Blocks, Block{Type: "spotlight", Title: title})
				box = &doc.Blocks[len(doc.Blocks)-1]
				out = &box.Children
				if p.ChildCount() == 0 {
					continue
				}
			}
		}
		if b, ok := convertBlock(n, src); ok {
			*out = append(*out, b)
		}
	}
	doc.Text = plainText(root, src)
	doc.Words = len(strings.Fields(doc.Text))
	return doc
}

func convertBlock(n ast.Node, src []byte) (Block, bool) {
	switch n := n.(type) {
	case *ast.Paragraph:
		if em := wholeStrong(n, src); em != nil {
			return Block{Type: "h2", HTML: inner(em, src)}, true
		}
		return Block{Type: "p", HTML: inner(n, src)}, true
	case *ast.Heading:
		t := "h3"
		if n.Level <= 2 {
			t = "h2"
		}
		return Block{Type: t, HTML: inner(n, src)}, true
	case *ast.List:
		t := "ul"
		if n.IsOrdered() {
			t = "ol"
		}
		return Block{Type: t, HTML: inner(n, src)}, true
	case *ast.Blockquote:
		return Block{Type: "quote", HTML: inner(n, src)}, true
	case *ast.ThematicBreak:
		return Block{Type: "hr"}, true
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		return Block{Type: "p", HTML: render(n, src)}, true
	}
	return Block{}, false // raw HTML blocks and the like are dropped
}

// wholeStrong returns the bold span when it is the paragraph's only content.
func wholeStrong(p *ast.Paragraph, src []byte) *ast.Emphasis {
	var found *ast.Emphasis
	for c := p.FirstChild(); c != nil; c = c.NextSibling() {
		if em, ok := c.(*ast.Emphasis); ok && em.Level == 2 && found == nil {
			found = em
			continue
		}
		if t, ok := c.(*ast.Text); ok && len(bytes.TrimSpace(t.Segment.Value(src))) == 0 {
			continue
		}
		return nil
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
	label := strings.TrimSpace(string(nodeText(em, src)))
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

func render(n ast.Node, src []byte) string {
	var buf bytes.Buffer
	_ = md.Renderer().Render(&buf, src, n)
	return strings.TrimSpace(buf.String())
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

func nodeText(n ast.Node, src []byte) []byte {
	var buf bytes.Buffer
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			buf.Write(t.Segment.Value(src))
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
		}
		return ast.WalkContinue, nil
	})
	return buf.Bytes()
}

func plainText(root ast.Node, src []byte) string {
	var parts []string
	for n := root.FirstChild(); n != nil; n = n.NextSibling() {
		var t []byte
		switch n.(type) {
		case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock:
			t = n.Lines().Value(src)
			if _, raw := n.(*ast.HTMLBlock); raw {
				continue
			}
		default:
			t = nodeText(n, src)
		}
		parts = append(parts, strings.TrimSpace(string(t)))
	}
	return strings.Join(parts, "\n\n")
}
