package store_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestInTxIsTheOnlyWayToOpenATransaction: no Go file but store/db.go opens a transaction itself
// (ADR 0007), so every transaction is marked for payments.Guard and refuses nesting.
func TestInTxIsTheOnlyWayToOpenATransaction(t *testing.T) {
	opens := regexp.MustCompile(`\.(RunInTx|BeginTx|Begin)\(`)
	root := filepath.Join("..", "..")
	checked := 0
	for _, dir := range []string{"cmd", "internal", "scripts"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			if filepath.ToSlash(path) == "../../internal/store/db.go" {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			checked++
			if loc := opens.FindIndex(src); loc != nil {
				line := strings.Count(string(src[:loc[0]]), "\n") + 1
				t.Errorf("%s:%d opens a transaction itself; use store.(*DB).InTx", path, line)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked < 50 {
		t.Fatalf("checked only %d files: is the walk rooted at the repository?", checked)
	}
}
