package calc

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet"
)

// TestFIDECodes: every FIDE key has a code, and the code reads back to the key.
func TestFIDECodes(t *testing.T) {
	ids := []string{"fide-fb-c1", "fide-fb-m1", "fide-sb-c2", "fide-sb-m2", "fide-ps-c2", "fide-aro-m1", "fide-bh-c3"}
	for _, d := range Tiebreaks() {
		if strings.HasPrefix(d.ID, "fide-") {
			ids = append(ids, d.ID)
		}
	}
	for _, id := range ids {
		code, ok := FIDECode(id)
		if !ok {
			t.Errorf("%s: no FIDE code", id)
			continue
		}
		got, err := FIDETiebreaks(code)
		if err != nil || !slices.Equal(got, []string{id}) {
			t.Errorf("%s → %s → %v, %v", id, code, got, err)
		}
	}
	for _, id := range []string{"mtg-omw", "points", "fide-nope", "buchholz"} {
		if code, ok := FIDECode(id); ok {
			t.Errorf("%s has FIDE code %s", id, code)
		}
	}
	for id, want := range map[string]string{"fide-bh-c1": "BH/C1", "fide-koya": "KS", "fide-sb-m2": "SB/M2", "fide-de": "DE"} {
		if got, _ := FIDECode(id); got != want {
			t.Errorf("FIDECode(%s) = %s, want %s", id, got, want)
		}
	}
}

// TestFIDETiebreaks reads declarations as TRF 202 records write them.
func TestFIDETiebreaks(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"BH/C1,BH,SB,DE", []string{"fide-bh-c1", "fide-bh", "fide-sb", "fide-de"}},
		{"de bh/c1 sb", []string{"fide-de", "fide-bh-c1", "fide-sb"}},
		{"PTS,DE,  BH/C1,,SB", []string{"fide-de", "fide-bh-c1", "fide-sb"}},
		{"BH:GP/C1,SB:MP", []string{"fide-bh-c1", "fide-sb"}},
		{"BH!C1,SB#M1", []string{"fide-bh-c1", "fide-sb-m1"}},
		{"KS,REP,WIN,WON,BPG,BWG,GE", []string{"fide-koya", "fide-ge", "fide-win", "fide-won", "fide-bpg", "fide-bwg"}},
		{"AOB,FB/M1,PS/C2,ARO/C1,TPR,PTP,APRO,APPO",
			[]string{"fide-aob", "fide-fb-m1", "fide-ps-c2", "fide-aro-c1", "fide-tpr", "fide-ptp", "fide-apro", "fide-appo"}},
		{"BH,BH/C3,BH", []string{"fide-bh", "fide-bh-c3"}},
		{"PTS", nil},
	} {
		got, err := FIDETiebreaks(tc.in)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("FIDETiebreaks(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
}

// TestFIDETiebreaksUnsupported: the first code tbsheet cannot follow is named, with where it
// starts and why.
func TestFIDETiebreaksUnsupported(t *testing.T) {
	for _, tc := range []struct {
		in, code string
		offset   int
		why      string
	}{
		{"EDET/P,BH:MP/C1/P", "EDET/P", 0, "tbsheet does not compute EDET"},
		{"BH/C1, SB/P", "SB/P", 7, "tbsheet does not apply /P (unplayed games counted as played)"},
		{"DE,BH/V1,SB/V2", "SB/V2", 9, "tbsheet applies one rule set to every key, and BH/V1 names another"},
		{"DE,BH/V0", "BH/V0", 3, "tbsheet does not apply /V0 (the rules before 2023)"},
		{"WIN/C1", "WIN/C1", 0, "tbsheet has no Cut-1 of WIN"},
		{"PS/M1", "PS/M1", 0, "tbsheet has no Median-1 of PS"},
		{"BH/C1/M1", "BH/C1/M1", 0, "tbsheet applies one Cut or Median to a key"},
		{"BH/C", "BH/C", 0, "/C: the number after /C is how many results to leave out: a whole number from 1 up"},
		{"BH/C0", "BH/C0", 0, "/C0: the number after /C is how many results to leave out: a whole number from 1 up"},
		{"BH/M99999999999999999999", "BH/M99999999999999999999", 0,
			"/M99999999999999999999: the number after /M is how many results to leave out: a whole number from 1 up"},
		{"BH/Q2", "BH/Q2", 0, "/Q2 is not a modifier tbsheet knows"},
		{"BH:XY", "BH:XY", 0, "XY is not a kind of points (MP or GP)"},
		{"Ö,SSSC", "Ö", 0, "tbsheet does not compute Ö"},
		{"BH,wın", "wın", 3, "tbsheet does not compute WıN"},
		{"/", "/", 0, "not a tie-break"},
	} {
		_, err := FIDETiebreaks(tc.in)
		var ce *FIDECodeError
		if !errors.As(err, &ce) {
			t.Errorf("FIDETiebreaks(%q): %v, want a *FIDECodeError", tc.in, err)
			continue
		}
		if why := en(ce.Why); ce.Code != tc.code || ce.Offset != tc.offset || why != tc.why {
			t.Errorf("FIDETiebreaks(%q) = %q at %d: %q; want %q at %d: %q", tc.in, ce.Code, ce.Offset, why, tc.code, tc.offset, tc.why)
		}
	}
}

// TestFIDETiebreakRules: the version modifier names the rule set for unplayed rounds.
func TestFIDETiebreakRules(t *testing.T) {
	for _, tc := range []struct {
		notation, rules string
		ids             []string
	}{
		{"BH/C1,BH,SB", "", []string{"fide-bh-c1", "fide-bh", "fide-sb"}},
		{"BH/C1/V2,BH/V2,DE", FIDE2026, []string{"fide-bh-c1", "fide-bh", "fide-de"}},
		{"PTS,BH/V1,SB/V2024", FIDE2023, []string{"fide-bh", "fide-sb"}},
		{"BH/V2026,SB/V", FIDE2026, []string{"fide-bh", "fide-sb"}},
	} {
		ids, rules, err := FIDETiebreakRules(tc.notation)
		if err != nil || rules != tc.rules || !slices.Equal(ids, tc.ids) {
			t.Errorf("%s: %v %q %v, want %v %q", tc.notation, ids, rules, err, tc.ids, tc.rules)
		}
	}
}

// TestDeclaredRules: an event declaring its keys with /V2 is ranked by the 2026 rules
// (Dana's Buchholz 8.5, not 2023's 9.5), unless --fide-rules says otherwise.
func TestDeclaredRules(t *testing.T) {
	for _, tc := range []struct {
		declared, rules, want string
	}{
		{"BH", "", "9.5"},
		{"BH/V2", "", "8.5"},
		{"BH/V1", "", "9.5"},
		{"BH/V2", FIDE2023, "9.5"},
	} {
		ev := unplayedEvent(t)
		ev.DeclaredTiebreaks = tc.declared
		st, err := Compute(ev, Options{System: "fide", FIDERules: tc.rules})
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		for _, r := range st.Rows {
			if ev.Players[r.Player].Name == "Dana" {
				got = st.Order[0].FormatValue(r.Figures[0].Value)
			}
		}
		if got != tc.want {
			t.Errorf("%s, --fide-rules %q: Dana's BH %s, want %s", tc.declared, tc.rules, got, tc.want)
		}
	}
}

// TestDeclaredTiebreaks: an event's declared order ranks it, unless the command line gives
// one or a code cannot be followed; a note says which order ranked.
func TestDeclaredTiebreaks(t *testing.T) {
	pos := tbsheet.Pos{File: "event.trf", Row: 4, Col: 5}
	for _, tc := range []struct {
		name, declared string
		opt            Options
		order          []string
		note           string
	}{
		{name: "declared", declared: "SB,DE,BH/C1",
			order: []string{"fide-sb", "fide-de", "fide-bh-c1"}, note: "tie-breaks as the file declares: SB, DE, BH-C1"},
		{name: "command line wins", declared: "SB,DE", opt: Options{Tiebreaks: []string{"fide-bh"}},
			order: []string{"fide-bh"}, note: "ranked by the tie-breaks given on the command line, not those the file declares (SB,DE)"},
		{name: "unsupported", declared: "SB, EDET/P",
			order: []string{"fide-bh-c1", "fide-bh", "fide-sb", "fide-de"},
			note: "event.trf:4:9: the file declares the tie-breaks SB, EDET/P, but tbsheet does not compute EDET: " +
				"ranked by the fide preset's tie-breaks instead: BH-C1, BH, SB, DE (--tiebreaks gives the event's order)"},
		{name: "other preset", declared: "SB,DE", opt: Options{System: "mtg"},
			order: []string{"mtg-omw", "mtg-gwp", "mtg-ogw"}},
		{name: "points only", declared: "PTS", note: "tie-breaks as the file declares: none"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ev := f1Chess(t)
			ev.DeclaredTiebreaks, ev.DeclaredTiebreaksPos = tc.declared, pos
			st, err := Compute(ev, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			var order []string
			for _, d := range st.Order {
				order = append(order, d.ID)
			}
			if !slices.Equal(order, tc.order) {
				t.Errorf("order %v, want %v", order, tc.order)
			}
			has := slices.Contains(enNotes(st.Notes), tc.note)
			if tc.note == "" {
				has = !slices.ContainsFunc(enNotes(st.Notes), func(n string) bool { return strings.Contains(n, "declare") })
			}
			if !has {
				t.Errorf("notes %q, want %q", enNotes(st.Notes), tc.note)
			}
		})
	}
}

// FuzzFIDETiebreaks: any declaration gives ids tbsheet knows, or names a code that is where
// it says.
func FuzzFIDETiebreaks(f *testing.F) {
	for _, s := range []string{"BH/C1,BH,SB,DE", "EDET/P,BH:MP/C1/P", "PTS, ,KS!L50#V2", "BH/C1/M1", "ÖÖ:/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ids, err := FIDETiebreaks(s)
		var ce *FIDECodeError
		switch {
		case err == nil:
			for _, id := range ids {
				if _, ok := Lookup(id); !ok {
					t.Fatalf("%q: unknown id %s", s, id)
				}
			}
		case !errors.As(err, &ce) || !strings.HasPrefix(s[ce.Offset:], ce.Code):
			t.Fatalf("%q: %v", s, err)
		}
	})
}

// TestDeclaredRankBasis: the source's ranks follow the tie-breaks it declares, so they are
// compared whole when these standings rank by them, and on points only otherwise.
func TestDeclaredRankBasis(t *testing.T) {
	for _, tc := range []struct {
		declared string
		opt      Options
		basis    rankBasis
		why      string
	}{
		{"SB,DE", Options{}, wholeRank, ""},
		{"SB,DE", Options{Tiebreaks: []string{"fide-bh"}}, primaryKeyOnly,
			"ranks are compared on points only: the input ranks by other tiebreaks (fide-sb, fide-de) than these standings (fide-bh)"},
		{"SB,EDET", Options{}, primaryKeyOnly,
			"ranks are compared on points only: the input ranks by tie-breaks tbsheet does not compute (SB,EDET)"},
	} {
		ev := f1Chess(t)
		ev.DeclaredTiebreaks = tc.declared
		st, err := Compute(ev, tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		if basis, why := rankBasisOf(st); basis != tc.basis || why != tc.why {
			t.Errorf("%q %v: %v %q, want %v %q", tc.declared, tc.opt.Tiebreaks, basis, why, tc.basis, tc.why)
		}
	}
}
