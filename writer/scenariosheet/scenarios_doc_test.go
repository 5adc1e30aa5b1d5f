package scenariosheet

import (
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// TestScenariosJSONDocumented: docs/scenarios-json.md describes every field the scenarios JSON
// has, and no other: the field names in the first column of its tables are the JSON names
// of scenariosJSON and the types it holds.
func TestScenariosJSONDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/scenarios-json.md")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	code := regexp.MustCompile("`([^`]+)`")
	for line := range strings.Lines(string(doc)) {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		first := strings.Split(line, "|")[1]
		for _, m := range code.FindAllStringSubmatch(first, -1) {
			for part := range strings.SplitSeq(m[1], ".") {
				documented[strings.TrimSuffix(part, "[]")] = true
			}
		}
	}
	fields := map[string]bool{}
	var walk func(reflect.Type)
	walk = func(ty reflect.Type) {
		for ty.Kind() == reflect.Pointer || ty.Kind() == reflect.Slice || ty.Kind() == reflect.Array {
			ty = ty.Elem()
		}
		if ty.Kind() != reflect.Struct {
			return
		}
		for f := range ty.Fields() {
			if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name != "" && name != "-" {
				fields[name] = true
			}
			walk(f.Type)
		}
	}
	walk(reflect.TypeFor[scenariosJSON]())
	for name := range fields {
		if !documented[name] {
			t.Errorf("the JSON field %q is not in docs/scenarios-json.md", name)
		}
	}
	for name := range documented {
		if !fields[name] {
			t.Errorf("docs/scenarios-json.md describes %q, which the JSON does not have", name)
		}
	}
	if len(fields) < 40 { // the walk reached every nested type
		t.Errorf("found only %d fields", len(fields))
	}
}
