package standingsheet

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/internal/swissgen"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/writer"
)

// TestOutputLinear doubles an event (the same rounds, twice the players, every score group
// about twice as large) and checks that no output more than doubles (20% allowed for): every
// tiebreak alone in the JSON (which holds every explanation), then every output kind for
// every preset with every tiebreak shown. A note that named every member of a tied group on
// every member would grow with the square of the group, and groups grow with the event: four
// rounds leave score groups of dozens of players.
func TestOutputLinear(t *testing.T) {
	small, large := sameNames(150), sameNames(300)
	check := func(what string, write func(*bytes.Buffer, *calc.Standings) error, opt calc.Options) {
		t.Helper()
		var size [2]int
		for i, ev := range []*tbsheet.Event{small, large} {
			var b bytes.Buffer
			if err := write(&b, writertest.Compute(ev, opt)); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			size[i] = b.Len()
		}
		if r := float64(size[1]) / float64(size[0]); r > 2.4 {
			t.Errorf("%s: %d bytes for %d players, %d for %d (×%.2f): more than doubled",
				what, size[0], len(small.Players), size[1], len(large.Players), r)
		}
	}
	json := func(b *bytes.Buffer, st *calc.Standings) error { return WriteJSON(b, st) }
	for _, d := range calc.Tiebreaks() {
		check(d.ID+" json", json, calc.Options{System: systemOf(d.ID), Show: []string{d.ID}})
	}
	table := func(b *bytes.Buffer, st *calc.Standings) error { return WriteTable(b, st, writer.Options{}) }
	for _, s := range calc.Systems() {
		check(s.Name+" table", table, calc.Options{System: s.Name, Show: []string{"all"}})
	}
	for _, ext := range Standings.Exts() {
		w := fileWriter(ext)
		write := func(b *bytes.Buffer, st *calc.Standings) error { return w(b, st, writer.Options{Now: writertest.Now}) }
		for _, s := range calc.Systems() {
			check(s.Name+" "+ext, write, calc.Options{System: s.Name, Show: []string{"all"}})
		}
	}
}

// systemOf returns the preset whose scoring a tiebreak id belongs to (mtg for the generic ones).
func systemOf(id string) string {
	for prefix, sys := range map[string]string{"fide-": "fide", "pkm-": "pokemon", "kts-": "yugioh", "cz-": "cryptozoic", "chl-": "challonge"} {
		if strings.HasPrefix(id, prefix) {
			return sys
		}
	}
	return "mtg"
}

// sameNames generates a realistic four-round event whose players' names all have the same
// width ("Player 0001"): the terminal table pads every row to its longest name, which would
// otherwise grow with the event for no fault of the writers.
func sameNames(players int) *tbsheet.Event {
	ev := swissgen.Generate(swissgen.Realistic(players, 4, 7))
	for i := range ev.Players {
		ev.Players[i].Name = fmt.Sprintf("Player %04d", i+1)
	}
	return ev
}
