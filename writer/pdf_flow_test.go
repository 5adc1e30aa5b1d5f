package writer

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// checkFlowingLegend checks the layout of a document whose legend flows on from its table
// (the scenarios'): the pagination's invariants, every page but the last at least
// three-quarters full, and every line of the legend once, in order.
func checkFlowingLegend(t *testing.T, d *PDF, name string) {
	t.Helper()
	checkPagination(t, d)
	pages := d.paginate()
	room := d.BodyBottom() - d.TableTop()
	for n, p := range pages[:len(pages)-1] {
		used := 0.0
		if p.table {
			used += d.headH()
		}
		for _, it := range p.items {
			used += it.h
		}
		if used < 0.75*room {
			t.Errorf("%s: page %d of %d is %.0f%% full", name, n+1, len(pages), 100*used/room)
		}
	}
	var got []string
	for _, p := range pages { // a page's columns, left to right
		columns := map[float64][]string{}
		for _, it := range p.items {
			for _, pc := range it.band.pieces {
				columns[pc.x] = append(columns[pc.x], pc.t.String())
			}
		}
		for _, x := range slices.Sorted(maps.Keys(columns)) {
			got = append(got, columns[x]...)
		}
	}
	// Lines break at spaces and between ideographs: the text is compared without spaces.
	if printed, want := strings.Join(strings.Fields(strings.Join(got, "")), ""),
		strings.Join(strings.Fields(strings.Join(legendText(d), "")), ""); printed != want {
		t.Errorf("%s: the text after the table is not printed once and in order", name)
	}
}
