package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/pipeline"
	"github.com/tbsheet/tbsheet/reader"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/resultfile"
)

func newConvertCmd() *cobra.Command {
	var (
		of            outputFlags
		from, players string
	)
	cmd := &cobra.Command{
		Use:   "convert INPUT -o OUTPUT",
		Short: "Convert results between formats (no standings needed)",
		Long: `Convert results to a hand-kept workbook (.xlsx: Players and Matches sheets, readable by
tbsheet and editable in Excel), a match-list CSV (.csv), the JSON model (.json, which tbsheet
reads back) or a FIDE TRF (.trf). Every output is rendered first, then written to a
temporary file and renamed into place; an output that is also an input is refused.`,
		Example: `  tbsheet convert dump.json -o results.xlsx
  tbsheet convert event.Tournament -o results.csv`,
		Args: args(cobra.ExactArgs(1)),
		RunE: func(cmd *cobra.Command, inputs []string) error {
			// The flags are checked as standings checks them, before anything is read.
			j, err := newJob(cmd, &calcFlags{}, &of, from, players, false, false)
			if err != nil {
				return err
			}
			if len(of.outputs) == 0 {
				return usageErr("convert: -o OUTPUT is required (%s)", strings.Join(resultfile.Results.Exts(), ", "))
			}
			if err := checkOutputs(inputs, of.outputs); err != nil {
				return err
			}
			if err := checkProduct(resultfile.Results, "", of.outputs); err != nil {
				return err
			}
			in := inputs[0]
			data, err := reader.ReadFile(in, j.ReadOpt.MaxSize)
			if err != nil {
				return inputErr(err)
			}
			file, events, err := j.events(data, in)
			if err != nil {
				return err
			}
			notes := pipeline.Notes(in, file, events, nil)
			defer func() { j.printNotes(cmd.ErrOrStderr(), notes) }()
			rendered, err := pipeline.RenderConvert(in, of.outputs, file, events, of.pod, j.WriteOpt)
			if err != nil {
				return outputErr(err)
			}
			names, files := roundFiles(rendered)
			if err := checkFiles(inputs, names); err != nil {
				return err
			}
			written, err := writer.WriteFiles(files)
			notes = append(notes, wroteNotes(written)...)
			return outputErr(err)
		},
	}
	fs := cmd.Flags()
	fs.StringArrayVarP(&of.outputs, "output", "o", nil, "write the results to `FILE` ("+strings.Join(resultfile.Results.Exts(), ", ")+"); repeatable")
	markOutputs(fs, "output")
	fs.StringVar(&from, "from", "", "force the input format instead of detecting it: "+strings.Join(formatIDs(), ", "))
	fs.StringVar(&players, "players", "", "a players `FILE` for inputs that lack one")
	fs.StringVar(&of.lang, "lang", "en", "language of headers: "+strings.Join(i18n.Langs(), ", "))
	fs.StringVar(&of.pod, "pod", "", "only this division of a multi-pod input")
	registerCSVSep(fs, &of.csvSep)
	registerQuiet(fs, &of.quiet)
	of.paper, of.by = "A4", "rank"
	return cmd
}
