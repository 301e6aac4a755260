// Runs the peer solver (ffalt/mah's port of de Bondt's solver) on deals written by
// bench/solver_peer.py and writes its answers and times. Not run on its own:
// solver_peer.py bundles this file with the peer's solver into one esbuild bundle, as
// the peer's own production build does (no keepNames, minified), resolving "mah-solver"
// to <peer folder>/src/app/model/solver/solver.ts, and runs the bundle with node:
//
//     node solver_peer.mjs <warm-up deals.json> <deals.json> <answers.json> <warm-up s> <clock>
//
// Nothing of the peer is in this repository. A deal is {"positions": [[x, y, z], ...],
// "groups": [0..35, ...]} on the same half-tile grid the peer uses; an answer is
// {"solvable": bool, "ms": number}, timed around the whole call (a new Solver and
// solveLayout), as ours is timed around solve(): <clock> "wall" the wall clock, "cpu"
// the process's CPU time (V8's own threads, its compiler and collector, included).
import { readFileSync, writeFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
// @ts-ignore: resolved by the bundler's alias to the peer's checkout
import { Solver } from "mah-solver";

interface Deal {
	positions: Array<[number, number, number]>;
	groups: Array<number>;
}

const [warmupPath, dealsPath, answersPath, warmupArg, clockArg] = process.argv.slice(2);
const warmupDeals: Array<Deal> = JSON.parse(readFileSync(warmupPath, "utf8"));
const deals: Array<Deal> = JSON.parse(readFileSync(dealsPath, "utf8"));

function stones(deal: Deal) {
	return deal.positions.map(([x, y, z], k) => ({ x, y, z, v: deal.groups[k], groupNr: deal.groups[k] }));
}

// Warm V8 up for a fixed time on other deals of the same set (not counted): its
// optimising tiers need seconds on the long deals, a page that has run a while has them.
// CPU time of the process, so that a machine busy with other work warms up no less.
const warmupMicros = 1e6 * Number(warmupArg ?? 2);
const cpu = () => {
	const { user, system } = process.cpuUsage();
	return user + system;
};
const warmupStarted = cpu();
for (let k = 0; cpu() - warmupStarted < warmupMicros; k++) {
	new Solver().solveLayout(stones(warmupDeals[k % warmupDeals.length]));
}
const now = clockArg === "cpu" ? () => cpu() / 1000 : () => performance.now();
const answers = [];
for (const deal of deals) {
	const input = stones(deal);
	const started = now();
	const left = new Solver().solveLayout(input);
	answers.push({ solvable: left === 0, ms: now() - started });
}
writeFileSync(answersPath, JSON.stringify(answers));
