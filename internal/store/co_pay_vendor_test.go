package store_test

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"circle/internal/apperr"
	"circle/internal/clocktest"
	"circle/internal/copay"
	"circle/internal/demo"
	"circle/internal/ids"
	"circle/internal/jobs"
	"circle/internal/notify"
	"circle/internal/store"
)

const (
	vendorUser  = "usr-demo-vendor"
	seminarID   = "svc-welcomemat-buyer-seminar"
	seminarCost = int64(34900)
)

func vendorSide(db *store.DB, clk *clocktest.Clock) *copay.VendorService {
	return &copay.VendorService{Store: store.NewCoPayVendorStore(db), Mailer: notify.OutboxMailer{Outbox: store.NewOps(db)}, Now: clk.Now, BaseURL: "http://circle.test"}
}

// newCoPayRequest writes a pending request of a fresh agent to ClosingBell for the buyer
// seminar (50% asked; the service caps a non-SSP partner at 60%), with its created event, as the
// agent's side records it.
func newCoPayRequest(t *testing.T, db *store.DB, now time.Time) (copay.Request, string) {
	t.Helper()
	agent := newPointsAgent(t, db)
	r := copay.Request{ID: ids.New(), AgentID: agent, VendorID: bellID, ServiceID: seminarID, RequestedSplit: 50, VendorKind: "non_ssp",
		BasePriceCents: seminarCost, VendorShareCents: seminarCost / 2, AgentShareCents: seminarCost - seminarCost/2,
		Explanation: "ClosingBell covers 50%", Status: copay.StatusPending, ExpiresAt: now.Add(copay.ResponseWindow), CreatedAt: now, UpdatedAt: now}
	ctx := context.Background()
	if _, err := db.Bun().NewInsert().Model(&r).ModelTableExpr("co_pay_requests").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	ev := copay.Event{ID: ids.New(), RequestID: r.ID, Status: copay.StatusPending, ActorID: agent, SplitPercentage: 50, Explanation: r.Explanation, CreatedAt: now}
	if _, err := db.Bun().NewInsert().Model(&ev).ModelTableExpr("co_pay_request_events").Exec(ctx); err != nil {
		t.Fatal(err)
	}
	return r, agent
}

func countRows(t *testing.T, db *store.DB, query string, args ...any) int {
	t.Helper()
	return scanOne[int](t, db, query, args...)
}

// F-PAY-05 (issue 15 item 3): 20 simultaneous decisions (approvals at several splits and
// declines) of one request give exactly one decision: one success, 19 conflicts with a clear
// message, one decision event, one notice and one e-mail in the outbox.
func TestF_PAY_05_ConcurrentDecisionsDecideOnce(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		svc := vendorSide(db, clk)
		r, agent := newCoPayRequest(t, db, clk.Now())
		const n = 20
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok, conflicts := 0, 0
		var won copay.IncomingView
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				d := copay.Decision{RequestID: r.ID, UserID: vendorUser, Approve: i%2 == 0, Split: 30 + (i%4)*5, Note: "decision " + string(rune('a'+i)), Lang: "en"}
				v, err := svc.Decide(ctx, d)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ok++
					won = v
				case apperr.CodeOf(err) == apperr.Conflict:
					conflicts++
				default:
					t.Errorf("decision %d: %v", i, err)
				}
			}()
		}
		wg.Wait()
		if ok != 1 || conflicts != n-1 {
			t.Fatalf("%d decisions applied, %d conflicts; want 1 and %d", ok, conflicts, n-1)
		}
		got, err := store.NewCoPays(db).CoPayRequestForVendor(ctx, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != won.Status || got.DecidedBy != vendorUser || got.DecidedAt == nil || got.DecisionNote == "" {
			t.Fatalf("stored %+v, answered %+v", got.Request, won)
		}
		if got.Status == copay.StatusApproved && (got.ApprovedSplit == nil || got.VendorShareCents != seminarCost*int64(*got.ApprovedSplit)/100 ||
			got.AgentShareCents != seminarCost-got.VendorShareCents) {
			t.Fatalf("approved shares %+v", got.Request)
		}
		if e := countRows(t, db, "SELECT COUNT(*) FROM co_pay_request_events WHERE request_id = ? AND status <> 'pending'", r.ID); e != 1 {
			t.Fatalf("%d decision events, want 1", e)
		}
		if e := countRows(t, db, "SELECT COUNT(*) FROM notifications WHERE user_id = ?", agent); e != 1 {
			t.Fatalf("%d notices, want 1", e)
		}
		var to string
		if err := db.Bun().NewRaw("SELECT email FROM users WHERE id = ?", agent).Scan(ctx, &to); err != nil {
			t.Fatal(err)
		}
		if got.Status == copay.StatusApproved {
			// Whichever decision won, one e-mail: an approval's waits out its undo window and
			// the sweep sends it (issue 28 item 12); a decline's is sent at once.
			if mails, err := store.NewOps(db).OutboxEmails(ctx, to, 10); err != nil || len(mails) != 0 {
				t.Fatalf("approval e-mailed inside its undo window: %+v %v", mails, err)
			}
			clk.Advance(copay.UndoWindow)
			if err := svc.SendUnsent(ctx); err != nil {
				t.Fatal(err)
			}
		}
		mails, err := store.NewOps(db).OutboxEmails(ctx, to, 10)
		if err != nil || len(mails) != 1 || mails[0].Kind != "copay_"+got.Status {
			t.Fatalf("outbox %+v %v", mails, err)
		}
	})
}

// F-PAY-05: an approval may lower the split, never raise it above the request or the cap; the
// shares and the explanation are recomputed and recorded on the request and as an event.
func TestF_PAY_05_ApproveAtALowerSplitRecordsTheDecision(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		svc := vendorSide(db, clk)
		r, _ := newCoPayRequest(t, db, clk.Now())
		_, err := svc.Decide(ctx, copay.Decision{RequestID: r.ID, UserID: vendorUser, Approve: true, Split: 55})
		if e, ok := apperr.As(err); !ok || len(e.Fields) != 1 || e.Fields[0].Field != "split_percentage" {
			t.Fatalf("split above the request: %v", err)
		}
		_, err = svc.Decide(ctx, copay.Decision{RequestID: r.ID, UserID: vendorUser, Approve: false})
		if e, ok := apperr.As(err); !ok || len(e.Fields) != 1 || e.Fields[0].Field != "note" {
			t.Fatalf("decline without a note: %v", err)
		}
		// The Pro agent owns no vendor: the request is not found for them.
		if _, err := svc.Decide(ctx, copay.Decision{RequestID: r.ID, UserID: proID, Approve: true}); !apperr.IsNotFound(err) {
			t.Fatalf("another user's decision: %v", err)
		}
		clk.Advance(time.Hour)
		v, err := svc.Decide(ctx, copay.Decision{RequestID: r.ID, UserID: vendorUser, Approve: true, Split: 35, Note: "35% this time", Lang: "es"})
		if err != nil {
			t.Fatal(err)
		}
		if v.Status != copay.StatusApproved || *v.ApprovedSplit != 35 || v.VendorShareCents != 12215 || v.AgentShareCents != 22685 {
			t.Fatalf("view %+v", v)
		}
		if want := "ClosingBell Transaction Services cubre el 35%"; len(v.Explanation) < len(want) || v.Explanation[:len(want)] != want {
			t.Fatalf("explanation in Spanish: %q", v.Explanation)
		}
		var ev []copay.Event
		if err := db.Bun().NewSelect().Model(&ev).ModelTableExpr("co_pay_request_events AS event").Where("request_id = ? AND status = ?", r.ID, copay.StatusApproved).Scan(ctx); err != nil || len(ev) != 1 {
			t.Fatalf("events %+v %v", ev, err)
		}
		e := ev[0]
		if e.ActorID != vendorUser || e.SplitPercentage != 35 || e.VendorShareCents != 12215 || e.AgentShareCents != 22685 || e.Note != "35% this time" ||
			!e.CreatedAt.Equal(clk.Now()) || e.Explanation == "" || e.Explanation[:len("ClosingBell Transaction Services covers 35%")] != "ClosingBell Transaction Services covers 35%" {
			t.Fatalf("event %+v", e)
		}
		if _, err := svc.Decide(ctx, copay.Decision{RequestID: r.ID, UserID: vendorUser, Approve: false, Note: "changed my mind"}); apperr.CodeOf(err) != apperr.Conflict || msgOf(err) != copay.MsgAlreadyApproved {
			t.Fatalf("second decision: %v", err)
		}
	})
}

// F-PAY-05 (issue 15 acceptance): a request left 3 days expires (the scheduled job on the fake
// clock); at 2 days 23 hours it does not. The expiry has its event (actor ”), the agent's
// notice and one e-mail; a later run changes nothing; a decision after expiry is a conflict.
func TestF_PAY_05_ExpiryJobAfterThreeDays(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		svc := vendorSide(db, clk)
		r, agent := newCoPayRequest(t, db, clk.Now())
		runner := jobs.NewRunner(store.NewJobs(db), clk.Now, slog.New(slog.NewTextHandler(io.Discard, nil)), jobs.Config{Workers: 1})
		copay.RegisterJobs(runner, svc)
		status := func() string {
			got, err := store.NewCoPays(db).CoPayRequestForVendor(ctx, r.ID)
			if err != nil {
				t.Fatal(err)
			}
			return got.Status
		}
		clk.Advance(2*24*time.Hour + 23*time.Hour)
		if _, err := runner.RunDue(ctx); err != nil {
			t.Fatal(err)
		}
		if s := status(); s != copay.StatusPending {
			t.Fatalf("at 2 days 23 hours: %s", s)
		}
		// The demo's pending request (asked a day before the clock started) expires with it.
		clk.Advance(time.Hour)
		if _, err := runner.RunDue(ctx); err != nil {
			t.Fatal(err)
		}
		if s := status(); s != copay.StatusExpired {
			t.Fatalf("at 3 days: %s", s)
		}
		if e := countRows(t, db, "SELECT COUNT(*) FROM co_pay_request_events WHERE request_id = ? AND status = 'expired' AND actor_id = ''", r.ID); e != 1 {
			t.Fatalf("%d expiry events", e)
		}
		clk.Advance(10 * time.Minute)
		if _, err := runner.RunDue(ctx); err != nil {
			t.Fatal(err)
		}
		if e := countRows(t, db, "SELECT COUNT(*) FROM notifications WHERE user_id = ? AND kind = 'copay_expired'", agent); e != 1 {
			t.Fatalf("%d expiry notices", e)
		}
		if e := countRows(t, db, "SELECT COUNT(*) FROM outbox_emails o JOIN users u ON u.email = o.to_address WHERE u.id = ? AND o.kind = 'copay_expired'", agent); e != 1 {
			t.Fatalf("%d expiry e-mails", e)
		}
		if _, err := svc.Decide(ctx, copay.Decision{RequestID: r.ID, UserID: vendorUser, Approve: true}); apperr.CodeOf(err) != apperr.Conflict || msgOf(err) != copay.MsgAlreadyExpired {
			t.Fatalf("decision after expiry: %v", err)
		}
	})
}

// F-PAY-06 (issue 15 item 7): the audit pack of the demo pair (ClosingBell, pro@demo.test)
// lists both requests with every event, and the 200 points spent from ClosingBell's allocation.
func TestF_PAY_06_AuditPackOfTheDemoPair(t *testing.T) {
	eachWithDemo(t, func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		svc := vendorSide(db, clk)
		p, err := svc.Audit(ctx, bellID, proID)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Requests) != 2 || p.Requests[0].ID != demo.CoPayApprovedID || p.Requests[1].ID != demo.CoPayPendingID {
			t.Fatalf("requests %+v", p.Requests)
		}
		ap := p.Requests[0]
		if len(ap.Events) != 2 || ap.Events[1].Status != copay.StatusApproved || ap.Events[1].ActorID != vendorUser || ap.Events[1].SplitPercentage != 35 ||
			ap.Events[1].ActorName == "" || ap.Events[1].Explanation == "" {
			t.Fatalf("events %+v", ap.Events)
		}
		if len(p.Points) != 1 || p.Points[0].Points != -200 {
			t.Fatalf("points %+v", p.Points)
		}
		agents, err := svc.AuditAgents(ctx, bellID)
		if err != nil || len(agents) != 1 || agents[0].AgentID != proID || agents[0].Requests != 2 {
			t.Fatalf("agents %+v %v", agents, err)
		}
		if _, err := svc.Audit(ctx, bellID, "usr-nobody"); !apperr.IsNotFound(err) {
			t.Fatalf("unknown agent: %v", err)
		}
	})
}

func msgOf(err error) string {
	if e, ok := apperr.As(err); ok {
		return e.Message
	}
	return ""
}
