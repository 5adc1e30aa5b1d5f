package standingsheet

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/writer"
)

// TestByFamilyOrder: --by name sorts by family name where the input keeps it apart (KTS, TOM,
// WER), by the whole name otherwise; --by family splits one name column as it reads. The
// title says which.
func TestByFamilyOrder(t *testing.T) {
	names := []string{"Zoë Adams", "Lars Berg", "Ana Silva", "Mateo Ruiz", "Sam"}
	apart := [][2]string{{"Adams", "Zoë"}, {"Berg", "Lars"}, {"Silva", "Ana"}, {"Ruiz", "Mateo"}, {"", "Sam"}}
	order := func(opt writer.Options, split bool, names ...string) []string {
		st := writertest.NamedStandings(names...)
		if split {
			for i := range st.Event.Players {
				st.Event.Players[i].Family, st.Event.Players[i].Given = apart[i][0], apart[i][1]
			}
		}
		var got []string
		for _, i := range printOrder(st, opt) {
			got = append(got, st.Event.Players[st.Rows[i].Player].Name)
		}
		return got
	}
	for _, tt := range []struct {
		name  string
		opt   writer.Options
		split bool
		names []string
		want  []string
	}{
		{"by name, one name column", writer.Options{ByName: true}, false, names,
			[]string{"Ana Silva", "Lars Berg", "Mateo Ruiz", "Sam", "Zoë Adams"}},
		{"by name, family names apart", writer.Options{ByName: true}, true, names,
			[]string{"Zoë Adams", "Lars Berg", "Mateo Ruiz", "Sam", "Ana Silva"}},
		{"by family, one name column", writer.Options{ByName: true, ByFamily: true}, false, names,
			[]string{"Zoë Adams", "Lars Berg", "Mateo Ruiz", "Sam", "Ana Silva"}},
		{"by family, Last, First", writer.Options{ByName: true, ByFamily: true}, false,
			[]string{"Silva, Ana", "Adams, Zoë", "Berg, Lars"}, []string{"Adams, Zoë", "Berg, Lars", "Silva, Ana"}},
		{"by family, written family first", writer.Options{ByName: true, ByFamily: true, Lang: "zh"}, false,
			[]string{"王小明", "陈静", "Ana Silva"}, []string{"Ana Silva", "陈静", "王小明"}},
		{"by rank", writer.Options{}, true, names, nil},
	} {
		got := order(tt.opt, tt.split, tt.names...)
		if tt.want == nil {
			st := writertest.NamedStandings(tt.names...)
			for _, r := range st.Rows {
				tt.want = append(tt.want, st.Event.Players[r.Player].Name)
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestOrderLabel(t *testing.T) {
	st := writertest.NamedStandings("Ana Silva", "Lars Berg")
	split := writertest.NamedStandings("Ana Silva", "Lars Berg")
	split.Event.Players[0].Family = "Silva"
	for _, tt := range []struct {
		st   bool
		opt  writer.Options
		want string
	}{
		{false, writer.Options{}, "by-rank"}, {true, writer.Options{}, "by-rank"}, {false, writer.Options{ByName: true}, "by-name"},
		{true, writer.Options{ByName: true}, "by-family"}, {false, writer.Options{ByName: true, ByFamily: true}, "by-family"},
	} {
		s := st
		if tt.st {
			s = split
		}
		if got := writer.OrderLabel(s, tt.opt); got != tt.want {
			t.Errorf("family names %v, %+v: %s, want %s", tt.st, tt.opt, got, tt.want)
		}
	}
	if sub := layoutFor(t, split, writer.Options{ByName: true}).Subtitle.String(); !strings.HasSuffix(sub, "by family name") {
		t.Errorf("PDF subtitle %q does not say the list is by family name", sub)
	}
	// The terminal table's title says the order of a list by name.
	var b bytes.Buffer
	if err := WriteTable(&b, split, writer.Options{ByName: true, Lang: "zh"}); err != nil {
		t.Fatal(err)
	}
	if title, _, _ := strings.Cut(b.String(), "\n"); !strings.Contains(title, "按姓氏") {
		t.Errorf("title %q does not say the list is by family name", title)
	}
}
