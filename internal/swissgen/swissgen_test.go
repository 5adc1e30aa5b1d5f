package swissgen

import (
	"reflect"
	"testing"

	"github.com/tbsheet/tbsheet"
)

func TestGenerate(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
	}{
		{"zero config", Config{}},
		{"realistic odd", Realistic(101, 7, 42)},
		{"realistic even", Realistic(256, 8, 7)},
		{"chaotic", Config{Players: 61, Rounds: 6, Seed: 3, DrawRate: 0.2, IDRate: 0.5, DoubleLossRate: 0.05,
			ForfeitRate: 0.05, DropRate: 0.1, LateRate: 0.1, DQRate: 0.05, GamesUnknown: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev := Generate(tt.cfg)
			if errs := ev.Validate(); len(errs) > 0 {
				t.Fatalf("invalid event: %v", errs)
			}
			if !reflect.DeepEqual(ev, Generate(tt.cfg)) {
				t.Fatal("the same config gave two different events")
			}
			players, rounds := tt.cfg.Players, tt.cfg.Rounds
			if players == 0 {
				players, rounds = 32, 5
			}
			if len(ev.Players) != players || len(ev.Rounds) != rounds {
				t.Fatalf("%d players, %d rounds", len(ev.Players), len(ev.Rounds))
			}
			rematches, matches := 0, 0
			met := map[[2]int]bool{}
			for _, r := range ev.Rounds {
				byes := 0
				for _, m := range r.Matches {
					switch {
					case m.Result == tbsheet.Bye:
						byes++
					case m.P2 != tbsheet.NoPlayer:
						matches++
						k := [2]int{min(m.P1, m.P2), max(m.P1, m.P2)}
						if met[k] {
							rematches++
						}
						met[k] = true
					}
				}
				if byes > 1 {
					t.Errorf("round %d has %d byes", r.Number, byes)
				}
			}
			if rematches*20 > matches {
				t.Errorf("%d rematches in %d matches", rematches, matches)
			}
		})
	}
	if reflect.DeepEqual(Generate(Config{Seed: 1}), Generate(Config{Seed: 2})) {
		t.Error("different seeds gave the same event")
	}
}

func BenchmarkGenerate(b *testing.B) {
	for b.Loop() {
		Generate(Realistic(10_000, 15, 1))
	}
}
