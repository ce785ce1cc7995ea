package httpapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sort"

	"github.com/danielgtaylor/huma/v2"

	"circle/internal/apperr"
	"circle/internal/audit"
	"circle/internal/auth"
	"circle/internal/catalog"
	"circle/internal/checkout"
	"circle/internal/detail"
)

// accessLevel is who may call an operation (docs/adr/0006-access.md). Every route in its area's
// Register declares one; enforceAccess applies it before the handler runs.
type accessLevel string

const (
	// levelPublic: anyone, signed in or not.
	levelPublic accessLevel = "public"
	// levelUser: any signed-in user.
	levelUser accessLevel = "user"
	// Role levels: a signed-in user holding the role, or an administrator.
	levelVerified accessLevel = "verified"
	levelPro      accessLevel = "pro"
	levelCreator  accessLevel = "creator"
	levelVendor   accessLevel = "vendor"
	levelAdmin    accessLevel = "admin"
	levelSupport  accessLevel = "support"
	// levelOwnerOf: the owner of the row the path names, or an administrator.
	levelOwnerOf accessLevel = "owner-of"
	// levelOwnerOnly: the owner of the row the path names, and nobody else (a review's text is
	// its author's words: administrators may delete it, not rewrite it).
	levelOwnerOnly accessLevel = "owner-only"
)

// accessLevelDoc describes one level in the API document (x-circle-access-levels), from which
// the web app generates its list of screen levels (web/scripts/gen-access.mjs): a level is
// spelled here once and nowhere else by hand.
type accessLevelDoc struct {
	Level accessLevel `json:"level"`
	// Kind: "public", "signed-in", "role" (its holders and administrators) or "owner".
	Kind        string `json:"kind"`
	Description string `json:"description"`
}

// accessLevels returns every level an operation may declare, in the document's order.
func accessLevels() []accessLevelDoc {
	return []accessLevelDoc{
		{levelPublic, "public", "Anyone, signed in or not."},
		{levelUser, "signed-in", "Any signed-in user."},
		{levelVerified, "role", "A signed-in user whose e-mail address is confirmed, or an administrator."},
		{levelPro, "role", "A Circle Pro member (or staff), or an administrator."},
		{levelCreator, "role", "A creator (or staff), or an administrator."},
		{levelVendor, "role", "A vendor's account, or an administrator."},
		{levelAdmin, "role", "An administrator."},
		{levelSupport, "role", "Support staff (the support desk), or an administrator."},
		{levelOwnerOf, "owner", "The owner of the row the path names (x-circle-owner), or an administrator."},
		{levelOwnerOnly, "owner", "The owner of the row the path names, and nobody else."},
	}
}

// roleOf is the role a role level asks for, and the answer to a caller without it.
func roleOf(l accessLevel) (role auth.Role, denied string, ok bool) {
	switch l {
	case levelVerified:
		return auth.RoleVerified, auth.MsgEmailUnverified, true
	case levelPro:
		return auth.RolePro, "Circle Pro members only.", true
	case levelCreator:
		return auth.RoleCreator, "Creators only.", true
	case levelVendor:
		return auth.RoleVendor, "Vendors only.", true
	case levelAdmin:
		return auth.RoleAdmin, "Administrators only.", true
	case levelSupport:
		return auth.RoleSupport, "Support staff only.", true
	}
	return "", "", false
}

// access is the declaration of one route.
type access struct {
	level accessLevel
	// owner finds the owner of the row an owner-of or owner-only operation acts on.
	owner *ownerPolicy
	// denied answers a signed-in caller who does not own the row: forbidden, or not found
	// where the product hides that the row exists (orders, payment sessions).
	denied *apperr.Error
	// signIn replaces the sign-in message of the 401 where the spec words it for the feature.
	signIn string
}

// signInAs returns the declaration with the spec's own wording of the sign-in answer.
func (a access) signInAs(msg string) access { a.signIn = msg; return a }

// ownerOf: the owner of the row, or an administrator. denied is the answer to anyone else.
func ownerOf(p ownerPolicy, denied *apperr.Error) access {
	return access{level: levelOwnerOf, owner: &p, denied: denied}
}

// ownerOnly: the owner of the row and nobody else.
func ownerOnly(p ownerPolicy, denied *apperr.Error) access {
	return access{level: levelOwnerOnly, owner: &p, denied: denied}
}

// validate reports a declaration the middleware could not apply.
func (a access) validate() error {
	switch a.level {
	case levelPublic, levelUser:
		return nil
	case levelOwnerOf, levelOwnerOnly:
		if a.owner == nil || a.owner.owner == nil || a.owner.param == "" || a.denied == nil {
			return fmt.Errorf("access %s needs an ownership policy and the answer to non-owners", a.level)
		}
		return nil
	}
	if _, _, ok := roleOf(a.level); !ok {
		return fmt.Errorf("unknown access %q", a.level)
	}
	return nil
}

// ownerStore is what the ownership policies read.
type ownerStore interface {
	VendorByID(ctx context.Context, id string) (catalog.Vendor, error)
	ServiceByID(ctx context.Context, id string) (catalog.Service, error)
	ReviewByID(ctx context.Context, id string) (catalog.Review, error)
	OrderOwner(ctx context.Context, id string) (string, error)
	SessionOwner(ctx context.Context, id string) (string, error)
}

// Owners reads vendors, services and reviews through the detail service and the orders and
// payment pages through the checkout service, which own them.
type Owners struct {
	Details *detail.Service
	Orders  *checkout.Service
}

func (o Owners) VendorByID(ctx context.Context, id string) (catalog.Vendor, error) {
	return o.Details.VendorByID(ctx, id)
}

func (o Owners) ServiceByID(ctx context.Context, id string) (catalog.Service, error) {
	return o.Details.ServiceByID(ctx, id)
}

func (o Owners) ReviewByID(ctx context.Context, id string) (catalog.Review, error) {
	return o.Details.ReviewByID(ctx, id)
}

func (o Owners) OrderOwner(ctx context.Context, id string) (string, error) {
	return o.Orders.OrderOwner(ctx, id)
}

func (o Owners) SessionOwner(ctx context.Context, id string) (string, error) {
	return o.Orders.SessionOwner(ctx, id)
}

// ownerPolicy is the one place that knows who owns one kind of row. A missing row answers the
// store's not-found error, as the handler would.
type ownerPolicy struct {
	// resource names the row kind in the API document (x-circle-owner).
	resource string
	// param is the path parameter holding the row's id.
	param string
	// owner returns the owning user's id; "" when nobody owns the row.
	owner func(ctx context.Context, db ownerStore, id string) (string, error)
}

// vendorOwner: a vendor belongs to the user its owner_user_id names.
func vendorOwner(param string) ownerPolicy {
	return ownerPolicy{resource: "vendor", param: param, owner: func(ctx context.Context, db ownerStore, id string) (string, error) {
		v, err := db.VendorByID(ctx, id)
		if err != nil {
			return "", err
		}
		return vendorOwnerID(&v), nil
	}}
}

// serviceVendorOwner: a service belongs to its vendor's owner (nobody when the vendor is gone).
func serviceVendorOwner(param string) ownerPolicy {
	return ownerPolicy{resource: "service", param: param, owner: func(ctx context.Context, db ownerStore, id string) (string, error) {
		svc, err := db.ServiceByID(ctx, id)
		if err != nil || svc.VendorID == nil {
			return "", err
		}
		v, err := db.VendorByID(ctx, *svc.VendorID)
		if apperr.IsNotFound(err) {
			return "", nil
		}
		if err != nil {
			return "", err
		}
		return vendorOwnerID(&v), nil
	}}
}

// reviewAuthor: a review belongs to the user who wrote it.
func reviewAuthor(param string) ownerPolicy {
	return ownerPolicy{resource: "review", param: param, owner: func(ctx context.Context, db ownerStore, id string) (string, error) {
		r, err := db.ReviewByID(ctx, id)
		return r.UserID, err
	}}
}

// orderBuyer: an order belongs to the user who placed it.
func orderBuyer(param string) ownerPolicy {
	return ownerPolicy{resource: "order", param: param, owner: func(ctx context.Context, db ownerStore, id string) (string, error) {
		return db.OrderOwner(ctx, id)
	}}
}

// paymentSessionPayer: a payment page belongs to the user it was opened for.
func paymentSessionPayer(param string) ownerPolicy {
	return ownerPolicy{resource: "checkout-session", param: param, owner: func(ctx context.Context, db ownerStore, id string) (string, error) {
		return db.SessionOwner(ctx, id)
	}}
}

// vendorOwnerID is the user owning the vendor; "" for none.
func vendorOwnerID(v *catalog.Vendor) string {
	if v == nil || v.OwnerUserID == nil {
		return ""
	}
	return *v.OwnerUserID
}

// accessKey holds an operation's declaration in huma.Operation.Metadata.
const accessKey = "circle-access"

// declareAccess records the declaration on the operation: in its metadata for the middleware,
// and in the API document (x-circle-access, x-circle-owner) for clients and the matrix test.
func declareAccess(o *huma.Operation, a access) {
	if o.Metadata == nil {
		o.Metadata = map[string]any{}
	}
	o.Metadata[accessKey] = a
	if o.Extensions == nil {
		o.Extensions = map[string]any{}
	}
	o.Extensions["x-circle-access"] = string(a.level)
	if a.owner != nil {
		o.Extensions["x-circle-owner"] = a.owner.resource
	}
	if a.level != levelPublic {
		o.Security = []map[string][]string{{"session": {}}}
	}
}

// checkAccessDeclared refuses a route table with an operation that declares no access (or one
// the middleware cannot apply), naming the operation.
func checkAccessDeclared(api huma.API) error {
	paths := api.OpenAPI().Paths
	keys := make([]string, 0, len(paths))
	for k := range paths {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var errs []error
	for _, path := range keys {
		item := paths[path]
		for _, o := range []*huma.Operation{item.Get, item.Put, item.Post, item.Delete, item.Options, item.Head, item.Patch, item.Trace} {
			if o == nil {
				continue
			}
			a, ok := o.Metadata[accessKey].(access)
			if !ok {
				errs = append(errs, fmt.Errorf("operation %s (%s %s) declares no access: declare it in its area's Register", o.OperationID, o.Method, path))
				continue
			}
			if err := a.validate(); err != nil {
				errs = append(errs, fmt.Errorf("operation %s (%s %s): %w", o.OperationID, o.Method, path, err))
			}
		}
	}
	return errors.Join(errs...)
}

type principalKey struct{}

// enforceAccess is the huma middleware that applies every operation's declared access before
// its handler runs, and hands the handler the signed-in caller (principalOf).
func (s *Server) enforceAccess(hctx huma.Context, next func(huma.Context)) {
	a, ok := hctx.Operation().Metadata[accessKey].(access)
	if !ok {
		// New refuses such a route table, so this is a route added behind its back.
		_ = huma.WriteErr(s.api, hctx, http.StatusInternalServerError, "operation declares no access")
		return
	}
	if a.level == levelPublic {
		next(hctx)
		return
	}
	p, err := s.authorize(hctx.Context(), a, hctx.Param)
	if err != nil {
		_ = huma.WriteErr(s.api, hctx, http.StatusInternalServerError, "", err)
		return
	}
	next(huma.WithValue(hctx, principalKey{}, p))
}

// authorize decides one call: 401 without a live session, then the declared rule (decide),
// reading the row's owner for owner-of and owner-only operations.
func (s *Server) authorize(ctx context.Context, a access, param func(string) string) (auth.Principal, error) {
	p, err := authenticate(ctx)
	if err != nil {
		if a.signIn != "" && apperr.CodeOf(err) == apperr.Unauthenticated {
			return p, apperr.New(apperr.Unauthenticated, a.signIn)
		}
		return p, err
	}
	owner := ""
	if a.owner != nil {
		if owner, err = a.owner.owner(ctx, s.deps.Owners, param(a.owner.param)); err != nil {
			return p, err
		}
	}
	return p, decide(p, a, owner)
}

// decide is the access rule for a signed-in caller: a user operation lets everyone through; a
// role level the role's holders and administrators; owner-of the row's owner (owner, "" for
// nobody) and administrators; owner-only the owner alone.
func decide(p auth.Principal, a access, owner string) error {
	switch a.level {
	case levelPublic, levelUser:
		return nil
	case levelOwnerOf, levelOwnerOnly:
		if (owner != "" && owner == p.User.ID) || (a.level == levelOwnerOf && p.IsAdmin) {
			return nil
		}
		return apperr.New(a.denied.Code, a.denied.Message)
	}
	role, denied, ok := roleOf(a.level)
	if !ok {
		return fmt.Errorf("access %q: %w", a.level, errors.ErrUnsupported)
	}
	if p.IsAdmin || p.Has(role) {
		return nil
	}
	return apperr.New(apperr.Forbidden, denied)
}

// principalOf is the signed-in caller of an operation that is not public: the middleware put
// it in the context. Calling it from a public operation is a programming error.
func principalOf(ctx context.Context) auth.Principal {
	p, ok := ctx.Value(principalKey{}).(auth.Principal)
	if !ok {
		panic("principalOf: the operation is public; declare its access in its area's Register")
	}
	return p
}

// actorOf is the audit log's actor of a staff change (issue 31 item 12): the principal the
// access check put in the context and the request's id. Never read from the request body.
func actorOf(ctx context.Context) audit.Actor {
	return audit.Actor{UserID: principalOf(ctx).User.ID, RequestID: requestIDFrom(ctx)}
}
