package swiss

// matcher finds maximum matchings in a group of players, by Edmonds' blossom algorithm on
// the group's allowed pairs (every pair but rematches and avoided pairs). A points group is
// dense (each player has met a handful of its members at most), so the graph is given as a
// predicate, not as lists: a search looks at every other member.
type matcher struct {
	n int
	// allowed reports whether local players i and j may be paired.
	allowed func(i, j int) bool
	// removed players take no part (a floater chosen to leave the group).
	removed []bool
	mate    []int
	// The search's state: p is the alternating tree's parent of an inner vertex, base the
	// base of a vertex's blossom, outer marks the outer (even) vertices, queue the outer
	// vertices still to scan.
	p, base, queue []int
	outer, blossom []bool
	// seen and stamp find the lowest common ancestor of two outer vertices without clearing.
	seen  []int
	stamp int
}

func newMatcher(n int, allowed func(i, j int) bool) *matcher {
	m := &matcher{n: n, allowed: allowed, removed: make([]bool, n), mate: make([]int, n),
		p: make([]int, n), base: make([]int, n), queue: make([]int, 0, n),
		outer: make([]bool, n), blossom: make([]bool, n), seen: make([]int, n)}
	for i := range m.mate {
		m.mate[i] = -1
	}
	return m
}

// greedy matches the players in the order given with the first free player after them
// that they may meet: the random order makes the pairing inside a group random, and on a
// dense graph it leaves few players for the blossom search.
func (m *matcher) greedy(order []int) {
	for i, v := range order {
		if m.mate[v] >= 0 || m.removed[v] {
			continue
		}
		for _, u := range order[i+1:] {
			if m.mate[u] < 0 && !m.removed[u] && m.allowed(v, u) {
				m.mate[v], m.mate[u] = u, v
				break
			}
		}
	}
}

// maximize augments the matching until it is maximum and returns the players left
// unmatched. An augmenting path joins two unmatched players, so a player left alone
// unmatched needs no search (the odd player of an odd group: a search would look at every
// pair of the group to find none).
func (m *matcher) maximize(order []int) []int {
	free := 0
	for v := range m.mate {
		if m.mate[v] < 0 && !m.removed[v] {
			free++
		}
	}
	var exposed []int
	for _, v := range order {
		if m.mate[v] >= 0 || m.removed[v] {
			continue
		}
		if free >= 2 && m.augment(v) {
			free -= 2
			continue
		}
		exposed = append(exposed, v)
		free--
	}
	return exposed
}

// augment looks for an augmenting path from the unmatched player root and flips it.
func (m *matcher) augment(root int) bool {
	v := m.search(root)
	for v >= 0 {
		pv := m.p[v]
		next := m.mate[pv]
		m.mate[v], m.mate[pv] = pv, v
		v = next
	}
	return m.mate[root] >= 0
}

// search grows an alternating tree from root and returns the unmatched end of an
// augmenting path, or -1. When it returns -1 on a maximum matching whose only unmatched
// player is root, outer holds every player some maximum matching leaves unmatched (the
// Gallai–Edmonds set D): the players who can leave the group.
func (m *matcher) search(root int) int {
	for i := 0; i < m.n; i++ {
		m.p[i], m.base[i], m.outer[i] = -1, i, false
	}
	m.outer[root] = true
	m.queue = append(m.queue[:0], root)
	for qh := 0; qh < len(m.queue); qh++ {
		v := m.queue[qh]
		for to := 0; to < m.n; to++ {
			if to == v || m.removed[to] || m.base[v] == m.base[to] || m.mate[v] == to || !m.allowed(v, to) {
				continue
			}
			if to == root || m.mate[to] >= 0 && m.p[m.mate[to]] >= 0 {
				m.contract(v, to)
			} else if m.p[to] < 0 {
				m.p[to] = v
				if m.mate[to] < 0 {
					return to
				}
				w := m.mate[to]
				m.outer[w] = true
				m.queue = append(m.queue, w)
			}
		}
	}
	return -1
}

// contract shrinks the blossom closed by the edge v–to into its base.
func (m *matcher) contract(v, to int) {
	b := m.lca(v, to)
	clear(m.blossom)
	m.markPath(v, b, to)
	m.markPath(to, b, v)
	for i := 0; i < m.n; i++ {
		if m.blossom[m.base[i]] {
			m.base[i] = b
			if !m.outer[i] {
				m.outer[i] = true
				m.queue = append(m.queue, i)
			}
		}
	}
}

func (m *matcher) lca(a, b int) int {
	m.stamp++
	for {
		a = m.base[a]
		m.seen[a] = m.stamp
		if m.mate[a] < 0 {
			break
		}
		a = m.p[m.mate[a]]
	}
	for {
		b = m.base[b]
		if m.seen[b] == m.stamp {
			return b
		}
		b = m.p[m.mate[b]]
	}
}

func (m *matcher) markPath(v, b, child int) {
	for m.base[v] != b {
		m.blossom[m.base[v]], m.blossom[m.base[m.mate[v]]] = true, true
		m.p[v] = child
		child = m.mate[v]
		v = m.p[m.mate[v]]
	}
}

// release takes player v out of the group (a floater), and re-matches the partner he
// leaves. It reports whether the rest of the group still has a perfect matching, which it
// does when v was in the set search left in outer.
func (m *matcher) release(v int) bool {
	m.removed[v] = true
	w := m.mate[v]
	m.mate[v] = -1
	if w < 0 {
		return true
	}
	m.mate[w] = -1
	return m.augment(w)
}
