package main

import (
	"math/rand/v2"
	"slices"
	"time"
)

// route is one kind of request of the mix with its share in percent.
type route struct {
	name  string
	share int
}

// mix is issue 17's mixed load: browse 60%, search 15%, detail 15%, cart 5%, sign-in 5%.
var mix = []route{{"browse", 60}, {"search", 15}, {"detail", 15}, {"cart", 5}, {"signin", 5}}

// deck is a shuffled sequence of route indexes holding each route exactly share times per 100
// requests, so every window of 100 scheduled requests has the exact mix (a plain random draw
// would drift from it on short runs).
func deck(routes []route, rng *rand.Rand) []int {
	var d []int
	for i, r := range routes {
		for range r.share {
			d = append(d, i)
		}
	}
	rng.Shuffle(len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
	return d
}

// due is when request k of an open-loop schedule at rate requests per second starting at start
// is sent: fixed by the schedule, never by when earlier answers came back.
func due(start time.Time, rate float64, k int) time.Time {
	return start.Add(time.Duration(float64(k) / rate * float64(time.Second)))
}

// latency is the time from when the request was due to its answer: a request that waited for a
// free connection or behind a slow answer counts that wait (no coordinated omission).
func latency(dueAt, done time.Time) time.Duration {
	return done.Sub(dueAt)
}

// percentile is the nearest-rank percentile p (0-100) of the durations, 0 for none. It sorts
// ds in place.
func percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	slices.Sort(ds)
	rank := int(float64(len(ds))*p/100+0.999999999) - 1 // ceil(n*p/100) - 1
	return ds[max(0, min(len(ds)-1, rank))]
}
