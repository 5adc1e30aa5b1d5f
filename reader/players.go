package reader

import (
	"github.com/tbsheet/tbsheet"
	"github.com/tbsheet/tbsheet/handkept"
)

// ReadPlayers reads a players list for [Options.Players] (the CLI's --players FILE): a CSV,
// or a workbook's Players sheet (else its first sheet with a Name header), with the columns
// Name, ID, Dropped After and Rating (only Name is required; headers in English, Chinese or
// Japanese). A player without an ID gets his name as ID. Problems come back as a
// tbsheet.ErrorList: a name or ID listed twice, a Dropped After that is not a round; the
// players read are returned with them, so that the results can be read too and every
// problem reported in one run. KTS's own players export ("ID","First Name","Last Name") is
// read as such.
func ReadPlayers(path string) ([]tbsheet.Player, error) {
	data, err := ReadFile(path, 0)
	if err != nil {
		return nil, err
	}
	path = InputName(path)
	var players []tbsheet.Player
	if _, ok := ktsCSV(data, ktsPlayersHeader); ok {
		players, err = ReadKTSPlayers(data, path)
	} else {
		players, err = readPlayersBytes(data, path)
	}
	cleanPlayerNames(players)
	if err != nil {
		return players, finishErrors(err, data, path, false)
	}
	return players, nil
}

func readPlayersBytes(data []byte, file string) ([]tbsheet.Player, error) {
	var errs problems
	var players []tbsheet.Player
	if isWorkbook(data) || likelyWorkbook(data) {
		// A workbook, or a zip or Office file its reader explains (cut short, encrypted).
		wb, err := openWorkbook(data, file, Options{}.limits())
		if err != nil {
			return nil, err
		}
		sheet := ""
		for _, name := range wb.sheets {
			if handkept.SheetKind(name) == "players" {
				sheet = name
				break
			}
		}
		if sheet == "" {
			sheet = wb.firstSheetWith(playersHeader)
		}
		if sheet == "" {
			return nil, tbsheet.Errorf(tbsheet.Pos{File: file}, tbsheet.ErrFormat,
				"no sheet named Players and no sheet with a Name column in its first %d rows", headerScan)
		}
		players, _ = wb.readPlayers(sheet, &errs)
	} else {
		text, enc, bad := decodeText(data)
		if bad > 0 {
			return nil, unknownEncoding(file, enc, bad)
		}
		if err := checkWidth(text, file); err != nil {
			return nil, err
		}
		src, hd, first := openCSV(text, file, playersHeader)
		if hd == nil {
			return nil, noCSVHeader(file, enc, src, first, "a Name column")
		}
		players = readPlayers(src, hd, &errs)
	}
	return players, errs.Err()
}

// firstSheetWith returns the first sheet whose first rows hold a header kind accepts, or "".
func (wb *workbook) firstSheetWith(kind headerKind) string {
	for _, name := range wb.sheets {
		src, err := wb.sheet(name)
		if err != nil {
			continue
		}
		hd, _ := findHeader(src, kind)
		src.close()
		if hd != nil {
			return name
		}
	}
	return ""
}
