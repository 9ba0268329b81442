// A normalized dump of what the app serves, over a database built from ../shared/data/mlperf: every result as
// /api/results/{id} serves it, the explorer's views, facets, empty-view explanations and CSV exports, comparisons,
// and plans. Run it before and after a refactor and diff the two files: a behaviour-preserving change leaves it
// byte-identical. Times and the data version (which depend on when the import ran) are replaced by placeholders.
// The store is the app's (getStore): a fresh SQLite file here, or the empty database DATABASE_URL names.
//   npx tsx scripts/dump-served.ts OUT.json
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const out = process.argv[2];
if (!out) {
  console.error("usage: tsx scripts/dump-served.ts OUT.json");
  process.exit(2);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pc-dump-"));
process.env.PERFCONTEXT_DB = path.join(dir, "dump.db");

async function main(): Promise<void> {
  const { getStore } = await import("@/db/client");
  const { runImport } = await import("@/db/import/pipeline");
  const { sharedPath } = await import("@/lib/shared-data");
  const h = await getStore();
  const r = await runImport(h, [sharedPath("mlperf")]);
  if (r.inserted === 0) throw new Error(`import of ${sharedPath("mlperf")} failed: ${JSON.stringify(r)}`);
  const resultsRoute = await import("@/app/api/results/route");
  const oneRoute = await import("@/app/api/results/[id]/route");
  const compareRoute = await import("@/app/api/compare/route");
  const exportRoute = await import("@/app/results/export/route");
  const load = await import("@/app/results/load");
  const { loadPlan } = await import("@/app/plan/load");
  const { getSameHardwareOtherRounds, getResultById } = await import("@/db/queries/results");
  const { getDataVersion } = await import("@/db/queries/version");
  const { parsePageState } = await import("@/components/results-table/state");

  // text in code-point order on both stores (SQLite's BINARY; PostgreSQL's "C" whatever the database's locale)
  const C = h.dialect === "pg" ? ' collate "C"' : "";
  const dump: Record<string, unknown> = { import: { inserted: r.inserted, rejected: r.rejected } };
  const json = async (res: Response | Promise<Response>) => {
    const x = await res;
    return { status: x.status, body: await x.json() };
  };

  // every result, as the API serves it
  const ids = (await h.x.all<{ id: string }>("select id from results order by id")).map((x) => x.id);
  const one: Record<string, unknown> = {};
  for (const id of ids) {
    const got = await json(
      oneRoute.GET(new Request(`http://x/api/results/${id}`), { params: Promise.resolve({ id }) }),
    );
    const pub = await getResultById(h, id);
    one[id] = { ...got, sameHardware: pub ? (await getSameHardwareOtherRounds(h, pub)).map((s) => s.id) : null };
  }
  dump.results = one;

  // list views (API and explorer), facets, empty views, exports
  const rounds = (await h.x.all<{ round: string }>(`select round from results group by round order by round${C}`))
    .map((x) => x.round)
    .filter((x) => x);
  const queries = [
    "",
    "per=accelerator",
    ...rounds.flatMap((x) => [`round=${x}&limit=500`, `round=${x}&per=accelerator&limit=500`]),
    "model=llama2-70b-99&scenario=Offline,Server&per=accelerator&limit=500",
    "submitter=AMD&limit=500",
    "nodes=multi&limit=500",
    "nodes=single&per=accelerator&limit=500&sort=value&dir=asc",
    "minAccelerators=8&maxAccelerators=16&limit=500",
    "q=mi300x&limit=500",
    "scenario=SingleStream&limit=500",
    "division=open&per=accelerator&limit=500",
    "availability=preview&limit=500",
    "suite=edge&limit=500",
    "precision=fp8&limit=500",
    "accelerator=NVIDIA%20H200-SXM-141GB&limit=500",
    "round=v6.0&sort=accelerator&dir=asc&limit=500&page=2",
    "scenario=Nope",
  ];
  const lists: Record<string, unknown> = {};
  for (const q of queries) lists[q] = await json(resultsRoute.GET(new Request(`http://x/api/results?${q}`)));
  dump.apiLists = lists;

  const pageQueries = [
    "",
    "round=all&model=all&scenario=all&division=all&availability=all&suite=all",
    "round=v5.1&submitter=Nobody",
    "model=gptj-99&scenario=Server&engine=vllm&minAccelerators=64&q=zzz",
    "round=v6.0&model=all&scenario=Offline&per=raw&limit=500",
    "nodes=multi&round=all",
  ];
  const views: Record<string, unknown> = {};
  for (const q of pageQueries) {
    const { state, issues } = parsePageState(new URLSearchParams(q));
    const latest = await load.latestRoundOf(h);
    const v = await load.loadResultsView(h, state);
    views[q] = {
      issues,
      view: v,
      active: load.activeFilters(state, latest),
      empty: v.total === 0 ? await load.explainEmpty(h, state, latest) : null,
      csv: await (await exportRoute.GET(new Request(`http://x/results/export?${q}`))).text(),
    };
  }
  dump.pageViews = views;
  dump.facets = await load.getFilterFacets(h);

  // comparisons: the first two results of each (model, scenario), and of each model across scenarios
  // each (model, scenario) with its result ids in id order (grouped here: group_concat is SQLite's)
  const grouped = new Map<string, { model: string; scenario: string; ids: string[] }>();
  for (const x of await h.x.all<{ id: string; model: string; scenario: string }>(
    `select id, model, scenario from results order by model${C}, scenario${C}, id`,
  )) {
    const key = JSON.stringify([x.model, x.scenario]);
    const g = grouped.get(key) ?? { model: x.model, scenario: x.scenario, ids: [] };
    g.ids.push(x.id);
    grouped.set(key, g);
  }
  const pairs = [...grouped.values()].map((g) => ({ ...g, ids: g.ids.join(",") }));
  const compares: Record<string, unknown> = {};
  for (const p of pairs) {
    const two = p.ids.split(",").slice(0, 3);
    const q = `ids=${two.join(",")}`;
    compares[q] = await json(compareRoute.GET(new Request(`http://x/api/compare?${q}`)));
  }
  const byModel = new Map<string, string[]>();
  for (const p of pairs) byModel.set(p.model, [...(byModel.get(p.model) ?? []), p.ids.split(",")[0] ?? ""]);
  for (const [, list] of byModel) {
    const q = `ids=${list.slice(0, 4).join(",")}`;
    compares[q] = await json(compareRoute.GET(new Request(`http://x/api/compare?${q}`)));
  }
  dump.compares = compares;

  // plans over a few bases
  const plans: Record<string, unknown> = {};
  for (const p of pairs.filter((x) => x.scenario === "Server" || x.scenario === "Interactive").slice(0, 12)) {
    const basis = p.ids.split(",").slice(0, 2).join(",");
    const { dataVersion: _dv, ...plan } = await loadPlan(h, { basis });
    plans[basis] = plan;
  }
  dump.plans = plans;

  const dv = await getDataVersion(h);
  let text = JSON.stringify(dump, null, 1);
  // the data version as a whole JSON string or a whole word (never inside a number)
  if (dv.at) text = text.split(dv.at).join("<data-at>");
  if (dv.version) text = text.split(`"${dv.version}"`).join('"<data-version>"');
  text = text.replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, "<time>");
  fs.writeFileSync(out as string, text);
  console.log(`${out}: ${ids.length} results, ${text.length} bytes`);
  await h.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
