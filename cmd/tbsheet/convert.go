package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/writer"
)

func newConvertCmd() *cobra.Command {
	var (
		outputs       []string
		from, players string
		lang          string
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
				if err := writer.WriteEvent(out, ev, writer.Options{Lang: lang}); err != nil {
					return outputErr(err)
				}
			}
			return nil
		},
	}
	cmd.Flags().StringArrayVarP(&outputs, "output", "o", nil, "write the results to `FILE` (.xlsx, .csv, .json, .trf); repeatable")
	cmd.Flags().StringVar(&from, "from", "", "force the input format")
	cmd.Flags().StringVar(&players, "players", "", "a players `FILE` for inputs that lack one")
	cmd.Flags().StringVar(&lang, "lang", "en", "language of headers: en, zh, ja")
	return cmd
}
