package media

import "testing"

// TestF_ENG_05_MediaAddress: the address a logo, photo or service picture saves is read back
// to its file id, with or without a size; anything else is not a stored file's address.
func TestF_ENG_05_MediaAddress(t *testing.T) {
	id := "019a0c4e-7f00-7000-8000-000000000001"
	if got := Address(id); got != "/api/media/"+id+"/file" {
		t.Fatalf("Address = %q", got)
	}
	for _, ok := range []string{Address(id), Address(id) + "?variant=card", Address(id) + "?variant=detail", Address(id) + "?variant=original",
		Address(id) + "?variant=thumb"} {
		if got, found := IDOfAddress(ok); !found || got != id {
			t.Errorf("IDOfAddress(%q) = %q %v, want %q", ok, got, found, id)
		}
	}
	for _, bad := range []string{"", "https://example.com/logo.png", "/demo/logos/a.png", "/api/media/" + id, "/api/media//file",
		"/api/media/a/b/file", "/api/media/../file", Address(id) + "?variant=huge", Address(id) + "?variant=card&x=1",
		"//evil.example" + Address(id), "/api/media/%2e%2e/file"} {
		if got, found := IDOfAddress(bad); found {
			t.Errorf("IDOfAddress(%q) = %q, want not an address", bad, got)
		}
	}
}

// TestF_ENG_05_MediaSized: a stored picture's address gets the size asked for; a demo path,
// another site's URL or an address with a size already stays as it is (web/src/lib/media.ts's
// mediaSize makes the same addresses, so the first screen and the app ask for the same bytes).
func TestF_ENG_05_MediaSized(t *testing.T) {
	id := "019a0c4e-7f00-7000-8000-000000000001"
	for in, want := range map[string]string{
		Address(id):                         Address(id) + "?variant=thumb",
		Address(id) + "?variant=card":       Address(id) + "?variant=card",
		"/demo/logos/closingbell.svg":       "/demo/logos/closingbell.svg",
		"https://example.com/logo.png":      "https://example.com/logo.png",
		"https://example.com" + Address(id): "https://example.com" + Address(id),
		"":                                  "",
	} {
		if got := Sized(in, VariantThumb); got != want {
			t.Errorf("Sized(%q, thumb) = %q, want %q", in, got, want)
		}
	}
}
