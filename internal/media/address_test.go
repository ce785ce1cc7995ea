package media

import "testing"

// TestF_ENG_05_MediaAddress: the address a logo, photo or service picture saves is read back
// to its file id, with or without a size; anything else is not a stored file's address.
func TestF_ENG_05_MediaAddress(t *testing.T) {
	id := "019a0c4e-7f00-7000-8000-000000000001"
	if got := Address(id); got != "/api/media/"+id+"/file" {
		t.Fatalf("Address = %q", got)
	}
	for _, ok := range []string{Address(id), Address(id) + "?variant=card", Address(id) + "?variant=detail", Address(id) + "?variant=original"} {
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
