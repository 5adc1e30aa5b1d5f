// Package matching computes maximum-weight matchings of general graphs whose weights change
// between computations: the O(n³) primal-dual blossom algorithm of Galil, Micali and Gabow
// ("An O(EV log V) algorithm for finding a maximal weighted matching in general graphs",
// 1986), modified so that changing the edges of k vertices and computing again costs
// O(k·n²). Weights are wide unsigned integers (Uint), so a weight can hold many criteria
// side by side, each in its own bits, and every comparison is exact.
//
// It is a Go port of the matching computer of bbpPairings (src/matching), Copyright Jeremy
// Bierema, licensed under the Apache License 2.0 (see NOTICE in this directory). The port
// keeps the original's data structures and the order of every loop, because the FIDE Dutch
// pairing (package dutch) must choose exactly the matching bbpPairings chooses when several
// have the same weight.
//
// The graph is complete; an edge of weight zero is no edge and is never matched.
package matching

// label is the state of a root blossom during an augmentation. A root blossom is labelZero
// when it is exposed and its base has dual variable zero.
type label uint8

const (
	labelOuter label = iota
	labelZero
	labelInner
	labelFree
)

// node is a blossom: a vertex of the graph or a blossom made of sub-blossoms.
type node struct {
	root   *rootBlossom
	parent *node // the enclosing (non-root) blossom, nil at the top
	// head and tail of the linked list (through nextVertex) of the vertices inside.
	head, tail *node
	// toPrevSibling is the vertex in this sub-blossom linked to the previous sibling,
	// toNextSibling the one linked to the next sibling.
	toPrevSibling, toNextSibling *node
	next, prev                   *node // siblings inside parent
	isVertex                     bool

	// A vertex's fields.
	weights      Uint // edge weights to every vertex, len(words) each, indexed by vertex
	dual         Uint
	minOuterRes  Uint // least resistance to an outer vertex (only while augmenting)
	minOuterEdge *node
	nextVertex   *node
	index        int

	// A parent blossom's fields.
	pdual             Uint
	subblossom        *node
	iterStartsWithSub bool
}

// rootBlossom is the extra state of a top-level blossom.
type rootBlossom struct {
	// minOuterEdges[i] is, while both are outer, the vertex of this blossom on the
	// least-resistance edge to the outer root blossom whose base has index i.
	minOuterEdges []*node
	minOuterRes   Uint
	rootChild     *node
	base          *node
	baseMatch     *node
	label         label
	labeling      *node // the vertex outside that labelled this inner blossom
	labeled       *node // the vertex inside that was labelled

	// The pool's list of root blossoms, in order of construction.
	prevR, nextR *rootBlossom
	listed       bool
}

// Computer holds a graph and its current maximum-weight matching.
type Computer struct {
	vertices   []*node
	capacity   int
	words      int
	head, tail *rootBlossom
	// aboveMax is strictly greater than twice the largest internal (doubled) weight.
	aboveMax Uint
	// duals and minOuterRes hold the vertices' duals and least outer resistances side by
	// side, for the loops over every vertex.
	duals, minOuterRes Uint
}

// NewComputer returns a Computer for at most capacity vertices whose edge weights are at
// most maxEdgeWeight, which must have at least two unused high bits (its length fixes the
// width of every weight the Computer takes).
func NewComputer(capacity int, maxEdgeWeight Uint) *Computer {
	c := &Computer{capacity: capacity, words: len(maxEdgeWeight)}
	c.aboveMax = maxEdgeWeight.Clone()
	c.aboveMax.Shl(2)
	c.aboveMax.AddSmall(1)
	c.vertices = make([]*node, 0, capacity)
	c.duals = make(Uint, capacity*c.words)
	c.minOuterRes = make(Uint, capacity*c.words)
	return c
}

// Size returns the number of vertices.
func (c *Computer) Size() int { return len(c.vertices) }

func (c *Computer) newUint() Uint { return make(Uint, c.words) }

// link appends r to the list of root blossoms.
func (c *Computer) link(r *rootBlossom) {
	r.prevR, r.nextR = c.tail, nil
	if c.tail != nil {
		c.tail.nextR = r
	} else {
		c.head = r
	}
	c.tail = r
	r.listed = true
}

// unlink removes r from the list of root blossoms (the original's hide and destroy).
func (c *Computer) unlink(r *rootBlossom) {
	if !r.listed {
		return
	}
	if r.prevR != nil {
		r.prevR.nextR = r.nextR
	} else {
		c.head = r.nextR
	}
	if r.nextR != nil {
		r.nextR.prevR = r.prevR
	} else {
		c.tail = r.prevR
	}
	r.prevR, r.nextR, r.listed = nil, nil, false
}

// AddVertex adds a vertex with the lowest unused index and no edges.
func (c *Computer) AddVertex() {
	if len(c.vertices) >= c.capacity {
		panic("matching: more vertices than the capacity")
	}
	for r := c.head; r != nil; r = r.nextR {
		r.minOuterEdges = append(r.minOuterEdges, nil)
	}
	i := len(c.vertices)
	v := &node{isVertex: true, index: i}
	v.head, v.tail = v, v
	v.weights = make(Uint, c.capacity*c.words)
	w := c.words
	v.dual = c.duals[i*w : (i+1)*w : (i+1)*w]
	v.minOuterRes = c.minOuterRes[i*w : (i+1)*w : (i+1)*w]
	v.minOuterRes.Set(c.aboveMax)
	r := &rootBlossom{minOuterEdges: make([]*node, i+1), minOuterRes: c.newUint(), rootChild: v, base: v}
	v.root = r
	c.link(r)
	c.vertices = append(c.vertices, v)
}

func (c *Computer) weight(v *node, to int) Uint {
	return v.weights[to*c.words : (to+1)*c.words]
}

// SetEdgeWeight sets the weight of the edge between u and v; zero removes the edge. The
// weight must be at most the maximum given to NewComputer.
func (c *Computer) SetEdgeWeight(u, v int, w Uint) {
	if u == v || u >= len(c.vertices) || v >= len(c.vertices) || len(w) != c.words {
		panic("matching: bad edge")
	}
	doubled := w.Clone()
	doubled.Shl(1)
	vu := c.vertices[u]
	vu.root.prepareVertexForWeightAdjustments(c, vu)
	c.weight(vu, v).Set(doubled)
	c.weight(c.vertices[v], u).Set(doubled)
}

// ComputeMatching brings the matching up to date with the weights set since the last call.
func (c *Computer) ComputeMatching() {
	c.computeMatching()
	for r := c.head; r != nil; r = r.nextR {
		r.putVerticesInMatchingOrder()
	}
}

// Matching returns, for each vertex, the index of its partner, or its own index when it is
// unmatched. ComputeMatching must have been called after the last change.
func (c *Computer) Matching() []int {
	result := make([]int, len(c.vertices))
	for r := c.head; r != nil; r = r.nextR {
		if r.baseMatch != nil {
			result[r.base.index] = r.baseMatch.index
		} else {
			result[r.base.index] = r.base.index
		}
		for it := r.rootChild.head.nextVertex; it != nil; it = it.nextVertex {
			first := it
			it = it.nextVertex
			result[first.index] = it.index
			result[it.index] = first.index
		}
	}
	return result
}

// resistance sets result to the resistance of the edge between v and w.
func (c *Computer) resistance(result Uint, v, w *node) {
	result.SetAddSub(v.dual, w.dual, v.weights[w.index*c.words:])
}

// resistanceBelow sets result to the resistance of the edge between v and w and reports
// whether it is below limit. It returns false early when the top words already show that it
// is not: every value the Computer holds is below aboveMax, whose top word is below 2^62,
// so the top word of the resistance is the top words' sum and difference, give or take the
// carry from below.
func (c *Computer) resistanceBelow(result Uint, v, w *node, limit Uint) bool {
	n := c.words - 1
	s := v.weights[w.index*c.words:]
	if int64(v.dual[n])+int64(w.dual[n])-int64(s[n])-1 > int64(limit[n]) {
		return false
	}
	result.SetAddSub(v.dual, w.dual, s)
	return result.Less(limit)
}
