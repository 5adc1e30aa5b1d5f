package tbsheet

import "testing"

func TestPosString(t *testing.T) {
	for _, tt := range []struct {
		p    Pos
		want string
	}{
		{Pos{File: "results.xlsx", Sheet: "Round 3", Row: 7, Col: 3}, "results.xlsx: Round 3!C7"},
		{Pos{File: "r.csv", Row: 7, Col: 12}, "r.csv:7:12"},
		{Pos{File: "dump.json", Path: "matches[12]"}, "dump.json: matches[12]"},
		{Pos{File: "r.xlsx", Sheet: "R1", Row: 4}, "r.xlsx: R1!4:4"},
		{Pos{Col: 28, Row: 1, Sheet: "S"}, "S!AB1"},
	} {
		if got := tt.p.String(); got != tt.want {
			t.Errorf("%+v = %q, want %q", tt.p, got, tt.want)
		}
	}
}
