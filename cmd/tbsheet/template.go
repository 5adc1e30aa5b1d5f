package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/tbsheet/tbsheet/calc"
	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/writer"
	"github.com/tbsheet/tbsheet/writer/resultfile"
)

func newTemplateCmd() *cobra.Command {
	var (
		output       string
		rounds       int
		lang, system string
		force, quiet bool
	)
	cmd := &cobra.Command{
		Use:   "template -o FILE.xlsx",
		Short: "Write a blank hand-kept results workbook, ready to fill in",
		Long: `Write a blank results workbook: a Players sheet (Name, ID, Dropped After, Rating), one
sheet per round (Table, Player 1, Player 2, Result, with a dropdown of the result forms
tbsheet reads) and short instructions in English, Chinese and Japanese.

A file that exists already (the results being entered, most likely) is not replaced unless
--force says so.`,
		Example: `  tbsheet template -o results.xlsx --rounds 5
  tbsheet template -o league-cup.xlsx --system pokemon
  tbsheet template -o 成绩.xlsx --lang zh --system yugioh`,
		Args: args(cobra.NoArgs),
		RunE: func(cmd *cobra.Command, _ []string) error {
			if output == "" {
				return usageErr("template: -o FILE.xlsx is required")
			}
			if !strings.EqualFold(filepath.Ext(output), ".xlsx") {
				return usageErr("template: %s: the template is an .xlsx workbook", output)
			}
			if !contains(i18n.Langs(), lang) {
				return usageErr("--lang %q: use %s", lang, strings.Join(i18n.Langs(), ", "))
			}
			if system != "" {
				s, ok := calc.LookupSystem(system)
				if !ok {
					return usageErr("--system %q: use %s", system, systemNames())
				}
				system = s.Name
			}
			if fi, err := os.Stat(output); err == nil && !fi.IsDir() && !force {
				return usageErr("template: %s exists: a blank workbook would replace it (--force replaces it; or choose another name)", output)
			}
			err := writer.AtomicFile(output, func(w io.Writer) error {
				return resultfile.WriteTemplate(w, rounds, system, writer.Options{Lang: lang})
			})
			if err != nil {
				return outputErr(err)
			}
			if !quiet {
				printLines(cmd.ErrOrStderr(), wroteNotes([]string{output}))
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&output, "output", "o", "", "the workbook to write")
	intFlag(cmd.Flags(), &rounds, "rounds", 5, 1, 30, "number of round sheets")
	cmd.Flags().StringVar(&lang, "lang", "en", "language of headers and sheet names: "+strings.Join(i18n.Langs(), ", "))
	cmd.Flags().BoolVar(&force, "force", false, "replace the file if it exists")
	cmd.Flags().StringVar(&system, "system", "", "the game whose rules rank and pair the event, written on the Event sheet: "+systemNames()+" (default: chosen on the Event sheet, else Magic's)")
	registerQuiet(cmd.Flags(), &quiet)
	return cmd
}
