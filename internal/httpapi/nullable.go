package httpapi

import (
	"reflect"
	"strings"

	"github.com/danielgtaylor/huma/v2"
)

// markNullableObjects makes the API document say what encoding/json does with a nil pointer to
// a struct: it writes null. Huma marks only pointers to scalars nullable, so a field such as
// `Order *OrderView` would otherwise be documented as always holding an object. Fields with
// omitempty are left alone: a nil one is left out, not sent as null.
func markNullableObjects(api huma.API) {
	reg := api.OpenAPI().Components.Schemas
	for name, schema := range reg.Map() {
		t := reg.TypeFromRef("#/components/schemas/" + name)
		for t != nil && t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t == nil || t.Kind() != reflect.Struct || schema.Properties == nil {
			continue
		}
		markStructFields(t, schema)
	}
}

func markStructFields(t reflect.Type, schema *huma.Schema) {
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if f.Anonymous && tag == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				markStructFields(ft, schema) // embedded fields are flattened into the parent
			}
			continue
		}
		if !f.IsExported() || tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if name == "" {
			name = f.Name
		}
		if strings.Contains(opts, "omitempty") || strings.Contains(opts, "omitzero") {
			continue
		}
		if f.Type.Kind() != reflect.Pointer || f.Type.Elem().Kind() != reflect.Struct {
			continue
		}
		prop := schema.Properties[name]
		if prop == nil || prop.Ref == "" {
			continue
		}
		schema.Properties[name] = &huma.Schema{
			Description: prop.Description,
			AnyOf:       []*huma.Schema{{Ref: prop.Ref}, {Type: "null"}},
		}
	}
}
