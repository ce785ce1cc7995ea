package app

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// Config is the server configuration, from flags with environment-variable defaults.
type Config struct {
	Addr            string
	DatabaseURL     string
	DataDir         string
	BaseURL         string
	Demo            bool
	LogFormat       string
	LogLevel        string
	ShutdownTimeout time.Duration
}

// option describes one flag and its environment variable for --help.
type option struct {
	flag, env, help string
}

// envString returns the environment value or def.
func envString(env, def string) string {
	if v, ok := os.LookupEnv(env); ok && v != "" {
		return v
	}
	return def
}

func envBool(env string, def bool) bool {
	if v, ok := os.LookupEnv(env); ok && v != "" {
		b, err := strconv.ParseBool(v)
		if err == nil {
			return b
		}
	}
	return def
}

func envDuration(env string, def time.Duration) time.Duration {
	if v, ok := os.LookupEnv(env); ok && v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return def
}

// bindCommon registers the options every subcommand that opens the database shares.
func bindCommon(fs *flag.FlagSet, c *Config, opts *[]option) {
	add := func(name, env, help string) { *opts = append(*opts, option{name, env, help}) }
	fs.StringVar(&c.DataDir, "data-dir", envString("CIRCLE_DATA_DIR", "./data"), "directory for the SQLite file and local media")
	add("data-dir", "CIRCLE_DATA_DIR", "directory for the SQLite file and local media (default ./data)")
	fs.StringVar(&c.DatabaseURL, "database-url", envString("CIRCLE_DATABASE_URL", ""), "database URL")
	add("database-url", "CIRCLE_DATABASE_URL", "database: a SQLite file path (default {data-dir}/circle.db) or a postgres:// URL")
	fs.StringVar(&c.LogFormat, "log-format", envString("CIRCLE_LOG_FORMAT", "text"), "log format: text or json")
	add("log-format", "CIRCLE_LOG_FORMAT", "log format: text or json (default text)")
	fs.StringVar(&c.LogLevel, "log-level", envString("CIRCLE_LOG_LEVEL", "info"), "log level: debug, info, warn or error")
	add("log-level", "CIRCLE_LOG_LEVEL", "log level: debug, info, warn or error (default info)")
}

// bindServe registers the serve options.
func bindServe(fs *flag.FlagSet, c *Config, opts *[]option) {
	add := func(name, env, help string) { *opts = append(*opts, option{name, env, help}) }
	fs.StringVar(&c.Addr, "addr", envString("CIRCLE_ADDR", "127.0.0.1:8080"), "listen address")
	add("addr", "CIRCLE_ADDR", "listen address (default 127.0.0.1:8080)")
	fs.StringVar(&c.BaseURL, "base-url", envString("CIRCLE_BASE_URL", ""), "public URL")
	add("base-url", "CIRCLE_BASE_URL", "public URL used in e-mails and links (default http://{addr}, localhost for 127.0.0.1)")
	fs.BoolVar(&c.Demo, "demo", envBool("CIRCLE_DEMO", false), "load the demo catalogue and accounts into an empty database")
	add("demo", "CIRCLE_DEMO", "load the demo catalogue and accounts into an empty database and print the accounts (default false)")
	fs.DurationVar(&c.ShutdownTimeout, "shutdown-timeout", envDuration("CIRCLE_SHUTDOWN_TIMEOUT", 30*time.Second), "grace period for in-flight requests")
	add("shutdown-timeout", "CIRCLE_SHUTDOWN_TIMEOUT", "how long in-flight requests may run on SIGINT/SIGTERM (default 30s)")
	bindCommon(fs, c, opts)
}

// usage prints a subcommand's help with every option and its environment variable.
func usage(fs *flag.FlagSet, synopsis string, opts []option) func() {
	return func() {
		w := fs.Output()
		fmt.Fprintf(w, "usage: %s\n\noptions (each also read from its environment variable):\n", synopsis)
		for _, o := range opts {
			fmt.Fprintf(w, "  --%-18s %-26s %s\n", o.flag, o.env, o.help)
		}
	}
}

// resolve fills derived defaults.
func (c *Config) resolve() {
	if c.DatabaseURL == "" {
		c.DatabaseURL = filepath.Join(c.DataDir, "circle.db")
	}
	if c.BaseURL == "" && c.Addr != "" {
		host := c.Addr
		if strings.HasPrefix(host, "127.0.0.1:") || strings.HasPrefix(host, ":") || strings.HasPrefix(host, "0.0.0.0:") {
			host = "localhost:" + host[strings.LastIndex(host, ":")+1:]
		}
		c.BaseURL = "http://" + host
	}
	c.BaseURL = strings.TrimRight(c.BaseURL, "/")
}
