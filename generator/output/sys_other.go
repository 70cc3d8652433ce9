//go:build !linux

package output

func exchange(a, b string) error { return swapInTwoSteps(a, b) }

func umaskNarrows() bool { return true }
