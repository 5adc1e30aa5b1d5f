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

// getAncestorOfVertex climbs from v to the child of ancestor it lies in.
func getAncestorOfVertex(v *node, ancestor *node) *node {
	b := v
	for b.parent != ancestor {
		b = b.parent
	}
	return b
}

// setPointersFromAncestor points the sub-blossom links on the path from v up to ancestor at
// v, and sets the iteration flags to startWithSub.
func setPointersFromAncestor(v *node, ancestor *node, startWithSub bool) {
	b := v
	for b != ancestor {
		b.parent.subblossom = b
		b.parent.iterStartsWithSub = startWithSub
		b = b.parent
	}
}

// newChildRoot makes a root blossom of a child of a root blossom being taken apart.
func (c *Computer) newChildRoot(rootChild, base, baseMatch *node, l label, labeling, labeled *node) *rootBlossom {
	r := &rootBlossom{
		minOuterEdges: make([]*node, len(rootChild.root.minOuterEdges)),
		minOuterRes:   c.newUint(),
		rootChild:     rootChild,
		base:          base,
		baseMatch:     baseMatch,
		label:         l,
		labeling:      labeling,
		labeled:       labeled,
	}
	rootChild.parent = nil
	rootChild.tail.nextVertex = nil
	r.updateRootBlossomInDescendants(r)
	c.link(r)
	return r
}

func (r *rootBlossom) updateRootBlossomInDescendants(newRoot *rootBlossom) {
	for v := r.rootChild.head; v != nil; v = v.nextVertex {
		v.root = newRoot
		p := v.parent
		for p != nil && p.tail == v {
			p.root = newRoot
			p = p.parent
		}
	}
}

// prepareVertexForWeightAdjustments detaches v from its blossom and its partner, keeping
// every resistance non-negative.
func (r *rootBlossom) prepareVertexForWeightAdjustments(c *Computer, v *node) {
	if r.baseMatch != nil {
		r.baseMatch.root.baseMatch = nil
		r.baseMatch = nil
	}
	r.base = v
	r.freeAncestorOfBase(c, v)
	v.dual.Set(c.aboveMax)
	v.dual.Shr(1)
}

// freeAncestorOfBase takes apart the blossoms above ancestor, which holds the base, so
// that ancestor becomes a root blossom, keeping resistances non-negative.
func (r *rootBlossom) freeAncestorOfBase(c *Computer, ancestor *node) {
	if ancestor == r.rootChild {
		return
	}
	adjustment := c.newUint()
	half := c.newUint()
	for b := ancestor.parent; b != nil; b = b.parent {
		half.Set(b.pdual)
		half.Shr(1)
		adjustment.Add(half)
	}
	b := ancestor.parent
	nextB := ancestor.next

	c.newChildRoot(ancestor, ancestor.root.base, ancestor.root.baseMatch, labelZero, nil, nil)
	for v := ancestor.head; v != nil; v = v.nextVertex {
		v.dual.Add(adjustment)
	}

	childToFree := ancestor
	for b != nil {
		linksForward := true
		var prevB *node
		for cur := nextB; cur != childToFree; cur = nextB {
			nextB = cur.next
			var base, match *node
			if linksForward {
				base, match = cur.toNextSibling, nextB.toPrevSibling
			} else {
				base, match = cur.toPrevSibling, prevB.toNextSibling
			}
			c.newChildRoot(cur, base, match, labelZero, nil, nil)
			for v := cur.head; v != nil; v = v.nextVertex {
				v.dual.Add(adjustment)
			}
			linksForward = !linksForward
			prevB = cur
		}
		half.Set(b.pdual)
		half.Shr(1)
		adjustment.Sub(half)
		childToFree = b
		nextB = b.next
		b = b.parent
	}
	c.unlink(r)
}

// putVerticesInMatchingOrder reorders the root blossom's vertex list so that matched
// vertices are consecutive, starting with the base.
func (r *rootBlossom) putVerticesInMatchingOrder() {
	var current *node = r.rootChild
	currentVertex := r.base
	startsWithBase := true
	for {
		setPointersFromAncestor(currentVertex, current, startsWithBase)
		current = currentVertex
		for current != r.rootChild {
			startsWithBase = !startsWithBase && current.parent.subblossom != current
			current.prev.tail.nextVertex = current.head
			current = current.next
			if current == current.parent.subblossom {
				parent := current.parent
				startsWithBase = parent.iterStartsWithSub
				current.prev.tail.nextVertex = current.head
				if startsWithBase {
					parent.head = current.head
					parent.tail = current.prev.tail
				} else {
					parent.head = current.next.head
					parent.tail = current.tail
				}
				current = parent
			} else {
				if startsWithBase {
					currentVertex = current.toPrevSibling
				} else {
					currentVertex = current.toNextSibling
				}
				break
			}
		}
		if current == r.rootChild {
			break
		}
	}
	r.rootChild.tail.nextVertex = nil
}

// newPathRoot makes an outer root blossom of the odd cycle path: consecutive vertices in
// different blossoms are the edges joining them.
func (c *Computer) newPathRoot(path []*node) *rootBlossom {
	baseRoot := path[0].root
	r := &rootBlossom{
		minOuterEdges: append([]*node(nil), baseRoot.minOuterEdges...),
		minOuterRes:   c.newUint(),
		base:          baseRoot.base,
		baseMatch:     baseRoot.baseMatch,
		label:         baseRoot.label,
		labeling:      baseRoot.labeling,
		labeled:       baseRoot.labeled,
	}
	p := &node{
		root:  r,
		head:  path[len(path)-2].root.rootChild.head,
		tail:  path[0].root.rootChild.tail,
		pdual: c.newUint(),
	}
	var originals []*rootBlossom
	for i := 0; i < len(path); i += 2 {
		originals = append(originals, path[i].root)
	}
	// connectChildren
	prevChild := getAncestorOfVertex(path[0], nil)
	for i := 0; i < len(path); i++ {
		prevChild.toNextSibling = path[i]
		i++
		sub := getAncestorOfVertex(path[i], nil)
		p.subblossom = sub
		prevChild.next = sub
		sub.toPrevSibling = path[i]
		sub.parent = p
		sub.prev = prevChild
		prevChild = sub
	}
	r.rootChild = p
	c.initializeFromChildren(r, originals)
	c.link(r)
	return r
}

// initializeFromChildren sets the root pointers and least resistances of a newly formed
// outer blossom r, and retires the root blossoms it was made of.
func (c *Computer) initializeFromChildren(r *rootBlossom, originals []*rootBlossom) {
	r.minOuterRes.Set(c.aboveMax)
	for _, o := range originals {
		c.unlink(o)
		o.updateRootBlossomInDescendants(r)
	}
	storage := c.aboveMax.Clone()
	minRes := c.aboveMax.Clone()
	res := c.newUint()
	for it := c.head; it != nil; it = it.nextR {
		if it.label != labelOuter {
			continue
		}
		minRes.Set(c.aboveMax)
		for _, o := range originals {
			if o.label == labelInner {
				c.updateOuterOuterEdges(o, it, minRes, storage)
				continue
			}
			a := o.minOuterEdges[it.base.index]
			b := it.minOuterEdges[o.base.index]
			if a == nil || b == nil {
				continue
			}
			c.resistance(res, a, b)
			if res.Less(minRes) {
				minRes.Set(res)
				r.minOuterEdges[it.base.index] = a
				it.minOuterEdges[r.base.index] = b
				if minRes.Less(r.minOuterRes) {
					r.minOuterRes.Set(minRes)
				}
				if minRes.Less(it.minOuterRes) {
					it.minOuterRes.Set(minRes)
				}
			}
		}
	}
	var previousHead *node
	for _, o := range originals {
		if o.label != labelOuter {
			c.updateInnerOuterEdges(o)
		}
		o.rootChild.tail.nextVertex = previousHead
		previousHead = o.rootChild.head
	}
}

// augmentToSource augments along the labels from v, which becomes matched to newMatch, back
// to the exposed outer blossom where its alternating path starts.
func augmentToSource(v, newMatch *node) {
	for v.root.baseMatch != nil {
		v.root.base = v
		originalMatch := v.root.baseMatch.root
		v.root.baseMatch = newMatch
		originalMatch.base = originalMatch.labeled
		originalMatch.baseMatch = originalMatch.labeling
		v = originalMatch.labeling
		newMatch = originalMatch.labeled
	}
	v.root.base = v
	v.root.baseMatch = newMatch
}

// updateOuterOuterEdges finds the least resistance between a vertex of blossom0 and one of
// blossom1 below minRes, records the two vertices, and lowers the roots' minima.
func (c *Computer) updateOuterOuterEdges(blossom0, blossom1 *rootBlossom, minRes, storage Uint) {
	actual0 := blossom0.rootChild.root
	actual1 := blossom1.rootChild.root
	for v0 := blossom0.rootChild.head; v0 != nil; v0 = v0.nextVertex {
		for v1 := blossom1.rootChild.head; v1 != nil; v1 = v1.nextVertex {
			if c.resistanceBelow(storage, v0, v1, minRes) {
				minRes.Set(storage)
				actual0.minOuterEdges[actual1.base.index] = v0
				actual1.minOuterEdges[actual0.base.index] = v1
				if minRes.Less(actual0.minOuterRes) {
					actual0.minOuterRes.Set(minRes)
				}
				if minRes.Less(actual1.minOuterRes) {
					actual1.minOuterRes.Set(minRes)
				}
			}
		}
	}
}

func (c *Computer) initializeLabeling() {
	for r := c.head; r != nil; r = r.nextR {
		switch {
		case r.baseMatch != nil:
			r.label = labelFree
		case !r.base.dual.IsZero():
			r.label = labelOuter
		default:
			r.label = labelZero
		}
		r.labeled = nil
		r.labeling = nil
	}
}

// updateInnerOuterEdge lowers inner's least resistance to an outer vertex with the edge to
// outer. The weights are symmetric: byInnerRow reads the weight from inner's row rather than
// outer's, which keeps a loop over many outer vertices in one row of memory.
func (c *Computer) updateInnerOuterEdge(inner, outer *node, storage Uint, byInnerRow bool) {
	below := false
	if byInnerRow {
		below = c.resistanceBelow(storage, inner, outer, inner.minOuterRes)
	} else {
		below = c.resistanceBelow(storage, outer, inner, inner.minOuterRes)
	}
	if below {
		inner.minOuterRes.Set(storage)
		inner.minOuterEdge = outer
	}
}

// updateInnerOuterEdges lowers the least outer resistance of every non-outer vertex with the
// edges to outer's vertices.
func (c *Computer) updateInnerOuterEdges(outer *rootBlossom) {
	res := c.aboveMax.Clone()
	for _, inner := range c.vertices {
		if inner.root.label == labelOuter {
			continue
		}
		for o := outer.rootChild.head; o != nil; o = o.nextVertex {
			c.updateInnerOuterEdge(inner, o, res, false)
		}
	}
}

func (c *Computer) initializeInnerOuterEdges() {
	var outers []*node
	for _, v := range c.vertices {
		if v.root.label == labelOuter {
			outers = append(outers, v)
		}
	}
	res := c.aboveMax.Clone()
	for _, inner := range c.vertices {
		if inner.root.label == labelOuter {
			continue
		}
		inner.minOuterRes.Set(c.aboveMax)
		for _, o := range outers {
			c.updateInnerOuterEdge(inner, o, res, true)
		}
	}
}

func (c *Computer) initializeOuterOuterEdgesOf(blossom0 *rootBlossom, res0, res1 Uint) {
	blossom0.minOuterRes.Set(c.aboveMax)
	for it := c.head; it != nil; it = it.nextR {
		if it.label == labelOuter && it != blossom0 {
			res0.Set(c.aboveMax)
			blossom0.minOuterEdges[it.base.index] = nil
			c.updateOuterOuterEdges(blossom0, it, res0, res1)
		}
	}
}

func (c *Computer) initializeOuterOuterEdgesOne(blossom0 *rootBlossom) {
	c.initializeOuterOuterEdgesOf(blossom0, c.aboveMax.Clone(), c.aboveMax.Clone())
}

func (c *Computer) initializeOuterOuterEdges() {
	res0, res1 := c.aboveMax.Clone(), c.aboveMax.Clone()
	for it := c.head; it != nil; it = it.nextR {
		if it.label == labelOuter {
			c.initializeOuterOuterEdgesOf(it, res0, res1)
		}
	}
}

// minima holds the four quantities that bound a dual adjustment, with their witnesses.
type minima struct {
	outerDual       Uint
	outerDualVertex *node
	outerOuter      Uint
	outerOuterRoot  *rootBlossom
	innerDual       Uint
	innerDualBloss  *node
}

func (m *minima) updateOuterDual(v *node) {
	if v.dual.Less(m.outerDual) {
		m.outerDualVertex = v
		m.outerDual.Set(v.dual)
	}
}

func (m *minima) updateOuterOuter(r *rootBlossom) {
	if r.minOuterRes.Less(m.outerOuter) {
		m.outerOuter.Set(r.minOuterRes)
		m.outerOuterRoot = r
	}
}

func (m *minima) updateInnerDual(r *rootBlossom) {
	if !r.rootChild.isVertex && r.rootChild.pdual.Less(m.innerDual) {
		m.innerDual.Set(r.rootChild.pdual)
		m.innerDualBloss = r.rootChild
	}
}

func (c *Computer) initializeMinOuterOuter(m *minima) {
	m.outerOuter.Set(c.aboveMax)
	m.outerOuterRoot = nil
	for r := c.head; r != nil; r = r.nextR {
		if r.label == labelOuter {
			m.updateOuterOuter(r)
		}
	}
}

func (c *Computer) initializeMinInnerDual(m *minima) {
	m.innerDual.Set(c.aboveMax)
	m.innerDualBloss = nil
	for r := c.head; r != nil; r = r.nextR {
		if r.label == labelInner {
			m.updateInnerDual(r)
		}
	}
}

// augmentMatching grows the matching by one edge, or lowers the number of exposed vertices
// with a non-zero dual; it reports false when the matching is already maximum.
func (c *Computer) augmentMatching() bool {
	c.initializeLabeling()
	m := &minima{outerDual: c.aboveMax.Clone(), outerOuter: c.aboveMax.Clone(), innerDual: c.aboveMax.Clone()}
	for _, v := range c.vertices {
		if v.root.label == labelOuter {
			m.updateOuterDual(v)
		}
	}
	if m.outerDualVertex == nil {
		return false
	}
	c.initializeInnerOuterEdges()
	c.initializeOuterOuterEdges()
	c.initializeMinOuterOuter(m)

	minInnerOuter := c.newUint()
	adjustment := c.newUint()
	twice := c.newUint()
	halfOuterOuter := c.newUint()
	halfInnerDual := c.newUint()
	res := c.newUint()
	for {
		minInnerOuter.Set(c.aboveMax)
		var minInnerOuterVertex *node
		for _, v := range c.vertices {
			l := v.root.label
			if (l == labelFree || l == labelZero) && v.minOuterRes.Less(minInnerOuter) {
				minInnerOuter.Set(v.minOuterRes)
				minInnerOuterVertex = v
			}
		}

		// The dual adjustment: the least of the four bounds.
		halfOuterOuter.Set(m.outerOuter)
		halfOuterOuter.Shr(1)
		halfInnerDual.Set(m.innerDual)
		halfInnerDual.Shr(1)
		adjustment.Set(m.outerDual)
		for _, x := range []Uint{minInnerOuter, halfOuterOuter, halfInnerDual} {
			if x.Less(adjustment) {
				adjustment.Set(x)
			}
		}
		if !adjustment.IsZero() {
			twice.Set(adjustment)
			twice.Shl(1)
			m.outerDual.Sub(adjustment)
			minInnerOuter.Sub(adjustment)
			m.outerOuter.Sub(twice)
			m.innerDual.Sub(twice)
			for _, v := range c.vertices {
				r := v.root
				l := r.label
				switch {
				case l == labelOuter:
					v.dual.Sub(adjustment)
				case l == labelInner:
					v.dual.Add(adjustment)
				case v.minOuterRes.Less(c.aboveMax):
					v.minOuterRes.Sub(adjustment)
				}
				if r.base == v {
					if l == labelOuter {
						if r.minOuterRes.Less(c.aboveMax) {
							r.minOuterRes.Sub(twice)
						}
						if !r.rootChild.isVertex {
							r.rootChild.pdual.Add(twice)
						}
					} else if l == labelInner && !r.rootChild.isVertex {
						r.rootChild.pdual.Sub(twice)
					}
				}
			}
		}

		switch {
		case m.outerDual.IsZero():
			// An outer blossom has a vertex with dual zero.
			augmentToSource(m.outerDualVertex, nil)
			return true
		case minInnerOuter.IsZero() && minInnerOuterVertex.root.label == labelZero:
			// A zero vertex has a tight edge to an outer vertex: augment between them.
			augmentToSource(minInnerOuterVertex.minOuterEdge, minInnerOuterVertex)
			augmentToSource(minInnerOuterVertex, minInnerOuterVertex.minOuterEdge)
			return true
		case m.outerOuter.IsZero():
			if c.tightOuterOuter(m, res) {
				return true
			}
		case minInnerOuter.IsZero():
			// A free vertex has a tight edge to an outer vertex: label it and its partner.
			v := minInnerOuterVertex
			matched := v.root.baseMatch.root
			v.root.label = labelInner
			matched.label = labelOuter
			v.root.labeling = v.minOuterEdge
			v.root.labeled = v
			c.updateInnerOuterEdges(matched)
			c.initializeOuterOuterEdgesOne(matched)
			for it := matched.rootChild.head; it != nil; it = it.nextVertex {
				m.updateOuterDual(it)
			}
			m.updateOuterOuter(matched)
			m.updateInnerDual(v.root)
		case m.innerDual.IsZero():
			c.dissolveInner(m)
		}
	}
}

// tightOuterOuter handles a tight edge between two outer blossoms: it augments (and
// reports true) when they are in different trees, or forms a blossom.
func (c *Computer) tightOuterOuter(m *minima, res Uint) bool {
	var v0, v1 *node
	for it := c.head; ; it = it.nextR {
		if it.label == labelOuter && it != m.outerOuterRoot {
			v0 = m.outerOuterRoot.minOuterEdges[it.base.index]
			v1 = it.minOuterEdges[m.outerOuterRoot.base.index]
			if v0 != nil && v1 != nil {
				c.resistance(res, v0, v1)
				if res.IsZero() {
					break
				}
			}
		}
	}
	// The path, as a deque: front grows to the left.
	front := []*node{v0}
	back := []*node{v1}
	for front[len(front)-1].root.baseMatch != nil {
		f := front[len(front)-1]
		x := f.root.base
		y := x.root.baseMatch
		z := y.root.labeled
		w := z.root.labeling
		front = append(front, x, y, z, w)
	}
	for back[len(back)-1].root.baseMatch != nil {
		b := back[len(back)-1]
		x := b.root.base
		y := x.root.baseMatch
		z := y.root.labeled
		w := z.root.labeling
		back = append(back, x, y, z, w)
	}
	path := make([]*node, 0, len(front)+len(back))
	for i := len(front) - 1; i >= 0; i-- {
		path = append(path, front[i])
	}
	path = append(path, back...)

	if path[0].root != path[len(path)-1].root {
		augmentToSource(v0, v1)
		augmentToSource(v1, v0)
		return true
	}
	// Form a new outer blossom.
	for path[1].root == path[len(path)-2].root {
		path = path[4 : len(path)-4]
	}
	nb := c.newPathRoot(path)
	for it := nb.rootChild.head; it != nil; it = it.nextVertex {
		m.updateOuterDual(it)
	}
	c.initializeMinOuterOuter(m)
	c.initializeMinInnerDual(m)
	return false
}

// dissolveInner takes apart the inner blossom whose dual variable reached zero.
func (c *Computer) dissolveInner(m *minima) {
	bl := m.innerDualBloss
	oldRoot := bl.root
	c.unlink(oldRoot)

	rootVertex := oldRoot.base
	rootChild := getAncestorOfVertex(rootVertex, bl)
	connectChild := getAncestorOfVertex(oldRoot.labeled, bl)
	connectForward := true
	for cur := rootChild; cur != connectChild; cur = cur.next {
		connectForward = !connectForward
	}

	linksToNext := false
	isFree := false
	previousChild := rootChild.prev
	var nextChild *node
	for cur := rootChild; nextChild != rootChild; cur = nextChild {
		nextChild = cur.next
		if cur == connectChild && !connectForward {
			isFree = false
		}
		var l label
		switch {
		case isFree:
			l = labelFree
		case linksToNext != connectForward || rootChild == cur:
			l = labelInner
		default:
			l = labelOuter
		}
		var base, match, labeling, labeled *node
		switch {
		case rootChild == cur:
			base, match = rootVertex, oldRoot.baseMatch
		case linksToNext:
			base, match = cur.toNextSibling, nextChild.toPrevSibling
		default:
			base, match = cur.toPrevSibling, previousChild.toNextSibling
		}
		switch {
		case connectChild == cur:
			labeling, labeled = oldRoot.labeling, oldRoot.labeled
		case l == labelInner && connectForward:
			labeling, labeled = nextChild.toPrevSibling, cur.toNextSibling
		case l == labelInner:
			labeling, labeled = previousChild.toNextSibling, cur.toPrevSibling
		}
		c.newChildRoot(cur, base, match, l, labeling, labeled)
		if l == labelOuter {
			c.updateInnerOuterEdges(cur.root)
			c.initializeOuterOuterEdgesOne(cur.root)
			for it := cur.head; it != nil; it = it.nextVertex {
				m.updateOuterDual(it)
			}
			m.updateOuterOuter(cur.root)
		}
		var target *node
		if connectForward {
			target = connectChild
		} else {
			target = rootChild
		}
		if cur == target {
			isFree = true
		}
		linksToNext = !linksToNext
		previousChild = cur
	}
	c.initializeMinInnerDual(m)
}

// computeMatching evens the parity of the exposed vertices' duals, then augments until the
// matching is maximum.
func (c *Computer) computeMatching() {
	for r := c.head; r != nil; {
		rb := r
		r = r.nextR
		if rb.baseMatch != nil || !rb.base.dual.IsOdd() {
			continue
		}
		adj := rb.rootChild
		setPointersFromAncestor(rb.base, adj, true)
		for !adj.isVertex && adj.pdual.IsZero() {
			adj = adj.subblossom
		}
		rb.freeAncestorOfBase(c, adj)
		if !adj.isVertex {
			adj.pdual.SubSmall(2)
		}
		for v := adj.head; v != nil; v = v.nextVertex {
			v.dual.AddSmall(1)
		}
	}
	for c.augmentMatching() {
	}
}
