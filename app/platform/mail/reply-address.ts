// The addresses the inbound SMTP takes for support (docs/decisions/385): a conversation's
// reply address resposta+<token>@ the inbound domain, and suporte@ it, every message's
// default Reply-To, where a new e-mail opens a conversation. The token is 26 base32
// characters (130 random bits), so an address cannot be guessed.

export const REPLY_LOCAL_PART = "resposta";
export const NEW_CONVERSATION_LOCAL_PART = "suporte";
const TOKEN = /^[a-z2-7]{26}$/;

export function replyAddress(token: string, domain: string): string {
  return `${REPLY_LOCAL_PART}+${token}@${domain}`;
}

export function newConversationAddress(domain: string): string {
  return `${NEW_CONVERSATION_LOCAL_PART}@${domain}`;
}

export type InboundTarget = { kind: "reply"; token: string } | { kind: "new" };

/** What an envelope recipient at `domain` asks for, or null when it is none of ours. */
export function inboundTarget(address: string, domain: string): InboundTarget | null {
  const lower = address.toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0 || lower.slice(at + 1) !== domain.toLowerCase()) return null;
  const local = lower.slice(0, at);
  if (local === NEW_CONVERSATION_LOCAL_PART) return { kind: "new" };
  const prefix = `${REPLY_LOCAL_PART}+`;
  if (!local.startsWith(prefix)) return null;
  const token = local.slice(prefix.length);
  return TOKEN.test(token) ? { kind: "reply", token } : null;
}
