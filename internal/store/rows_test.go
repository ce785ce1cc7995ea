package store_test

import (
	"context"
	"reflect"
	"slices"
	"testing"

	"circle/internal/store"
)

// TestRowsMatchTheirTables checks, on both engines, that every row struct embedding an untagged
// domain type maps exactly the columns of its table: a domain field bun would write to a column
// that does not exist, or a column no field reads, fails here (issue 26 item 2).
func TestRowsMatchTheirTables(t *testing.T) {
	each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		for _, m := range store.RowModels {
			table := db.Bun().Table(reflect.TypeOf(m))
			var fields []string
			for _, f := range table.Fields {
				fields = append(fields, f.Name)
			}
			rows, err := db.Bun().QueryContext(ctx, "SELECT * FROM "+table.Name+" WHERE 1 = 0")
			if err != nil {
				t.Fatalf("%s: %v", table.Name, err)
			}
			cols, err := rows.Columns()
			_ = rows.Close()
			if err != nil {
				t.Fatalf("%s: %v", table.Name, err)
			}
			slices.Sort(fields)
			slices.Sort(cols)
			if !slices.Equal(fields, cols) {
				t.Errorf("%T maps columns %v, table %s has %v", m, fields, table.Name, cols)
			}
		}
	})
}
