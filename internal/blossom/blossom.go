// Package blossom finds a maximum-weight matching in a general graph: Edmonds' blossom
// algorithm with dual variables, in the O(n³) form Galil describes ("Efficient algorithms
// for finding maximum matching in graphs", ACM Computing Surveys, 1986), structured as Joris
// van Rantwijk's well-known implementation. Weights are integers, so every computation is
// exact.
//
// tbsheet pairs a card-game Swiss round with it when the fast construction cannot reach the
// least possible cost (package swiss), and its tests use it as the exact oracle.
package blossom

// Edge is an undirected edge between vertices I and J with weight W.
type Edge struct {
	I, J int
	W    int64
}

// Match returns a maximum-weight matching of the graph with n vertices (0 … n−1) and the
// given edges: mate[v] is v's partner, or −1. With maxCardinality it returns, among the
// matchings with the most edges, one of maximum weight (a minimum-cost perfect matching
// when costs are turned into weights and a perfect matching exists).
func Match(n int, edges []Edge, maxCardinality bool) []int {
	if n == 0 {
		return nil
	}
	m := newSolver(n, edges, maxCardinality)
	m.solve()
	mate := make([]int, n)
	for v := range mate {
		mate[v] = -1
		if m.mate[v] >= 0 {
			mate[v] = m.endpoint[m.mate[v]]
		}
	}
	return mate
}

// solver holds the algorithm's state. Vertices are 0 … n−1, blossoms n … 2n−1; an edge k
// has the endpoints 2k (its I) and 2k+1 (its J), and p^1 is the other end of endpoint p.
type solver struct {
	n        int
	edges    []Edge
	maxCard  bool
	endpoint []int
	// neighbend lists, for each vertex, the endpoints of its edges at the other vertex.
	neighbend [][]int
	// mate is the matched endpoint at the other side of each vertex's matched edge, or −1.
	mate []int
	// label of a top-level blossom (and of its base vertex): 0 free, 1 S (outer), 2 T
	// (inner); 5 marks a blossom scanBlossom has passed.
	label []int
	// labelend is the endpoint through which a labelled blossom got its label, or −1.
	labelend []int
	// inblossom is each vertex's top-level blossom.
	inblossom []int
	// blossomparent, blossomchilds, blossombase and blossomendps describe the nested
	// blossoms: each child's parent, each blossom's children in cyclic order from the base,
	// its base vertex, and the endpoints linking consecutive children.
	blossomparent []int
	blossomchilds [][]int
	blossombase   []int
	blossomendps  [][]int
	// bestedge is, for a free vertex or top-level S-blossom, the least-slack edge to a
	// different S-blossom; blossombestedges lists those of an S-blossom's neighbours.
	bestedge         []int
	blossombestedges [][]int
	unused           []int
	dualvar          []int64
	allowedge        []bool
	queue            []int
}

func newSolver(n int, edges []Edge, maxCard bool) *solver {
	var maxWeight int64
	for _, e := range edges {
		maxWeight = max(maxWeight, e.W)
	}
	s := &solver{n: n, edges: edges, maxCard: maxCard,
		endpoint: make([]int, 2*len(edges)), neighbend: make([][]int, n),
		mate: make([]int, n), label: make([]int, 2*n), labelend: make([]int, 2*n),
		inblossom: make([]int, n), blossomparent: make([]int, 2*n), blossomchilds: make([][]int, 2*n),
		blossombase: make([]int, 2*n), blossomendps: make([][]int, 2*n), bestedge: make([]int, 2*n),
		blossombestedges: make([][]int, 2*n), dualvar: make([]int64, 2*n), allowedge: make([]bool, len(edges))}
	for k, e := range edges {
		s.endpoint[2*k], s.endpoint[2*k+1] = e.I, e.J
		s.neighbend[e.I] = append(s.neighbend[e.I], 2*k+1)
		s.neighbend[e.J] = append(s.neighbend[e.J], 2*k)
	}
	for v := 0; v < n; v++ {
		s.mate[v] = -1
		s.inblossom[v] = v
		s.blossombase[v] = v
		s.dualvar[v] = maxWeight
	}
	for b := 0; b < 2*n; b++ {
		s.labelend[b], s.blossomparent[b], s.bestedge[b] = -1, -1, -1
		if b >= n {
			s.blossombase[b] = -1
			s.unused = append(s.unused, b)
		}
	}
	return s
}

func (s *solver) slack(k int) int64 {
	e := s.edges[k]
	return s.dualvar[e.I] + s.dualvar[e.J] - 2*e.W
}

// leaves appends the vertices inside blossom b.
func (s *solver) leaves(b int, out []int) []int {
	if b < s.n {
		return append(out, b)
	}
	for _, t := range s.blossomchilds[b] {
		out = s.leaves(t, out)
	}
	return out
}

// assignLabel labels vertex w and its top-level blossom t (1 or 2), reached through
// endpoint p.
func (s *solver) assignLabel(w, t, p int) {
	b := s.inblossom[w]
	s.label[w], s.label[b] = t, t
	s.labelend[w], s.labelend[b] = p, p
	s.bestedge[w], s.bestedge[b] = -1, -1
	if t == 1 {
		s.queue = s.leaves(b, s.queue)
		return
	}
	base := s.blossombase[b]
	s.assignLabel(s.endpoint[s.mate[base]], 1, s.mate[base]^1)
}

// scanBlossom traces back from v and w to find a new blossom's base, or −1 when they are
// in different trees (an augmenting path).
func (s *solver) scanBlossom(v, w int) int {
	var path []int
	base := -1
	for v != -1 || w != -1 {
		b := s.inblossom[v]
		if s.label[b]&4 != 0 {
			base = s.blossombase[b]
			break
		}
		path = append(path, b)
		s.label[b] = 5
		if s.labelend[b] == -1 {
			v = -1
		} else {
			v = s.endpoint[s.labelend[b]]
			b = s.inblossom[v]
			v = s.endpoint[s.labelend[b]]
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range path {
		s.label[b] = 1
	}
	return base
}

// addBlossom makes the blossom closed by edge k, with the given base.
func (s *solver) addBlossom(base, k int) {
	v, w := s.edges[k].I, s.edges[k].J
	bb, bv, bw := s.inblossom[base], s.inblossom[v], s.inblossom[w]
	b := s.unused[len(s.unused)-1]
	s.unused = s.unused[:len(s.unused)-1]
	s.blossombase[b] = base
	s.blossomparent[b] = -1
	s.blossomparent[bb] = b
	var path, endps []int
	for bv != bb {
		s.blossomparent[bv] = b
		path = append(path, bv)
		endps = append(endps, s.labelend[bv])
		v = s.endpoint[s.labelend[bv]]
		bv = s.inblossom[v]
	}
	path = append(path, bb)
	reverse(path)
	reverse(endps)
	endps = append(endps, 2*k)
	for bw != bb {
		s.blossomparent[bw] = b
		path = append(path, bw)
		endps = append(endps, s.labelend[bw]^1)
		w = s.endpoint[s.labelend[bw]]
		bw = s.inblossom[w]
	}
	s.blossomchilds[b], s.blossomendps[b] = path, endps
	s.label[b] = 1
	s.labelend[b] = s.labelend[bb]
	s.dualvar[b] = 0
	for _, x := range s.leaves(b, nil) {
		if s.label[s.inblossom[x]] == 2 {
			s.queue = append(s.queue, x)
		}
		s.inblossom[x] = b
	}
	bestedgeto := make([]int, 2*s.n)
	for i := range bestedgeto {
		bestedgeto[i] = -1
	}
	for _, child := range path {
		var lists [][]int
		if s.blossombestedges[child] == nil {
			for _, x := range s.leaves(child, nil) {
				ks := make([]int, len(s.neighbend[x]))
				for i, p := range s.neighbend[x] {
					ks[i] = p / 2
				}
				lists = append(lists, ks)
			}
		} else {
			lists = [][]int{s.blossombestedges[child]}
		}
		for _, list := range lists {
			for _, kk := range list {
				i, j := s.edges[kk].I, s.edges[kk].J
				if s.inblossom[j] == b {
					i, j = j, i
				}
				_ = i
				bj := s.inblossom[j]
				if bj != b && s.label[bj] == 1 && (bestedgeto[bj] == -1 || s.slack(kk) < s.slack(bestedgeto[bj])) {
					bestedgeto[bj] = kk
				}
			}
		}
		s.blossombestedges[child] = nil
		s.bestedge[child] = -1
	}
	best := []int{}
	for _, kk := range bestedgeto {
		if kk != -1 {
			best = append(best, kk)
		}
	}
	s.blossombestedges[b] = best
	s.bestedge[b] = -1
	for _, kk := range best {
		if s.bestedge[b] == -1 || s.slack(kk) < s.slack(s.bestedge[b]) {
			s.bestedge[b] = kk
		}
	}
}

// expandBlossom undoes blossom b: at the end of a stage (endstage), or when its dual
// reaches zero while it is a T-blossom, relabelling its children.
func (s *solver) expandBlossom(b int, endstage bool) {
	for _, c := range s.blossomchilds[b] {
		s.blossomparent[c] = -1
		switch {
		case c < s.n:
			s.inblossom[c] = c
		case endstage && s.dualvar[c] == 0:
			s.expandBlossom(c, endstage)
		default:
			for _, v := range s.leaves(c, nil) {
				s.inblossom[v] = c
			}
		}
	}
	if !endstage && s.label[b] == 2 {
		childs, endps := s.blossomchilds[b], s.blossomendps[b]
		entrychild := s.inblossom[s.endpoint[s.labelend[b]^1]]
		j, jstep, endptrick := direction(index(childs, entrychild), len(childs))
		at := func(i int) int { return wrap(i, len(childs)) }
		p := s.labelend[b]
		for j != 0 {
			s.label[s.endpoint[p^1]] = 0
			s.label[s.endpoint[endps[at(j-endptrick)]^endptrick^1]] = 0
			s.assignLabel(s.endpoint[p^1], 2, p)
			s.allowedge[endps[at(j-endptrick)]/2] = true
			j += jstep
			p = endps[at(j-endptrick)] ^ endptrick
			s.allowedge[p/2] = true
			j += jstep
		}
		bv := childs[at(j)]
		s.label[s.endpoint[p^1]], s.label[bv] = 2, 2
		s.labelend[s.endpoint[p^1]], s.labelend[bv] = p, p
		s.bestedge[bv] = -1
		j += jstep
		for childs[at(j)] != entrychild {
			bv = childs[at(j)]
			if s.label[bv] == 1 {
				j += jstep
				continue
			}
			v := -1
			for _, x := range s.leaves(bv, nil) {
				v = x
				if s.label[x] != 0 {
					break
				}
			}
			if s.label[v] != 0 {
				s.label[v] = 0
				s.label[s.endpoint[s.mate[s.blossombase[bv]]]] = 0
				s.assignLabel(v, 2, s.labelend[v])
			}
			j += jstep
		}
	}
	s.label[b], s.labelend[b] = -1, -1
	s.blossomchilds[b], s.blossomendps[b] = nil, nil
	s.blossombase[b] = -1
	s.blossombestedges[b] = nil
	s.bestedge[b] = -1
	s.unused = append(s.unused, b)
}

// augmentBlossom swaps matched and unmatched edges in blossom b along the path from
// vertex v to its base, so that v becomes the base.
func (s *solver) augmentBlossom(b, v int) {
	t := v
	for s.blossomparent[t] != b {
		t = s.blossomparent[t]
	}
	if t >= s.n {
		s.augmentBlossom(t, v)
	}
	childs, endps := s.blossomchilds[b], s.blossomendps[b]
	at := func(i int) int { return wrap(i, len(childs)) }
	i := index(childs, t)
	j, jstep, endptrick := direction(i, len(childs))
	for j != 0 {
		j += jstep
		t = childs[at(j)]
		p := endps[at(j-endptrick)] ^ endptrick
		if t >= s.n {
			s.augmentBlossom(t, s.endpoint[p])
		}
		j += jstep
		t = childs[at(j)]
		if t >= s.n {
			s.augmentBlossom(t, s.endpoint[p^1])
		}
		s.mate[s.endpoint[p]] = p ^ 1
		s.mate[s.endpoint[p^1]] = p
	}
	s.blossomchilds[b] = append(append([]int{}, childs[i:]...), childs[:i]...)
	s.blossomendps[b] = append(append([]int{}, endps[i:]...), endps[:i]...)
	s.blossombase[b] = s.blossombase[s.blossomchilds[b][0]]
}

// augmentMatching flips the augmenting path through edge k.
func (s *solver) augmentMatching(k int) {
	ends := [2][2]int{{s.edges[k].I, 2*k + 1}, {s.edges[k].J, 2 * k}}
	for _, sp := range ends {
		v, p := sp[0], sp[1]
		for {
			bs := s.inblossom[v]
			if bs >= s.n {
				s.augmentBlossom(bs, v)
			}
			s.mate[v] = p
			if s.labelend[bs] == -1 {
				break
			}
			t := s.endpoint[s.labelend[bs]]
			bt := s.inblossom[t]
			v = s.endpoint[s.labelend[bt]]
			j := s.endpoint[s.labelend[bt]^1]
			if bt >= s.n {
				s.augmentBlossom(bt, j)
			}
			s.mate[j] = s.labelend[bt]
			p = s.labelend[bt] ^ 1
		}
	}
}

// solve runs the stages: each grows alternating trees, changing the duals, until it
// augments the matching or proves it maximum.
func (s *solver) solve() {
	n := s.n
	for range n {
		for i := range s.label {
			s.label[i] = 0
			s.bestedge[i] = -1
		}
		for b := n; b < 2*n; b++ {
			s.blossombestedges[b] = nil
		}
		clear(s.allowedge)
		s.queue = s.queue[:0]
		for v := 0; v < n; v++ {
			if s.mate[v] == -1 && s.label[s.inblossom[v]] == 0 {
				s.assignLabel(v, 1, -1)
			}
		}
		augmented := false
		for {
			for len(s.queue) > 0 && !augmented {
				v := s.queue[len(s.queue)-1]
				s.queue = s.queue[:len(s.queue)-1]
				for _, p := range s.neighbend[v] {
					k := p / 2
					w := s.endpoint[p]
					if s.inblossom[v] == s.inblossom[w] {
						continue
					}
					var kslack int64
					if !s.allowedge[k] {
						kslack = s.slack(k)
						if kslack <= 0 {
							s.allowedge[k] = true
						}
					}
					switch {
					case s.allowedge[k]:
						switch {
						case s.label[s.inblossom[w]] == 0:
							s.assignLabel(w, 2, p^1)
						case s.label[s.inblossom[w]] == 1:
							if base := s.scanBlossom(v, w); base >= 0 {
								s.addBlossom(base, k)
							} else {
								s.augmentMatching(k)
								augmented = true
							}
						case s.label[w] == 0:
							s.label[w] = 2
							s.labelend[w] = p ^ 1
						}
					case s.label[s.inblossom[w]] == 1:
						b := s.inblossom[v]
						if s.bestedge[b] == -1 || kslack < s.slack(s.bestedge[b]) {
							s.bestedge[b] = k
						}
					case s.label[w] == 0:
						if s.bestedge[w] == -1 || kslack < s.slack(s.bestedge[w]) {
							s.bestedge[w] = k
						}
					}
					if augmented {
						break
					}
				}
			}
			if augmented {
				break
			}
			deltatype, delta, deltaedge, deltablossom := -1, int64(0), -1, -1
			if !s.maxCard {
				deltatype, delta = 1, s.dualvar[0]
				for v := 1; v < n; v++ {
					delta = min(delta, s.dualvar[v])
				}
			}
			for v := 0; v < n; v++ {
				if s.label[s.inblossom[v]] == 0 && s.bestedge[v] != -1 {
					if d := s.slack(s.bestedge[v]); deltatype == -1 || d < delta {
						delta, deltatype, deltaedge = d, 2, s.bestedge[v]
					}
				}
			}
			for b := 0; b < 2*n; b++ {
				if s.blossomparent[b] == -1 && s.label[b] == 1 && s.bestedge[b] != -1 {
					if d := s.slack(s.bestedge[b]) / 2; deltatype == -1 || d < delta {
						delta, deltatype, deltaedge = d, 3, s.bestedge[b]
					}
				}
			}
			for b := n; b < 2*n; b++ {
				if s.blossombase[b] >= 0 && s.blossomparent[b] == -1 && s.label[b] == 2 && (deltatype == -1 || s.dualvar[b] < delta) {
					delta, deltatype, deltablossom = s.dualvar[b], 4, b
				}
			}
			if deltatype == -1 {
				deltatype, delta = 1, s.dualvar[0]
				for v := 1; v < n; v++ {
					delta = min(delta, s.dualvar[v])
				}
				delta = max(0, delta)
			}
			for v := 0; v < n; v++ {
				switch s.label[s.inblossom[v]] {
				case 1:
					s.dualvar[v] -= delta
				case 2:
					s.dualvar[v] += delta
				}
			}
			for b := n; b < 2*n; b++ {
				if s.blossombase[b] >= 0 && s.blossomparent[b] == -1 {
					switch s.label[b] {
					case 1:
						s.dualvar[b] += delta
					case 2:
						s.dualvar[b] -= delta
					}
				}
			}
			if deltatype == 1 {
				break
			}
			switch deltatype {
			case 2:
				s.allowedge[deltaedge] = true
				i, j := s.edges[deltaedge].I, s.edges[deltaedge].J
				if s.label[s.inblossom[i]] == 0 {
					i, j = j, i
				}
				_ = j
				s.queue = append(s.queue, i)
			case 3:
				s.allowedge[deltaedge] = true
				s.queue = append(s.queue, s.edges[deltaedge].I)
			case 4:
				s.expandBlossom(deltablossom, false)
			}
		}
		if !augmented {
			break
		}
		for b := n; b < 2*n; b++ {
			if s.blossomparent[b] == -1 && s.blossombase[b] >= 0 && s.label[b] == 1 && s.dualvar[b] == 0 {
				s.expandBlossom(b, true)
			}
		}
	}
}

// direction says how to walk a blossom's n children from child i to its base (child 0)
// the even way round: the index to start from (negative when walking forwards), the step,
// and which end of each link comes first.
func direction(i, n int) (j, jstep, endptrick int) {
	if i&1 != 0 {
		return i - n, 1, 0
	}
	return i, -1, 1
}

// wrap maps an index that may be negative onto 0 … n−1.
func wrap(i, n int) int { return (i%n + n) % n }

func reverse(a []int) {
	for i, j := 0, len(a)-1; i < j; i, j = i+1, j-1 {
		a[i], a[j] = a[j], a[i]
	}
}

func index(a []int, x int) int {
	for i, y := range a {
		if y == x {
			return i
		}
	}
	return -1
}
