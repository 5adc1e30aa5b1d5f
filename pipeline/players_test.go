package pipeline

import (
	"errors"
	"fmt"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/swissgen"
)

// TestFindPlayer: a name without case, accents or width, an id, #rank, a part of one name;
// several parts are a usage error, an unknown name an input error naming the closest one.
func TestFindPlayer(t *testing.T) {
	ev := swissgen.Generate(swissgen.Config{Players: 6, Rounds: 3, Seed: 1})
	names := []string{"Zoë Müller", "Zoe Williams", "Grace Murphy", "佐藤ガナ", "佐藤カナ", "Ｂｏｂ"}
	for i := range ev.Players {
		ev.Players[i].Name = names[i]
		ev.Players[i].ID = fmt.Sprintf("%03d", i)
	}
	st, err := calc.Compute(ev, calc.Options{System: "mtg"})
	if err != nil {
		t.Fatal(err)
	}
	sts := []*calc.Standings{st}
	rank := map[string]int{}
	for _, r := range st.Rows {
		rank[ev.Players[r.Player].Name] = r.Rank
	}
	for q, want := range map[string]string{
		"zoe muller": "Zoë Müller", "ZOË MÜLLER": "Zoë Müller", "williams": "Zoe Williams", "grace": "Grace Murphy",
		"佐藤カナ": "佐藤カナ", "ガナ": "佐藤ガナ", "bob": "Ｂｏｂ", "BOB": "Ｂｏｂ",
	} {
		_, row, err := FindPlayer(sts, q, "in.xlsx")
		if err != nil || ev.Players[row.Player].Name != want {
			t.Errorf("--player %q found %q (%v), want %q", q, ev.Players[row.Player].Name, err, want)
		}
	}
	for q, want := range map[string]string{"002": "Grace Murphy", "#" + fmt.Sprint(rank["佐藤カナ"]): "佐藤カナ"} {
		if _, row, err := FindPlayer(sts, q, "in.xlsx"); err != nil || ev.Players[row.Player].Name != want {
			t.Errorf("--player %q found %q (%v), want %q", q, ev.Players[row.Player].Name, err, want)
		}
	}
	if _, _, err := FindPlayer(sts, "zoe", "in.xlsx"); !errors.Is(err, calc.ErrUsage) {
		t.Errorf("--player zoe (two Zoes): %v, want a usage error", err)
	}
	_, _, err = FindPlayer(sts, "Grase Murphy", "in.xlsx")
	if errors.Is(err, calc.ErrUsage) || !errors.Is(err, tbsheet.ErrUnknownPlayer) {
		t.Fatalf("--player 'Grase Murphy': %v, want an input error", err)
	}
	if want := `in.xlsx: no player "Grase Murphy"; did you mean "Grace Murphy"?`; err.Error() != want {
		t.Errorf("%q, want %q", err.Error(), want)
	}
	if _, _, err := FindPlayer(sts, "xyzzy", "in.xlsx"); err == nil || err.Error() != `in.xlsx: no player "xyzzy"` {
		t.Errorf("--player xyzzy: %v", err)
	}
}
