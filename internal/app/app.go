// Package app wires Circle together: configuration, database, migrations, demo data, the HTTP
// server and graceful shutdown, and the operator subcommands.
package app

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"syscall"
	"time"

	"circle/internal/account"
	"circle/internal/appconfig"
	"circle/internal/audit"
	"circle/internal/demo"
	"circle/internal/formrules"
	"circle/internal/ids"
	"circle/internal/roles"
	"circle/internal/store"
)

// gcHeadroom is the least the heap may grow between collections (unless GOGC is set). The
// server's garbage is dominated by password checks, 12 MiB each, beside a live heap of a few
// tens of MiB (the catalogue). At Go's default GOGC=100 a collection would run every few
// sign-ins, and each one marks the whole live heap and flushes the hashes' blocks out of the
// CPU cache: measured here, sign-in cost 15% more than the hash alone at GOGC=200 and 6% more
// at 800. Keeping the heap goal at least this far above the live heap costs at most this much
// memory; heapHeadroom gives less where the memory budget asks for it.
const gcHeadroom = 256 << 20

// defaultHeapBudget is the heap the headroom keeps within when no memory limit is set (no
// GOMEMLIMIT, --memory-limit or container limit): issue 17's budget of 500 MB of RSS for a
// catalogue of 50,000 services, whose live heap is about 240 MiB. RSS runs about a tenth above
// the heap goal (memory the scavenger has not yet returned) plus the binary and SQLite's cache.
const defaultHeapBudget = 320 << 20

// heapHeadroom is how far above a live heap of live bytes keepGCHeadroom lets the heap grow,
// under a Go memory limit of limit bytes (0 for none): gcHeadroom, but at most a quarter of the
// limit, so that a small budget does not run the heap into its limit, where the collector runs
// back to back; without a limit, at most what keeps the heap within defaultHeapBudget. Never
// less than 40% of the live heap (GOGC=40): a catalogue too big for the budget costs memory
// rather than collections back to back. (At 50,000 services GOGC=50 left RSS at 474-513 MB
// after the mixed load, GOGC=40 at 419-431 MB, with the same latencies.)
func heapHeadroom(live uint64, limit int64) uint64 {
	h := uint64(gcHeadroom)
	switch {
	case limit > 0:
		h = min(h, uint64(limit/4))
	case live < defaultHeapBudget:
		h = min(h, defaultHeapBudget-live)
	default:
		h = 0
	}
	return max(h, live/5*2)
}

// memoryLimitText is a Go memory limit for the start-up log.
func memoryLimitText(limit int64) string {
	if limit <= 0 {
		return "none"
	}
	return formatBytes(limit)
}

// keepGCHeadroom sets the GC percent after every collection so the heap goal stays headroom
// above the live heap (heapHeadroom; GOGC between 40 and 1000), until ctx ends. GOGC in the
// environment turns it off. After every collection, not every second: while the catalogue is
// loaded the live heap grows several-fold within a second, and a percent set for the smaller
// heap let the heap reach 560 MB at 50,000 services.
// The memory limit (applyMemoryBudget) still caps the heap goal: near the limit the collector
// runs whatever the percent says, and returns freed memory to the system.
func keepGCHeadroom(ctx context.Context, limit int64) {
	if _, set := os.LookupEnv("GOGC"); set {
		return
	}
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	collected := make(chan struct{}, 1)
	notifyAfterEachGC(ctx, collected)
	last := 100
	for {
		metrics.Read(live)
		percent := 100
		if live[0].Value.Kind() == metrics.KindUint64 {
			n := live[0].Value.Uint64()
			percent = gcPercentFor(n, heapHeadroom(n, limit))
		}
		if percent != last {
			debug.SetGCPercent(percent)
			last = percent
		}
		select {
		case <-ctx.Done():
			return
		case <-collected:
		}
	}
}

// notifyAfterEachGC sends on c, without blocking, after every garbage collection until ctx
// ends: the finalizer of an unreachable sentinel runs once per cycle and arms the next one.
func notifyAfterEachGC(ctx context.Context, c chan<- struct{}) {
	type sentinel struct{ _ *byte } // holds a pointer: never batched by the tiny allocator
	var arm func()
	arm = func() {
		runtime.SetFinalizer(&sentinel{}, func(*sentinel) {
			if ctx.Err() != nil {
				return
			}
			select {
			case c <- struct{}{}:
			default:
			}
			arm()
		})
	}
	arm()
}

// gcPercentFor is the GC percent that puts the heap goal headroom above a live heap of
// liveBytes, between 40 and 1000.
func gcPercentFor(liveBytes, headroom uint64) int {
	if liveBytes == 0 {
		return 1000
	}
	return int(min(1000, max(40, headroom*100/liveBytes)))
}

// Version is the binary's version, set at build time with -ldflags.
var Version = "dev"

// Main runs the command line and returns the process exit code.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printUsage(stderr)
		return 2
	}
	// Commands that take the rest of the command line; the others are handled below.
	subcommands := map[string]func(context.Context, []string, io.Writer, io.Writer) error{
		"serve":   cmdServe,
		"migrate": cmdMigrate,
		"seed":    cmdSeed,
		"user":    cmdUser,
		"config":  cmdConfig,
		"mail":    cmdMail,
		"vendor":  cmdVendor,
		"jobs":    cmdJobs,
	}
	var err error
	if run, ok := subcommands[args[0]]; ok {
		err = run(ctx, args[1:], stdout, stderr)
	} else {
		switch args[0] {
		case "openapi":
			err = cmdOpenAPI(stdout)
		case "formrules":
			err = formrules.WriteTS(stdout)
		case "version", "--version", "-v":
			fmt.Fprintln(stdout, "circle", Version)
		case "help", "--help", "-h":
			printUsage(stdout)
		default:
			fmt.Fprintf(stderr, "circle: unknown command %q\n\n", args[0])
			printUsage(stderr)
			return 2
		}
	}
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintln(stderr, "circle:", err)
		return 1
	}
	return 0
}

func printUsage(w io.Writer) {
	fmt.Fprint(w, `usage: circle <command> [options]

commands:
  serve                 start the web server (API and web app); --help lists every option
  migrate               apply database migrations and exit
  seed                  load the demo catalogue and accounts into an empty database
  user create --email E --password P [--admin]
                        create a verified account
  user grant --email E --role R [--reason T]
  user revoke --email E --role R
                        grant or revoke a role (admin, creator, vendor, pro)
  config get            print the app configuration (app_config)
  config set KEY=VALUE...
                        change app configuration fields
  vendor list [--status S]
  vendor approve ID
  vendor reject ID --reason T
                        decide vendor applications (approve grants the vendor role)
  mail list [--to E]    print the e-mails in the built-in outbox, newest first
  jobs dead [--limit N] print the background jobs that failed their last attempt, newest first
  openapi               print the OpenAPI document
  formrules             print the web app's copy of the 03§5 form rules (web/src/lib/formRules.generated.ts)
  version               print the version
`)
}

func newLogger(c Config, w io.Writer) *slog.Logger {
	var level slog.Level
	if err := level.UnmarshalText([]byte(c.LogLevel)); err != nil {
		level = slog.LevelInfo
	}
	opts := &slog.HandlerOptions{Level: level}
	if c.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// openDB opens and migrates the configured database.
func openDB(ctx context.Context, c Config, logger *slog.Logger) (*store.DB, error) {
	db, err := store.Open(ctx, c.DatabaseURL)
	if err != nil {
		return nil, err
	}
	n, err := db.Migrate(ctx)
	if err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("migrate: %w", err)
	}
	logger.Info("database ready", "engine", db.Kind(), "migrations_applied", n)
	return db, nil
}

// parseCommand reads a subcommand's options: its own (opts, already on fs), then the database
// options every command shares; --help prints synopsis and every option. The derived defaults
// of c are filled in after.
func parseCommand(fs *flag.FlagSet, opts []option, c *Config, synopsis string, args []string, stderr io.Writer) error {
	bindCommon(fs, c, &opts)
	fs.Usage = usage(fs, synopsis, opts)
	if err := parse(fs, opts, args, stderr); err != nil {
		return err
	}
	c.resolve()
	return nil
}

// parse reads the options: environment variables first (once), then the command line.
func parse(fs *flag.FlagSet, opts []option, args []string, stderr io.Writer) error {
	fs.SetOutput(stderr)
	if !fs.Parsed() {
		if err := applyEnv(fs, opts); err != nil {
			return err
		}
	}
	return fs.Parse(args)
}

func cmdServe(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var c Config
	var opts []option
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	bindServe(fs, &c, &opts)
	fs.Usage = usage(fs, "circle serve [options]", opts)
	if err := parse(fs, opts, args, stderr); err != nil {
		return err
	}
	c.resolve()
	if err := c.check(); err != nil {
		return err
	}
	logger := newLogger(c, stderr)

	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	budget, err := chooseMemoryBudget(c.MemoryLimit, os.LookupEnv, cgroupRoot)
	if err != nil {
		return err
	}
	limit := applyMemoryBudget(budget)
	logger.Info("memory limit", "limit", memoryLimitText(limit), "limit_bytes", limit, "source", budget.Source,
		"container_limit_bytes", budget.Container)
	go keepGCHeadroom(ctx, limit)

	db, err := openDB(ctx, c, logger)
	if err != nil {
		return err
	}
	defer db.Close()
	if c.Demo {
		if err := loadDemo(ctx, db, logger); err != nil {
			return err
		}
		printDemoAccounts(stdout, c.BaseURL)
	}

	srv, runner, err := NewServer(ctx, c, db, logger)
	if err != nil {
		return err
	}
	if _, err := serveDebug(ctx, c.DebugAddr, logger); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", c.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", c.Addr, err)
	}
	httpServer := &http.Server{
		Handler:           srv,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       60 * time.Second,
		WriteTimeout:      120 * time.Second,
		IdleTimeout:       120 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	logger.Info("circle is serving", "addr", ln.Addr().String(), "url", c.BaseURL, "engine", db.Kind(), "version", Version)
	// The database closes (deferred above) only once run has stopped the server and the jobs.
	if err := (serving{server: httpServer, ln: ln, jobs: runner.Run, grace: c.ShutdownTimeout, logger: logger}).run(ctx); err != nil {
		return err
	}
	logger.Info("stopped")
	return nil
}

func loadDemo(ctx context.Context, db *store.DB, logger *slog.Logger) error {
	return loadDemoScaled(ctx, db, logger, 0, 0)
}

func loadDemoScaled(ctx context.Context, db *store.DB, logger *slog.Logger, scale, orders int) error {
	empty, err := db.IsEmpty(ctx)
	if err != nil {
		return err
	}
	if !empty {
		logger.Info("demo data: database already has data; nothing loaded")
		return nil
	}
	hash, err := account.HashPassword(demo.Password)
	if err != nil {
		return err
	}
	data := demo.Build(db.Now())
	if scale > 0 {
		data = demo.Scale(data, scale)
		data.ScaleTo = scale
		data.ScaleOrders = orders
	}
	loaded, err := demo.Load(ctx, db, data, hash)
	if err != nil {
		return err
	}
	if loaded {
		st, err := store.NewOps(db).CatalogStats(ctx)
		if err != nil {
			return err
		}
		logger.Info("demo data loaded", "services", st.ActiveServices, "vendors", st.Vendors, "reviews", st.Reviews)
	}
	return nil
}

func printDemoAccounts(w io.Writer, baseURL string) {
	fmt.Fprintf(w, "\nCircle demo is at %s\nDemo accounts (password %s):\n", baseURL, demo.Password)
	for _, a := range demo.Build(time.Now()).Accounts {
		if a.Listed {
			fmt.Fprintf(w, "  %-22s %s\n", a.Email, a.Role)
		}
	}
	fmt.Fprintln(w)
}

func cmdMigrate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var c Config
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	if err := parseCommand(fs, nil, &c, "circle migrate [options]", args, stderr); err != nil {
		return err
	}
	db, err := store.Open(ctx, c.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	n, err := db.Migrate(ctx)
	if err != nil {
		return err
	}
	applied, _, err := db.SchemaVersion(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "applied %d migration(s); schema version %d (%s)\n", n, applied, db.Kind())
	return nil
}

func cmdSeed(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var c Config
	fs := flag.NewFlagSet("seed", flag.ContinueOnError)
	var scale, orders int
	fs.IntVar(&scale, "scale", 0, "grow the demo catalogue to this many active services (load tests)")
	fs.IntVar(&orders, "orders", 0, "with --scale: this many paid orders instead of one per four agents")
	opts := []option{{"scale", "", "grow the demo catalogue to about this many active services, for load tests, with two agent accounts per service (password as the demo's), a paid order per four agents, a review per two agents and four tracking events per service (default: the demo as is)"},
		{"orders", "", "with --scale, the number of paid orders of the scale data instead of one per four agents (the admin lists' timing test uses 100000)"}}
	if err := parseCommand(fs, opts, &c, "circle seed [options]", args, stderr); err != nil {
		return err
	}
	logger := newLogger(c, stderr)
	db, err := openDB(ctx, c, logger)
	if err != nil {
		return err
	}
	defer db.Close()
	empty, err := db.IsEmpty(ctx)
	if err != nil {
		return err
	}
	if !empty {
		return errors.New("the database already has data; demo data is only loaded into an empty database")
	}
	if err := loadDemoScaled(ctx, db, logger, scale, orders); err != nil {
		return err
	}
	printDemoAccounts(stdout, "your server")
	return nil
}

// userUsage lists the user subcommands.
const userUsage = "usage: circle user create --email E --password P [--admin] | circle user grant --email E --role R [--reason T] | circle user revoke --email E --role R"

func cmdUser(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return errors.New(userUsage)
	}
	switch args[0] {
	case "create":
		return cmdUserCreate(ctx, args, stdout, stderr)
	case "grant", "revoke":
		return cmdUserRole(ctx, args, stdout, stderr)
	}
	return errors.New(userUsage)
}

func cmdUserCreate(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	var c Config
	var email, password, name string
	var admin bool
	fs := flag.NewFlagSet("user create", flag.ContinueOnError)
	fs.StringVar(&email, "email", "", "e-mail address")
	fs.StringVar(&password, "password", "", "password (at least 8 characters)")
	fs.StringVar(&name, "name", "", "display name (default the e-mail's local part)")
	fs.BoolVar(&admin, "admin", false, "make the user an administrator")
	opts := []option{{"email", "", "e-mail address (required)"}, {"password", "", "password, at least 8 characters (required)"},
		{"name", "", "display name (default the e-mail's local part)"}, {"admin", "", "make the user an administrator"}}
	if err := parseCommand(fs, opts, &c, "circle user create --email E --password P [--admin]", args[1:], stderr); err != nil {
		return err
	}
	if err := account.ValidateEmail(email); err != nil {
		return err
	}
	if len(password) < 8 {
		return errors.New("password: Password should be at least 8 characters long.")
	}
	logger := newLogger(c, stderr)
	db, err := openDB(ctx, c, logger)
	if err != nil {
		return err
	}
	defer db.Close()
	hash, err := account.HashPassword(password)
	if err != nil {
		return err
	}
	now := db.Now()
	u := account.User{ID: ids.New(), Email: email, PasswordHash: hash, EmailVerifiedAt: &now}
	p := account.Profile{DisplayName: account.ProvisionalDisplayName(name, "", email), IsVerified: true}
	role := "user"
	var grants []roles.Role
	if admin {
		// The admin role is a grant by the system (granted_by NULL), written with the user.
		role, grants = "admin", []roles.Role{roles.Admin}
	}
	if err := store.NewAccounts(db).CreateUserWithRoles(ctx, u, p, "command line", grants...); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "created %s %s (%s)\n", role, strings.ToLower(email), u.ID)
	return nil
}

// cmdUserRole grants or revokes a role (admin, creator, vendor, pro) by e-mail. The command line
// acts as the system: the grant's granted_by (or revoked_by) is empty.
func cmdUserRole(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	verb := args[0]
	var c Config
	var email, role, reason string
	fs := flag.NewFlagSet("user "+verb, flag.ContinueOnError)
	fs.StringVar(&email, "email", "", "e-mail address")
	fs.StringVar(&role, "role", "", "role: admin, creator, vendor or pro")
	opts := []option{{"email", "", "e-mail address of the account (required)"}, {"role", "", "admin, creator, vendor or pro (required)"}}
	synopsis := "circle user revoke --email E --role R"
	if verb == "grant" {
		fs.StringVar(&reason, "reason", "", "why the role is granted (kept in the grant's history)")
		opts = append(opts, option{"reason", "", "why the role is granted, kept in its history (default \"command line\")"})
		synopsis = "circle user grant --email E --role R [--reason T]"
	}
	if err := parseCommand(fs, opts, &c, synopsis, args[1:], stderr); err != nil {
		return err
	}
	if email == "" {
		return errors.New("email: required (" + synopsis + ")")
	}
	if _, err := roles.Parse(role); err != nil {
		return fmt.Errorf("role: %w", err)
	}
	if reason == "" {
		reason = "command line"
	}
	db, err := openDB(ctx, c, newLogger(Config{LogLevel: "warn"}, stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	accounts := store.NewAccounts(db)
	u, err := accounts.UserByEmail(ctx, email)
	if err != nil {
		return fmt.Errorf("%s: %w", email, err)
	}
	svc := &roles.Service{Store: store.NewRolesStore(db), NewID: ids.New}
	if verb == "grant" {
		g, err := svc.Grant(ctx, audit.System, u.ID, role, reason)
		if err != nil {
			return fmt.Errorf("grant %s to %s: %w", role, u.Email, err)
		}
		fmt.Fprintf(stdout, "granted %s to %s (%s)\n", g.Role, u.Email, u.ID)
		return nil
	}
	g, err := svc.Revoke(ctx, audit.System, u.ID, role)
	if err != nil {
		return fmt.Errorf("revoke %s from %s: %w", role, u.Email, err)
	}
	fmt.Fprintf(stdout, "revoked %s from %s (%s)\n", g.Role, u.Email, u.ID)
	return nil
}

func cmdConfig(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || (args[0] != "get" && args[0] != "set") {
		return errors.New("usage: circle config get | circle config set KEY=VALUE... (keys: " + strings.Join(appconfig.Keys, ", ") + ")")
	}
	var c Config
	var opts []option
	fs := flag.NewFlagSet("config", flag.ContinueOnError)
	bindCommon(fs, &c, &opts)
	fs.Usage = usage(fs, "circle config get|set [KEY=VALUE...] [options]", opts)
	// Options may come before, between or after the KEY=VALUE pairs: the flag package stops at
	// the first non-option, so parse again after each run of pairs.
	var pairs []string
	for rest := args[1:]; ; {
		if err := parse(fs, opts, rest, stderr); err != nil {
			return err
		}
		rest = fs.Args()
		for len(rest) > 0 && !strings.HasPrefix(rest[0], "-") {
			pairs, rest = append(pairs, rest[0]), rest[1:]
		}
		if len(rest) == 0 {
			break
		}
	}
	if args[0] == "get" && len(pairs) > 0 {
		return fmt.Errorf("config get takes no KEY=VALUE pairs (got %q)", pairs[0])
	}
	c.resolve()
	db, err := openDB(ctx, c, newLogger(Config{LogLevel: "warn"}, stderr))
	if err != nil {
		return err
	}
	defer db.Close()
	cfg, err := db.GetConfig(ctx)
	if err != nil {
		return err
	}
	if args[0] == "set" {
		if len(pairs) == 0 {
			return errors.New("config set needs at least one KEY=VALUE")
		}
		var changes []appconfig.Change
		for _, pair := range pairs {
			key, value, ok := strings.Cut(pair, "=")
			if !ok {
				return fmt.Errorf("config set: %q is not KEY=VALUE", pair)
			}
			changes = append(changes, appconfig.Change{Key: key, Value: value})
		}
		// The command line is the system in the audit log.
		svc := &appconfig.Service{Store: store.NewConfigStore(db), Now: db.Now}
		if _, err := svc.Change(ctx, audit.System, changes); err != nil {
			return err
		}
		if cfg, err = db.GetConfig(ctx); err != nil {
			return err
		}
	}
	out, err := json.MarshalIndent(cfg, "", "  ")
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, string(out))
	return nil
}

func cmdOpenAPI(stdout io.Writer) error {
	doc, err := OpenAPIJSON()
	if err != nil {
		return err
	}
	_, err = stdout.Write(doc)
	return err
}

// parseAndOpenDB parses a maintenance command's options into c, resolves the configuration and
// opens the database with a logger that only reports warnings, so that the command's own output
// stays readable.
func parseAndOpenDB(ctx context.Context, fs *flag.FlagSet, opts []option, c *Config, synopsis string, args []string, stderr io.Writer) (*store.DB, error) {
	if err := parseCommand(fs, opts, c, synopsis, args, stderr); err != nil {
		return nil, err
	}
	return openDB(ctx, *c, newLogger(Config{LogLevel: "warn"}, stderr))
}

func cmdMail(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "list" {
		return errors.New("usage: circle mail list [--to E] [--limit N]")
	}
	var c Config
	var to string
	var limit int
	fs := flag.NewFlagSet("mail list", flag.ContinueOnError)
	fs.StringVar(&to, "to", "", "only e-mails to this address")
	fs.IntVar(&limit, "limit", 20, "how many to print")
	opts := []option{{"to", "", "only e-mails to this address"}, {"limit", "", "how many to print (default 20)"}}
	db, err := parseAndOpenDB(ctx, fs, opts, &c, "circle mail list [--to E] [--limit N]", args[1:], stderr)
	if err != nil {
		return err
	}
	defer db.Close()
	emails, err := store.NewOps(db).OutboxEmails(ctx, strings.ToLower(strings.TrimSpace(to)), limit)
	if err != nil {
		return err
	}
	if len(emails) == 0 {
		fmt.Fprintln(stdout, "the outbox is empty")
		return nil
	}
	for _, e := range emails {
		fmt.Fprintf(stdout, "--- %s  to %s  [%s via %s]  %s\nSubject: %s\n\n%s\n\n", e.CreatedAt.Format(time.RFC3339), e.To, e.Status, e.Transport, e.Kind, e.Subject, e.Text)
	}
	return nil
}

func cmdJobs(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "dead" {
		return errors.New("usage: circle jobs dead [--limit N]")
	}
	var c Config
	var limit int
	fs := flag.NewFlagSet("jobs dead", flag.ContinueOnError)
	fs.IntVar(&limit, "limit", 20, "how many to print")
	opts := []option{{"limit", "", "how many to print (default 20)"}}
	db, err := parseAndOpenDB(ctx, fs, opts, &c, "circle jobs dead [--limit N]", args[1:], stderr)
	if err != nil {
		return err
	}
	defer db.Close()
	dead, err := store.NewJobs(db).DeadJobs(ctx, limit)
	if err != nil {
		return err
	}
	if len(dead) == 0 {
		fmt.Fprintln(stdout, "no dead jobs")
		return nil
	}
	for _, j := range dead {
		failed := ""
		if j.FinishedAt != nil {
			failed = j.FinishedAt.Format(time.RFC3339)
		}
		fmt.Fprintf(stdout, "--- %s  %s  %s  after %d attempt(s)\nkey: %s\npayload: %s\nlast error: %s\n\n", failed, j.Kind, j.ID, j.Attempts, j.Key, j.Payload, j.LastError)
	}
	return nil
}
