package vendorreg

import (
	"testing"

	"circle/internal/apperr"
	"circle/internal/media"
)

// TestF_AREA_01_CheckLogo: the application's logo is only an uploaded file's address (a size's
// ?variant= dropped); a typed URL or a path elsewhere on Circle names logo_url.
func TestF_AREA_01_CheckLogo(t *testing.T) {
	in := Input{Type: TypeServiceProvider, CompanyName: "Golden Hour Photo", ContactName: "Rosa Delgado", ContactPhone: "(512) 555-0188",
		ContactEmail: "hello@goldenhour.example", BusinessType: "photographer", Categories: []string{"cat:photography"}, ServiceStates: []string{"TX"}}
	addr := media.Address("019a0c4e-7f00-7000-8000-000000000001")
	in.LogoURL = " " + addr + "?variant=card "
	c, err := Check(in)
	if err != nil || c.LogoURL != addr {
		t.Fatalf("uploaded logo: %q %v, want %q", c.LogoURL, err, addr)
	}
	in.LogoURL = ""
	if c, err := Check(in); err != nil || c.LogoURL != "" {
		t.Fatalf("no logo: %q %v", c.LogoURL, err)
	}
	for _, bad := range []string{"https://cdn.example/logo.png", "/demo/logos/closingbell.png", "javascript:alert(1)"} {
		in.LogoURL = bad
		_, err := Check(in)
		e, ok := apperr.As(err)
		if !ok || len(e.Fields) != 1 || e.Fields[0].Field != "logo_url" || e.Fields[0].Message != MsgLogo {
			t.Errorf("logo %q: %v, want a logo_url field error", bad, err)
		}
	}
}
