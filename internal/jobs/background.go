package jobs

import "context"

// Background runs fn for as long as Run runs: it starts with Run, its context ends with Run's,
// and Run returns only after fn has. It is for long-lived work of this process beside the jobs
// (listening for the other replicas' changes), so it stops with the jobs at shutdown and at the
// end of a test. Register it before Run.
func (r *Runner) Background(fn func(ctx context.Context)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.background = append(r.background, fn)
}

func (r *Runner) startBackground(ctx context.Context) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, fn := range r.background {
		r.wg.Add(1)
		go func() {
			defer r.wg.Done()
			fn(ctx)
		}()
	}
}
