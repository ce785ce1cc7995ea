package vendorinvite_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"circle/internal/apperr"
	"circle/internal/clocktest"
	"circle/internal/demo/demotest"
	"circle/internal/notify"
	"circle/internal/racetest"
	"circle/internal/store"
	"circle/internal/store/storetest"
	"circle/internal/vendorinvite"
)

// F-ENG-04: the invite's categories are 03§3's, ten per vendor type, and every rule names its
// field with the spec's message.
func TestF_ENG_04_InviteRules(t *testing.T) {
	if len(vendorinvite.Categories[vendorinvite.TypeMarketing]) != 10 || len(vendorinvite.Categories[vendorinvite.TypeSettlement]) != 10 {
		t.Fatal("ten categories per vendor type")
	}
	ok := vendorinvite.InviteInput{VendorType: "marketing", Name: "Pixel Pros", Category: "SEO/SEM Services", ContactEmail: "hi@pixel.example"}
	for _, c := range []struct {
		name  string
		edit  func(*vendorinvite.InviteInput)
		field string
		msg   string
	}{
		{"no name", func(i *vendorinvite.InviteInput) { i.Name = " " }, "name", vendorinvite.MsgRequired},
		{"short name", func(i *vendorinvite.InviteInput) { i.Name = "P" }, "name", "Vendor Name must be at least 2 characters"},
		{"no email", func(i *vendorinvite.InviteInput) { i.ContactEmail = "" }, "contact_email", vendorinvite.MsgRequired},
		{"bad email", func(i *vendorinvite.InviteInput) { i.ContactEmail = "hi@pixel" }, "contact_email", vendorinvite.MsgEmail},
		{"no category", func(i *vendorinvite.InviteInput) { i.Category = "" }, "category", vendorinvite.MsgRequired},
		{"wrong type's category", func(i *vendorinvite.InviteInput) { i.Category = "Title Company" }, "category", "Choose a category of the selected vendor type"},
		{"bad phone", func(i *vendorinvite.InviteInput) { i.Phone = "555-CALL" }, "phone", vendorinvite.MsgPhone},
		{"long phone", func(i *vendorinvite.InviteInput) { i.Phone = strings.Repeat("5", 21) }, "phone", vendorinvite.MsgPhone},
		{"bad website", func(i *vendorinvite.InviteInput) { i.WebsiteURL = "pixel.example" }, "website_url", vendorinvite.MsgURL},
		{"bad logo", func(i *vendorinvite.InviteInput) { i.LogoURL = "javascript:alert(1)" }, "logo_url", vendorinvite.MsgURL},
		{"long description", func(i *vendorinvite.InviteInput) { i.Description = strings.Repeat("d", 1001) }, "description", "Description must be no more than 1000 characters"},
		{"state", func(i *vendorinvite.InviteInput) { i.ServiceStates = "TX, Texas" }, "service_states", "Service States must be comma-separated US state codes, such as TX, CA"},
		{"type", func(i *vendorinvite.InviteInput) { i.VendorType = "other" }, "vendor_type", "vendor_type must be marketing or settlement"},
	} {
		in := ok
		c.edit(&in)
		_, err := vendorinvite.CheckInvite(in)
		e, isApp := apperr.As(err)
		if !isApp || len(e.Fields) != 1 || e.Fields[0].Field != c.field || e.Fields[0].Message != c.msg {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	in := ok
	in.Name, in.ServiceStates, in.Specialties = `<b>Pixel</b> Pros<script>x()</script>`, " tx,ca ,TX", []string{"SEO", " seo ", "Ads"}
	d, err := vendorinvite.CheckInvite(in)
	if err != nil || d.Name != "Pixel Pros" || strings.Join(d.ServiceStates, ",") != "TX,CA" || len(d.Specialties) != 2 {
		t.Fatalf("cleaned: %+v %v", d, err)
	}
}

// newDemoService is the invitations service on a database of kind with the demo data, its
// e-mail in the outbox, on a fake clock that starts at 2026-03-02 09:00 UTC.
func newDemoService(t *testing.T, kind store.Kind) (*vendorinvite.Service, *clocktest.Clock) {
	t.Helper()
	clk := clocktest.New(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	db := demotest.Open(t, kind, clk)
	return &vendorinvite.Service{Store: store.NewVendorInvites(db), Mailer: notify.OutboxMailer{Outbox: store.NewOps(db)}, Now: clk.Now, BaseURL: "https://circle.example"}, clk
}

// F-ENG-04: the inviting agent is credited when the vendor registers with the invitation's
// token: CreditJoin marks it joined by that vendor account (again is fine), refuses another
// account (409) and an unknown token (404).
func TestF_ENG_04_CreditJoin(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			svc, clk := newDemoService(t, kind)
			inv, _, err := svc.Refer(ctx, vendorinvite.Inviter{UserID: "usr-demo-agent", Email: "agent@demo.test", Name: "Avery"},
				vendorinvite.ReferralInput{VendorName: "Lone Star Lending", VendorEmail: "loans@lonestar.example", VendorType: "lender"})
			if err != nil {
				t.Fatal(err)
			}
			u, _ := url.Parse(inv.RegistrationURL)
			token := u.Query().Get("invite")
			if u.Path != "/vendor-registration" || u.Query().Get("type") != "co_marketing" || token == "" {
				t.Fatalf("registration link %s", inv.RegistrationURL)
			}
			clk.Advance(48 * time.Hour)
			got, err := svc.CreditJoin(ctx, token, "usr-demo-vendor")
			if err != nil || got.InviterID != "usr-demo-agent" || got.Status != vendorinvite.StatusJoined || got.JoinedAt == nil || !got.JoinedAt.Equal(clk.Now()) {
				t.Fatalf("credit: %+v %v", got, err)
			}
			if _, err := svc.CreditJoin(ctx, token, "usr-demo-vendor"); err != nil {
				t.Fatalf("credit again: %v", err)
			}
			if _, err := svc.CreditJoin(ctx, token, "usr-demo-pro"); apperr.CodeOf(err) != apperr.Conflict {
				t.Fatalf("another account: %v", err)
			}
			if _, err := svc.CreditJoin(ctx, "no-such-token", "usr-demo-pro"); apperr.CodeOf(err) != apperr.NotFound {
				t.Fatalf("unknown token: %v", err)
			}
		})
	}
}

// TestIssue27_CreditOncePerVendor (issue 27 item 5): two agents refer the same vendor; when its
// account registers, it is credited to one referral only, even when both tokens are credited
// at once: the other answers 409 and stays invited. Crediting the winning token again is fine.
func TestIssue27_CreditOncePerVendor(t *testing.T) {
	for _, kind := range storetest.Engines {
		t.Run(string(kind), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			svc, _ := newDemoService(t, kind)
			var tokens []string
			for _, who := range []vendorinvite.Inviter{{UserID: "usr-demo-agent", Email: "agent@demo.test"}, {UserID: "usr-demo-pro", Email: "pro@demo.test"}} {
				inv, _, err := svc.Refer(ctx, who, vendorinvite.ReferralInput{VendorName: "Lone Star Lending", VendorEmail: "loans@lonestar.example"})
				if err != nil {
					t.Fatal(err)
				}
				u, _ := url.Parse(inv.RegistrationURL)
				tokens = append(tokens, u.Query().Get("invite"))
			}
			_, errs := racetest.RunErr(len(tokens), func(i int) (vendorinvite.Invitation, error) {
				return svc.CreditJoin(ctx, tokens[i], "usr-demo-vendor")
			})
			won := -1
			for i, err := range errs {
				switch {
				case err == nil && won < 0:
					won = i
				case apperr.CodeOf(err) != apperr.Conflict:
					t.Fatalf("credit %d: %v (errors %v)", i, err, errs)
				}
			}
			if won < 0 {
				t.Fatalf("no credit: %v", errs)
			}
			lost, found, err := svc.Store.VendorInvitationByToken(ctx, tokens[1-won])
			if err != nil || !found || lost.Status != vendorinvite.StatusInvited || lost.JoinedUserID != "" {
				t.Fatalf("the other referral: %+v %v", lost, err)
			}
			if _, err := svc.CreditJoin(ctx, tokens[won], "usr-demo-vendor"); err != nil {
				t.Fatalf("credit the winner again: %v", err)
			}
		})
	}
}
