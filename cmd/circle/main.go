// Command circle is the whole Circle product in one binary: see `circle help`.
package main

import (
	"context"
	"os"

	"circle/internal/app"
)

func main() {
	os.Exit(app.Main(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}
