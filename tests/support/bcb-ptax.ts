import http from "node:http";
import type { AddressInfo } from "node:net";

// A local stand-in for the Banco Central's PTAX service (Olinda OData,
// CotacaoDolarDia(dataCotacao=@dataCotacao)): it answers the closing quotes the test gives it,
// by day, in the service's JSON, and an empty list for any other day (weekend, holiday).

export interface FakeBcb {
  /** The OData base, as PTAX_URL takes it. */
  url: string;
  /** Days asked for, as YYYY-MM-DD. */
  asked: string[];
  close(): Promise<void>;
}

export async function startFakeBcb(quotes: Record<string, number>): Promise<FakeBcb> {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://bcb.local");
    const param = url.searchParams.get("@dataCotacao") ?? "";
    const match = /^'(\d{2})-(\d{2})-(\d{4})'$/.exec(param);
    if (!url.pathname.endsWith("/CotacaoDolarDia(dataCotacao=@dataCotacao)") || !match) {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "bad request" }));
      return;
    }
    const day = `${match[3]}-${match[1]}-${match[2]}`;
    asked.push(day);
    const rate = quotes[day];
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        "@odata.context":
          "https://was-p.bcnet.bcb.gov.br/olinda/servico/PTAX/versao/v1/odata$metadata#_CotacaoDolarDia",
        value:
          rate === undefined
            ? []
            : [
                {
                  cotacaoCompra: rate - 0.0006,
                  cotacaoVenda: rate,
                  dataHoraCotacao: `${day} 13:04:27.123`,
                },
              ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/olinda/servico/PTAX/versao/v1/odata`,
    asked,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
