// Runs the peer solver (ffalt/mah's port of de Bondt's solver) on deals written by
// bench/solver_peer.py and writes its answers and times. Not run on its own:
//
//     npx -y tsx bench/solver_peer.mts <peer folder> <deals.json> <answers.json>
//
// <peer folder> is a checkout of github.com/ffalt/mah (nothing of it is in this
// repository); its solver is src/app/model/solver/solver.ts. A deal in <deals.json> is
// {"positions": [[x, y, z], ...], "groups": [0..35, ...]} on the same half-tile grid the
// peer uses; an answer is {"solvable": bool, "ms": number}, timed around solveLayout.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { performance } from "node:perf_hooks";

interface Deal {
	positions: Array<[number, number, number]>;
	groups: Array<number>;
}

const [peerDir, dealsPath, answersPath, warmupArg] = process.argv.slice(2);
const solverUrl = pathToFileURL(join(peerDir, "src/app/model/solver/solver.ts")).href;
const { Solver } = await import(solverUrl);
const deals: Array<Deal> = JSON.parse(readFileSync(dealsPath, "utf8"));

function stones(deal: Deal) {
	return deal.positions.map(([x, y, z], k) => ({ x, y, z, v: deal.groups[k], groupNr: deal.groups[k] }));
}

// Warm the JIT up on the first deals (not counted), as in a page that has run a while.
const warmup = Number(warmupArg ?? 20);
for (let k = 0; k < Math.min(warmup, deals.length); k++) {
	new Solver().solveLayout(stones(deals[k]));
}
const answers = [];
for (const deal of deals) {
	const input = stones(deal);
	const started = performance.now();
	const left = new Solver().solveLayout(input);
	answers.push({ solvable: left === 0, ms: performance.now() - started });
}
writeFileSync(answersPath, JSON.stringify(answers));
