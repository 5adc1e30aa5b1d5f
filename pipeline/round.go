package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/handkept"
	"github.com/tbsheet/tbsheet/pairings"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/scenario"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/roundsheet"
	"github.com/tbsheet/tbsheet/writer/scenariosheet"
)

// This file is the job of the commands about one round (pairings, scenarios, pair): read
// the input into the events of its divisions, list or analyse a round of each, and render
// what they made of each division for every output.

// Input is one input read for a command about one round: its bytes, the file's event and
// the events to work on, one per division (Pod keeps one), and what to tell the organizer.
type Input struct {
	// Name is the input's name in messages ("stdin" for standard input).
	Name string
	Data []byte
	File *tbsheet.Event
	// Events are the file's event, or its divisions.
	Events []*tbsheet.Event
	// Notes are the system's and the reader's notes, each "note: FILE: …"; Warnings what
	// is likely a mistake in the input, each "warning: FILE: …".
	Notes, Warnings []string
}

// ReadInput reads an input (reader.Stdin for standard input) for a command about one
// round. With Strict, warnings are an error returned with the Input (the warnings are
// printed first).
func (j *Job) ReadInput(path string) (*Input, error) {
	data, err := reader.ReadFile(path, j.ReadOpt.MaxSize)
	if err != nil {
		return nil, err
	}
	in := &Input{Name: reader.InputName(path), Data: data}
	if in.File, in.Events, err = j.Events(data, in.Name); err != nil {
		return nil, err
	}
	in.Warnings = Warnings(in.Name, in.Events)
	in.Notes = append(j.SystemNotes(in.Name, in.Events), Notes(in.Name, in.File, in.Events, nil)...)
	return in, j.StrictErr(in.Warnings)
}

// ParseRound reads the round a command is asked about: a round number ("3", "Round 3",
// "第3轮", "Playoff 6"), or a playoff round's name as hand-kept workbooks write it ("QF",
// "Top 8", "半决赛"), which is its stage (8 for the quarterfinals). "" asks for neither;
// anything else is a usage error.
func ParseRound(s string) (number, stage int, err error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, 0, nil
	}
	if n, ok := handkept.RoundSheetNumber(s); ok {
		return n, 0, nil
	}
	if n, ok := handkept.PlayoffRoundNumber(s); ok {
		return n, 0, nil
	}
	if st, ok := handkept.PlayoffStage(s); ok {
		return 0, st, nil
	}
	return 0, 0, usagef("--round %s: give a round number (3) or a playoff round's name (QF, SF, F, Top 8)", tbsheet.Quote(s))
}

// ListPairings lists one event's pairings (pairings.Compute); an event with no round
// waiting for results is the input's error, which says what --round does.
func ListPairings(ev *tbsheet.Event, opt pairings.Options) (*pairings.Pairings, error) {
	p, err := pairings.Compute(ev, opt)
	return p, roundErr(ev, err, "--round N lists round N")
}

// Analyze runs the scenario analysis of one event (scenario.Analyze); an event with no
// round waiting for results is the input's error, which says what --round does.
func Analyze(ctx context.Context, ev *tbsheet.Event, opt scenario.Options) (*scenario.Report, error) {
	rep, err := scenario.Analyze(ctx, ev, opt)
	return rep, roundErr(ev, err, "--round N analyses round N as it stood before it was played")
}

// roundErr is the error of a command about one round of ev: no round waiting for results
// is the input's error (hint says what --round does); any other error is returned as it is
// (a round the event does not have is calc's usage error).
func roundErr(ev *tbsheet.Event, err error, hint string) error {
	if errors.Is(err, pairings.ErrNoRound) {
		return fmt.Errorf("%s: %w: every paired Swiss round has its results (%s)", ev.Source, err, hint)
	}
	return err
}

// RoundFile is one file of what a command about one round made of a division: its name,
// the output (-o) it is named after, the input it is written for, and its bytes.
type RoundFile struct {
	Named
	Data []byte
}

// RenderRound renders what a command about one round made of each division (all) for
// every output, in memory: several divisions get one file each, named after the output
// with the division added (event says whose division).
func RenderRound[T any](all []T, outputs []string, event func(T) *tbsheet.Event, render func(path string, v T) ([]byte, error)) ([]RoundFile, error) {
	var files []RoundFile
	for _, out := range outputs {
		for _, v := range all {
			ev := event(v)
			path := out
			if len(all) > 1 {
				path = WithTag(out, ev.Pod)
			}
			data, err := render(path, v)
			if err != nil {
				return nil, err
			}
			files = append(files, RoundFile{Named: Named{Path: path, Output: out, Input: ev.Source}, Data: data})
		}
	}
	return files, nil
}

// WriterFiles are the files as writer.WriteFiles takes them.
func WriterFiles(files []RoundFile) []writer.File {
	out := make([]writer.File, len(files))
	for i, f := range files {
		out[i] = writer.File{Path: f.Path, Data: f.Data}
	}
	return out
}

// pairingsEvent is the event pairings belong to.
func pairingsEvent(p *pairings.Pairings) *tbsheet.Event { return p.Event }

// RenderPairings renders every division's pairings for every output (see [RenderRound]).
func RenderPairings(all []*pairings.Pairings, outputs []string, lists roundsheet.PairingsLists, opt writer.Options) ([]RoundFile, error) {
	return RenderRound(all, outputs, pairingsEvent, func(path string, p *pairings.Pairings) ([]byte, error) {
		return roundsheet.Pairings.Render(path, roundsheet.PairingsDoc{Pairings: p, Lists: lists}, opt)
	})
}

// RenderPair renders every division's new round (tbsheet pair) for every output: a .json
// file is the round as docs/pair.md gives it, any other what RenderPairings writes (see
// [RenderRound]).
func RenderPair(all []*pairings.Pairings, outputs []string, lists roundsheet.PairingsLists, opt writer.Options) ([]RoundFile, error) {
	return RenderRound(all, outputs, pairingsEvent, func(path string, p *pairings.Pairings) ([]byte, error) {
		if strings.EqualFold(filepath.Ext(path), ".json") {
			var b bytes.Buffer
			err := roundsheet.WritePairJSON(&b, p)
			return b.Bytes(), err
		}
		return roundsheet.Pair.Render(path, roundsheet.PairingsDoc{Pairings: p, Lists: lists}, opt)
	})
}

// RenderSlips renders every division's result slips for each slips file (see
// [RenderRound]).
func RenderSlips(all []*pairings.Pairings, files []string, opt writer.Options) ([]RoundFile, error) {
	return RenderRound(all, files, pairingsEvent, func(path string, p *pairings.Pairings) ([]byte, error) {
		return roundsheet.Slips.Render(path, p, opt)
	})
}

// RenderScenarios renders every division's scenarios for every output (see [RenderRound]).
func RenderScenarios(reps []*scenario.Report, outputs []string, opt writer.Options) ([]RoundFile, error) {
	return RenderRound(reps, outputs, func(rep *scenario.Report) *tbsheet.Event { return rep.Event },
		func(path string, rep *scenario.Report) ([]byte, error) {
			return scenariosheet.Product.Render(path, rep, opt)
		})
}

// PairingsDocs are every division's pairings, each with the lists its outputs hold.
func PairingsDocs(all []*pairings.Pairings, lists roundsheet.PairingsLists) []roundsheet.PairingsDoc {
	docs := make([]roundsheet.PairingsDoc, len(all))
	for i, p := range all {
		docs[i] = roundsheet.PairingsDoc{Pairings: p, Lists: lists}
	}
	return docs
}
