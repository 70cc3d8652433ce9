package markdown

import (
	"path"
	"strings"

	"github.com/nivaran/magazine/generator/content/site"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// pageLinks gives a link to a page of the site the address pages are served
// at, with its trailing slash (route.URL): an editor writes
// [report](/rbi-policy), the page links /rbi-policy/. A path whose last
// part has an extension (/feed.xml, /images/x.jpg) is a file and stays.
// On a site served below a path (Settings.Base), every site path gets it
// in front: /rbi-policy links /magazine/rbi-policy/.
type pageLinks struct{}

// baseKey holds Settings.Base in a conversion's parser context.
var baseKey = parser.NewContextKey()

func (pageLinks) Transform(doc *ast.Document, _ text.Reader, pc parser.Context) {
	base, _ := pc.Get(baseKey).(string)
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if l, ok := n.(*ast.Link); ok && entering {
			l.Destination = []byte(site.WithBase(base, pageLink(string(l.Destination))))
		}
		return ast.WalkContinue, nil
	})
}

func pageLink(dest string) string {
	if !strings.HasPrefix(dest, "/") || strings.HasPrefix(dest, "//") {
		return dest
	}
	end := strings.IndexAny(dest, "?#")
	if end < 0 {
		end = len(dest)
	}
	p := dest[:end]
	if strings.HasSuffix(p, "/") || strings.Contains(path.Base(p), ".") {
		return dest
	}
	return p + "/" + dest[end:]
}
