package hostpolicy

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Limit is what a static host takes of one site, as its documentation
// gives it; zero is no limit known.
type Limit struct {
	Host      string
	Bytes     int64 // the whole site
	Files     int   // files, folders aside
	Entries   int   // files and folders
	FileBytes int64 // one file
	Redirects int   // rules in _redirects
	Source    string
}

// Limits are the known hosts' limits (checked November 2026).
var Limits = []Limit{
	{Host: "GitHub Pages", Bytes: 1 << 30, Source: "docs.github.com: published sites may be no larger than 1 GB"},
	{Host: "Cloudflare Pages (Free plan)", Files: 20_000, FileBytes: 25 << 20, Redirects: 2_000,
		Source: "developers.cloudflare.com/pages/platform/limits: 20,000 files (100,000 on paid plans), 25 MiB a file, 2,000 static redirects"},
	{Host: "GitLab Pages (GitLab.com)", Bytes: 1 << 30, Entries: 200_000, Redirects: 1_000,
		Source: "docs.gitlab.com: 1 GB a site, 200,000 files and folders, 1,000 redirect rules"},
}

// Size is what a built site holds, as hosts count it.
type Size struct {
	Bytes        int64
	Files        int
	Entries      int // files and folders
	Largest      string
	LargestBytes int64
	Redirects    int // rules in _redirects
}

// Measure walks a built site.
func Measure(dir string) (Size, error) {
	files, folders, err := Walk(dir)
	if err != nil {
		return Size{}, err
	}
	return Of(dir, files, folders), nil
}

// Walk reads what a folder holds: each file's size by its slash-separated
// path, and how many folders are below it.
func Walk(dir string) (files map[string]int64, folders int, err error) {
	files = map[string]int64{}
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || path == dir {
			return err
		}
		if d.IsDir() {
			folders++
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		files[filepath.ToSlash(strings.TrimPrefix(path, dir+string(filepath.Separator)))] = info.Size()
		return nil
	})
	return files, folders, err
}

// Of is the size of the site built in dir whose files (path -> bytes) and
// folders its build counted as it wrote them; only its _redirects is read.
func Of(dir string, files map[string]int64, folders int) Size {
	s := Size{Files: len(files), Entries: len(files) + folders}
	for p, n := range files {
		s.Bytes += n
		if n > s.LargestBytes || n == s.LargestBytes && p < s.Largest {
			s.Largest, s.LargestBytes = p, n
		}
	}
	if data, err := os.ReadFile(filepath.Join(dir, RedirectsFile)); err == nil {
		s.Redirects = redirectRules(data)
	}
	return s
}

// redirectRules counts the lines of a _redirects file that are rules.
func redirectRules(data []byte) int {
	n := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			n++
		}
	}
	return n
}

// Warnings name each host whose limit the site passes, and by how much.
func (s Size) Warnings() []string {
	var out []string
	over := func(l Limit, what string, has, max int64) {
		if max > 0 && has > max {
			out = append(out, fmt.Sprintf("warning: %s takes at most %s; this build has %s (%s)", l.Host, count(max, what), count(has, what), l.Source))
		}
	}
	for _, l := range Limits {
		over(l, "bytes", s.Bytes, l.Bytes)
		over(l, "files", int64(s.Files), int64(l.Files))
		over(l, "files and folders", int64(s.Entries), int64(l.Entries))
		if l.FileBytes > 0 && s.LargestBytes > l.FileBytes {
			out = append(out, fmt.Sprintf("warning: %s takes files of at most %s; %s has %s (%s)", l.Host, count(l.FileBytes, "bytes"), s.Largest, count(s.LargestBytes, "bytes"), l.Source))
		}
		over(l, "redirect rules", int64(s.Redirects), int64(l.Redirects))
	}
	return out
}

// count writes n with its unit: bytes as MB or GB, others in thousands.
func count(n int64, unit string) string {
	if unit == "bytes" {
		switch {
		case n >= 1<<30:
			return fmt.Sprintf("%.2f GB", float64(n)/(1<<30))
		default:
			return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
		}
	}
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s + " " + unit
}
