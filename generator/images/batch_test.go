package images

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestBatchKeepsOrderAndErrors(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "good.jpg", encodeJPEG(t, photo(700, 400, false)))
	jobs := []Job{
		{Kind: EditorJob, Src: good},
		{Kind: EditorJob, Src: filepath.Join(dir, "gone.jpg")},
		{Kind: CoverJob, ID: 3, Category: "Technology"},
		{Kind: CardJob, Card: sampleCards[3]},
		{Kind: CoverJob, ID: 11, Category: "Energy & Environment"},
	}
	p := &Processor{CacheDir: t.TempDir(), FontDir: testFonts, Workers: 3}
	out := p.Batch(jobs)
	if len(out) != len(jobs) {
		t.Fatalf("%d outputs for %d jobs", len(out), len(jobs))
	}
	prefixes := []string{"images/good-", "", "images/cover/3-", "images/social/101-", "images/cover/11-"}
	for i, o := range out {
		if i == 1 {
			if o.Err == nil || !strings.Contains(o.Err.Error(), "gone.jpg: file does not exist") {
				t.Errorf("job 1: error %v", o.Err)
			}
			continue
		}
		if o.Err != nil {
			t.Errorf("job %d: %v", i, o.Err)
			continue
		}
		if got := o.Result.Variants[0].Path; !strings.HasPrefix(got, prefixes[i]) {
			t.Errorf("job %d: %s, want %s…", i, got, prefixes[i])
		}
		for _, v := range o.Result.Variants {
			if len(o.Result.Files[v.Path]) == 0 {
				t.Errorf("job %d: no bytes for %s", i, v.Path)
			}
		}
	}
	if got := p.Stats().Encoded; got != 2+3+1+3 {
		t.Errorf("encoded %d", got)
	}

	warm := &Processor{CacheDir: p.CacheDir, FontDir: testFonts}
	again := warm.Batch(jobs)
	if got := warm.Stats(); got.Encoded != 0 || got.Cached != 9 {
		t.Errorf("warm batch: %+v", got)
	}
	for i := range jobs {
		if (again[i].Err == nil) != (out[i].Err == nil) || again[i].Result.Largest().Path != out[i].Result.Largest().Path {
			t.Errorf("job %d differs on the warm run", i)
		}
	}
	if len((&Processor{}).Batch(nil)) != 0 {
		t.Error("empty batch")
	}
}
