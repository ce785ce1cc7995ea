package httpapi

// idPath is the input of an operation on one record named by the path's {id}, an id of at
// most 64 characters (the vendor-side operations that take longer ids declare their own).
type idPath struct {
	ID string `path:"id" maxLength:"64"`
}
