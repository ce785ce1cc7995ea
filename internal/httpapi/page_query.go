package httpapi

// PageQuery is the page of a back-office list the caller asks for: every such list pages on
// the server with the same bounds. It is embedded last in a list's input, so its two
// parameters come last in the operation's query as before; it is exported because huma reads
// the parameters of exported fields only, embedded ones included.
type PageQuery struct {
	Page     int `query:"page" minimum:"1" default:"1"`
	PageSize int `query:"page_size" minimum:"1" maximum:"200" default:"50"`
}
