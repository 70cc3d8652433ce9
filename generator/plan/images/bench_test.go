package images

import (
	"fmt"
	"runtime"
	"sync"
	"syscall"
	"testing"
)

func cpuNow() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e6
}

// BenchmarkCards draws the cards of 1,000 stories in five categories on
// every core, as a build does, and reports CPU milliseconds per card.
func BenchmarkCards(b *testing.B) {
	cats := []string{"Economic Policy", "International Trade", "Technology", "Energy & Environment", "Policy & Reform"}
	for b.Loop() {
		p := &Processor{FontDir: testFonts}
		cpu := cpuNow()
		var wg sync.WaitGroup
		next := make(chan int)
		for range runtime.GOMAXPROCS(0) {
			wg.Go(func() {
				for i := range next {
					c := Card{Magazine: "Nivaran Magazine", Category: cats[i%5], ID: i, Footer: "nivaran.example",
						Title: fmt.Sprintf("Synthetic story %d on exporters and the rupee: what the new rules mean", i)}
					if _, _, err := p.SocialCard(c); err != nil {
						b.Error(err)
					}
				}
			})
		}
		for i := range 1000 {
			next <- i
		}
		close(next)
		wg.Wait()
		b.ReportMetric((cpuNow()-cpu)/1000, "cpu-ms/card")
	}
}

func BenchmarkCover(b *testing.B) {
	cats := []string{"Economic Policy", "International Trade", "Technology", "Energy & Environment"}
	i := 0
	for b.Loop() {
		i++
		Cover(i, cats[i%4])
	}
}
