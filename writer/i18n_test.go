package writer

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/season"
)

// TestCatalogueHasEveryKey: every key the writers and the pages name in their code is in
// the catalogue, and so is every key made from a list (each season tie, each system with a
// name of its own).
func TestCatalogueHasEveryKey(t *testing.T) {
	dirs := []string{".", "../serve", "../calc", "../handkept", "../pipeline", "../reader"}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() { // a product's package
			dirs = append(dirs, e.Name())
		}
	}
	var files []string
	for _, dir := range dirs {
		fs, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(fs) == 0 {
			t.Fatal("no Go file in", dir, err)
		}
		files = append(files, fs...)
	}
	keys := map[string]bool{}
	// A literal key given to Label, Labelf (writer.Label, writer.Labelf in the products'
	// packages) or a words type's l, f or label: the key is the last argument's string,
	// closed by the call's parenthesis or a comma.
	// A note's key (i18n.N, i18n.Join, a reader's note or warn) and a key given to a Lang's
	// Text or Textf are the first argument's string.
	use := regexp.MustCompile(`(?:\b[Ll]abelf?|\.l|\.f)\((?:(?:[^(),"]|\([^()]*\))+, )?"([a-z0-9][a-z0-9.\-]*)"[,)]` +
		`|(?:\bi18n\.N|\bi18n\.Join|\.Text|\.Textf|\.note|\.warn)\("([a-z0-9][a-z0-9.\-]*)"[,)]`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range use.FindAllStringSubmatch(string(src), -1) {
			keys[m[1]+m[2]] = true
		}
	}
	if len(keys) < 100 {
		t.Fatalf("found %d keys in the code: the pattern no longer sees the calls", len(keys))
	}
	for _, id := range season.Ties() {
		keys["season.tie."+id] = true
	}
	// The keys calc makes from a value: each tiebreak's name and definition, each finish.
	for _, d := range calc.Tiebreaks() {
		keys["tb."+d.ID+".name"], keys["tb."+d.ID+".plain"] = true, true
	}
	for _, top := range []string{"1", "2", "4", "8"} {
		keys["row.finish."+top] = true
	}
	for key := range keys {
		for _, lang := range i18n.Langs() {
			l := i18n.Lang(lang)
			if !l.Has(key) && !(l.Has(key+".one") && l.Has(key+".other")) {
				t.Errorf("the catalogue has no %s for %s", lang, key)
			}
		}
	}
	// A system named in one language is named in every language.
	for _, sys := range calc.Systems() {
		en := i18n.Lang("en").Has("game." + sys.Name)
		for _, lang := range i18n.Langs() {
			if ok := i18n.Lang(lang).Has("game." + sys.Name); ok != en {
				t.Errorf("game.%s is in English: %v, in %s: %v", sys.Name, en, lang, ok)
			}
		}
	}
}
