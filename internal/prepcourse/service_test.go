package prepcourse_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"circle/internal/clocktest"
	"circle/internal/demo/demotest"
	"circle/internal/jobs"
	"circle/internal/notify"
	"circle/internal/prepcourse"
	"circle/internal/store"
)

// checkPDF proves b is a PDF a reader can open: the header, a startxref that points at the
// xref table, one entry per object whose offset starts that object ("N 0 obj"), a trailer
// with the right /Size and /Root, and %%EOF.
func checkPDF(t *testing.T, b []byte) {
	t.Helper()
	if !bytes.HasPrefix(b, []byte("%PDF-1.")) {
		t.Fatalf("no PDF header: %q", b[:min(16, len(b))])
	}
	if !bytes.HasSuffix(bytes.TrimRight(b, "\n"), []byte("%%EOF")) {
		t.Fatal("no end-of-file marker")
	}
	m := regexp.MustCompile(`startxref\n(\d+)\n%%EOF\s*$`).FindSubmatch(b)
	if m == nil {
		t.Fatal("no startxref")
	}
	off, _ := strconv.Atoi(string(m[1]))
	if off <= 0 || off >= len(b) || !bytes.HasPrefix(b[off:], []byte("xref\n")) {
		t.Fatalf("startxref %d does not point at the xref table", off)
	}
	lines := strings.Split(string(b[off:]), "\n")
	var first, count int
	if _, err := fmtSscan(lines[1], &first, &count); err != nil || first != 0 || count < 5 {
		t.Fatalf("xref subsection %q", lines[1])
	}
	if lines[2] != "0000000000 65535 f " {
		t.Fatalf("xref entry 0: %q", lines[2])
	}
	for i := 1; i < count; i++ {
		e := lines[2+i]
		if len(e) != 19 || !strings.HasSuffix(e, " 00000 n ") {
			t.Fatalf("xref entry %d: %q", i, e)
		}
		o, _ := strconv.Atoi(e[:10])
		if !bytes.HasPrefix(b[o:], []byte(strconv.Itoa(i)+" 0 obj\n")) {
			t.Fatalf("xref entry %d points at %q", i, b[o:min(o+12, len(b))])
		}
	}
	if lines[2+count] != "trailer" || !strings.Contains(lines[3+count], "/Size "+strconv.Itoa(count)) || !strings.Contains(lines[3+count], "/Root 1 0 R") {
		t.Fatalf("trailer %q %q", lines[2+count], lines[3+count])
	}
	// Every stream's /Length is its byte count.
	for _, sm := range regexp.MustCompile(`(?s)<< /Length (\d+) >>\nstream\n`).FindAllSubmatchIndex(b, -1) {
		n, _ := strconv.Atoi(string(b[sm[2]:sm[3]]))
		if !bytes.HasPrefix(b[sm[1]+n:], []byte("endstream")) {
			t.Fatalf("a stream's /Length %d is wrong", n)
		}
	}
}

func fmtSscan(s string, a, b *int) (int, error) {
	parts := strings.Fields(s)
	if len(parts) != 2 {
		return 0, io.ErrUnexpectedEOF
	}
	var err error
	if *a, err = strconv.Atoi(parts[0]); err != nil {
		return 0, err
	}
	*b, err = strconv.Atoi(parts[1])
	return 2, err
}

// F-ENG-03: the Consultation Guide is a valid PDF (header, xref offsets, trailer, stream
// lengths) in every language, with the module titles in WinAnsi text (French accents as
// octal escapes), and it grows to a second page when it must.
func TestF_ENG_03_GuideIsAValidPDF(t *testing.T) {
	at := time.Date(2026, 12, 1, 16, 0, 0, 0, time.UTC)
	for _, lang := range []string{"en", "es", "fr"} {
		b := prepcourse.GuidePDF(lang, prepcourse.Progress{ConsultationID: "cons-42", Percentage: 75}, &prepcourse.Meeting{StartsAt: at})
		checkPDF(t, b)
		if lang == "en" && (!bytes.Contains(b, []byte("(Consultation Guide)")) || !bytes.Contains(b, []byte("75%")) || !bytes.Contains(b, []byte("2026-12-01 10:00 AM CST"))) {
			t.Fatalf("en guide lacks its title, progress or meeting")
		}
		if lang == "fr" && !bytes.Contains(b, []byte(`(1. \300 quoi s'attendre)`)) {
			t.Fatalf("fr guide: the accented title is not WinAnsi-encoded")
		}
		if n := bytes.Count(b, []byte("/Type /Page ")); n < 2 {
			t.Fatalf("%s guide has %d pages, want at least 2", lang, n)
		}
	}
}

// F-ENG-03: progress is completed modules divided by 4.
func TestF_ENG_03_Percentage(t *testing.T) {
	for n, want := range []int{0, 25, 50, 75, 100} {
		if got := prepcourse.Percentage(n); got != want {
			t.Fatalf("%d modules: %d%%", n, got)
		}
	}
	if len(prepcourse.Modules("xx")) != prepcourse.ModuleCount || prepcourse.Modules("es")[0].Title == prepcourse.Modules("en")[0].Title {
		t.Fatal("modules by language")
	}
}

// fakeMeetings is a MeetingSource with fixed meetings.
type fakeMeetings struct {
	mu       sync.Mutex
	meetings []prepcourse.Meeting
	calls    int
}

func (f *fakeMeetings) Meeting(_ context.Context, id string) (prepcourse.Meeting, bool, error) {
	for _, m := range f.meetings {
		if m.ConsultationID == id {
			return m, true, nil
		}
	}
	return prepcourse.Meeting{}, false, nil
}

func (f *fakeMeetings) MeetingsStarting(_ context.Context, from, to time.Time) ([]prepcourse.Meeting, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls++
	var out []prepcourse.Meeting
	for _, m := range f.meetings {
		if !m.StartsAt.Before(from) && m.StartsAt.Before(to) {
			out = append(out, m)
		}
	}
	return out, nil
}

// F-ENG-03: the reminder e-mail goes out 24 hours before the meeting, exactly once, on a fake
// clock (no waiting): nothing 30 hours before; one e-mail (with the course progress, the
// course link and the agent's language) once the meeting is within 24 hours, however many
// scans run; none
// after the meeting started. With the meeting source, another user's consultation is not found.
func TestF_ENG_03_ReminderJob(t *testing.T) {
	demotest.EachOnClock(t, time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC), func(t *testing.T, db *store.DB, clk *clocktest.Clock) {
		ctx := context.Background()
		logger := slog.New(slog.NewTextHandler(io.Discard, nil))
		runner := jobs.NewRunner(store.NewJobs(db), clk.Now, logger, jobs.Config{})
		src := &fakeMeetings{meetings: []prepcourse.Meeting{
			{ConsultationID: "cons-a", UserID: "usr-demo-agent", Email: "agent@demo.test", Name: "Avery", ServiceTitle: "HDR Photos", Language: "es",
				StartsAt: clk.Now().Add(30 * time.Hour)},
			{ConsultationID: "cons-b", UserID: "usr-demo-pro", Email: "pro@demo.test", StartsAt: clk.Now().Add(80 * time.Hour)},
		}}
		svc := &prepcourse.Service{Store: store.NewPrep(db), Now: clk.Now, Mailer: notify.OutboxMailer{Outbox: store.NewOps(db)}, Jobs: runner, Meetings: src, Logger: logger,
			BaseURL: "https://circle.example"}
		prepcourse.RegisterJobs(runner, svc)

		if _, err := svc.Complete(ctx, "usr-demo-agent", "cons-a", "what-to-expect", "en"); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Get(ctx, "usr-demo-pro", "cons-a", "en"); err == nil || !strings.Contains(err.Error(), "not found") {
			t.Fatalf("another user's consultation: %v", err)
		}
		if _, err := svc.Get(ctx, "usr-demo-agent", "cons-unknown", "en"); err == nil {
			t.Fatal("a consultation the calendar does not know was found")
		}
		mails := func() []notify.OutboxEmail {
			rows, err := store.NewOps(db).OutboxEmails(ctx, "", 50)
			if err != nil {
				t.Fatal(err)
			}
			var out []notify.OutboxEmail
			for _, r := range rows {
				if r.Kind == "consultation_prep_reminder" {
					out = append(out, r)
				}
			}
			return out
		}
		run := func() {
			if _, err := runner.RunDue(ctx); err != nil {
				t.Fatal(err)
			}
		}
		run()
		if n := len(mails()); n != 0 || src.calls != 1 {
			t.Fatalf("30 hours before: %d reminders, %d scans", n, src.calls)
		}
		clk.Advance(5*time.Hour + 50*time.Minute) // 24 h 10 min before: not yet
		run()
		if n := len(mails()); n != 0 {
			t.Fatalf("24h10 before: %d reminders", n)
		}
		clk.Advance(15 * time.Minute) // 23 h 55 min before
		run()
		got := mails()
		if len(got) != 1 || got[0].To != "agent@demo.test" || !strings.Contains(got[0].Subject, "Recordatorio") ||
			!strings.Contains(got[0].Text, "25%") || !strings.Contains(got[0].Text, "https://circle.example/consultation-prep/cons-a") ||
			!strings.Contains(got[0].Text, "HDR Photos") || !strings.Contains(got[0].Text, "2026-03-03 9:00 AM CST") {
			t.Fatalf("reminder: %+v", got)
		}
		for range 8 { // two more hours of scans
			clk.Advance(15 * time.Minute)
			run()
		}
		if n := len(mails()); n != 1 {
			t.Fatalf("after more scans: %d reminders, want 1", n)
		}
		// cons-b: the clock jumps past its start before any scan saw it within 24 hours.
		clk.Advance(75 * time.Hour)
		run()
		if n := len(mails()); n != 1 {
			t.Fatalf("a meeting that already started got a reminder: %d", n)
		}
	})
}
