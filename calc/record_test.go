package calc

import "testing"

// TestRecordOrder: each preset writes its record in its own order, and
// RecordOrder.Format puts the counts in that order.
func TestRecordOrder(t *testing.T) {
	want := map[string]string{"mtg": "wld", "yugioh": "wld", "pokemon": "wlt", "cryptozoic": "wld",
		"challonge": "wlt", "fide": "wdl"}
	for _, s := range Systems() {
		if got := s.Record.String(); got != want[s.Name] {
			t.Errorf("%s writes records %s, want %s", s.Name, got, want[s.Name])
		}
	}
	for _, tt := range []struct {
		order RecordOrder
		want  string
	}{{RecordWLD, "3-1-2"}, {RecordWLT, "3-1-2"}, {RecordWDL, "3-2-1"}} {
		if got := tt.order.Format(3, 1, 2); got != tt.want {
			t.Errorf("%s: Format(3 wins, 1 loss, 2 draws) = %q, want %q", tt.order, got, tt.want)
		}
	}
}
