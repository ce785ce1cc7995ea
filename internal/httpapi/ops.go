package httpapi

import (
	"context"
	"math"
	"runtime"
	"sort"
	"sync"
	"time"

	dto "github.com/prometheus/client_model/go"

	"circle/internal/jobs"
	"circle/internal/marketplace"
	"circle/internal/ops"
	"circle/internal/platform"
)

// OpsArea is the back office's operations (issue 31 items 10 and 11; F-AREA-03, F-AREA-04):
// the security and errors screen and the command center. Every route is admin-only; the retry
// of a dead job is audited.
type OpsArea struct {
	Ops       *ops.Service
	Jobs      *jobs.Runner
	Platform  *platform.Service
	Snapshots *marketplace.Snapshots
	Now       func() time.Time

	metrics *metrics
	mu      sync.Mutex
	samples []requestSample
}

// useMetrics hands the area the server's own collectors (register calls it).
func (h *OpsArea) useMetrics(m *metrics) { h.metrics = m }

const (
	sumSecurityEvents = "Security events, newest first, filtered by kind, user (id or e-mail) and UTC days, paged"
	sumSecurityHourly = "Security events per hour over the last 24 hours (the rate indicator)"
	sumClientErrors   = "Client errors grouped by message: count, first and last seen, the latest stack, paged"
	sumCommandCenter  = "Live health: server, database ping, jobs queue with dead jobs, caches, request rates, errors and latencies"
	sumCompliance     = "RESPA view: active services by risk level and vendor kind, and one page of services with their split limits"
	sumCoPayDecisions = "Decided co-pay requests, latest first, each with the address of its vendor-agent audit pack"
	sumFunnel         = "The marketplace funnel per UTC day: visitors, service views, cart adds, checkouts started, orders paid"
	sumSelfTest       = "Run the safe self-test of each subsystem on the server: pass or fail and time of each"
	sumRetryJob       = "Put a dead job back in the queue with a fresh set of attempts (audited); 409 when not dead"
)

// Register declares the area's routes.
func (h *OpsArea) Register(r *Router) {
	get(r, "/api/admin/security-events", "admin-security-events", sumSecurityEvents, "security", admin, h.securityEvents)
	get(r, "/api/admin/security-events/hourly", "admin-security-hourly", sumSecurityHourly, "security", admin, h.securityHourly)
	get(r, "/api/admin/client-errors", "admin-client-errors", sumClientErrors, "admin", admin, h.clientErrors)
	get(r, "/api/admin/command-center", "admin-command-center", sumCommandCenter, "admin", admin, h.commandCenter)
	get(r, "/api/admin/compliance", "admin-compliance", sumCompliance, "admin", admin, h.compliance)
	get(r, "/api/admin/compliance/co-pay-decisions", "admin-copay-decisions", sumCoPayDecisions, "admin", admin, h.coPayDecisions)
	get(r, "/api/admin/analytics/funnel", "admin-funnel", sumFunnel, "admin", admin, h.funnel)
	post(r, "/api/admin/command-center/self-test", "admin-self-test", sumSelfTest, "admin", admin, h.selfTest, maxKB(1))
	post(r, "/api/admin/jobs/{id}/retry", "admin-retry-job", sumRetryJob, "admin", admin, h.retryJob, maxKB(1))
}

type securityEventsInput struct {
	Kind string `query:"kind" maxLength:"100" doc:"The exact event type"`
	User string `query:"user" maxLength:"100" doc:"A user id, or part of an e-mail address"`
	From string `query:"from" maxLength:"10" doc:"First UTC day, YYYY-MM-DD"`
	To   string `query:"to" maxLength:"10" doc:"Last UTC day, YYYY-MM-DD (included)"`
	PageQuery
}

type securityEventsOutput = bodyOutput[ops.SecurityEntryPage]

func (h *OpsArea) securityEvents(ctx context.Context, in *securityEventsInput) (*securityEventsOutput, error) {
	return answer(h.Ops.SecurityEvents(ctx, ops.SecurityFilter{Kind: in.Kind, User: in.User, From: in.From, To: in.To, Page: in.Page, PageSize: in.PageSize}))
}

type securityHourlyOutput = bodyOutput[ops.SecurityHourly]

func (h *OpsArea) securityHourly(ctx context.Context, _ *struct{}) (*securityHourlyOutput, error) {
	return answer(h.Ops.Rate(ctx))
}

type clientErrorsInput struct {
	Q    string `query:"q" maxLength:"100" doc:"Message contains"`
	Sort string `query:"sort" enum:"last_seen,count" default:"last_seen"`
	Dir  string `query:"dir" enum:"asc,desc" default:"desc"`
	PageQuery
}

type clientErrorsOutput = bodyOutput[ops.ClientErrorPage]

func (h *OpsArea) clientErrors(ctx context.Context, in *clientErrorsInput) (*clientErrorsOutput, error) {
	return answer(h.Ops.ClientErrors(ctx, ops.ErrorFilter{Q: in.Q, Sort: in.Sort, Asc: in.Dir == "asc", Page: in.Page, PageSize: in.PageSize}))
}

// ServerHealth is the process itself.
type ServerHealth struct {
	Version       string    `json:"version"`
	StartedAt     time.Time `json:"started_at"`
	UptimeSeconds int64     `json:"uptime_seconds"`
	Goroutines    int       `json:"goroutines"`
	HeapBytes     uint64    `json:"heap_bytes"`
}

// DatabaseHealth is the database's answer to a ping.
type DatabaseHealth struct {
	Engine        string  `json:"engine"`
	OK            bool    `json:"ok"`
	PingMS        float64 `json:"ping_ms"`
	SchemaVersion int     `json:"schema_version"`
	MigrationsOK  bool    `json:"migrations_ok"`
}

// JobsHealth is the queue and its dead jobs.
type JobsHealth struct {
	ops.JobQueueCounts
	DeadJobs []jobs.DeadView `json:"dead_jobs" doc:"The 50 most recently failed"`
}

// CacheStatus is one cache.
type CacheStatus struct {
	Name   string                   `json:"name"`
	OK     bool                     `json:"ok"`
	Detail *marketplace.CacheHealth `json:"marketplace,omitempty"`
}

// RouteStats is one route's requests since the process started.
type RouteStats struct {
	Route    string  `json:"route"`
	Requests int64   `json:"requests"`
	Errors   int64   `json:"errors" doc:"Answers with status 500 or more"`
	MeanMS   float64 `json:"mean_ms"`
	P95MS    float64 `json:"p95_ms" doc:"Estimated from the latency histogram's buckets"`
}

// RequestHealth is the server's own metrics (this replica's).
type RequestHealth struct {
	Total        int64        `json:"total"`
	Errors       int64        `json:"errors" doc:"Answers with status 500 or more"`
	ClientErrors int64        `json:"client_errors" doc:"Answers with status 400 to 499"`
	ErrorRate    float64      `json:"error_rate" doc:"errors / total, 0 to 1"`
	PerMinute    float64      `json:"per_minute" doc:"Requests per minute over the last samples (up to 5 minutes)"`
	MeanMS       float64      `json:"mean_ms"`
	P95MS        float64      `json:"p95_ms"`
	Routes       []RouteStats `json:"routes" doc:"The 10 busiest routes"`
}

// CommandCenter is the command center's snapshot.
type CommandCenter struct {
	At       time.Time      `json:"at"`
	Server   ServerHealth   `json:"server"`
	Database DatabaseHealth `json:"database"`
	Jobs     JobsHealth     `json:"jobs"`
	Caches   []CacheStatus  `json:"caches"`
	Requests RequestHealth  `json:"requests"`
}

type commandCenterOutput struct{ Body CommandCenter }

func (h *OpsArea) now() time.Time {
	if h.Now == nil {
		return time.Now()
	}
	return h.Now()
}

func (h *OpsArea) commandCenter(ctx context.Context, _ *struct{}) (*commandCenterOutput, error) {
	out := CommandCenter{At: h.now().UTC()}
	var mem runtime.MemStats
	runtime.ReadMemStats(&mem)
	out.Server = ServerHealth{Goroutines: runtime.NumGoroutine(), HeapBytes: mem.HeapAlloc}
	if h.Platform != nil {
		ready := h.Platform.Ready(ctx)
		out.Server.Version, out.Server.StartedAt, out.Server.UptimeSeconds = ready.Version, h.Platform.StartedAt, ready.UptimeSeconds
		out.Database.Engine, out.Database.SchemaVersion = ready.Database, ready.SchemaVersion
		for _, c := range ready.Checks {
			switch c.Name {
			case "database":
				out.Database.OK, out.Database.PingMS = c.OK, c.LatencyMS
			case "migrations":
				out.Database.MigrationsOK = c.OK
			}
		}
	}
	counts, err := h.Ops.Jobs(ctx)
	if err != nil {
		return nil, err
	}
	dead, err := h.Jobs.Dead(ctx, 50)
	if err != nil {
		return nil, err
	}
	out.Jobs = JobsHealth{JobQueueCounts: counts, DeadJobs: dead}
	out.Caches = []CacheStatus{}
	if h.Snapshots != nil {
		c := CacheStatus{Name: "marketplace"}
		if health, err := h.Snapshots.Health(ctx); err == nil {
			c.OK, c.Detail = health.Exists && !health.Stale, &health
		} else {
			loggerFrom(ctx).Error("command center: marketplace cache", "err", err)
		}
		out.Caches = append(out.Caches, c)
	}
	out.Requests = h.requestHealth()
	return &commandCenterOutput{Body: out}, nil
}

type requestSample struct {
	at    time.Time
	total int64
}

// requestHealth reads the server's own collectors: totals, errors, latency and the busiest
// routes, and the request rate from the samples this area kept of earlier reads.
func (h *OpsArea) requestHealth() RequestHealth {
	rh := RequestHealth{Routes: []RouteStats{}}
	if h.metrics == nil {
		return rh
	}
	families, err := h.metrics.registry.Gather()
	if err != nil {
		return rh
	}
	routes := map[string]*RouteStats{}
	route := func(name string) *RouteStats {
		if routes[name] == nil {
			routes[name] = &RouteStats{Route: name}
		}
		return routes[name]
	}
	var all histogram
	hists := map[string]*histogram{}
	for _, f := range families {
		switch f.GetName() {
		case "circle_http_requests_total":
			for _, m := range f.GetMetric() {
				n := int64(m.GetCounter().GetValue())
				r := route(label(m, "route"))
				r.Requests += n
				rh.Total += n
				switch status := label(m, "status"); {
				case status >= "500":
					r.Errors += n
					rh.Errors += n
				case status >= "400":
					rh.ClientErrors += n
				}
			}
		case "circle_http_request_duration_seconds":
			for _, m := range f.GetMetric() {
				hg := histogramOf(m.GetHistogram())
				hists[label(m, "route")] = &hg
				all.add(hg)
			}
		}
	}
	if rh.Total > 0 {
		rh.ErrorRate = float64(rh.Errors) / float64(rh.Total)
	}
	rh.MeanMS, rh.P95MS = all.mean(), all.quantile(0.95)
	for name, r := range routes {
		if hg := hists[name]; hg != nil {
			r.MeanMS, r.P95MS = hg.mean(), hg.quantile(0.95)
		}
		rh.Routes = append(rh.Routes, *r)
	}
	sort.Slice(rh.Routes, func(i, j int) bool {
		if rh.Routes[i].Requests != rh.Routes[j].Requests {
			return rh.Routes[i].Requests > rh.Routes[j].Requests
		}
		return rh.Routes[i].Route < rh.Routes[j].Route
	})
	if len(rh.Routes) > 10 {
		rh.Routes = rh.Routes[:10]
	}
	rh.PerMinute = h.sample(time.Now(), rh.Total)
	return rh
}

// sample keeps this read's total and answers the requests per minute since the oldest sample of
// the last five minutes (0 until one is at least a second old). Wall clock: the rate is real.
func (h *OpsArea) sample(at time.Time, total int64) float64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	keep := h.samples[:0]
	for _, s := range h.samples {
		if at.Sub(s.at) <= 5*time.Minute {
			keep = append(keep, s)
		}
	}
	h.samples = append(keep, requestSample{at: at, total: total})
	oldest := h.samples[0]
	elapsed := at.Sub(oldest.at)
	if elapsed < time.Second {
		return 0
	}
	return math.Round(float64(total-oldest.total)/elapsed.Minutes()*10) / 10
}

func label(m *dto.Metric, name string) string {
	for _, l := range m.GetLabel() {
		if l.GetName() == name {
			return l.GetValue()
		}
	}
	return ""
}

// histogram is a latency histogram: cumulative counts at upper bounds (seconds).
type histogram struct {
	count  uint64
	sum    float64
	bounds []float64
	counts []uint64
}

func histogramOf(h *dto.Histogram) histogram {
	out := histogram{count: h.GetSampleCount(), sum: h.GetSampleSum()}
	for _, b := range h.GetBucket() {
		out.bounds = append(out.bounds, b.GetUpperBound())
		out.counts = append(out.counts, b.GetCumulativeCount())
	}
	return out
}

func (h *histogram) add(o histogram) {
	h.count += o.count
	h.sum += o.sum
	if h.bounds == nil {
		h.bounds = append([]float64(nil), o.bounds...)
		h.counts = make([]uint64, len(o.counts))
	}
	for i := range h.counts {
		if i < len(o.counts) {
			h.counts[i] += o.counts[i]
		}
	}
}

func (h histogram) mean() float64 {
	if h.count == 0 {
		return 0
	}
	return math.Round(h.sum/float64(h.count)*1e5) / 100
}

// quantile estimates the q-quantile in milliseconds by linear interpolation in its bucket.
func (h histogram) quantile(q float64) float64 {
	if h.count == 0 {
		return 0
	}
	rank := q * float64(h.count)
	lower, prev := 0.0, uint64(0)
	for i, c := range h.counts {
		if float64(c) >= rank {
			width := h.bounds[i] - lower
			in := float64(c - prev)
			v := lower
			if in > 0 {
				v += width * (rank - float64(prev)) / in
			}
			return math.Round(v*1e5) / 100
		}
		lower, prev = h.bounds[i], c
	}
	return math.Round(lower*1e5) / 100
}

type retryJobOutput = bodyOutput[jobs.DeadView]

func (h *OpsArea) retryJob(ctx context.Context, in *idPath) (*retryJobOutput, error) {
	return answer(h.Ops.RetryJob(ctx, actorOf(ctx), in.ID))
}

type selfTestOutput struct {
	Body struct {
		OK     bool              `json:"ok" doc:"Every check passed"`
		At     time.Time         `json:"at"`
		Checks []ops.CheckResult `json:"checks"`
	}
}

// selfTest runs the command center test's checks; a failed check is in the answer, not an error.
func (h *OpsArea) selfTest(ctx context.Context, _ *struct{}) (*selfTestOutput, error) {
	out := &selfTestOutput{}
	out.Body.At = h.now().UTC()
	out.Body.Checks = h.Ops.SelfTest(ctx)
	out.Body.OK = true
	for _, c := range out.Body.Checks {
		out.Body.OK = out.Body.OK && c.OK
	}
	return out, nil
}

type complianceInput struct {
	Risk string `query:"risk" enum:"low,medium,high,unset" doc:"The stored respa_risk_level; unset is empty"`
	Kind string `query:"kind" enum:"ssp,non_ssp" doc:"The vendor's RESPA kind"`
	PageQuery
}

type complianceOutput = bodyOutput[ops.CompliancePage]

func (h *OpsArea) compliance(ctx context.Context, in *complianceInput) (*complianceOutput, error) {
	return answer(h.Ops.Compliance(ctx, ops.ComplianceFilter{Risk: in.Risk, Kind: in.Kind, Page: in.Page, PageSize: in.PageSize}))
}

type coPayDecisionsInput struct {
	Status string `query:"status" enum:"approved,declined,expired,canceled,used"`
	PageQuery
}

type coPayDecisionsOutput = bodyOutput[ops.CoPayDecisionPage]

func (h *OpsArea) coPayDecisions(ctx context.Context, in *coPayDecisionsInput) (*coPayDecisionsOutput, error) {
	return answer(h.Ops.Decisions(ctx, in.Status, in.Page, in.PageSize))
}

type funnelInput struct {
	From string `query:"from" maxLength:"10" doc:"First UTC day, YYYY-MM-DD (default: 13 days before to)"`
	To   string `query:"to" maxLength:"10" doc:"Last UTC day, YYYY-MM-DD (default: today)"`
}

type funnelOutput = bodyOutput[ops.Funnel]

func (h *OpsArea) funnel(ctx context.Context, in *funnelInput) (*funnelOutput, error) {
	return answer(h.Ops.Funnel(ctx, in.From, in.To))
}
