package suggest

import (
	"math/bits"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A key shorter than MinTypo characters is not checked for typos ("Al" and "Ed" are one edit
// apart); a one-deletion variant shared by more than maxTypoPeers keys is not a typo's (and
// would make the check quadratic).
const (
	MinTypo      = 4
	maxTypoPeers = 8
)

// TypoPairs returns the pairs of keys one typo apart: one edit (Distance 1) that is not only
// in digits ("player 7" and "player 8" are two players), both keys at least MinTypo
// characters long. Each pair is two indexes into keys, the smaller first, and each pair is
// returned once, in no particular order; an empty key takes no part. It is the check the
// readers make of the names in one file and tbsheet season of the names across events.
//
// Keys are matched through their one-deletion variants, so that many keys need no
// comparison of every two. No variant string is built (a large event has a million): a
// variant is one integer, the hash's high bits and the key's index in the low bits, so that
// sorting compares integers. The hash is a polynomial over the key's bytes, so that a
// variant's is computed from its key's prefix and suffix hashes at no cost per byte; every
// pair found is measured, so a collision costs one comparison.
func TypoPairs(keys []string) [][2]int {
	shift := bits.Len(uint(len(keys)))
	index := uint64(1)<<shift - 1
	variant := func(hash uint64, i int) uint64 { return mix(hash)<<shift | uint64(i) }
	n := 0 // variants: a key and one per character
	for _, k := range keys {
		if runes := utf8.RuneCountInString(k); runes >= MinTypo {
			n += 1 + runes
		}
	}
	vs := make([]uint64, 0, n)
	var prefix, suffix, power []uint64 // of the key being cut
	for i, key := range keys {
		if utf8.RuneCountInString(key) < MinTypo {
			continue
		}
		l := len(key)
		prefix, suffix, power = grow(prefix, l+1), grow(suffix, l+1), grow(power, l+1)
		// prefix[j] hashes key[:j]; suffix[j] hashes key[j:] as the end of a longer string;
		// power[j] is hashBase^j.
		power[0], prefix[0], suffix[l] = 1, 0, 0
		for j := 0; j < l; j++ {
			power[j+1] = power[j] * hashBase
			prefix[j+1] = prefix[j]*hashBase + uint64(key[j])
		}
		for j := l - 1; j >= 0; j-- {
			suffix[j] = suffix[j+1] + uint64(key[j])*power[l-1-j]
		}
		vs = append(vs, variant(prefix[l], i))
		for j := 0; j < l; {
			_, n := utf8.DecodeRuneInString(key[j:])
			vs = append(vs, variant(prefix[j]*power[l-j-n]+suffix[j+n], i))
			j += n
		}
	}
	vs = sharedOnly(vs, shift)
	slices.Sort(vs)
	seen := map[[2]int]bool{}
	var out [][2]int
	for i := 0; i < len(vs); {
		j := i + 1
		for j < len(vs) && vs[j]>>shift == vs[i]>>shift {
			j++
		}
		group := vs[i:j]
		i = j
		if len(group) > maxTypoPeers {
			continue // many keys this close are a numbering scheme, not a typo
		}
		for gi, x := range group {
			for _, y := range group[gi+1:] {
				a, b := int(x&index), int(y&index)
				if a > b {
					a, b = b, a
				}
				if a == b || seen[[2]int{a, b}] {
					continue
				}
				seen[[2]int{a, b}] = true
				if Distance(keys[a], keys[b]) == 1 && !digitsOnly(keys[a], keys[b]) {
					out = append(out, [2]int{a, b})
				}
			}
		}
	}
	return out
}

// hashBase is the polynomial hash's base: odd, with its bits spread.
const hashBase = 0x9e3779b97f4a7c15

// mix spreads a polynomial hash's bits over the whole word (MurmurHash3's finalizer), so
// that its high bits, which TypoPairs keeps, depend on every byte.
func mix(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	return h ^ h>>33
}

// grow returns s with at least n elements.
func grow(s []uint64, n int) []uint64 {
	if cap(s) < n {
		return make([]uint64, n)
	}
	return s[:n]
}

// sharedOnly keeps the variants (hashes above the low shift bits) that another variant may
// share: those whose slot in a bitmap of eight to sixteen bits per variant another one
// also takes. Most variants share their hash with none, and sorting them was most of the
// check's time.
func sharedOnly(vs []uint64, shift int) []uint64 {
	mask := uint64(1)<<bits.Len(uint(8*len(vs))) - 1
	once := make([]uint64, mask/64+1)
	twice := make([]uint64, mask/64+1)
	for _, v := range vs {
		s := v >> shift & mask
		if once[s/64]&(1<<(s%64)) != 0 {
			twice[s/64] |= 1 << (s % 64)
		}
		once[s/64] |= 1 << (s % 64)
	}
	out := vs[:0]
	for _, v := range vs {
		if s := v >> shift & mask; twice[s/64]&(1<<(s%64)) != 0 {
			out = append(out, v)
		}
	}
	return out
}

// digitsOnly reports whether a and b differ only in their digits.
func digitsOnly(a, b string) bool {
	strip := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsDigit(r) {
				return -1
			}
			return r
		}, s)
	}
	return strip(a) == strip(b)
}
