import { href } from "react-router";
import type { Route } from "./+types/record-log";
import { recordLogCopy as copy } from "../../content/record-log.ts";
import { logPageData } from "../../features/performance/record-log-view.server.ts";
import { publicPage } from "../../lib/page-scripts.ts";
import { seoMeta, siteUrlFromMatches } from "../../lib/seo.ts";

// /registro: the public record log (issue 38, docs/decisions/370), HTML only.
export const handle = publicPage;

export function loader() {
  return logPageData();
}

export function meta({ matches }: Route.MetaArgs) {
  return seoMeta({ siteUrl: siteUrlFromMatches(matches), path: href("/registro"), ...copy.meta });
}

const shortHash = (hash: string) => `${hash.slice(0, 12)}…`;

export default function RecordLogPage({ loaderData }: Route.ComponentProps) {
  const { entries, head } = loaderData;
  return (
    <main id="conteudo" className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{copy.title}</h1>
      <p className="mt-4 max-w-3xl text-muted-foreground">{copy.intro}</p>

      <section aria-labelledby="baixar" className="mt-8">
        <h2 id="baixar" className="text-xl font-semibold">
          {copy.downloadsTitle}
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-6">
          <li>
            <a className="underline" href={href("/registro.txt")}>
              {copy.text}
            </a>
          </li>
          <li>
            <a className="underline" href={href("/registro.json")}>
              {copy.json}
            </a>
          </li>
          {head ? (
            <li>
              <a className="underline" href={href("/registro/chave.pem")}>
                {copy.key}
              </a>
            </li>
          ) : null}
        </ul>
      </section>

      {head ? (
        <section aria-labelledby="cabeca" className="mt-8">
          <h2 id="cabeca" className="text-xl font-semibold">
            {copy.headTitle}
          </h2>
          <p className="mt-2">{copy.headFacts(head.size, head.signedAt)}</p>
          <p className="mt-1 font-mono text-sm break-all">{head.hash}</p>
          <p className="mt-2">
            <a
              className="underline"
              href={href("/registro/cabecas/:size", { size: String(head.size) })}
            >
              {copy.headDocument}
            </a>
          </p>
        </section>
      ) : null}

      <section aria-labelledby="conferir" className="mt-8">
        <h2 id="conferir" className="text-xl font-semibold">
          {copy.verifyTitle}
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-6">
          {copy.verifySteps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>

      {entries.length === 0 ? (
        <p className="mt-8">{copy.empty}</p>
      ) : (
        <div className="mt-8 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left font-semibold">{copy.tableCaption}</caption>
            <thead>
              <tr>
                {Object.values(copy.columns).map((column) => (
                  <th key={column} scope="col" className="border-b border-border p-2">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {[...entries].reverse().map((entry) => (
                <tr key={entry.seq} id={`entrada-${entry.seq}`}>
                  <td className="border-b border-border p-2">{entry.seq}</td>
                  <td className="border-b border-border p-2 whitespace-nowrap">{entry.at}</td>
                  <td className="border-b border-border p-2">{copy.kinds[entry.kind]}</td>
                  <td className="border-b border-border p-2">{entry.robot}</td>
                  <td className="border-b border-border p-2">{entry.account}</td>
                  <td className="border-b border-border p-2 font-mono" title={entry.fileSha256}>
                    {shortHash(entry.fileSha256)}
                  </td>
                  <td className="border-b border-border p-2 font-mono" title={entry.previousHash}>
                    {shortHash(entry.previousHash)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}
