package chart

import (
	"math"
	"strconv"
	"strings"
)

// scale is a value axis: round bounds and the step between its ticks.
type scale struct{ lo, hi, step float64 }

// niceMultiples are the steps people read without effort, times a power of
// ten, in order of preference (as in Talbot, Lin and Hanrahan's extended
// Wilkinson algorithm, less the rarely liked 3 and 4).
var niceMultiples = []float64{1, 5, 2, 2.5}

// niceScale picks round ticks for [lo, hi]: a step of 1, 2, 2.5 or 5 × 10^k,
// bounds at the first ticks outside the data (so no empty band wider than a
// step), at most maxTicks ticks. Among the candidates it weighs, as Talbot,
// Lin and Hanrahan's extended Wilkinson algorithm does, how closely the
// bounds hug the data, how simple the step is and how near the count is to
// five (or to as many as there is room for).
func niceScale(lo, hi float64, maxTicks int) scale {
	if !(hi > lo) || hi-lo < 1e-9*math.Max(math.Abs(lo), math.Abs(hi)) {
		pad := math.Max(math.Abs(hi)*0.1, 1)
		if lo >= 0 && lo-pad < 0 {
			lo, hi = 0, hi+pad // a flat series near zero stands on it
		} else {
			lo, hi = lo-pad, hi+pad
		}
	}
	maxTicks = max(maxTicks, 2)
	target := float64(min(maxTicks, 5))
	best, bestScore := scale{}, math.Inf(-1)
	span := hi - lo
	for k := math.Floor(math.Log10(span/float64(maxTicks))) - 1; k <= math.Ceil(math.Log10(span))+1; k++ {
		for i, m := range niceMultiples {
			step := m * math.Pow(10, k)
			s := scale{lo: math.Floor(lo/step+1e-9) * step, hi: math.Ceil(hi/step-1e-9) * step, step: step}
			n := s.count()
			if n > maxTicks || n < 2 {
				continue
			}
			// Talbot's coverage: the squared overshoot at each end against a
			// tenth of the data's span, so a half-empty axis scores badly.
			coverage := 1 - 0.5*(sq(hi-s.hi)+sq(lo-s.lo))/sq(0.1*span)
			simplicity := 1 - float64(i)/float64(len(niceMultiples))
			// Talbot's density: falls off as the ratio to the target count,
			// so two ticks (0 and 10 over data up to 9.2) score well below
			// six, not a step behind them.
			density := 2 - math.Max(float64(n)/target, target/float64(n))
			score := 0.4*coverage + 0.3*simplicity + 0.3*density
			if score > bestScore+1e-12 {
				best, bestScore = s, score
			}
		}
	}
	return best
}

func sq(x float64) float64 { return x * x }

// count is the number of ticks.
func (s scale) count() int { return int(math.Round((s.hi-s.lo)/s.step)) + 1 }

// ticks are the tick values, from the lowest.
func (s scale) ticks() []float64 {
	out := make([]float64, s.count())
	for i := range out {
		out[i] = s.lo + float64(i)*s.step
		if math.Abs(out[i]) < s.step*1e-9 {
			out[i] = 0
		}
	}
	return out
}

// decimals is how many decimal places the step's ticks need.
func decimals(step float64) int {
	if step == 0 {
		return 0
	}
	for d := 0; d < 6; d++ {
		p := step * math.Pow(10, float64(d))
		if math.Abs(p-math.Round(p)) < 1e-6*p {
			return d
		}
	}
	return 6
}

// grouped writes v with dec decimals the Indian way: 1,23,45,678.5, and a
// true minus sign (U+2212) before a negative number.
func grouped(v float64, dec int) string {
	s := strconv.FormatFloat(math.Abs(v), 'f', dec, 64)
	whole, frac, _ := strings.Cut(s, ".")
	if len(whole) > 3 {
		head, tail := whole[:len(whole)-3], whole[len(whole)-3:]
		var parts []string
		for len(head) > 2 {
			parts = append([]string{head[len(head)-2:]}, parts...)
			head = head[:len(head)-2]
		}
		whole = strings.Join(append(append([]string{head}, parts...), tail), ",")
	}
	if frac != "" {
		whole += "." + frac
	}
	if v < 0 && strings.Trim(s, "0.") != "" {
		return "−" + whole
	}
	return whole
}

// writtenDecimals is how many decimal places a cell was written with, so
// "20.10" keeps its zero.
func writtenDecimals(cell string) int {
	_, frac, ok := strings.Cut(cell, ".")
	if !ok {
		return 0
	}
	return len(frac)
}

// seriesDecimals is, for each series, the most decimal places any of its
// cells was written with: the labels on a series' marks all show as many
// ("7.00", "7.25", "10.80"), as a data desk sets a column of figures.
func (c *Chart) seriesDecimals() []int {
	out := make([]int, len(c.Series))
	for _, r := range c.Rows {
		for s, cell := range r.Cells {
			if s < len(out) && !math.IsNaN(r.Values[s]) {
				out[s] = max(out[s], writtenDecimals(cell))
			}
		}
	}
	return out
}
