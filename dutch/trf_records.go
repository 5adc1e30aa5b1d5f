package dutch

// byesLine reads a 240 record: byes declared for a round.
func (r *trfReader) byesLine(line []rune) error {
	if len(line) < 11 {
		return errLine("")
	}
	round, err := readRoundIndex(line[6:9])
	if err != nil {
		return err
	}
	start := 10
	for ; start <= len(line)-4; start += 5 {
		id, err := readPlayerID(line[start : start+4])
		if err != nil {
			return err
		}
		r.byes = append(r.byes, [2]int{round, id})
	}
	if !onlySpacesFrom(line, start) {
		return errLine("")
	}
	return nil
}

// accelerations250 reads a 250 record: points added to a range of players in a range of
// rounds.
func (r *trfReader) accelerations250(line []rune) error {
	if len(line) < 31 {
		return errLine("")
	}
	if mp := line[4:8]; string(mp) != "    " {
		v, err := readScore(mp)
		if err != nil {
			return err
		}
		if v != 0 {
			return errLine("match points must be empty")
		}
	}
	gamePoints, err := readScore(line[9:13])
	if err != nil {
		return err
	}
	if gamePoints == 0 {
		return errLine("game points must be nonzero")
	}
	first, err := readRoundIndex(line[14:17])
	if err != nil {
		return err
	}
	last, err := readRoundIndex(line[18:21])
	if err != nil {
		return err
	}
	if first > last {
		return errLine("")
	}
	firstPlayer, err := readPlayerID(line[22:26])
	if err != nil {
		return err
	}
	lastPlayer, err := readPlayerID(line[27:31])
	if err != nil {
		return err
	}
	if firstPlayer > lastPlayer {
		return errLine("")
	}
	r.ensurePlayer(lastPlayer)
	for i := firstPlayer; i <= lastPlayer; i++ {
		p := &r.t.Players[i]
		for len(p.Accelerations) < first {
			p.Accelerations = append(p.Accelerations, 0)
		}
		for k := first; k < min(last+1, len(p.Accelerations)); k++ {
			p.Accelerations[k] = gamePoints
		}
		for len(p.Accelerations) <= last {
			p.Accelerations = append(p.Accelerations, gamePoints)
		}
	}
	return nil
}

// accelerationsXXA reads an XXA record: a player's accelerations, round by round.
func (r *trfReader) accelerationsXXA(line []rune) error {
	id, err := readPlayerID(sub(line, 4, 8))
	if err != nil {
		return err
	}
	r.ensurePlayer(id)
	start := 9
	for ; start+4 <= len(line); start += 5 {
		points := 0
		if f := line[start:]; string(f) != "    " {
			if points, err = readScore(line[start : start+4]); err != nil {
				return err
			}
		}
		r.t.Players[id].Accelerations = append(r.t.Players[id].Accelerations, points)
	}
	if !onlySpacesFrom(line, start) {
		return errLine("")
	}
	return nil
}

// forbidden260 reads a 260 record: players who may not meet in a range of rounds.
func (r *trfReader) forbidden260(line []rune) error {
	if len(line) < 18 {
		return errLine("")
	}
	first, err := readRoundIndex(line[4:7])
	if err != nil {
		return err
	}
	last, err := readRoundIndex(line[8:11])
	if err != nil {
		return err
	}
	var players []int
	start := 12
	for ; start <= len(line)-4; start += 5 {
		id, err := readPlayerID(line[start : start+4])
		if err != nil {
			return err
		}
		players = append(players, id)
	}
	if !onlySpacesFrom(line, start) {
		return errLine("")
	}
	r.t.Forbidden = append(r.t.Forbidden, ForbiddenPairs{Players: players, First: first, End: last + 1})
	return nil
}

// setPoints sets the points of a result: W a win (and the pairing-allocated bye, unless
// given apart), D a draw, L a loss, Z a zero-point bye, F a forfeit loss, P or U the
// pairing-allocated bye.
func (r *trfReader) setPoints(result byte, v int) {
	t := r.t
	switch result {
	case 'W':
		t.PointsForWin = v
		if !r.usePairingAllocatedByeScore {
			t.PointsForPairingAllocatedBye = v
		}
	case 'D':
		t.PointsForDraw = v
	case 'L':
		t.PointsForLoss = v
	case 'Z':
		t.PointsForZeroPointBye = v
	case 'F':
		t.PointsForForfeitLoss = v
	case 'P', 'U':
		t.PointsForPairingAllocatedBye = v
		r.usePairingAllocatedByeScore = true
	}
}

// pointSystem reads a 162 record.
func (r *trfReader) pointSystem(line []rune) error {
	if len(line) < 10 {
		return errLine("")
	}
	start := 5
	for ; start <= len(line)-5; start += 9 {
		score, err := readScore(sub(line, start+1, start+5))
		if err != nil {
			return err
		}
		switch c := line[start]; c {
		case 'W', 'D', 'L', 'P':
			r.setPoints(byte(c), score)
		case 'Z':
			r.setPoints('Z', score)
			r.setPoints('F', score)
		case 'X':
			return errLine("symbol X not supported")
		default:
			return errLine("")
		}
	}
	if !onlySpacesFrom(line, start) {
		return errLine("")
	}
	return nil
}
