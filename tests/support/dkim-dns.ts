import dns2 from "dns2";

// DNS for DKIM is a third party (docs/decisions/379): the tests run a small DNS server of
// their own (dns2, UDP on 127.0.0.1) that answers TXT questions for
// `<selector>._domainkey.<domain>` with the keys the test generated, and NXDOMAIN for
// everything else. The receiver asks it through DKIM_DNS_SERVERS, as production asks the
// system's resolver.

export interface DkimDns {
  /** "127.0.0.1:<port>", as DKIM_DNS_SERVERS takes it. */
  server: string;
  /** Publishes (or replaces) the TXT record of a selector's key. */
  publish: (selector: string, domain: string, record: string) => void;
  /** The names asked so far, as "TYPE name". */
  asked: string[];
  close: () => Promise<void>;
}

/** A DKIM key record as a domain publishes it: `v=DKIM1; k=rsa; p=<SPKI in base64>`. */
export function dkimRecord(publicKeyPem: string): string {
  const spki = publicKeyPem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, "");
  return `v=DKIM1; k=rsa; p=${spki}`;
}

export async function startDkimDns(): Promise<DkimDns> {
  const { Packet } = dns2;
  const records = new Map<string, string>();
  const asked: string[] = [];
  const server = dns2.createServer({
    udp: true,
    handle(request, send) {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      if (question) {
        const name = question.name.toLowerCase();
        asked.push(`${question.type === Packet.TYPE.TXT ? "TXT" : question.type} ${name}`);
        const record = question.type === Packet.TYPE.TXT ? records.get(name) : undefined;
        if (record) {
          response.answers.push({
            name: question.name,
            type: Packet.TYPE.TXT,
            class: Packet.CLASS.IN,
            ttl: 60,
            // One TXT record of 255-byte strings (RFC 1035's character-strings), which
            // resolvers join: a 2048-bit key is longer than one string holds.
            data: record.match(/.{1,255}/g) ?? [],
            // The packet's encoder builds the record from these fields.
          } as unknown as (typeof response.answers)[number]);
        } else {
          // NXDOMAIN: no such name.
          response.header.rcode = 3;
        }
      }
      send(response);
    },
  });
  const listening = await server.listen({ udp: { port: 0, address: "127.0.0.1" } });
  const port = (listening.udp as { port: number }).port;
  return {
    server: `127.0.0.1:${port}`,
    publish: (selector, domain, record) =>
      records.set(`${selector}._domainkey.${domain}`.toLowerCase(), record),
    asked,
    close: () => server.close(),
  };
}
