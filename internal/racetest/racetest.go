// Package racetest runs one call from many goroutines at once, for the tests that a race is
// decided once: n checkouts of one cart make one order, n deliveries of one event apply once,
// n spends never overdraw. The goroutines start together and their answers come back in
// order, so a test checks them after the race instead of under a mutex inside it.
package racetest

import (
	"sync"
	"testing"

	"circle/internal/apperr"
)

// Run calls fn(0) … fn(n-1) on n goroutines released at the same moment and returns what each
// returned, in order.
func Run[T any](n int, fn func(i int) T) []T {
	out := make([]T, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			out[i] = fn(i)
		}()
	}
	close(start)
	wg.Wait()
	return out
}

// RunErr is Run for a call that answers a value and an error.
func RunErr[T any](n int, fn func(i int) (T, error)) ([]T, []error) {
	type answer struct {
		v   T
		err error
	}
	answers := Run(n, func(i int) answer {
		v, err := fn(i)
		return answer{v, err}
	})
	vs, errs := make([]T, n), make([]error, n)
	for i, a := range answers {
		vs[i], errs[i] = a.v, a.err
	}
	return vs, errs
}

// Count runs fn as Run does and returns how many of the calls answered true: the winners of a
// race that must have exactly one.
func Count(n int, fn func(i int) bool) int {
	won := 0
	for _, ok := range Run(n, fn) {
		if ok {
			won++
		}
	}
	return won
}

// WinsAndConflicts runs fn as Run does and counts the calls that succeeded and those refused
// with a conflict (apperr.Conflict), failing the test on any other error: the race one caller
// must win and the others lose cleanly.
func WinsAndConflicts(t testing.TB, n int, fn func(i int) error) (wins, conflicts int) {
	t.Helper()
	for i, err := range Run(n, fn) {
		switch {
		case err == nil:
			wins++
		case apperr.CodeOf(err) == apperr.Conflict:
			conflicts++
		default:
			t.Errorf("call %d of %d: %v", i, n, err)
		}
	}
	return wins, conflicts
}
