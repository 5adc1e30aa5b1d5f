package suggest

import (
	"hash/maphash"
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
// sorting compares integers. Every pair found is measured, so a hash collision costs one
// comparison.
func TypoPairs(keys []string) [][2]int {
	shift := bits.Len(uint(len(keys)))
	index := uint64(1)<<shift - 1
	variant := func(hash uint64, i int) uint64 { return hash<<shift | uint64(i) }
	seed := maphash.MakeSeed()
	n := 0 // variants: a key and one per character
	for _, k := range keys {
		if runes := utf8.RuneCountInString(k); runes >= MinTypo {
			n += 1 + runes
		}
	}
	vs := make([]uint64, 0, n)
	var hash maphash.Hash
	hash.SetSeed(seed)
	for i, key := range keys {
		if utf8.RuneCountInString(key) < MinTypo {
			continue
		}
		vs = append(vs, variant(maphash.String(seed, key), i))
		for j := 0; j < len(key); {
			_, n := utf8.DecodeRuneInString(key[j:])
			hash.Reset()
			hash.WriteString(key[:j])
			hash.WriteString(key[j+n:])
			vs = append(vs, variant(hash.Sum64(), i))
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
