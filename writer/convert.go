package writer

import (
	"errors"
	"io"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
)

// eventTiebreaks is the tiebreak order a converted file keeps: the event's own, else the one
// it declares in FIDE's notation (a TRF 202 record) when tbsheet computes every code of it.
func eventTiebreaks(ev *tbsheet.Event) []string {
	if len(ev.Tiebreaks) > 0 || ev.DeclaredTiebreaks == "" {
		return ev.Tiebreaks
	}
	ids, err := calc.FIDETiebreaks(ev.DeclaredTiebreaks)
	if err != nil {
		return nil
	}
	return ids
}

// errPods refuses to flatten a multi-pod file into one match list.
var errPods = errors.New("the input holds several pods (divisions); convert one pod at a time, or to .json")

// writeEventXLSX writes the hand-kept match-list workbook: Matches, Players and Event.
func writeEventXLSX(w io.Writer, ev *tbsheet.Event, opt Options) error {
	if len(ev.Pods) > 0 {
		return errPods
	}
	names := SheetNamesFor(opt.Lang)
	b, err := NewEmbeddedBook(opt.Lang, names.Matches)
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
	return FinishWorkbook(f, ev.Name, opt, w)
}

// writeMatchListCSV writes the match list: Round, Table, Player 1, Player 2, Result, headers
// in opt.Lang. Names are defused against formula injection (csvSafe); results are tbsheet's
// own notation and are written as they are ("+" and "-" are forfeits).
func writeMatchListCSV(w io.Writer, ev *tbsheet.Event, opt Options) error {
	if len(ev.Pods) > 0 {
		return errPods
	}
	csvLosses(ev, opt)
	cw := NewCSVWriter(w, opt)
	if err := cw.Write(matchListHeaders(ev, opt.Lang)); err != nil {
		return err
	}
	for ri := range ev.Rounds {
		r := &ev.Rounds[ri]
		for mi := range r.Matches {
			round, table, p1, p2, result := matchRow(ev, r, &r.Matches[mi])
			rec := []string{shownValue(round), shownValue(table), CSVSafe(p1), CSVSafe(p2), result}
			if err := cw.Write(rec); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}
