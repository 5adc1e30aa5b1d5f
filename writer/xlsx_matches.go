package writer

import (
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/handkept"
)

// MatchListKeys are the columns of the hand-kept match list (docs/inputs.md).
var MatchListKeys = []string{"round", "table", "p1", "p2", "result"}

// PlayersKeys are the columns of the hand-kept Players sheet.
var PlayersKeys = []string{"name", "id", "dropped", "rating"}

// headers returns the hand-kept headers of keys in a language.
func headers(keys []string, lang string) []string {
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = handkept.ColumnHeader(k, lang)
	}
	return out
}

// MatchListHeaders returns the match list's headers in a language: Player 1 and Player 2
// are White and Black when every game of the event has Player 1 White (a chess event whose
// colours are known), so that the colours read back.
func MatchListHeaders(ev *tbsheet.Event, lang string) []string {
	h := headers(MatchListKeys, lang)
	games := 0
	for _, r := range ev.Rounds {
		for _, m := range r.Matches {
			if m.P2 == tbsheet.NoPlayer {
				continue
			}
			if m.Color != tbsheet.White {
				return h
			}
			games++
		}
	}
	if games > 0 {
		h[2], h[3] = handkept.ColourHeaders(lang)
	}
	return h
}

// MatchRow is one match as the hand-kept match list writes it: Round (a number, or
// PlayoffRoundLabel for a top-cut round), Table ("" when unknown), Player 1, Player 2 (""
// for a bye or a loss without opponent) and Result (handkept.FormatResultCell).
func MatchRow(ev *tbsheet.Event, r *tbsheet.Round, m *tbsheet.Match) (round, table any, p1, p2, result string) {
	round = r.Number
	if r.Playoff {
		round = handkept.PlayoffRoundLabel(r.Number)
	}
	if m.Table > 0 {
		table = m.Table
	}
	return round, table, PlayerName(ev, m.P1), PlayerName(ev, m.P2), handkept.FormatResultCell(*m)
}

// PlayerName returns the name of player p, or "" for NoPlayer.
func PlayerName(ev *tbsheet.Event, p int) string {
	if p >= 0 && p < len(ev.Players) {
		return ev.Players[p].Name
	}
	return ""
}

// MatchesTable builds the Matches sheet: every match of every round (playoffs included), one
// row each, in the hand-kept match-list layout. Rows are banded by round. The Result column
// is text so that "2-1" typed over it stays a result rather than becoming a date.
func (b *Book) MatchesTable(sheet string, ev *tbsheet.Event) (*Table, error) {
	t := NewTable(sheet, MatchListHeaders(ev, b.Lang))
	for ri := range ev.Rounds {
		r := &ev.Rounds[ri]
		k := StyleKey{Row: BandOf(ri)}
		text := k
		text.NumFmt = "@"
		for mi := range r.Matches {
			round, tableNo, p1, p2, result := MatchRow(ev, r, &r.Matches[mi])
			values := []any{round, tableNo, p1, p2, result}
			if err := b.addPlain(t, values, []StyleKey{k, k, k, k, text}); err != nil {
				return nil, err
			}
		}
	}
	return t, nil
}

// PlayersTable builds the Players sheet: name, id, the round after which the player dropped
// and the rating, in the hand-kept layout. IDs are text, keeping leading zeros.
func (b *Book) PlayersTable(sheet string, ev *tbsheet.Event) (*Table, error) {
	t := NewTable(sheet, headers(PlayersKeys, b.Lang))
	t.Freeze = 1
	for i := range ev.Players {
		p := &ev.Players[i]
		k := StyleKey{Row: BandOf(i), Dropped: p.DroppedAfter > 0}
		id := k
		id.NumFmt = "@"
		values := []any{p.Name, p.ID, positive(p.DroppedAfter), positive(p.Rating)}
		if err := b.addPlain(t, values, []StyleKey{k, id, k, k}); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// EventTiebreaks is the tiebreak order a converted file keeps: the event's own, else the one
// it declares in FIDE's notation (a TRF 202 record) when tbsheet computes every code of it.
func EventTiebreaks(ev *tbsheet.Event) []string {
	if len(ev.Tiebreaks) > 0 || ev.DeclaredTiebreaks == "" {
		return ev.Tiebreaks
	}
	ids, err := calc.FIDETiebreaks(ev.DeclaredTiebreaks)
	if err != nil {
		return nil
	}
	return ids
}

// EventTable builds the Event sheet: the event's name, date, system, points, tiebreak order and
// planned rounds as label/value rows (handkept.EventFieldLabel), so that a converted workbook ranks
// the way its source was configured. Rows the event does not set are left out.
func (b *Book) EventTable(sheet string, ev *tbsheet.Event) (*Table, error) {
	t := NewTable(sheet, []string{Label(b.Lang, "item"), Label(b.Lang, "value")})
	var rows [][2]string
	add := func(key, v string) {
		if v != "" {
			rows = append(rows, [2]string{handkept.EventFieldLabel(key, b.Lang), v})
		}
	}
	add("name", ev.Name)
	add("date", ev.Date)
	add("division", ev.Pod)
	add("system", ev.System)
	if ev.Points != nil {
		add("points", ev.Points.String())
	}
	add("tiebreaks", strings.Join(EventTiebreaks(ev), ", "))
	if ev.PlannedRounds > 0 {
		add("rounds", strconv.Itoa(ev.PlannedRounds))
	}
	for i, r := range rows {
		text := StyleKey{Row: BandOf(i), NumFmt: "@"}
		if err := b.addPlain(t, []any{r[0], r[1]}, []StyleKey{text, text}); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// addPlain adds a row of plain values (text, whole numbers, nil for empty) to t, each cell
// styled by its key.
func (b *Book) addPlain(t *Table, values []any, keys []StyleKey) error {
	row := make([]any, len(values))
	shown := make([]string, len(values))
	for i, v := range values {
		c, err := b.Cell(keys[i], v)
		if err != nil {
			return err
		}
		row[i], shown[i] = c, ShownValue(v)
	}
	t.Add(row, shown)
	return nil
}

// positive returns n, or nil (an empty cell) when n is not positive.
func positive(n int) any {
	if n > 0 {
		return n
	}
	return nil
}

// ShownValue is how a plain cell value displays, for column widths.
func ShownValue(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case int:
		return strconv.Itoa(v)
	}
	return ""
}
