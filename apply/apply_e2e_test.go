//go:build e2e

package apply

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/tbsheet/tbsheet/swiss"
)

// TestLibreOfficeOpensApplied: a workbook of each layout with a round written in opens in
// LibreOffice, which saves it again with the same rounds (the new one included).
func TestLibreOfficeOpensApplied(t *testing.T) {
	soffice, err := exec.LookPath("soffice")
	if err != nil {
		t.Fatalf("LibreOffice (soffice) is not installed (Debian: libreoffice-calc-nogui): %v", err)
	}
	dir := t.TempDir()
	var inputs []string
	want := map[string]string{}
	for _, path := range []string{"../samples/fnm-store.xlsx", "../testdata/handkept/perround-zh.xlsx", "../testdata/handkept/messy.xlsx", "testdata/template-9.xlsx"} {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		ev := read(t, path, data)
		ev.PlannedRounds = 0
		p, err := swiss.Pair(ev, swiss.Options{Seed: 2})
		if err != nil {
			t.Fatal(err)
		}
		out, err := Round(data, ev, p.Round, 0)
		if err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(dir, "in", filepath.Base(path))
		os.MkdirAll(filepath.Dir(name), 0o755)
		if err := os.WriteFile(name, out, 0o644); err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, name)
		want[filepath.Base(path)] = roundsText(read(t, path, out))
	}
	profile := "-env:UserInstallation=file://" + filepath.ToSlash(filepath.Join(dir, "profile"))
	args := append([]string{profile, "--headless", "--convert-to", "xlsx", "--outdir", dir}, inputs...)
	if out, err := exec.Command(soffice, args...).CombinedOutput(); err != nil {
		t.Fatalf("soffice: %v\n%s", err, out)
	}
	for base, w := range want {
		data, err := os.ReadFile(filepath.Join(dir, base))
		if err != nil {
			t.Fatalf("LibreOffice wrote no %s: %v", base, err)
		}
		if got := roundsText(read(t, base, data)); got != w {
			t.Errorf("%s saved by LibreOffice reads:\n%s\nwant:\n%s", base, got, w)
		}
	}
}
