//go:build !linux

package render

// Yield does nothing here: only Linux sets priorities per thread.
func Yield() {}
