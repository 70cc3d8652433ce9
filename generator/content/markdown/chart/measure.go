package chart

import (
	"strings"
	"unicode"
)

// Text is laid out at build time, so its width is estimated here from the
// advance widths of DejaVu Sans, the widest of the fonts that system-ui
// resolves to (Segoe UI, San Francisco, Roboto and Noto Sans are all
// narrower): a label that fits here fits on every reader's screen. The
// widths are in thousandths of an em, rounded up, for U+0020–U+007E and
// then the runes of wideExtra (read from DejaVuSans.ttf and
// DejaVuSans-Bold.ttf with golang.org/x/image/font/sfnt).
const fontPx = 12 // the chart's text size, in CSS pixels (see rich.css)

var wideExtra = []rune("–—−₹…‘’“”•×°€£é")

var regularWidths = [...]uint16{
	318, 401, 460, 838, 637, 951, 780, 275, 391, 391, 500, 838, 318, 361, 318, 337,
	637, 637, 637, 637, 637, 637, 637, 637, 637, 637, 337, 337, 838, 838, 838, 531,
	1000, 685, 687, 699, 771, 632, 576, 775, 752, 295, 295, 656, 558, 863, 749, 788,
	604, 788, 695, 635, 611, 732, 685, 989, 686, 611, 686, 391, 337, 391, 838, 500,
	500, 613, 635, 550, 635, 616, 353, 635, 634, 278, 278, 580, 278, 975, 634, 612,
	635, 635, 412, 521, 393, 634, 592, 818, 592, 592, 525, 637, 337, 637, 838, 500,
	1000, 838, 637, 1000, 318, 318, 519, 519, 590, 838, 500, 637, 637, 616,
}

var boldWidths = [...]uint16{
	349, 457, 521, 838, 696, 1002, 873, 307, 458, 458, 523, 838, 380, 416, 380, 366,
	696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 581,
	1000, 774, 763, 734, 831, 684, 684, 821, 837, 373, 373, 775, 638, 996, 837, 851,
	733, 851, 771, 721, 683, 813, 774, 1104, 771, 725, 726, 458, 366, 458, 838, 500,
	500, 675, 716, 593, 716, 679, 436, 716, 712, 343, 343, 666, 343, 1042, 712, 688,
	716, 716, 494, 596, 479, 712, 652, 924, 646, 652, 583, 712, 366, 712, 838, 500,
	1000, 838, 696, 1000, 380, 380, 658, 658, 640, 838, 500, 696, 696, 679,
}

// otherWidth is any other rune (Devanagari, accented capitals, a font's
// fallback box): wider than most, so such labels get room to spare.
const otherWidth = 820

// textWidth is the width of s in pixels at the chart's text size.
func textWidth(s string, bold bool) float64 {
	table := regularWidths[:]
	if bold {
		table = boldWidths[:]
	}
	em := 0
	for _, r := range s {
		switch {
		case r >= 0x20 && r < 0x7f:
			em += int(table[r-0x20])
		case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
			// Marks set over or under a letter (a Devanagari vowel sign,
			// virama or nukta) and joiners take no room of their own.
		default:
			w := otherWidth
			for i, x := range wideExtra {
				if x == r {
					w = int(table[0x7f-0x20+i])
					break
				}
			}
			em += w
		}
	}
	return float64(em) * fontPx / 1000
}

// lineH is the height of a line of chart text, in pixels.
const lineH = 15

// wrap breaks s at spaces into lines no wider than px, at most maxLines of
// them. ok is false when it cannot: a word wider than px, or more lines.
// The lines are still returned (a word too long stands alone).
func wrap(s string, px float64, maxLines int, bold bool) (lines []string, ok bool) {
	ok = true
	for _, word := range strings.Fields(s) {
		if textWidth(word, bold) > px {
			ok = false
		}
		if n := len(lines); n > 0 && textWidth(lines[n-1]+" "+word, bold) <= px {
			lines[n-1] += " " + word
			continue
		}
		lines = append(lines, word)
	}
	if len(lines) == 0 {
		lines = []string{""}
	}
	return lines, ok && len(lines) <= maxLines
}

// widest is the width of the widest line.
func widest(lines []string, bold bool) float64 {
	w := 0.0
	for _, l := range lines {
		w = max(w, textWidth(l, bold))
	}
	return w
}
