// Package exact implements the exact rational numbers that tbsheet computes tiebreakers with.
//
// Tiebreak values must tie when they are mathematically equal, whatever the order in which
// they were summed (docs/tiebreakers.md#decisions-where-the-rules-are-silent). Floats cannot promise that (1/3 + 1/3 + 1 is not
// 2/3 + 2/3 + 1/3 in float64), so every figure is a [Num]: a reduced fraction of two int64s
// that moves to math/big only when a result would overflow. Tournament arithmetic stays in
// int64 in practice, which keeps the calculation fast.
package exact

import (
	"cmp"
	"fmt"
	"math"
	"math/big"
	"math/bits"
	"strconv"
	"strings"
)

// Num is an exact rational number. The zero value is 0. Nums are values: operations return
// new Nums and never change their operands.
type Num struct {
	// n/d is reduced, d > 0 (d == 0 only in the zero value, read as 0/1), and n is never
	// math.MinInt64: its absolute value does not fit in an int64, so gcd, abs and negation
	// would silently change its sign. Such a value lives in b instead.
	n, d int64
	b    *big.Rat // set when the value does not fit in n/d; then n and d are unused
}

// Int returns the integer n.
func Int(n int64) Num {
	if n == math.MinInt64 {
		return Num{b: new(big.Rat).SetInt64(n)}
	}
	return Num{n: n, d: 1}
}

// Frac returns n/d reduced. It panics if d is 0, which is a programming error.
func Frac(n, d int64) Num {
	if d == 0 {
		panic("exact: zero denominator")
	}
	return norm(n, d)
}

// FromRat returns the value of r.
func FromRat(r *big.Rat) Num {
	if r.Num().IsInt64() && r.Num().Int64() != math.MinInt64 && r.Denom().IsInt64() {
		return Num{n: r.Num().Int64(), d: r.Denom().Int64()}
	}
	return Num{b: new(big.Rat).Set(r)}
}

// Parse reads a decimal ("0.33", "1.0", "-3"), a fraction ("7/24"), a half written "½" or
// "4½", or a comma decimal ("2,5"), as organizers type them.
func Parse(s string) (Num, error) {
	t := strings.TrimSpace(s)
	t = strings.ReplaceAll(t, ",", ".")
	if strings.HasSuffix(t, "½") {
		whole := strings.TrimSuffix(t, "½")
		if whole == "" {
			return Frac(1, 2), nil
		}
		w, err := strconv.ParseInt(whole, 10, 64)
		if err != nil || w < 0 {
			return Num{}, fmt.Errorf("%q is not a number", s)
		}
		return Frac(2*w+1, 2), nil
	}
	if t == "" || strings.ContainsAny(t, "eE") { // no exponents: "1e9" in a results cell is a typo
		return Num{}, fmt.Errorf("%q is not a number", s)
	}
	r, ok := new(big.Rat).SetString(t)
	if !ok {
		return Num{}, fmt.Errorf("%q is not a number", s)
	}
	return FromRat(r), nil
}

// MustParse is Parse for constants in code; it panics on a malformed literal.
func MustParse(s string) Num {
	v, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return v
}

// norm returns n/d reduced with a positive denominator; d must not be 0.
func norm(n, d int64) Num {
	if n == math.MinInt64 || d == math.MinInt64 {
		return FromRat(big.NewRat(n, d))
	}
	if d < 0 {
		n, d = -n, -d
	}
	if g := gcd(abs(n), d); g > 1 {
		n, d = n/g, d/g
	}
	return Num{n: n, d: d}
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	if a == 0 {
		return 1
	}
	return a
}

func abs(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// den returns the denominator of a small Num, reading the zero value as 0/1.
func (x Num) den() int64 {
	if x.d == 0 {
		return 1
	}
	return x.d
}

// Rat returns x as a new big.Rat.
func (x Num) Rat() *big.Rat {
	if x.b != nil {
		return new(big.Rat).Set(x.b)
	}
	return big.NewRat(x.n, x.den())
}

// mul returns a*b and whether it fits in an int64.
func mul(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	c := a * b
	if c/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64) {
		return 0, false
	}
	return c, true
}

// add returns a+b and whether it fits in an int64.
func add(a, b int64) (int64, bool) {
	c := a + b
	if (c > a) != (b > 0) {
		return 0, false
	}
	return c, true
}

// Add returns x + y.
func (x Num) Add(y Num) Num {
	if x.b == nil && y.b == nil {
		xd, yd := x.den(), y.den()
		if xd == yd {
			if s, ok := add(x.n, y.n); ok {
				return norm(s, xd)
			}
		} else {
			g := gcd(xd, yd)
			a, ok1 := mul(x.n, yd/g)
			c, ok2 := mul(y.n, xd/g)
			d, ok3 := mul(xd/g, yd)
			if ok1 && ok2 && ok3 {
				if s, ok := add(a, c); ok {
					return norm(s, d)
				}
			}
		}
	}
	return FromRat(new(big.Rat).Add(x.Rat(), y.Rat()))
}

// Neg returns −x.
func (x Num) Neg() Num {
	if x.b == nil {
		return Num{n: -x.n, d: x.den()}
	}
	return FromRat(new(big.Rat).Neg(x.Rat()))
}

// Sub returns x − y.
func (x Num) Sub(y Num) Num { return x.Add(y.Neg()) }

// Mul returns x × y.
func (x Num) Mul(y Num) Num {
	if x.b == nil && y.b == nil {
		// Zero, one and two integers, most products of points, need no reduction.
		switch xd, yd := x.den(), y.den(); {
		case x.n == 0 || y.n == 0:
			return Int(0) // as norm writes it: 0/1
		case y.n == 1 && yd == 1:
			return x
		case x.n == 1 && xd == 1:
			return y
		case xd == 1 && yd == 1:
			if n, ok := mul(x.n, y.n); ok {
				return norm(n, 1)
			}
		}
		// Cross-reduce first so that products stay small.
		g1 := gcd(abs(x.n), y.den())
		g2 := gcd(abs(y.n), x.den())
		n, ok1 := mul(x.n/g1, y.n/g2)
		d, ok2 := mul(x.den()/g2, y.den()/g1)
		if ok1 && ok2 {
			return norm(n, d)
		}
	}
	return FromRat(new(big.Rat).Mul(x.Rat(), y.Rat()))
}

// Div returns x ÷ y. It panics if y is 0, which is a programming error: callers decide what a
// division by zero means for their tiebreak (usually n/a).
func (x Num) Div(y Num) Num {
	if y.Sign() == 0 {
		panic("exact: division by zero")
	}
	if y.b == nil {
		return x.Mul(norm(y.den(), y.n))
	}
	return FromRat(new(big.Rat).Quo(x.Rat(), y.Rat()))
}

// MulInt returns x × k.
func (x Num) MulInt(k int64) Num { return x.Mul(Int(k)) }

// DivInt returns x ÷ k; k must not be 0.
func (x Num) DivInt(k int64) Num { return x.Div(Int(k)) }

// Sign returns −1, 0 or +1.
func (x Num) Sign() int {
	if x.b != nil {
		return x.b.Sign()
	}
	switch {
	case x.n < 0:
		return -1
	case x.n > 0:
		return 1
	}
	return 0
}

// Cmp compares x and y exactly and returns −1, 0 or +1.
func (x Num) Cmp(y Num) int {
	if x.b == nil && y.b == nil {
		xd, yd := x.den(), y.den()
		if xd == yd { // most comparisons: integers, or halves with halves
			return cmp.Compare(x.n, y.n)
		}
		return cmp128(x.n, yd, y.n, xd)
	}
	return x.Rat().Cmp(y.Rat())
}

// cmp128 compares a·b with c·d (b, d > 0) without overflow.
func cmp128(a, b, c, d int64) int {
	sa, sc := sign(a), sign(c)
	if sa != sc {
		if sa < sc {
			return -1
		}
		return 1
	}
	if sa == 0 {
		return 0
	}
	hi1, lo1 := bits.Mul64(uint64(abs(a)), uint64(b))
	hi2, lo2 := bits.Mul64(uint64(abs(c)), uint64(d))
	r := 0
	switch {
	case hi1 < hi2 || (hi1 == hi2 && lo1 < lo2):
		r = -1
	case hi1 > hi2 || (hi1 == hi2 && lo1 > lo2):
		r = 1
	}
	return r * sa
}

func sign(a int64) int {
	switch {
	case a < 0:
		return -1
	case a > 0:
		return 1
	}
	return 0
}

// Equal reports whether x == y.
func (x Num) Equal(y Num) bool { return x.Cmp(y) == 0 }

// Max returns the larger of x and y.
func Max(x, y Num) Num {
	if x.Cmp(y) >= 0 {
		return x
	}
	return y
}

// Min returns the smaller of x and y.
func Min(x, y Num) Num {
	if x.Cmp(y) <= 0 {
		return x
	}
	return y
}

// IsInt reports whether x is an integer.
func (x Num) IsInt() bool {
	if x.b != nil {
		return x.b.IsInt()
	}
	return x.den() == 1
}

// Floor returns the largest integer ≤ x. It saturates at the int64 range.
func (x Num) Floor() int64 {
	if x.b != nil {
		q := new(big.Int).Div(x.b.Num(), x.b.Denom()) // Euclidean: floors for a positive divisor
		if !q.IsInt64() {
			if q.Sign() < 0 {
				return math.MinInt64
			}
			return math.MaxInt64
		}
		return q.Int64()
	}
	q := x.n / x.den()
	if x.n%x.den() != 0 && x.n < 0 {
		q--
	}
	return q
}

// Float64 returns the nearest float64 to x.
func (x Num) Float64() float64 {
	// Both parts exact in a double: IEEE division rounds the quotient correctly.
	const m = 1 << 53
	if x.b == nil && x.n >= -m && x.n <= m && x.den() <= m {
		return float64(x.n) / float64(x.den())
	}
	if x.b != nil {
		f, _ := x.b.Float64()
		return f
	}
	f, _ := big.NewRat(x.n, x.den()).Float64()
	return f
}

// Parts returns the numerator and denominator of a Num that fits in int64; ok is false for
// Nums held in math/big.
func (x Num) Parts() (n, d int64, ok bool) {
	if x.b != nil {
		return 0, 0, false
	}
	return x.n, x.den(), true
}

// String writes x as an integer, a terminating decimal ("2.5", "0.33"), or a reduced
// fraction ("7/24").
func (x Num) String() string {
	var buf [24]byte
	return string(x.Append(buf[:0]))
}

// Append appends String() to dst: explanations and formulas print numbers by the million
// into buffers they reuse.
func (x Num) Append(dst []byte) []byte {
	if x.b == nil {
		if b, ok := appendSmall(dst, x.n, x.den()); ok {
			return b
		}
	}
	r := x.Rat()
	if r.IsInt() {
		return r.Num().Append(dst, 10)
	}
	if s, ok := decimal(r); ok {
		return append(dst, s...)
	}
	return append(dst, r.String()...)
}

// appendSmall is Append for a small Num that is an integer or a decimal of at most 12
// digits after the point, without math/big: explanations and formulas print such numbers
// (0.33, 12, 2.5) by the million. ok is false when Append must take the general path.
func appendSmall(dst []byte, n, d int64) ([]byte, bool) {
	if d == 1 {
		return strconv.AppendInt(dst, n, 10), true
	}
	for k, p := 1, int64(10); k <= 12; k, p = k+1, p*10 {
		if p%d != 0 {
			continue
		}
		m := p / d // n/d = n·m / 10^k, and k is the fewest decimals that hold it
		if n > math.MaxInt64/m || n < -math.MaxInt64/m {
			return dst, false
		}
		if n < 0 {
			dst = append(dst, '-')
		}
		return appendPoint(dst, uint64(max(n*m, -n*m)), k), true
	}
	return dst, false
}

// appendPoint appends v / 10^k with exactly k digits after the point ("0.05" for 5, 2).
func appendPoint(dst []byte, v uint64, k int) []byte {
	var buf [20]byte
	digits := strconv.AppendUint(buf[:0], v, 10)
	if len(digits) <= k {
		dst = append(dst, "0."...)
		for range k - len(digits) {
			dst = append(dst, '0')
		}
		return append(dst, digits...)
	}
	dst = append(dst, digits[:len(digits)-k]...)
	dst = append(dst, '.')
	return append(dst, digits[len(digits)-k:]...)
}

// decimal writes r exactly as a decimal with at most 12 digits after the point, if it can.
func decimal(r *big.Rat) (string, bool) {
	d := new(big.Int).Set(r.Denom())
	two, five := big.NewInt(2), big.NewInt(5)
	zero := new(big.Int)
	digits := 0
	for _, p := range []*big.Int{two, five} {
		for new(big.Int).Mod(d, p).Cmp(zero) == 0 {
			d.Div(d, p)
		}
	}
	if !d.IsInt64() || d.Int64() != 1 {
		return "", false
	}
	for scaled := new(big.Rat).Set(r); !scaled.IsInt(); digits++ {
		if digits == 12 {
			return "", false
		}
		scaled.Mul(scaled, big.NewRat(10, 1))
	}
	return r.FloatString(digits), true
}

// Round returns x rounded half away from zero to the given number of decimals, as a string
// ("61.64"). Display code uses it so that the same exact value always prints the same way.
func (x Num) Round(decimals int) string {
	var buf [24]byte
	return string(x.AppendRound(buf[:0], decimals))
}

// AppendRound appends Round(decimals) to dst.
func (x Num) AppendRound(dst []byte, decimals int) []byte {
	if b, ok := x.appendSmallRound(dst, decimals); ok {
		return b
	}
	return append(dst, x.roundBig(decimals)...)
}

// appendSmallRound is AppendRound in 64- and 128-bit integer arithmetic, without math/big:
// standings print every percentage through it. ok is false when AppendRound must take the
// general path.
func (x Num) appendSmallRound(dst []byte, decimals int) ([]byte, bool) {
	if x.b != nil || decimals < 0 || decimals > 18 {
		return dst, false
	}
	n, d := x.n, x.den()
	neg := n < 0
	if neg {
		n = -n
	}
	scale := uint64(1)
	for range decimals {
		scale *= 10
	}
	// q = ⌊n·scale/d + ½⌋ = ⌊(2·n·scale + d) / 2d⌋; 2·scale ≤ 2·10¹⁸ and 2d fit in uint64.
	hi, lo := bits.Mul64(uint64(n), 2*scale)
	lo, carry := bits.Add64(lo, uint64(d), 0)
	hi += carry
	d2 := 2 * uint64(d)
	if hi >= d2 {
		return dst, false // the quotient does not fit in 64 bits
	}
	q, _ := bits.Div64(hi, lo, d2)
	if neg && q != 0 {
		dst = append(dst, '-')
	}
	if decimals == 0 {
		return strconv.AppendUint(dst, q, 10), true
	}
	// q/scale, the point, then q%scale on exactly decimals digits
	return appendPoint(dst, q, decimals), true
}

// roundBig is Round in math/big, for any Num.
func (x Num) roundBig(decimals int) string {
	r := x.Rat()
	neg := r.Sign() < 0
	if neg {
		r.Neg(r)
	}
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals)), nil)
	r.Mul(r, new(big.Rat).SetInt(scale))
	r.Add(r, big.NewRat(1, 2))
	q := new(big.Int).Div(r.Num(), r.Denom())
	out := new(big.Rat).SetFrac(q, scale).FloatString(decimals)
	if neg && q.Sign() != 0 {
		out = "-" + out
	}
	return out
}
