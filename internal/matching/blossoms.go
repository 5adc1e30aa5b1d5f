package matching

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
