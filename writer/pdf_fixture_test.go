package writer

import (
	"bytes"
	"testing"

	"github.com/tbsheet/tbsheet/calc"
)

// Synthetic names for large standings: Latin (with Polish, Turkish, Spanish, French
// letters), Chinese and Japanese, combined so that few repeat.
var (
	latinFirst = []string{"Carol", "Łukasz", "Sophie", "Mateo", "Aiyana", "Noah", "Zoë", "Émile",
		"Gökhan", "Ingrid", "Rafael", "Priya", "Oliver", "Ximena", "Bartosz", "Chloé", "Kwame"}
	latinLast = []string{"Smith", "Żółć", "Dubois", "García", "Nakamura", "Yılmaz", "Novák",
		"O'Brien", "Schäfer", "Fernández", "Kowalczyk", "Lindqvist", "Okafor", "Brontë"}
	zhFamily = []string{"王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周"}
	zhGiven  = []string{"伟", "芳", "娜", "秀英", "敏", "静", "磊", "洋", "艳", "小明", "子涵", "浩然"}
	jaFamily = []string{"山田", "鈴木", "佐藤", "高橋", "田中", "渡辺", "伊藤", "中村", "小林"}
	jaGiven  = []string{"太郎", "さくら", "翔太", "美咲", "陽菜", "蓮", "結衣", "大輝", "ひなた"}
)

// syntheticName returns player i's name: three in five Latin, then one Chinese and one
// Japanese, unique up to about 190 players; every 23rd Latin name is long (it is set smaller
// on paper) and every 41st very long (it is cut).
func syntheticName(i int) string {
	k := i / 5
	switch i % 5 {
	case 1:
		return zhFamily[k%len(zhFamily)] + zhGiven[(k+k/len(zhFamily))%len(zhGiven)]
	case 3:
		return jaFamily[k%len(jaFamily)] + " " + jaGiven[(k+k/len(jaFamily))%len(jaGiven)]
	}
	k = 3*k + (i%5)/2
	first, last := latinFirst[k%len(latinFirst)], latinLast[(k+k/len(latinFirst))%len(latinLast)]
	switch {
	case k%41 == 40:
		return first + " " + last + " Wolfeschlegelsteinhausenbergerdorff Montgomery-Featherstonehaugh"
	case k%23 == 22:
		return first + " María de los Ángeles " + last + " Castillo"
	}
	return first + " " + last
}

// renderPDF writes st as a PDF and returns it with the warnings given.
func renderPDF(t testing.TB, st *calc.Standings, opt Options) ([]byte, []string) {
	t.Helper()
	var warnings []string
	opt.Warn = func(msg string) { warnings = append(warnings, msg) }
	var buf bytes.Buffer
	if err := writePDF(&buf, st, opt); err != nil {
		t.Fatalf("writePDF: %v", err)
	}
	return buf.Bytes(), warnings
}
