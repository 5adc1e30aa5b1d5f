package matching

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
	// The path runs from v0's tree root to v0, then from v1 to v1's tree root.
	front := pathToRoot(v0)
	back := pathToRoot(v1)
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

// pathToRoot is the alternating path from v back along the labels to the exposed root of
// its tree: v, its blossom's base, the base's partner, the vertex labelled in the partner's
// blossom, the vertex that labelled it, and so on.
func pathToRoot(v *node) []*node {
	path := []*node{v}
	for path[len(path)-1].root.baseMatch != nil {
		x := path[len(path)-1].root.base
		y := x.root.baseMatch
		z := y.root.labeled
		path = append(path, x, y, z, z.root.labeling)
	}
	return path
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
