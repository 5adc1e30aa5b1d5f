package standingsheet

import (
	"strings"
	"testing"

	"github.com/tbsheet/tbsheet/i18n"
	"github.com/tbsheet/tbsheet/internal/writertest"
	"github.com/tbsheet/tbsheet/writer"
)

// TestTableNoEscapes: whatever a name, the title or a note holds, the terminal table sends no
// control character but line ends and no bidirectional control: nothing from an input can
// clear the screen, retitle the window or reorder a line. (Readers refuse such names; the
// table must not rely on it.)
func TestTableNoEscapes(t *testing.T) {
	st := writertest.Standings()
	hostile := []string{"Ann\x1b[2J\x1b[H", "Bob\x1b]0;pwned\x07", "Eve\u202etxt.exe", "Dee\u009b31m", "Tab\there\r\nnext"}
	for i, name := range hostile {
		st.Event.Players[st.Rows[i].Player].Name = name
	}
	st.Event.Name = "Title\x1b[5m"
	st.Notes = append(st.Notes, i18n.N("note.unreported", 1, "Ann", "Red\x1b[31m"))
	var b strings.Builder
	if err := WriteTable(&b, st, writer.Options{Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	writertest.NoEscapes(t, "the table", out)
	if !strings.Contains(out, "Ann␛[2J␛[H") {
		t.Errorf("the name is not shown with visible escapes:\n%s", out)
	}
}
