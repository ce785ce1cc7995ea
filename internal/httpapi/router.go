package httpapi

import (
	"context"
	"net/http"
	"reflect"

	"github.com/danielgtaylor/huma/v2"
)

// Area is one area of the API (auth, cart, billing...): a handler type holding only its own
// services, whose Register lists its routes, one line each. app/wire.go builds every area and
// hands the list to New; a new area is a new file here and one line there.
type Area interface {
	Register(r *Router)
}

// Router is what an area registers its routes on: the API's operations (get, post, put, patch,
// del) and, for server-rendered pages that are not API operations, the mux (Page).
type Router struct {
	api huma.API
	mux *http.ServeMux
	// spa is the web app's handler, for pages that render its index.html (share_pages.go); nil
	// when only the API document is built.
	spa *spaHandler
}

// Page registers a plain handler on the mux (not an API operation, not in the API document).
func (r *Router) Page(pattern string, h http.HandlerFunc) { r.mux.HandleFunc(pattern, h) }

// schema is the named component schema of v's type, for operations that declare their answer
// themselves (a streamed or pre-encoded body).
func (r *Router) schema(v any, name string) *huma.Schema {
	return r.api.OpenAPI().Components.Schemas.Schema(reflect.TypeOf(v), true, name)
}

// The access levels of most routes (access.go); ownerOf, ownerOnly and signInAs make the rest.
var (
	public  = access{level: levelPublic}
	user    = access{level: levelUser}
	pro     = access{level: levelPro}
	vendor  = access{level: levelVendor}
	creator = access{level: levelCreator}
	admin   = access{level: levelAdmin}
	staff   = access{level: levelSupport}
)

// routeOption changes an operation beyond its one-line declaration.
type routeOption func(*huma.Operation)

// maxKB limits the request body to n KiB.
func maxKB(n int64) routeOption { return func(o *huma.Operation) { o.MaxBodyBytes = n << 10 } }

// The default statuses other than 200.
var (
	created   routeOption = func(o *huma.Operation) { o.DefaultStatus = http.StatusCreated }
	accepted  routeOption = func(o *huma.Operation) { o.DefaultStatus = http.StatusAccepted }
	noContent routeOption = func(o *huma.Operation) { o.DefaultStatus = http.StatusNoContent }
)

// responses replaces the documented answers (streamed bodies, files, a 503).
func responses(m map[string]*huma.Response) routeOption {
	return func(o *huma.Operation) { o.Responses = m }
}

// jsonAnswer documents a 200 whose JSON body has schema s (a streamed or pre-encoded body).
func jsonAnswer(description string, s *huma.Schema) *huma.Response {
	return &huma.Response{Description: description, Content: map[string]*huma.MediaType{"application/json": {Schema: s}}}
}

// fileAnswer documents a 200 whose body is a file of the content type.
func fileAnswer(description, contentType string, s *huma.Schema) *huma.Response {
	return &huma.Response{Description: description, Content: map[string]*huma.MediaType{contentType: {Schema: s}}}
}

// handle declares one API operation: what the document says of it, who may call it (New
// refuses an operation without a declaration), and its handler.
func handle[I, O any](r *Router, method, path, id, summary, tag string, a access, h func(context.Context, *I) (*O, error), opts []routeOption) {
	o := huma.Operation{OperationID: id, Method: method, Path: path, Summary: summary, Tags: []string{tag}}
	declareAccess(&o, a)
	for _, opt := range opts {
		opt(&o)
	}
	huma.Register(r.api, o, h)
}

// get, post, put, patch and del declare an operation of their method in one line: path,
// operation ID, summary (a constant above the area's Register when the line would pass 140
// characters), tag, access, handler and options:
//
//	get(r, "/api/cart", "get-cart", "The caller's cart", "cart", user, h.getCart)
//	post(r, "/api/cart/items", "add-cart-item", sumAddCartItem, "cart", user, h.addCartItem, maxKB(8))
//
// (Go methods cannot have type parameters, so these are functions taking the router.)
func get[I, O any](r *Router, path, id, summary, tag string, a access, h func(context.Context, *I) (*O, error), opts ...routeOption) {
	handle(r, http.MethodGet, path, id, summary, tag, a, h, opts)
}

func post[I, O any](r *Router, path, id, summary, tag string, a access, h func(context.Context, *I) (*O, error), opts ...routeOption) {
	handle(r, http.MethodPost, path, id, summary, tag, a, h, opts)
}

func put[I, O any](r *Router, path, id, summary, tag string, a access, h func(context.Context, *I) (*O, error), opts ...routeOption) {
	handle(r, http.MethodPut, path, id, summary, tag, a, h, opts)
}

func patch[I, O any](r *Router, path, id, summary, tag string, a access, h func(context.Context, *I) (*O, error), opts ...routeOption) {
	handle(r, http.MethodPatch, path, id, summary, tag, a, h, opts)
}

func del[I, O any](r *Router, path, id, summary, tag string, a access, h func(context.Context, *I) (*O, error), opts ...routeOption) {
	handle(r, http.MethodDelete, path, id, summary, tag, a, h, opts)
}

// bodyOutput is the output of an operation that answers with its JSON body alone. A body made
// for one output is named after it (xOutputBody for xOutput = bodyOutput[xOutputBody]): huma
// names the body's schema after its type, and that is the name it gave the anonymous Body
// struct of xOutput, so the OpenAPI document keeps its schema names.
type bodyOutput[T any] struct{ Body T }

// answer turns a service's result into its operation's output: the error as it is, else v as
// the body.
func answer[T any](v T, err error) (*bodyOutput[T], error) {
	if err != nil {
		return nil, err
	}
	return &bodyOutput[T]{Body: v}, nil
}
