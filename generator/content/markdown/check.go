package markdown

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/util"
)

// check walks the whole tree for mistakes that would otherwise vanish
// silently: raw HTML, pictures inside text, rich blocks nested where they
// cannot be drawn, notes without a definition, tables that did not parse.
func (c *converter) check(root ast.Node) {
	_ = ast.Walk(root, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.HTMLBlock:
			if n.HTMLBlockType != ast.HTMLBlockType2 { // <!-- comments --> are editors' notes
				c.rawHTML(c.lineOf(n), string(n.Lines().Value(c.src)))
			}
			return ast.WalkSkipChildren, nil
		case *ast.RawHTML:
			v := string(n.Segments.Value(c.src))
			if !strings.HasPrefix(v, "<!--") && !strings.HasPrefix(v, "</") {
				c.rawHTML(c.line(n.Segments.At(0).Start), v)
			}
		case *ast.Image:
			p, ok := n.Parent().(*ast.Paragraph)
			if !ok || imageAlone(p, c.src) == nil || !topLevel(p) {
				c.problemAt(c.lineOf(n), "a picture must stand alone in its own paragraph, where it becomes a figure with its caption: ![Alt text](images/x.jpg \"Caption — Credit: Source\")")
			}
		case *ast.FencedCodeBlock:
			if kind := string(n.Language(c.src)); (kind == "chart" || kind == "figure" || kind == "embed") && !topLevel(n) {
				c.problemAt(c.lineOf(n), "a ```%s block must stand on its own, not inside a quote, list or note", kind)
			}
			if fence, ok := c.unclosed(n); ok {
				c.problemAt(c.lineOf(n), "this %s block is never closed: end it with a line of %s (all that follows it would show as code)", fence, fence)
			}
		case *ast.Link:
			c.checkLink(c.lineOf(n), n.Destination)
		case *ast.AutoLink:
			c.checkLink(c.lineOf(n), n.URL(c.src))
		case *ast.Paragraph:
			c.checkTableLike(n)
			c.checkNoteRefs(n)
		case *ast.Heading, *east.TableCell:
			c.checkNoteRefs(n)
		}
		return ast.WalkContinue, nil
	})
}

func topLevel(n ast.Node) bool {
	_, ok := n.Parent().(*ast.Document)
	return ok
}

var tagName = regexp.MustCompile(`^<\s*/?\s*([A-Za-z][A-Za-z0-9-]*)`)

// rawHTMLHints point from an HTML tag to the block that does its job.
var rawHTMLHints = map[string]string{
	"iframe": "use an ```embed block (YouTube, Datawrapper, Flourish, X)", "embed": "use an ```embed block (YouTube, Datawrapper, Flourish, X)",
	"video": "use an ```embed block (YouTube, Datawrapper, Flourish, X)", "script": "use an ```embed block (YouTube, Datawrapper, Flourish, X)",
	"figure": "use a picture on its own line, ![Alt](images/x.jpg \"Caption — Credit: Source\"), or a ```figure block",
	"img":    "use a picture on its own line, ![Alt](images/x.jpg \"Caption — Credit: Source\"), or a ```figure block",
	"table":  "use a Markdown table (| a | b | with a |---|---| line) and a Table: caption line after it",
	"sup":    "use a source note: text[^1], then a line [^1]: the source", "blockquote": "start lines with > (or > [!PULLQUOTE], > [!NOTE] Title)",
	"b": "use **bold**", "strong": "use **bold**", "i": "use *italics*", "em": "use *italics*", "a": "use [text](https://…)",
	"br": "end the line with a backslash \\ for a line break", "h2": "use ## Heading", "h3": "use ### Heading",
	"aside": "use > [!NOTE] Title for a callout", "div": "use > [!NOTE] Title for a callout, or plain paragraphs",
}

func (c *converter) rawHTML(line int, v string) {
	first, _, _ := strings.Cut(strings.TrimSpace(v), "\n")
	if len(first) > 60 {
		first = first[:57] + "..."
	}
	hint := "write it in Markdown (see Story blocks in docs/editing.md)"
	if m := tagName.FindStringSubmatch(first); m != nil {
		if h, ok := rawHTMLHints[strings.ToLower(m[1])]; ok {
			hint = h
		}
	}
	c.problemAt(line, "raw HTML is not published: %s — %s", first, hint)
}

// unsafeSchemes run code or load something other than a page when a
// reader follows the link; goldmark would publish their links as href="".
var unsafeSchemes = []string{"javascript:", "vbscript:", "data:", "file:"}

// checkLink reports a link to an address with an unsafe scheme, as the
// browser would read it (goldmark has decoded its character references).
func (c *converter) checkLink(line int, dest []byte) {
	d := strings.ToLower(string(util.URLEscape(dest, true)))
	for _, s := range unsafeSchemes {
		if strings.HasPrefix(d, s) {
			c.problemAt(line, "link %q: a %s address is not published (link to a web address, https://…, or a page of the site, /about)", dest, s)
			return
		}
	}
}

var (
	delimRow = regexp.MustCompile(`^\s*\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$`)
	noteRef  = regexp.MustCompile(`\[\^([^\]\s]+)\]`)
)

// checkTableLike reports a paragraph with a table's line of dashes that did
// not become a table: its header and dashes have different counts.
func (c *converter) checkTableLike(p *ast.Paragraph) {
	lines := p.Lines()
	for i := 1; i < lines.Len(); i++ {
		v := segValue(lines.At(i), c.src)
		if !bytes.Contains(v, []byte("|")) || !delimRow.Match(v) {
			continue
		}
		head := cells(segValue(lines.At(i-1), c.src))
		c.problemAt(c.line(lines.At(i).Start), "this looks like a table, but its header row has %d cells and its line of dashes %d; they must match", head, cells(v))
		return
	}
}

// cells counts a table row's cells as GFM splits them (unescaped pipes).
func cells(row []byte) int {
	row = bytes.TrimSpace(row)
	row = bytes.TrimPrefix(row, []byte("|"))
	if bytes.HasSuffix(row, []byte("|")) && !bytes.HasSuffix(row, []byte(`\|`)) {
		row = row[:len(row)-1]
	}
	n := 1
	for i, b := range row {
		if b == '|' && (i == 0 || row[i-1] != '\\') {
			n++
		}
	}
	return n
}

// checkNoteRefs reports [^x] left as text: a note with no definition.
func (c *converter) checkNoteRefs(n ast.Node) {
	cited := false
	for i := 0; i < n.Lines().Len() && !cited; i++ {
		cited = bytes.Contains(segValue(n.Lines().At(i), c.src), []byte("[^"))
	}
	if !cited {
		return
	}
	var text bytes.Buffer
	var at []int // source offset of each byte of text
	for ch := n.FirstChild(); ch != nil; ch = ch.NextSibling() {
		t, ok := ch.(*ast.Text)
		if !ok {
			text.WriteByte(0)
			at = append(at, -1)
			continue
		}
		text.Write(t.Segment.Value(c.src))
		for i := t.Segment.Start; i < t.Segment.Stop; i++ {
			at = append(at, i)
		}
	}
	for _, m := range noteRef.FindAllSubmatchIndex(text.Bytes(), -1) {
		label := text.Bytes()[m[2]:m[3]]
		c.problem(at[m[0]], "note [^%s] has no definition: add a line \"[^%s]: the source\" (at the end of the story)", label, label)
	}
}

// unclosed reports a fenced block at the top level that no fence closes,
// with its opening fence: CommonMark runs it to the end of the story.
func (c *converter) unclosed(n *ast.FencedCodeBlock) (string, bool) {
	fence := c.openingFence(n)
	if !topLevel(n) || fence == "" {
		return "", false
	}
	last := c.line(n.Pos())
	if lines := n.Lines(); lines.Len() > 0 {
		last = c.line(lines.At(lines.Len() - 1).Start)
	}
	closing := strings.TrimSpace(c.lineText(last + 1))
	if strings.HasPrefix(closing, fence) && strings.Trim(closing, fence[:1]) == "" {
		return "", false
	}
	return fence, true
}

// openingFence is the run of ` or ~ that opens a fenced block ("" when
// its line is unknown).
func (c *converter) openingFence(n *ast.FencedCodeBlock) string {
	if n.Pos() < 0 {
		return ""
	}
	return fenceRun(strings.TrimLeft(c.lineText(c.line(n.Pos())), " "))
}

// fenceRun is the run of s's first character that starts it: its fence,
// when s is a fence's line.
func fenceRun(s string) string {
	if s == "" {
		return ""
	}
	return s[:len(s)-len(strings.TrimLeft(s, s[:1]))]
}

// lineText is the text of a file line of the body ("" past its end).
func (c *converter) lineText(line int) string {
	i := line - c.firstLine // the line's index in src
	if i < 0 || i > len(c.newlines) {
		return ""
	}
	start, end := 0, len(c.src)
	if i > 0 {
		start = c.newlines[i-1] + 1
	}
	if i < len(c.newlines) {
		end = c.newlines[i]
	}
	return strings.TrimSuffix(string(c.src[start:end]), "\r")
}
