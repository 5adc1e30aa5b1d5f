package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/standingsheet"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

func newRoot(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "tbsheet",
		Short: "Swiss-tournament standings with every tiebreaker, exactly",
		Long: `tbsheet reads tournament results, computes every tiebreaker exactly as each system
defines it ('tbsheet systems' lists them), and writes standings to the terminal and to
` + strings.Join(standingsheet.Standings.Exts(), ", ") + ` files.

Input formats, detected from the content (--from forces one):
` + inputFormats(),
		Example: `  tbsheet standings results.xlsx
  tbsheet standings results.xlsx -o standings.xlsx -o standings.pdf --cut 8
  tbsheet explain results.xlsx --player "Alice"
  tbsheet scenarios results.xlsx --cut 8
  tbsheet pairings results.xlsx -o pairings.pdf
  tbsheet watch results.xlsx -o standings.pdf`,
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return usageErr("%s", flagMessage(c, err)) })
	intFlag(root.PersistentFlags(), new(int), maxSizeFlag, tbsheet.MaxFileSize>>20, 1, 1<<20,
		"read result files (or standard input, given as -) up to `MiB` megabytes; larger ones are refused")
	root.AddCommand(
		newStandingsCmd(),
		newExplainCmd(),
		newScenariosCmd(),
		newPairingsCmd(),
		newPairCmd(),
		newConvertCmd(),
		newSeasonCmd(),
		newWatchCmd(),
		newServeCmd(),
		newTemplateCmd(),
		newRoundsCmd(),
		newTiebreaksCmd(),
		newSystemsCmd(),
	)
	return root
}

// inputFormats lists the readers' formats for the help, one per line: id, title, extensions.
func inputFormats() string {
	var b strings.Builder
	for _, f := range reader.Formats() {
		fmt.Fprintf(&b, "  %-10s %s (%s)\n", f.ID, f.Title, strings.Join(f.Exts, ", "))
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// maxSizeFlag limits the size of the result files every command reads.
const maxSizeFlag = "max-size"

// maxSize returns --max-size in bytes (the default for a command run without the root's
// flags, as tests run them).
func maxSize(cmd *cobra.Command) (int64, error) {
	if cmd.Flags().Lookup(maxSizeFlag) == nil {
		return tbsheet.MaxFileSize, nil
	}
	mib, err := cmd.Flags().GetInt(maxSizeFlag)
	if err != nil {
		return 0, err
	}
	return int64(mib) << 20, nil
}

// args returns a cobra positional-argument check whose failure is a usage error. It also
// refuses standard input (-) given more than once, as two inputs or as an input and the
// --players list: it can be read once, and the second would read nothing; and an output that
// is a file the command reads (checkReads).
func args(check cobra.PositionalArgs) cobra.PositionalArgs {
	return func(cmd *cobra.Command, a []string) error {
		if err := check(cmd, a); err != nil {
			return argsErr(cmd, a, err)
		}
		stdin := 0
		for _, in := range a {
			if in == reader.Stdin {
				stdin++
			}
		}
		if f := cmd.Flags().Lookup("players"); f != nil && f.Value.String() == reader.Stdin {
			stdin++
		}
		if stdin > 1 {
			return usageErr("standard input (-) is given more than once, and it can be read only once: give the other inputs as files")
		}
		return checkReads(cmd, a)
	}
}

// calcFlags are the flags that choose what is computed (standings, explain, watch).
type calcFlags struct {
	system, points, mtgFloor, mtgBo1Bye, czFloor, fideRules string
	tiebreaks, show                                         []string
	afterRound                                              int
	strict                                                  bool
}

func (f *calcFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.system, "system", "", "preset: "+systemNames()+" (default: what the input says, else mtg)")
	fs.StringSliceVar(&f.tiebreaks, "tiebreaks", nil, "comma-separated tiebreak ids; replaces the preset's order (see 'tbsheet tiebreaks')")
	fs.StringSliceVar(&f.show, "show", nil, "more tiebreak ids to compute and show without changing the order ('all' = every id)")
	fs.StringVar(&f.points, "points", "", "match points `W,D,L,BYE` (e.g. 3,1,0,3); replaces the preset's")
	intFlag(fs, &f.afterRound, "after-round", 0, 0, maxRoundFlag, "standings as they stood after round `N`")
	fs.StringVar(&f.mtgFloor, "mtg-floor", "", "Magic MWP/GWP floor: 0.33 (MTR text, default) or 1/3")
	fs.StringVar(&f.mtgBo1Bye, "mtg-bo1-bye", "", "Magic GW% of a bye when every match is best-of-one: 1-0 (as Melee, default) or 2-0 (MTR text)")
	fs.StringVar(&f.czFloor, "cz-floor", "", "Cryptozoic T1 per-opponent floor: -3 (default) or none")
	fs.StringVar(&f.fideRules, "fide-rules", "", "FIDE unplayed-round rules: 2023 (default) or 2026")
	fs.BoolVar(&f.strict, "strict", false, "stop (exit 1) when the input has warnings: a likely typo in a name, results written two ways")
}

// options turns the flags into calc options; a malformed value is a usage error.
func (f *calcFlags) options() (calc.Options, error) {
	opt := calc.Options{
		System: f.system, Tiebreaks: f.tiebreaks, Show: f.show, AfterRound: f.afterRound,
		MTGFloor: f.mtgFloor, MTGBo1Bye: f.mtgBo1Bye, CZFloor: f.czFloor, FIDERules: f.fideRules,
	}
	if f.points != "" {
		p, err := tbsheet.ParsePoints(f.points)
		if err != nil {
			return opt, usageErr("--points: %v", err)
		}
		opt.Points = &p
	}
	return opt, nil
}

func systemNames() string {
	var names []string
	for _, s := range calc.Systems() {
		n := s.Name
		if len(s.Aliases) > 0 {
			n += " (" + strings.Join(s.Aliases, ", ") + ")"
		}
		names = append(names, n)
	}
	return strings.Join(names, ", ")
}

// outputFlags are the flags that shape written standings (standings, watch).
type outputFlags struct {
	outputs                                 []string
	lang, paper, by, font, tmpl, pod, title string
	qr                                      string
	csvSep                                  string
	cut                                     int
	quiet                                   bool
}

func (f *outputFlags) register(fs *pflag.FlagSet) {
	fs.StringArrayVarP(&f.outputs, "output", "o", nil, "write standings to `FILE` ("+strings.Join(standingsheet.Standings.Exts(), ", ")+"); repeatable")
	markOutputs(fs, "output")
	f.registerPages(fs)
	fs.StringVar(&f.by, "by", "rank", "order of the PDF and table: rank; name (the alphabetical list players use to find themselves, by family name where the input keeps it apart); or family (by family name from one name column)")
	intFlag(fs, &f.cut, "cut", 0, 0, maxPlayersFlag, "draw a top-cut line under `N` players")
	registerCSVSep(fs, &f.csvSep)
	fs.StringVar(&f.tmpl, "template", "", "fill your own styled `XLSX` instead of the built-in workbook")
	fs.StringVar(&f.pod, "pod", "", "only this division of a multi-pod input (Pokémon TOM: Junior, Senior, Masters)")
	fs.StringVar(&f.title, "title", "", "the event's name on every output (default: the input's own, e.g. its Event sheet, else the file name)")
	registerQR(fs, &f.qr)
	registerQuiet(fs, &f.quiet)
}

// registerPages adds the flags of the pages written: --lang, and the PDF's --paper and
// --font.
func (f *outputFlags) registerPages(fs *pflag.FlagSet) {
	fs.StringVar(&f.lang, "lang", "en", "language of headers and labels: "+strings.Join(i18n.Langs(), ", "))
	fs.StringVar(&f.paper, "paper", "A4", "PDF paper size: A4 or Letter")
	fs.StringVar(&f.font, "font", "", "TrueType `FILE.ttf` for names in the PDF instead of the embedded WenQuanYi Micro Hei")
}

// registerCSVSep adds --csv-sep, the separator of the CSV files written (writerOptions
// checks it).
func registerCSVSep(fs *pflag.FlagSet, sep *string) {
	fs.StringVar(sep, "csv-sep", ",", "CSV field separator: ',' or ';' (European Excel, which then also reads decimal commas: 61,64%) or tab")
}

// registerQR adds --qr, the address the wall PDFs carry as a QR code.
func registerQR(fs *pflag.FlagSet, qr *string) {
	fs.StringVar(qr, "qr", "", "print `URL` as a small QR code in the corner of the PDF's pages (the address 'tbsheet serve' prints)")
}

// registerQuiet adds -q, which silences the notes (see notes.go).
func registerQuiet(fs *pflag.FlagSet, quiet *bool) {
	fs.BoolVarP(quiet, "quiet", "q", false, "print no notes and no list of the files written (errors and warnings still print)")
}

// writerOptions checks and converts the output flags.
func (f *outputFlags) writerOptions(stderr io.Writer) (writer.Options, error) {
	opt := writer.Options{Lang: f.lang, Paper: f.paper, Cut: f.cut, Font: f.font, Template: f.tmpl, QR: f.qr,
		Warn: func(msg string) { fmt.Fprintln(stderr, "tbsheet: warning: "+msg) }}
	if !contains(i18n.Langs(), f.lang) {
		return opt, usageErr("--lang %q: use %s", f.lang, strings.Join(i18n.Langs(), ", "))
	}
	if err := writer.CheckQR(f.qr); err != nil {
		return opt, usageErr("--qr: %v", err)
	}
	switch strings.ToLower(f.paper) {
	case "a4":
		opt.Paper = "A4"
	case "letter":
		opt.Paper = "Letter"
	default:
		return opt, usageErr("--paper %q: use A4 or Letter", f.paper)
	}
	switch f.by {
	case "rank":
	case "name":
		opt.ByName = true
	case "family":
		opt.ByName, opt.ByFamily = true, true
	default:
		return opt, usageErr("--by %q: use rank, name or family", f.by)
	}
	switch f.csvSep {
	case ",", "":
	case ";":
		opt.CSVSep = ';'
	case "tab", "\t", "\\t":
		opt.CSVSep = '\t'
	default:
		return opt, usageErr("--csv-sep %q: use ',', ';' or tab", f.csvSep)
	}
	return opt, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// argsErr says what a command takes when its arguments are wrong, in words and with its
// first example ("standings needs a results file to read: for example tbsheet standings
// results.xlsx"), rather than cobra's count of arguments.
func argsErr(cmd *cobra.Command, a []string, err error) error {
	name := strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" ")
	use := strings.TrimSpace(strings.TrimPrefix(cmd.Use, cmd.Name()))
	if i := strings.Index(use, " ["); i >= 0 {
		use = use[:i]
	}
	example, _, _ := strings.Cut(strings.TrimSpace(cmd.Example), "\n")
	example, _, _ = strings.Cut(example, "  #")
	example = strings.TrimSpace(example)
	if example == "" {
		example = strings.TrimSpace(cmd.CommandPath() + " " + use)
	}
	more := fmt.Sprintf("for example %s ('tbsheet help %s' says more)", example, name)
	placeholder, _, _ := strings.Cut(use, " ")
	operand, known := operands[strings.TrimSuffix(placeholder, "...")]
	var given []string
	for _, x := range a {
		given = append(given, tbsheet.Quote(x))
	}
	switch {
	case len(a) > 0 && (use == "" || strings.HasPrefix(use, "-")):
		return usageErr("%s takes no argument but was given %s: %s", name, strings.Join(given, " "), more)
	case len(a) == 0 && known:
		return usageErr("%s needs %s: %s", name, operand.need, more)
	case len(a) == 0:
		return usageErr("%s needs %s: %s", name, use, more)
	case known && !strings.HasSuffix(placeholder, "..."):
		return usageErr("%s takes %s but was given %d, %s (quote a value with spaces): %s",
			name, operand.one, len(a), strings.Join(given, " "), more)
	}
	return usageErr("%s: %v", name, err)
}

// operands say in words what the placeholders of the commands' usage lines stand for
// ("standings INPUT..."): need when none is given, one for a command that takes exactly one.
var operands = map[string]struct{ need, one string }{
	"INPUT":   {"a results file (a workbook, a CSV or a tournament program's file)", "one results file"},
	"EVENT":   {"the results file of each event of the season", ""},
	"PLAYERS": {"the number of players", "one number"},
}
