import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { robots } from "../../../db/schema.ts";
import { goldenLedger } from "../../../tests/support/golden-ledger.ts";
import { mt4Statement, utf8 } from "../../../tests/support/statement-fixtures.ts";
import { getDb } from "../../platform/db/db.server.ts";
import { loader as headLoader } from "../../routes/site/record-log-head.ts";
import { loader as jsonLoader } from "../../routes/site/record-log-json.ts";
import { loader as keyLoader } from "../../routes/site/record-log-key.ts";
import { loader as textLoader } from "../../routes/site/record-log-text.ts";
import { getVerifiedView } from "./public-view.server.ts";
import { checkLogText, verifyHead } from "./record-log-chain.server.ts";
import { performanceAction } from "./upload.server.ts";

const STAFF = "staff@agentesfx.test";
let yenmax: string;

beforeAll(async () => {
  const db = await getDb();
  const rows = await db.select({ id: robots.id, key: robots.key }).from(robots);
  yenmax = rows.find((r) => r.key === "yenmax")!.id;
});

function post(body: FormData | URLSearchParams) {
  return new Request("http://localhost/admin/robos/x/desempenho", { method: "POST", body });
}

async function uploadAndPublish(bytes: Uint8Array): Promise<string> {
  const form = new FormData();
  form.set("accountKind", "real");
  form.set("broker", "Corretora Exemplo");
  form.set("serverClock", "+00:00");
  form.set("currency", "USD");
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], "Statement.htm"));
  const uploaded = (await performanceAction(post(form), yenmax, STAFF)) as Response;
  const id = new URL(uploaded.headers.get("Location")!, "http://x").searchParams.get("extrato")!;
  await performanceAction(post(new URLSearchParams({ statementId: id })), yenmax, STAFF);
  return id;
}

const text = async () => (await textLoader()).text();

/** Runs the chain check of docs/record-verification.md with sha256sum itself. */
function shellCheck(log: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "registro-"));
  fs.writeFileSync(path.join(dir, "registro.txt"), log);
  const script = `prev=$(printf '0%.0s' $(seq 64)); n=0
while IFS= read -r line; do
  n=$((n+1))
  [ "$(printf '%s' "$line" | cut -f7)" = "$prev" ] || { echo "quebra na linha $n"; exit 1; }
  prev=$(printf '%s\\n' "$line" | sha256sum | cut -d' ' -f1)
done < registro.txt
echo "$n $prev"`;
  try {
    return execFileSync("bash", ["-c", script], { cwd: dir, encoding: "utf8" }).trim();
  } catch (error) {
    return String((error as { stdout: string }).stdout).trim();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("the public record log", () => {
  it("logs each statement, publication and withdrawal, each head signed, re-hashable by sha256sum", async () => {
    const bytes = utf8(mt4Statement(goldenLedger));
    await uploadAndPublish(bytes);
    await uploadAndPublish(utf8(mt4Statement(goldenLedger).replace("</body>", " </body>")));
    const withdrawn = await performanceAction(
      post(new URLSearchParams({ intent: "withdraw" })),
      yenmax,
      STAFF,
    );
    expect((withdrawn as Response).status).toBe(302);
    expect(await getVerifiedView(yenmax)).toBeNull();

    const log = await text();
    const lines = log.trimEnd().split("\n");
    expect(lines.map((line) => line.split("\t")[2])).toEqual([
      "statement",
      "publication",
      "statement",
      "publication",
      "withdrawal",
    ]);
    const fileHash = execFileSync("sha256sum", { input: bytes, encoding: "utf8" }).split(" ")[0];
    expect(lines[0]!.split("\t")).toEqual([
      "1",
      expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      "statement",
      "yenmax",
      expect.stringMatching(/\d{3}$/),
      fileHash,
      "0".repeat(64),
    ]);
    const check = checkLogText(log);
    expect(check).toMatchObject({ ok: true, size: 5 });
    if (!check.ok) throw new Error("log does not chain");
    expect(shellCheck(log)).toBe(`5 ${check.headHash}`);

    // The head for five entries names the last line's hash and verifies with the public key.
    const document = await (await headLoader({ params: { size: "5" } } as never)).text();
    const [, size, hash, date, signature] = document.trimEnd().split("\n");
    expect([size, hash]).toEqual(["entradas 5", `hash ${check.headHash}`]);
    const head = { size: 5, hash: check.headHash, signedAt: date!.replace("data ", "") };
    const key = await (await keyLoader()).text();
    const signatureValue = signature!.replace("assinatura-ed25519 ", "");
    expect(verifyHead(head, signatureValue, key)).toBe(true);
    expect(verifyHead({ ...head, size: 4 }, signatureValue, key)).toBe(false);
    const json = JSON.parse(await (await jsonLoader()).text()) as {
      entries: { hash: string }[];
      heads: unknown[];
    };
    expect(json.entries.at(-1)?.hash).toBe(check.headHash);
    expect(json.heads).toHaveLength(5);

    // Changing, removing or reordering an old entry shows, to us and to sha256sum.
    const changed = log.replace(lines[1]!, lines[1]!.replace("publication", "withdrawal"));
    expect(changed).not.toBe(log);
    expect(checkLogText(changed)).toEqual({ ok: false, line: 3, problem: "chain" });
    expect(shellCheck(changed)).toBe("quebra na linha 3");
    const otherFile = log.replace(fileHash!, "f".repeat(64));
    expect(checkLogText(otherFile)).toMatchObject({ ok: false, line: 2 });
    const removed = [lines[0], ...lines.slice(2)].join("\n") + "\n";
    expect(checkLogText(removed)).toMatchObject({ ok: false, line: 2 });
    expect(shellCheck(removed)).toBe("quebra na linha 2");
    // Re-hashing the rest after a change gives another head than the one signed.
    expect(verifyHead({ ...head, hash: "0".repeat(64) }, signatureValue, key)).toBe(false);

    // The rows refuse changes at the database too.
    const db = await getDb();
    await expect(db.execute(sql`update record_log_entries set robot = 'x'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from record_log_entries`)).rejects.toThrow();
    await expect(db.execute(sql`delete from record_log_heads`)).rejects.toThrow();
    expect(await text()).toBe(log);

    // Nothing left to withdraw: a clear 409, and the log is unchanged.
    const again = await performanceAction(
      post(new URLSearchParams({ intent: "withdraw" })),
      yenmax,
      STAFF,
    );
    expect((again as unknown as { init: ResponseInit }).init.status).toBe(409);
    expect(await text()).toBe(log);
  });
});
