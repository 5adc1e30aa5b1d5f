package resultfile

import (
	"errors"
	"io"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/writer"
)

// errPods refuses to flatten a multi-pod file into one match list.
var errPods = errors.New("the input holds several pods (divisions); convert one pod at a time, or to .json")

// writeEventXLSX writes the hand-kept match-list workbook: Matches, Players and Event.
func writeEventXLSX(w io.Writer, ev *tbsheet.Event, opt writer.Options) error {
	if len(ev.Pods) > 0 {
		return errPods
	}
	names := writer.SheetNamesFor(opt.Lang)
	b, err := writer.NewEmbeddedBook(opt.Lang, names.Matches)
	if err != nil {
		return err
	}
	b.Print.Paper = opt.Paper
	f := b.F
	defer f.Close()
	t, err := b.MatchesTable(names.Matches, ev)
	if err != nil {
		return err
	}
	if err := b.WriteTable(t); err != nil {
		return err
	}
	if err := b.AddSheet(names.Players); err != nil {
		return err
	}
	if t, err = b.PlayersTable(names.Players, ev); err != nil {
		return err
	}
	if err := b.WriteTable(t); err != nil {
		return err
	}
	if err := b.AddSheet(names.Event); err != nil {
		return err
	}
	if t, err = b.EventTable(names.Event, ev); err != nil {
		return err
	}
	if err := b.WriteTable(t); err != nil {
		return err
	}
	return writer.FinishWorkbook(f, ev.Name, opt, w)
}

// writeMatchListCSV writes the match list: Round, Table, Player 1, Player 2, Result, headers
// in opt.Lang. Names are defused against formula injection (csvSafe); results are tbsheet's
// own notation and are written as they are ("+" and "-" are forfeits).
func writeMatchListCSV(w io.Writer, ev *tbsheet.Event, opt writer.Options) error {
	if len(ev.Pods) > 0 {
		return errPods
	}
	csvLosses(ev, opt)
	cw := writer.NewCSVWriter(w, opt)
	if err := cw.Write(writer.MatchListHeaders(ev, opt.Lang)); err != nil {
		return err
	}
	for ri := range ev.Rounds {
		r := &ev.Rounds[ri]
		for mi := range r.Matches {
			round, table, p1, p2, result := writer.MatchRow(ev, r, &r.Matches[mi])
			rec := []string{writer.ShownValue(round), writer.ShownValue(table), writer.CSVSafe(p1), writer.CSVSafe(p2), result}
			if err := cw.Write(rec); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}
