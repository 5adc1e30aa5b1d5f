package pipeline

import (
	"context"
	"errors"
	"time"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/pairings"
	"github.com/tbsheet/tbsheet/scenario"
	"github.com/tbsheet/tbsheet/serve"
	"github.com/tbsheet/tbsheet/topcut"
	"github.com/tbsheet/tbsheet/watch"
)

// Serve is what tbsheet serve runs on each save ([Serve.Run]): compute the standings of the
// bytes read, the round being played and its scenarios, and publish them on commit (once
// the save has settled), so that open pages show them.
type Serve struct {
	*Job
	// ScenarioOpt are the scenarios' options; a Cut of 0 analyses none.
	ScenarioOpt scenario.Options
	// Season keeps a season's table over the input and other events (nil: none).
	Season *SeasonWatch
	// Quiet leaves the notes out of the summary.
	Quiet bool
	// Warn prints the warnings of a run when it is committed.
	Warn func(lines []string)
	// Publish shows a snapshot on the pages (serve.Server.Publish).
	Publish func(*serve.Snapshot)
}

// Run is a watch.Job: what the pages show of the bytes watch read, published on commit.
func (s *Serve) Run(ctx context.Context, input string, data []byte) (watch.Prepared, error) {
	r, err := s.Compute(data, input)
	if err != nil {
		return watch.Prepared{}, err
	}
	snap := &serve.Snapshot{}
	var notes []string
	for _, st := range r.Standings {
		d, note, err := s.Division(ctx, st)
		if err != nil {
			return watch.Prepared{}, err
		}
		if note != "" {
			notes = append(notes, note)
		}
		snap.Divisions = append(snap.Divisions, d)
	}
	writeSeason := func() error { return nil }
	if s.Season != nil {
		var seasonNotes []string
		if snap.Season, writeSeason, seasonNotes, err = s.Season.Prepare(input, r.Standings, s.WriteOpt); err != nil {
			return watch.Prepared{}, err
		}
		notes = append(notes, seasonNotes...)
	}
	sum := Summarize(r.Standings, nil)
	if !s.Quiet {
		sum.Notes = append(r.Notes, notes...)
	}
	commit := func() error {
		if err := writeSeason(); err != nil {
			return err
		}
		s.Warn(r.Warnings)   // self-check differences, with the results they come with
		snap.At = time.Now() // when the pages started showing it
		s.Publish(snap)
		return nil
	}
	return watch.Prepared{Summary: sum, Commit: commit}, nil
}

// Division computes what the pages show of one division's standings: its top cut, the round
// being played (none when every paired round has its results) and, with a cut, the Swiss
// round's scenarios. A round the scenarios cannot analyse is a note, not a broken save: the
// other pages stand.
func (s *Serve) Division(ctx context.Context, st *calc.Standings) (serve.Division, string, error) {
	d := serve.Division{Standings: st, Bracket: topcut.Read(st)}
	p, err := pairings.Compute(st.Event, pairings.Options{Calc: s.CalcOpt})
	switch {
	case errors.Is(err, pairings.ErrNoRound):
		return d, "", nil
	case err != nil:
		return d, "", err
	}
	d.Pairings = p
	if s.ScenarioOpt.Cut == 0 || p.Bracket != nil { // scenarios analyse Swiss rounds
		return d, "", nil
	}
	rep, err := scenario.Analyze(ctx, st.Event, s.ScenarioOpt)
	switch {
	case ctx.Err() != nil:
		return d, "", ctx.Err()
	case err != nil:
		return d, "note: scenarios: " + err.Error(), nil
	}
	d.Scenarios = rep
	return d, "", nil
}
