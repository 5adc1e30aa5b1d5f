package reader

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/tbsheet/tbsheet"
)

// fuzzSeeds adds every file matching the patterns, and the extra inputs, to the corpus.
func fuzzSeeds(f *testing.F, patterns []string, extra ...string) {
	for _, p := range patterns {
		files, _ := filepath.Glob(p)
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	for _, s := range extra {
		f.Add([]byte(s))
	}
}

// checkRead is what every read must satisfy, whatever the input: no panic (the fuzzer sees
// those), an event without problems when there is no error, and every problem placed in the
// file read.
func checkRead(t *testing.T, name string, ev *tbsheet.Event, err error) {
	if err == nil {
		if ev == nil {
			t.Fatal("no event and no error")
		}
		if errs := ev.Validate(); len(errs) > 0 {
			t.Fatalf("read without error, but the event is inconsistent: %v", errs)
		}
		return
	}
	for _, e := range tbsheet.Errors(err) {
		if e.Pos.File != name {
			t.Fatalf("error without the file's name: %v", e)
		}
	}
}

func FuzzChallonge(f *testing.F) {
	fuzzSeeds(f, []string{"../testdata/challonge/*.json", "../samples/challonge-*.json"},
		chlTestDoc("swiss", []string{"1:Ann", "2:Bo", "3:Cy:inactive"}, chlTestMatch("1", "1", "1", "2", "1"),
			chlTestMatch("2", "2", "3", "1", "")),
		`[{"id":"1","type":"participant","attributes":{"name":"A"}},{"id":"2","type":"match","attributes":{"round":1,"state":"complete","scores":"1 - 0","winner_id":1},"relationships":{"player1":{"data":{"id":"1"}},"player2":{"data":{"id":"1"}}}}]`)
	f.Fuzz(func(t *testing.T, data []byte) {
		sniffChallonge(data, "f.json")
		ev, err := readChallonge(data, "f.json", Options{})
		checkRead(t, "f.json", ev, err)
	})
}

func FuzzKTS(f *testing.F) {
	fuzzSeeds(f, []string{"../testdata/kts/*.Tournament", "../samples/*.Tournament"},
		ktsTestDoc("\t<PlayoffRound>2</PlayoffRound>\n", ktsThree,
			ktsTestMatch("1", "100000001", "0", "Winner", "0"), ktsTestMatch("1", "100000002", "100000003", "DoubleLoss", "0"),
			ktsTestMatch("2", "0", "0", "Winner", "0")))
	f.Fuzz(func(t *testing.T, data []byte) {
		sniffKTSXML(data)
		ev, err := readKTSXML(data, "f.Tournament", Options{})
		checkRead(t, "f.Tournament", ev, err)
	})
}

func FuzzKTSCSV(f *testing.F) {
	fuzzSeeds(f, []string{"../testdata/kts/*.csv"}, ktsCSVHead+"\"E1\",1,,1,0100000001\n\"E1\",2,0100000001,4,0100000002\n")
	f.Fuzz(func(t *testing.T, data []byte) {
		sniffKTSCSV(data)
		ev, err := readKTSCSV(data, "f.csv", Options{})
		checkRead(t, "f.csv", ev, err)
		players, err := ReadKTSPlayers(data, "f.csv")
		if err == nil {
			seen := map[string]bool{}
			for _, p := range players {
				if seen[p.ID] || len(p.ID) < 10 {
					t.Fatalf("players read without error, but id %q is repeated or short", p.ID)
				}
				seen[p.ID] = true
			}
		}
	})
}
