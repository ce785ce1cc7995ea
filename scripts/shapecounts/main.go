// Command shapecounts prints the figures issue 26 tracks for the code's shape, so each session
// can quote them before and after a change: the largest type by method count, the domain
// packages that import bun, whether store imports demo and platform imports store, and the
// route lines over 140 characters.
//
//	go run ./scripts/shapecounts [repository root]
//
// scripts/shape-counts.sh adds the duplicates figure and the Spectral findings.
package main

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

const bunImport = "github.com/uptrace/bun"

// routeMarkers are what a line registering an API operation contains, before and after the
// move to area modules.
var routeMarkers = []string{"huma.Register(", "get(r, ", "post(r, ", "put(r, ", "patch(r, ", "del(r, ", "r.Page("}

type pkgInfo struct {
	imports map[string]bool
	methods map[string]int // receiver type -> method count
}

func main() {
	root := "."
	if len(os.Args) > 1 {
		root = os.Args[1]
	}
	pkgs, err := scan(filepath.Join(root, "internal"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "shapecounts:", err)
		os.Exit(1)
	}
	type typeCount struct {
		name  string
		count int
	}
	var types []typeCount
	var bunUsers []string
	for dir, p := range pkgs {
		for t, n := range p.methods {
			types = append(types, typeCount{dir + "." + t, n})
		}
		if p.imports[bunImport] && !isStoreSide(dir) {
			bunUsers = append(bunUsers, dir)
		}
	}
	sort.Slice(types, func(i, j int) bool {
		if types[i].count != types[j].count {
			return types[i].count > types[j].count
		}
		return types[i].name < types[j].name
	})
	sort.Strings(bunUsers)
	fmt.Println("largest types by method count (non-test code):")
	for i := 0; i < len(types) && i < 5; i++ {
		fmt.Printf("  %4d  %s\n", types[i].count, types[i].name)
	}
	over := 0
	for _, t := range types {
		if t.count > 40 {
			over++
		}
	}
	fmt.Printf("types over 40 methods: %d\n", over)
	fmt.Printf("domain packages importing bun: %d %v\n", len(bunUsers), bunUsers)
	fmt.Printf("store imports demo: %v\n", importsPkg(pkgs, "store", "circle/internal/demo"))
	fmt.Printf("platform imports store: %v\n", importsPkg(pkgs, "platform", "circle/internal/store"))
	long, total, err := routeLines(filepath.Join(root, "internal", "httpapi"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "shapecounts:", err)
		os.Exit(1)
	}
	fmt.Printf("route lines: %d, over 140 characters: %d\n", total, long)
}

// isStoreSide reports whether a package may import bun: the store itself and its test helpers.
func isStoreSide(dir string) bool {
	return dir == "store" || strings.HasPrefix(dir, "store/")
}

func importsPkg(pkgs map[string]*pkgInfo, dir, path string) bool {
	p, ok := pkgs[dir]
	return ok && p.imports[path]
}

// scan parses the non-test Go files under dir, by package directory relative to dir.
func scan(dir string) (map[string]*pkgInfo, error) {
	out := map[string]*pkgInfo{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly|parser.SkipObjectResolution)
		if err != nil {
			return fmt.Errorf("parse %s: %w", path, err)
		}
		rel, _ := filepath.Rel(dir, filepath.Dir(path))
		p := out[rel]
		if p == nil {
			p = &pkgInfo{imports: map[string]bool{}, methods: map[string]int{}}
			out[rel] = p
		}
		for _, im := range f.Imports {
			v, _ := strconv.Unquote(im.Path.Value)
			p.imports[v] = true
		}
		full, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return fmt.Errorf("parse %s: %w", path, err)
		}
		for _, decl := range full.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || len(fn.Recv.List) == 0 {
				continue
			}
			p.methods[receiverName(fn.Recv.List[0].Type)]++
		}
		return nil
	})
	return out, err
}

func receiverName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return receiverName(t.X)
	case *ast.IndexExpr:
		return receiverName(t.X)
	case *ast.IndexListExpr:
		return receiverName(t.X)
	case *ast.Ident:
		return t.Name
	}
	return "?"
}

// routeLines counts the lines that register an operation in the HTTP layer's non-test files,
// and those over 140 characters.
func routeLines(dir string) (long, total int, err error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return 0, 0, err
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := os.Open(name)
		if err != nil {
			return 0, 0, err
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			for _, m := range routeMarkers {
				if strings.Contains(line, m) {
					total++
					if len([]rune(line)) > 140 {
						long++
					}
					break
				}
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return 0, 0, err
		}
	}
	return long, total, nil
}
