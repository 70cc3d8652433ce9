package markdown

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Source notes are goldmark's footnotes ([^1] in the text, "[^1]: …" on a
// line of its own), numbered in the order the text cites them, with our
// own ids and labels, and gathered into one "notes" block.

const notesID = "notes"

func noteID(i int) string { return "fn-" + strconv.Itoa(i) }

// refID is the id of a note's k-th citation in the text (k from 0).
func refID(i, k int) string {
	if k == 0 {
		return "fnref-" + strconv.Itoa(i)
	}
	return "fnref-" + strconv.Itoa(i) + "-" + strconv.Itoa(k+1)
}

// notes is the block of source notes, each with links back to where the
// text cites it.
func (c *converter) notes(list *east.FootnoteList) Block {
	var b strings.Builder
	b.WriteString(`<section class="notes" aria-labelledby="` + notesID + `"><h2 class="notes__title" id="` + notesID + `">Notes</h2><ol class="notes__list">`)
	for n := list.FirstChild(); n != nil; n = n.NextSibling() {
		fn := n.(*east.Footnote)
		fmt.Fprintf(&b, `<li id="%s">%s</li>`, noteID(fn.Index), children(fn, c.src))
		c.text = append(c.text, strings.TrimSpace(nodeText(fn, c.src)))
	}
	b.WriteString(`</ol></section>`)
	return Block{Type: "notes", HTML: b.String()}
}

// noteRenderer writes the citation and back-link markup.
type noteRenderer struct{}

func (noteRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(east.KindFootnoteLink, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			n := node.(*east.FootnoteLink)
			fmt.Fprintf(w, `<sup class="fn-ref"><a id="%s" href="#%s" aria-label="Note %d">%d</a></sup>`,
				refID(n.Index, n.RefIndex), noteID(n.Index), n.Index, n.Index)
		}
		return ast.WalkContinue, nil
	})
	reg.Register(east.KindFootnoteBacklink, func(w util.BufWriter, _ []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			n := node.(*east.FootnoteBacklink)
			label, mark := fmt.Sprintf("Back to the text of note %d", n.Index), "↩\uFE0E"
			if n.RefCount > 1 {
				label += fmt.Sprintf(", citation %d", n.RefIndex+1)
				mark += strconv.Itoa(n.RefIndex + 1)
			}
			fmt.Fprintf(w, ` <a class="fn-back" href="#%s" aria-label="%s">%s</a>`, refID(n.Index, n.RefIndex), label, mark)
		}
		return ast.WalkContinue, nil
	})
}

// noteChecker runs before goldmark's footnote transformer, which silently
// drops notes nothing cites and all but the first of two notes with one
// label: it records both as problems in the parser context.
type noteChecker struct{}

var notesKey = parser.NewContextKey()

type notesProblem struct {
	pos int
	msg string
}

func (noteChecker) Transform(doc *ast.Document, _ text.Reader, pc parser.Context) {
	var problems []notesProblem
	seen := map[string]bool{}
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		fn, ok := n.(*east.Footnote)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		label := string(fn.Ref)
		switch {
		case seen[label]:
			problems = append(problems, notesProblem{fn.Pos(), fmt.Sprintf("note [^%s] is defined twice", label)})
		case fn.Index < 0:
			problems = append(problems, notesProblem{fn.Pos(), fmt.Sprintf("note [^%s] is never cited: put [^%s] in the text where it applies, or remove it", label, label)})
		}
		seen[label] = true
		return ast.WalkSkipChildren, nil
	})
	pc.Set(notesKey, problems)
}

func notesProblems(pc parser.Context) []notesProblem {
	p, _ := pc.Get(notesKey).([]notesProblem)
	return p
}
