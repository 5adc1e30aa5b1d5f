package writer

// The words of printed workbooks, of explanations beside their arithmetic and of the list
// by family name (see xlsx_print.go, explain.go and order.go).
func init() {
	addLabels("en", map[string]string{
		"print.page-of": "Page &P of &N",
		"by-family":     "by family name",
		"opponents-of":  "%s by opponent",
		"vs-term":       "vs %s: %s",
		"terms-sep":     ", ",
		"floor-legend":  "%[1]s↑%[2]s: %[2]s is below the floor %[1]s, so %[1]s counts instead.",
		"cap-legend":    "%[1]s↓%[2]s: %[2]s is above the cap %[1]s, so %[1]s counts instead.",
	})
	addLabels("zh", map[string]string{
		"print.page-of": "第&P页，共&N页",
		"by-family":     "按姓氏",
		"opponents-of":  "%s 各对手",
		"vs-term":       "对 %s：%s",
		"terms-sep":     "，",
		"floor-legend":  "%[1]s↑%[2]s：%[2]s 低于下限 %[1]s，按 %[1]s 计算。",
		"cap-legend":    "%[1]s↓%[2]s：%[2]s 高于上限 %[1]s，按 %[1]s 计算。",
	})
	addLabels("ja", map[string]string{
		"print.page-of": "&P / &N ページ",
		"by-family":     "姓順",
		"opponents-of":  "%s 対戦相手別",
		"vs-term":       "対 %s：%s",
		"terms-sep":     "、",
		"floor-legend":  "%[1]s↑%[2]s：%[2]s が下限 %[1]s を下回るため、%[1]s として計算。",
		"cap-legend":    "%[1]s↓%[2]s：%[2]s が上限 %[1]s を上回るため、%[1]s として計算。",
	})
}
