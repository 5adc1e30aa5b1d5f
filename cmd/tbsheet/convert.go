package main

import (
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/writer"
)

// convertTargets maps an output to what is written there: the whole event, or, for a
// multi-pod input and a one-event format (.xlsx, .csv, .trf), one file per division named
// after it (results-masters.xlsx). The JSON model keeps the divisions in one file.
func convertTargets(out string, ev *tbsheet.Event, pod string) map[string]*tbsheet.Event {
	if len(ev.Pods) == 0 || strings.EqualFold(filepath.Ext(out), ".json") && pod == "" {
		return map[string]*tbsheet.Event{out: ev}
	}
	targets := map[string]*tbsheet.Event{}
	for _, p := range ev.Pods {
		if pod == "" || strings.EqualFold(p.Pod, pod) {
			targets[withTag(out, p.Pod)] = p
		}
	}
	return targets
}

func newConvertCmd() *cobra.Command {
	var (
		outputs       []string
		from, players string
		lang, pod     string
	)
	cmd := &cobra.Command{
		Use:   "convert INPUT -o OUTPUT",
		Short: "Convert results between formats (no standings needed)",
		Long: `Convert results to a hand-kept workbook (.xlsx: Players and Matches sheets, readable by
tbsheet and editable in Excel), a match-list CSV (.csv), the JSON model (.json) or a FIDE TRF
(.trf). The output is written to a temporary file and renamed into place; an output that is
also an input is refused.`,
		Example: `  tbsheet convert dump.json -o results.xlsx
  tbsheet convert event.Tournament -o results.csv`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, inputs []string) error {
			if len(outputs) == 0 {
				return usageErr("convert: -o OUTPUT is required (%s)", strings.Join(writer.EventExts(), ", "))
			}
			if err := checkOutputs(inputs, outputs); err != nil {
				return err
			}
			opt := reader.Options{}
			var err error
			if opt.MaxSize, err = maxSize(cmd); err != nil {
				return err
			}
			if players != "" {
				list, err := reader.ReadPlayers(players)
				if err != nil {
					return inputErr(err)
				}
				opt.Players = list
			}
			ev, err := reader.Read(inputs[0], from, opt)
			if err != nil {
				return inputErr(err)
			}
			for _, out := range outputs {
				for path, e := range convertTargets(out, ev, pod) {
					if err := writer.WriteEvent(path, e, writer.Options{Lang: lang}); err != nil {
						return outputErr(err)
					}
				}
			}
			return nil
		},
	}
	cmd.Flags().StringArrayVarP(&outputs, "output", "o", nil, "write the results to `FILE` ("+strings.Join(writer.EventExts(), ", ")+"); repeatable")
	cmd.Flags().StringVar(&from, "from", "", "force the input format")
	cmd.Flags().StringVar(&players, "players", "", "a players `FILE` for inputs that lack one")
	cmd.Flags().StringVar(&lang, "lang", "en", "language of headers: "+strings.Join(writer.Langs(), ", "))
	cmd.Flags().StringVar(&pod, "pod", "", "only this division of a multi-pod input")
	return cmd
}
