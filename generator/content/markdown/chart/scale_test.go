package chart

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestNiceScale(t *testing.T) {
	cases := []struct{ lo, hi, wlo, whi, step float64 }{
		{-5.02, 6.7, -6, 8, 2}, // not −10: no empty band
		{0, 1121090, 0, 1200000, 200000},
		{1.55, 3.16, 1.5, 3.25, 0.25},
		{0, 6.7, 0, 7, 1},
		{-1.76, 3.16, -2, 4, 1},
		{5, 5, 4, 6, 0.5},       // a flat series gets room around it
		{0.5, 0.5, 0, 1.5, 0.5}, // and stands on zero when that is near
		// Never two ticks where there is room for more (a data desk's review).
		{0, 9.2, 0, 10, 2},
		{0, 95, 0, 100, 20},
		{0, 100, 0, 100, 20},
		{-10, 0, -10, 0, 2},
		{0, 0.95, 0, 1, 0.2},
		{0, 920, 0, 1000, 200},
	}
	for _, c := range cases {
		s := niceScale(c.lo, c.hi, 8)
		if math.Abs(s.lo-c.wlo) > 1e-9 || math.Abs(s.hi-c.whi) > 1e-9 || math.Abs(s.step-c.step) > 1e-9 {
			t.Errorf("niceScale(%v, %v) = %+v; want %v to %v by %v", c.lo, c.hi, s, c.wlo, c.whi, c.step)
		}
	}
}

// TestNiceScaleProperties: for any data, the ticks cover it, are evenly
// spaced at a round step, are at most as many as asked, and leave less
// than a step empty at either end.
func TestNiceScaleProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		mag := math.Pow(10, float64(r.IntN(16)-6))
		lo, hi := (r.Float64()*2-1)*mag, (r.Float64()*2-1)*mag
		if r.IntN(4) == 0 {
			lo = 0
		}
		lo, hi = math.Min(lo, hi), math.Max(lo, hi)
		maxTicks := 3 + r.IntN(8)
		s := niceScale(lo, hi, maxTicks)
		ticks := s.ticks()
		if s.lo > lo+1e-9*mag || s.hi < hi-1e-9*mag {
			t.Fatalf("niceScale(%v, %v) = %+v does not cover the data", lo, hi, s)
		}
		if len(ticks) > maxTicks || len(ticks) < 2 {
			t.Fatalf("niceScale(%v, %v, %d) = %+v: %d ticks", lo, hi, maxTicks, s, len(ticks))
		}
		m := s.step / math.Pow(10, math.Floor(math.Log10(s.step)+1e-9))
		if math.Abs(m-1) > 1e-6 && math.Abs(m-2) > 1e-6 && math.Abs(m-2.5) > 1e-6 && math.Abs(m-5) > 1e-6 {
			t.Fatalf("niceScale(%v, %v) step %v is not 1, 2, 2.5 or 5 × 10^k", lo, hi, s.step)
		}
		for i := 1; i < len(ticks); i++ {
			if d := ticks[i] - ticks[i-1]; math.Abs(d-s.step) > 1e-9*math.Max(s.step, 1) {
				t.Fatalf("niceScale(%v, %v): uneven ticks %v", lo, hi, ticks)
			}
		}
		if hi > lo && (s.lo <= lo-s.step*(1+1e-9) || s.hi >= hi+s.step*(1+1e-9)) {
			t.Fatalf("niceScale(%v, %v) = %+v leaves an empty band", lo, hi, s)
		}
	}
}
