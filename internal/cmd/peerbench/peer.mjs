// Ranks a tournament with tournament-organizer, as peerbench hands it over: the event's
// players and matches (the values tournament-organizer's own export holds), ranked with the
// Magic tiebreaks, the standings written as JSON. Usage: node peer.mjs EVENT.json OUT.json
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(process.env.PEER_DIR + '/');
const { default: TournamentManager } = await import(require.resolve('tournament-organizer'));

const [input, output] = process.argv.slice(2);
const manager = new TournamentManager();
const tournament = manager.loadTournament(JSON.parse(readFileSync(input, 'utf8')));
const standings = tournament.getStandings().map(s => ({
  id: s.player.getId(), name: s.player.getName(), matchPoints: s.matchPoints, tiebreaks: s.tiebreaks,
}));
writeFileSync(output, JSON.stringify(standings, null, 2));
