package writer

import (
	"strings"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
)

// rowNote is the Note column of a row (XLSX, CSV, a template's {{note}}) in lang: calc's
// English note as it is, or, in Chinese and Japanese, the same built from the standings:
// the playoff finish ("冠军", "ベスト4"), then the players the row is tied with on every key
// — those of the same rank, as the PDF groups its ties.
func rowNote(st *calc.Standings, r *calc.Row, lang string) string {
	if !i18n.Of(lang).Has("row.tie") {
		return r.Note // a language with no words of its own for it: calc's, in English
	}
	var parts []string
	if w := finishWord(lang, r); w != "" {
		parts = append(parts, w)
	}
	var tied []string
	for j := range st.Rows {
		if o := &st.Rows[j]; o.Player != r.Player && o.Rank == r.Rank {
			tied = append(tied, st.Event.Players[o.Player].Name)
		}
	}
	if len(tied) > 0 {
		names := ListWords(lang, tied)
		if len(tied) > calc.MaxNamed {
			names = labelf(lang, "row.others", strings.Join(tied[:calc.MaxNamed-1], label(lang, "list-sep")), len(tied)-calc.MaxNamed+1)
		}
		key := "row.tie"
		if tieKey(st) == "tie.random" {
			key = "row.tie.random"
		}
		parts = append(parts, labelf(lang, key, names))
	}
	return strings.Join(parts, label(lang, "list-sep"))
}
