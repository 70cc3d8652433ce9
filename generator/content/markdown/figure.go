package markdown

import (
	"fmt"
	"html"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nivaran/magazine/generator/content/markdown/fence"
	"github.com/yuin/goldmark/ast"
)

// Figure is a picture in the body as the editor wrote it. A local Src
// (images/x.jpg, under stories/) is resized like a featured photo; an
// external one is never fetched, so its Width and Height must be given.
type Figure struct {
	Src     string `json:"src"`
	Alt     string `json:"alt"`
	Caption string `json:"caption,omitempty"`
	Credit  string `json:"credit,omitempty"`
	Width   int    `json:"width,omitempty"`
	Height  int    `json:"height,omitempty"`
	Line    int    `json:"line"` // in the story file, for problems found later
}

// External reports whether the picture lives on another site: its Src is
// an address, not a path under stories/.
func (f *Figure) External() bool { return IsAddress(f.Src) }

// IsAddress reports whether a picture's value is an address (https://…, or
// javascript:…, //host/x.jpg) rather than a path under stories/: it starts
// with a scheme (RFC 3986: a letter, then letters, digits, "+", "-" or ".")
// and a colon. Read by hand: a regular expression took 18 ms of each build
// at 10,000 stories, as every story's pictures are asked about.
func IsAddress(v string) bool {
	if strings.HasPrefix(v, "//") {
		return true
	}
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z':
		case i > 0 && ('0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}

// CheckPictureURL says what is wrong with an external picture's address:
// it must be an https URL with a host, written as a URL is, with no space,
// quote, angle bracket or backslash (%20 and the like stand for them).
func CheckPictureURL(v string) error {
	if i := strings.IndexFunc(v, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r) || strings.ContainsRune("\"'<>\\`", r)
	}); i >= 0 {
		r, _ := utf8.DecodeRuneInString(v[i:])
		return fmt.Errorf("%q is not a valid address: it holds %q (write a space as %%20)", v, r)
	}
	u, err := url.Parse(v)
	switch {
	case err != nil || !strings.EqualFold(u.Scheme, "https"):
		return fmt.Errorf("%q must be an https:// address", v)
	case u.Host == "" || u.User != nil:
		return fmt.Errorf("%q is not a valid address: want https://host/path", v)
	}
	return nil
}

// Picture is a figure's image as the page shows it.
type Picture struct {
	Src, Srcset   string
	Width, Height int
}

// FigureHTML is a figure block's markup once its picture is known. Body
// pictures are below the fold: they load lazily.
func FigureHTML(f *Figure, p Picture) string {
	var b strings.Builder
	fmt.Fprintf(&b, `<figure class="figure"><img src="%s"`, html.EscapeString(p.Src))
	if p.Srcset != "" {
		fmt.Fprintf(&b, ` srcset="%s" sizes="(min-width: 44rem) 672px, calc(100vw - 2.5rem)"`, html.EscapeString(p.Srcset))
	}
	fmt.Fprintf(&b, ` alt="%s" width="%d" height="%d" loading="lazy" decoding="async">`, html.EscapeString(f.Alt), p.Width, p.Height)
	if f.Caption != "" || f.Credit != "" {
		b.WriteString(`<figcaption>`)
		b.WriteString(html.EscapeString(f.Caption))
		if f.Credit != "" {
			fmt.Fprintf(&b, ` <span class="figure__credit">Credit: %s</span>`, html.EscapeString(f.Credit))
		}
		b.WriteString(`</figcaption>`)
	}
	b.WriteString(`</figure>`)
	return b.String()
}

// imageAlone is the picture that is a paragraph's whole content.
func imageAlone(p *ast.Paragraph, src []byte) *ast.Image {
	img, _ := onlyChild(p, src).(*ast.Image)
	return img
}

var creditSplit = regexp.MustCompile(`(?i)\s*(?:[—–|-]\s*)?credit:\s*`)

// imageFigure is a figure from ![Alt](images/x.jpg "Caption — Credit: Source").
func (c *converter) imageFigure(img *ast.Image) (Block, bool) {
	f := &Figure{Src: string(img.Destination), Alt: strings.TrimSpace(nodeText(img, c.src)), Line: c.lineOf(img)}
	f.Caption, f.Credit = splitCredit(string(img.Title))
	if f.External() {
		if err := CheckPictureURL(f.Src); err != nil {
			c.problemAt(f.Line, "figure: %v", err)
		} else {
			c.problemAt(f.Line, "an external picture needs its size, which is never fetched: write it as a ```figure block with src, alt, caption, credit, width and height")
		}
		return Block{}, false
	}
	return c.figure(f)
}

func splitCredit(title string) (caption, credit string) {
	title = strings.TrimSpace(title)
	if loc := creditSplit.FindStringIndex(title); loc != nil {
		return strings.TrimSpace(title[:loc[0]]), strings.TrimSpace(title[loc[1]:])
	}
	return title, ""
}

var figureKeys = []string{"src", "alt", "caption", "credit", "width", "height"}

// figureBlock is a figure from a ```figure block of key: value lines.
func (c *converter) figureBlock(body []byte, lineOf func(int) int) (Block, bool) {
	fields, problems := fence.Header(body, 1, figureKeys)
	for _, p := range problems {
		c.problemAt(lineOf(p.Line), "figure: %s", p.Message)
	}
	f := &Figure{Src: fields["src"].Value, Alt: fields["alt"].Value, Caption: fields["caption"].Value, Credit: fields["credit"].Value, Line: lineOf(1)}
	ok := len(problems) == 0
	if f.External() {
		if err := CheckPictureURL(f.Src); err != nil {
			c.problemAt(lineOf(fields["src"].Line), "figure: %v", err)
			ok = false
		}
	}
	for _, key := range []string{"src", "alt"} {
		if fields[key].Value == "" {
			c.problemAt(lineOf(max(1, fields[key].Line)), "figure: %s is required", key)
			ok = false
		}
	}
	_, width := fields["width"]
	_, height := fields["height"]
	if f.External() && !(width && height) {
		c.problemAt(f.Line, "figure: an external picture needs width and height in pixels (it is never fetched, and the page must not jump when it loads)")
		ok = false
	}
	for _, key := range []string{"width", "height"} {
		field, given := fields[key]
		switch {
		case !given:
		case given && !f.External():
			c.problemAt(lineOf(field.Line), "figure: %s is read from a local picture's file; remove it", key)
			ok = false
		case given:
			n, err := strconv.Atoi(field.Value)
			if err != nil || n <= 0 || n > 20000 {
				c.problemAt(lineOf(field.Line), "figure: %s %q is not a size in pixels", key, field.Value)
				ok = false
			}
			if key == "width" {
				f.Width = n
			} else {
				f.Height = n
			}
		}
	}
	if !ok {
		return c.failed(f)
	}
	return c.figure(f)
}

// failed is a figure with problems: the story is not published, but
// package media still checks a local picture's file, and the spelling pass
// its caption, so that their problems come in the same round.
func (c *converter) failed(f *Figure) (Block, bool) {
	if text := strings.TrimSpace(f.Caption + " " + f.Credit); text != "" {
		c.text = append(c.text, text)
		c.words = append(c.words, f.Caption)
	}
	if f.Src == "" || strings.Contains(f.Src, ":") {
		return Block{}, false
	}
	return Block{Type: "figure", Figure: f}, true
}

// figure checks what can be checked without the file (package media
// resolves and reads local pictures) and records the figure's text.
func (c *converter) figure(f *Figure) (Block, bool) {
	ok := true
	if f.Alt == "" {
		c.problemAt(f.Line, "the picture needs alt text saying what it shows: ![A crowded container port at dusk](…)")
		ok = false
	}
	switch {
	case f.External():
		// figureBlock and imageFigure checked the address.
	case strings.Contains(f.Src, ":"):
		c.problemAt(f.Line, "figure: %q is neither a picture under stories/ (images/x.jpg) nor an https:// address", f.Src)
		ok = false
	}
	if !ok {
		return c.failed(f)
	}
	c.text = append(c.text, strings.TrimSpace(f.Caption+" "+f.Credit))
	c.words = append(c.words, f.Caption)
	return Block{Type: "figure", Figure: f}, true
}
