package scenario

import (
	"strings"

	"github.com/tbsheet/tbsheet/calc"
)

// reach says how a ranking key's value can move when the analysed round's results change,
// which is what lets the search bound it over every combination without ranking them all.
type reach uint8

const (
	// unbounded: nothing is assumed; only ranked combinations say anything about the key.
	unbounded reach = iota
	// own: the value depends only on the player's own results (and on what the round does
	// not change: ratings, game scores already entered). It is known once his result is.
	own
	// opponents: given the player's own results, the value depends only on his opponents'
	// results, and never decreases when one of them does better (a loss, then a draw, then a
	// win). Its extremes are where every opponent wins, or loses.
	opponents
)

// reaches classifies the tiebreak ids whose behaviour is known. An id missing here is
// unbounded, which is always sound; TestEveryKeyClassified makes sure each registered id was
// looked at. Keys that depend on the group of tied players (Def.Group) are unbounded whatever
// this table says.
var reaches = map[string]reach{
	"points": own, "match-wins": own, "progressive": own,
	"chl-game-wins": own, "chl-game-win-pct": own, "chl-set-diff": own,
	"chl-points-scored": own, "chl-points-diff": own,
	"mtg-mwp": own, "mtg-gwp": own, "pkm-wp": own, "cz-t3": own,
	"fide-ps": own, "fide-win": own, "fide-won": own, "fide-bpg": own, "fide-bwg": own,
	"fide-ge": own, "fide-aro": own, "fide-tpr": own, "fide-ptp": own,

	"buchholz": opponents, "opp-progressive": opponents, "chl-median-buchholz": opponents,
	"mtg-omw": opponents, "kts-omw": opponents, "pkm-owp": opponents, "cz-t1": opponents,
	"fide-bh": opponents, "fide-fb": opponents, "fide-sb": opponents, "fide-koya": opponents,
	"fide-apro": opponents, "fide-appo": opponents,
}

// unboundedIDs are the registered ids deliberately left unbounded: their value moves with
// results two tables away (opponents' opponents), with who else is tied, or not in one
// direction (an opponent's intentional draw adds 0-0-3 to his game-win percentage, a win no
// games at all).
var unboundedIDs = []string{
	"mtg-ogw", "kts-oomw", "kts-number", "pkm-oowp", "pkm-h2h", "cz-t2",
	"chl-wins-vs-tied", "fide-aob", "fide-de",
}

// depths gives, for the unbounded ids whose value a round's results move only near the
// player, how near: 1 for his opponents' results, 2 for their opponents' too. An id missing
// here (a key of the tied group, which anyone's result may change) is reached from anywhere.
var depths = map[string]int{
	"mtg-ogw": 1, "kts-oomw": 2, "kts-number": 2, "pkm-oowp": 2, "cz-t2": 2, "fide-aob": 2,
}

// depthOf returns how far, in opponents, the results that can move key d's value lie from
// the player: 0 his own table, 1 his opponents' tables, 2 theirs too; −1 anywhere (a key of
// the tied group, or one not looked at). The proof (prove.go) leaves a table alone when no
// player whose place against the item is open sits within that distance of it.
func depthOf(d *calc.Def) int {
	switch reachOf(d) {
	case own:
		return 0
	case opponents:
		return 1
	}
	if d.Group != nil {
		return -1
	}
	if n, ok := depths[d.ID]; ok {
		return n
	}
	return -1
}

// reachOf returns how key d moves. FIDE's Cut-n and Median-n modifiers keep their base's
// reach: dropping the lowest or highest values keeps a sum non-decreasing.
func reachOf(d *calc.Def) reach {
	if d.Group != nil {
		return unbounded
	}
	if r, ok := reaches[d.ID]; ok {
		return r
	}
	if rest, ok := strings.CutPrefix(d.ID, "fide-"); ok {
		if base, mod, ok := strings.Cut(rest, "-"); ok && len(mod) > 1 && (mod[0] == 'c' || mod[0] == 'm') {
			return reaches["fide-"+base]
		}
	}
	return unbounded
}
