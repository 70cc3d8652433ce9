package story

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTextLimits(t *testing.T) {
	cases := []struct{ from, to, want string }{
		{`title: "RBI holds"`, `title: "RBI` + "\\0" + `holds"`, `x.md:3:8: title: control character U+0000 is not allowed`},
		{`title: "RBI holds"`, `title: "RBI` + "\\e" + `holds"`, `x.md:3:8: title: control character U+001B is not allowed`},
		{`tags: ["RBI", "Rates"]`, `tags: ["RBI", "Ra` + "\\x07" + `tes"]`, `x.md:9:15: tags: control character U+0007 is not allowed`},
		{`title: "RBI holds"`, `title: "` + strings.Repeat("ब", 201) + `"`, `x.md:3: title: 201 characters; the limit is 200`},
		{`title: "RBI holds"`, "title: \"RBI holds\"\nmetaTitle: \"" + strings.Repeat("a", 201) + `"`, `x.md:4: metaTitle: 201 characters; the limit is 200`},
		{`introduction: "The MPC paused."`, `introduction: "` + strings.Repeat("a ", 501) + `"`, `x.md:4: introduction: 1001 characters; the limit is 1000`},
		{"First paragraph.", "First \x00paragraph.", `x.md:12:7: a NUL byte: a story must be plain UTF-8 text`},
		{"First paragraph.", "First \xffparagraph.", `x.md:12: this line is not valid UTF-8 text (save the file as UTF-8)`},
	}
	for _, c := range cases {
		src := strings.Replace(good, c.from, c.to, 1)
		_, diags := Parse("x.md", []byte(src), opt)
		if got := diags.Error(); got != c.want {
			t.Errorf("%q:\ngot  %s\nwant %s", c.to[:min(len(c.to), 30)], got, c.want)
		}
	}
	// Exactly at the limits is fine.
	src := strings.Replace(good, `title: "RBI holds"`, `title: "`+strings.Repeat("a", 200)+`"`, 1)
	if _, diags := Parse("x.md", []byte(src), opt); len(diags) != 0 {
		t.Error(diags)
	}
}

func TestStoryFilesMustBeSmallRegularAndInside(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "stories")
	os.MkdirAll(filepath.Join(dir, "folder.md"), 0o755)
	os.WriteFile(filepath.Join(root, "outside.md"), []byte(good), 0o644)
	os.Symlink(filepath.Join(root, "outside.md"), filepath.Join(dir, "link.md"))
	os.Symlink("/dev/zero", filepath.Join(dir, "zero.md"))
	os.Symlink(filepath.Join(root, "gone.md"), filepath.Join(dir, "dangling.md"))
	big := strings.Replace(good, "First paragraph.", strings.Repeat("word ", MaxFileBytes/5+1), 1)
	os.WriteFile(filepath.Join(dir, "big.md"), []byte(big), 0o644)
	_, diags := LoadDir(dir, opt)
	want := []string{
		dir + "/big.md: the file is 1025 KB; a story may be at most 1 MB",
		dir + "/dangling.md: is a link to " + root + "/gone.md, which does not exist",
		dir + "/folder.md: is a folder, not a file",
		dir + "/link.md: is a link to " + root + "/outside.md, outside " + dir + ": a story's file must be in the stories folder",
		dir + "/zero.md: is a link to /dev/zero, outside " + dir + ": a story's file must be in the stories folder",
	}
	if got := diags.Error(); got != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
}

// A story folder reached through a link, and a link to a story inside the
// folder, are read as the files they lead to.
func TestStoryFilesThroughLinks(t *testing.T) {
	root := t.TempDir()
	real := filepath.Join(root, "real")
	os.MkdirAll(real, 0o755)
	os.WriteFile(filepath.Join(real, "a.md"), []byte(good), 0o644)
	os.Symlink("a.md", filepath.Join(real, "b.md"))
	os.Symlink(real, filepath.Join(root, "stories"))
	for _, dir := range []string{real, filepath.Join(root, "stories")} {
		for _, name := range []string{"a.md", "b.md"} {
			src, _, d := readFile(dir, filepath.Join(dir, name), nil)
			if d != nil || string(src) != good {
				t.Errorf("%s in %s: %v, %d bytes", name, dir, d, len(src))
			}
		}
	}
}

// A story is read into one buffer of its size: not doubled on the way
// (10,000 stories read 300 MB more than their 100 MB, all garbage).
func TestReadFileTakesOneBuffer(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "a.md")
	want := bytes.Repeat([]byte("word "), 2000)
	if err := os.WriteFile(file, want, 0o644); err != nil {
		t.Fatal(err)
	}
	src, _, d := readFile(dir, file, nil)
	if d != nil {
		t.Fatal(d)
	}
	if !bytes.Equal(src, want) {
		t.Fatalf("read %d bytes, want the file's %d", len(src), len(want))
	}
	if cap(src) > len(want)+bytes.MinRead {
		t.Errorf("read into a buffer of %d bytes for a file of %d", cap(src), len(want))
	}
}
