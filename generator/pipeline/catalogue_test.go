package pipeline_test

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/pipeline"
	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

// bad is one broken input: files to add to stories/ (a value starting with
// "->" makes a symlink, "/" a folder), and the exact diagnostics that
// `magazine check` and `magazine build` must both give, with {dir} for the
// stories folder.
type bad struct {
	name  string
	files map[string]string
	want  string
}

// quick names the cases that once took long: check and build must each
// answer within a second.
var quick = map[string]bool{"a list nested 100,000 deep": true}

func replaced(src, from, to string) string {
	out := strings.Replace(src, from, to, 1)
	if out == src {
		panic("case did not change the story: " + from)
	}
	return out
}

func hugePNG() string {
	var buf bytes.Buffer
	png.Encode(&buf, image.NewGray(image.Rect(0, 0, 1, 1)))
	b := buf.Bytes()
	// Claim 30000x30000 in the header and fix the chunk's checksum.
	binary.BigEndian.PutUint32(b[16:], 30000)
	binary.BigEndian.PutUint32(b[20:], 30000)
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	return string(b)
}

func catalogue() []bad {
	s9 := gt.Story("9", "")
	img := func(v string) string { return gt.Story("9", "featuredImage: "+v+"\n") }
	path := func(p string) string { return gt.Story("9", "path: "+p+"\n") }
	reserved := func(p, dir string) string {
		return "{dir}/bad.md:8: path: " + p + " is reserved: /" + dir + " belongs to the site's own pages and files"
	}
	dotted := func(p string) string {
		return "{dir}/bad.md:8: path: " + p + " looks like a file name: a page's path has no dots (the site's own files, such as /sitemap.xml and /feed.xml, have them)"
	}
	return []bad{
		{"unknown key", map[string]string{"bad.md": gt.Story("9", "tgas: [x]\n")}, `{dir}/bad.md:8:1: unknown key "tgas" (did you mean "tags"?)`},
		{"missing title", map[string]string{"bad.md": replaced(s9, "title: \"Story 9\"\n", "")}, "{dir}/bad.md:1: title is required"},
		{"empty title", map[string]string{"bad.md": replaced(s9, `title: "Story 9"`, `title: ""`)}, "{dir}/bad.md:3: title must not be empty"},
		{"bad date", map[string]string{"bad.md": replaced(s9, "publishedAt: 2025-08-19", "publishedAt: 2025-13-01")},
			`{dir}/bad.md:6:14: publishedAt: "2025-13-01" is not a date (want YYYY-MM-DD or an ISO time such as 2025-08-12T09:30:00+05:30)`},
		{"id not a number", map[string]string{"bad.md": replaced(s9, "id: 9", "id: nine")}, `{dir}/bad.md:2:5: id: "nine" is not a whole number above 0`},
		{"duplicate id", map[string]string{"bad.md": gt.Story("1", "")}, "{dir}/bad.md:2: id 1 is already used by {dir}/a.md"},
		// A story linking to the one left out is not blamed for it.
		{"duplicate id, linked to", map[string]string{"bad.md": gt.Story("1", "path: /left-out\n"),
			"c.md": replaced(gt.Story("3", ""), "Body of story 3.", "See [this](/left-out).")}, "{dir}/bad.md:2: id 1 is already used by {dir}/a.md"},
		{"duplicate path", map[string]string{"bad.md": path("/fixed")}, "{dir}/bad.md:8: path: /fixed is already used by {dir}/b.md"},
		{"takes another story's /story/<id>", map[string]string{"bad.md": gt.Story("9001", "path: /story/1\n")},
			"{dir}/bad.md:8: path: /story/1 is reserved: /story/<id> is each story's own address (this story's is /story/9001)"},
		{"alias on another story's id", map[string]string{"bad.md": gt.Story("9", "aliases: [/story/2]\n")},
			"{dir}/bad.md:8: aliases: /story/2 is reserved: /story/<id> is each story's own address (this story's is /story/9)"},
		{"/sitemap.xml", map[string]string{"bad.md": path("/sitemap.xml")}, dotted("/sitemap.xml")},
		{"/feed.xml", map[string]string{"bad.md": path("/feed.xml")}, dotted("/feed.xml")},
		{"/index.html", map[string]string{"bad.md": path("/index.html")}, dotted("/index.html")},
		{"/404.html", map[string]string{"bad.md": path("/404.html")}, dotted("/404.html")},
		{"/robots.txt", map[string]string{"bad.md": path("/robots.txt")}, dotted("/robots.txt")},
		{"/news-sitemap.xml", map[string]string{"bad.md": path("/news-sitemap.xml")}, dotted("/news-sitemap.xml")},
		{"/logo.svg", map[string]string{"bad.md": path("/logo.svg")}, dotted("/logo.svg")},
		{"/assets/...", map[string]string{"bad.md": path("/assets/app")}, reserved("/assets/app", "assets")},
		{"/images/...", map[string]string{"bad.md": path("/images/cover")}, reserved("/images/cover", "images")},
		{"/_data/...", map[string]string{"bad.md": path("/_data/x")},
			`{dir}/bad.md:8:7: path: "/_data/x" must start with / and use only letters a–z (no accents), digits, - and _, each part starting with a letter or digit (e.g. /rbi-policy)`},
		// A name too long for a folder once failed the build alone, at its mkdir.
		{"path part too long for a folder", map[string]string{"bad.md": path("/" + strings.Repeat("p", 300))},
			`{dir}/bad.md:8:7: path: "/` + strings.Repeat("p", 300) + `": a part between slashes may be at most 200 characters (it is a folder's name)`},
		{"tag too long for a folder", map[string]string{"bad.md": gt.Story("9", "tags: [\""+strings.Repeat("x", 256)+"\"]\n")},
			`{dir}/bad.md:8: tags: "` + strings.Repeat("x", 256) + `" is too long to make its page's address from: at most 200 bytes once written as one (/tag/…)`},
		{"tag without a letter", map[string]string{"bad.md": gt.Story("9", "tags: [\"!!!\"]\n")},
			`{dir}/bad.md:8: tags: "!!!" has no letter or digit to make its page's address (/tag/…) from`},
		{"offset of 24 hours", map[string]string{"bad.md": replaced(s9, "publishedAt: 2025-08-19", "publishedAt: 2025-08-19T09:30:00+24:00")},
			`{dir}/bad.md:6:14: publishedAt: "2025-08-19T09:30:00+24:00": +24:00 is no time zone's offset from UTC (they run from -12:00 to +14:00)`},
		{"unclosed fence", map[string]string{"bad.md": replaced(s9, "Body of story 9.", "Body of story 9.\n\n```text\nabc")},
			"{dir}/bad.md:12: this ``` block is never closed: end it with a line of ``` (all that follows it would show as code)"},
		{"/stories", map[string]string{"bad.md": path("/stories")}, reserved("/stories", "stories")},
		{"/category/...", map[string]string{"bad.md": path("/category/economic-policy")}, reserved("/category/economic-policy", "category")},
		{"/author/...", map[string]string{"bad.md": path("/author/nivaran-economy-desk")}, reserved("/author/nivaran-economy-desk", "author")},
		{"/search", map[string]string{"bad.md": path("/search")}, reserved("/search", "search")},
		{"/about", map[string]string{"bad.md": path("/about")}, "{dir}/bad.md:8: path: /about is already used by the about page"},
		{"/portal", map[string]string{"bad.md": path("/Portal")}, "{dir}/bad.md:8: path: /Portal is already used by the portal page"},
		{"/privacy-policy alias", map[string]string{"bad.md": gt.Story("9", "aliases: [/privacy-policy]\n")},
			"{dir}/bad.md:8: aliases: /privacy-policy is already used by the privacy policy"},
		{"unknown category", map[string]string{"bad.md": replaced(s9, `category: "Economic Policy"`, `category: "Economic Polcy"`)},
			`{dir}/bad.md:7: category: "Economic Polcy" is not one of the site's categories (did you mean "Economic Policy"?)`},
		{"unknown layout", map[string]string{"bad.md": gt.Story("9", "layout: magazine\n")},
			`{dir}/bad.md:8: layout: "magazine" is not a layout (want one of story, article, energy, storm, playbook)`},
		{"NUL in the title", map[string]string{"bad.md": replaced(s9, `title: "Story 9"`, `title: "Story\0 9"`)},
			"{dir}/bad.md:3:8: title: control character U+0000 is not allowed"},
		{"bell in the introduction", map[string]string{"bad.md": replaced(s9, `introduction: "Intro`, `introduction: "\aIntro`)},
			"{dir}/bad.md:4:15: introduction: control character U+0007 is not allowed"},
		{"chart data from after the story's date", map[string]string{"bad.md": replaced(s9, "Body of story 9.", "Body of story 9.\n\n```chart\ntype: line\ntitle: CPI\nsource: RBI\n---\nMonth,CPI\nJul 2025,1.55\nDec 2025,3.1\n```")},
			`{dir}/bad.md:19: chart: "Dec 2025" had not ended on the story's date (2025-08-19), so CPI cannot be data yet: mark it with a * as projected (3.1*), or say what it is in the label ("Dec 2025 (projected)")`},
		{"NUL byte in the body", map[string]string{"bad.md": replaced(s9, "Body of story", "Body\x00 of story")},
			"{dir}/bad.md:10:5: a NUL byte: a story must be plain UTF-8 text"},
		{"not UTF-8", map[string]string{"bad.md": replaced(s9, "Body of story", "Body of st\xe9ry")},
			"{dir}/bad.md:10: this line is not valid UTF-8 text (save the file as UTF-8)"},
		{"2,000-character title", map[string]string{"bad.md": replaced(s9, `title: "Story 9"`, `title: "`+strings.Repeat("Story ", 334)+`"`)},
			"{dir}/bad.md:3: title: 2003 characters; the limit is 200"},
		{"20 MB story", map[string]string{"bad.md": replaced(s9, "Body of story 9.", strings.Repeat("Body of story nine. ", 1<<20))},
			"{dir}/bad.md: the file is 20 MB; a story may be at most 1 MB"},
		{"a folder named .md", map[string]string{"bad.md": "/"}, "{dir}/bad.md: is a folder, not a file"},
		{"a story linked to /dev/zero", map[string]string{"bad.md": "->/dev/zero"}, "{dir}/bad.md: is a link to /dev/zero, outside {dir}: a story's file must be in the stories folder"},
		{"featuredImage /dev/zero", map[string]string{"bad.md": img("../../../../../../../../dev/zero")},
			`{dir}/bad.md:8: featuredImage: "../../../../../../../../dev/zero" points outside the stories folder`},
		{"featuredImage outside", map[string]string{"bad.md": img("../site.yaml")}, `{dir}/bad.md:8: featuredImage: "../site.yaml" points outside the stories folder`},
		{"featuredImage through a symlink out", map[string]string{"bad.md": img("up/outside.png"), "up": "->..", "../outside.png": "png"},
			`{dir}/bad.md:8: featuredImage: "up/outside.png" points outside the stories folder`},
		{"featuredImage not a picture", map[string]string{"bad.md": img("notes.txt"), "notes.txt": "notes"},
			`{dir}/bad.md:8: featuredImage: "notes.txt" is not a JPEG or PNG picture`},
		{"featuredImage missing", map[string]string{"bad.md": img("images/nope.jpg")}, "{dir}/bad.md:8: featuredImage: images/nope.jpg does not exist in {dir}"},
		{"featuredImage a folder named x.jpg", map[string]string{"bad.md": img("images/x.jpg"), "images/x.jpg": "/"},
			"{dir}/bad.md:8: featuredImage: images/x.jpg is not a regular file"},
		{"featuredImage a text file named .jpg", map[string]string{"bad.md": img("images/text.jpg"), "images/text.jpg": "not a picture\n"},
			"{dir}/bad.md:8: featuredImage: {dir}/images/text.jpg: not a JPEG or PNG image"},
		{"featuredImage 30000x30000 PNG", map[string]string{"bad.md": img("images/huge.png"), "images/huge.png": hugePNG()},
			"{dir}/bad.md:8: featuredImage: {dir}/images/huge.png: 30000x30000 pixels is too large (at most 60 megapixels)"},
		{"no front matter", map[string]string{"bad.md": "Just text.\n"}, "{dir}/bad.md:1:1: the file must start with front matter between two lines of ---"},
		{"YAML syntax", map[string]string{"bad.md": replaced(s9, `title: "Story 9"`, `title: "Story 9`)},
			"{dir}/bad.md:3: front matter is not valid YAML: did not find expected key"},
		{"no body", map[string]string{"bad.md": s9[:strings.Index(s9, "---\n\n")+4]}, "{dir}/bad.md:9: the story has no body text after the front matter"},
		{"broken link in the body", map[string]string{"bad.md": replaced(s9, "Body of story 9.", "Body of story 9.\n\nRead [the old story](/story/404404) too.")},
			"{dir}/bad.md:12: broken link /story/404404: no page or file of the site has that address"},
		{"tags not a list", map[string]string{"bad.md": gt.Story("9", "tags: trade\n")}, `{dir}/bad.md:8:7: tags: must be a list, e.g. ["one", "two"]`},
		{"key given twice", map[string]string{"bad.md": gt.Story("9", "id: 10\n")}, "{dir}/bad.md:8:1: id is given twice"},
		{"long metaDescription", map[string]string{"bad.md": gt.Story("9", "metaDescription: \""+strings.Repeat("a", 161)+"\"\n")},
			"{dir}/bad.md:8: metaDescription: 161 characters; keep it to 160 so search results show it whole"},
		{"backLabel", map[string]string{"bad.md": gt.Story("9", "backLabel: Go back\n")}, `{dir}/bad.md:8:12: backLabel: "Go back" must be "Back to Homepage" or "Back to Portal"`},
		{"javascript: link", map[string]string{"bad.md": replaced(s9, "Body of story 9.", "Body of [story 9](javascript:alert(1)).")},
			`{dir}/bad.md:10: link "javascript:alert(1)": a javascript: address is not published (link to a web address, https://…, or a page of the site, /about)`},
		{"vbscript:, data: and entity-encoded links, in a note too", map[string]string{"bad.md": replaced(s9, "Body of story 9.",
			"Body of [story](VBScript:msgbox(1)) 9[^1].\n\nSee [the data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) and <javascript:alert(2)>.\n\n"+
				"[^1]: From [the archive](&#106;avascript:alert(3)).")},
			`{dir}/bad.md:10: link "VBScript:msgbox(1)": a vbscript: address is not published (link to a web address, https://…, or a page of the site, /about)` + "\n" +
				`{dir}/bad.md:12: link "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==": a data: address is not published (link to a web address, https://…, or a page of the site, /about)` + "\n" +
				`{dir}/bad.md:12: link "javascript:alert(2)": a javascript: address is not published (link to a web address, https://…, or a page of the site, /about)` + "\n" +
				`{dir}/bad.md:14: link "&#106;avascript:alert(3)": a javascript: address is not published (link to a web address, https://…, or a page of the site, /about)`},
		{"featuredImage javascript:", map[string]string{"bad.md": img("javascript:alert(1)")},
			`{dir}/bad.md:8: featuredImage: "javascript:alert(1)" must be an https:// address`},
		{"featuredImage address with a space and a quote", map[string]string{"bad.md": img(`'https://images.example/a b".jpg'`)},
			`{dir}/bad.md:8: featuredImage: "https://images.example/a b\".jpg" is not a valid address: it holds ' ' (write a space as %20)`},
		{"featuredImage http:", map[string]string{"bad.md": img("http://images.example/a.jpg")},
			`{dir}/bad.md:8: featuredImage: "http://images.example/a.jpg" must be an https:// address`},
		{"figure src javascript:", map[string]string{"bad.md": replaced(s9, "Body of story 9.", "Body of story 9.\n\n```figure\nsrc: javascript:alert(1)\nalt: A chart\nwidth: 800\nheight: 450\n```")},
			`{dir}/bad.md:13: figure: "javascript:alert(1)" must be an https:// address`},
		// 200 KB: goldmark took 15-62 s over it.
		{"a list nested 100,000 deep", map[string]string{"bad.md": replaced(s9, "Body of story 9.", "Body of story 9.\n\n"+strings.Repeat("- ", 100000)+"x")},
			"{dir}/bad.md:12: lists and block quotes nested 100000 deep; at most 16"},
		{"emphasis nested 20 deep", map[string]string{"bad.md": replaced(s9, "Body of story 9.", strings.Repeat("*a _", 10)+"9"+strings.Repeat("_ b*", 10))},
			"{dir}/bad.md:10: emphasis nested 20 deep; at most 16"},
	}
}

// TestBadInputCatalogue gives a built site each bad input in turn: check
// and build must give exactly the expected diagnostics, and dist/ must not
// change.
func TestBadInputCatalogue(t *testing.T) {
	t.Parallel()
	o := gt.Options(t, map[string]string{
		"stories/a.md": gt.Story("1", ""),
		"stories/b.md": gt.Story("2", "path: /fixed\n"),
	})
	if _, err := pipeline.Run(o); err != nil {
		t.Fatal(err)
	}
	before := gt.Tree(t, o.Out)
	cases := catalogue()
	if len(cases) < 30 {
		t.Fatalf("%d cases", len(cases))
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var made []string
			for name, content := range c.files {
				p := filepath.Join(o.Stories, name)
				os.MkdirAll(filepath.Dir(p), 0o755)
				var err error
				switch {
				case strings.HasPrefix(content, "->"):
					err = os.Symlink(content[2:], p)
				case content == "/":
					err = os.Mkdir(p, 0o755)
				default:
					err = os.WriteFile(p, []byte(content), 0o644)
					// Newer than the site's own stories, as an edit is.
					os.Chtimes(p, time.Now().Add(time.Minute), time.Now().Add(time.Minute))
				}
				if err != nil {
					t.Fatal(err)
				}
				made = append(made, p)
			}
			defer func() {
				for _, p := range made {
					os.RemoveAll(p)
				}
				os.Remove(filepath.Join(o.Stories, "images"))
			}()
			want := strings.ReplaceAll(c.want, "{dir}", o.Stories)
			t0 := time.Now()
			_, cerr := pipeline.Check(o)
			t1 := time.Now()
			_, berr := pipeline.Run(o)
			if checked, built := t1.Sub(t0), time.Since(t1); quick[c.name] && max(checked, built) > time.Second {
				t.Errorf("check took %s, build %s; want each within a second", checked, built)
			}
			if cerr == nil || cerr.Error() != want {
				t.Errorf("check:\n got %v\nwant %s", cerr, want)
			}
			if berr == nil || berr.Error() != want {
				t.Errorf("build:\n got %v\nwant %s", berr, want)
			}
			if _, ok := pipeline.Diagnostics(berr); !ok {
				t.Errorf("build: %T is not a list of diagnostics", berr)
			}
			if gt.Tree(t, o.Out) != before {
				t.Error("dist/ changed")
			}
		})
	}
}
