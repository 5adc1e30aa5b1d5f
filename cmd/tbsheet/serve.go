package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/tbsheet/tbsheet/pipeline"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/serve"
	"github.com/tbsheet/tbsheet/watch"
)

func newServeCmd() *cobra.Command {
	var (
		cf            calcFlags
		of            outputFlags
		sf            scenarioFlags
		from, players string
		final         bool
		addr          string
		poll          time.Duration
		maxLive       int
		seasonSrc     []string
		seasonRules   seasonFlags
	)
	cmd := &cobra.Command{
		Use:   "serve INPUT [--addr :8080]",
		Short: "Show live standings and pairings as web pages on the venue's network",
		Long: `Serve the standings, the pairings of the round being played and, with --cut, its
scenarios as small web pages that every phone and the venue's TV can open, and update
them on every save of INPUT (as 'tbsheet watch' does). Players search their name on the
first page to see their table, their opponent, their record and rank; /tv shows a list
in large type for a screen across the room and pages through it by itself.

The terminal prints the addresses to type and a QR code to scan. A save that cannot be
read keeps the last good results on show, with a notice that results are being edited.
The pages only show: nothing on them changes anything. Ctrl-C stops.

--addr chooses where to listen: :8080 (the default) is every network of this computer;
127.0.0.1:8080 this computer alone; 192.168.1.20:8080 that network alone.

--season EVENTS adds a page with the season's table over those events (files, folders,
patterns) and INPUT's, updated on every save of INPUT; its flags say how points are earned
(see 'tbsheet season').`,
		Example: `  tbsheet serve results.xlsx
  tbsheet serve results.xlsx --addr :8080 --cut 8 --lang ja
  tbsheet serve results.xlsx --season league/ --places 15,12,10,8,6,4 --best 4`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, inputs []string) error {
			j, err := newJob(cmd, &cf, &of, from, players, final, false)
			if err != nil {
				return err
			}
			input := inputs[0]
			if input == reader.Stdin {
				return usageErr("serve: standard input (-) cannot be watched: give the file")
			}
			if pipeline.IsDir(input) {
				return usageErr("serve %s: give one results file, not a folder", input)
			}
			if of.cut > 0 {
				if j.scenarioOpt, err = sf.options(j.CalcOpt, of.cut); err != nil {
					return err
				}
			}
			if len(seasonSrc) > 0 {
				if j.season, err = j.newSeasonWatch(append(slices.Clone(seasonSrc), input), nil, seasonRules); err != nil {
					return err
				}
			}
			if _, err := os.Stat(input); err != nil {
				if errors.Is(err, fs.ErrNotExist) {
					return writesNothing(inputErr(fmt.Errorf("%s: no such file", input)))
				}
				return writesNothing(inputErr(fmt.Errorf("%s: %w", input, errors.Unwrap(err))))
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return failure(fmt.Errorf("serve: %w%s", err, listenHint(err)))
			}
			srv := serve.New(serve.Config{Writer: j.WriteOpt, Scenarios: of.cut > 0, MaxLive: maxLive, Season: j.season != nil})
			out := cmd.OutOrStdout()
			printAddresses(out, serve.URLs(ln.Addr()))

			sig, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			go func() { <-sig.Done(); stop() }() // a second Ctrl-C ends the process at once
			ctx, cancel := context.WithCancelCause(sig)
			defer cancel(nil)
			served := make(chan error, 1)
			go func() {
				err := srv.Run(ctx, ln)
				cancel(err) // the server failing stops the watch
				served <- err
			}()
			cfg := watch.Config{Inputs: inputs, Exts: reader.Exts(), Poll: poll, MaxSize: j.ReadOpt.MaxSize,
				Log: out, Errors: cmd.ErrOrStderr(), Broken: srv.Broken}
			err = watch.Run(ctx, cfg, j.serveJob(srv, cmd.ErrOrStderr()))
			cancel(nil)
			if serr := <-served; serr != nil && err == nil {
				err = serr
			}
			if err != nil {
				return failure(err)
			}
			return nil
		},
	}
	fs := cmd.Flags()
	cf.register(fs)
	fs.MarkHidden("after-round") // the pages show the round being played
	fs.StringVar(&of.lang, "lang", "en", "language of a page whose browser asks for none tbsheet speaks: en, zh, ja")
	fs.StringVar(&of.by, "by", "rank", "order of the standings page: rank, name or family (as standings --by)")
	intFlag(fs, &of.cut, "cut", 0, 0, maxPlayersFlag, "draw a top-cut line under `N` players, and show the round's scenarios for a top N")
	fs.StringVar(&of.pod, "pod", "", "only this division of a multi-pod input (Pokémon TOM: Junior, Senior, Masters)")
	fs.StringVar(&of.title, "title", "", "the event's name on the pages (default: the input's own, else the file name)")
	of.paper, of.csvSep = "A4", "," // what these pages do not print
	fs.StringVar(&from, "from", "", "force the input format instead of detecting it: "+strings.Join(formatIDs(), ", "))
	fs.StringVar(&players, "players", "", "a players `FILE` (Name, ID, Dropped After, Rating) for inputs that lack one (read once, at start)")
	fs.BoolVar(&final, "final", false, "final standings after a top cut (default when the input has playoff rounds)")
	registerQuiet(fs, &of.quiet)
	fs.StringVar(&addr, "addr", ":8080", "listen on `HOST:PORT`: :8080 every network of this computer, 127.0.0.1:8080 this computer alone")
	durationFlag(fs, &poll, "poll", 0, minPoll, maxPoll, "check the input every `INTERVAL` (e.g. 2s) instead of waiting for events: for network drives")
	intFlag(fs, &maxLive, "max-live", serve.DefaultMaxLive, 1, serve.MaxLive, "the most pages that update live at once (`N`); more still load, without updating")
	fs.StringArrayVar(&seasonSrc, "season", nil, "also show the season's table over these `EVENTS` (files, folders, patterns) and INPUT's (see 'tbsheet season'); repeatable")
	seasonRules.register(fs)
	intFlag(fs, &sf.rounds, "rounds", 0, 0, maxRoundFlag, "the event plans `N` Swiss rounds (default: what the input says), for the scenarios' outlook")
	return cmd
}

// listenHint says what to do about an address serve cannot listen on.
func listenHint(err error) string {
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		return " (another program is using that port: try --addr :8081)"
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return " (this computer has no such address: --addr :8080 listens on all of its own)"
	case errors.Is(err, syscall.EACCES):
		return " (ports under 1024 need administrator rights: try --addr :8080)"
	}
	return ""
}

// printAddresses tells the organizer what to type in a browser, and shows the first
// address as a QR code for a phone's camera.
func printAddresses(w io.Writer, urls []string) {
	fmt.Fprintln(w, "Open on a phone or the TV (same network):")
	for _, u := range urls {
		fmt.Fprintln(w, "  "+u)
	}
	if qr, err := serve.TextQR(urls[0]); err == nil {
		fmt.Fprint(w, qr)
	}
	fmt.Fprintln(w, "  "+urls[0]+"tv for the TV; --qr "+urls[0]+" puts this code on the printed PDFs")
}

// serveJob is what watch runs on each save for serve (pipeline.Serve): the pages of srv
// show each save once it has settled, and its warnings are printed to warn.
func (j *job) serveJob(srv *serve.Server, warn io.Writer) watch.Job {
	s := &pipeline.Serve{Job: j.Job, ScenarioOpt: j.scenarioOpt, Season: j.season, Quiet: j.quiet,
		Warn: func(lines []string) { printLines(warn, lines) }, Publish: srv.Publish}
	return s.Run
}
