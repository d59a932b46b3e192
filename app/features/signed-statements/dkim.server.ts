// A received message's DKIM signature checked with mailauth against the broker domains staff
// trust for the account (docs/decisions/377). DNS is the system's resolver unless
// DKIM_DNS_SERVERS names others (the tests' own DNS server, a resolver of the operator's).
import { Resolver } from "node:dns/promises";
import { dkimVerify } from "mailauth/lib/dkim/verify.js";
import type { DNSResolver } from "mailauth";
import type { SignedMessageRefusal } from "./model.ts";

/** How long one DNS question may take, and how often it is asked. */
const DNS_TIMEOUT_MS = 3000;
const DNS_TRIES = 2;

/** mailauth's resolver over node:dns: the system's servers, or `servers` ("host:port"). */
export function dkimResolver(servers?: readonly string[]): DNSResolver {
  const resolver = new Resolver({ timeout: DNS_TIMEOUT_MS, tries: DNS_TRIES });
  if (servers?.length) resolver.setServers(servers);
  return (name, type) => resolver.resolve(name, type) as Promise<string[][] | string[]>;
}

export type SignatureVerdict =
  | { ok: true; domain: string }
  | {
      ok: false;
      reason: Extract<
        SignedMessageRefusal,
        "unsigned" | "signature-failed" | "key-unresolved" | "domain-not-allowed"
      >;
      domain: string | null;
      /** mailauth's own words (its Authentication-Results line), for staff. */
      detail: string;
      /** A DNS failure that may pass: the sender should try again later. */
      transient: boolean;
    };

/**
 * The message passes when a signature of one of `allowedDomains` (exactly its d=) verifies
 * over the whole body (a signature with l= shorter than the body leaves the rest unsigned).
 * Otherwise: why, preferring what the allowed domains' own signatures say.
 */
export async function verifyBrokerSignature(
  raw: Buffer,
  allowedDomains: readonly string[],
  resolver: DNSResolver,
  now: Date,
): Promise<SignatureVerdict> {
  const { results } = await dkimVerify(raw, { resolver, curTime: now, minBitLength: 1024 });
  const signatures = results.filter((result) => result.status.result !== "none");
  if (signatures.length === 0) {
    return { ok: false, reason: "unsigned", domain: null, detail: "", transient: false };
  }
  const allowed = new Set(allowedDomains.map((domain) => domain.toLowerCase()));
  const ours = signatures.filter((result) => allowed.has(result.signingDomain.toLowerCase()));
  const passed = ours.find(
    (result) => result.status.result === "pass" && !result.status.underSized,
  );
  if (passed) return { ok: true, domain: passed.signingDomain.toLowerCase() };
  const [claimed] = ours;
  if (claimed) {
    const { result, comment, underSized } = claimed.status;
    const unresolved = result === "temperror" || comment === "no key";
    return {
      ok: false,
      reason: unresolved ? "key-unresolved" : "signature-failed",
      domain: claimed.signingDomain.toLowerCase(),
      detail: underSized
        ? `${claimed.info} (l= leaves ${underSized} bytes unsigned)`
        : claimed.info,
      transient: result === "temperror",
    };
  }
  const [other] = signatures;
  return {
    ok: false,
    reason: "domain-not-allowed",
    domain: other?.signingDomain.toLowerCase() ?? null,
    detail: other?.info ?? "",
    transient: false,
  };
}
