//go:build e2e

package scenariosheet

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/writer"
)

// TestScenariosPDFText reads the scenarios page back with pdftotext, in every language: the
// title, the players, their verdicts and what a judge reads out at each table are text.
func TestScenariosPDFText(t *testing.T) {
	rep := writertest.Scenarios(t)
	for _, lang := range i18n.Langs() {
		path := filepath.Join(t.TempDir(), "scenarios.pdf")
		opt := writer.Options{Lang: lang, Now: writertest.Now, Warn: func(msg string) { t.Errorf("warning: %s", msg) }}
		data, err := Product.Render(path, rep, opt)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		text := strings.Join(writertest.PDFText(t, path), "\n")
		s := scenarioWords{rep, lang}
		want := []string{s.title(), s.l("sc.win"), s.l("sc.key"), s.l("sc.tables")}
		for _, i := range func() []int { shown, _ := s.listed(); return shown }() {
			want = append(want, s.name(i))
		}
		for _, w := range want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: %q missing from the page", lang, w)
			}
		}
	}
}
