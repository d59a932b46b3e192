import { afterEach, describe, expect, it, vi } from "vitest";
import { verifyBrokerSignature } from "../../app/features/signed-statements/dkim.server.ts";
import { dkimRecord } from "./dkim-dns.ts";
import { brokerKey, composeStatementMail, signMail } from "./signed-statement-mail.ts";

// The tests' broker signer (docs/decisions/379) signs every message so that it verifies,
// also one signed while the clock passes a half second (1 in about 1,500 messages of the
// burst benchmark did not).

const key = brokerKey("mail.corretora-exemplo.com");
const record = dkimRecord(key.publicKey);
const resolver = (async () => [[record]]) as Parameters<typeof verifyBrokerSignature>[2];

afterEach(() => {
  vi.restoreAllMocks();
});

describe("signMail", () => {
  it("signs a message that verifies when the clock moves past a half second while it signs", async () => {
    const raw = await composeStatementMail(
      { to: "robo@extratos.agentesfx.test", statement: new TextEncoder().encode("<p>x</p>") },
      key.domain,
    );
    // Each reading of the clock a millisecond later, from just before 12:00:00.5.
    let now = Date.UTC(2026, 11, 2, 12, 0, 0, 499);
    vi.spyOn(Date, "now").mockImplementation(() => now++);
    const signed = await signMail(raw, key);
    const verdict = await verifyBrokerSignature(
      signed,
      [key.domain],
      resolver,
      new Date(Date.UTC(2026, 11, 2, 12, 0, 1)),
    );
    expect(verdict).toEqual({ ok: true, domain: key.domain });
  });
});
