package appconfig

import (
	"bytes"
	"encoding/json"
	"strconv"
	"time"

	"circle/internal/audit"
)

// ConfigEntry is one configuration key as the back office shows it (issue 31 item 6): its value as
// text (what Set takes back), its kind, what it does, and the latest audited change of it.
type ConfigEntry struct {
	Key         string     `json:"key"`
	Value       string     `json:"value" doc:"The value as text, the form Change takes"`
	Kind        string     `json:"kind" enum:"boolean,text,version,timestamp,number"`
	Flag        bool       `json:"flag" doc:"A feature flag of 02§6 (a server-side default a browser may override)"`
	Description string     `json:"description"`
	ChangedBy   string     `json:"changed_by" doc:"E-mail of the administrator who last changed it; 'system' for the command line; empty when never changed"`
	ChangedByID string     `json:"changed_by_id"`
	ChangedAt   *time.Time `json:"changed_at"`
}

// View lists every key in display order with its value, description and latest change, read
// from the config.change entries given newest first: the first entry whose before and after
// differ on a key is that key's latest change.
func View(c Config, changes []audit.Record) []ConfigEntry {
	var row map[string]json.RawMessage
	b, _ := json.Marshal(c)
	_ = json.Unmarshal(b, &row)
	out := make([]ConfigEntry, 0, len(Keys))
	for _, k := range Keys {
		e := ConfigEntry{Key: k, Value: textOf(row[k]), Kind: kindOf(k), Flag: len(k) > 5 && k[:5] == "flag_", Description: Descriptions[k]}
		for _, r := range changes {
			var before, after map[string]json.RawMessage
			if json.Unmarshal(r.Before, &before) != nil || json.Unmarshal(r.After, &after) != nil {
				continue
			}
			if !bytes.Equal(before[k], after[k]) {
				at := r.At
				e.ChangedAt, e.ChangedByID, e.ChangedBy = &at, r.ActorID, r.ActorEmail
				if r.ActorID == "" {
					e.ChangedBy = "system"
				}
				break
			}
		}
		out = append(out, e)
	}
	return out
}

func kindOf(k string) string {
	switch k {
	case "maintenance_message":
		return "text"
	case "min_build_version":
		return "version"
	case "force_cache_bust_after":
		return "timestamp"
	case "usd_to_cad_rate_e4":
		return "number"
	}
	return "boolean"
}

// textOf is a JSON value as Set's text: strings unquoted, null empty, the rest as written.
func textOf(v json.RawMessage) string {
	if len(v) == 0 || string(v) == "null" {
		return ""
	}
	if v[0] == '"' {
		s, err := strconv.Unquote(string(v))
		if err == nil {
			return s
		}
	}
	return string(v)
}
