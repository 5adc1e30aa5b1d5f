package reader

// Builders for the hand-kept test workbooks and CSV files: a small Swiss simulation that
// gives realistic events (pairings by points without rematches, byes, drops, late entries,
// draws, a top cut), and writers that lay an event out the ways organizers do. The fixtures
// in testdata/handkept and the samples are written with these (go test ./reader -run
// TestHandkeptFixtures -update), and every test run compares what the reader reads from
// the committed files with the event the builder meant.

import (
	"bytes"
	"cmp"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
	"golang.org/x/text/encoding"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/handkept"
)

// simPlayer is an entrant of a simulated event.
type simPlayer struct {
	Name, ID string
	Rating   int
	Drop     int // dropped after this round; 0 = stays to the end
	Late     int // first round played; the rounds before are losses without an opponent
}

// simulate plays a Swiss event of the given rounds and an optional top cut of top players.
// Ratings decide who tends to win; they are in the event only after [rated].
// The last `unreported` tables of the last Swiss round have no result yet.
func simulate(seed uint64, entrants []simPlayer, rounds, top, unreported int) *tbsheet.Event {
	rng := rand.New(rand.NewPCG(seed, 0x7b5))
	ev := &tbsheet.Event{}
	for _, p := range entrants {
		id := cmp.Or(p.ID, p.Name)
		ev.Players = append(ev.Players, tbsheet.Player{ID: id, Name: p.Name, DroppedAfter: p.Drop})
	}
	points := make([]int, len(entrants))
	met := map[[2]int]bool{}
	hadBye := map[int]bool{}
	games := func(a, b, d int) tbsheet.Games { return tbsheet.Games{Known: true, P1: a, P2: b, Drawn: d} }
	for r := 1; r <= rounds; r++ {
		var active, late []int
		for i, p := range entrants {
			switch {
			case p.Drop > 0 && r > p.Drop:
			case p.Late > r:
				late = append(late, i)
			default:
				active = append(active, i)
			}
		}
		slices.SortStableFunc(active, func(a, b int) int {
			return cmp.Or(points[b]-points[a], entrants[b].Rating-entrants[a].Rating)
		})
		round := tbsheet.Round{Number: r}
		var bye = -1
		if len(active)%2 == 1 {
			for i := len(active) - 1; i >= 0; i-- {
				if !hadBye[active[i]] {
					bye = active[i]
					break
				}
			}
			active = slices.DeleteFunc(active, func(p int) bool { return p == bye })
		}
		paired := map[int]bool{}
		table := 0
		for i, a := range active {
			if paired[a] {
				continue
			}
			b := -1 // the next unpaired player not met yet, else the next unpaired one
			for _, c := range active[i+1:] {
				if paired[c] {
					continue
				}
				if b < 0 {
					b = c
				}
				if !met[[2]int{a, c}] {
					b = c
					break
				}
			}
			paired[a], paired[b] = true, true
			met[[2]int{a, b}], met[[2]int{b, a}] = true, true
			table++
			m := tbsheet.Match{Table: table, P1: a, P2: b}
			if r == rounds && table > len(active)/2-unreported {
				round.Matches = append(round.Matches, m)
				continue
			}
			edge := 0.5 + float64(entrants[a].Rating-entrants[b].Rating)/2000
			switch x := rng.Float64(); {
			case r == rounds && table == 1 && x < 0.5:
				m.Result, m.Games = tbsheet.IntentionalDraw, tbsheet.Games{} // typed "ID": no games
			case x < 0.06:
				m.Result, m.Games = tbsheet.Draw, games(1, 1, rng.IntN(2))
			case x < 0.06+0.94*edge:
				m.Result, m.Games = tbsheet.Win, games(2, rng.IntN(2), 0)
				points[a] += 3
			default:
				m.Result, m.Games = tbsheet.Loss, games(rng.IntN(2), 2, 0)
				points[b] += 3
			}
			if m.Result == tbsheet.Draw || m.Result == tbsheet.IntentionalDraw {
				points[a]++
				points[b]++
			}
			round.Matches = append(round.Matches, m)
		}
		if bye >= 0 {
			hadBye[bye] = true
			points[bye] += 3
			round.Matches = append(round.Matches, tbsheet.Match{P1: bye, P2: tbsheet.NoPlayer, Result: tbsheet.Bye})
		}
		for _, p := range late {
			round.Matches = append(round.Matches, tbsheet.Match{P1: p, P2: tbsheet.NoPlayer, Result: tbsheet.LossNoOpponent})
		}
		ev.Rounds = append(ev.Rounds, round)
	}
	if top == 0 {
		return ev
	}
	seeds := make([]int, len(entrants))
	for i := range seeds {
		seeds[i] = i
	}
	slices.SortStableFunc(seeds, func(a, b int) int { return cmp.Or(points[b]-points[a], entrants[b].Rating-entrants[a].Rating) })
	bracket := seeds[:top]
	for n := rounds + 1; len(bracket) > 1; n++ {
		round := tbsheet.Round{Number: n, Playoff: true}
		var next []int
		for i := 0; i < len(bracket)/2; i++ {
			a, b := bracket[i], bracket[len(bracket)-1-i]
			m := tbsheet.Match{Table: i + 1, P1: a, P2: b, Result: tbsheet.Win, Games: games(2, rng.IntN(2), 0)}
			if rng.IntN(3) == 0 {
				m.Result, m.Games = tbsheet.Loss, m.Games.Mirror()
				a = b
			}
			round.Matches = append(round.Matches, m)
			next = append(next, a)
		}
		bracket = next
		ev.Rounds = append(ev.Rounds, round)
	}
	return ev
}

// enMatchList is the plainest match list: English headers, a round column, "BYE" for a bye.
var enMatchList = layout{lang: "en", cols: []string{"round", "table", "p1", "p2", "result"}, bye: "BYE"}

// layout says how a sheet of matches is written.
type layout struct {
	lang string
	// cols are the column keys, in order; "round" is left out on per-round sheets.
	cols []string
	// result writes a Result cell; nil = handkept.FormatResultCell.
	result func(m tbsheet.Match) string
	// bye is what Player 2 says on a row without an opponent ("BYE", "", "轮空").
	bye string
	// number writes round and table numbers; nil = as numbers.
	number func(n int) any
	// cell rewrites any finished data cell (formulas, odd spellings); nil = none.
	cell func(key string, row int, v any) any
}

// matchRows returns the header and one row per match of rounds.
func (l layout) matchRows(ev *tbsheet.Event, rounds []tbsheet.Round) [][]any {
	header := make([]any, len(l.cols))
	for i, k := range l.cols {
		header[i] = handkept.ColumnHeader(k, l.lang)
	}
	rows := [][]any{header}
	for _, r := range rounds {
		for _, m := range r.Matches {
			rows = append(rows, l.matchRow(ev, r, m, len(rows)))
		}
	}
	return rows
}

func (l layout) matchRow(ev *tbsheet.Event, r tbsheet.Round, m tbsheet.Match, row int) []any {
	number := l.number
	if number == nil {
		number = func(n int) any { return n }
	}
	out := make([]any, len(l.cols))
	for i, k := range l.cols {
		var v any
		switch k {
		case "round":
			if r.Playoff {
				stage := playoffStage(ev, r)
				v = cmp.Or(map[int]string{2: "F", 4: "SF", 8: "QF"}[stage], "T"+strconv.Itoa(stage))
			} else {
				v = number(r.Number)
			}
		case "table":
			if m.Table > 0 {
				v = number(m.Table)
			}
		case "p1":
			v = ev.Players[m.P1].Name
		case "p2":
			v = l.bye
			if m.P2 != tbsheet.NoPlayer {
				v = ev.Players[m.P2].Name
			}
		case "result":
			if l.result != nil {
				v = l.result(m)
			} else {
				v = handkept.FormatResultCell(m)
			}
		case "p1wins", "p2wins", "draws":
			if m.Games.Known {
				v = map[string]int{"p1wins": m.Games.P1, "p2wins": m.Games.P2, "draws": m.Games.Drawn}[k]
			}
		case "p1points", "p2points":
			if m.Score.Known {
				p := m.Score.P1
				if k == "p2points" {
					p = m.Score.P2
				}
				v = p.String()
			}
		}
		if s, ok := v.(string); ok && s == "" {
			v = nil
		}
		if l.cell != nil {
			v = l.cell(k, row, v)
		}
		out[i] = v
	}
	return out
}

// playoffStage is the number of players in a playoff round.
func playoffStage(ev *tbsheet.Event, r tbsheet.Round) int { return 2 * len(r.Matches) }

// playerRows returns a Players sheet: Name, ID, Dropped After, Rating.
func playerRows(ev *tbsheet.Event, lang string, ids, ratings bool) [][]any {
	cols := []string{"name"}
	if ids {
		cols = append(cols, "id")
	}
	cols = append(cols, "dropped")
	if ratings {
		cols = append(cols, "rating")
	}
	var header []any
	for _, k := range cols {
		header = append(header, handkept.ColumnHeader(k, lang))
	}
	rows := [][]any{header}
	for _, p := range ev.Players {
		row := []any{p.Name}
		if ids {
			row = append(row, p.ID) // text, so that leading zeros stay
		}
		if p.DroppedAfter > 0 {
			row = append(row, p.DroppedAfter)
		} else {
			row = append(row, nil)
		}
		if ratings {
			row = append(row, p.Rating)
		}
		rows = append(rows, row)
	}
	return rows
}

// sheet is a worksheet to write: rows of cells (nil rows are blank), merged ranges, and
// column widths.
type sheet struct {
	name   string
	rows   [][]any
	merges [][2]string
	widths []float64
	bold   int // 1-based row written in bold (the header), 0 = none
}

// titled puts title rows above a sheet's rows, each merged across the table.
func titled(s sheet, titles ...string) sheet {
	width := len(s.rows[0])
	var rows [][]any
	for i, t := range titles {
		if t == "" {
			rows = append(rows, nil)
			continue
		}
		rows = append(rows, []any{t})
		s.merges = append(s.merges, [2]string{tbsheet.CellName(1, i+1), tbsheet.CellName(width, i+1)})
	}
	s.rows = append(rows, s.rows...)
	if s.bold > 0 {
		s.bold += len(titles)
	}
	return s
}

// workbookBytes writes sheets with excelize's StreamWriter, which stores a formula's value
// with it (excelize.Cell{Formula, Value}) as Excel does.
func workbookBytes(sheets ...sheet) ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return nil, err
	}
	styles := map[int]int{} // number format → style
	cell := func(v any) (any, error) {
		fv, ok := v.(formatted)
		if !ok {
			return v, nil
		}
		if _, ok := styles[fv.fmt]; !ok {
			id, err := f.NewStyle(&excelize.Style{NumFmt: fv.fmt})
			if err != nil {
				return nil, err
			}
			styles[fv.fmt] = id
		}
		return excelize.Cell{StyleID: styles[fv.fmt], Value: fv.v}, nil
	}
	for i, s := range sheets {
		if i == 0 {
			err = f.SetSheetName("Sheet1", s.name)
		} else {
			_, err = f.NewSheet(s.name)
		}
		if err != nil {
			return nil, err
		}
		sw, err := f.NewStreamWriter(s.name)
		if err != nil {
			return nil, err
		}
		for c, w := range s.widths {
			if err := sw.SetColWidth(c+1, c+1, w); err != nil {
				return nil, err
			}
		}
		for r, row := range s.rows {
			if row == nil {
				continue
			}
			var opts []excelize.RowOpts
			if r+1 == s.bold {
				opts = append(opts, excelize.RowOpts{StyleID: bold})
			}
			cells := make([]any, len(row))
			for i, v := range row {
				if cells[i], err = cell(v); err != nil {
					return nil, err
				}
			}
			if err := sw.SetRow(tbsheet.CellName(1, r+1), cells, opts...); err != nil {
				return nil, err
			}
		}
		for _, m := range s.merges {
			if err := sw.MergeCell(m[0], m[1]); err != nil {
				return nil, err
			}
		}
		if err := sw.Flush(); err != nil {
			return nil, err
		}
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// csvBytes writes rows as CSV text with a separator, an optional UTF-8 BOM, in an encoding
// (nil = UTF-8). Cells are quoted only when they must be.
func csvBytes(rows [][]any, sep string, bom bool, enc encoding.Encoding) ([]byte, error) {
	var b strings.Builder
	if bom {
		b.WriteString("\ufeff")
	}
	for _, row := range rows {
		for i, c := range row {
			if i > 0 {
				b.WriteString(sep)
			}
			s := ""
			if c != nil {
				s = fmt.Sprint(c)
			}
			if strings.ContainsAny(s, sep+"\"\n") {
				s = strconv.Quote(s) // test data holds no backslashes, so Go quoting is CSV quoting
			}
			b.WriteString(s)
		}
		b.WriteString("\r\n")
	}
	if enc == nil {
		return []byte(b.String()), nil
	}
	return enc.NewEncoder().Bytes([]byte(b.String()))
}

// formatted is a cell value with a number format (a date format on a round number).
type formatted struct {
	v   any
	fmt int
}

// Names for realistic test events.
var (
	englishNames = []string{"Ava Thompson", "Liam Carter", "Noah Patel", "Mia Rodriguez", "Ethan Brooks",
		"Chloe Nguyen", "Lucas Schmidt", "Harper Kim", "Mason O'Neill", "Zoe Williams", "Owen Fischer",
		"Lily Chen", "Caleb Johnson", "Grace Murphy", "Isaac Rivera", "Nora Kowalski", "Julian Dubois",
		"Hannah Baker", "Leo Martins", "Sofia Rossi"}
	chineseNames = []string{"王浩然", "李思雨", "张子轩", "刘欣怡", "陈宇航", "杨梓涵", "赵一鸣", "黄诗琪", "周俊杰",
		"吴雨桐", "飞熊", "贤良", "界", "冷荼", "奈何明月", "菜是原罪"}
	japaneseNames = []string{"佐藤 健太", "鈴木 美咲", "高橋 翔", "田中 陽菜", "渡辺 大輝", "伊藤 さくら", "山本 蓮",
		"中村 結衣", "小林 悠斗", "加藤 あおい"}
)

func entrants(names []string) []simPlayer {
	var out []simPlayer
	for i, n := range names {
		out = append(out, simPlayer{Name: n, Rating: 1500 + (i*137)%400})
	}
	return out
}

// rated copies the entrants' ratings into the event, for layouts that write them.
func rated(ev *tbsheet.Event, people []simPlayer) *tbsheet.Event {
	for i := range ev.Players {
		ev.Players[i].Rating = people[i].Rating
	}
	return ev
}
