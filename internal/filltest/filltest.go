// Package filltest builds values whose every exported field is set to something other than its
// zero, so a test can tell a field that a mapping or a JSON view carried from one it left out
// (a zero field looks the same either way, and omitempty drops it).
package filltest

import (
	"reflect"
	"time"
)

// Of returns a T with every exported field set, recursively.
func Of[T any]() T {
	var v T
	Value(reflect.ValueOf(&v).Elem())
	return v
}

// Value sets every exported field of v, recursively, to a value other than its zero: strings
// "s", integers 7, floats 1.5, true, a pointer to a filled value, a one-element slice, an empty
// map, and times at one fixed instant in UTC.
func Value(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		v.SetString("s")
	case reflect.Int, reflect.Int64:
		v.SetInt(7)
	case reflect.Float64:
		v.SetFloat(1.5)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		Value(v.Elem())
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		Value(v.Index(0))
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
	case reflect.Struct:
		if v.Type() == reflect.TypeFor[time.Time]() {
			v.Set(reflect.ValueOf(time.Date(2026, 3, 2, 15, 4, 5, 0, time.UTC)))
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				Value(v.Field(i))
			}
		}
	}
}
