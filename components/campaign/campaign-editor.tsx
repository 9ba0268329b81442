"use client";
// Create or edit a campaign: its name and members (a bake-off upload or a reproduction, each with a traffic shape,
// cache state and condition, and what the user declares where the files are silent). Saves through
// POST /api/campaigns or PUT /api/campaigns/{id}, with the admin token when the server asks for one. Runs are chosen
// from this browser's own recent uploads and reproductions (components/recent) or a pasted link: the server lists no
// one's uploads (issue 26 finding 5, private by link).
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useRecent } from "@/components/recent/recent";
import { BUTTON_PRIMARY, BUTTON_SECONDARY } from "@/components/share/use-freeze";
import {
  CACHES,
  type CampaignMember,
  CONDITIONS,
  DECLARED_FIELDS,
  type DeclaredField,
  SHAPES,
} from "@/lib/campaign/roles";
import { parseMemberLink } from "@/lib/recent";

const input =
  "rounded border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";

/** Each role a member plays, with its choices (lib/campaign/roles.ts) and the test id the e2e journeys use. */
const ROLES = {
  shape: { choices: SHAPES, testId: "member-shape" },
  cache: { choices: CACHES, testId: "member-cache" },
  condition: { choices: CONDITIONS, testId: "member-condition" },
} as const;

type Role = keyof typeof ROLES;

/** One member's traffic shape, cache state or condition, as a select of the role's choices. */
function RoleSelect<R extends Role>(props: {
  kind: R;
  label: string;
  value: CampaignMember[R];
  onChange: (value: CampaignMember[R]) => void;
}) {
  const { choices, testId } = ROLES[props.kind];
  return (
    <select
      className={input}
      aria-label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value as CampaignMember[R])}
      data-testid={testId}
    >
      {Object.entries(choices).map(([k, v]) => (
        <option key={k} value={k}>
          {v.label}
        </option>
      ))}
    </select>
  );
}

export function CampaignEditor(props: {
  campaignId: string | null;
  initialName: string;
  initialMembers: CampaignMember[];
  /** "kind:id" → label, for the members already saved (from the campaign's own report). */
  labels: Record<string, string>;
  tokenRequired: boolean;
}) {
  const router = useRouter();
  const [name, setName] = useState(props.initialName);
  const [members, setMembers] = useState<CampaignMember[]>(props.initialMembers);
  const recent = useRecent(["bakeoff", "reproduction"]);
  const [pick, setPick] = useState("");
  const [link, setLink] = useState("");
  const [linkError, setLinkError] = useState<string | null>(null);
  const [token, setToken] = useState("");
  const [status, setStatus] = useState<{ kind: "idle" | "busy" | "saved" } | { kind: "error"; message: string }>({
    kind: "idle",
  });
  const labelOf = (m: CampaignMember) =>
    props.labels[`${m.kind}:${m.id}`] ??
    recent.find((r) => r.kind === m.kind && r.id === m.id)?.label ??
    (m.kind === "bakeoff" ? m.id : `reproduction ${m.id}`);
  const picked = pick || (recent[0] ? `${recent[0].kind}:${recent[0].id}` : "");

  const update = (i: number, patch: Partial<CampaignMember>) =>
    setMembers((ms) => ms.map((m, j) => (j === i ? { ...m, ...patch } : m)));
  const declare = (i: number, field: DeclaredField, value: string) =>
    setMembers((ms) =>
      ms.map((m, j) => {
        if (j !== i) return m;
        const declared = { ...(m.declared ?? {}) };
        if (value.trim()) declared[field] = value;
        else delete declared[field];
        return { ...m, declared };
      }),
    );
  const add = (kind: CampaignMember["kind"], id: string) => {
    if (!id) return;
    setMembers((ms) => [...ms, { kind, id, shape: "chat", cache: "warm", condition: "baseline" }]);
  };

  async function save() {
    setStatus({ kind: "busy" });
    try {
      const res = await fetch(props.campaignId ? `/api/campaigns/${props.campaignId}` : "/api/campaigns", {
        method: props.campaignId ? "PUT" : "POST",
        headers: {
          "content-type": "application/json",
          ...(props.tokenRequired && token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ name, members }),
      });
      const body = (await res.json()) as { url?: string; error?: { message?: string } };
      if (!res.ok || !body.url) throw new Error(body.error?.message ?? `the server answered ${res.status}`);
      setStatus({ kind: "saved" });
      if (props.campaignId) router.refresh();
      else router.push(body.url);
    } catch (e) {
      setStatus({ kind: "error", message: e instanceof Error ? e.message : String(e) });
    }
  }

  return (
    <form
      className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      data-testid="campaign-editor"
    >
      <label className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">Campaign name</span>
        <input
          className={`${input} min-w-64 flex-1`}
          value={name}
          maxLength={120}
          required
          onChange={(e) => setName(e.target.value)}
          name="name"
          data-testid="campaign-name-input"
        />
      </label>

      <div className="relative overflow-x-auto">
        <table className="w-full text-sm" data-testid="member-rows">
          <thead>
            <tr className="border-b border-slate-300 text-left dark:border-slate-700">
              <th className="py-1 pr-2">#</th>
              <th className="py-1 pr-2">Run</th>
              <th className="py-1 pr-2">Traffic shape</th>
              <th className="py-1 pr-2">Cache</th>
              <th className="py-1 pr-2">Condition</th>
              <th className="py-1 pr-2">Declared (where the files are silent)</th>
              <th className="py-1 pr-2">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.length === 0 && (
              <tr>
                <td colSpan={7} className="py-2 text-slate-600 dark:text-slate-400">
                  No runs yet: add bake-off uploads below.
                </td>
              </tr>
            )}
            {members.map((m, i) => (
              <tr
                // biome-ignore lint/suspicious/noArrayIndexKey: a run may be listed twice with other roles; the order is the campaign's
                key={`${m.kind}-${m.id}-${i}`}
                className="border-b border-slate-100 align-top dark:border-slate-800"
                data-testid="member-row"
              >
                <td className="py-1 pr-2">{i + 1}</td>
                <td className="max-w-64 py-1 pr-2 break-words">{labelOf(m)}</td>
                <td className="py-1 pr-2">
                  <RoleSelect
                    kind="shape"
                    label={`Traffic shape of member ${i + 1}`}
                    value={m.shape}
                    onChange={(v) => update(i, { shape: v })}
                  />
                  {m.shape === "custom" && (
                    <span className="mt-1 flex gap-1">
                      <input
                        className={`${input} w-20`}
                        type="number"
                        min={1}
                        placeholder="ISL"
                        aria-label={`Input tokens of member ${i + 1}`}
                        value={m.isl ?? ""}
                        onChange={(e) => update(i, { isl: e.target.value ? Number(e.target.value) : null })}
                      />
                      <input
                        className={`${input} w-20`}
                        type="number"
                        min={1}
                        placeholder="OSL"
                        aria-label={`Output tokens of member ${i + 1}`}
                        value={m.osl ?? ""}
                        onChange={(e) => update(i, { osl: e.target.value ? Number(e.target.value) : null })}
                      />
                    </span>
                  )}
                </td>
                <td className="py-1 pr-2">
                  <RoleSelect
                    kind="cache"
                    label={`Cache of member ${i + 1}`}
                    value={m.cache}
                    onChange={(v) => update(i, { cache: v })}
                  />
                </td>
                <td className="py-1 pr-2">
                  <RoleSelect
                    kind="condition"
                    label={`Condition of member ${i + 1}`}
                    value={m.condition}
                    onChange={(v) => update(i, { condition: v })}
                  />
                </td>
                <td className="py-1 pr-2">
                  <details>
                    <summary className="cursor-pointer text-xs">
                      {Object.keys(m.declared ?? {}).length
                        ? Object.entries(m.declared ?? {})
                            .map(([k, v]) => `${DECLARED_FIELDS[k as DeclaredField]}: ${v}`)
                            .join(", ")
                        : "declare…"}
                    </summary>
                    <span className="mt-1 grid grid-cols-[auto_1fr] gap-1 text-xs">
                      {(Object.keys(DECLARED_FIELDS) as DeclaredField[]).map((f) => (
                        <label key={f} className="contents">
                          <span>{DECLARED_FIELDS[f]}</span>
                          <input
                            className={`${input} text-xs`}
                            maxLength={80}
                            value={m.declared?.[f] ?? ""}
                            onChange={(e) => declare(i, f, e.target.value)}
                          />
                        </label>
                      ))}
                    </span>
                  </details>
                </td>
                <td className="py-1 pr-2">
                  <button
                    type="button"
                    className={BUTTON_SECONDARY}
                    onClick={() => setMembers((ms) => ms.filter((_, j) => j !== i))}
                    aria-label={`Remove member ${i + 1}`}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="flex flex-wrap items-end gap-2 text-sm">
        <label className="flex flex-col gap-1">
          <span className="font-medium">Add one of your recent runs</span>
          <select
            className={`${input} max-w-md`}
            value={picked}
            onChange={(e) => setPick(e.target.value)}
            data-testid="upload-pick"
          >
            {recent.length === 0 && <option value="">None in this browser yet (upload on /bakeoff)</option>}
            {recent.map((r) => (
              <option key={`${r.kind}:${r.id}`} value={`${r.kind}:${r.id}`}>
                {r.kind === "reproduction" ? "Reproduction: " : ""}
                {r.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={BUTTON_SECONDARY}
          onClick={() => {
            const [kind, id] = picked.split(":");
            if (kind === "bakeoff" || kind === "reproduction") add(kind, id ?? "");
          }}
          data-testid="add-upload"
        >
          Add run
        </button>
        <label className="flex flex-col gap-1">
          <span className="font-medium">or paste a link to an upload or reproduction</span>
          <input
            className={`${input} w-80`}
            value={link}
            placeholder="https://…/bakeoff/… or …/reproduce/…"
            onChange={(e) => {
              setLink(e.target.value);
              setLinkError(null);
            }}
            data-testid="member-link"
          />
        </label>
        <button
          type="button"
          className={BUTTON_SECONDARY}
          onClick={() => {
            const r = parseMemberLink(link);
            if (!r.ok) return setLinkError(r.message);
            add(r.kind, r.id);
            setLink("");
          }}
          data-testid="add-link"
        >
          Add link
        </button>
        {linkError && (
          <span role="alert" className="w-full text-red-700 dark:text-red-300">
            {linkError}
          </span>
        )}
      </div>

      <div className="flex flex-wrap items-center gap-3">
        {props.tokenRequired && (
          <label className="flex items-center gap-2 text-sm">
            <span>Write token</span>
            <input className={input} type="password" value={token} onChange={(e) => setToken(e.target.value)} />
          </label>
        )}
        <button type="submit" className={BUTTON_PRIMARY} disabled={status.kind === "busy"} data-testid="campaign-save">
          {status.kind === "busy" ? "Saving…" : props.campaignId ? "Save changes" : "Create campaign"}
        </button>
        {status.kind === "saved" && <span className="text-sm">Saved.</span>}
        {status.kind === "error" && (
          <span role="alert" className="text-sm text-red-700 dark:text-red-300">
            {status.message}
          </span>
        )}
      </div>
    </form>
  );
}
