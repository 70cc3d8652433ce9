// Package spelling runs aspell (British English) over the stories' titles,
// introductions and body text, and reports each word it does not know at
// the story's file and line. Words checked by an editor go in the stories
// folder's spelling-allow.txt, one a line.
package spelling

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"unicode"

	"golang.org/x/sync/errgroup"

	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/util/diag"
)

// AllowFile is the list of accepted words in the stories folder.
const AllowFile = "spelling-allow.txt"

// ErrNoAspell means the check could not run: aspell or its British English
// dictionary is not installed (apt-get install aspell aspell-en).
var ErrNoAspell = errors.New("aspell with an en_GB dictionary is not installed")

// quotes are normalised so aspell sees apostrophes it knows.
var quotes = strings.NewReplacer("’", "'", "‘", "'", "“", `"`, "”", `"`)

// Check reports the words aspell does not know in the stories, except
// those in storiesDir's allow list and the words of known (the site's own
// names: the magazine's, its authors', its categories'): the first time
// each appears in a story.
func Check(stories []*story.Story, storiesDir string, known []string) (diag.List, error) {
	if _, err := exec.LookPath("aspell"); err != nil {
		return nil, ErrNoAspell
	}
	allow, err := allowList(filepath.Join(storiesDir, AllowFile))
	if err != nil {
		return nil, err
	}
	for _, name := range known {
		for _, w := range strings.FieldsFunc(quotes.Replace(name), func(r rune) bool { return !unicode.IsLetter(r) && r != '\'' }) {
			allow[strings.ToLower(strings.TrimSuffix(w, "'s"))] = true
		}
	}
	// Stories are shared between an aspell for each core, the load having
	// ended; the problems come out in the stories' order.
	found := make([]diag.List, len(stories))
	var spellers errgroup.Group
	n := max(1, min(runtime.GOMAXPROCS(0), len(stories)))
	for part := range n {
		spellers.Go(func() error {
			sp, err := start()
			if err != nil {
				return err
			}
			defer sp.close()
			for i := part; i < len(stories); i += n {
				s := stories[i]
				words, err := sp.unknown(append([]string{s.Title, s.Introduction}, strings.Split(s.Body.Text, "\n")...))
				if err != nil {
					return err
				}
				found[i] = report(s, words, allow)
			}
			return nil
		})
	}
	if err := spellers.Wait(); err != nil {
		return nil, err
	}
	var diags diag.List
	for _, d := range found {
		diags = append(diags, d...)
	}
	return diags, nil
}

// maxShown is the most of a word a problem shows.
const maxShown = 60

// report lists the words of s that aspell and allow do not know, from
// aspell's words for its title, its introduction and each line of its body.
func report(s *story.Story, words [][]string, allow map[string]bool) diag.List {
	var diags diag.List
	seen := map[string]bool{}
	var src []string // the file's lines, read when a body word needs its line
	// add finds a word's line only for a word it reports: an allowed word
	// used all through a story is not searched for each time.
	add := func(word string, line func() int) {
		key := strings.ToLower(word)
		if seen[key] || allow[key] || allow[strings.TrimSuffix(key, "'s")] {
			return
		}
		seen[key] = true
		if r := []rune(word); len(r) > maxShown {
			word = string(r[:maxShown-1]) + "…" // a run of letters no dictionary has: enough to find it
		}
		diags.Add(s.File, line(), 0, "spelling: %q is not in the dictionary (correct it, or add it to %s)", word, AllowFile)
	}
	for i, key := range []string{"title", "introduction"} {
		for _, w := range words[i] {
			add(w, func() int { return s.Line(key) })
		}
	}
	for _, ws := range words[2:] {
		for _, w := range ws {
			add(w, func() int {
				if src == nil {
					data, _ := os.ReadFile(s.File)
					src = strings.Split(quotes.Replace(string(data)), "\n")
				}
				return lineOf(src, w)
			})
		}
	}
	return diags
}

// lineOf is the 1-based line of the body where word first appears as a
// whole word (0 when it cannot be found: the message then names the file).
func lineOf(lines []string, word string) int {
	re := regexp.MustCompile(`(?i)(^|[^\pL\pN'])` + regexp.QuoteMeta(word) + `($|[^\pL\pN])`)
	fences := 0
	for i, l := range lines {
		if strings.TrimSpace(l) == "---" && fences < 2 {
			fences++ // the front matter's title and introduction are reported at their keys
			continue
		}
		if fences >= 2 && re.MatchString(l) {
			return i + 1
		}
	}
	return 0
}

func allowList(path string) (map[string]bool, error) {
	allow := map[string]bool{}
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return allow, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if w := strings.TrimSpace(sc.Text()); w != "" && !strings.HasPrefix(w, "#") {
			allow[strings.ToLower(w)] = true
		}
	}
	return allow, sc.Err()
}

// speller is one aspell process in pipe mode (the ispell protocol): each
// line sent gets a line per unknown word back, then an empty line, so one
// process serves every story.
type speller struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

func start() (*speller, error) {
	// Suggestions go unused: the quickest kind (ultra) made aspell five
	// times as fast over the synthetic stories, which find the same words.
	cmd := exec.Command("aspell", "-a", "--lang=en_GB", "--ignore-case", "--encoding=utf-8", "--sug-mode=ultra")
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	sp := &speller{cmd: cmd, in: in, out: bufio.NewReader(stdout)}
	// The banner, then terse mode: only unknown words are answered.
	if _, err := sp.out.ReadString('\n'); err != nil {
		sp.close()
		if strings.Contains(stderr.String(), "No word lists") {
			return nil, ErrNoAspell
		}
		return nil, fmt.Errorf("aspell: %v %s", err, stderr.String())
	}
	if _, err := io.WriteString(in, "!\n"); err != nil {
		sp.close()
		return nil, err
	}
	return sp, nil
}

// unknown returns, for each text, its words that aspell does not know.
// The texts are written while the answers are read, as aspell answers
// each line only once it has read it: a round trip for each line cost
// more than aspell's own checking.
func (sp *speller) unknown(texts []string) ([][]string, error) {
	lines := make([]string, len(texts))
	for i, text := range texts {
		lines[i] = strings.TrimSpace(strings.ReplaceAll(quotes.Replace(text), "\n", " "))
	}
	sent := make(chan error, 1)
	go func() {
		w := bufio.NewWriter(sp.in)
		for _, line := range lines {
			if line != "" {
				// "^" makes aspell read the line as text, whatever its first character.
				w.WriteString("^" + line + "\n")
			}
		}
		sent <- w.Flush()
	}()
	words := make([][]string, len(texts))
	for i, line := range lines {
		if line == "" {
			continue
		}
		if err := sp.answer(&words[i]); err != nil {
			sp.in.Close() // the writer may be waiting on aspell
			<-sent
			return nil, err
		}
	}
	if err := <-sent; err != nil {
		return nil, fmt.Errorf("aspell: %w", err)
	}
	return words, nil
}

// answer appends to words the unknown words of aspell's answer to a line.
func (sp *speller) answer(words *[]string) error {
	for {
		line, err := sp.out.ReadString('\n')
		if err != nil {
			return fmt.Errorf("aspell: %w", err)
		}
		line = strings.TrimRight(line, "\n")
		if line == "" {
			return nil
		}
		// "& word count offset: suggestions" or "# word offset".
		if f := strings.Fields(line); len(f) >= 2 && (f[0] == "&" || f[0] == "#") {
			*words = append(*words, f[1])
		}
	}
}

func (sp *speller) close() {
	sp.in.Close()
	sp.cmd.Wait()
}
