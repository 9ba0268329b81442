import { describe, expect, it } from "vitest";
import { NameIndex, type SearchableSystem, searchWords, systemSearchText } from "./search";

const amd: SearchableSystem = {
  submitter: "AMD",
  systemName: "Supermicro AS-8125GS-TNMR2",
  platform: "1xMI300X_2xEPYC-9374F",
  accelerator: "AMD Instinct MI300X-NPS1-SPX-192GB-750W",
  software: "vLLM 0.4.3+rocm614, PyTorch 2.3.0, ROCm 6.1.2",
};

describe("systemSearchText", () => {
  it.each<[string, SearchableSystem, string]>([
    [
      "a real v4.1 system, every part",
      amd,
      "amd supermicro as-8125gs-tnmr2 1xmi300x_2xepyc-9374f amd instinct mi300x-nps1-spx-192gb-750w vllm 0.4.3+rocm614, pytorch 2.3.0, rocm 6.1.2",
    ],
    [
      "no accelerator or software",
      { ...amd, accelerator: null, software: null },
      "amd supermicro as-8125gs-tnmr2 1xmi300x_2xepyc-9374f",
    ],
    [
      "an empty system name leaves no double space",
      { ...amd, systemName: "", accelerator: "", software: null },
      "amd 1xmi300x_2xepyc-9374f",
    ],
    // full Unicode lower case, as the query words get: SQL's lower() would leave Ä and Σ as they are
    [
      "non-ASCII capitals",
      { ...amd, submitter: "ÆON", systemName: "ΣΥΣΤΗΜΑ Ärger", accelerator: null, software: null },
      "æon συστημα ärger 1xmi300x_2xepyc-9374f",
    ],
    // a final sigma before a space lower-cases as at the end of the text
    [
      "a final sigma",
      { ...amd, submitter: "ΟΔΥΣΣΕΥΣ", accelerator: null, software: null },
      "οδυσσευς supermicro as-8125gs-tnmr2 1xmi300x_2xepyc-9374f",
    ],
  ])("%s", (_name, s, want) => {
    expect(systemSearchText(s)).toBe(want);
  });
});

describe("searchWords", () => {
  it.each<[string, string[]]>([
    ["MI355X", ["mi355x"]],
    ["  MI355X \t llama2-70b  ", ["mi355x", "llama2-70b"]],
    ["", []],
    ["   ", []],
    ["ÄRGER", ["ärger"]],
    ["a b c d e f g h i j", ["a", "b", "c", "d", "e", "f", "g", "h"]],
    ["8x%_", ["8x%_"]],
  ])("%j → %j", (q, want) => {
    expect(searchWords(q)).toEqual(want);
  });
});

describe("NameIndex", () => {
  const names = new NameIndex(["llama2-70b-99", "llama2-70b-99.9", "ResNet50", "ÆON-7b", "llama2-70b-99", "a%b_c"]);
  it.each<[string, string[]]>([
    ["llama2", ["llama2-70b-99", "llama2-70b-99.9"]],
    ["99.9", ["llama2-70b-99.9"]],
    ["resnet", ["ResNet50"]],
    ["æon", ["ÆON-7b"]],
    // literal text, not a LIKE pattern
    ["%b_", ["a%b_c"]],
    ["_", ["a%b_c"]],
    ["gpt", []],
  ])("%j → %j (each name once)", (word, want) => {
    expect(names.matching(word)).toEqual(want);
  });
});
