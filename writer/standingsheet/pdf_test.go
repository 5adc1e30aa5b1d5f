package standingsheet

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/writer"
)

// layoutFor lays out st's wall PDF.
func layoutFor(t *testing.T, st *calc.Standings, opt writer.Options) *writer.PDF {
	t.Helper()
	d, err := LayoutPDF(st, opt)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// legendText returns the legend's lines as printed text.
func legendText(d *writer.PDF) []string {
	var lines []string
	for _, l := range d.Legend {
		lines = append(lines, l.T.String())
	}
	return lines
}

func TestPDFDeterministic(t *testing.T) {
	st := writertest.BigStandings(60)
	opt := writer.Options{Now: writertest.Now, Cut: 8, Lang: "ja"}
	a, _ := renderPDF(t, st, opt)
	b, _ := renderPDF(t, st, opt)
	if !bytes.Equal(a, b) {
		t.Fatal("two renders of the same standings differ")
	}
	opt.Now = writertest.Now.Add(time.Minute)
	if c, _ := renderPDF(t, st, opt); bytes.Equal(a, c) {
		t.Fatal("renders at different times are identical: the time is not printed")
	}
}

func TestPDFSubsetTags(t *testing.T) {
	b, _ := renderPDF(t, writertest.Standings(), writer.Options{Now: writertest.Now})
	if bytes.Contains(b, []byte("/utf8")) {
		t.Error("an fpdf font name is left untagged")
	}
	tags := regexp.MustCompile(`/FontName /([A-Z]{6})\+(\w+)`).FindAllSubmatch(b, -1)
	if len(tags) != 3 {
		t.Fatalf("%d tagged font descriptors, want 3", len(tags))
	}
	if string(tags[0][1]) == string(tags[1][1]) {
		t.Errorf("two fonts share the subset tag %s", tags[0][1])
	}
}

func TestPDFPaper(t *testing.T) {
	for _, tt := range []struct{ paper, box string }{
		{"", "[0 0 595.28 841.89]"}, {"A4", "[0 0 595.28 841.89]"}, {"letter", "[0 0 612.00 792.00]"},
	} {
		b, _ := renderPDF(t, writertest.Standings(), writer.Options{Now: writertest.Now, Paper: tt.paper})
		if !bytes.Contains(b, []byte("/MediaBox "+tt.box)) {
			t.Errorf("paper %q: no MediaBox %s", tt.paper, tt.box)
		}
	}
	err := WritePDF(io.Discard, writertest.Standings(), writer.Options{Paper: "A3"})
	if err == nil || !strings.Contains(err.Error(), `"A3"`) {
		t.Errorf("paper A3: error %v, want one naming it", err)
	}
}

func TestPDFByNameOrder(t *testing.T) {
	latin := []string{"Zoë Adams", "Łukasz Żółć", "Émile Dubois", "Lars Berg", "Ana Silva", "Mateo Ruiz"}
	chinese := []string{"王小明", "张三", "李伟", "陈静"}
	tests := []struct {
		lang  string
		names []string
		want  []string
	}{
		{"", latin, []string{"Ana Silva", "Émile Dubois", "Lars Berg", "Łukasz Żółć", "Mateo Ruiz", "Zoë Adams"}},
		{"en", latin, []string{"Ana Silva", "Émile Dubois", "Lars Berg", "Łukasz Żółć", "Mateo Ruiz", "Zoë Adams"}},
		{"zh", chinese, []string{"陈静", "李伟", "王小明", "张三"}}, // pinyin: chen, li, wang, zhang
		{"", chinese, []string{"张三", "李伟", "王小明", "陈静"}},   // code points
		{"en", []string{"Kim", "Alex", "Kim"}, []string{"Alex", "Kim", "Kim"}},
	}
	for _, tt := range tests {
		d := layoutFor(t, writertest.NamedStandings(tt.names...), writer.Options{ByName: true, Lang: tt.lang})
		var got []string
		for _, r := range d.Rows {
			got = append(got, r.Cells[d.Player].String())
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("lang %q: order %q, want %q", tt.lang, got, tt.want)
		}
	}
	// Equal names keep rank order.
	st := writertest.NamedStandings("Kim", "Alex", "Kim")
	d := layoutFor(t, st, writer.Options{ByName: true})
	var kims []string
	for _, r := range st.Rows {
		if st.Event.Players[r.Player].Name == "Kim" {
			kims = append(kims, strconv.Itoa(r.Rank))
		}
	}
	if r1, r2 := d.Rows[1].Cells[0].String(), d.Rows[2].Cells[0].String(); r1 != kims[0] || r2 != kims[1] {
		t.Errorf("the two Kims are ranked %s, %s; want %s, %s", r1, r2, kims[0], kims[1])
	}
}

// TestPDFRows checks every cell of the printed table against the standings, the marks of
// dropped players and the top cut, by rank and by name.
func TestPDFRows(t *testing.T) {
	st := writertest.Standings()
	d := layoutFor(t, st, writer.Options{Cut: 2})
	if len(d.Rows) != len(st.Rows) {
		t.Fatalf("%d rows, want %d", len(d.Rows), len(st.Rows))
	}
	dropped := 0
	for i, r := range st.Rows {
		want := []string{strconv.Itoa(r.Rank), st.Event.Players[r.Player].Name, st.RankBy.FormatValue(calc.Known(r.Points)),
			calc.RecordWLD.Format(r.Wins, r.Losses, r.Draws)}
		for j, c := range st.Columns {
			v := c.FormatValue(figure(&r, j).Value)
			if v == "" {
				v = "–"
			}
			want = append(want, v)
		}
		var got []string
		for _, c := range d.Rows[i].Cells {
			got = append(got, c.String())
		}
		if !slices.Equal(got, want) {
			t.Errorf("row %d = %q, want %q", i+1, got, want)
		}
		tag, grey := d.Rows[i].Tag.String(), d.Rows[i].Cells[1].Gray
		switch {
		case r.DroppedAfter > 0:
			dropped++
			if want := fmt.Sprintf("(drop R%d)", r.DroppedAfter); tag != want || grey != writer.GrayDropped {
				t.Errorf("row %d, dropped: tag %q, grey %d; want %s, %d", i+1, tag, grey, want, writer.GrayDropped)
			}
		case tag != "" || grey != 0:
			t.Errorf("row %d is marked %q or greyed (%d)", i+1, tag, grey)
		}
	}
	if dropped == 0 {
		t.Error("no dropped player to check")
	}
	if d.Cut != 2 || d.CutLabel.String() != "▲ Top 2 ▲" {
		t.Errorf("cut %d %q, want 2 %q", d.Cut, d.CutLabel.String(), "▲ Top 2 ▲")
	}
	heads := []string{"Rank", "Player", "Points", "W-L-D"}
	for _, c := range st.Columns {
		heads = append(heads, c.Short)
	}
	var got []string
	for _, c := range d.Cols {
		got = append(got, c.Head.String())
	}
	if !slices.Equal(got, heads) {
		t.Errorf("headers %q, want %q", got, heads)
	}

	// By name, the top-cut players are marked instead of a line.
	d = layoutFor(t, st, writer.Options{Cut: 2, ByName: true, Lang: "zh"})
	if d.Cut != 0 {
		t.Error("a cut line in the by-name list")
	}
	marks := map[string]string{}
	for _, r := range d.Rows {
		marks[r.Cells[1].String()] = r.Tag.String()
	}
	for i, r := range st.Rows {
		name, want := st.Event.Players[r.Player].Name, ""
		switch {
		case i < 2:
			want = "前2名"
		case r.DroppedAfter > 0:
			want = fmt.Sprintf("（第%d轮后退赛）", r.DroppedAfter)
		}
		if marks[name] != want {
			t.Errorf("by name, zh: %s marked %q, want %q", name, marks[name], want)
		}
	}
	if got := d.Subtitle.String(); got != "第3轮后排名（共3轮） — 按姓名" {
		t.Errorf("zh title %q", got)
	}
}

func TestPDFRecordOrder(t *testing.T) {
	st := writertest.Compute(writertest.SmallEvent(), calc.Options{System: "fide"})
	d := layoutFor(t, st, writer.Options{})
	r := st.Rows[0]
	if h, c := d.Cols[3].Head.String(), d.Rows[0].Cells[3].String(); h != "W-D-L" || c != fmt.Sprintf("%d-%d-%d", r.Wins, r.Draws, r.Losses) {
		t.Errorf("chess record column %q %q, want W-D-L %d-%d-%d", h, c, r.Wins, r.Draws, r.Losses)
	}
}

// TestPDFCutTie: a cut that splits players tied on every key, or leaves a dropped player above
// the line, is drawn and warned about; a cut everyone makes is neither.
func TestPDFCutTie(t *testing.T) {
	st := writertest.Compute(writertest.BigEvent(110), calc.Options{System: "challonge", AfterRound: 7}) // ties are common
	tie := 0                                                                                             // the first row that shares its rank with the row above, neither dropped
	for i := 1; i < len(st.Rows); i++ {
		if st.Rows[i].Rank == st.Rows[i-1].Rank && st.Rows[i].DroppedAfter == 0 && st.Rows[i-1].DroppedAfter == 0 {
			tie = i
			break
		}
	}
	if tie <= 0 {
		t.Fatal("no tie in the standings")
	}
	_, warnings := renderPDF(t, st, writer.Options{Now: writertest.Now, Cut: tie})
	if want := fmt.Sprintf("top-%d cut splits players tied at rank %d", tie, st.Rows[tie].Rank); len(warnings) != 1 || !strings.Contains(warnings[0], want) {
		t.Errorf("cut %d: warnings %q, want one about the tie at the cut", tie, warnings)
	}

	st = writertest.Standings()
	drop := slices.IndexFunc(st.Rows, func(r calc.Row) bool { return r.DroppedAfter > 0 })
	r := st.Rows[drop]
	_, warnings = renderPDF(t, st, writer.Options{Now: writertest.Now, Cut: drop + 1})
	want := fmt.Sprintf("%s (rank %d) dropped after round %d but is above the top-%d line",
		st.Event.Players[r.Player].Name, r.Rank, r.DroppedAfter, drop+1)
	if !slices.Contains(warnings, want) {
		t.Errorf("cut %d: warnings %q, want %q", drop+1, warnings, want)
	}

	// A cut everyone makes is neither drawn nor marked nor checked.
	all := len(st.Rows)
	for _, byName := range []bool{false, true} {
		d := layoutFor(t, st, writer.Options{Cut: all, ByName: byName, Warn: func(m string) { t.Errorf("cut %d: %s", all, m) }})
		if d.Cut != 0 {
			t.Errorf("cut %d of %d players: a cut line", all, all)
		}
		for _, r := range d.Rows {
			if strings.Contains(r.Tag.String(), "Top") {
				t.Errorf("cut %d of %d players: %q marked", all, all, r.Cells[1].String())
			}
		}
	}
}

func BenchmarkPDF(b *testing.B) {
	st := writertest.BigStandings(4096)
	opt := writer.Options{Now: writertest.Now, Cut: 64}
	for b.Loop() {
		if err := WritePDF(io.Discard, st, opt); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPDFLegend: the legend says in the page's language what the points, the record and
// each column mean, one plain line each (in Chinese and Japanese with the tiebreak's name
// beside its header in English letters), then the notes for players; nothing of what is
// for organizers (caveats, settings, rule references, the tie summary) reaches the wall.
func TestPDFLegend(t *testing.T) {
	st := writertest.Standings()
	d := layoutFor(t, st, writer.Options{})
	want := []string{"Points: win 3, draw 1, loss 0, bye 3", "W-L-D: wins (byes included), losses, draws"}
	for _, c := range st.Columns {
		want = append(want, c.Short+": "+i18n.Lang("en").Note(c.Plain))
	}
	if got := legendText(d); !slices.Equal(got[:len(want)], want) {
		t.Errorf("legend\n%q\nwant it to start\n%q", got, want)
	}
	d = layoutFor(t, st, writer.Options{Lang: "ja"})
	if got, want := legendText(d)[2], st.Columns[0].Short+"（"+i18n.Lang("ja").Note(st.Columns[0].Names)+"）："+i18n.Lang("ja").Note(st.Columns[0].Plain); got != want {
		t.Errorf("ja: %q, want %q", got, want)
	}

	forbidden := []string{"Unverified", "未核实", "未確認", "⚠", "--", "§", ".md", "seed", "MTR", "C.07", "tiebreakers", "share a rank"}
	for _, d := range calc.Tiebreaks() { // internal ids ("chl-points-scored"); "buchholz" is a word
		if strings.Contains(d.ID, "-") {
			forbidden = append(forbidden, d.ID)
		}
	}
	for _, lang := range i18n.Langs() {
		for _, gamesUnknown := range []bool{false, true} {
			for _, st := range writertest.PresetStandings(24, 5, 3, gamesUnknown) {
				for _, line := range legendText(layoutFor(t, st, writer.Options{Lang: lang})) {
					for _, f := range forbidden {
						if strings.Contains(line, f) {
							t.Errorf("%s, %s: legend line %q has %q", lang, st.System.Name, line, f)
						}
					}
					rest := line // what is left once names and column keys are taken out is words
					for _, p := range st.Event.Players {
						rest = strings.ReplaceAll(rest, p.Name, "")
					}
					if _, after, ok := strings.Cut(rest, "："); ok {
						rest = after
					}
					if lang != "en" && strings.ContainsAny(rest, "abcdefghijklmnopqrstuvwxyz") {
						t.Errorf("%s, %s: legend line %q is not translated", lang, st.System.Name, line)
					}
				}
			}
		}
	}
}

// TestPDFNoGameScores: a Magic event entered as W/L shows GW% and OGW% as n/a ("–"), with
// a line saying why, in the page's language; the terminal table shows the same "–".
func TestPDFNoGameScores(t *testing.T) {
	ev := writertest.SmallEvent()
	for r := range ev.Rounds {
		for m := range ev.Rounds[r].Matches {
			ev.Rounds[r].Matches[m].Games = tbsheet.Games{}
		}
	}
	st := writertest.Compute(ev, calc.Options{System: "mtg"})
	for lang, note := range map[string]string{"en": "The results carry no game scores (W/L only): GW% and OGW% are n/a",
		"zh": "成绩中没有小局比分（只有胜负）：局胜率与对手局胜率无法计算"} {
		d := layoutFor(t, st, writer.Options{Lang: lang})
		for _, r := range d.Rows {
			if gw, ogw := r.Cells[d.Spread+1].String(), r.Cells[d.Spread+2].String(); gw != "–" || ogw != "–" {
				t.Errorf("%s: GW%% %q, OGW%% %q; want –", lang, gw, ogw)
			}
		}
		if lines := legendText(d); !slices.Contains(lines, note) {
			t.Errorf("%s: legend %q lacks %q", lang, lines, note)
		}
	}
	var b strings.Builder // the terminal table too
	if err := WriteTable(&b, st, writer.Options{}); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(b.String(), "\n")[3:] { // the title, a blank, the header
		if line == "" {
			break // the notes follow
		}
		if f := strings.Fields(line); f[len(f)-1] != "–" || f[len(f)-2] != "–" {
			t.Errorf("table row %q: want GW%% and OGW%% –", line)
		}
	}
}

// TestPDFCutInProgress: while the top cut is played the wall keeps the Swiss ranks (no two
// players share a place they have not earned), is titled as Swiss standings with the cut
// in progress, never "Final standings", and says on each cut player's row whether he is
// still in or how far he went.
func TestPDFCutInProgress(t *testing.T) {
	st := writertest.CutStandings()
	swiss := writertest.Compute(st.Event, calc.Options{System: "mtg"})
	for lang, words := range map[string][3]string{
		"en": {"Standings after the Swiss · Top 8 in progress", "Still in", "Top 8"},
		"zh": {"瑞士轮后排名 · 8强淘汰赛进行中", "进行中", "8强"},
		"ja": {"スイスラウンド後の順位 · ベスト8 決勝トーナメント進行中", "進行中", "ベスト8"},
	} {
		d := layoutFor(t, st, writer.Options{Lang: lang})
		title, _, _ := strings.Cut(d.Subtitle.String(), " — ")
		got := []string{title}
		for i, r := range d.Rows[:9] {
			got = append(got, r.Cells[2].String())
			if rank := r.Cells[0].String(); rank != strconv.Itoa(swiss.Rows[i].Rank) {
				t.Errorf("%s: row %d has rank %s, want the Swiss rank %d", lang, i+1, rank, swiss.Rows[i].Rank)
			}
		}
		// Swiss #1 beat #8, #5 beat #4; the other two tables are being played.
		in, out := words[1], words[2]
		want := []string{words[0], in, in, in, out, in, in, in, out, ""}
		if !slices.Equal(got, want) {
			t.Errorf("%s: title and finish column\n got %q\nwant %q", lang, got, want)
		}
		if !slices.ContainsFunc(legendText(d), func(l string) bool {
			return strings.HasPrefix(l, d.Cols[2].Head.String()) && strings.Contains(l, map[string]string{"en": "Swiss", "zh": "瑞士轮", "ja": "スイス"}[lang])
		}) {
			t.Errorf("%s: the legend does not say the ranks are the Swiss ones: %q", lang, legendText(d))
		}
	}
}

// TestPDFFinal: final standings say each top-cut player's finish on the row, in the page's
// language, and the legend says it ranks before points.
func TestPDFFinal(t *testing.T) {
	st := writertest.FinalStandings()
	for lang, want := range map[string][]string{
		"en": {"Top cut", "Winner", "Finalist", "Top 4", "Top 4", ""},
		"zh": {"淘汰赛", "冠军", "亚军", "4强", "4强", ""},
		"ja": {"決勝", "優勝", "準優勝", "ベスト4", "ベスト4", ""},
	} {
		d := layoutFor(t, st, writer.Options{Lang: lang})
		got := []string{d.Cols[2].Head.String()}
		for _, r := range d.Rows[:5] {
			got = append(got, r.Cells[2].String())
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: finish column %q, want %q", lang, got, want)
		}
		if !d.Rows[0].Cells[2].Bold {
			t.Errorf("%s: the winner is not in bold", lang)
		}
		if !slices.ContainsFunc(legendText(d), func(l string) bool { return strings.HasPrefix(l, want[0]) }) {
			t.Errorf("%s: the legend does not explain %q", lang, want[0])
		}
	}
	if d := layoutFor(t, writertest.Standings(), writer.Options{}); slices.ContainsFunc(d.Cols, func(c writer.PDFColumn) bool { return c.Head.String() == "Top cut" }) {
		t.Error("Swiss standings have a Top cut column")
	}
}

// TestPDFTies: each group of players tied on every key is noted once, naming them all in
// rank order; no player carries a note of his own.
func TestPDFTies(t *testing.T) {
	st := writertest.Compute(writertest.BigEvent(110), calc.Options{System: "challonge", AfterRound: 7}) // ties are common
	var groups [][]string
	for i := 0; i < len(st.Rows); {
		j := i + 1
		for j < len(st.Rows) && st.Rows[j].Rank == st.Rows[i].Rank {
			j++
		}
		if j-i > 1 {
			var names []string
			for _, r := range st.Rows[i:j] {
				names = append(names, st.Event.Players[r.Player].Name)
			}
			groups = append(groups, names)
		}
		i = j
	}
	if len(groups) < 3 {
		t.Fatalf("%d tie groups", len(groups))
	}
	d := layoutFor(t, st, writer.Options{})
	var ties []string
	for _, l := range legendText(d) {
		if strings.HasSuffix(l, " are tied on every key") {
			ties = append(ties, l)
		}
	}
	if len(ties) != len(groups) {
		t.Fatalf("%d tie lines for %d groups", len(ties), len(groups))
	}
	for k, g := range groups {
		want := strings.Join(g[:len(g)-1], ", ") + " and " + g[len(g)-1] + " are tied on every key"
		if ties[k] != want {
			t.Errorf("tie %d: %q, want %q", k+1, ties[k], want)
		}
	}
	if got := tieNotes(writertest.NamedStandings("Ann", "Bea"), "ja"); len(got) > 0 && !strings.Contains(got[0], " と ") {
		t.Errorf("ja tie %q", got)
	}
}
