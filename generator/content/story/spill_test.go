package story

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// Stories loaded through a spill hold no blocks but their figures, get
// their blocks back as parsed, and reach the cache whole.
func TestSpillGivesTheBodiesBack(t *testing.T) {
	dir, stories := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(stories, "plain.md"), []byte(good), 0o644)
	pictured := strings.NewReplacer("id: 5", "id: 6", "/rbi-policy", "/pictured",
		"First paragraph.", "![A port](images/port.jpg \"Cranes at dawn\")",
		"- one", "![A ship](images/ship.jpg)\n\n- one").Replace(good)
	os.WriteFile(filepath.Join(stories, "pictured.md"), []byte(pictured), 0o644)
	want, diags := LoadDir(stories, opt)
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	sp, err := NewSpill(dir, opt)
	if err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("the spill's file has a name: %v", entries)
	}
	cacheFile := filepath.Join(dir, "stories.bin")
	o := opt
	o.Spill, o.Cache = sp, OpenCache(cacheFile, opt)
	got, diags := LoadDir(stories, o)
	if len(diags) > 0 || len(got) != len(want) {
		t.Fatal(len(got), diags)
	}
	var figures []string
	for i, s := range got {
		if s.Body.Blocks != nil || !sp.Holds(s) {
			t.Fatalf("%s: its blocks are held", s.File)
		}
		if !reflect.DeepEqual(s.Body.Figures, want[i].Body.Figures) {
			t.Errorf("%s: its figures went with its blocks", s.File)
		}
		for _, f := range s.Body.Figures {
			figures = append(figures, f.Src)
		}
	}
	if strings.Join(figures, " ") != "images/port.jpg images/ship.jpg" {
		t.Errorf("figures, the spotlight's too, in reading order: %v", figures)
	}
	if err := o.Cache.Save(); err != nil { // from the spill
		t.Fatal(err)
	}
	for i, s := range got {
		if err := sp.Restore(s); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(s, want[i]) {
			t.Errorf("%s: restored, it differs from the story as parsed", s.File)
		}
	}
	o.Spill, o.Cache = nil, OpenCache(cacheFile, opt)
	again, _ := LoadDir(stories, o)
	if !reflect.DeepEqual(again, want) {
		t.Error("the stories cached from the spill differ from the stories as parsed")
	}

	got[0].Body.Blocks = nil
	sp.Close()
	if err := sp.Restore(got[0]); err == nil || got[0].Body.Blocks != nil {
		t.Errorf("restored from a closed spill: %v", err)
	}
}
