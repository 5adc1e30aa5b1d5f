package main

import (
	"errors"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/pipeline"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/season"
	"github.com/tbsheet/tbsheet/writer/seasontable"
)

func newSeasonCmd() *cobra.Command {
	var (
		cf       calcFlags
		of       outputFlags
		sf       seasonFlags
		to, from string
		players  string
	)
	cmd := &cobra.Command{
		Use:   "season EVENT... --places 15,12,10,8,6,4",
		Short: "One season or league table across events: points by place or by results",
		Long: `Read the results of every event of a season (files, folders of them, or patterns such as
'2026/*.xlsx', in any format tbsheet reads, mixed), compute each event's final standings (a
top cut's finishes are places), and rank the players of the season by the points their
events give them:

  --places 15,12,10,8,6,4     points for 1st, 2nd, …; players sharing a place each get its points
  --tiers FILE                points for places by the event's size (one line per band:
                              "8-15: 80, 60, 50", "16+: 100, 80, 60"; see docs/season.md)
  --per-win 3 --per-draw 1 --attend 1
                              points per match won, drawn, and per event played (with
                              --places or --tiers, both count)
  --best N                    only each player's best N events count
  --multiplier FILE=2         a premier event's points count double

Players are matched across events by the ID their files give where it names a person in
every event (a Pokémon or Wizards ID, a KTS card number, a players list's ID), else by name
as the readers match names. Two spellings one typo apart are never joined on a guess: the
notes list them with their events and rounds, and --same "Jon Smith=John Smith" joins them
(under the second spelling). Equal points are broken by --ties (default: more events won,
then the better best finish, then head-to-head); players equal on all of them share a place.

The order of the events is their dates, then their names, whatever order they are given in.`,
		Example: `  tbsheet season 2026/ --places 15,12,10,8,6,4 --best 4
  tbsheet season locals-*.xlsx --per-win 3 --per-draw 1 --attend 1 -o league.xlsx -o league.pdf
  tbsheet season cups/ --tiers kickers.txt --multiplier cups/regional.tdf=2 --to json`,
		Args: args(cobra.MinimumNArgs(1)),
		RunE: func(cmd *cobra.Command, args []string) error {
			j, err := newJob(cmd, &cf, &of, from, players, false, false)
			if err != nil {
				return err
			}
			j.Title = "" // --title names the season, not each event
			args, locks := pipeline.SkipLocks(args)
			j.printNotes(cmd.ErrOrStderr(), locks)
			if err := checkProduct(seasontable.Product, to, nil); err != nil {
				return err
			}
			inputs, err := pipeline.SeasonInputs(args)
			if err != nil {
				return jobErr(err)
			}
			opt, err := sf.options()
			if err != nil {
				return err
			}
			opt.Name = strings.TrimSpace(of.title)
			if err := checkOutputs(inputs, of.outputs); err != nil {
				return err
			}
			if err := checkProduct(seasontable.Product, "", of.outputs); err != nil {
				return err
			}
			if err := checkFiles(inputs, pipeline.Plain(of.outputs)); err != nil {
				return err
			}
			stderr := cmd.ErrOrStderr()
			var notes []string
			defer func() { j.printNotes(stderr, notes) }()
			sts, readNotes, warnings, err := j.SeasonEvents(inputs)
			notes = append(notes, readNotes...)
			printLines(stderr, warnings)
			if err != nil {
				return jobErr(err)
			}
			s, err := pipeline.ComputeSeason(inputs, sts, sf.multipliers, opt)
			if err != nil {
				return seasonErr(err)
			}
			notes = append(notes, pipeline.SeasonNotes(s)...)
			files, err := pipeline.RenderSeason(s, of.outputs, j.WriteOpt)
			if err != nil {
				return outputErr(err)
			}
			if err := writeOutputs(files, &notes); err != nil || to == "" && len(of.outputs) > 0 {
				return err
			}
			return outputErr(seasontable.Product.Print(cmd.OutOrStdout(), to, []*season.Standings{s}, j.WriteOpt))
		},
	}
	fs := cmd.Flags()
	cf.register(fs)
	for _, name := range []string{"after-round", "show"} {
		fs.MarkHidden(name) // a season counts finished events, and shows no tiebreak of theirs
	}
	sf.register(fs)
	fs.StringArrayVarP(&of.outputs, "output", "o", nil, "write the season's table to `FILE` ("+strings.Join(seasontable.Product.Exts(), ", ")+"); repeatable")
	markOutputs(fs, "output")
	of.registerPages(fs)
	intFlag(fs, &of.cut, "cut", 0, 0, maxPlayersFlag, "draw a line under the first `N` players (those who qualify)")
	registerCSVSep(fs, &of.csvSep)
	fs.StringVar(&of.pod, "pod", "", "only this division of multi-pod inputs (Pokémon TOM: Junior, Senior, Masters)")
	fs.StringVar(&of.title, "title", "", "the season's name on every output")
	registerQR(fs, &of.qr)
	registerQuiet(fs, &of.quiet)
	of.by = "rank"
	fs.StringVar(&to, "to", "", seasontable.Product.ToHelp()+" (default table; nothing when -o is given)")
	fs.StringVar(&from, "from", "", "force the input format instead of detecting it: "+strings.Join(formatIDs(), ", "))
	fs.StringVar(&players, "players", "", "a players `FILE` (Name, ID, Dropped After, Rating) for inputs that lack one")
	return cmd
}

// seasonFlags are the flags that say how a season's points are earned (season, watch
// --season).
type seasonFlags struct {
	places, tiers, perWin, perDraw, attend string
	best                                   int
	multipliers, same, ties                []string
}

func (f *seasonFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&f.places, "places", "", "season points for 1st, 2nd, 3rd … place (`LIST`, e.g. 15,12,10,8,6,4)")
	fs.StringVar(&f.tiers, "tiers", "", "season points for places by the event's size, from `FILE` (lines such as \"8-15: 80, 60, 50\")")
	fs.StringVar(&f.perWin, "per-win", "", "season points per match won (`N`, byes included)")
	fs.StringVar(&f.perDraw, "per-draw", "", "season points per match drawn (`N`)")
	fs.StringVar(&f.attend, "attend", "", "season points per event played (`N`)")
	intFlag(fs, &f.best, "best", 0, 0, pipeline.MaxSeasonNumber, "count only each player's best `N` events (0: all)")
	fs.StringArrayVar(&f.multipliers, "multiplier", nil, "multiply one event's points: `FILE=X` (e.g. regional.tdf=2); repeatable")
	fs.StringArrayVar(&f.same, "same", nil, "two spellings of one player: `\"NAME=NAME\"` (listed under the second); repeatable")
	fs.StringSliceVar(&f.ties, "ties", nil, "order of the season's tiebreaks: "+strings.Join(season.Ties(), ", ")+
		" (default "+strings.Join(season.DefaultTies(), ",")+"); 'points' for none")
}

// options turns the flags into the season's rules; multipliers are matched to the events
// later (pipeline.ComputeSeason).
func (f *seasonFlags) options() (season.Options, error) {
	var opt season.Options
	r := &opt.Rules
	if f.places != "" && f.tiers != "" {
		return opt, usageErr("--places and --tiers: give one (a tier's line holds its places)")
	}
	for _, p := range strings.Split(f.places, ",") {
		if f.places == "" {
			break
		}
		v, err := pipeline.SeasonNumber("--places", p, false)
		if err != nil {
			return opt, jobErr(err)
		}
		r.Places = append(r.Places, v)
	}
	if f.tiers != "" {
		data, err := reader.ReadFile(f.tiers, 1<<20)
		if err != nil {
			return opt, inputErr(err)
		}
		if r.Tiers, err = season.ParseTiers(data, f.tiers); err != nil {
			return opt, inputErr(err)
		}
	}
	var err error
	if r.PerWin, err = pipeline.SeasonNumber("--per-win", f.perWin, false); err != nil {
		return opt, jobErr(err)
	}
	if r.PerDraw, err = pipeline.SeasonNumber("--per-draw", f.perDraw, false); err != nil {
		return opt, jobErr(err)
	}
	if r.Attend, err = pipeline.SeasonNumber("--attend", f.attend, false); err != nil {
		return opt, jobErr(err)
	}
	if len(r.Places) == 0 && len(r.Tiers) == 0 && r.PerWin.Sign() == 0 && r.PerDraw.Sign() == 0 && r.Attend.Sign() == 0 {
		return opt, usageErr("season: say how points are earned: --places 15,12,10,8,6,4, --tiers FILE, or --per-win, --per-draw and --attend")
	}
	if f.best < 0 || f.best > pipeline.MaxSeasonNumber {
		return opt, usageErr("--best %d: give a number of events (0: all)", f.best)
	}
	r.Best = f.best
	switch {
	case len(f.ties) == 1 && f.ties[0] == "points":
		r.Ties = []string{}
	case f.ties != nil:
		for _, t := range f.ties {
			if !slices.Contains(season.Ties(), t) {
				return opt, usageErr("--ties %q: use %s, or points alone", t, strings.Join(season.Ties(), ", "))
			}
		}
		r.Ties = f.ties
	}
	for _, s := range f.same {
		a, b, ok := strings.Cut(s, "=")
		if !ok || strings.TrimSpace(a) == "" || strings.TrimSpace(b) == "" {
			return opt, usageErr("--same %q: give two spellings of one player: \"Jon Smith=John Smith\"", s)
		}
		opt.Same = append(opt.Same, [2]string{a, b})
	}
	opt.NameKey = reader.NameKey
	return opt, nil
}

// seasonErr gives an error of ranking a season its exit code: a usage error (a
// multiplier, the rules), else a failure.
func seasonErr(err error) error {
	if errors.Is(err, calc.ErrUsage) {
		return usageErr("%v", err)
	}
	return failure(err)
}

// newSeasonWatch starts the season of tbsheet watch --season (pipeline.Job.NewSeasonWatch).
func (j *job) newSeasonWatch(inputs, outputs []string, sf seasonFlags) (*pipeline.SeasonWatch, error) {
	opt, err := sf.options()
	if err != nil {
		return nil, err
	}
	w, err := j.NewSeasonWatch(inputs, outputs, sf.multipliers, opt)
	return w, jobErr(err)
}
