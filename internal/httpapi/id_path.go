package httpapi

// idPath is the input of an operation on one record named by the path's {id}; every such id
// is at most 64 characters.
type idPath struct {
	ID string `path:"id" maxLength:"64"`
}
