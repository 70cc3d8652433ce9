package story

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/unicode/norm"
	"gopkg.in/yaml.v3"

	"github.com/nivaran/magazine/generator/util/diag"
)

// Slug makes a URL segment or file name: "Energy & Environment" ->
// "energy-environment": runs of letters (with their marks: Devanagari's
// vowel signs) and digits. An apostrophe joins its word ("India's" ->
// "indias"), as a reader would type it.
func Slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r == '\'' || r == '’' {
			continue
		}
		if unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

// addressSlug is Slug in the letters an address may hold (a–z): accents
// come off ("Café" -> "cafe"), and letters of other scripts are left out,
// since story paths are plain ASCII.
func addressSlug(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(s) {
		switch {
		case unicode.Is(unicode.Mn, r):
		case r < unicode.MaxASCII:
			b.WriteRune(r)
		default:
			b.WriteByte(' ')
		}
	}
	return Slug(b.String())
}

// mostlyLatin reports whether most of a title's letters are a–z once their
// accents are off: "RBI की नीति" is not, and its address would say only "rbi".
func mostlyLatin(title string) bool {
	latin, other := 0, 0
	for _, r := range norm.NFD.String(title) {
		switch {
		case r < unicode.MaxASCII && unicode.IsLetter(r):
			latin++
		case unicode.IsLetter(r):
			other++
		}
	}
	return latin > other
}

// MaxSlugBytes is the longest a slug or a part of a path may be, in bytes:
// each names a folder of the site, and file systems allow names of 255
// bytes, some of them taken by the build's own suffixes.
const MaxSlugBytes = 200

// AddressProblem says why a tag's, category's or author's name cannot make
// its page's address below base ("/tag/"), or "" when it can. The rule for
// all three, where each is checked (checkTags, pipeline's checkNames).
func AddressProblem(name, base string) string {
	switch slug := Slug(name); {
	case slug == "":
		return fmt.Sprintf("%q has no letter or digit to make its page's address (%s…) from", name, base)
	case len(slug) > MaxSlugBytes:
		return fmt.Sprintf("%q is too long to make its page's address from: at most %d bytes once written as one (%s…)", name, MaxSlugBytes, base)
	}
	return ""
}

// MaxNewPath is the length a path made from a title is cut to, at a word:
// long enough to say what the story is, short enough to share.
const MaxNewPath = 50

// shorten cuts a slug to at most max characters, at a dash when it can.
func shorten(slug string, max int) string {
	r := []rune(slug)
	if len(r) <= max {
		return slug
	}
	cut := string(r[:max+1])
	if i := strings.LastIndexByte(cut, '-'); i > 0 {
		return cut[:i]
	}
	return strings.TrimSuffix(string(r[:max]), "-")
}

// checkPlaceholders reports each line of a story that still holds one of
// magazine new's placeholder sentences: a draft may, a published story not.
func checkPlaceholders(file string, src []byte, diags *diag.List) {
	text := string(src)
	for _, p := range []string{Placeholders.Introduction, Placeholders.Opening, Placeholders.Evidence, Placeholders.Spotlight} {
		if i := strings.Index(text, p); i >= 0 {
			diags.Add(file, 1+strings.Count(text[:i], "\n"), 0, "%q is magazine new's placeholder: replace it with the story's own words (or keep draft: true until then)", firstWords(p))
		}
	}
}

// firstWords is the start of a sentence, enough to find it in the file.
func firstWords(s string) string {
	if f := strings.Fields(s); len(f) > 6 {
		return strings.Join(f[:6], " ") + " …"
	}
	return s
}

// Placeholders are the sentences magazine new writes for the editor to
// replace. A story that still holds one is refused unless it is a draft
// (Parse), so none is ever published.
var Placeholders = struct{ Introduction, Opening, Evidence, Spotlight string }{
	Introduction: "One to three sentences that tell the reader what this story is and why it matters.",
	Opening:      "Open with the problem: who is affected, how much, and since when. Attribute every figure to its source.",
	Evidence:     "Show the policy, firm or place that is already solving it, with evidence.",
	Spotlight:    "End with practical advice for one named reader: what to do this week, this quarter, this year.",
}

var (
	idLine   = regexp.MustCompile(`(?m)^id:\s*(\d+)\s*$`)
	pathLine = regexp.MustCompile(`(?m)^(?:path:\s*(\S+)|aliases:\s*\[(.*)\])\s*$`)
)

// addresses are the path and aliases a story file gives: from its front
// matter when that is valid YAML (aliases may be a block list), otherwise
// from the lines that look like them.
func addresses(src []byte) []string {
	var fm struct {
		Path    string   `yaml:"path"`
		Aliases []string `yaml:"aliases"`
	}
	if front, _, _, ok := split(normalise(src)); ok && yaml.Unmarshal(front, &fm) == nil {
		return append([]string{fm.Path}, fm.Aliases...)
	}
	var out []string
	for _, m := range pathLine.FindAllStringSubmatch(string(src), -1) {
		for p := range strings.SplitSeq(m[1]+","+m[2], ",") {
			out = append(out, strings.Trim(strings.TrimSpace(p), `"'`))
		}
	}
	return out
}

// pathOwner names the story file or screen holding path (ignoring case),
// or "". Like NextID it reads the lines directly, so files with other
// mistakes still count.
func pathOwner(dir, path string, owner func(string) string) (string, error) {
	if owner != nil {
		if by := owner(path); by != "" {
			return by, nil
		}
	}
	files, err := Files(dir)
	if err != nil {
		return "", err
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		for _, p := range addresses(src) {
			if strings.EqualFold(p, path) {
				return f, nil
			}
		}
	}
	return "", nil
}

// NextID is one above the highest id in dir's story files. It reads the id
// line directly, so even a file with other mistakes keeps its id taken.
func NextID(dir string) (int, error) {
	files, err := Files(dir)
	if err != nil {
		return 0, err
	}
	highest := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			return 0, err
		}
		for _, m := range idLine.FindAllSubmatch(src, -1) {
			if n, err := strconv.Atoi(string(m[1])); err == nil && n > highest {
				highest = n
			}
		}
	}
	return highest + 1, nil
}

// Starter is what `magazine new` needs to start a story.
type Starter struct {
	Title      string
	Category   string
	Path       string // fixed path; "" makes one from the title
	Author     string
	Draft      bool     // start it as a draft
	Categories []string // the site's, to check Category against
	Now        time.Time
	// Owner names what already holds a path that no story file claims (a
	// fixed screen such as /about), or returns "".
	Owner func(path string) string
}

// New writes dir/<slug>.md for a new story and returns its path. The story
// gets a fixed path made from its title (/<slug>) unless d.Path gives one;
// a path another story or screen holds is refused. It never overwrites a file.
func New(dir string, d Starter) (string, error) {
	title := strings.TrimSpace(d.Title)
	slug := shorten(Slug(title), MaxNewPath-1)
	if slug == "" {
		return "", errors.New("the title needs at least one letter or digit")
	}
	address := shorten(addressSlug(title), MaxNewPath-1)
	if address != "" {
		slug = address // the file is named as its address, where there is one
	}
	if !slices.Contains(d.Categories, d.Category) {
		return "", fmt.Errorf("category %q is not one of the site's categories: %s", d.Category, strings.Join(d.Categories, ", "))
	}
	file := filepath.Join(dir, slug+".md")
	if _, err := os.Stat(file); err == nil {
		return "", fmt.Errorf("%s already exists; choose another title or edit that file", file)
	}
	flag := "--path"
	if d.Path == "" {
		if address == "" || !mostlyLatin(title) {
			return "", fmt.Errorf("the title is not mostly in letters a–z, which an address is made of: give one with --path (e.g. --path /%s)", "indian-economy")
		}
		d.Path, flag = "/"+address, "the path made from the title"
	}
	if err := checkPath(d.Path); err != nil {
		return "", fmt.Errorf("%s: %v", flag, err)
	}
	if by, err := pathOwner(dir, d.Path, d.Owner); err != nil {
		return "", err
	} else if by != "" {
		return "", fmt.Errorf("%s: %s is already used by %s; give another with --path", flag, d.Path, by)
	}
	id, err := NextID(dir)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "---\nid: %d\ntitle: %s\nintroduction: %s\nauthor: %s\npublishedAt: %s\ncategory: %s\npath: %s\n",
		id, quote(title), quote(Placeholders.Introduction),
		quote(d.Author), d.Now.Format("2006-01-02"), quote(d.Category), d.Path)
	if d.Draft {
		b.WriteString("draft: true              # magazine dev shows it; builds leave it out until this line goes\n")
	}
	b.WriteString("tags: []\nfeaturedImage: generated\n---\n\n")
	b.WriteString(Placeholders.Opening + "\n\n**What Is Working**\n\n" + Placeholders.Evidence + "\n\n")
	b.WriteString("**Solution Spotlight:** " + Placeholders.Spotlight + "\n")
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return "", fmt.Errorf("%s already exists; choose another title or edit that file", file)
	}
	if err != nil {
		return "", err
	}
	if _, err := f.WriteString(b.String()); err != nil {
		f.Close()
		os.Remove(file)
		return "", err
	}
	return file, f.Close()
}

func quote(s string) string { return strconv.Quote(s) }
