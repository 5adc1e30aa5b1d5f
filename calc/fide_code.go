package calc

// FIDE's notation for tie-breaks: the codes a TRF-2025/26 file declares in its record 202
// ("202 BH/C1,BH,SB,DE") and FIDE's tie-break checker reads. A code is the key's short name
// (BH, SB, KS, …), an optional point kind after a colon (":MP", ":GP") and modifiers after
// slashes ("/C1" Cut-1, "/M1" Median-1, "/P", …). The FIDE keys' Short names are those codes,
// with "-" for "/", so that the keys themselves are the one table of the mapping.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/tbsheet/tbsheet/i18n"
)

// FIDECode returns FIDE's code for a FIDE tiebreak id ("fide-bh-c1" → "BH/C1"), and false
// for an id that is not a FIDE key.
func FIDECode(id string) (string, bool) {
	d, ok := Lookup(id)
	if !ok || !strings.HasPrefix(d.ID, "fide-") {
		return "", false
	}
	return strings.ReplaceAll(d.Short, "-", "/"), true
}

// FIDECodeError says which code of a declaration tbsheet cannot follow, and why.
type FIDECodeError struct {
	// Code is the code as written ("EDET/P"); Offset is where it starts in the declaration,
	// in bytes, which count its characters: every code before it is one tbsheet reads, and
	// those are ASCII.
	Code   string
	Offset int
	// Why says what tbsheet lacks, in an arbiter's words ("tbsheet does not compute EDET").
	Why i18n.Note
}

func (e *FIDECodeError) Error() string {
	return fmt.Sprintf("%s: %s", e.Code, i18n.Lang("en").Note(e.Why))
}

// fideModifiers names the modifiers of FIDE's notation that tbsheet does not apply, for the
// message that says so.
var fideModifiers = map[byte]string{
	'P': "fide.mod.p", // unplayed games counted as played
	'D': "fide.mod.d", // unplayed rounds counted as draws
	'U': "fide.mod.u", // a rating given to unrated players
	'F': "fide.mod.f", // Fore mode
	'L': "fide.mod.koya",
	'K': "fide.mod.koya",
	'R': "fide.mod.r", // reversed order
	'S': "fide.mod.s", // Swiss rules in a round robin
	'X': "fide.mod.x", // the primary and secondary scores exchanged
	'N': "fide.mod.n", // an unpublished proposal
}

// fidePointKinds are the point kinds a code may name after a colon. They choose between a
// team's match and game points; an individual event has one score, its points.
var fidePointKinds = map[string]bool{"MP": true, "GP": true, "MM": true, "MG": true, "GM": true, "GG": true}

// FIDETiebreaks turns tie-breaks in FIDE's notation (codes separated by commas or spaces, as a
// TRF 202 record writes them) into tiebreak ids, in order. Points (PTS, MPTS, GPTS) rank
// first anyway and are skipped. The first code tbsheet cannot compute as written is returned
// as a *FIDECodeError.
func FIDETiebreaks(notation string) ([]string, error) {
	ids, _, err := FIDETiebreakRules(notation)
	return ids, err
}

// FIDETiebreakRules is FIDETiebreaks that also returns the rule set for unplayed rounds the
// codes name with FIDE's version modifier (Options.FIDERules: "/V1" the 2023 rules as
// amended in 2024, "/V2" those of 2026), or "" when none names one. tbsheet applies one rule
// set to every key: codes naming two are a *FIDECodeError.
func FIDETiebreakRules(notation string) ([]string, string, error) {
	var ids []string
	rules, rulesCode := "", ""
	offset := 0
	for notation != "" {
		sep := strings.IndexAny(notation, ", ")
		code := notation
		if sep >= 0 {
			code = notation[:sep]
		}
		if code != "" {
			id, r, why := fideID(code)
			if why.IsZero() && r != "" && rules != "" && r != rules {
				why = i18n.N("fide.why.two-rules", rulesCode)
			}
			if !why.IsZero() {
				return nil, "", &FIDECodeError{Code: code, Offset: offset, Why: why}
			}
			if r != "" {
				rules, rulesCode = r, code
			}
			if id != "" && !slices.Contains(ids, id) {
				ids = append(ids, id)
			}
		}
		if sep < 0 {
			break
		}
		offset += sep + 1
		notation = notation[sep+1:]
	}
	return ids, rules, nil
}

// fideID returns the id of one code, "" for the points, and the rule set its version
// modifier names ("" for none), or why tbsheet cannot follow it.
func fideID(code string) (id, rules string, why i18n.Note) {
	// Upper case for ASCII only: a code tbsheet reads is ASCII, so that FIDECodeError.Offset
	// counts characters.
	up := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}, code)
	// FIDE's checker reads "!" and "#" as "/" too.
	parts := strings.FieldsFunc(up, func(r rune) bool { return r == '/' || r == '!' || r == '#' })
	if len(parts) == 0 {
		return "", "", i18n.N("fide.why.not-tiebreak")
	}
	name, kind, hasKind := strings.Cut(parts[0], ":")
	if hasKind && !fidePointKinds[kind] {
		return "", "", i18n.N("fide.why.point-kind", kind)
	}
	switch name {
	case "PTS", "MPTS", "GPTS":
		return "", "", i18n.Note{}
	case "REP": // the checker's other name for GE
		name = "GE"
	}
	base := ""
	for _, d := range registry {
		if strings.HasPrefix(d.ID, "fide-") && d.Short == name {
			base = d.ID
		}
	}
	if base == "" {
		return "", "", i18n.N("fide.why.not-computed", name)
	}
	id = base
	for _, mod := range parts[1:] {
		kind := mod[0]
		n, err := strconv.Atoi(mod[1:])
		cutOrMedian := kind == 'C' || kind == 'M'
		switch {
		case cutOrMedian && id != base:
			return "", "", i18n.N("fide.why.one-cut")
		case cutOrMedian && err == nil && n >= 1:
			id += "-" + strings.ToLower(mod[:1]) + strconv.Itoa(n)
			if _, ok := Lookup(id); !ok {
				return "", "", i18n.N("fide.why.no-cut", fideModifierName(kind, n), name)
			}
		case cutOrMedian:
			// /C0, /C99999999999999999999: the modifier is known, its number is not a count
			// of results to leave out.
			return "", "", i18n.N("fide.why.cut-number", mod, string(kind))
		case kind == 'V':
			// FIDE's checker numbers the rule sets 0 (2022), 1 (2024) and 2 (2026), or by year;
			// "/V" alone is the latest.
			switch mod[1:] {
			case "1", "2024":
				rules = FIDE2023
			case "", "2", "2026":
				rules = FIDE2026
			default:
				return "", "", i18n.N("fide.why.not-applied", mod, i18n.N("fide.mod.before-2023"))
			}
		case fideModifiers[kind] != "":
			return "", "", i18n.N("fide.why.not-applied", mod, i18n.N(fideModifiers[kind]))
		default:
			return "", "", i18n.N("fide.why.unknown-mod", mod)
		}
	}
	return id, rules, i18n.Note{}
}

// fideModifierName names a Cut-n or Median-n modifier.
func fideModifierName(kind byte, n int) string {
	if kind == 'M' {
		return fmt.Sprintf("Median-%d", n)
	}
	return fmt.Sprintf("Cut-%d", n)
}
