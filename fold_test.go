package tbsheet

import "testing"

func TestFoldName(t *testing.T) {
	for _, tt := range []struct{ a, b string }{
		{"Zoë Müller", "zoe muller"}, {"ZOE", "zoë"}, {"Chloé  Dubois", "chloe dubois"}, {"Søren Ødegård", "soren odegard"},
		{"Łukasz", "lukasz"}, {"ＧＲＡＣＥ", "grace"}, {"ｶﾅ", "カナ"}, {"Straße", "strasse"}, {"王小明", "王小明"},
	} {
		if FoldName(tt.a) != FoldName(tt.b) {
			t.Errorf("FoldName(%q) = %q, FoldName(%q) = %q: want the same", tt.a, FoldName(tt.a), tt.b, FoldName(tt.b))
		}
	}
	for _, tt := range []struct{ a, b string }{{"カナ", "ガナ"}, {"Zoe", "Zoa"}} {
		if FoldName(tt.a) == FoldName(tt.b) {
			t.Errorf("FoldName(%q) = FoldName(%q): different names must stay apart", tt.a, tt.b)
		}
	}
}
