package pipeline

import (
	"path/filepath"
	"strings"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/resultfile"
)

// ConvertTarget is one file tbsheet convert writes and the event it receives.
type ConvertTarget struct {
	Named
	Event *tbsheet.Event
}

// ConvertTargets lists what is written for an output: the whole event (file), or, for a
// multi-pod input and a one-event format (.xlsx, .csv, .trf) or a division asked for (pod),
// one file per division of events named after it (results-masters.xlsx). The JSON model
// keeps the divisions in one file.
func ConvertTargets(input, out string, file *tbsheet.Event, events []*tbsheet.Event, pod string) []ConvertTarget {
	if len(file.Pods) == 0 || strings.EqualFold(filepath.Ext(out), ".json") && pod == "" {
		return []ConvertTarget{{Named{Path: out, Output: out, Input: input}, file}}
	}
	var targets []ConvertTarget
	for _, e := range events {
		targets = append(targets, ConvertTarget{Named{Path: WithTag(out, e.Pod), Output: out, Input: input}, e})
	}
	return targets
}

// RenderConvert renders the results of an input (its file event and the events of its
// divisions, see [ConvertTargets]) for every output, in memory.
func RenderConvert(input string, outputs []string, file *tbsheet.Event, events []*tbsheet.Event, pod string, opt writer.Options) ([]RoundFile, error) {
	var files []RoundFile
	for _, out := range outputs {
		for _, t := range ConvertTargets(input, out, file, events, pod) {
			data, err := resultfile.Results.Render(t.Path, t.Event, opt)
			if err != nil {
				return nil, err
			}
			files = append(files, RoundFile{Named: t.Named, Data: data})
		}
	}
	return files, nil
}
