package consultations

import (
	"strings"
	"time"
)

// ICS is an iCalendar (RFC 5545) file with one event: the consultation, 30 minutes from its
// start, in UTC, with a stable UID so calendars update the event on a reschedule.
func ICS(uid string, start time.Time, stamp time.Time, summary, description, organizer string) string {
	const layout = "20060102T150405Z"
	end := start.Add(30 * time.Minute)
	lines := []string{
		"BEGIN:VCALENDAR",
		"VERSION:2.0",
		"PRODID:-//Circle//Consultations//EN",
		"CALSCALE:GREGORIAN",
		"METHOD:REQUEST",
		"BEGIN:VEVENT",
		"UID:" + uid,
		"DTSTAMP:" + stamp.UTC().Format(layout),
		"DTSTART:" + start.UTC().Format(layout),
		"DTEND:" + end.UTC().Format(layout),
		"SUMMARY:" + icsText(summary),
		"DESCRIPTION:" + icsText(description),
	}
	if organizer != "" {
		lines = append(lines, "ORGANIZER:mailto:"+organizer)
	}
	lines = append(lines, "STATUS:CONFIRMED", "END:VEVENT", "END:VCALENDAR")
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(fold(l))
		b.WriteString("\r\n")
	}
	return b.String()
}

// icsText escapes text values (backslash, semicolon, comma, newline).
func icsText(s string) string {
	return strings.NewReplacer(`\`, `\\`, ";", `\;`, ",", `\,`, "\r\n", `\n`, "\n", `\n`).Replace(s)
}

// fold splits lines longer than 75 octets, continuing with a space (RFC 5545 3.1), never
// inside a UTF-8 sequence.
func fold(line string) string {
	if len(line) <= 75 {
		return line
	}
	var b strings.Builder
	n := 0
	for _, r := range line {
		size := len(string(r))
		if n+size > 75 {
			b.WriteString("\r\n ")
			n = 1
		}
		b.WriteRune(r)
		n += size
	}
	return b.String()
}
