package images

import (
	"strconv"
	"testing"
)

var benchCategories = []string{"Economic Policy", "International Trade", "Energy & Environment", "Technology"}

// BenchmarkCover is a cold cover: drawing, three resizes, three encodes.
func BenchmarkCover(b *testing.B) {
	p := &Processor{}
	i := 0
	for b.Loop() {
		if _, err := p.Cover(i, benchCategories[i%4]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

func BenchmarkDrawCover(b *testing.B) {
	for _, cat := range benchCategories {
		b.Run(Motif(cat), func(b *testing.B) {
			for b.Loop() {
				drawCover(1, cat)
			}
		})
	}
}

func BenchmarkSocialCard(b *testing.B) {
	p := &Processor{FontDir: testFonts}
	for b.Loop() {
		if _, _, err := p.SocialCard(sampleCards[1]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBatchWarm is a rebuild of 40 stories with nothing changed (a
// photo, a cover and a card each): a fresh Processor, as each build makes,
// over a filled cache. It should be file reads and hashing only.
func BenchmarkBatchWarm(b *testing.B) {
	dir := b.TempDir()
	photo := writeFile(b, dir, "photo.jpg", encodeJPEG(b, photo(1600, 1000, false)))
	var jobs []Job
	for id := range 40 {
		cat := benchCategories[id%4]
		jobs = append(jobs,
			Job{Kind: EditorJob, Src: photo},
			Job{Kind: CoverJob, ID: id, Category: cat},
			Job{Kind: CardJob, Card: Card{Magazine: "Nivaran Magazine", Category: cat, Title: "Story number " + strconv.Itoa(id), ID: id}})
	}
	cache := b.TempDir()
	for _, o := range (&Processor{CacheDir: cache, FontDir: testFonts}).Batch(jobs) {
		if o.Err != nil {
			b.Fatal(o.Err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		p := &Processor{CacheDir: cache, FontDir: testFonts}
		p.Batch(jobs)
		if p.Stats().Encoded != 0 {
			b.Fatal("a warm batch encoded something")
		}
	}
}
