package writer

import (
	"encoding/json"
	"io"
	"math"
	"strconv"

	"github.com/tbsheet/tbsheet/exact"
)

// EncodeJSON writes v indented, without escaping <, > and & (explanations hold "&" rarely,
// arrows and minus signs often; they stay readable).
func EncodeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// JSONNum is an exact number in JSON: an integer when it is one (kts-number's eight digits
// stay digits), else the nearest float64.
type JSONNum exact.Num

// MarshalJSON implements json.Marshaler.
func (n JSONNum) MarshalJSON() ([]byte, error) { return AppendJSONNum(nil, exact.Num(n)), nil }

// AppendJSONNum appends an exact number as jsonNum marshals it: an integer when it is one,
// else the nearest float64 as encoding/json writes a float64.
func AppendJSONNum(dst []byte, n exact.Num) []byte {
	f := n.Float64()
	if n.IsInt() && math.Abs(f) < 1<<53 {
		return strconv.AppendInt(dst, n.Floor(), 10)
	}
	abs, format := math.Abs(f), byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	dst = strconv.AppendFloat(dst, f, format, -1, 64)
	if format == 'e' { // e-09 → e-9, as encoding/json writes it
		if k := len(dst); k >= 4 && dst[k-4] == 'e' && dst[k-3] == '-' && dst[k-2] == '0' {
			dst[k-2] = dst[k-1]
			dst = dst[:k-1]
		}
	}
	return dst
}

// PointsJSON are match points in JSON.
type PointsJSON struct {
	Win  JSONNum `json:"win"`
	Draw JSONNum `json:"draw"`
	Loss JSONNum `json:"loss"`
	Bye  JSONNum `json:"bye"`
}

// GamesJSON are a match's games in JSON, from Player 1's side: won by each and drawn.
type GamesJSON struct {
	P1    int `json:"p1"`
	P2    int `json:"p2"`
	Drawn int `json:"drawn"`
}
