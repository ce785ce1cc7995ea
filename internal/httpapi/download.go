package httpapi

// downloadOutput is a file the browser saves under its name (an attachment) and never caches:
// the CSV exports and the prep guide's PDF.
type downloadOutput struct {
	ContentType        string `header:"Content-Type"`
	ContentDisposition string `header:"Content-Disposition"`
	CacheControl       string `header:"Cache-Control"`
	Body               []byte
}

// attachment answers b as the file name, of the given content type.
func attachment(contentType, name string, b []byte) *downloadOutput {
	return &downloadOutput{ContentType: contentType, CacheControl: "no-store",
		ContentDisposition: `attachment; filename="` + name + `"`, Body: b}
}

// csvFile answers b as the CSV file name.
func csvFile(name string, b []byte) *downloadOutput {
	return attachment("text/csv; charset=utf-8", name, b)
}
