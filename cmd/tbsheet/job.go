package main

import (
	"errors"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/pipeline"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/scenario"
)

// job is the pipeline's job as the flags configure it, and what a command adds to it: -q,
// and for watch and serve the other products kept with the standings.
type job struct {
	*pipeline.Job
	quiet bool // -q: no notes, no "wrote" lines
	// scenarios, for watch, maps an input to the scenario files written for it (none
	// when nil), analysed with scenarioOpt.
	scenarios   func(input string) []string
	scenarioOpt scenario.Options
	// pairings, for watch, maps an input to the pairing files written for it (none when
	// nil).
	pairings func(input string) []string
	// season, for watch --season, keeps a season's table over every input (nil: none).
	season *pipeline.SeasonWatch
}

func newJob(cmd *cobra.Command, cf *calcFlags, of *outputFlags, from, players string, final, check bool) (*job, error) {
	j := &job{Job: &pipeline.Job{From: from, Pod: of.pod, Check: check, Title: strings.TrimSpace(of.title), Strict: cf.strict},
		quiet: of.quiet}
	var err error
	if j.CalcOpt, err = cf.options(); err != nil {
		return nil, err
	}
	// The writers build each explanation as they write it (calc.Standings.Figure): a large
	// event's explanations are never all held at once.
	j.CalcOpt.NoExplain = true
	if j.WriteOpt, err = of.writerOptions(cmd.ErrOrStderr()); err != nil {
		return nil, err
	}
	if j.ReadOpt.MaxSize, err = maxSize(cmd); err != nil {
		return nil, err
	}
	if from != "" {
		if _, ok := reader.Lookup(from); !ok {
			return nil, usageErr("--from %q: use %s", from, strings.Join(formatIDs(), ", "))
		}
	}
	if cmd.Flags().Changed("final") {
		j.Final = &final
	}
	if players != "" {
		if err := j.ReadPlayers(players); err != nil {
			return nil, inputErr(err)
		}
	}
	return j, nil
}

// jobErr gives an error of the pipeline its exit code: a usage error (an option the input
// cannot honour: --pod, an unknown tiebreak) or bad input.
func jobErr(err error) error {
	if errors.Is(err, calc.ErrUsage) {
		return usageErr("%v", err)
	}
	return inputErr(err)
}

// events reads an input already read into the file's event and the events to rank
// (pipeline.Job.Events).
func (j *job) events(data []byte, path string) (*tbsheet.Event, []*tbsheet.Event, error) {
	file, events, err := j.Events(data, path)
	return file, events, jobErr(err)
}

// compute reads one input and returns its standings, one per division, printing its
// warnings and (unless -q) its notes to w.
func (j *job) compute(path string, w io.Writer) ([]*calc.Standings, error) {
	r, err := j.ReadFile(path)
	if r != nil {
		printLines(w, r.Warnings)
		j.printNotes(w, r.Notes)
	}
	if err != nil {
		return nil, jobErr(err)
	}
	return r.Standings, nil
}

// write renders every file, then writes them together (writer.RenderedFiles.Write), and
// returns the files written. A file that cannot be written does not keep the others from
// being written; the error names it.
func (j *job) write(files []pipeline.File) ([]string, error) {
	r := j.Render(files)
	err := r.Write()
	return r.Written(), outputErr(err)
}
