package calc

import "github.com/tbsheet/tbsheet/i18n"

// What players read about a tiebreak, its name in their language and a one-line definition
// (Def.Names, Def.Plain), is in the catalogue: "tb.<id>.name" and "tb.<id>.plain". The
// definitions say what the figure means at the table, with no formula, setting or rule
// reference: those are the organizer's (Def.Doc and Def.Unverified, on the About sheet and in
// `tbsheet tiebreaks`).

// attachPlayerText gives d the names and definition of its id.
func attachPlayerText(d *Def) {
	d.Names, d.Plain = i18n.N("tb."+d.ID+".name"), i18n.N("tb."+d.ID+".plain")
}

// withModifier gives d, a FIDE key (its base key's Def, before its ID changes) built from base with a Cut-low (high == 0) or Median-low
// modifier, its base key's name and definition followed by the modifier's words.
// Progressive Score is cut at its start, its first rounds being its lowest values.
func withModifier(d *Def, base string, low, high int) {
	name, plain := "tb.mod.cut", "tb.mod.cut.plain"
	switch {
	case high > 0:
		name, plain = "tb.mod.median", "tb.mod.median.plain"
	case base == "ps":
		plain = "tb.mod.cut-start.plain"
	}
	attachPlayerText(d)
	d.Names = i18n.N("tb.mod", d.Names, i18n.N(name, low))
	d.Plain = i18n.N("tb.mod", d.Plain, i18n.N(plain, low))
}
