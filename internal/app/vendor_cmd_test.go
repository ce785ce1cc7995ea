package app

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// The vendor command's own options (--status, --reason) are per call, with no environment
// variable: its help leaves that column empty instead of naming a variable (it once named the
// default, "pending", so a variable called pending set the status).
func TestF_AREA_01_VendorCommandOptionsHaveNoEnvironmentVariable(t *testing.T) {
	for verb, args := range map[string][]string{"list": {"list", "--help"}, "reject": {"reject", "app-1", "--help"}} {
		var out, errOut bytes.Buffer
		_ = cmdVendor(context.Background(), args, &out, &errOut)
		help := out.String() + errOut.String()
		for _, line := range strings.Split(help, "\n") {
			fields := strings.Fields(line)
			if len(fields) < 2 || (fields[0] != "--status" && fields[0] != "--reason") {
				continue
			}
			if strings.HasPrefix(fields[1], "CIRCLE_") || fields[1] == "pending" {
				t.Errorf("vendor %s help names %q as the environment variable of %s:\n%s", verb, fields[1], fields[0], help)
			}
		}
		if !strings.Contains(help, "--status") && verb == "list" || !strings.Contains(help, "--reason") && verb == "reject" {
			t.Fatalf("vendor %s help lists no own option:\n%s", verb, help)
		}
	}
}
