//go:build !linux

package render

func widen(any) {}
