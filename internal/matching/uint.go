package matching

import "math/bits"

// Uint is an unsigned integer of a fixed number of 64-bit words, least significant word
// first. Arithmetic wraps modulo 2^(64·len), as C++'s unsigned types do: the pairing
// weights are built with intermediate values that underflow and come back, and all
// operands of one operation have the same length.
type Uint []uint64

// NewUint returns a zero Uint of the given number of words.
func NewUint(words int) Uint { return make(Uint, words) }

// Words returns the number of 64-bit words needed to hold bitCount bits.
func Words(bitCount int) int { return (bitCount + 63) / 64 }

// Clone returns a copy of u.
func (u Uint) Clone() Uint { return append(Uint(nil), u...) }

// Set copies v into u.
func (u Uint) Set(v Uint) {
	v = v[:len(u)]
	for i := range u {
		u[i] = v[i]
	}
}

// SetZero sets u to zero.
func (u Uint) SetZero() { clear(u) }

// SetSmall sets u to x.
func (u Uint) SetSmall(x uint64) {
	clear(u)
	u[0] = x
}

// IsZero reports whether u is zero.
func (u Uint) IsZero() bool {
	for _, w := range u {
		if w != 0 {
			return false
		}
	}
	return true
}

// IsOdd reports whether the lowest bit of u is set.
func (u Uint) IsOdd() bool { return u[0]&1 != 0 }

// Less reports whether u < v.
func (u Uint) Less(v Uint) bool {
	for i := len(u) - 1; i >= 0; i-- {
		if u[i] != v[i] {
			return u[i] < v[i]
		}
	}
	return false
}

// Cmp returns -1, 0 or 1 as u is less than, equal to or greater than v.
func (u Uint) Cmp(v Uint) int {
	for i := len(u) - 1; i >= 0; i-- {
		if u[i] != v[i] {
			if u[i] < v[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// Add sets u to u+v.
func (u Uint) Add(v Uint) {
	var c uint64
	for i := range u {
		u[i], c = bits.Add64(u[i], v[i], c)
	}
}

// Sub sets u to u−v.
func (u Uint) Sub(v Uint) {
	var b uint64
	for i := range u {
		u[i], b = bits.Sub64(u[i], v[i], b)
	}
}

// AddSub sets u to u+a−s.
func (u Uint) AddSub(a, s Uint) {
	var c, b uint64
	for i := range u {
		u[i], c = bits.Add64(u[i], a[i], c)
		u[i], b = bits.Sub64(u[i], s[i], b)
	}
}

// AddSmall sets u to u+x.
func (u Uint) AddSmall(x uint64) {
	c := x
	for i := range u {
		if c == 0 {
			return
		}
		u[i], c = bits.Add64(u[i], c, 0)
	}
}

// SubSmall sets u to u−x.
func (u Uint) SubSmall(x uint64) {
	b := x
	for i := range u {
		if b == 0 {
			return
		}
		u[i], b = bits.Sub64(u[i], b, 0)
	}
}

// OrSmall sets u to u|x.
func (u Uint) OrSmall(x uint64) { u[0] |= x }

// Shl sets u to u<<n, dropping the bits shifted out.
func (u Uint) Shl(n uint) {
	words, rest := int(n/64), n%64
	for i := len(u) - 1; i >= 0; i-- {
		var w uint64
		if j := i - words; j >= 0 {
			w = u[j] << rest
			if rest != 0 && j > 0 {
				w |= u[j-1] >> (64 - rest)
			}
		}
		u[i] = w
	}
}

// Shr sets u to u>>n.
func (u Uint) Shr(n uint) {
	words, rest := int(n/64), n%64
	for i := range u {
		var w uint64
		if j := i + words; j < len(u) {
			w = u[j] >> rest
			if rest != 0 && j+1 < len(u) {
				w |= u[j+1] << (64 - rest)
			}
		}
		u[i] = w
	}
}

// OrBit sets bit n of u.
func (u Uint) OrBit(n uint) { u[n/64] |= 1 << (n % 64) }

// AddBit sets u to u+2^n.
func (u Uint) AddBit(n uint) {
	i := int(n / 64)
	c := uint64(1) << (n % 64)
	for ; i < len(u) && c != 0; i++ {
		u[i], c = bits.Add64(u[i], c, 0)
	}
}

// SetAddSub sets u to a+b−s.
func (u Uint) SetAddSub(a, b, s Uint) {
	n := len(u)
	a, b, s = a[:n], b[:n], s[:n]
	var c, br uint64
	for i := range u {
		var x uint64
		x, c = bits.Add64(a[i], b[i], c)
		u[i], br = bits.Sub64(x, s[i], br)
	}
}
