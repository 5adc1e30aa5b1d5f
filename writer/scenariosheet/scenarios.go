package scenariosheet

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/scenario"
	"github.com/tbsheet/tbsheet/writer"
)

// The last-round scenarios (tbsheet scenarios): the terminal table, JSON and, in
// pdf.go, the wall page. The words are shared by all three.

// scenarioWords puts a scenarios report into words in one language, for every output.
type scenarioWords struct {
	rep  *scenario.Report
	lang string
}

func (s scenarioWords) l(key string) string              { return writer.Label(s.lang, key) }
func (s scenarioWords) f(key string, args ...any) string { return writer.Labelf(s.lang, key, args...) }

// name returns the name of Report.Players[i].
func (s scenarioWords) name(i int) string {
	return s.rep.Event.Players[s.rep.Players[i].Player].Name
}

// verdict returns a verdict's word, starred when not proved.
func (s scenarioWords) verdict(o scenario.Outcome) string {
	w := s.l("sc." + o.Verdict.String())
	if !o.Proved {
		w += "*"
	}
	return w
}

// places writes a range of places: "3", or "3–5".
func places(p scenario.Places) string {
	if p.Exact() {
		return strconv.Itoa(p.Lo)
	}
	return strconv.Itoa(p.Lo) + "–" + strconv.Itoa(p.Hi)
}

// title is "Round 5 scenarios: top 8".
func (s scenarioWords) title() string { return s.f("sc.title", s.rep.Round, s.rep.Cut) }

// method says how the verdicts were reached.
func (s scenarioWords) method() string {
	rep := s.rep
	parts := []string{s.f("sc.before", rep.Round)}
	if rep.Exhaustive {
		parts = append(parts, s.f("sc.exhaustive", combinations(len(rep.Tables))))
	} else {
		parts = append(parts, s.f("sc.searched", thousands(rep.Ranked), combinations(len(rep.Tables))))
	}
	if n := unproved(rep); n == 1 {
		parts = append(parts, s.l("sc.unproved1"))
	} else if n > 1 {
		parts = append(parts, s.f("sc.unproved", n))
	} else {
		parts = append(parts, s.l("sc.proved"))
	}
	return strings.Join(parts, " · ")
}

// combinations writes 3ⁿ, the number of combinations of n tables' results: in digits up to
// 3³⁰, else as a power ("3^64").
func combinations(n int) string {
	if n > 30 {
		return "3^" + strconv.Itoa(n)
	}
	p := 1
	for range n {
		p *= 3
	}
	return thousands(p)
}

// thousands writes n with commas between thousands.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// unproved counts the verdicts not proved, a fixed result counting once.
func unproved(rep *scenario.Report) int {
	n := 0
	for _, pl := range rep.Players {
		for i, o := range pl.Outcomes {
			if !o.Proved && (pl.Open() || i == 0) {
				n++
			}
		}
	}
	return n
}

// listed returns the players printed (Report.Players indexes): those with a result that is
// not out; the others are only counted.
func (s scenarioWords) listed() (shown []int, hidden int) {
	for i, pl := range s.rep.Players {
		if pl.Dropped {
			continue
		}
		all := true
		for _, o := range pl.Outcomes {
			all = all && o.Verdict == scenario.Out && o.Proved
		}
		if all {
			hidden++
		} else {
			shown = append(shown, i)
		}
	}
	return shown, hidden
}

// rank is what the rank column shows: the rank before the round, if any.
func (s scenarioWords) rank(pl *scenario.Player) string {
	if pl.Rank == 0 {
		return ""
	}
	return strconv.Itoa(pl.Rank)
}

// tableCell is what the Table column shows: the number, or "bye".
func (s scenarioWords) tableCell(pl *scenario.Player) string {
	if pl.Table == 0 {
		return s.l("sc.bye")
	}
	return strconv.Itoa(pl.Table)
}

// fixedTag marks a player whose result is already in: "(won)".
func (s scenarioWords) fixedTag(pl *scenario.Player) string {
	if pl.Open() || pl.Table == 0 {
		return ""
	}
	key := "sc.result.draw"
	switch pl.Fixed {
	case tbsheet.Win, tbsheet.ForfeitWin:
		key = "sc.result.win"
	case tbsheet.Loss, tbsheet.DoubleLoss, tbsheet.ForfeitLoss, tbsheet.DoubleForfeit:
		key = "sc.result.loss"
	}
	return "(" + s.l(key) + ")"
}

// points writes a number of points as the system shows them.
func (s scenarioWords) points(p scenario.Player) string {
	if st := s.rep.Before; st != nil {
		return writer.FormatPoints(st, p.Points)
	}
	return p.Points.String()
}

// record writes a record (wins, losses, draws) in the system's order.
func (s scenarioWords) record(rec [3]int) string {
	return writer.Record(s.rep.Before, &calc.Row{Wins: rec[0], Losses: rec[1], Draws: rec[2]})
}

// detail explains a Depends outcome: its condition, or the tables it depends on, and the
// places.
func (s scenarioWords) detail(o scenario.Outcome) string {
	var what string
	switch {
	case o.Condition != nil:
		what = s.condition(o.Condition)
	case len(o.Tables) > 0:
		what = s.onTables(o.Tables)
		if o.Others || o.Tiebreaks {
			what = s.f("sc.and-tiebreaks", what)
		}
	default:
		what = s.l("sc.on-tiebreaks")
	}
	return s.f("sc.detail", what, s.f("sc.places", places(o.Best), places(o.Worst)))
}

// onTables is "depends on tables 3, 5 and 7–9".
func (s scenarioWords) onTables(tables []int) string {
	var ns []string
	for i := 0; i < len(tables); {
		j := i
		for j+1 < len(tables) && tables[j+1] == tables[j]+1 {
			j++
		}
		switch {
		case j >= i+2:
			ns = append(ns, strconv.Itoa(tables[i])+"–"+strconv.Itoa(tables[j]))
		case j == i+1:
			ns = append(ns, strconv.Itoa(tables[i]), strconv.Itoa(tables[j]))
		default:
			ns = append(ns, strconv.Itoa(tables[i]))
		}
		i = j + 1
	}
	if len(tables) == 1 {
		return s.f("sc.on-table", ns[0])
	}
	list := ns[0]
	if len(ns) > 1 {
		list = strings.Join(ns[:len(ns)-1], s.l("sc.tables-sep")) + s.l("sc.list-and") + ns[len(ns)-1]
	}
	return s.f("sc.on-tables", list)
}

// condition writes "in unless Alice beats Bob (table 3) and table 7 is drawn".
func (s scenarioWords) condition(c *scenario.Condition) string {
	var alts []string
	for _, terms := range c.Any {
		var ts []string
		for _, t := range terms {
			ts = append(ts, s.term(t))
		}
		alts = append(alts, strings.Join(ts, s.l("sc.and")))
	}
	key := "sc.if"
	if c.Unless {
		key = "sc.unless"
	}
	return s.f(key, strings.Join(alts, s.l("sc.or")))
}

// term writes one table's results: "Alice beats Bob (table 3)", "table 7 is drawn".
func (s scenarioWords) term(t scenario.Term) string {
	var tb scenario.Table
	for _, x := range s.rep.Tables {
		if x.Number == t.Table {
			tb = x
		}
	}
	p1, p2 := s.name(tb.P1), s.name(tb.P2)
	has := func(r scenario.Result) bool {
		for _, x := range t.Results {
			if x == r {
				return true
			}
		}
		return false
	}
	win, draw, loss := has(scenario.Win), has(scenario.Draw), has(scenario.Loss)
	switch {
	case win && draw:
		return s.f("sc.not-lose", p1, t.Table)
	case draw && loss:
		return s.f("sc.not-lose", p2, t.Table)
	case win && loss:
		return s.f("sc.not-drawn", t.Table)
	case win:
		return s.f("sc.beats", p1, p2, t.Table)
	case loss:
		return s.f("sc.beats", p2, p1, t.Table)
	}
	return s.f("sc.drawn", t.Table)
}

// table sums a table up for the judge: "Alice – Bob: both safe to draw · Alice wins: …".
func (s scenarioWords) table(t scenario.Table) string {
	p1, p2 := s.name(t.P1), s.name(t.P2)
	h, first := s.rep.Headline(t)
	var parts []string
	switch h {
	case scenario.BothIn:
		return p1 + " – " + p2 + ": " + s.l("sc.both-in")
	case scenario.NeitherIn:
		return p1 + " – " + p2 + ": " + s.f("sc.neither", s.rep.Cut)
	case scenario.SafeToDraw:
		parts = append(parts, s.l("sc.safe-draw"))
	case scenario.DrawSplits:
		other := t.P2
		if first == t.P2 {
			other = t.P1
		}
		parts = append(parts, s.f("sc.draw-splits", s.name(first), s.name(other)))
	case scenario.WinnerIn:
		parts = append(parts, s.l("sc.winner-in"))
	}
	for _, r := range scenario.Results {
		v1, v2 := s.rep.Verdicts(t, r)
		pair := s.f("sc.pair", p1, s.l("sc."+v1.String()), p2, s.l("sc."+v2.String()))
		if v1 == v2 {
			pair = s.l("sc.both." + v1.String())
		}
		switch r {
		case scenario.Win:
			parts = append(parts, s.f("sc.wins", p1, pair))
		case scenario.Draw:
			parts = append(parts, s.f("sc.if-draw", pair))
		default:
			parts = append(parts, s.f("sc.wins", p2, pair))
		}
	}
	return p1 + " – " + p2 + ": " + strings.Join(parts, " · ")
}

// tablesShown returns the tables worth reading out (someone there can make the cut) and how
// many are not.
func (s scenarioWords) tablesShown() (shown []scenario.Table, quiet int) {
	for _, t := range s.rep.Tables {
		if h, _ := s.rep.Headline(t); h == scenario.NeitherIn {
			quiet++
			continue
		}
		shown = append(shown, t)
	}
	return shown, quiet
}

// quiet says how many tables nobody can make the cut from.
func (s scenarioWords) quiet(n int) string {
	if n == 1 {
		return s.f("sc.quiet-table1", s.rep.Cut)
	}
	return s.f("sc.quiet-tables", n, s.rep.Cut)
}

// pts writes final points: "13 points", "4 wins".
func (s scenarioWords) pts(lv scenario.Level) string {
	if st := s.rep.Before; st.RankBy != nil && st.RankBy.ID == "match-wins" {
		return s.f("sc.wins-n", writer.FormatPoints(st, lv.Points))
	}
	return s.f("sc.pts", writer.FormatPoints(s.rep.Before, lv.Points))
}

// outlook writes the outlook's lines: the heading, the scores certainly in, those that
// depend, those certainly out.
func (s scenarioWords) outlook() []string {
	o := s.rep.Outlook
	if o == nil || len(o.Levels) == 0 {
		return nil
	}
	lines := []string{s.f("sc.outlook", o.Round)}
	records := func(lv scenario.Level) string {
		var rs []string
		for _, r := range lv.Records {
			rs = append(rs, s.record(r))
		}
		return strings.Join(rs, s.l("sc.list-sep"))
	}
	in, out := -1, len(o.Levels)
	for i, lv := range o.Levels {
		if lv.Verdict == scenario.In {
			in = i
		}
	}
	for i := len(o.Levels) - 1; i >= 0; i-- {
		if o.Levels[i].Verdict == scenario.Out {
			out = i
		}
	}
	if in >= 0 {
		lines = append(lines, s.f("sc.outlook.in", s.pts(o.Levels[in]), records(o.Levels[in])))
	}
	if out > in+1 {
		var ps []string
		for _, lv := range o.Levels[in+1 : out] {
			ps = append(ps, s.pts(lv))
		}
		lines = append(lines, s.f("sc.outlook.dep", strings.Join(ps, s.l("sc.list-sep"))))
	}
	if out < len(o.Levels) {
		lines = append(lines, s.f("sc.outlook.out", s.pts(o.Levels[out]), records(o.Levels[out])))
	}
	return lines
}

// notes are the report's notes, and a warning when the round is not the last.
func (s scenarioWords) notes() []string {
	var notes []string
	if r := s.rep; r.Rounds > r.Round {
		notes = append(notes, s.f("sc.not-last", r.Round, r.Rounds, r.Round))
	}
	if s.rep.Reopened {
		notes = append(notes, s.f("sc.reopened", s.rep.Round))
	}
	if s.rep.Stopped {
		notes = append(notes, s.l("sc.stopped"))
	}
	return notes
}

// WriteTable prints a scenarios report for a terminal: the title, one row per
// player who can still make the cut (his verdict with each result, his best and worst
// place), what the other tables decide for the players who depend on them, what each table
// means, the outlook and the notes.
func WriteTable(w io.Writer, rep *scenario.Report, opt writer.Options) error {
	s := scenarioWords{rep, opt.Lang}
	var b strings.Builder
	var title []string
	for _, t := range []string{rep.Event.Name, rep.Event.Pod, s.title(), writer.GameName(rep.Before, opt.Lang)} {
		if t != "" {
			title = append(title, t)
		}
	}
	b.WriteString(strings.Join(title, " · ") + "\n" + s.method() + "\n\n")
	rows := [][]string{{"#", s.l("player"), writer.PointsHeader(rep.Before, opt.Lang), s.l("table"),
		s.l("sc.win"), s.l("sc.draw"), s.l("sc.loss"), s.l("sc.best"), s.l("sc.worst")}}
	shown, hidden := s.listed()
	for _, i := range shown {
		pl := &rep.Players[i]
		name := s.name(i)
		if tag := s.fixedTag(pl); tag != "" {
			name += " " + tag
		}
		row := []string{s.rank(pl), name, s.points(*pl), s.tableCell(pl)}
		for _, o := range pl.Outcomes {
			row = append(row, s.verdict(o))
		}
		rows = append(rows, append(row, places(pl.Best()), places(pl.Worst())))
	}
	writer.WriteAligned(&b, rows, map[int]bool{1: true, 4: true, 5: true, 6: true})
	if hidden > 0 {
		b.WriteString(s.f("sc.hidden", hidden, rep.Cut) + "\n")
	}
	if details := s.details(); len(details) > 0 {
		b.WriteString("\n" + s.l("sc.details") + ":\n")
		for _, d := range details {
			b.WriteString("  " + d + "\n")
		}
	}
	tables, quiet := s.tablesShown()
	if len(tables) > 0 {
		b.WriteString("\n" + s.l("sc.tables") + ":\n")
		for _, t := range tables {
			fmt.Fprintf(&b, "  %3d  %s\n", t.Number, s.table(t))
		}
		if quiet > 0 {
			b.WriteString("  " + s.quiet(quiet) + "\n")
		}
	}
	if lines := s.outlook(); len(lines) > 0 {
		b.WriteString("\n" + lines[0] + ":\n")
		for _, l := range lines[1:] {
			b.WriteString("  " + l + "\n")
		}
	}
	for _, n := range s.notes() {
		b.WriteString("\nnote: " + n)
	}
	if len(s.notes()) > 0 {
		b.WriteString("\n")
	}
	// Names, the event's title and the notes come from the input: each line is made
	// printable, so that none can send an escape sequence or reorder its line.
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		lines[i] = tbsheet.Printable(l)
	}
	_, err := io.WriteString(w, strings.Join(lines, "\n"))
	return err
}

// details lists, for every Depends outcome of a listed player, what decides it.
func (s scenarioWords) details() []string {
	var out []string
	shown, _ := s.listed()
	for _, i := range shown {
		pl := &s.rep.Players[i]
		for _, r := range scenario.Results {
			o := pl.Outcomes[r]
			if o.Verdict != scenario.Depends {
				continue
			}
			who := s.name(i)
			if pl.Open() {
				who = s.f("sc.result-of", who, strings.ToLower(s.l("sc."+r.String())))
			}
			out = append(out, who+": "+s.detail(o))
			if !pl.Open() {
				break
			}
		}
	}
	return out
}
