package pipeline

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
)

// FindPlayer picks the row q names (tbsheet explain --player), in the first standings (a
// division) that has it: an exact id, #rank, the name (without regard to case, accents or
// the width of CJK forms: "zoe" is Zoë, "ＡＢＣ" is ABC), else the only name containing it.
// Several partial matches are a usage error that lists them; no match is the input's error
// (tbsheet.ErrUnknownPlayer, at input) that suggests the closest name.
func FindPlayer(sts []*calc.Standings, q, input string) (*calc.Standings, calc.Row, error) {
	fq := tbsheet.FoldName(q)
	for _, match := range []func(p tbsheet.Player, r calc.Row) bool{
		func(p tbsheet.Player, r calc.Row) bool { return p.ID == q || "#"+strconv.Itoa(r.Rank) == q },
		func(p tbsheet.Player, _ calc.Row) bool { return tbsheet.FoldName(p.Name) == fq },
	} {
		for _, st := range sts {
			for _, r := range st.Rows {
				if match(st.Event.Players[r.Player], r) {
					return st, r, nil
				}
			}
		}
	}
	for _, st := range sts {
		var found []calc.Row
		for _, r := range st.Rows {
			if fq != "" && strings.Contains(tbsheet.FoldName(st.Event.Players[r.Player].Name), fq) {
				found = append(found, r)
			}
		}
		switch len(found) {
		case 0:
			continue
		case 1:
			return st, found[0], nil
		}
		var names []string
		for _, r := range found {
			names = append(names, st.Event.Players[r.Player].Name)
		}
		return nil, calc.Row{}, usagef("--player %q matches %s: be more precise", q, strings.Join(names, ", "))
	}
	msg := fmt.Sprintf("no player %q", q)
	var ranked []string
	for _, st := range sts {
		for _, r := range st.Rows {
			ranked = append(ranked, st.Event.Players[r.Player].Name)
		}
	}
	if name := ClosestName(ranked, fq); name != "" {
		msg += fmt.Sprintf("; did you mean %q?", name)
	}
	return nil, calc.Row{}, &tbsheet.Error{Pos: tbsheet.Pos{File: input}, Err: tbsheet.ErrUnknownPlayer, Msg: msg}
}
