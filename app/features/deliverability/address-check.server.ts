// Addresses no one can be written to: a domain from the maintained list of disposable mail
// services (disposable-email-domains-js, the disposable-email-domains project's list), or a
// domain no mail exchanger could have. Checked in JavaScript before the sign-up's one
// statement (docs/decisions/109 and 162); the list stays on the server, off the page's bundle.
import { disposableEmailBlocklistSet } from "disposable-email-domains-js";

export type AddressProblem = "disposable" | "undeliverable";

let disposable: Set<string> | undefined;

// Letters, digits and inner hyphens per label (RFC 1035, with IDNA's xn-- labels); at least
// two labels; a top-level label of letters (or an IDNA one), so no IP address or "localhost".
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

function isDeliverableDomain(domain: string): boolean {
  if (domain.length > 253) return false;
  const labels = domain.split(".");
  if (labels.length < 2) return false;
  return labels.every((label) => LABEL.test(label)) && TOP_LABEL.test(labels.at(-1)!);
}

/** Whether mail to this (already well-formed, lower-case) address is pointless; why if so. */
export function addressProblem(email: string): AddressProblem | null {
  const domain = email.slice(email.lastIndexOf("@") + 1);
  if (!isDeliverableDomain(domain)) return "undeliverable";
  disposable ??= disposableEmailBlocklistSet();
  // A subdomain of a disposable service is one too (abc.mailinator.com).
  const labels = domain.split(".");
  for (let i = 0; i < labels.length - 1; i++) {
    if (disposable.has(labels.slice(i).join("."))) return "disposable";
  }
  return null;
}
