package parallel

import (
	"errors"
	"runtime"
	"sync/atomic"
	"testing"
)

func TestForCallsEachIndexOnce(t *testing.T) {
	for _, n := range []int{0, 1, 7, 1000} {
		calls := make([]atomic.Int32, n)
		if err := For(n, func(i int) error { calls[i].Add(1); return nil }); err != nil {
			t.Fatal(err)
		}
		for i := range calls {
			if c := calls[i].Load(); c != 1 {
				t.Fatalf("n=%d: index %d called %d times", n, i, c)
			}
		}
	}
}

func TestForStopsAtTheFirstError(t *testing.T) {
	bad := errors.New("bad page")
	var after atomic.Int32
	err := For(100000, func(i int) error {
		if i == 42 {
			return bad
		}
		if i > 42 {
			after.Add(1)
		}
		return nil
	})
	if err != bad {
		t.Fatalf("error %v, want %v", err, bad)
	}
	// The other goroutines may each have taken a few more indices meanwhile.
	if n := after.Load(); n > 1000 {
		t.Fatalf("%d indices after the error were still called", n)
	}
}

// Each goroutine's state is its own: no two goroutines use one at once.
func TestForWorkersStateIsPerGoroutine(t *testing.T) {
	var made atomic.Int32
	covered := make([]atomic.Int32, 10000)
	err := ForWorkers(len(covered), func() func(int) error {
		made.Add(1)
		var busy atomic.Bool
		return func(i int) error {
			if !busy.CompareAndSwap(false, true) {
				return errors.New("one worker's state used by two goroutines at once")
			}
			defer busy.Store(false)
			covered[i].Add(1)
			return nil
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if m := made.Load(); m < 1 || m > int32(runtime.GOMAXPROCS(0)) {
		t.Fatalf("%d workers made, want one per core at most (%d)", m, runtime.GOMAXPROCS(0))
	}
	for i := range covered {
		if c := covered[i].Load(); c != 1 {
			t.Fatalf("index %d called %d times", i, c)
		}
	}
}
