// The multipart splitter against undici's own (what `Request.formData()` gave the routes before, issue 26): bodies
// serialised by undici's FormData from real bake-off files and text fields, and bodies written by hand after RFC 2046
// §5.1.1 (preamble, transport padding, epilogue, quoted boundary), plus the malformed ones the routes answer 400.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { sharedPath } from "@/lib/shared-data";
import { MultipartError, multipartBoundary, parseMultipart, partText } from "./multipart";

async function serialised(form: FormData): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string }> {
  const req = new Request("http://x/", { method: "POST", body: form });
  return { body: new Uint8Array(await req.arrayBuffer()), contentType: req.headers.get("content-type") ?? "" };
}

const enc = (s: string) => new TextEncoder().encode(s);

describe("parseMultipart", () => {
  it("gives the parts undici gives, in order, for real files and text fields", async () => {
    const sglang = fs.readFileSync(sharedPath("bakeoff", "sglang", "llama_3_3_70b_offline_output.jsonl"));
    const vllm = fs.readFileSync(sharedPath("bakeoff", "vllm", "run=0.json"));
    const form = new FormData();
    form.append("file", new Blob([sglang]), "llama_3_3_70b_offline_output.jsonl");
    form.append("family", "llama2-70b");
    form.append("file", new Blob([vllm]), "run=0.json");
    form.append("label", 'H200 "8×" run\r\nsecond line');
    form.append("file", "pasted text body");
    form.append("file", new Blob([""]), "");
    const { body, contentType } = await serialised(form);
    const parts = parseMultipart(body, contentType);
    const theirs = [...(await new Response(body, { headers: { "content-type": contentType } }).formData())];
    expect(parts.map((p) => p.name)).toEqual(theirs.map(([k]) => k));
    for (const [i, [, v]] of theirs.entries()) {
      const p = parts[i];
      if (!p) throw new Error(`part ${i} missing`);
      if (typeof v === "string") {
        expect(p.filename).toBeNull();
        expect(partText(p)).toBe(v);
      } else {
        expect(p.filename).toBe(v.name);
        expect(Buffer.from(p.bytes).equals(Buffer.from(await v.arrayBuffer()))).toBe(true);
      }
    }
    // by hand from the files: the sizes and names sent
    expect(parts[0]?.bytes.byteLength).toBe(sglang.byteLength);
    expect(parts[2]?.bytes.byteLength).toBe(vllm.byteLength);
    expect(partText(parts[3] as never)).toBe('H200 "8×" run\r\nsecond line');
    // a file is a view of the body, not a copy
    expect(parts[0]?.bytes.buffer).toBe(body.buffer);
  });

  it.each([
    [
      "preamble, transport padding, epilogue",
      'this is the preamble\r\n--AaB03x  \r\nContent-Disposition: form-data; name="family"\r\n\r\nllama2-70b\r\n--AaB03x--\r\nepilogue',
      'multipart/form-data; boundary="AaB03x"',
      [{ name: "family", filename: null, text: "llama2-70b" }],
    ],
    [
      "a token boundary, a part with a content type, a filename before the name",
      '--b1\r\nContent-Type: text/plain\r\ncontent-disposition: form-data; filename="a;b.txt"; name=file\r\n\r\nx\r\n--b1--',
      "multipart/form-data; charset=utf-8; boundary=b1",
      [{ name: "file", filename: "a;b.txt", text: "x" }],
    ],
    ["no parts", "--b1--\r\n", "multipart/form-data; boundary=b1", []],
  ])("%s", (_what, text, contentType, want) => {
    const parts = parseMultipart(enc(text), contentType);
    expect(parts.map((p) => ({ name: p.name, filename: p.filename, text: partText(p) }))).toEqual(want);
  });

  it.each([
    ["cut short inside a part", '--b1\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue', "cut short"],
    ["cut short inside the headers", '--b1\r\nContent-Disposition: form-data; name="a"', "cut short"],
    ["another boundary", '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nv\r\n--zz--', "does not occur"],
    ["a part without a name", "--b1\r\nContent-Disposition: form-data\r\n\r\nv\r\n--b1--", "with a name"],
    ["a part without its disposition", "--b1\r\nContent-Type: text/plain\r\n\r\nv\r\n--b1--", "no Content-Disposition"],
  ])("refuses %s", (_what, text, message) => {
    expect(() => parseMultipart(enc(text), "multipart/form-data; boundary=b1")).toThrow(MultipartError);
    expect(() => parseMultipart(enc(text), "multipart/form-data; boundary=b1")).toThrow(message);
  });

  it("reads the boundary only from a multipart/form-data type", () => {
    expect(multipartBoundary("multipart/form-data; boundary=----x")).toBe("----x");
    expect(multipartBoundary('Multipart/Form-Data ; boundary="a b"')).toBe("a b");
    expect(multipartBoundary("multipart/mixed; boundary=x")).toBeNull();
    expect(multipartBoundary("multipart/form-data;")).toBeNull();
  });
});
