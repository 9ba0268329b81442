// Drizzle schema: the normalized store. SQLite today; types kept portable (text/integer/real/json-in-text)
// so a team server can move to Postgres with the same shape.
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

export const rounds = sqliteTable("rounds", {
  id: text("id").primaryKey(), // "v6.0"
  sortKey: integer("sort_key").notNull(), // 600 for v6.0, for ordering
});

export const systems = sqliteTable(
  "systems",
  {
    id: text("id").primaryKey(), // hash of (round, submitter, platform)
    round: text("round").notNull(),
    submitter: text("submitter").notNull(),
    platform: text("platform").notNull(),
    systemName: text("system_name").notNull(),
    accelerator: text("accelerator"),
    acceleratorRaw: text("accelerator_raw"),
    acceleratorsPerNode: integer("accelerators_per_node"),
    nodes: integer("nodes"),
    totalAccelerators: integer("total_accelerators"),
    publishedTotalAccelerators: integer("published_total_accelerators"),
    hostProcessor: text("host_processor"),
    hostProcessorsPerNode: integer("host_processors_per_node"),
    hostProcessorCoreCount: text("host_processor_core_count"),
    operatingSystem: text("operating_system"),
    heterogeneous: integer("heterogeneous", { mode: "boolean" }).notNull(),
    software: text("software"),
    softwareStack: text("software_stack").notNull(), // JSON [{name, version}]
    servingEngine: text("serving_engine"),
    description: text("description"), // JSON: the systems/<platform>.json as published, when imported
    // submitter, system name, platform, accelerator and software, lower-cased (JavaScript's full Unicode lower case),
    // for the explorer's search (db/queries/results.ts); "" only until db/client.ts fills it in for older rows
    searchText: text("search_text").notNull().default(""),
  },
  // not unique: a source can publish different systems under one platform name (see db/write.ts systemVariantIdFor)
  (t) => [index("systems_natural").on(t.round, t.submitter, t.platform)],
);

export const imports = sqliteTable("imports", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  source: text("source").notNull(),
  format: text("format").notNull(),
  sha256: text("sha256").notNull(),
  startedAt: text("started_at").notNull(),
  finishedAt: text("finished_at").notNull(),
  rows: integer("rows").notNull(),
  inserted: integer("inserted").notNull(),
  updated: integer("updated").notNull(),
  unchanged: integer("unchanged").notNull(),
});

export const results = sqliteTable(
  "results",
  {
    // FNV-1a 64 of the natural key (lib/mlperf/ids.ts resultKey: round, division, submitter, platform, model, used
    // model, scenario, power flag), all of which are columns here: the key itself is not stored
    id: text("id").primaryKey(),
    systemId: text("system_id")
      .notNull()
      .references(() => systems.id),
    resultId: text("result_id"),
    round: text("round").notNull(),
    roundSort: integer("round_sort").notNull(),
    division: text("division").notNull(),
    submitter: text("submitter").notNull(),
    platform: text("platform").notNull(),
    model: text("model").notNull(), // as published ("VLM")
    // canonical benchmark id (lib/mlperf/benchmarks.ts), the same across rounds and formats ("qwen3-vl-235b-a22b"); the
    // published name when the table does not know it. "" only until db/client.ts fills it in for older rows
    benchmark: text("benchmark").notNull().default(""),
    usedModel: text("used_model").notNull(),
    modelFamily: text("model_family").notNull(),
    accuracyTarget: text("accuracy_target"),
    scenario: text("scenario").notNull(),
    availability: text("availability").notNull(),
    suite: text("suite").notNull(),
    precision: text("precision"),
    precisionRaw: text("precision_raw"),
    value: real("value").notNull(),
    units: text("units").notNull(),
    higherIsBetter: integer("higher_is_better", { mode: "boolean" }).notNull(),
    perAccelerator: real("per_accelerator"), // derived at write time for fast sorting; null for latency rows
    // PER_ACCELERATOR_RULE_VERSION of the rule that computed per_accelerator (db/derived.ts recomputes the others)
    perAcceleratorRule: integer("per_accelerator_rule").notNull().default(1),
    power: real("power"),
    powerUnits: text("power_units"),
    hasPower: integer("has_power", { mode: "boolean" }).notNull(),
    accuracy: text("accuracy"),
    tokensPerSample: real("tokens_per_sample"),
    inferred: integer("inferred", { mode: "boolean" }).notNull(),
    validity: text("validity").notNull(),
    measurementKey: text("measurement_key").notNull(),
    location: text("location"),
    detailsUrl: text("details_url"),
    codeUrl: text("code_url"),
    notesText: text("notes_text"),
    extra: text("extra").notNull(), // JSON of unknown columns, kept
    origin: text("origin").notNull(), // the source format (db/write/precedence.ts ORIGIN_RANK): "summary_results_json" | "checker_json" | "checker_csv" | "loadgen"
    // "f" + 16 hex: fingerprint of the system's fields and the notes (the rest is compared column by column); 16 hex
    // without "f": a SHA-1 of everything, from rows stored by earlier versions (see db/write.ts sameContent)
    contentHash: text("content_hash").notNull(),
    importId: integer("import_id").references(() => imports.id),
    // denormalized from systems for filtering/sorting without a join
    accelerator: text("accelerator"),
    totalAccelerators: integer("total_accelerators"),
    nodes: integer("nodes"),
    servingEngine: text("serving_engine"),
    // lib/lifecycle/status.ts: published | no-longer-published | withdrawn | invalidated; since when (ISO), null for
    // rows stored before migration 0013
    status: text("status").notNull().default("published"),
    statusSince: text("status_since"),
  },
  (t) => [
    // nothing unique on the natural key: the primary key is its hash, and the writer refuses an id whose stored
    // key columns differ (db/write.ts), which a unique index would never catch
    index("results_round_model_scenario").on(t.round, t.modelFamily, t.scenario),
    index("results_round_benchmark_scenario").on(t.round, t.benchmark, t.scenario),
    index("results_system").on(t.systemId),
    index("results_measurement").on(t.measurementKey),
    index("results_per_acc").on(t.perAccelerator),
    index("results_submitter").on(t.submitter),
  ],
);

/**
 * The change log (lib/lifecycle/changes.ts): what each import changed in the published results, written by the one
 * writer (db/write.ts) in the source's own transaction. One row per result and kind; `fields` is JSON
 * [{field, old, new}]. Never rewritten; results it names may have left their source but are never deleted.
 */
export const changeLog = sqliteTable(
  "change_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: text("at").notNull(),
    source: text("source").notNull(),
    kind: text("kind").notNull(), // new | changed | no-longer-published | status
    resultId: text("result_id").notNull(),
    round: text("round").notNull(),
    fields: text("fields").notNull(),
  },
  (t) => [index("change_log_result").on(t.resultId), index("change_log_at").on(t.at)],
);

export const dataNotes = sqliteTable(
  "data_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    resultId: text("result_id")
      .notNull()
      .references(() => results.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    message: text("message").notNull(),
    origin: text("origin").notNull(), // "summary" | "loadgen"
  },
  (t) => [index("data_notes_result").on(t.resultId)],
);

export const latencyDetails = sqliteTable("latency_details", {
  resultId: text("result_id")
    .primaryKey()
    .references(() => results.id, { onDelete: "cascade" }),
  source: text("source").notNull(),
  scenarioHeader: text("scenario_header"),
  ttftNs: text("ttft_ns"), // JSON PercentileSet
  tpotNs: text("tpot_ns"),
  latencyNs: text("latency_ns"),
  targetQps: real("target_qps"),
  ttftLimitNs: real("ttft_limit_ns"),
  tpotLimitNs: real("tpot_limit_ns"),
  loadgenVersion: text("loadgen_version"),
  minDurationMs: real("min_duration_ms"),
  validity: text("validity").notNull(),
  failedChecks: text("failed_checks").notNull(), // JSON string[]
  logValue: real("log_value"),
  queryCount: integer("query_count"),
  settings: text("settings"), // JSON RunSettings (lib/reproduce/settings): the run's LoadGen settings as printed
  contentHash: text("content_hash").notNull(),
  importId: integer("import_id").references(() => imports.id),
});

export const snapshots = sqliteTable("snapshots", {
  token: text("token").primaryKey(), // ≥128-bit random, base64url
  kind: text("kind").notNull(), // "compare" | "plan" | "results"
  query: text("query").notNull(), // the canonical URL query it froze
  payload: text("payload").notNull(), // JSON: rows, values, flags, footnotes as seen
  dataVersion: text("data_version").notNull(), // the newest import id/time when frozen
  createdAt: text("created_at").notNull(),
  // whose quota it counts in (db/snapshots.ts): "anonymous" (an open freeze), "admin" (an authenticated or
  // tokenless server's freeze, campaign reports); "unknown" for rows frozen before quotas per class (in neither)
  caller: text("caller").notNull().default("unknown"),
});

export const bakeoffUploads = sqliteTable("bakeoff_uploads", {
  id: text("id").primaryKey(), // ≥128-bit random, base64url
  label: text("label").notNull(),
  format: text("format").notNull(),
  fileName: text("file_name"),
  sha256: text("sha256").notNull(),
  accelerator: text("accelerator"),
  accelerators: integer("accelerators"),
  nodes: integer("nodes"),
  modelFamily: text("model_family"),
  runs: text("runs").notNull(), // JSON BakeoffRun[]
  warnings: text("warnings").notNull(), // JSON string[]
  createdAt: text("created_at").notNull(),
  facts: text("facts"), // JSON RunFacts[] (lib/campaign/facts), one per run; null for uploads stored before 0009
  // JSON BakeoffRun[] without per-request samples (perRequest null), what GET /api/bakeoff/{id} and campaigns read
  // by default (issue 26); null for uploads stored before 0013 (read from `runs` then)
  runsSummary: text("runs_summary"),
  perRequestSamples: integer("per_request_samples").notNull().default(0),
});

// The whole runs of an upload that carries per-request samples (issue 26): kept apart from its bakeoff_uploads row,
// whose `runs` then holds the runs without samples (the same text as runs_summary). A max-cap upload's 16 MB then
// never sits inside the row every read of an upload touches: SQLite stores a long text in a chain of overflow pages
// that a read of any later column walks (1.2 s cold for a summary read). Uploads without samples, and uploads stored
// before migration 0017 whose whole runs were not moved, have no row here.
export const bakeoffSamples = sqliteTable("bakeoff_samples", {
  uploadId: text("upload_id")
    .primaryKey()
    .references(() => bakeoffUploads.id),
  runs: text("runs").notNull(), // JSON BakeoffRun[], whole
});

// Evaluation campaigns (lib/campaign): a named set of bake-off uploads and reproductions, each with a role.
export const campaigns = sqliteTable("campaigns", {
  id: text("id").primaryKey(), // ≥128-bit random, base64url
  name: text("name").notNull(),
  members: text("members").notNull(), // JSON CampaignMember[]
  createdAt: text("created_at").notNull(),
  updatedAt: text("updated_at").notNull(),
  // JSON {"version","report"} (lib/campaign/stored.ts storedHeadText): computed when the campaign is written, served
  // as stored (issue 26); its runs for the methodology diff are kept apart (campaign_runs, migration 0020)
  analysis: text("analysis"),
  // UTF-8 bytes of the stored report with no methodology: the least a freeze of it stores (null: stored before 0020)
  reportBytes: integer("report_bytes"),
});

// A campaign's compact runs (lib/campaign/stored.ts compactRun; JSON CampaignRun[]), read only for a methodology diff
// of a pair other than the stored default (issue 26): 6 MB for 32 members on a max-cap upload, kept out of the row
// every read of the campaign touches. Migration 0020 moved them out of `analysis` (which held report and runs).
export const campaignRuns = sqliteTable("campaign_runs", {
  campaignId: text("campaign_id")
    .primaryKey()
    .references(() => campaigns.id),
  runs: text("runs").notNull(),
});

/** A user's LoadGen result folder uploaded to /reproduce: parsed once, stored as read; immutable. */
export const reproductions = sqliteTable("reproductions", {
  id: text("id").primaryKey(), // ≥128-bit random, base64url
  label: text("label").notNull(),
  files: text("files").notNull(), // JSON [{path, size, sha256}]
  folder: text("folder").notNull(), // JSON StoredFolder (lib/reproduce/stored): runs, settings, systems
  createdAt: text("created_at").notNull(),
});

/**
 * One row (id 1) counting changes to what pages show: every write transaction (import, upload, freeze, and any later
 * write route) adds one (db/data-version.ts), so every process serving this database agrees on when a cached answer
 * is stale. A table, not SQLite's PRAGMA data_version, so a PostgreSQL store keeps the same rule.
 */
export const dataVersion = sqliteTable("data_version", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull(),
});

/**
 * MLPerf Endpoints curves (lib/endpoints): one row per system, model and cohort, read from a submission's
 * `results/<system>/<model>/` (or v0.7 `pareto/...`) folder; a later cohort of the same series is a new row and the
 * older one becomes `superseded` (history kept). Written by db/curves.ts, read by db/queries/curves.ts.
 */
export const curves = sqliteTable(
  "curves",
  {
    id: text("id").primaryKey(), // FNV-1a 64 of the series key and the cohort (lib/endpoints/curve.ts)
    seriesId: text("series_id").notNull(), // FNV-1a 64 of the series key: the curve across cohorts
    layout: text("layout").notNull(), // "v1.0" | "v0.7"
    submitter: text("submitter").notNull(),
    system: text("system").notNull(),
    model: text("model").notNull(),
    benchmark: text("benchmark").notNull(),
    division: text("division").notNull(),
    clientLocation: text("client_location"),
    availability: text("availability").notNull(),
    status: text("status").notNull(),
    statusNote: text("status_note"),
    supersededBy: text("superseded_by"),
    // when a refresh of its official source no longer found it (kept, marked; null while listed): db/curves.ts
    goneSince: text("gone_since"),
    cohort: text("cohort"),
    accelerator: text("accelerator"),
    acceleratorsPerNode: integer("accelerators_per_node"),
    nodes: integer("nodes"),
    totalAccelerators: integer("total_accelerators"),
    servingEngine: text("serving_engine"),
    precision: text("precision"),
    provisionedPowerW: real("provisioned_power_w"),
    provisionedPowerNote: text("provisioned_power_note").notNull(),
    // the data set's mean input and output tokens per sample as system_desc.json states them (issue 30)
    inputTokenAverage: real("input_token_average"),
    outputTokenAverage: real("output_token_average"),
    sourceUrl: text("source_url"),
    source: text("source").notNull(),
    synthetic: integer("synthetic", { mode: "boolean" }).notNull(),
    contentHash: text("content_hash").notNull(),
    importId: integer("import_id").references(() => imports.id),
  },
  (t) => [index("curves_series").on(t.seriesId), index("curves_benchmark").on(t.benchmark)],
);

/** A curve's load points, one per target concurrency (r<N>); the Offline ceiling is flagged, not a separate table. */
export const curvePoints = sqliteTable(
  "curve_points",
  {
    curveId: text("curve_id")
      .notNull()
      .references(() => curves.id, { onDelete: "cascade" }),
    concurrency: integer("concurrency").notNull(),
    cohort: text("cohort"),
    offlineKind: text("offline_kind"), // "dedicated" | "elected" | null
    systemTps: real("system_tps").notNull(),
    tpsPerUser: real("tps_per_user"),
    ttftP90Ms: real("ttft_p90_ms"),
    tpotP90Ms: real("tpot_p90_ms"),
    perAccelerator: real("per_accelerator"),
    systemTpsPerKwProvisioned: real("system_tps_per_kw_provisioned"),
    samplesCompleted: integer("samples_completed"),
    samplesFailed: integer("samples_failed"),
    durationS: real("duration_s").notNull(),
    outputTokens: integer("output_tokens").notNull(),
    failedChecks: text("failed_checks").notNull(), // JSON string[]
  },
  (t) => [index("curve_points_curve").on(t.curveId, t.concurrency)],
);
